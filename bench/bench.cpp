// SPDX-License-Identifier: BSL-1.0
// Benchmark driver (bench/ only, Google Benchmark): times urns against the
// in-process yardstick (bench/yardstick.hpp) and Boost.URL on the seeded
// corpora of bench/corpus.hpp, counts allocations (bench/alloc_count.cpp),
// and prints a table: ns per URN, MB/s, allocations
// per URN and the ratio to the yardstick of the same syntax and corpus.
//
// Run through tools/bench.sh. Own flags (before Google Benchmark's):
//   --corpus-size=N      URNs in the mixed corpus (default 10000)
//   --seed=S             generator seed (default 8141)
//   --write-corpus=PATH  write N mixed URNs, one a line, to PATH and exit
//   --write-prose=PATH   write --prose-size=BYTES (default 256 MiB) of prose
//                        with a URN of the mix about every ten lines, and exit
//   --table=PATH         also write the markdown table to PATH
//   --describe           print the corpora's make-up and exit
//   --no-check           skip the yardstick/parse_urn agreement check
//   --instructions[=C]   passes of the yardstick, of parse_urn and of
//                        valid_lines (the corpus as lines) over the
//                        corpus C (mixed, the default: one pass; short or
//                        invalid: 1000 passes) per syntax, and on the mixed
//                        corpus of equivalent, canonical and hash, nothing
//                        else: run under callgrind by tools/bench.sh
//                        --instructions
//   --paired[=R]         the ratio parse_urn / yardstick of each corpus
//                        (mixed, short, invalid) and syntax from R rounds
//                        (default 301), each timing a pass of both back to
//                        back, in turns first: the median of the rounds'
//                        ratios and its quartiles; then the same for
//                        equivalent, canonical and hash against parse_urn
//                        on the mixed corpus; and exit. A host whose
//                        speed drifts moves both passes of a round alike.
//   --first-error        the time of parse_urn's first invalid input in each
//                        syntax (which learns the grammar's error for its
//                        kind of fault) and of the second, in a fresh
//                        process, and exit
#include "alloc_count.hpp"
#include "corpus.hpp"
#include "time_unit.hpp"
#include "yardstick.hpp"

#include <urns/urns.hpp>

#include <urns/equivalence.hpp>
#include <urns/extract.hpp>

#include <benchmark/benchmark.h>

