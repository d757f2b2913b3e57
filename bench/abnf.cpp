// SPDX-License-Identifier: BSL-1.0
// Benchmark (bench/ only, Google Benchmark): the ABNF engine against the X3
// namespaces it transcribes, in the same process, on the same NSSs. For
// each grammar/nss/*.abnf of a namespace compiled in with X3 (the root is
// the file's first rule; the core and RFC 3986 rules are there), the
// inputs are the valid NSSs urns::abnf::generate() makes that the X3
// validator accepts, and as many near misses that both reject. Timed, one
// NSS an iteration, the best of the repetitions:
//
//   x3          namespace_rules::check() of the X3 namespace (valid and invalid)
//   matches     urns::abnf::matcher::matches() (valid and invalid)
//   validator   namespace_rules::check() of urns::nss::from_abnf() on the
//               same file: matches(), and on a miss the farthest failure
//   x3-fields   the X3 namespace's field lister (valid)
//   fields      matcher::match() capturing the rules the X3 lister names (valid)
//
// A table follows: each time per NSS and its ratio to X3's, the median
// ratios, and generate()'s throughput. The CPU model comes first.
//
//   build/release/bench/urns_bench_abnf [--benchmark_filter=...]
#include <urns/abnf.hpp>
#include <urns/nss/abnf.hpp>
#include <urns/nss/builtin.hpp>
#include <urns/nss/registry.hpp>

#include "time_unit.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
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
    urns::nss::namespace_rules abnf;  ///< from_abnf of the same file
    std::vector<std::string> valid, mixed;
    std::vector<std::string> fields;  ///< the rules the X3 lister names
    double bytes = 0;                 ///< mean length of the mixed inputs
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
        // ietf-params-scim.abnf is part of the "ietf" namespace.
        s.x3 = urns::nss::builtin().find(s.nid == "ietf-params-scim" ? "ietf" : s.nid);
        if (!s.x3 || !s.x3->has_validator() || s.x3->validate_with)
            continue;  // not an X3 namespace
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
        auto ns = urns::nss::from_abnf(s.nid == "ietf-params-scim" ? "ietf" : s.nid, text, s.root);
        if (!ns) {
            std::printf("%s: from_abnf failed, skipped\n", s.nid.c_str());
            continue;
        }
        s.abnf = *ns.rules;
        urns::abnf::generate_options go;
        go.seed = 42;
        for (auto& in : urns::abnf::generate(s.g, s.root, 256, go))
            if (!s.x3->check(in))
                s.valid.push_back(std::move(in));
        go.invalid = true;
        std::vector<std::string> invalid;
        for (auto& in : urns::abnf::generate(s.g, s.root, 1024, go))
            if (s.x3->check(in) && !s.m.matches(in) && invalid.size() < s.valid.size())
                invalid.push_back(std::move(in));
        if (s.valid.empty()) {
            std::printf("%s: no generated input the X3 validator accepts, skipped\n", s.nid.c_str());
            continue;
        }
        // Valid and invalid in turn.
        for (std::size_t i = 0; i < s.valid.size(); ++i) {
            s.mixed.push_back(s.valid[i]);
            if (i < invalid.size())
                s.mixed.push_back(invalid[i]);
        }
        std::set<std::string> names;
        for (auto const& in : s.valid)
            for (auto const& fd : s.x3->fields_of(in))
                names.emplace(fd.name);
        s.fields.assign(names.begin(), names.end());
        for (auto const& in : s.mixed)
            s.bytes += static_cast<double>(in.size());
        s.bytes /= static_cast<double>(s.mixed.size());
        subjects().push_back(std::move(s));
    }
}

/// Runs `f` on each input in turn, one an iteration; `f` says whether the
/// answer is the expected one.
template <class F>
void each_input(benchmark::State& st, std::vector<std::string> const& inputs, F f)
{
    std::size_t i = 0, bad = 0;
    for (auto _ : st) {
        bad += !f(inputs[i]);
        if (++i == inputs.size())
            i = 0;
    }
    if (bad)
        st.SkipWithError("an answer differs from the one the inputs were chosen by");
}

void bm_x3(benchmark::State& st, subject const* s)
{
    each_input(st, s->mixed, [s](std::string const& in) {
        auto const fault = s->x3->check(in);
        benchmark::DoNotOptimize(fault);
        return true;
    });
}

void bm_matches(benchmark::State& st, subject const* s)
{
    each_input(st, s->mixed, [s](std::string const& in) {
        bool const ok = s->m.matches(in);
        benchmark::DoNotOptimize(ok);
        return true;
    });
}

