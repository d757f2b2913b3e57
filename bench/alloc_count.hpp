// SPDX-License-Identifier: BSL-1.0
// Benchmark support (bench/ only): a counting allocator. alloc_count.cpp
// replaces the global operator new/delete of the bench binary; every
// allocation in the process, ours or a library's, adds one.
#ifndef URNS_BENCH_ALLOC_COUNT_HPP
#define URNS_BENCH_ALLOC_COUNT_HPP

#include <cstdint>

namespace urns_bench {

/// How many times operator new (any form) has been called so far.
std::uint64_t allocations() noexcept;

} // namespace urns_bench

#endif