#if URNS_BENCH_HAVE_BOOST_URL
#include <boost/url/parse.hpp>
#endif

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace {

using namespace urns_bench;

urns::syntax const all_syntaxes[] = {urns::syntax::rfc2141, urns::syntax::rfc2141bis, urns::syntax::rfc8141};

std::size_t index_of(urns::syntax s)
{
    for (std::size_t i = 0; i < 3; ++i)
        if (all_syntaxes[i] == s)
            return i;
    return 0;
}

char const* name_of(urns::syntax s)
{
    switch (s) {
    case urns::syntax::rfc2141: return "rfc2141";
    case urns::syntax::rfc2141bis: return "rfc2141bis";
    case urns::syntax::rfc8141: return "rfc8141";
    }
    return "?";
}

/** Runs `pass` (one pass over the input: `n` URNs, `bytes` bytes) once per
    iteration; records allocations per URN. */
template <class Pass>
void measure(benchmark::State& st, double n, double bytes, Pass pass)
{
    std::uint64_t const a0 = allocations();
    std::size_t sink = 0;
    for (auto _ : st) {
        sink += pass();
        benchmark::DoNotOptimize(sink);
    }
    std::uint64_t const a1 = allocations();
    double const total = static_cast<double>(st.iterations()) * n;
    st.counters["allocs_per_urn"] = static_cast<double>(a1 - a0) / total;
    st.counters["urns"] = n;
    st.counters["corpus_bytes"] = bytes;
    st.SetBytesProcessed(static_cast<std::int64_t>(static_cast<double>(st.iterations()) * bytes));
}

/// Runs `f` over every string of `c` per iteration.
template <class F>
void over(benchmark::State& st, corpus const& c, F f)
{
    measure(st, static_cast<double>(c.size()), static_cast<double>(c.bytes()), [&c, &f] {
        std::size_t sink = 0;
        for (std::string_view s : c.items)
            sink += f(s);
        return sink;
    });
}

/// Runs `f(i)` for i in [0, n) per iteration; `bytes` is the input size per iteration.
template <class F>
void over_n(benchmark::State& st, std::size_t n, std::size_t bytes, F f)
{
    measure(st, static_cast<double>(n), static_cast<double>(bytes), [n, &f] {
        std::size_t sink = 0;
        for (std::size_t i = 0; i < n; ++i)
            sink += f(i);
        return sink;
    });
}

// ---- what is timed -----------------------------------------------------

URNS_BENCH_INLINE std::size_t yardstick_of(std::string_view s, urns::syntax syn)
{
    yardstick::outcome const o = yardstick::validate(s, syn);
    return o.ok ? o.p.nss_end : o.where + 1;
}

URNS_BENCH_INLINE std::size_t parse_view(std::string_view s, urns::syntax syn)
{
    auto const r = urns::parse_urn(s, syn);
    return r ? r->assigned_name().size() : r.error().offset + 1;
}

std::size_t parse_owning(std::string_view s, urns::syntax syn)
{
    auto const r = urns::urn::parse(s, syn);
    return r ? r->buffer().size() : r.error().offset + 1;
}

#if URNS_BENCH_HAVE_BOOST_URL
std::size_t boost_url(std::string_view s)
{
    auto const r = boost::urls::parse_uri(boost::urls::string_view(s.data(), s.size()));
    return r ? r->encoded_path().size() : 1;
}
#endif

/// The lines of `text` checked as `urn check -q` checks them: a run of
/// valid lines at a time (valid_lines), the line after it skipped; the
/// number of valid lines.
std::size_t valid_lines_of(std::string_view text, urns::syntax syn)
{
    std::size_t valid = 0;
    while (!text.empty()) {
        urns::line_run const run = urns::valid_lines(text, syn);
        valid += run.lines;
        std::size_t const nl = text.find('\n', run.bytes);
        text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
    }
    return valid;
}

// One pass over a corpus, not inlined: callgrind's inclusive count of each
// is the instructions of that pass (tools/bench.sh --instructions).
template <urns::syntax syn>
[[gnu::noinline]] std::size_t pass_yardstick(corpus const& c)
{
    std::size_t sink = 0;
    for (std::string_view s : c.items)
        sink += yardstick_of(s, syn);
    return sink;
}

template <urns::syntax syn>
[[gnu::noinline]] std::size_t pass_parse_urn(corpus const& c)
{
    std::size_t sink = 0;
    for (std::string_view s : c.items)
        sink += parse_view(s, syn);
    return sink;
}

/// The corpus as lines of one text, by valid_lines.
template <urns::syntax syn>
[[gnu::noinline]] std::size_t pass_valid_lines(std::string const& text)
{
    return valid_lines_of(text, syn);
}

// ---- the table ---------------------------------------------------------

/// One line of the table: a benchmark's median.
struct measured {
    double ns_per_urn = 0;
    double mb_per_s = 0;
    double allocs_per_urn = 0;
};

/// Keeps the medians (or the single runs) and passes everything on to the console.
class table_reporter : public benchmark::ConsoleReporter {
public:
    std::map<std::string, measured> results;

    /// Tabular, without colour codes (the output is read in logs and files).
    table_reporter() : ConsoleReporter(OO_Tabular) {}

    void ReportRuns(std::vector<Run> const& runs) override
    {
        for (Run const& r : runs) {
            bool const take = r.run_type == Run::RT_Aggregate ? r.aggregate_name == "median"
                                                             : r.repetitions <= 1;
            if (!take || r.error_occurred)
                continue;
            auto get = [&](char const* k) {
                auto it = r.counters.find(k);
                return it == r.counters.end() ? 0.0 : static_cast<double>(it->second);
            };
            double const urns_per_iter = get("urns");
            double const bytes_per_iter = get("corpus_bytes");
            // CPU time: the machine is shared, and waiting for a core is not our cost.
            double const ns_per_iter = r.GetAdjustedCPUTime() * time_unit_ns(r.time_unit);
            measured m;
            m.ns_per_urn = urns_per_iter > 0 ? ns_per_iter / urns_per_iter : 0;
            m.mb_per_s = ns_per_iter > 0 ? bytes_per_iter / ns_per_iter * 1e3 : 0;
            m.allocs_per_urn = get("allocs_per_urn");
            results[r.run_name.function_name] = m;
        }
        ConsoleReporter::ReportRuns(runs);
    }
};

/// The target for one kind of operation, if it has one (bench/README.md).
struct target {
    double max_ratio;        // 0: none
    double max_allocs;       // < 0: none
    char const* text;
};

target target_of(std::string const& op)
{
    if (op == "equivalent (equal twins)" || op == "hash" || op == "canonical (into a reused string)")
        return {-1, 0, "0 alloc, < parse_urn"};
    if (op == "find_urns (text, 1 URN/4 KiB)")
        return {-2, -1, ">= 1 GB/s"};
    if (op == "parse_urn (view)")
        return {1.15, 0, "<= 1.15x, 0 alloc"};
    if (op == "urn::parse (owning)")
        return {1.3, 1, "<= 1.3x, 1 alloc"};
    return {0, -1, ""};
}

struct table_row {
    std::string corpus, syntax, op, key;
};

std::vector<table_row> rows;

std::string fixed2(double v)
{
    char b[32];
    std::snprintf(b, sizeof b, "%.2f", v);
    return b;
}

std::string format_table(std::map<std::string, measured> const& res)
{
    std::ostringstream out;
    out << "| corpus | syntax | operation | ns/URN | MB/s | allocs/URN | x yardstick | target | met |\n"
        << "|---|---|---|---:|---:|---:|---:|---|---|\n";
    char buf[512];
    for (table_row const& row : rows) {
        auto it = res.find(row.key);
        if (it == res.end())
            continue;
        measured const& m = it->second;
        // The yardstick of the same corpus and syntax (Boost.URL: RFC 8141's).
        std::string const ys = row.corpus + "/" + (row.syntax == "RFC 3986" ? "rfc8141" : row.syntax) + "/yardstick";
        auto y = res.find(ys);
        double ratio = (y != res.end() && y->second.ns_per_urn > 0) ? m.ns_per_urn / y->second.ns_per_urn : 0;
        if (row.op.rfind("find_urns", 0) == 0)
            ratio = 0;   // not per URN
        // The targets are on the mixed corpus.
        target const t = row.corpus == "mixed" ? target_of(row.op) : target{0, -1, ""};
        std::string met;
        if (t.max_ratio > 0 && ratio > 0)   // ratio 0: the yardstick was not run
            met = (ratio <= t.max_ratio && m.allocs_per_urn <= t.max_allocs + 1e-9) ? "yes" : "NO";
        else if (t.max_ratio == -1) {   // allocation-free and faster than parse_urn (view)
            auto pv = res.find(row.corpus + "/" + row.syntax + "/parse_urn");
            met = (pv != res.end() && m.ns_per_urn < pv->second.ns_per_urn && m.allocs_per_urn <= 1e-9) ? "yes" : "NO";
        } else if (t.max_ratio == -2) {
            met = m.mb_per_s >= 1000 ? "yes" : "NO";
        }
        std::snprintf(buf, sizeof buf, "| %s | %s | %s | %.1f | %.0f | %.2f | %s | %s | %s |\n",
                      row.corpus.c_str(), row.syntax.c_str(), row.op.c_str(), m.ns_per_urn, m.mb_per_s,
                      m.allocs_per_urn, ratio > 0 ? fixed2(ratio).c_str() : "", t.text, met.c_str());
        out << buf;
    }
    return out.str();
}

// ---- the corpora ---------------------------------------------------------

struct named_corpus {
    std::string name;
    corpus c;
};

std::vector<named_corpus> corpora;

void add(std::string const& corpus_name, urns::syntax syn, std::string const& op, std::string const& id,
         std::function<void(benchmark::State&)> fn)
{
    std::string const syn_name = syn == static_cast<urns::syntax>(0xFF) ? "RFC 3986" : name_of(syn);
    std::string const key = corpus_name + "/" + (syn == static_cast<urns::syntax>(0xFF) ? "any" : syn_name) + "/" + id;
    benchmark::RegisterBenchmark(key.c_str(), fn)->Unit(benchmark::kMicrosecond);
    rows.push_back({corpus_name, syn_name, op, key});
}

/// The mixed corpus parsed in one syntax, and a twin of each URN that is
/// equivalent to it but differs in case wherever the modes allow ("URN:",
/// the NID, percent-encoded hex digits): equivalent() must compare all of it.
struct parsed_corpus {
    std::vector<urns::urn_view> views;   // default view where invalid
    std::vector<std::string> twin_text;
    std::vector<urns::urn_view> twins;
    std::size_t bytes = 0;
};

char flip_case(char c)
{
    if (c >= 'a' && c <= 'z')
        return static_cast<char>(c - 32);
    if (c >= 'A' && c <= 'Z')
        return static_cast<char>(c + 32);
    return c;
}

std::string twin_of(urns::urn_view v)
{
    std::string t(v.buffer());
    std::size_t const nid_end = 4 + v.nid().size();
    for (std::size_t i = 0; i < nid_end; ++i)   // "urn:" and the NID
        t[i] = flip_case(t[i]);
    for (std::size_t i = nid_end; i + 2 < t.size(); ++i)
        if (t[i] == '%') {
            t[i + 1] = flip_case(t[i + 1]);
            t[i + 2] = flip_case(t[i + 2]);
        }
    return t;
}

std::vector<parsed_corpus> parsed;   // one per syntax, in all_syntaxes order

void make_parsed(corpus const& c)
{
    parsed.resize(3);
    for (std::size_t k = 0; k < 3; ++k) {
        parsed_corpus& pc = parsed[k];
        pc.bytes = c.bytes();
        for (std::string_view s : c.items) {
            auto r = urns::parse_urn(s, all_syntaxes[k]);
            pc.views.push_back(r ? *r : urns::urn_view());
            pc.twin_text.push_back(r ? twin_of(*r) : std::string());
        }
        for (std::size_t i = 0; i < pc.views.size(); ++i) {
            auto r = urns::parse_urn(pc.twin_text[i], all_syntaxes[k]);
            pc.twins.push_back(r ? *r : urns::urn_view());
            if (bool(r) != !pc.views[i].buffer().empty() ||
                (r && !urns::equivalent(pc.views[i], *r))) {
                std::fprintf(stderr, "twin not equivalent: %s\n", pc.twin_text[i].c_str());
                std::exit(1);
            }
        }
    }
}

// One pass of each operation of the semantic layer over a parsed corpus,
// in the syntax's default mode, not inlined (as the passes above).
template <urns::syntax syn>
[[gnu::noinline]] std::size_t pass_equivalent(parsed_corpus const& pc)
{
    urns::equivalence_mode const mode = urns::default_equivalence(syn);
    std::size_t n = 0;
    for (std::size_t i = 0; i < pc.views.size(); ++i)
        n += urns::equivalent(pc.views[i], pc.twins[i], mode);
    return n;
}

/// Into `out`, reused.
template <urns::syntax syn>
[[gnu::noinline]] std::size_t pass_canonical(parsed_corpus const& pc, std::string& out)
{
    urns::equivalence_mode const mode = urns::default_equivalence(syn);
    std::size_t n = 0;
    for (urns::urn_view const& v : pc.views) {
        out.clear();
        urns::canonical(v, mode, out);
        n += out.size();
    }
    return n;
}

template <urns::syntax syn>
[[gnu::noinline]] std::size_t pass_hash(parsed_corpus const& pc)
{
    urns::equivalence_mode const mode = urns::default_equivalence(syn);
    std::size_t n = 0;
    for (urns::urn_view const& v : pc.views)
        n += urns::hash(v, mode);
    return n;
}

std::string prose;   // find_urns input

/// Each corpus as one text, a URN a line (valid_lines' input).
std::deque<std::string> corpus_texts;

void register_all()
{
    for (named_corpus const& nc : corpora) {
        corpus const* c = &nc.c;
        // The corpus as lines, repeated to at least 64 KiB (a block of the
        // tool is 128 KiB): the last 63 bytes of a text are read from a
        // copy, and a short corpus would be little else.
        std::string& text = corpus_texts.emplace_back();
        std::size_t repeat = 0;
        while (text.size() < (std::size_t(64) << 10)) {
            for (std::string_view s : c->items)
                (text += s) += '\n';
            ++repeat;
        }
        std::string const* t = &text;
        for (urns::syntax syn : all_syntaxes) {
            add(nc.name, syn, "yardstick (hand-written)", "yardstick", [c, syn](benchmark::State& st) {
                over(st, *c, [syn](std::string_view s) { return yardstick_of(s, syn); });
            });
            add(nc.name, syn, "parse_urn (view)", "parse_urn", [c, syn](benchmark::State& st) {
                over(st, *c, [syn](std::string_view s) { return parse_view(s, syn); });
            });
            // The same URNs as lines of one text, checked a run at a time:
            // what `urn check -q` does with a file.
            add(nc.name, syn, "valid_lines (the corpus as lines)", "valid_lines",
                [c, t, repeat, syn](benchmark::State& st) {
                    measure(st, static_cast<double>(c->size() * repeat), static_cast<double>(c->bytes() * repeat),
                            [t, syn] { return valid_lines_of(*t, syn); });
                });
            if (nc.name != "mixed")
                continue;
            add(nc.name, syn, "urn::parse (owning)", "urn_parse", [c, syn](benchmark::State& st) {
                over(st, *c, [syn](std::string_view s) { return parse_owning(s, syn); });
            });
            // What the owning urn adds to the view, alone: one std::string of
            // the input, made and freed (malloc, memcpy, free). Not a target:
            // the floor of "owning" is "view" plus this row.
            add(nc.name, syn, "std::string(s) alone (reference)", "string_copy", [c](benchmark::State& st) {
                over(st, *c, [](std::string_view s) {
                    std::string t(s);
                    benchmark::DoNotOptimize(t.data());
                    return t.size();
                });
            });
            // The hash of the raw bytes by the standard library, for scale:
            // not a target (it knows nothing of case or percent-encoding).
            add(nc.name, syn, "std::hash of the bytes (reference)", "std_hash", [c](benchmark::State& st) {
                over(st, *c, [](std::string_view s) { return std::hash<std::string_view>{}(s); });
            });
            parsed_corpus const* pc = &parsed[index_of(syn)];
            urns::equivalence_mode const mode = urns::default_equivalence(syn);
            add(nc.name, syn, "equivalent (equal twins)", "equivalent", [pc, mode](benchmark::State& st) {
                over_n(st, pc->views.size(), pc->bytes,
                       [pc, mode](std::size_t i) { return std::size_t(urns::equivalent(pc->views[i], pc->twins[i], mode)); });
            });
            add(nc.name, syn, "hash", "hash", [pc, mode](benchmark::State& st) {
                over_n(st, pc->views.size(), pc->bytes,
                       [pc, mode](std::size_t i) { return urns::hash(pc->views[i], mode); });
            });
            add(nc.name, syn, "canonical (into a reused string)", "canonical", [pc, mode](benchmark::State& st) {
                std::string out;
                out.reserve(4096);
                over_n(st, pc->views.size(), pc->bytes, [pc, mode, &out](std::size_t i) {
                    out.clear();
                    urns::canonical(pc->views[i], mode, out);
                    return out.size();
                });
            });
            add(nc.name, syn, "find_urns (text, 1 URN/4 KiB)", "find_urns", [syn](benchmark::State& st) {
                urns::extract_options o;
                o.syntax = syn;
                // Per "URN" here means per 4 KiB of text: MB/s is the figure.
                measure(st, static_cast<double>(prose.size()) / 4096.0, static_cast<double>(prose.size()), [&o] {
                    std::size_t found = 0;
                    for (urns::urn_match const& m : urns::find_urns(prose, o))
                        found += m.length;
                    return found;
                });
            });
        }
#if URNS_BENCH_HAVE_BOOST_URL
        if (nc.name == "mixed")
            add(nc.name, static_cast<urns::syntax>(0xFF), "Boost.URL parse_uri", "boost_url_parse_uri",
                [c](benchmark::State& st) { over(st, *c, boost_url); });
#endif
    }
}

/// The yardstick must accept exactly what parse_urn accepts, with the same offsets.
bool check_agreement()
{
    std::size_t bad = 0;
    for (named_corpus const& nc : corpora)
        for (urns::syntax syn : all_syntaxes)
            for (std::string_view s : nc.c.items) {
                auto const r = urns::parse_urn(s, syn);
                yardstick::outcome const o = yardstick::validate(s, syn);
                bool same = bool(r) == o.ok;
                if (same && r) {
                    urns::detail::parts const& b = o.p;
                    std::string_view const buf = r->buffer();
                    // A component of the view against the yardstick's offsets.
                    auto eq = [buf](bool present, std::string_view part, urns::detail::parts::span y) {
                        if (!present)
                            return !y.present();
                        auto const at = static_cast<std::size_t>(part.data() - buf.data());
                        return y.begin == at && y.end == at + part.size();
                    };
                    same = 4 + r->nid().size() == b.nid_end && r->assigned_name().size() == b.nss_end &&
                           eq(r->has_query(), r->query(), b.query) &&
                           eq(r->has_r_component(), r->r_component(), b.r_component) &&
                           eq(r->has_q_component(), r->q_component(), b.q_component) &&
                           eq(r->has_fragment(), r->fragment(), b.fragment);
                }
                if (!same && ++bad <= 20)
                    std::fprintf(stderr, "disagreement (%s, %s): parse_urn %s, yardstick %s: %.*s\n",
                                 nc.name.c_str(), name_of(syn), r ? "ok" : "error", o.ok ? "ok" : "error",
                                 static_cast<int>(s.size()), s.data());
            }
    if (bad)
        std::fprintf(stderr, "%zu disagreements between parse_urn and the yardstick\n", bad);
    return bad == 0;
}

void describe(std::vector<std::string> const& mix)
{
    std::size_t bytes = 0;
    for (auto const& s : mix)
        bytes += s.size();
    std::printf("mixed corpus: %zu URNs, %zu bytes, mean %.1f bytes\n", mix.size(), bytes,
                mix.empty() ? 0.0 : static_cast<double>(bytes) / static_cast<double>(mix.size()));
    std::printf("weights:");
    for (auto const& [name, w] : mix_weights())
        std::printf(" %s %u;", name.c_str(), w);
    std::printf("\n");
    for (urns::syntax syn : all_syntaxes) {
        std::size_t ok = 0;
        for (auto const& s : mix)
            ok += bool(urns::parse_urn(s, syn));
        std::printf("  valid under %-10s: %zu of %zu\n", name_of(syn), ok, mix.size());
    }
}

/// Nanoseconds of `reps` passes of `pass` over `c`, and their sink.
template <class Pass>
double timed(Pass pass, corpus const& c, std::size_t reps, std::size_t& sink)
{
    using clock = std::chrono::steady_clock;
    auto const t0 = clock::now();
    for (std::size_t k = 0; k < reps; ++k) {
        // Each pass is made: a pure pass's result is not reused.
        benchmark::ClobberMemory();
        sink += pass(c);
        benchmark::DoNotOptimize(sink);
    }
    return std::chrono::duration<double, std::nano>(clock::now() - t0).count();
}

/// The median and quartiles of the ratio of a pass of `p` to a pass of
/// `y`, over `c`, each round timing both back to back, in turns first.
struct ratio_quartiles {
    double median, q1, q3;
    std::size_t reps;   // passes of each per round
};

template <class P, class Y>
ratio_quartiles paired_ratio(P p_pass, Y y_pass, corpus const& c, std::size_t rounds)
{
    std::size_t sink = 0;
    // Enough passes that a round's pass takes about 50 us, or one pass
    // where one takes longer (the mixed corpus: some hundreds of us).
    timed(y_pass, c, 1, sink);
    double const one = timed(y_pass, c, 100, sink) / 100 + 1;
    std::size_t const reps = std::max<std::size_t>(1, static_cast<std::size_t>(50000 / one));
    std::vector<double> ratios;
    for (std::size_t r = 0; r < rounds + 1; ++r) {
        double y, p;
        if (r % 2) {
            y = timed(y_pass, c, reps, sink);
            p = timed(p_pass, c, reps, sink);
        } else {
            p = timed(p_pass, c, reps, sink);
            y = timed(y_pass, c, reps, sink);
        }
        if (r > 0)   // the first round warms the caches and learns the errors
            ratios.push_back(p / y);
    }
    std::sort(ratios.begin(), ratios.end());
    auto const at = [&](double q) { return ratios[static_cast<std::size_t>(q * static_cast<double>(ratios.size() - 1))]; };
    if (sink == 42)
        std::printf(" ");
    return {at(0.5), at(0.25), at(0.75), reps};
}

/// --paired: per corpus and syntax, the median and quartiles of the ratio
/// of a parse_urn pass to a yardstick pass timed in the same round.
template <urns::syntax syn>
void paired(char const* name, corpus const& c, std::size_t rounds)
{
    ratio_quartiles const r = paired_ratio(pass_parse_urn<syn>, pass_yardstick<syn>, c, rounds);
    std::printf("| %s | %s | %.3f | %.3f-%.3f | %zu x %zu |\n", name, name_of(syn), r.median, r.q1, r.q3, rounds,
                r.reps * c.size());
}

/// --paired, the semantic layer: per syntax, the ratio of a pass of
/// equivalent (each URN of the mixed corpus and its twin), canonical (into
/// a reused string) and hash, in the syntax's default mode, to a parse_urn
/// pass over the same URNs, timed in the same round.
template <urns::syntax syn>
void paired_semantic(corpus const& c, std::size_t rounds)
{
    parsed_corpus const& pc = parsed[index_of(syn)];
    std::string out;
    out.reserve(4096);
    auto const equivalent = [&pc](corpus const&) { return pass_equivalent<syn>(pc); };
    auto const canonical = [&pc, &out](corpus const&) { return pass_canonical<syn>(pc, out); };
    auto const hash = [&pc](corpus const&) { return pass_hash<syn>(pc); };
    ratio_quartiles const e = paired_ratio(equivalent, pass_parse_urn<syn>, c, rounds);
    ratio_quartiles const k = paired_ratio(canonical, pass_parse_urn<syn>, c, rounds);
    ratio_quartiles const h = paired_ratio(hash, pass_parse_urn<syn>, c, rounds);
    std::printf("| %s | %.3f (%.3f-%.3f) | %.3f (%.3f-%.3f) | %.3f (%.3f-%.3f) | %zu x %zu |\n", name_of(syn), e.median,
                e.q1, e.q3, k.median, k.q1, k.q3, h.median, h.q1, h.q3, rounds, e.reps * c.size());
}

bool flag(char const* arg, char const* name, std::string& value)
{
    std::size_t const n = std::strlen(name);
    if (std::strncmp(arg, name, n) != 0)
        return false;
    if (arg[n] == '=') {
        value = arg + n + 1;
        return true;
    }
    if (arg[n] == '\0') {
        value.clear();
        return true;
    }
    return false;
}

} // namespace

