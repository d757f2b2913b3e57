// SPDX-License-Identifier: BSL-1.0
// Benchmark support (bench/ only): Google Benchmark's time units in
// nanoseconds, for the reporters of bench.cpp and scaling.cpp.
#ifndef URNS_BENCH_TIME_UNIT_HPP
#define URNS_BENCH_TIME_UNIT_HPP

#include <benchmark/benchmark.h>

inline double time_unit_ns(benchmark::TimeUnit u)
{
    switch (u) {
    case benchmark::kNanosecond: return 1;
    case benchmark::kMicrosecond: return 1e3;
    case benchmark::kMillisecond: return 1e6;
    case benchmark::kSecond: return 1e9;
    }
    return 1;
}

#endif
