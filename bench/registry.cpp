// SPDX-License-Identifier: BSL-1.0
// Benchmark (bench/ only, Google Benchmark): the registry's lookup as the
// number of namespaces grows. The same fixed corpus is parsed with
// parse_urn(rfc8141) and parse_options::registry set to a registry of 5
// namespaces, to the shipped set (builtin()) and to 1000 namespaces (the
// shipped set and synthetic ones added through registry::add with a
// trivial validator). The corpus is bench/corpus.hpp's mixed corpus kept
// to the URNs whose NID is one of the five or none of the shipped or
// synthetic ones: every registry runs the same rules on the same URNs, so
// what differs between them is the lookup. Timed, one pass over the corpus
// an iteration, medians of interleaved repetitions:
//
//   registry/N/parse   parse_urn with the registry of N namespaces
//   registry/N/find    registry::find alone, on the NIDs of the corpus
//
// A table follows: ns per URN and the ratio to the 5-namespace registry.
// The answers of every registry are checked to be the same first.
//
//   build-bench/bench/urns_bench_registry [--benchmark_filter=...]
#include "corpus.hpp"
#include "time_unit.hpp"

#include <urns/lexical.hpp>
#include <urns/nss/registry.hpp>
#include <urns/urns.hpp>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <cstring>
#include <deque>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace {

/// The five namespaces of the smallest registry: the X3 namespaces with
/// the most URNs in the mixed corpus.
constexpr std::string_view five[] = {"uuid", "isbn", "ietf", "oid", "nbn"};

constexpr std::size_t many = 1000;

urns::nss::verdict accept_all(std::string_view) noexcept
{
    return {};
}

struct subject {
    std::string name;
    urns::nss::registry reg;
};

std::deque<subject>& subjects()
{
    static std::deque<subject> all;
    return all;
}

urns_bench::corpus& urns_corpus()
{
    static urns_bench::corpus c;
    return c;
}

std::vector<std::string_view>& nids()
{
    static std::vector<std::string_view> v;
    return v;
}

/// The NID of `s` as parse_urn reads it, or empty for an input it refuses.
std::string_view nid_of(std::string_view s)
{
    auto const r = urns::parse_urn(s, urns::syntax::rfc8141);
    return r ? r->nid() : std::string_view();
}

/// The registries, the corpus and its NIDs.
void load()
{
    urns::nss::registry const& shipped = urns::nss::builtin();
    subject small{"5", {}};
    for (std::string_view nid : five)
        small.reg.add(*shipped.find(nid));
    subject all{std::to_string(shipped.size()), shipped};
    subject big{std::to_string(many), shipped};
    // Storage for the synthetic NIDs, which the registry's entries point to.
    static std::deque<std::string> names;
    for (std::size_t i = 0; big.reg.size() < many; ++i) {
        names.push_back("synthetic-" + std::to_string(i));
        urns::nss::namespace_rules r;
        r.nid = names.back();
        r.validate = &accept_all;
        big.reg.add(r);
    }
    std::vector<std::string> kept;
    for (std::string& s : urns_bench::mixed(10000)) {
        std::string_view const nid = nid_of(s);
        bool const one_of_five = std::find_if(std::begin(five), std::end(five), [&](std::string_view f) {
                                     return urns::lexical::iequals(f, nid);
                                 }) != std::end(five);
        if (nid.empty() || one_of_five || !big.reg.find(nid))
            kept.push_back(std::move(s));
    }
    urns_corpus() = urns_bench::pack(kept);
    for (std::string_view s : urns_corpus().items)
        nids().push_back(nid_of(s));
    subjects().push_back(std::move(small));
    subjects().push_back(std::move(all));
    subjects().push_back(std::move(big));
}

/// Whether every registry gives every URN of the corpus the same answer.
bool same_answers()
{
    for (std::string_view s : urns_corpus().items) {
        std::vector<std::string> answers;
        for (subject const& sub : subjects()) {
            urns::parse_options o;
            o.syntax = urns::syntax::rfc8141;
            o.registry = &sub.reg;
            auto const r = urns::parse_urn(s, o);
            answers.push_back(r ? std::string("valid") : urns::to_string(r.error(), s));
        }
        for (std::string const& a : answers)
            if (a != answers.front()) {
                std::fprintf(stderr, "urns_bench_registry: the registries disagree on %.*s\n",
                             static_cast<int>(s.size()), s.data());
                return false;
            }
    }
    return true;
}

