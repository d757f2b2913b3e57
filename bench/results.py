#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""The results tables of bench/README.md, made from one run of the benchmarks.

Reads the Google Benchmark JSON of one run of urns_bench (`--benchmark_out=FILE
--benchmark_out_format=json`) and prints, in Markdown: a header naming the
run (commit, date, CPU, compiler, load average, repetitions), the mixed
corpus's operations in each syntax (ns per URN of CPU time and the ratio to
the yardstick of the same corpus and syntax in the same run), the fixed
small sets (short, long, invalid), and each library target with its figure
and whether the run meets it.

RUN may be a directory that `tools/bench.sh --json DIR` filled: then
DIR/urns_bench.json is that run, and the files beside it, when there, add
their tables and targets: DIR/check.json (`urn check -q` on the corpus
file, end to end), DIR/abnf.json (urns_bench_abnf's Google Benchmark JSON:
the ABNF engine against the X3 namespaces, the best of its repetitions, as
its own table takes) and DIR/abnf_tool.json (bench/abnf_tool.py --json:
`urn check --namespaces` with each namespace from its .abnf file against
the same namespace compiled in) and DIR/scaling.json (urns_bench_scaling:
time per byte from 1 to 16 MiB), DIR/instructions.json (with
--instructions: callgrind's instructions per URN), DIR/namespaces_tool.json
(bench/namespaces_tool.py --json: `urn check --namespaces` on the
namespaces checked by their ABNF against the X3 ones, by URN length) and
DIR/registry.json (urns_bench_registry: parse_urn with registries of 5 to
1000 namespaces). Files of different commits or CPUs are
refused: the tables are of one run.

With --write, the tables replace what lies between the two marker lines of
that file instead; with --check, the file must hold exactly them there
(status 1 if not).

The commit, CPU model and compiler come from the run's context, where
`--benchmark_context=commit=...,cpu=...,compiler=...` puts them, or from
the options of the same names; the date, core count, clock and load
average always come from the context.

usage: results.py RUN.json|DIR [--commit C] [--cpu MODEL] [--compiler TEXT]
                                [--write README | --check README]
"""
import argparse
import datetime
import json
import os
import statistics
import sys

BEGIN = "<!-- bench/results.py: begin -->"
END = "<!-- bench/results.py: end -->"

SYNTAXES = ["rfc2141", "rfc2141bis", "rfc8141"]
UNIT_NS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}

# Operations of the mixed corpus, in table order: (id in the benchmark's
# name, label).
MIXED = [
    ("yardstick", "yardstick (hand-written)"),
    ("parse_urn", "`parse_urn` (view)"),
    ("valid_lines", "`valid_lines` (the corpus as lines)"),
    ("urn_parse", "`urn::parse` (owning)"),
    ("string_copy", "`std::string(s)` alone (reference)"),
    ("equivalent", "`equivalent` (equal twins)"),
    ("hash", "`hash`"),
    ("std_hash", "`std::hash` of the bytes (reference)"),
    ("canonical", "`canonical` (into a reused string)"),
    ("find_urns", "`find_urns` (text, 1 URN a 4 KiB): MB/s"),
    ("boost_url_parse_uri", "Boost.URL `parse_uri` (RFC 3986; over rfc8141's yardstick)"),
]
SMALL_CORPORA = ["short", "long", "invalid"]
SMALL_OPS = [("yardstick", "yardstick"), ("parse_urn", "`parse_urn`"), ("valid_lines", "`valid_lines`")]


class Missing(Exception):
    pass


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def measurements(run):
    """{(corpus, syntax, op): (ns per URN, MB/s, allocs per URN)} from the
    medians of the run's repetitions, or its single runs where it has no
    aggregates; and the number of repetitions."""
    medians, singles, reps = {}, {}, 1
    for b in run.get("benchmarks", []):
        if b.get("error_occurred"):
            continue
        if b.get("run_type") == "aggregate":
            if b.get("aggregate_name") != "median":
                continue
            target = medians
            reps = max(reps, int(b.get("repetitions", 1)))
        else:
            target = singles
        name = b.get("run_name", b["name"])
        parts = name.split("/")
        if len(parts) != 3:
            continue
        corpus, syntax, op = parts
        ns_per_iter = float(b["cpu_time"]) * UNIT_NS[b.get("time_unit", "ns")]
        urns = float(b.get("urns", 0))
        nbytes = float(b.get("corpus_bytes", 0))
        if urns <= 0 or ns_per_iter <= 0:
            continue
        target[(corpus, syntax, op)] = (ns_per_iter / urns, nbytes / ns_per_iter * 1e3,
                                        float(b.get("allocs_per_urn", 0)))
    out = dict(singles)
    out.update(medians)
    return out, reps


def yardstick_of(m, corpus, syntax):
    y = m.get((corpus, "rfc8141" if syntax == "any" else syntax, "yardstick"))
    return y[0] if y else None


def ratio(m, corpus, syntax, op):
    v, y = m.get((corpus, syntax, op)), yardstick_of(m, corpus, syntax)
    return v[0] / y if v and y else None


def header(run, reps, commit, cpu, compiler):
    ctx = run.get("context", {})
    commit = commit or ctx.get("commit")
    cpu = cpu or ctx.get("cpu")
    compiler = compiler or ctx.get("compiler")
    missing = [k for k, v in (("commit", commit), ("cpu", cpu), ("compiler", compiler)) if not v]
    if missing:
        raise Missing("the run does not say its " + ", ".join(missing) +
                      ": give --" + " --".join(missing) + " or --benchmark_context=" +
                      ",".join(k + "=..." for k in missing) + " to urns_bench")
    date = ctx.get("date", "")
    try:
        when = datetime.datetime.fromisoformat(date).astimezone(datetime.timezone.utc)
        date = when.strftime("%Y-%m-%d %H:%M UTC")
    except ValueError:
        pass
    machine = cpu
    if ctx.get("num_cpus"):
        machine += ", %d cores" % ctx["num_cpus"]
    if ctx.get("mhz_per_cpu"):
        machine += " at %d MHz" % ctx["mhz_per_cpu"]
    load = ctx.get("load_avg")
    load_text = "; load average %s at the start" % " ".join("%.1f" % x for x in load) if load else ""
    reps_text = "medians of %d interleaved repetitions" % reps if reps > 1 else "one repetition"
    return ("One run of `urns_bench`: commit `%s`, %s; %s; %s%s; %s, CPU time. "
            "Made by `bench/results.py` from the run's JSON."
            % (commit, date, machine, compiler, load_text, reps_text))


def cell(m, corpus, syntax, op):
    v = m.get((corpus, syntax, op))
    if not v:
        return ""
    if op == "find_urns":
        return "%.0f" % v[1]
    r = ratio(m, corpus, syntax, op)
    return "%.1f ns, %.2fx" % (v[0], r) if r else "%.1f ns" % v[0]


def mixed_table(m):
    lines = ["| mixed corpus: ns per URN, x yardstick | rfc2141 | rfc2141bis | rfc8141 | allocs/URN |",
             "|---|---:|---:|---:|---:|"]
    for op, label in MIXED:
        syntaxes = ["any"] if op == "boost_url_parse_uri" else SYNTAXES
        found = [m[("mixed", s, op)] for s in syntaxes if ("mixed", s, op) in m]
        if not found:
            continue
        if op == "boost_url_parse_uri":
            cells = ["", "", cell(m, "mixed", "any", op)]
        else:
            cells = [cell(m, "mixed", s, op) for s in SYNTAXES]
        allocs = max(v[2] for v in found)
        lines.append("| %s | %s | %.2f |" % (label, " | ".join(cells), allocs))
    return lines


def small_table(m):
    lines = ["| corpus | operation | rfc2141 | rfc2141bis | rfc8141 |", "|---|---|---:|---:|---:|"]
    for corpus in SMALL_CORPORA:
        for op, label in SMALL_OPS:
            cells = [cell(m, corpus, s, op) for s in SYNTAXES]
            if any(cells):
                lines.append("| %s | %s | %s |" % (corpus, label, " | ".join(cells)))
    return lines


def fmt(v, pattern="%.2f"):
    return pattern % v if v is not None else "n/a"


def verdict(values, ok):
    """'yes', or the syntaxes that miss the target, or n/a."""
    if any(v is None for v in values):
        return "n/a"
    bad = [s for s, v in zip(SYNTAXES, values) if not ok(v)]
    return "yes" if not bad else "**no**: " + ", ".join(bad)


def targets_table(m, check=None):
    def get(corpus, s, op, i):
        v = m.get((corpus, s, op))
        return v[i] if v else None

    def per(op, corpus="mixed"):
        return [ratio(m, corpus, s, op) for s in SYNTAXES]

    def allocs(op):
        return [get("mixed", s, op, 2) for s in SYNTAXES]

    def over_parse(op):
        out = []
        for s in SYNTAXES:
            a, p = get("mixed", s, op, 0), get("mixed", s, "parse_urn", 0)
            out.append(a / p if a is not None and p else None)
        return out

    def parse_plus_hash():
        out = []
        for s in SYNTAXES:
            p, h, y = get("mixed", s, "parse_urn", 0), get("mixed", s, "hash", 0), yardstick_of(m, "mixed", s)
            out.append((p + h) / y if p is not None and h is not None and y else None)
        return out

    def both(values, alloc_values, limit, max_allocs):
        pairs = list(zip(values, alloc_values))
        ok = verdict([None if v is None or a is None else (v, a) for v, a in pairs],
                     lambda va: va[0] <= limit and va[1] <= max_allocs + 1e-9)
        return ok

    rows = []
    view = per("parse_urn")
    rows.append(("`parse_urn` to a view <= 1.15x the yardstick, mixed corpus, 0 allocations", view,
                 both(view, allocs("parse_urn"), 1.15, 0)))
    short = per("parse_urn", "short")
    rows.append(("`parse_urn` <= 1.5x, short URNs", short, verdict(short, lambda v: v <= 1.5)))
    invalid = per("parse_urn", "invalid")
    rows.append(("`parse_urn` <= 1.5x, invalid inputs", invalid, verdict(invalid, lambda v: v <= 1.5)))
    owning = per("urn_parse")
    rows.append(("`urn::parse` (owning) <= 1.3x, at most 1 allocation", owning,
                 both(owning, allocs("urn_parse"), 1.3, 1)))
    ph = parse_plus_hash()
    rows.append(("`parse_urn` + `hash` <= 1.4x, `hash` allocation-free", ph, both(ph, allocs("hash"), 1.4, 0)))
    for op in ("equivalent", "canonical"):
        r = over_parse(op)
        rows.append(("`%s` faster than `parse_urn` (ratio to it), allocation-free" % op, r,
                     both(r, allocs(op), 1.0 - 1e-9, 0)))
    gbs = [get("mixed", s, "find_urns", 1) for s in SYNTAXES]
    gbs = [v / 1000 if v is not None else None for v in gbs]
    rows.append(("`find_urns` >= 1 GB/s on text with one URN a 4 KiB (GB/s)", gbs, verdict(gbs, lambda v: v >= 1)))
    if check:
        by = {c["syntax"]: c for c in check.get("syntaxes", [])}
        cpu = [by[s]["bytes"] / by[s]["cpu_s"] / 1e9 if s in by and by[s]["cpu_s"] > 0 else None for s in SYNTAXES]
        lines = check_lines(check)
        rows.append(("`urn check -q` >= 1 GB/s of CPU, %s lines of the corpus, 7%% invalid (GB/s)" % lines, cpu,
                     verdict(cpu, lambda v: v >= 1)))

    lines = ["| target (the same run) | rfc2141 | rfc2141bis | rfc8141 | met |", "|---|---:|---:|---:|---|"]
    for label, values, met in rows:
        lines.append("| %s | %s | %s |" % (label, " | ".join(fmt(v) for v in values), met))
    return lines


def check_lines(check):
    n = check.get("context", {}).get("lines")
    return "{:,}".format(n) if n else "the"


ABNF_OPS = ["x3", "matches", "validator", "x3-fields", "fields"]


def strip_options(name):
    """A benchmark's name without the /min_time:... and /repeats:... that
    Google Benchmark adds for options set in the code."""
    for cut in ("/min_time:", "/repeats:"):
        name = name.split(cut)[0]
    return name


def abnf_measurements(run):
    """{(operation, nid): CPU ns per NSS} of urns_bench_abnf's JSON, the
    best of each benchmark's repetitions (as the program's own table)."""
    best = {}
    for b in run.get("benchmarks", []):
        if b.get("error_occurred") or b.get("run_type", "iteration") != "iteration":
            continue
        op, _, nid = strip_options(b.get("run_name", b["name"])).partition("/")
        if op not in ABNF_OPS or not nid:
            continue
        ns = float(b["cpu_time"]) * UNIT_NS[b.get("time_unit", "ns")]
        if ns > 0 and ((op, nid) not in best or ns < best[(op, nid)]):
            best[(op, nid)] = ns
    return best


def abnf_tables(abnf, tool):
    """The ABNF engine against X3: a row per namespace, the medians, and
    the targets with their figures."""
    m = abnf_measurements(abnf) if abnf else {}
    ratios = {}
    for t in (tool or {}).get("namespaces", []):
        if t.get("x3_cpu_s", 0) > 0 and t.get("abnf_cpu_s", 0) > 0:
            ratios[t["nid"]] = t["x3_cpu_s"] / t["abnf_cpu_s"]
    nids = sorted({nid for (op, nid) in m if op == "x3"} | set(ratios))
    if not nids:
        raise Missing("the ABNF runs have no namespace")

    def over(op, ref, nid):
        a, b = m.get((op, nid)), m.get((ref, nid))
        return a / b if a and b else None

    def ns(op, nid, ref=None):
        v = m.get((op, nid))
        if v is None:
            return ""
        r = over(op, ref, nid) if ref else None
        return "%.1f ns, %.2fx" % (v, r) if r is not None else "%.1f ns" % v

    lines = ["| namespace | X3 `check` | `matches()`, x X3 | `from_abnf` validator, x X3 | X3 fields "
             "| `match()` with the fields, x X3 | `urn check --namespaces`, ABNF / X3 throughput |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    for nid in nids:
        r = ratios.get(nid)
        lines.append("| %s | %s | %s | %s | %s | %s | %s |" % (
            nid, ns("x3", nid), ns("matches", nid, "x3"), ns("validator", nid, "x3"), ns("x3-fields", nid),
            ns("fields", nid, "x3-fields"), "%.2f" % r if r is not None else ""))

    def series(op, ref):
        return {nid: over(op, ref, nid) for nid in nids if over(op, ref, nid) is not None}

    def median(d):
        return statistics.median(d.values()) if d else None

    matches, validator, fields = series("matches", "x3"), series("validator", "x3"), series("fields", "x3-fields")
    lines.append("| median | | %s | %s | | %s | %s |" % tuple(
        fmt(v) + ("x" if v is not None and d is not ratios else "") for d, v in (
            (matches, median(matches)), (validator, median(validator)), (fields, median(fields)),
            (ratios, median(ratios)))))

    def extreme(d, pick):
        if not d:
            return None, ""
        nid = pick(d, key=lambda k: (d[k], k))
        return d[nid], nid

    def met(v, ok):
        return "n/a" if v is None else "yes" if ok(v) else "**no**"

    worst_m, worst_m_nid = extreme(matches, max)
    worst_t, worst_t_nid = extreme(ratios, min)
    target_rows = [
        ("`matches()` <= 2x X3's time, every namespace (the largest ratio)", worst_m,
         " (%s)" % worst_m_nid if worst_m_nid else "", met(worst_m, lambda v: v <= 2)),
        ("`matches()` <= 1.2x X3's time at the median", median(matches), "", met(median(matches), lambda v: v <= 1.2)),
        ("`match()` with the fields <= 4x X3's field lister at the median", median(fields), "",
         met(median(fields), lambda v: v <= 4)),
        ("`urn check --namespaces` with the `.abnf` >= 0.8 of the compiled-in throughput, every namespace "
         "(the smallest ratio)", worst_t, " (%s)" % worst_t_nid if worst_t_nid else "",
         met(worst_t, lambda v: v >= 0.8)),
    ]
    targets = ["| target (the same run) | figure | met |", "|---|---:|---|"]
    for label, v, who, ok in target_rows:
        targets.append("| %s | %s%s | %s |" % (label, fmt(v), who, ok))
    return lines, targets


def namespaces_table(tool):
    """bench/namespaces_tool.py's JSON: per length bucket and overall, the
    time per URN of `urn check --namespaces` on the namespaces checked by
    their ABNF and on the X3 ones, and the ratio; the largest ratio."""
    lines = ["| URN length, bytes | lines a file | mean length, ABNF / X3 | namespaces, ABNF / X3 "
             "| ABNF ns per URN | X3 ns per URN | ABNF / X3 |", "|---|---:|---:|---:|---:|---:|---:|"]
    worst, worst_bucket = None, ""
    for b in tool.get("buckets", []):
        a, x = b.get("abnf", {}), b.get("x3", {})
        if not a.get("lines") or not x.get("lines"):
            continue
        r = a["ns_per_urn"] / x["ns_per_urn"] if x.get("ns_per_urn", 0) > 0 else None
        if r is not None and (worst is None or r > worst):
            worst, worst_bucket = r, b["bucket"]
        lines.append("| %s | %s | %.1f / %.1f | %d / %d | %.1f | %.1f | %s |" % (
            b["bucket"], "{:,}".format(a["lines"]), a["bytes"] / a["lines"] - 1, x["bytes"] / x["lines"] - 1,
            a["namespaces"], x["namespaces"], a["ns_per_urn"], x["ns_per_urn"], fmt(r)))
    if len(lines) == 2:
        raise Missing("the namespaces run has no bucket")
    return lines, worst, worst_bucket


def registry_measurements(run):
    """{(namespaces, operation): median CPU ns per URN} of
    urns_bench_registry's JSON (registry/N/parse and registry/N/find)."""
    out = {}
    for b in run.get("benchmarks", []):
        if b.get("error_occurred") or b.get("aggregate_name") != "median":
            continue
        parts = strip_options(b.get("run_name", b["name"])).split("/")
        if len(parts) != 3 or parts[0] != "registry" or not parts[1].isdigit() or not b.get("urns"):
            continue
        out[(int(parts[1]), parts[2])] = float(b["cpu_time"]) * UNIT_NS[b.get("time_unit", "ns")] / float(b["urns"])
    return out


