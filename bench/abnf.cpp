// SPDX-License-Identifier: BSL-1.0
// Benchmark (bench/ only, Google Benchmark): the ABNF engine against the X3
// validators of the shipped namespaces, in the same process. For each
// grammar/nss/*.abnf (compiled with the core and RFC 3986 rules; the root is
// its first rule), the inputs are strings urns::abnf::generate() makes that
// the namespace's X3 validator (urns::nss::builtin()) also accepts; every
// input is timed with urns::abnf::matches() and with
// namespace_rules::check(). One iteration is one NSS. After the runs a table
// gives both times per NSS, their ratio and the engine's steps per NSS
// (match_result::steps), and generate()'s throughput (valid strings made per
// second, 100 per call). The CPU model comes first.
//
//   build/release/bench/urns_bench_abnf [--benchmark_filter=...]
#include <urns/abnf.hpp>
#include <urns/nss/builtin.hpp>
#include <urns/nss/registry.hpp>

#include "time_unit.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#ifndef URNS_SOURCE_DIR
#error "URNS_SOURCE_DIR: the source directory (bench/CMakeLists.txt defines it)"
#endif

namespace {

struct subject {
    std::string nid;   ///< the file's stem
    std::string root;  ///< its first rule
    urns::abnf::grammar g;
    urns::abnf::matcher m;
    urns::nss::namespace_rules const* x3 = nullptr;
    std::vector<std::string> inputs;
    double steps = 0;  ///< mean steps of match() per input
    double bytes = 0;  ///< mean input length
};

std::string read_text(std::filesystem::path const& p)
{
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::string cpu_model()
{
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("model name", 0) == 0) {
            auto const colon = line.find(':');
            return colon == std::string::npos ? line : line.substr(line.find_first_not_of(" \t", colon + 1));
        }
    return "unknown";
}

/// Whether check()'s answer says valid: an empty optional fault, or a
/// result that holds a value.
template <class R>
bool accepted(R const& r)
{
    if constexpr (std::is_same_v<R, std::optional<urns::nss::nss_fault>>)
        return !r;
    else
        return static_cast<bool>(r);
}

std::vector<subject>& subjects()
{
    static std::vector<subject> all;
    return all;
}

void load()
{
    namespace fs = std::filesystem;
    std::vector<fs::path> files;
    for (auto const& e : fs::directory_iterator(fs::path(URNS_SOURCE_DIR) / "grammar" / "nss"))
        if (e.path().extension() == ".abnf")
            files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (auto const& f : files) {
        subject s;
        s.nid = f.stem().string();
        std::string const text = read_text(f);
        urns::abnf::compile_options o;
        o.rfc3986_rules = true;
        s.g = urns::abnf::grammar::compile(std::vector<urns::abnf::source>{{s.nid, text}}, o);
        if (!s.g.ok() || s.g.rule_names().empty()) {
            std::printf("%s: does not compile, skipped\n", s.nid.c_str());
            continue;
        }
        s.root = s.g.rule_names().front();
        s.m = urns::abnf::matcher(s.g, s.root);
        // ietf-params-scim.abnf is part of the "ietf" namespace.
        s.x3 = urns::nss::builtin().find(s.nid == "ietf-params-scim" ? "ietf" : s.nid);
        if (!s.x3 || !s.x3->has_validator()) {
            std::printf("%s: no X3 validator, skipped\n", s.nid.c_str());
            continue;
        }
        urns::abnf::generate_options go;
        go.seed = 42;
        for (auto& in : urns::abnf::generate(s.g, s.root, 256, go))
            if (accepted(s.x3->check(in)))
                s.inputs.push_back(std::move(in));
        if (s.inputs.empty()) {
            std::printf("%s: no generated input the X3 validator accepts, skipped\n", s.nid.c_str());
            continue;
        }
        for (auto const& in : s.inputs) {
            s.steps += static_cast<double>(urns::abnf::match(s.g, s.root, in).steps);
            s.bytes += static_cast<double>(in.size());
        }
        s.steps /= static_cast<double>(s.inputs.size());
        s.bytes /= static_cast<double>(s.inputs.size());
        subjects().push_back(std::move(s));
    }
}

void bm_abnf(benchmark::State& st, subject const* s)
{
    std::size_t i = 0, bad = 0;
    for (auto _ : st) {
        bool const ok = s->m.matches(s->inputs[i]);
        benchmark::DoNotOptimize(ok);
        bad += !ok;
        if (++i == s->inputs.size())
            i = 0;
    }
    if (bad)
        st.SkipWithError("matches() rejected an input it generated");
}

void bm_x3(benchmark::State& st, subject const* s)
{
    std::size_t i = 0, bad = 0;
    for (auto _ : st) {
        auto const verdict = s->x3->check(s->inputs[i]);
        benchmark::DoNotOptimize(verdict);
        bad += !accepted(verdict);
        if (++i == s->inputs.size())
            i = 0;
    }
    if (bad)
        st.SkipWithError("the X3 validator rejected an input it accepted before");
}

void bm_generate(benchmark::State& st, subject const* s)
{
    std::uint64_t seed = 1;
    std::size_t made = 0;
    for (auto _ : st) {
        urns::abnf::generate_options go;
        go.seed = seed++;
        auto const v = urns::abnf::generate(s->g, s->root, 100, go);
        made += v.size();
        benchmark::DoNotOptimize(v.data());
    }
    st.SetItemsProcessed(static_cast<std::int64_t>(made));
}

/// Prints as the console reporter does and keeps CPU time per iteration
/// (ns) and items per second by benchmark name.
class keeper : public benchmark::ConsoleReporter {
public:
    std::map<std::string, double> ns, rate;

