// SPDX-License-Identifier: BSL-1.0
// The C++ side of bench/python_bench.py: the time per URN of parse_urn (a
// view), urn::parse (owning) and canonical (a new string) over the lines
// of a file, so that the Python figures compare with C++ on the very same
// URNs. Prints one JSON object: ns per URN of each operation, best of the
// repetitions (wall clock, steady_clock).
// Usage: urns_bench_lines FILE [SYNTAX [REPETITIONS]]
#include <urns/urns.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace {

template <class F>
double best_ns_per_item(std::size_t items, int reps, F&& f)
{
    double best = std::numeric_limits<double>::max();
    for (int r = 0; r < reps; ++r) {
        auto const t0 = std::chrono::steady_clock::now();
        f();
        auto const t1 = std::chrono::steady_clock::now();
        best = std::min(best, std::chrono::duration<double, std::nano>(t1 - t0).count() / double(items));
    }
    return best;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: urns_bench_lines FILE [SYNTAX [REPETITIONS]]\n");
        return 2;
    }
    std::ifstream in(argv[1], std::ios::binary);
    std::string const data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!in.good() && !in.eof()) {
        std::fprintf(stderr, "urns_bench_lines: cannot read %s\n", argv[1]);
        return 2;
    }
    auto const syn = urns::syntax_from_string(argc > 2 ? argv[2] : "rfc2141bis");
    if (!syn) {
        std::fprintf(stderr, "urns_bench_lines: unknown syntax %s\n", argv[2]);
        return 2;
    }
    int const reps = argc > 3 ? std::max(1, std::atoi(argv[3])) : 5;

    std::vector<std::string_view> lines;
    for (std::size_t at = 0; at < data.size();) {
        std::size_t const nl = std::min(data.find('\n', at), data.size());
        lines.push_back(std::string_view(data).substr(at, nl - at));
        at = nl + 1;
    }
    std::size_t valid = 0;
    for (auto l : lines)
        valid += urns::parse_urn(l, *syn) ? 1 : 0;

    // A sink the optimizer cannot see through.
    volatile std::size_t sink = 0;
    double const view = best_ns_per_item(lines.size(), reps, [&] {
        std::size_t n = 0;
        for (auto l : lines)
            n += urns::parse_urn(l, *syn) ? 1 : 0;
        sink = n;
    });
    double const owning = best_ns_per_item(lines.size(), reps, [&] {
        std::vector<urns::urn> out;
        out.reserve(lines.size());
        for (auto l : lines)
            if (auto r = urns::urn::parse(l, *syn))
                out.push_back(std::move(*r));
        sink = out.size();
    });
    double const canon = best_ns_per_item(lines.size(), reps, [&] {
        std::vector<std::string> out;
        out.reserve(lines.size());
        for (auto l : lines)
            if (auto r = urns::parse_urn(l, *syn))
                out.push_back(urns::canonical(*r, urns::default_equivalence(*syn)));
        sink = out.size();
    });
    (void)sink;
    std::printf("{\"urns\": %zu, \"valid\": %zu, \"bytes\": %zu, \"parse_view_ns\": %.1f, "
                "\"parse_owning_ns\": %.1f, \"canonical_ns\": %.1f}\n",
                lines.size(), valid, data.size(), view, owning, canon);
    return 0;
}