def registry_table(run):
    """The registry's lookup: per registry size, `parse_urn` with it and
    `find` alone, ns per URN and the ratio to the smallest registry's; the
    largest ratio of `parse_urn`."""
    m = registry_measurements(run)
    sizes = sorted({n for n, _ in m})
    if not sizes:
        raise Missing("the registry run has no registry/N/parse")
    lines = ["| namespaces in the registry | `parse_urn` with it, ns per URN | x %d's | `find` alone, ns per URN "
             "| x %d's |" % (sizes[0], sizes[0]), "|---|---:|---:|---:|---:|"]

    def cells(n, op):
        v, ref = m.get((n, op)), m.get((sizes[0], op))
        return ("%.2f" % v, fmt(v / ref if v is not None and ref else None)) if v is not None else ("", "")

    worst, worst_n = None, None
    for n in sizes:
        p, f = cells(n, "parse"), cells(n, "find")
        lines.append("| %d | %s | %s | %s | %s |" % ((n,) + p + f))
        v, ref = m.get((n, "parse")), m.get((sizes[0], "parse"))
        if n != sizes[0] and v is not None and ref and (worst is None or v / ref > worst):
            worst, worst_n = v / ref, n
    return lines, worst, worst_n, sizes[0]


def many_namespaces(tool, registry):
    """The section of the namespaces mixed through `urn check --namespaces`
    and of the registry's lookup: their tables and targets."""
    out = ["", "### Many namespaces", ""]
    how, rows, targets = [], [], []
    if tool:
        ctx = tool.get("context", {})
        table, worst, bucket = namespaces_table(tool)
        both = tool.get("both", {})
        how.append("`bench/namespaces_tool.py`: `urn check -q -j1 --syntax rfc8141 --namespaces` on URNs of every "
                   "shipped namespace with a rule (`urn abnf generate` from its `.abnf`; one in ten rejected by "
                   "its namespace), a file per group and length bucket, the lengths matched 4 bytes at a time; "
                   "the best CPU time of %s runs, less that of a file of one URN a namespace (start and grammar "
                   "compilation: ABNF %.3f s, X3 %.3f s), per line; all of both groups in one file: %.1f ns per "
                   "URN (%d namespaces)" % (ctx.get("runs", "its"), ctx.get("start_cpu_s", {}).get("abnf", 0),
                                            ctx.get("start_cpu_s", {}).get("x3", 0), both.get("ns_per_urn", 0),
                                            both.get("namespaces", 0)))
        rows += table + [""]
        targets.append(("namespaces checked by their ABNF <= 2x the X3 ones' time per URN of the same lengths, "
                        "`urn check --namespaces` (the largest ratio)", worst, " (%s)" % bucket if bucket else "",
                        "n/a" if worst is None else "yes" if worst <= 2 else "**no**"))
    if registry:
        table, worst, n, small = registry_table(registry)
        how.append("`urns_bench_registry`: `parse_urn` (rfc8141) with registries of %d namespaces, the shipped "
                   "set and synthetic ones added to it (a trivial validator each), on the mixed corpus kept to "
                   "the URNs of the %d namespaces or of none, median CPU time of interleaved repetitions" %
                   (small, small))
        rows += table + [""]
        targets.append(("`parse_urn` with a registry of more namespaces <= 1.1x its time with %d, the same URNs "
                        "(the largest ratio)" % small, worst, " (%d)" % n if n else "",
                        "n/a" if worst is None else "yes" if worst <= 1.1 else "**no**"))
    out += ["Many namespaces at once, in the same run; " + "; ".join(how) + ".", ""]
    out += rows
    out += ["| target (the same run) | figure | met |", "|---|---:|---|"]
    for label, v, who, ok in targets:
        out.append("| %s | %s%s | %s |" % (label, fmt(v), who, ok))
    return out


