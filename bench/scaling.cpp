// SPDX-License-Identifier: BSL-1.0
// Benchmark (bench/ only, Google Benchmark): time per byte of urns on
// adversarial inputs of 1 to 16 MiB, against a reference pass over the same
// bytes in the same process (std::count of one byte value), to show that
// the work grows linearly with the input (see test/unit/limits.cpp). Run by
// tools/bench.sh --scaling, which prints its table, and by tools/bench.sh
// --json, whose scaling.json bench/results.py makes bench/README.md's from.
//
// For each workload the table gives the CPU time per byte at 1 MiB and at
// 16 MiB and their ratio, divided by the same ratio of the reference pass
// (which removes what the memory hierarchy alone does to a larger input):
// linear work gives about 1, n log n about 1.2 (log2 of 16 MiB over log2 of
// 1 MiB), quadratic work 16. A workload whose tables outgrow the caches
// (a hash table, a sort) pays more per byte until they are all in memory;
// the last column, the time at 16 MiB over the time at 8 MiB, shows what
// the growth is once that has happened: 2 for linear work, about 2.1 for
// n log n, 4 for quadratic. Google Benchmark's own fit (BigO) is printed
// with the runs.
#include <urns/check.hpp>
#include <urns/equivalence.hpp>
#include <urns/extract.hpp>
#include <urns/nss/builtin.hpp>
#include <urns/query.hpp>
#include <urns/urns.hpp>

#include "time_unit.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace {

constexpr std::int64_t mib = std::int64_t(1) << 20;

/// `prefix`, copies of `unit` up to at least `n` bytes, then `suffix`.
std::string fill(std::string prefix, std::string const& unit, std::size_t n, std::string const& suffix = "")
{
    std::string s = std::move(prefix);
    s.reserve(n + unit.size() + suffix.size());
    while (s.size() + suffix.size() < n)
        s += unit;
    return s + suffix;
}

/// A draft-03 query of about `n` bytes: k0=v&k1=%2F&k2=%2F..., or the same
/// keywords in the opposite order.
std::string directives_urn(std::size_t n, bool reversed, char const* scheme = "urn:ex:a?")
{
    std::size_t count = 0, bytes = 9;
    while (bytes < n)
        bytes += 6 + std::to_string(++count).size();
    std::string s = scheme;
    s.reserve(bytes + 16);
    for (std::size_t i = 0; i <= count; ++i) {
        std::size_t const k = reversed ? count - i : i;
        s += (i ? "&k" : "k") + std::to_string(k) + "=%2F";
    }
    return s;
}

/// One input per (workload, size), built once, outside the timing.
std::string const& input(std::string const& name, std::size_t n, std::function<std::string(std::size_t)> const& make)
{
    static std::map<std::pair<std::string, std::size_t>, std::string> cache;
    auto key = std::make_pair(name, n);
    auto it = cache.find(key);
    if (it == cache.end())
        it = cache.emplace(key, make(n)).first;
    return it->second;
}

void run(benchmark::State& st, std::string const& s, std::function<std::size_t(std::string const&)> const& work)
{
    std::size_t sink = 0;
    for (auto _ : st) {
        sink += work(s);
        benchmark::DoNotOptimize(sink);
    }
    st.SetBytesProcessed(st.iterations() * static_cast<std::int64_t>(s.size()));
    st.SetComplexityN(static_cast<std::int64_t>(s.size()));
}

struct workload {
    char const* name;
    std::function<std::string(std::size_t)> make;
    std::function<std::size_t(std::string const&)> work;
};

std::size_t parsed(urns::result<urns::urn_view> const& r) { return r ? r->nss().size() : r.error().offset; }

std::size_t matched_bytes(std::string const& s)
{
    std::size_t k = 0;
    for (auto const& m : urns::find_urns(s))
        k += m.length;
    return k;
}

