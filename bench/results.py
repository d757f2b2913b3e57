#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""The results tables of bench/README.md, made from one run of urns_bench.

Reads the Google Benchmark JSON of one run (`--benchmark_out=FILE
--benchmark_out_format=json`) and prints, in Markdown: a header naming the
run (commit, date, CPU, compiler, load average, repetitions), the mixed
corpus's operations in each syntax (ns per URN of CPU time and the ratio to
the yardstick of the same corpus and syntax in the same run), the fixed
small sets (short, long, invalid), and each library target with its figure
and whether the run meets it. With --write, the tables replace what lies
between the two marker lines of that file instead.

The commit, CPU model and compiler come from the run's context, where
`--benchmark_context=commit=...,cpu=...,compiler=...` puts them, or from
the options of the same names; the date, core count, clock and load
average always come from the context.

usage: results.py RUN.json [--commit C] [--cpu MODEL] [--compiler TEXT]
                           [--write bench/README.md]
"""
import argparse
import datetime
import json
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


def targets_table(m):
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

    lines = ["| target (the same run) | rfc2141 | rfc2141bis | rfc8141 | met |", "|---|---:|---:|---:|---|"]
    for label, values, met in rows:
        lines.append("| %s | %s | %s |" % (label, " | ".join(fmt(v) for v in values), met))
    return lines


def tables(run, commit=None, cpu=None, compiler=None):
    m, reps = measurements(run)
    if not m:
        raise Missing("the run has no benchmark of urns_bench (corpus/syntax/operation) with a time")
    out = [header(run, reps, commit, cpu, compiler), ""]
    mixed = mixed_table(m)
    if len(mixed) > 2:
        out += mixed + [""]
    out += ["`find_urns`'s row is MB/s of text. The fixed small sets (10 short URNs of 8-19 bytes, "
            "10 long ones of 200-2000, 25 invalid inputs), ns per URN and x yardstick:", ""]
    out += small_table(m) + [""]
    out += targets_table(m)
    return "\n".join(out) + "\n"


def replace_between_markers(text, block):
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        raise Missing("no %s ... %s lines to write between" % (BEGIN, END))
    start += len(BEGIN)
    return text[:start] + "\n" + block + text[end:]


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("run", help="urns_bench's --benchmark_out JSON")
    p.add_argument("--commit")
    p.add_argument("--cpu", help="the CPU model (/proc/cpuinfo's model name)")
    p.add_argument("--compiler", help="the compiler and its flags")
    p.add_argument("--write", metavar="README", help="replace the block between the markers of this file")
    a = p.parse_args(argv)
    try:
        block = tables(load(a.run), a.commit, a.cpu, a.compiler)
        if a.write:
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
