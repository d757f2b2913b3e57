#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""The length distribution of URNs, which chose urns::urn::inline_capacity.

    urns_bench --write-corpus=corpus.txt --corpus-size=100000
    python3 bench/urn_lengths.py corpus.txt [SOURCE_ROOT]

Three sets, each with its length percentiles and the share of URNs of at
most 31, 47, 55, 63 and 95 bytes:
  - the benchmark's mixed corpus (the file given, one URN a line, in bytes);
  - every cell of test/vectors/**/*.tsv that starts with "urn:" (any case);
  - the string literals starting with "urn:" in test/unit/nss_*.cpp: the
    registered namespaces' example URNs the tests take from their documents.
"""
import glob
import os
import re
import sys

LIMITS = (31, 47, 55, 63, 95)


def percentile(xs, p):
    """The nearest-rank percentile of the sorted list xs."""
    rank = -(-p * len(xs) // 100)  # ceil(p * n / 100)
    return xs[max(1, rank) - 1]


def corpus_lengths(path):
    with open(path, "rb") as f:
        return [len(line.rstrip(b"\n")) for line in f]


def vector_lengths(root):
    out = []
    for name in glob.glob(os.path.join(root, "test", "vectors", "**", "*.tsv"), recursive=True):
        with open(name, "rb") as f:
            for line in f:
                if line.startswith(b"#"):
                    continue
                out += [len(c) for c in line.rstrip(b"\n").split(b"\t") if c[:4].lower() == b"urn:"]
    return out


def namespace_example_lengths(root):
    literal = re.compile(rb'"([uU][rR][nN]:(?:[^"\\]|\\.)*)"')
    out = []
    for name in glob.glob(os.path.join(root, "test", "unit", "nss_*.cpp")):
        with open(name, "rb") as f:
            out += [len(m.group(1)) for m in literal.finditer(f.read())]
    return out


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    root = sys.argv[2] if len(sys.argv) == 3 else os.path.join(os.path.dirname(__file__), "..")
    sets = [
        ("mixed corpus", corpus_lengths(sys.argv[1])),
        ("test/vectors", vector_lengths(root)),
        ("namespace examples", namespace_example_lengths(root)),
    ]
    print("| set | URNs | median | p90 | p95 | p99 | max | " + " | ".join(f"<= {n}" for n in LIMITS) + " |")
    print("|---|---:|---:|---:|---:|---:|---:|" + "---:|" * len(LIMITS))
    for name, xs in sets:
        xs = sorted(xs)
        cells = [str(len(xs))] + [str(percentile(xs, p)) for p in (50, 90, 95, 99)] + [str(xs[-1])]
        cells += [f"{100 * sum(1 for x in xs if x <= n) / len(xs):.1f}%" for n in LIMITS]
        print(f"| {name} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