def same_run(parts):
    """Refuses files of different commits or CPUs."""
    for key in ("commit", "cpu"):
        seen = {name: ctx.get(key) or ctx.get("cpu_model" if key == "cpu" else key) for name, ctx in parts}
        values = {v for v in seen.values() if v}
        if len(values) > 1:
            raise Missing("the files are not of one run: their %ss differ (%s)" % (
                key, ", ".join("%s: %s" % (n, v) for n, v in sorted(seen.items()) if v)))


def tables(run, commit=None, cpu=None, compiler=None, check=None, abnf=None, abnf_tool=None, scaling=None,
           instructions=None, namespaces_tool=None, registry=None):
    m, reps = measurements(run)
    if not m:
        raise Missing("the run has no benchmark of urns_bench (corpus/syntax/operation) with a time")
    parts = [("urns_bench", dict(run.get("context", {}), **{k: v for k, v in (("commit", commit), ("cpu", cpu))
                                                              if v}))]
    parts += [(n, r.get("context", {})) for n, r in (("check", check), ("abnf", abnf), ("abnf_tool", abnf_tool),
                                                      ("scaling", scaling), ("instructions", instructions),
                                                      ("namespaces_tool", namespaces_tool), ("registry", registry))
              if r]
    same_run(parts)
    out = [header(run, reps, commit, cpu, compiler), ""]
    mixed = mixed_table(m)
    if len(mixed) > 2:
        out += mixed + [""]
    out += ["`find_urns`'s row is MB/s of text. The fixed small sets (10 short URNs of 8-19 bytes, "
            "10 long ones of 200-2000, 25 invalid inputs), ns per URN and x yardstick:", ""]
    out += small_table(m) + [""]
    if check:
        by = {c["syntax"]: c for c in check.get("syntaxes", [])}
        if by:
            any_c = next(iter(by.values()))
            out += ["`urn check -q --syntax S` on a file of %s lines of the mixed corpus (%s bytes), the best of %s "
                    "runs: %s." % (check_lines(check), "{:,}".format(any_c["bytes"]),
                                   check.get("context", {}).get("runs", "its"),
                                   "; ".join("%s %.0f MB/s of CPU (%.2f s), %.0f MB/s of wall time" % (
                                       s, by[s]["bytes"] / by[s]["cpu_s"] / 1e6, by[s]["cpu_s"],
                                       by[s]["bytes"] / by[s]["wall_s"] / 1e6)
                                       for s in SYNTAXES if s in by and by[s]["cpu_s"] > 0 and by[s]["wall_s"] > 0)),
                    ""]
    out += targets_table(m, check)
    if instructions:
        by_corpus, semantic = instructions_tables(instructions)
        out += ["", "### Instructions per URN", "",
                "Callgrind's count of the instructions of each pass over a corpus (`tools/bench.sh "
                "--instructions`), divided by its URNs; free of the machine's load. Cells are rfc2141 / "
                "rfc2141bis / rfc8141.", ""]
        out += by_corpus + [""] + semantic
    if abnf or abnf_tool:
        rows, targets = abnf_tables(abnf, abnf_tool)
        how = []
        if abnf:
            how.append("`urns_bench_abnf`: CPU time per NSS, the best of %s repetitions, on the valid NSSs "
                       "`generate()` makes from `grammar/nss/<NID>.abnf` that the X3 validator accepts and as many near "
                       "misses (the fields: the valid ones only)" % abnf_reps(abnf))
        if abnf_tool:
            ctx = abnf_tool.get("context", {})
            how.append("`bench/abnf_tool.py`: `urn check -q -j1 --namespaces` on %s lines of `urn:NID:` URNs "
                       "(one in ten a near miss), with `--namespace NID=grammar/nss/<NID>.abnf` and without, the best "
                       "CPU time of %s runs each" % ("{:,}".format(ctx["lines"]) if ctx.get("lines") else "a file of",
                                                      ctx.get("runs", "its")))
        out += ["", "### The ABNF engine against X3", "",
                "The ABNF engine against the X3 namespaces it transcribes, in the same run; " +
                "; ".join(how) + ".", ""]
        out += rows + [""] + targets
        skipped = [t for t in (abnf_tool or {}).get("namespaces", []) if t.get("skipped")]
        if skipped:
            out += ["", "Not compared, as `urn check --namespace NID=grammar/nss/<NID>.abnf` refuses the file "
                    "(and `urns_bench_abnf`, whose `from_abnf` fails on it, skips it): " +
                    "; ".join("%s (%s)" % (t["nid"], t["skipped"]) for t in skipped) + "."]
    if namespaces_tool or registry:
        out += many_namespaces(namespaces_tool, registry)
    if scaling:
        out += ["", "### Time per byte from 1 to 16 MiB", "",
                "`urns_bench_scaling`, in the same run: the adversarial inputs of `test/unit/limits.cpp` at 1 to "
                "16 MiB, the median CPU time of 5 repetitions, against a pass of `std::count` over the same bytes "
                "(`reference/count`). Linear work gives about 1 in the fourth column (n log n about 1.2, quadratic "
                "16) and 2 in the last (n log n about 2.1, quadratic 4).", ""]
        out += scaling_table(scaling)
    return "\n".join(out) + "\n"