std::vector<workload> workloads()
{
    using urns::syntax;
    return {
        {"reference/count", [](std::size_t n) { return fill("urn:ex:", "a", n); },
         [](std::string const& s) { return static_cast<std::size_t>(std::count(s.begin(), s.end(), '\n')); }},
        {"parse/one_nss", [](std::size_t n) { return fill("urn:ex:", "a", n); },
         [](std::string const& s) { return parsed(urns::parse_urn(s, syntax::rfc8141)); }},
        {"parse/pct_encoded", [](std::size_t n) { return fill("urn:ex:", "%41", n); },
         [](std::string const& s) { return parsed(urns::parse_urn(s, syntax::rfc8141)); }},
        {"parse/r_of_?+", [](std::size_t n) { return fill("urn:ex:a?+r", "?+", n, "?=q"); },
         [](std::string const& s) { return parsed(urns::parse_urn(s, syntax::rfc8141)); }},
        {"parse/error_at_end", [](std::size_t n) { return fill("urn:ex:a", "a/", n, " "); },
         [](std::string const& s) { return parsed(urns::parse_urn(s, syntax::rfc8141)); }},
        {"parse/oid_with_registry", [](std::size_t n) { return fill("urn:oid:1", ".3", n); },
         [](std::string const& s) {
             urns::parse_options o;
             o.syntax = syntax::rfc8141;
             o.registry = &urns::nss::builtin();
             return parsed(urns::parse_urn(s, o));
         }},
        {"query/directives", [](std::size_t n) { return directives_urn(n, false); },
         [](std::string const& s) {
             std::size_t k = 0;
             auto d = urns::directives(urns::parse_urn(s).value()).value();
             for (auto it = d.begin(); it != d.end(); ++it)
                 ++k;
             return k;
         }},
        {"equivalent/reversed_directives", [](std::size_t n) { return directives_urn(n, false) + '\n' + directives_urn(n, true); },
         [](std::string const& s) {
             std::string_view const all = s;
             std::size_t const nl = all.find('\n');
             auto a = urns::parse_urn(all.substr(0, nl)).value();
             auto b = urns::parse_urn(all.substr(nl + 1)).value();
             return static_cast<std::size_t>(urns::equivalent(a, b, urns::equivalence_mode::rfc2141bis_keep_query));
         }},
        {"hash/directives", [](std::size_t n) { return directives_urn(n, false); },
         [](std::string const& s) {
             return urns::hash(urns::parse_urn(s).value(), urns::equivalence_mode::rfc2141bis_keep_query);
         }},
        {"check/directives", [](std::size_t n) { return directives_urn(n, false, "urn:X-ex:a?"); },
         [](std::string const& s) { return urns::check(urns::parse_urn(s).value()).size(); }},
        {"extract/prose", [](std::size_t n) { return fill("", "see urn:ex:a%2C1 and ", n); }, matched_bytes},
        {"extract/urn_urn", [](std::size_t n) { return fill("", "urn:", n); }, matched_bytes},
    };
}

/// Keeps the median CPU time per iteration of each (workload, size).
class scaling_reporter : public benchmark::ConsoleReporter {
public:
    std::map<std::string, std::map<std::int64_t, double>> ns_per_byte;

    scaling_reporter() : ConsoleReporter(OO_Tabular) {}

    void ReportRuns(std::vector<Run> const& runs) override
    {
        for (Run const& r : runs) {
            if (r.error_occurred || r.run_type != Run::RT_Aggregate || r.aggregate_name != "median")
                continue;
            std::string const& full = r.run_name.function_name;
            std::int64_t const bytes = std::stoll(r.run_name.args);
            double const ns = r.GetAdjustedCPUTime() * time_unit_ns(r.time_unit);
            ns_per_byte[full][bytes] = ns / static_cast<double>(bytes);
        }
        ConsoleReporter::ReportRuns(runs);
    }
};

} // namespace

int main(int argc, char** argv)
{
    std::vector<workload> const all = workloads();
    for (workload const& w : all) {
        benchmark::RegisterBenchmark(w.name,
                                     [&w](benchmark::State& st) {
                                         run(st, input(w.name, static_cast<std::size_t>(st.range(0)), w.make), w.work);
                                     })
            ->RangeMultiplier(2)
            ->Range(mib, 16 * mib)
            ->Unit(benchmark::kMillisecond)
            ->Repetitions(5)
            ->ReportAggregatesOnly(true)
            ->Complexity();
    }
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    scaling_reporter rep;
    benchmark::RunSpecifiedBenchmarks(&rep);
    benchmark::Shutdown();

    // The table: per-byte time at 1 and 16 MiB, relative to the reference.
    auto const ref = rep.ns_per_byte.find("reference/count");
    if (ref == rep.ns_per_byte.end() || ref->second.count(mib) == 0 || ref->second.count(16 * mib) == 0)
        return 0;
    double const ref_ratio = ref->second.at(16 * mib) / ref->second.at(mib);
    std::printf("\n| workload | ns/byte at 1 MiB | ns/byte at 16 MiB | per byte, 16 MiB / 1 MiB | that / reference's "
                "| time, 16 MiB / 8 MiB |\n|---|---:|---:|---:|---:|---:|\n");
    for (workload const& w : all) {
        auto const it = rep.ns_per_byte.find(w.name);
        if (it == rep.ns_per_byte.end() || it->second.count(mib) == 0 || it->second.count(8 * mib) == 0 ||
            it->second.count(16 * mib) == 0)
            continue;
        double const a = it->second.at(mib), h = it->second.at(8 * mib), b = it->second.at(16 * mib);
        std::printf("| `%s` | %.3f | %.3f | %.2f | %.2f | %.2f |\n", w.name, a, b, b / a, b / a / ref_ratio,
                    2 * b / h);
    }
    return 0;
}