int main(int argc, char** argv)
{
    std::size_t corpus_size = 10000;
    std::uint64_t seed = default_seed;
    std::string write_corpus, write_prose, table_path;
    std::size_t prose_size = std::size_t(256) << 20;
    bool do_describe = false, check = true, instructions = false, first_error = false;
    std::size_t paired_rounds = 0;
    std::string instructions_corpus = "mixed";

    std::vector<char*> args{argv[0]};
    bool has_reps = false, has_min_time = false, has_interleave = false, has_aggr = false;
    for (int i = 1; i < argc; ++i) {
        std::string v;
        if (flag(argv[i], "--corpus-size", v))
            corpus_size = std::strtoull(v.c_str(), nullptr, 10);
        else if (flag(argv[i], "--seed", v))
            seed = std::strtoull(v.c_str(), nullptr, 10);
        else if (flag(argv[i], "--write-corpus", v))
            write_corpus = v;
        else if (flag(argv[i], "--write-prose", v))
            write_prose = v;
        else if (flag(argv[i], "--prose-size", v))
            prose_size = std::strtoull(v.c_str(), nullptr, 10);
        else if (flag(argv[i], "--table", v))
            table_path = v;
        else if (flag(argv[i], "--describe", v))
            do_describe = true;
        else if (flag(argv[i], "--first-error", v))
            first_error = true;
        else if (flag(argv[i], "--paired", v))
            paired_rounds = v.empty() ? 301 : std::strtoull(v.c_str(), nullptr, 10);
        else if (flag(argv[i], "--no-check", v))
            check = false;
        else if (flag(argv[i], "--instructions", v)) {
            instructions = true;
            if (!v.empty())
                instructions_corpus = v;
        }
        else {
            has_reps |= std::strncmp(argv[i], "--benchmark_repetitions", 23) == 0;
            has_min_time |= std::strncmp(argv[i], "--benchmark_min_time", 20) == 0;
            has_interleave |= std::strncmp(argv[i], "--benchmark_enable_random_interleaving", 38) == 0;
            has_aggr |= std::strncmp(argv[i], "--benchmark_report_aggregates_only", 34) == 0;
            args.push_back(argv[i]);
        }
    }

    if (first_error) {
        // Before any other parse in this process: the first call learns the
        // error of its kind of fault, the second finds it learnt.
        using clock = std::chrono::steady_clock;
        for (urns::syntax syn : all_syntaxes) {
            std::size_t sink = 0;
            auto const t0 = clock::now();
            sink += parse_view("urn:ex:a b", syn);
            auto const t1 = clock::now();
            sink += parse_view("urn:ex:a b", syn);
            auto const t2 = clock::now();
            std::printf("%s: first invalid input %.2f ms, second %.3f us (checksum %zu)\n", name_of(syn),
                        std::chrono::duration<double, std::milli>(t1 - t0).count(),
                        std::chrono::duration<double, std::micro>(t2 - t1).count(), sink);
        }
        return 0;
    }

    if (!write_prose.empty()) {
        // Lines of about 72 bytes, a URN of the mix about every ten lines.
        std::ofstream f(write_prose, std::ios::binary);
        std::string const text = prose_with_urns(prose_size, 700, seed);
        f.write(text.data(), static_cast<std::streamsize>(text.size()));
        return f ? 0 : 1;
    }
    std::vector<std::string> const mix = mixed(corpus_size, seed);
    if (!write_corpus.empty()) {
        std::ofstream f(write_corpus, std::ios::binary);
        for (auto const& s : mix)
            f << s << '\n';
        return f ? 0 : 1;
    }
    if (do_describe) {
        describe(mix);
        return 0;
    }

    if (instructions) {
        std::vector<std::string> items;
        std::size_t passes = 1;
        if (instructions_corpus == "short") {
            items = short_valid();
            passes = 1000;
        } else if (instructions_corpus == "invalid") {
            for (auto const& [kind, v] : invalid_by_kind())
                items.insert(items.end(), v.begin(), v.end());
            passes = 1000;
        } else {
            items = mix;
        }
        corpus const c = pack(items);
        // valid_lines reads the passes as one text: a line each, the
        // corpus `passes` times.
        std::string text;
        for (std::size_t k = 0; k < passes; ++k)
            for (std::string const& s : items)
                (text += s) += '\n';
        std::size_t sink = 0;
        using urns::syntax;
        for (std::size_t k = 0; k < passes; ++k) {
            sink += pass_yardstick<syntax::rfc2141>(c) + pass_parse_urn<syntax::rfc2141>(c);
            sink += pass_yardstick<syntax::rfc2141bis>(c) + pass_parse_urn<syntax::rfc2141bis>(c);
            sink += pass_yardstick<syntax::rfc8141>(c) + pass_parse_urn<syntax::rfc8141>(c);
        }
        sink += pass_valid_lines<syntax::rfc2141>(text) + pass_valid_lines<syntax::rfc2141bis>(text) +
                pass_valid_lines<syntax::rfc8141>(text);
        if (instructions_corpus == "mixed") {
            // The semantic layer over the parsed corpus (its invalid URNs
            // as empty views), a pass each.
            make_parsed(c);
            std::string out;
            out.reserve(4096);
            sink += pass_equivalent<syntax::rfc2141>(parsed[index_of(syntax::rfc2141)]) +
                    pass_equivalent<syntax::rfc2141bis>(parsed[index_of(syntax::rfc2141bis)]) +
                    pass_equivalent<syntax::rfc8141>(parsed[index_of(syntax::rfc8141)]);
            sink += pass_canonical<syntax::rfc2141>(parsed[index_of(syntax::rfc2141)], out) +
                    pass_canonical<syntax::rfc2141bis>(parsed[index_of(syntax::rfc2141bis)], out) +
                    pass_canonical<syntax::rfc8141>(parsed[index_of(syntax::rfc8141)], out);
            sink += pass_hash<syntax::rfc2141>(parsed[index_of(syntax::rfc2141)]) +
                    pass_hash<syntax::rfc2141bis>(parsed[index_of(syntax::rfc2141bis)]) +
                    pass_hash<syntax::rfc8141>(parsed[index_of(syntax::rfc8141)]);
        }
        // The count the callgrind totals are divided by: every URN of every pass.
        std::printf("%zu URNs per pass (checksum %zu)\n", c.size() * passes, sink);
        return 0;
    }

    corpora.push_back({"mixed", pack(mix)});
    corpora.push_back({"short", pack(short_valid())});
    corpora.push_back({"long", pack(long_valid(seed))});
    std::vector<std::string> invalid;
    for (auto const& [kind, v] : invalid_by_kind())
        invalid.insert(invalid.end(), v.begin(), v.end());
    corpora.push_back({"invalid", pack(invalid)});

    if (check && !check_agreement())
        return 1;
    if (paired_rounds) {
        std::printf("| corpus | syntax | parse_urn / yardstick, median | quartiles | rounds x URNs |\n"
                    "|---|---|---:|---:|---:|\n");
        for (std::size_t i : {0, 1, 3}) {   // mixed, short, invalid
            paired<urns::syntax::rfc2141>(corpora[i].name.c_str(), corpora[i].c, paired_rounds);
            paired<urns::syntax::rfc2141bis>(corpora[i].name.c_str(), corpora[i].c, paired_rounds);
            paired<urns::syntax::rfc8141>(corpora[i].name.c_str(), corpora[i].c, paired_rounds);
        }
        make_parsed(corpora[0].c);
        std::printf("\n| mixed corpus, syntax | equivalent / parse_urn, median (quartiles) | canonical / parse_urn | "
                    "hash / parse_urn | rounds x URNs |\n|---|---:|---:|---:|---:|\n");
        paired_semantic<urns::syntax::rfc2141>(corpora[0].c, paired_rounds);
        paired_semantic<urns::syntax::rfc2141bis>(corpora[0].c, paired_rounds);
        paired_semantic<urns::syntax::rfc8141>(corpora[0].c, paired_rounds);
        return 0;
    }
    make_parsed(corpora[0].c);
    prose = prose_with_urns(8u << 20, 4096, seed);

    // Defaults for a shared, noisy machine: medians of interleaved repetitions.
    static char reps[] = "--benchmark_repetitions=7";
    static char min_time[] = "--benchmark_min_time=0.05";
    static char interleave[] = "--benchmark_enable_random_interleaving=true";
    static char aggr[] = "--benchmark_report_aggregates_only=true";
    if (!has_reps)
        args.push_back(reps);
    if (!has_min_time)
        args.push_back(min_time);
    if (!has_interleave)
        args.push_back(interleave);
    if (!has_aggr)
        args.push_back(aggr);
    int n = static_cast<int>(args.size());
    args.push_back(nullptr);

    register_all();
    benchmark::Initialize(&n, args.data());
    if (benchmark::ReportUnrecognizedArguments(n, args.data()))
        return 1;
    table_reporter rep;
    benchmark::RunSpecifiedBenchmarks(&rep);
    benchmark::Shutdown();

    std::string const table = format_table(rep.results);
    std::printf("\n%s", table.c_str());
    if (!table_path.empty()) {
        std::ofstream f(table_path, std::ios::binary);
        f << table;
    }
    return 0;
}