MIB = 1 << 20


def scaling_table(run):
    """urns_bench_scaling's JSON: per workload, the median CPU time per
    byte at 1 and 16 MiB, that ratio over the reference pass's, and the
    time at 16 MiB over the time at 8 MiB (as the program's own table)."""
    per_byte, order = {}, []
    for b in run.get("benchmarks", []):
        if b.get("error_occurred") or b.get("aggregate_name") != "median":
            continue
        name, _, size = strip_options(b.get("run_name", b["name"])).rpartition("/")
        if not size.isdigit():
            continue
        if name not in per_byte:
            per_byte[name] = {}
            order.append(name)
        per_byte[name][int(size)] = float(b["cpu_time"]) * UNIT_NS[b.get("time_unit", "ns")] / int(size)
    ref = per_byte.get("reference/count", {})
    if MIB not in ref or 16 * MIB not in ref:
        raise Missing("the scaling run has no reference/count at 1 and 16 MiB")
    ref_ratio = ref[16 * MIB] / ref[MIB]
    lines = ["| workload | ns/byte, 1 MiB | ns/byte, 16 MiB | 16 / 1 MiB per byte, over the reference's "
             "| time, 16 / 8 MiB |", "|---|---:|---:|---:|---:|"]
    for name in order:
        v = per_byte[name]
        if all(k in v for k in (MIB, 8 * MIB, 16 * MIB)):
            lines.append("| `%s` | %.3f | %.3f | %.2f | %.2f |" % (
                name, v[MIB], v[16 * MIB], v[16 * MIB] / v[MIB] / ref_ratio, 2 * v[16 * MIB] / v[8 * MIB]))
    return lines