void counters(benchmark::State& st, subject const* s)
{
    st.counters["urns"] = static_cast<double>(urns_corpus().size());
    st.counters["namespaces"] = static_cast<double>(s->reg.size());
}

void bm_parse(benchmark::State& st, subject const* s)
{
    urns::parse_options o;
    o.syntax = urns::syntax::rfc8141;
    o.registry = &s->reg;
    for (auto _ : st) {
        std::size_t valid = 0;
        for (std::string_view u : urns_corpus().items)
            valid += static_cast<bool>(urns::parse_urn(u, o));
        benchmark::DoNotOptimize(valid);
    }
    counters(st, s);
}

void bm_find(benchmark::State& st, subject const* s)
{
    for (auto _ : st) {
        std::size_t found = 0;
        for (std::string_view nid : nids())
            found += s->reg.find(nid) != nullptr;
        benchmark::DoNotOptimize(found);
    }
    counters(st, s);
}

/// Prints as the console reporter does and keeps the median CPU time per
/// URN (ns) of each benchmark.
class keeper : public benchmark::ConsoleReporter {
public:
    std::map<std::string, double> ns;

    void ReportRuns(std::vector<Run> const& runs) override
    {
        for (auto const& r : runs)
            if (!r.error_occurred && r.run_type == Run::RT_Aggregate && r.aggregate_name == "median")
                ns[r.run_name.str()] =
                    r.GetAdjustedCPUTime() * time_unit_ns(r.time_unit) / static_cast<double>(urns_corpus().size());
        ConsoleReporter::ReportRuns(runs);
    }
};

} // namespace

int main(int argc, char** argv)
{
    load();
    if (!same_answers())
        return 1;
    std::printf("%zu URNs, registries of %s, %s and %s namespaces\n", urns_corpus().size(), subjects()[0].name.c_str(),
                subjects()[1].name.c_str(), subjects()[2].name.c_str());
    for (char const* op : {"parse", "find"})
        for (subject const& s : subjects())
            benchmark::RegisterBenchmark(("registry/" + s.name + "/" + op).c_str(),
                                         std::strcmp(op, "parse") == 0 ? bm_parse : bm_find, &s);

    // Defaults for a shared, noisy machine: medians of interleaved repetitions.
    std::vector<char*> args(argv, argv + argc);
    static char reps[] = "--benchmark_repetitions=11";
    static char min_time[] = "--benchmark_min_time=0.05";
    static char interleave[] = "--benchmark_enable_random_interleaving=true";
    for (char* a : {reps, min_time, interleave}) {
        std::string_view const key(a, std::strchr(a, '=') - a);
        bool given = false;
        for (int i = 1; i < argc; ++i)
            given |= std::string_view(argv[i]).substr(0, key.size()) == key;
        if (!given)
            args.insert(args.begin() + 1, a);
    }
    int n = static_cast<int>(args.size());
    args.push_back(nullptr);
    benchmark::Initialize(&n, args.data());
    if (benchmark::ReportUnrecognizedArguments(n, args.data()))
        return 1;
    keeper rep;
    benchmark::RunSpecifiedBenchmarks(&rep);
    benchmark::Shutdown();

    std::printf("\n%-10s %12s %8s %12s %8s\n", "namespaces", "parse ns/URN", "x 5", "find ns/URN", "x 5");
    for (subject const& s : subjects()) {
        double const p = rep.ns["registry/" + s.name + "/parse"], f = rep.ns["registry/" + s.name + "/find"];
        double const p5 = rep.ns["registry/5/parse"], f5 = rep.ns["registry/5/find"];
        std::printf("%-10s %12.2f %8.2f %12.2f %8.2f\n", s.name.c_str(), p, p5 > 0 ? p / p5 : 0.0, f,
                    f5 > 0 ? f / f5 : 0.0);
    }
    return 0;
}