void bm_validator(benchmark::State& st, subject const* s)
{
    each_input(st, s->mixed, [s](std::string const& in) {
        auto const fault = s->abnf.check(in);
        benchmark::DoNotOptimize(fault);
        return true;
    });
}

void bm_x3_fields(benchmark::State& st, subject const* s)
{
    each_input(st, s->valid, [s](std::string const& in) {
        auto const v = s->x3->fields_of(in);
        benchmark::DoNotOptimize(v.data());
        return true;
    });
}

void bm_fields(benchmark::State& st, subject const* s)
{
    urns::abnf::match_options o;
    o.capture = s->fields;
    each_input(st, s->valid, [s, &o](std::string const& in) {
        auto const r = s->m.match(in, o);
        benchmark::DoNotOptimize(r.spans.data());
        return static_cast<bool>(r);
    });
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

/// Prints as the console reporter does and keeps the best CPU time per
/// iteration (ns) of each benchmark over its repetitions, and items per second.
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
            name = name.substr(0, name.find("/repeats:"));
            double const t = r.GetAdjustedCPUTime() * time_unit_ns(r.time_unit);
            auto const it = ns.find(name);
            if (it == ns.end() || t < it->second)
                ns[name] = t;
            auto const c = r.counters.find("items_per_second");
            if (c != r.counters.end())
                rate[name] = std::max(rate[name], c->second.value);
        }
        ConsoleReporter::ReportRuns(runs);
    }
};

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

} // namespace

int main(int argc, char** argv)
{
    std::string const cpu = cpu_model();
    std::printf("CPU: %s\n", cpu.c_str());
    benchmark::AddCustomContext("cpu_model", cpu);
    load();
    for (auto const& s : subjects()) {
        // The two sides of each ratio one after the other, each repeated.
        for (auto const& [name, fn] : std::vector<std::pair<std::string, void (*)(benchmark::State&, subject const*)>>{
                 {"x3", bm_x3}, {"matches", bm_matches}, {"validator", bm_validator}, {"x3-fields", bm_x3_fields},
                 {"fields", bm_fields}})
            benchmark::RegisterBenchmark((name + "/" + s.nid).c_str(), fn, &s)->MinTime(0.05)->Repetitions(5);
        benchmark::RegisterBenchmark(("generate/" + s.nid).c_str(), bm_generate, &s)->MinTime(0.1);
    }
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    keeper rep;
    benchmark::RunSpecifiedBenchmarks(&rep);

    std::printf("\nCPU: %s\n", cpu.c_str());
    std::printf("%-17s %6s %5s %7s %8s %6s %9s %6s %9s %8s %6s %10s\n", "namespace", "inputs", "bytes", "X3 ns",
                "matches", "x X3", "validator", "x X3", "X3 fields", "fields", "x X3", "generate/s");
    std::vector<double> r_matches, r_validator, r_fields;
    for (auto const& s : subjects()) {
        auto get = [&](std::string const& b) {
            auto const it = rep.ns.find(b + "/" + s.nid);
            return it == rep.ns.end() ? 0.0 : it->second;
        };
        double const x3 = get("x3"), m = get("matches"), v = get("validator"), xf = get("x3-fields"), f = get("fields");
        if (x3 <= 0 || m <= 0)
            continue;
        r_matches.push_back(m / x3);
        r_validator.push_back(v / x3);
        if (xf > 0 && f > 0)
            r_fields.push_back(f / xf);
        auto const gr = rep.rate.find("generate/" + s.nid);
        std::printf("%-17s %6zu %5.1f %7.1f %8.1f %6.2f %9.1f %6.2f %9.1f %8.1f %6.2f %10.0f\n", s.nid.c_str(),
                    s.mixed.size(), s.bytes, x3, m, m / x3, v, v / x3, xf, f, xf > 0 ? f / xf : 0.0,
                    gr == rep.rate.end() ? 0.0 : gr->second);
    }
    if (!r_matches.empty())
        std::printf("median x X3: matches %.2f (max %.2f), validator %.2f (max %.2f), fields %.2f (max %.2f)\n",
                    median(r_matches), *std::max_element(r_matches.begin(), r_matches.end()), median(r_validator),
                    *std::max_element(r_validator.begin(), r_validator.end()), median(r_fields),
                    r_fields.empty() ? 0.0 : *std::max_element(r_fields.begin(), r_fields.end()));
    benchmark::Shutdown();
    return 0;
}
