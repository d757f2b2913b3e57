#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Medians over several runs of urns_bench (tools/bench.sh --repeat N).

Reads the `--table` files of N runs of the mixed corpus and prints, per row,
the median ns/URN and "x yardstick" with their min-max over the runs, the
target and whether the median meets it, and for equivalent and hash their
time over parse_urn's in the same run (the target says "faster than
parsing"). One run on a shared machine moves from run to run; the median of
several is steadier.
"""
import statistics
import sys

TARGETS = {
    "parse_urn (view)": ("<= 1.15x, 0 alloc", lambda x, a, _: x <= 1.15 and a == 0),
    "urn::parse (owning)": ("<= 1.3x, 1 alloc", lambda x, a, _: x <= 1.3 and a <= 1),
    "equivalent (equal twins)": ("0 alloc, < parse_urn", lambda x, a, p: a == 0 and p < 1),
    "hash": ("0 alloc, < parse_urn", lambda x, a, p: a == 0 and p < 1),
}
FIND = ("find_urns (text, 1 URN/4 KiB)", ">= 1 GB/s")


def main(paths):
    rows, order = {}, []
    for run, path in enumerate(paths):
        for line in open(path, encoding="utf-8"):
            c = [x.strip() for x in line.strip().strip("|").split("|")]
            if len(c) < 9 or c[0] != "mixed":
                continue
            key = (c[1], c[2])
            if key not in rows:
                rows[key] = {}
                order.append(key)
            rows[key][run] = (float(c[3]), float(c[6]) if c[6] else None, float(c[5]), float(c[4]))
    runs = range(len(paths))
    print(f"Medians of {len(paths)} runs of the mixed corpus (min-max in brackets).\n")
    print("| syntax | operation | ns/URN | MB/s | x yardstick | allocs/URN | / parse_urn | target | met |")
    print("|---|---|---:|---:|---:|---:|---:|---|---|")
    for key in order:
        r = rows[key]
        ns = [r[i][0] for i in runs if i in r]
        xs = [r[i][1] for i in runs if i in r and r[i][1] is not None]
        mbs = [r[i][3] for i in runs if i in r]
        alloc = statistics.median([r[i][2] for i in runs if i in r])
        parse = rows.get((key[0], "parse_urn (view)"), {})
        per = [r[i][0] / parse[i][0] for i in runs if i in r and i in parse]
        fmt = lambda v, d: f"{statistics.median(v):.{d}f} ({min(v):.{d}f}-{max(v):.{d}f})" if v else ""
        target, met = "", ""
        if key[1] in TARGETS:
            target, check = TARGETS[key[1]]
            met = "yes" if check(statistics.median(xs), alloc, statistics.median(per)) else "NO"
        elif key[1] == FIND[0]:
            target, met = FIND[1], "yes" if statistics.median(mbs) >= 1000 else "NO"
        shown_per = fmt(per, 2) if key[1] in ("equivalent (equal twins)", "hash") else ""
        print(f"| {key[0]} | {key[1]} | {fmt(ns, 1)} | {statistics.median(mbs):.0f} | {fmt(xs, 2)} | {alloc:.2f} "
              f"| {shown_per} | {target} | {met} |")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: median_table.py TABLE.md...")
    main(sys.argv[1:])