def instructions_tables(run):
    """tools/bench.sh --instructions --json's instructions.json: per
    corpus, the yardstick, parse_urn and valid_lines; per syntax on the
    mixed corpus, equivalent, canonical and hash against parse_urn. Cells
    are rfc2141 / rfc2141bis / rfc8141."""
    corpora = run.get("corpora", {})

    def per(corpus, op):
        d = corpora.get(corpus, {}).get("instructions_per_urn", {})
        return [d.get(s, {}).get(op) for s in SYNTAXES]

    def cells(values, pattern="%.0f"):
        return " / ".join(fmt(v, pattern) for v in values)

    def over(a, b):
        return [x / y if x is not None and y else None for x, y in zip(a, b)]

    lines = ["| corpus | yardstick | `parse_urn` | `parse_urn` x yardstick | `valid_lines` |",
             "|---|---:|---:|---:|---:|"]
    for corpus in ("mixed", "short", "invalid"):
        if corpus in corpora:
            y, p, v = per(corpus, "yardstick"), per(corpus, "parse_urn"), per(corpus, "valid_lines")
            lines.append("| %s | %s | %s | %s | %s |" % (corpus, cells(y), cells(p), cells(over(p, y), "%.2f"),
                                                       cells(v)))
    semantic = ["| mixed corpus | `equivalent` | `canonical` | `hash` |", "|---|---:|---:|---:|"]
    ops = ("equivalent", "canonical", "hash")
    semantic.append("| instructions per URN | %s |" % " | ".join(cells(per("mixed", op)) for op in ops))
    semantic.append("| x `parse_urn`'s | %s |" % " | ".join(
        cells(over(per("mixed", op), per("mixed", "parse_urn")), "%.2f") for op in ops))
    return lines, semantic


