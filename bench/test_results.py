#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Tests of bench/results.py: a Google Benchmark JSON made here, with round
figures, gives the tables bench/README.md shows (header, cells, ratios to
the yardstick, each target met or not), the medians over the means and
single runs, a refusal when the run does not say its commit, CPU or
compiler, and --write replacing only what lies between the markers; a
directory of tools/bench.sh --json adds `urn check -q`'s row and the ABNF
engine's table and targets, the namespaces through `urn check
--namespaces` by URN length and the registry's lookup by its size, and is
refused when its files are of different commits or CPUs; --check passes on what --write wrote and fails otherwise.

usage: python3 bench/test_results.py   (no build needed)
"""
import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import results  # noqa: E402

CONTEXT = {"date": "2026-11-28T15:30:00+01:00", "num_cpus": 2, "mhz_per_cpu": 2450,
           "load_avg": [0.5, 0.25, 0.125], "commit": "abc1234", "cpu": "AMD EPYC 7B13",
           "compiler": "g++ 12.2.0 -O2"}

# ns per URN of each (corpus, syntax, operation); allocations per URN.
NS = {
    ("mixed", "yardstick"): 50.0, ("mixed", "parse_urn"): 40.0, ("mixed", "valid_lines"): 20.0,
    ("mixed", "urn_parse"): 60.0, ("mixed", "string_copy"): 15.0, ("mixed", "equivalent"): 30.0,
    ("mixed", "hash"): 25.0, ("mixed", "std_hash"): 10.0, ("mixed", "canonical"): 35.0,
    ("short", "yardstick"): 10.0, ("short", "parse_urn"): 12.0, ("short", "valid_lines"): 8.0,
    ("long", "yardstick"): 400.0, ("long", "parse_urn"): 300.0, ("long", "valid_lines"): 310.0,
    ("invalid", "yardstick"): 10.0, ("invalid", "parse_urn"): 14.0, ("invalid", "valid_lines"): 30.0,
}
URNS = {"mixed": 10000, "short": 10, "long": 10, "invalid": 25}
BYTES = {"mixed": 570000, "short": 130, "long": 11455, "invalid": 442}


def entry(name, ns_per_urn, urns, nbytes, allocs=0.0, aggregate="median", reps=5, unit="us"):
    per_iter_ns = ns_per_urn * urns
    e = {"name": name + ("_" + aggregate if aggregate else ""), "run_name": name,
         "run_type": "aggregate" if aggregate else "iteration", "repetitions": reps if aggregate else 1,
         "cpu_time": per_iter_ns / results.UNIT_NS[unit], "real_time": per_iter_ns / results.UNIT_NS[unit],
         "time_unit": unit, "urns": float(urns), "corpus_bytes": float(nbytes), "allocs_per_urn": allocs}
    if aggregate:
        e["aggregate_name"] = aggregate
    return e


def run(overrides=None, context=CONTEXT):
    """A run: every benchmark of urns_bench, medians of 5, with the means
    twice as slow (which must not be read)."""
    overrides = overrides or {}
    benchmarks = []
    for (corpus, op), ns in NS.items():
        for i, syn in enumerate(results.SYNTAXES):
            v = overrides.get((corpus, syn, op), ns)
            allocs = 0.02 if op == "urn_parse" else 0.0
            name = "%s/%s/%s" % (corpus, syn, op)
            benchmarks.append(entry(name, v * 2, URNS[corpus], BYTES[corpus], allocs, "mean"))
            benchmarks.append(entry(name, v, URNS[corpus], BYTES[corpus], allocs, "median"))
            benchmarks.append(entry(name, v / 10, URNS[corpus], BYTES[corpus], allocs, "stddev"))
    for syn in results.SYNTAXES:
        # 8 MiB of text, a "URN" per 4 KiB: 2 GB/s is 2048 ns per 4096 bytes.
        benchmarks.append(entry("mixed/%s/find_urns" % syn, 2048.0, 2048, 2048 * 4096))
    benchmarks.append(entry("mixed/any/boost_url_parse_uri", 150.0, 10000, 570000))
    return {"context": dict(context), "benchmarks": benchmarks}


def abnf_run(ns, context=CONTEXT):
    """urns_bench_abnf's JSON: {(operation, nid): ns per NSS}, five
    repetitions each, the best of them the value given, and the
    aggregates (which must not be read) slower."""
    benchmarks = []
    for (op, nid), v in ns.items():
        name = "%s/%s/min_time:0.050/repeats:5" % (op, nid)
        for k in (3, 0, 1, 2, 4):
            benchmarks.append({"name": name, "run_name": name, "run_type": "iteration", "repetitions": 5,
                               "cpu_time": v * (1 + k / 10), "real_time": v, "time_unit": "ns"})
        benchmarks.append({"name": name + "_median", "run_name": name, "run_type": "aggregate",
                           "aggregate_name": "median", "cpu_time": v * 9, "time_unit": "ns"})
    return {"context": {"cpu": context["cpu"], "commit": context["commit"], "cpu_model": "AMD EPYC"},
            "benchmarks": benchmarks}


ABNF_NS = {("x3", "isbn"): 40.0, ("matches", "isbn"): 20.0, ("validator", "isbn"): 60.0,
           ("x3-fields", "isbn"): 100.0, ("fields", "isbn"): 300.0,
           ("x3", "oid"): 10.0, ("matches", "oid"): 25.0, ("validator", "oid"): 30.0,
           ("x3-fields", "oid"): 50.0, ("fields", "oid"): 100.0,
           ("x3", "uuid"): 50.0, ("matches", "uuid"): 50.0, ("validator", "uuid"): 75.0,
           ("x3-fields", "uuid"): 100.0, ("fields", "uuid"): 500.0}
TOOL = {"context": {"cpu": CONTEXT["cpu"], "commit": CONTEXT["commit"], "lines": 400000, "runs": 5},
        "namespaces": [{"nid": "isbn", "lines": 400000, "bytes": 10000000, "x3_cpu_s": 0.1, "abnf_cpu_s": 0.08},
                       {"nid": "oid", "lines": 400000, "bytes": 10000000, "x3_cpu_s": 0.1, "abnf_cpu_s": 0.2},
                       {"nid": "uuid", "lines": 400000, "bytes": 10000000, "x3_cpu_s": 0.1, "abnf_cpu_s": 0.1},
                       {"nid": "ietf", "skipped": 'error: the rule "x" is not defined'}]}
CHECK = {"context": {"commit": CONTEXT["commit"], "cpu": CONTEXT["cpu"], "compiler": "g++", "lines": 2000000,
                     "runs": 5},
         "syntaxes": [{"syntax": "rfc2141", "bytes": 120000000, "wall_s": 0.2, "cpu_s": 0.1},
                      {"syntax": "rfc2141bis", "bytes": 120000000, "wall_s": 0.2, "cpu_s": 0.15},
                      {"syntax": "rfc8141", "bytes": 120000000, "wall_s": 0.2, "cpu_s": 0.08}]}


def bucket(label, abnf_ns, x3_ns, lines=1000):
    """A length bucket of bench/namespaces_tool.py's JSON."""
    return {"bucket": label,
            "abnf": {"lines": lines, "bytes": lines * 31, "namespaces": 40, "cpu_s": 1.0, "ns_per_urn": abnf_ns},
            "x3": {"lines": lines, "bytes": lines * 32, "namespaces": 18, "cpu_s": 1.0, "ns_per_urn": x3_ns}}


NAMESPACES_TOOL = {"context": {"cpu": CONTEXT["cpu"], "commit": CONTEXT["commit"], "runs": 5,
                               "start_cpu_s": {"abnf": 0.02, "x3": 0.004, "both": 0.022}},
                   "buckets": [bucket("up to 24", 60.0, 40.0), bucket("25-40", 90.0, 40.0), bucket("all", 75.0, 50.0)],
                   "both": {"lines": 4000, "namespaces": 58, "ns_per_urn": 62.5}}


def registry_run(ns, context=CONTEXT):
    """urns_bench_registry's JSON: {(namespaces, operation): ns per URN},
    medians (the means, slower, must not be read), a pass of 5000 URNs."""
    benchmarks = []
    for (n, op), v in ns.items():
        name = "registry/%d/%s/repeats:11" % (n, op)
        for agg, k in (("mean", 2), ("median", 1)):
            benchmarks.append({"name": name + "_" + agg, "run_name": name, "run_type": "aggregate",
                               "aggregate_name": agg, "time_unit": "us", "cpu_time": v * k * 5000 / 1e3,
                               "urns": 5000.0, "namespaces": float(n)})
    return {"context": {"cpu": context["cpu"], "commit": context["commit"]}, "benchmarks": benchmarks}


REGISTRY_NS = {(5, "parse"): 20.0, (71, "parse"): 21.0, (1000, "parse"): 23.0,
               (5, "find"): 4.0, (71, "find"): 4.0, (1000, "find"): 5.0}


def scaling_run(per_byte, context=CONTEXT):
    """urns_bench_scaling's JSON: {workload: (ns/byte at 1, 8 and 16 MiB)},
    medians (the means, slower, must not be read)."""
    benchmarks = []
    for name, values in per_byte.items():
        for mib, v in zip((1, 2, 4, 8, 16), (values[0], values[0], values[0], values[1], values[2])):
            size = mib << 20
            for agg, k in (("mean", 3), ("median", 1)):
                benchmarks.append({"name": "%s/%d/repeats:5_%s" % (name, size, agg),
                                   "run_name": "%s/%d/repeats:5" % (name, size),
                                   "run_type": "aggregate", "aggregate_name": agg, "time_unit": "ms",
                                   "cpu_time": v * k * size / 1e6})
    benchmarks.append({"name": "reference/count_BigO", "run_name": "reference/count", "run_type": "aggregate",
                       "aggregate_name": "BigO", "cpu_time": 1.0, "time_unit": "ms"})
    return {"context": {"cpu": context["cpu"], "commit": context["commit"]}, "benchmarks": benchmarks}


def row(text, label):
    """The cells of the table row whose first cell is `label`."""
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells[0] == label:
            return cells[1:]
    raise AssertionError("no row %r in\n%s" % (label, text))


class Tables(unittest.TestCase):
    def test_header_names_the_run(self):
        out = results.tables(run())
        first = out.splitlines()[0]
        for want in ("commit `abc1234`", "2026-11-28 14:30 UTC", "AMD EPYC 7B13, 2 cores at 2450 MHz",
                     "g++ 12.2.0 -O2", "load average 0.5 0.2 0.1", "medians of 5 interleaved repetitions"):
            self.assertIn(want, first)

    def test_mixed_cells_are_ns_and_ratio_to_the_yardstick(self):
        out = results.tables(run({("mixed", "rfc8141", "parse_urn"): 45.0}))
        self.assertEqual(row(out, "`parse_urn` (view)"), ["40.0 ns, 0.80x", "40.0 ns, 0.80x", "45.0 ns, 0.90x",
                                                           "0.00"])
        self.assertEqual(row(out, "yardstick (hand-written)")[0], "50.0 ns, 1.00x")
        self.assertEqual(row(out, "`urn::parse` (owning)"), ["60.0 ns, 1.20x"] * 3 + ["0.02"])
        self.assertEqual(row(out, "`find_urns` (text, 1 URN a 4 KiB): MB/s")[:3], ["2000", "2000", "2000"])
        self.assertEqual(row(out, "Boost.URL `parse_uri` (RFC 3986; over rfc8141's yardstick)")[:3],
                         ["", "", "150.0 ns, 3.00x"])

    def test_small_sets(self):
        out = results.tables(run())
        self.assertEqual(row(out, "invalid")[:4], ["yardstick", "10.0 ns, 1.00x", "10.0 ns, 1.00x",
                                                   "10.0 ns, 1.00x"])
        lines = [line for line in out.splitlines() if line.startswith("| long | `parse_urn`")]
        self.assertEqual(lines, ["| long | `parse_urn` | 300.0 ns, 0.75x | 300.0 ns, 0.75x | 300.0 ns, 0.75x |"])

    def test_targets(self):
        out = results.tables(run())
        self.assertEqual(row(out, "`parse_urn` to a view <= 1.15x the yardstick, mixed corpus, 0 allocations"),
                         ["0.80", "0.80", "0.80", "yes"])
        self.assertEqual(row(out, "`parse_urn` <= 1.5x, short URNs"), ["1.20", "1.20", "1.20", "yes"])
        self.assertEqual(row(out, "`parse_urn` <= 1.5x, invalid inputs"), ["1.40", "1.40", "1.40", "yes"])
        self.assertEqual(row(out, "`urn::parse` (owning) <= 1.3x, at most 1 allocation"),
                         ["1.20", "1.20", "1.20", "yes"])
        # (40 + 25) / 50
        self.assertEqual(row(out, "`parse_urn` + `hash` <= 1.4x, `hash` allocation-free"),
                         ["1.30", "1.30", "1.30", "yes"])
        self.assertEqual(row(out, "`equivalent` faster than `parse_urn` (ratio to it), allocation-free"),
                         ["0.75", "0.75", "0.75", "yes"])
        self.assertEqual(row(out, "`canonical` faster than `parse_urn` (ratio to it), allocation-free"),
                         ["0.88", "0.88", "0.88", "yes"])
        self.assertEqual(row(out, "`find_urns` >= 1 GB/s on text with one URN a 4 KiB (GB/s)"),
                         ["2.00", "2.00", "2.00", "yes"])

    def test_targets_missed_name_the_syntaxes(self):
        out = results.tables(run({("invalid", "rfc2141", "parse_urn"): 16.0,
                                  ("mixed", "rfc2141bis", "canonical"): 40.0,
                                  ("mixed", "rfc8141", "canonical"): 41.0,
                                  ("mixed", "rfc8141", "parse_urn"): 58.0}))
        self.assertEqual(row(out, "`parse_urn` <= 1.5x, invalid inputs"), ["1.60", "1.40", "1.40", "**no**: rfc2141"])
        # canonical equal to parse_urn is not faster; rfc8141's parse is slower, so canonical is faster there
        self.assertEqual(row(out, "`canonical` faster than `parse_urn` (ratio to it), allocation-free"),
                         ["0.88", "1.00", "0.71", "**no**: rfc2141bis"])
        self.assertEqual(row(out, "`parse_urn` to a view <= 1.15x the yardstick, mixed corpus, 0 allocations"),
                         ["0.80", "0.80", "1.16", "**no**: rfc8141"])

    def test_an_allocation_misses_a_target(self):
        r = run()
        for b in r["benchmarks"]:
            if b["run_name"] == "mixed/rfc2141bis/hash":
                b["allocs_per_urn"] = 1.0
        out = results.tables(r)
        self.assertEqual(row(out, "`parse_urn` + `hash` <= 1.4x, `hash` allocation-free")[3], "**no**: rfc2141bis")

    def test_a_missing_benchmark_is_na(self):
        r = run()
        r["benchmarks"] = [b for b in r["benchmarks"] if b["run_name"] != "mixed/rfc2141/hash"]
        out = results.tables(r)
        self.assertEqual(row(out, "`parse_urn` + `hash` <= 1.4x, `hash` allocation-free"),
                         ["n/a", "1.30", "1.30", "n/a"])

    def test_single_runs_without_aggregates(self):
        r = run()
        r["benchmarks"] = [entry("mixed/%s/%s" % (s, op), ns, 10000, 570000, aggregate=None, unit="ms")
                           for s in results.SYNTAXES for op, ns in (("yardstick", 50.0), ("parse_urn", 55.0))]
        out = results.tables(r)
        self.assertIn("one repetition", out.splitlines()[0])
        self.assertEqual(row(out, "`parse_urn` (view)")[0], "55.0 ns, 1.10x")

    def test_commit_cpu_and_compiler_are_required(self):
        ctx = {k: v for k, v in CONTEXT.items() if k not in ("commit", "compiler")}
        with self.assertRaises(results.Missing) as e:
            results.tables(run(context=ctx))
        self.assertIn("commit, compiler", str(e.exception))
        out = results.tables(run(context=ctx), commit="def5678", compiler="clang++ 14 -O2")
        self.assertIn("commit `def5678`", out)
        self.assertIn("clang++ 14 -O2", out)
        # An option wins over the context.
        self.assertIn("commit `0000000`", results.tables(run(), commit="0000000"))

    def test_an_empty_run_is_refused(self):
        with self.assertRaises(results.Missing):
            results.tables({"context": CONTEXT, "benchmarks": []})


class Directory(unittest.TestCase):
    def tables(self, **kw):
        parts = {"check": CHECK, "abnf": abnf_run(ABNF_NS), "abnf_tool": TOOL}
        parts.update(kw)
        return results.tables(run(), check=parts["check"], abnf=parts["abnf"], abnf_tool=parts["abnf_tool"])

    def test_urn_check_row(self):
        out = self.tables()
        self.assertEqual(row(out, "`urn check -q` >= 1 GB/s of CPU, 2,000,000 lines of the corpus, 7% invalid (GB/s)"),
                         ["1.20", "0.80", "1.50", "**no**: rfc2141bis"])
        self.assertIn("rfc8141 1500 MB/s of CPU (0.08 s), 600 MB/s of wall time", out)

    def test_abnf_rows_are_the_best_repetition(self):
        out = self.tables()
        self.assertEqual(row(out, "isbn"), ["40.0 ns", "20.0 ns, 0.50x", "60.0 ns, 1.50x", "100.0 ns",
                                            "300.0 ns, 3.00x", "1.25"])
        self.assertEqual(row(out, "oid")[1], "25.0 ns, 2.50x")
        self.assertEqual(row(out, "median"), ["", "1.00x", "1.50x", "", "3.00x", "1.00"])
        self.assertIn("the best of 5 repetitions", out)
        self.assertNotIn("| ietf |", out)
        self.assertIn('skips it): ietf (error: the rule "x" is not defined).', out)

    def test_abnf_targets(self):
        out = self.tables()
        self.assertEqual(row(out, "`matches()` <= 2x X3's time, every namespace (the largest ratio)"),
                         ["2.50 (oid)", "**no**"])
        self.assertEqual(row(out, "`matches()` <= 1.2x X3's time at the median"), ["1.00", "yes"])
        self.assertEqual(row(out, "`match()` with the fields <= 4x X3's field lister at the median"), ["3.00", "yes"])
        self.assertEqual(row(out, "`urn check --namespaces` with the `.abnf` >= 0.8 of the compiled-in throughput, "
                                  "every namespace (the smallest ratio)"), ["0.50 (oid)", "**no**"])

    def test_scaling(self):
        out = results.tables(run(), scaling=scaling_run({"reference/count": (0.25, 0.25, 0.5),
                                                         "check/directives": (1.0, 2.0, 5.0)}))
        self.assertIn("### Time per byte from 1 to 16 MiB", out)
        self.assertEqual(row(out, "`reference/count`"), ["0.250", "0.500", "1.00", "4.00"])
        # 5 / 1 over the reference's 2; 2 * 5 / 2
        self.assertEqual(row(out, "`check/directives`"), ["1.000", "5.000", "2.50", "5.00"])
        with self.assertRaises(results.Missing):
            results.tables(run(), scaling=scaling_run({"check/directives": (1.0, 2.0, 5.0)}))

    def test_instructions(self):
        def counts(y, p, v, extra=None):
            d = {"yardstick": y, "parse_urn": p, "valid_lines": v}
            d.update(extra or {})
            return {"urns": 10, "instructions_per_urn": {s: dict(d) for s in results.SYNTAXES}}
        instr = {"context": {"commit": CONTEXT["commit"], "cpu": CONTEXT["cpu"]},
                 "corpora": {"mixed": counts(400.0, 300.0, 150.0, {"equivalent": 150.0, "canonical": 240.0,
                                                                    "hash": 210.0}),
                             "short": counts(150.0, 150.0, 100.0), "invalid": counts(150.0, 195.0, 480.0)}}
        out = results.tables(run(), instructions=instr)
        self.assertEqual(row(out, "mixed"), ["400 / 400 / 400", "300 / 300 / 300", "0.75 / 0.75 / 0.75",
                                             "150 / 150 / 150"])
        self.assertIn("| invalid | 150 / 150 / 150 | 195 / 195 / 195 | 1.30 / 1.30 / 1.30 | 480 / 480 / 480 |", out)
        self.assertEqual(row(out, "x `parse_urn`'s"), ["0.50 / 0.50 / 0.50", "0.80 / 0.80 / 0.80",
                                                      "0.70 / 0.70 / 0.70"])

    def test_namespaces_tool(self):
        out = results.tables(run(), namespaces_tool=NAMESPACES_TOOL)
        self.assertIn("### Many namespaces", out)
        self.assertEqual(row(out, "up to 24"), ["1,000", "30.0 / 31.0", "40 / 18", "60.0", "40.0", "1.50"])
        self.assertEqual(row(out, "all")[5], "1.50")
        self.assertIn("all of both groups in one file: 62.5 ns per URN (58 namespaces)", out)
        label = ("namespaces checked by their ABNF <= 2x the X3 ones' time per URN of the same lengths, "
                 "`urn check --namespaces` (the largest ratio)")
        self.assertEqual(row(out, label), ["2.25 (25-40)", "**no**"])
        fast = dict(NAMESPACES_TOOL, buckets=[bucket("all", 70.0, 40.0)])
        self.assertEqual(row(results.tables(run(), namespaces_tool=fast), label), ["1.75 (all)", "yes"])

    def test_registry(self):
        out = results.tables(run(), registry=registry_run(REGISTRY_NS))
        self.assertEqual(row(out, "5"), ["20.00", "1.00", "4.00", "1.00"])
        self.assertEqual(row(out, "1000"), ["23.00", "1.15", "5.00", "1.25"])
        label = "`parse_urn` with a registry of more namespaces <= 1.1x its time with 5, the same URNs (the largest ratio)"
        self.assertEqual(row(out, label), ["1.15 (1000)", "**no**"])
        ok = registry_run({**REGISTRY_NS, (1000, "parse"): 21.5})
        self.assertEqual(row(results.tables(run(), registry=ok), label), ["1.07 (1000)", "yes"])
        with self.assertRaises(results.Missing):
            results.tables(run(), registry=registry_run({}))

    def test_files_of_another_commit_or_cpu_are_refused(self):
        other = dict(TOOL, context=dict(TOOL["context"], commit="fff0000"))
        with self.assertRaises(results.Missing) as e:
            self.tables(abnf_tool=other)
        self.assertIn("commits differ", str(e.exception))
        with self.assertRaises(results.Missing) as e:
            self.tables(abnf=abnf_run(ABNF_NS, dict(CONTEXT, cpu="Intel Xeon")))
        self.assertIn("cpus differ", str(e.exception))
        with self.assertRaises(results.Missing) as e:
            results.tables(run(), registry=registry_run(REGISTRY_NS, dict(CONTEXT, commit="fff0000")))
        self.assertIn("commits differ", str(e.exception))

    def test_check_after_write(self):
        with tempfile.TemporaryDirectory() as d:
            for name, value in (("urns_bench.json", run()), ("check.json", CHECK),
                                ("abnf.json", abnf_run(ABNF_NS)), ("abnf_tool.json", TOOL),
                                ("namespaces_tool.json", NAMESPACES_TOOL),
                                ("registry.json", registry_run(REGISTRY_NS))):
                with open(os.path.join(d, name), "w") as f:
                    json.dump(value, f)
            readme = os.path.join(d, "README.md")
            with open(readme, "w") as f:
                f.write("# B\n" + results.BEGIN + "\nold\n" + results.END + "\n")
            self.assertEqual(results.main([d, "--check", readme]), 1)
            self.assertEqual(results.main([d, "--write", readme]), 0)
            self.assertEqual(results.main([d, "--check", readme]), 0)
            with open(readme) as f:
                text = f.read()
            self.assertIn("| isbn |", text)
            self.assertIn("| 1000 | 23.00 |", text)
            self.assertIn("| 25-40 | 1,000 |", text)
            with open(readme, "w") as f:
                f.write(text.replace("| isbn | 40.0 ns", "| isbn | 41.0 ns"))
            self.assertEqual(results.main([d, "--check", readme]), 1)


def scratch(d, page):
    """A run's JSON and a page in directory d: their paths."""
    path_json, readme = os.path.join(d, "run.json"), os.path.join(d, "README.md")
    with open(path_json, "w") as f:
        json.dump(run(), f)
    with open(readme, "w") as f:
        f.write(page)
    return path_json, readme


class Write(unittest.TestCase):
    def test_write_replaces_only_the_block(self):
        with tempfile.TemporaryDirectory() as d:
            before, after = "# Benchmarks\n\ntext before\n", "\ntext after\n"
            path_json, readme = scratch(d, before + results.BEGIN + "\nold table\n" + results.END + after)
            self.assertEqual(results.main([path_json, "--write", readme]), 0)
            with open(readme) as f:
                text = f.read()
            self.assertTrue(text.startswith(before + results.BEGIN + "\nOne run of `urns_bench`"))
            self.assertTrue(text.endswith(results.END + after))
            self.assertNotIn("old table", text)
            # Idempotent.
            self.assertEqual(results.main([path_json, "--write", readme]), 0)
            with open(readme) as f:
                self.assertEqual(f.read(), text)

    def test_no_markers_is_an_error(self):
        with tempfile.TemporaryDirectory() as d:
            path_json, readme = scratch(d, "no markers\n")
            p = subprocess.run([sys.executable, os.path.join(HERE, "results.py"), path_json, "--write", readme],
                               stderr=subprocess.PIPE, universal_newlines=True)
            self.assertEqual(p.returncode, 2)
            self.assertIn("no <!-- bench/results.py: begin -->", p.stderr)
            with open(readme) as f:
                self.assertEqual(f.read(), "no markers\n")

    def test_the_readme_has_the_markers(self):
        with open(os.path.join(HERE, "README.md"), encoding="utf-8") as f:
            text = f.read()
        self.assertEqual(text.count(results.BEGIN), 1)
        self.assertEqual(text.count(results.END), 1)
        self.assertLess(text.find(results.BEGIN), text.find(results.END))


if __name__ == "__main__":
    unittest.main()
