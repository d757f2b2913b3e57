// SPDX-License-Identifier: BSL-1.0
// Benchmark (bench/ only, Google Benchmark): the speed in bytes of the urn
// tool's check loops on blank lines and short lines, against the same loop
// on lines of URNs in the same process. Run by tools/bench.sh --check-lines.
//
// Two loops, as `urn check` runs them (the headers of tools/urn/, not a
// copy):
// - quiet/: `urn check -q`'s, for_each_unproven_line (tools/urn/quiet_check.hpp):
//   runs of valid and of blank lines passed over, a refused line counted
//   (the tool formats its message; that cost is not timed here);
// - lines/: every other mode's, for_each_line (tools/urn/line_reader.hpp)
//   with parse_urn on each non-empty line (the tool then prints; not timed).
// The table gives each input's MB/s and its ratio to the URN lines' in the
// same loop; the goal is a ratio of at least 0.5 for blank and short lines.
#include "line_reader.hpp"
#include "quiet_check.hpp"

#include <urns/parse.hpp>

#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace {

constexpr std::size_t input_bytes = std::size_t(8) << 20;

struct input {
    char const* name;
    char const* line;  ///< repeated to input_bytes
};

// The URN lines first: the others are compared with them.
std::vector<input> const inputs = {
    {"urn_lines", "urn:example:foo-bar-baz:0123456789abcdef\n"},
    {"blank_lines", "\n"},
    {"short_urns", "urn:ab:c\n"},
    {"short_lines", "a\n"},
    {"crlf_blank_lines", "\r\n"},
};

std::string const& text_of(input const& in)
{
    static std::map<std::string, std::string> made;
    std::string& s = made[in.name];
    if (s.empty()) {
        std::string const unit = in.line;
        s.reserve(input_bytes + unit.size());
        while (s.size() + unit.size() <= input_bytes)
            s += unit;
    }
    return s;
}

std::size_t quiet(std::string_view text)
{
    std::size_t seen = 0;
    urn_tool::for_each_unproven_line(
        text, 1, 0, urns::syntax::rfc2141bis,
        [&](std::size_t, std::uint64_t, std::string_view, urns::parse_error const& e) {
            seen += e.offset + 1;
            return true;
        },
        [&](std::string_view rest, std::size_t first, std::uint64_t offset) {
            return urn_tool::for_each_line(
                rest, first, offset, text.size(),
                [&](std::size_t, std::uint64_t, std::string_view line) {
                    if (!line.empty())
                        seen += urns::parse_urn(line) ? 1 : 2;
                    return true;
                },
                [](std::size_t) {});
        });
    return seen;
}

std::size_t lines(std::string_view text)
{
    std::size_t seen = 0;
    urn_tool::for_each_line(
        text, 1, 0, text.size(),
        [&](std::size_t, std::uint64_t, std::string_view line) {
            if (!line.empty())
                seen += urns::parse_urn(line) ? 1 : 2;
            return true;
        },
        [](std::size_t) {});
    return seen;
}

/// Keeps the median bytes per second of each run.
class ratio_reporter : public benchmark::ConsoleReporter {
public:
    std::map<std::string, double> bytes_per_second;

    ratio_reporter() : ConsoleReporter(OO_Tabular) {}

    void ReportRuns(std::vector<Run> const& runs) override
    {
        for (Run const& r : runs) {
            if (r.error_occurred || r.run_type != Run::RT_Aggregate || r.aggregate_name != "median")
                continue;
            auto const it = r.counters.find("bytes_per_second");
            if (it != r.counters.end())
                bytes_per_second[r.run_name.function_name] = it->second.value;
        }
        ConsoleReporter::ReportRuns(runs);
    }
};

} // namespace

int main(int argc, char** argv)
{
    using loop = std::size_t (*)(std::string_view);
    std::vector<std::pair<std::string, loop>> const loops = {{"quiet", quiet}, {"lines", lines}};
    for (auto const& l : loops) {
        for (input const& in : inputs) {
            benchmark::RegisterBenchmark((l.first + "/" + in.name).c_str(),
                                         [&in, f = l.second](benchmark::State& st) {
                                             std::string const& text = text_of(in);
                                             std::size_t sink = 0;
                                             for (auto _ : st) {
                                                 sink += f(text);
                                                 benchmark::DoNotOptimize(sink);
                                             }
                                             st.SetBytesProcessed(st.iterations() *
                                                                  static_cast<std::int64_t>(text.size()));
                                         })
                ->Unit(benchmark::kMillisecond)
                ->Repetitions(5)
                ->ReportAggregatesOnly(true);
        }
    }
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    ratio_reporter rep;
    benchmark::RunSpecifiedBenchmarks(&rep);
    benchmark::Shutdown();

    std::printf("\n| loop | input | MB/s | / urn_lines |\n|---|---|---:|---:|\n");
    for (auto const& l : loops) {
        auto const ref = rep.bytes_per_second.find(l.first + "/urn_lines");
        for (input const& in : inputs) {
            auto const it = rep.bytes_per_second.find(l.first + "/" + in.name);
            if (it == rep.bytes_per_second.end())
                continue;
            std::printf("| %s | %s | %.0f |", l.first.c_str(), in.name, it->second / 1e6);
            if (ref != rep.bytes_per_second.end() && ref->second > 0)
                std::printf(" %.2f |\n", it->second / ref->second);
            else
                std::printf(" |\n");
        }
    }
    return 0;
}