def abnf_reps(run):
    counts = {}
    for b in run.get("benchmarks", []):
        if b.get("run_type", "iteration") == "iteration":
            counts[b.get("run_name", b["name"])] = counts.get(b.get("run_name", b["name"]), 0) + 1
    return max(counts.values()) if counts else "its"


def load_dir(path):
    """The run of a directory of tools/bench.sh --json: urns_bench.json and
    the optional files beside it."""
    def maybe(name):
        p = os.path.join(path, name)
        return load(p) if os.path.exists(p) else None
    return (load(os.path.join(path, "urns_bench.json")), maybe("check.json"), maybe("abnf.json"),
            maybe("abnf_tool.json"), maybe("scaling.json"), maybe("instructions.json"),
            maybe("namespaces_tool.json"), maybe("registry.json"))


def replace_between_markers(text, block):
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        raise Missing("no %s ... %s lines to write between" % (BEGIN, END))
    start += len(BEGIN)
    return text[:start] + "\n" + block + text[end:]


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("run", help="urns_bench's --benchmark_out JSON, or a directory of tools/bench.sh --json")
    p.add_argument("--commit")
    p.add_argument("--cpu", help="the CPU model (/proc/cpuinfo's model name)")
    p.add_argument("--compiler", help="the compiler and its flags")
    what = p.add_mutually_exclusive_group()
    what.add_argument("--write", metavar="README", help="replace the block between the markers of this file")
    what.add_argument("--check", metavar="README", help="fail unless this file holds the tables between its markers")
    a = p.parse_args(argv)
    try:
        if os.path.isdir(a.run):
            parts = load_dir(a.run)
        else:
            parts = (load(a.run),) + (None,) * 7
        block = tables(parts[0], a.commit, a.cpu, a.compiler, *parts[1:])
        if a.check:
            with open(a.check, encoding="utf-8") as f:
                text = f.read()
            if replace_between_markers(text, block) != text:
                print("results.py: %s does not hold the tables made from %s: run results.py %s --write %s"
                      % (a.check, a.run, a.run, a.check), file=sys.stderr)
                return 1
        elif a.write:
            with open(a.write, encoding="utf-8") as f:
                text = replace_between_markers(f.read(), block)
            with open(a.write, "w", encoding="utf-8") as f:
                f.write(text)
        else:
            sys.stdout.write(block)
    except (Missing, OSError, ValueError, KeyError) as e:
        print("results.py: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