    void ReportRuns(std::vector<Run> const& runs) override
    {
        for (auto const& r : runs) {
            if (r.error_occurred || r.run_type != Run::RT_Iteration)
                continue;
            std::string name = r.benchmark_name();
            name = name.substr(0, name.find("/min_time:"));
            ns[name] = r.GetAdjustedCPUTime() * time_unit_ns(r.time_unit);
            auto const it = r.counters.find("items_per_second");
            if (it != r.counters.end())
                rate[name] = it->second.value;
        }
        ConsoleReporter::ReportRuns(runs);
    }
};

} // namespace

int main(int argc, char** argv)
{
    std::string const cpu = cpu_model();
    std::printf("CPU: %s\n", cpu.c_str());
    benchmark::AddCustomContext("cpu_model", cpu);
    load();
    for (auto const& s : subjects()) {
        benchmark::RegisterBenchmark(("abnf/" + s.nid).c_str(), bm_abnf, &s)->MinTime(0.2);
        benchmark::RegisterBenchmark(("x3/" + s.nid).c_str(), bm_x3, &s)->MinTime(0.2);
        benchmark::RegisterBenchmark(("generate/" + s.nid).c_str(), bm_generate, &s)->MinTime(0.2);
    }
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    keeper rep;
    benchmark::RunSpecifiedBenchmarks(&rep);

    std::printf("\nCPU: %s\n", cpu.c_str());
    std::printf("%-17s %6s %6s %8s %9s %10s %7s %12s\n", "namespace", "inputs", "bytes", "steps", "X3 ns", "ABNF ns",
                "ratio", "generate/s");
    std::vector<double> ratios;
    for (auto const& s : subjects()) {
        auto const a = rep.ns.find("abnf/" + s.nid), x = rep.ns.find("x3/" + s.nid);
        auto const gr = rep.rate.find("generate/" + s.nid);
        if (a == rep.ns.end() || x == rep.ns.end())
            continue;
        double const ratio = a->second / x->second;
        ratios.push_back(ratio);
        std::printf("%-17s %6zu %6.1f %8.1f %9.1f %10.1f %7.1f %12.0f\n", s.nid.c_str(), s.inputs.size(), s.bytes,
                    s.steps, x->second, a->second, ratio, gr == rep.rate.end() ? 0.0 : gr->second);
    }
    if (!ratios.empty()) {
        std::sort(ratios.begin(), ratios.end());
        std::printf("ratio: min %.1f, median %.1f, max %.1f; above 10: %zu of %zu\n", ratios.front(),
                    ratios[ratios.size() / 2], ratios.back(),
                    static_cast<std::size_t>(std::count_if(ratios.begin(), ratios.end(), [](double r) { return r > 10; })),
                    ratios.size());
    }
    benchmark::Shutdown();
    return 0;
}
