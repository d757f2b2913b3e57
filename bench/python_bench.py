#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""The Python package's cost, next to C++ on the same URNs.

  (1) per URN: urns.parse in a Python loop, urns.is_valid_many,
      urns.parse_many, urns.canonical_many, against urns_bench_lines (the C++ library on the
      same file of URNs: parse_urn to a view, urn::parse owning, canonical);
      keywords against positions, and parse_many's peak memory against a
      loop's (peak RSS, each in a fresh process);
  (2) the Dask pipeline (urns.dask) on a generated corpus of text shards,
      next to `urn extract -j 1` on the same files in the same run: one
      worker of a LocalCluster, then N, against one urn process, and the
      host's ceiling for two processes (two independent urn processes at
      once).

Usage (from the source tree, after a build in build/release):
  PYTHONPATH=build/release/python python3 bench/python_bench.py \\
      --lines-timer build/release/bench/urns_bench_lines --urn build/release/tools/urn \\
      [--corpus-mb 64] [--dir DIR]
Prints Markdown tables.
"""

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import json

import urns


def corpus_urns(n, seed=8141):
    """A mix of URNs, valid and a few invalid, from our own generator."""
    rng = random.Random(seed)
    hexd = "0123456789abcdef"
    out = []
    for _ in range(n):
        k = rng.random()
        if k < 0.25:
            u = "urn:uuid:" + "-".join("".join(rng.choice(hexd) for _ in range(w)) for w in (8, 4, 4, 4, 12))
        elif k < 0.35:
            u = "urn:isbn:978-" + str(rng.randint(0, 9)) + "-" + str(rng.randint(100, 99999)) + "-" + \
                str(rng.randint(10, 999)) + "-" + str(rng.randint(0, 9))
        elif k < 0.45:
            u = "urn:ietf:params:" + ":".join(rng.choice(["xml", "ns", "oauth", "scim", "schemas", "core"])
                                              for _ in range(rng.randint(2, 5)))
        elif k < 0.55:
            u = "urn:oid:" + ".".join(str(rng.randint(0, 40000)) for _ in range(rng.randint(3, 12)))
        elif k < 0.65:
            u = "urn:nbn:de:" + str(rng.randint(100, 999)) + "-" + str(rng.randint(1000, 999999))
        elif k < 0.75:
            u = "URN:Example:" + "".join(rng.choice(["a", "b", "X", "Z", "0", "9", ",", "%2c", "%2C"])
                                         for _ in range(rng.randint(5, 60)))
        elif k < 0.95:
            u = "urn:" + rng.choice(["epc", "ogc", "lex", "mpeg", "publicid", "sha1"]) + ":" + \
                ":".join("".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789.-") for _ in range(rng.randint(2, 12)))
                         for _ in range(rng.randint(1, 5)))
        else:
            u = rng.choice(["urn:ex:a b", "http://example.com/", "urn:x:y", "urn:ex:a%zz", "urn::x"])
        out.append(u)
    return out


def best(f, reps):
    t = float("inf")
    for _ in range(reps):
        t0 = time.perf_counter()
        f()
        t = min(t, time.perf_counter() - t0)
    return t


def per_urn(args):
    """Each repetition times the C++ calls (urns_bench_lines, best of its
    own --reps passes, warm) and then every Python row once, so that a
    change of the machine's load during the run reaches both sides of a
    ratio; each figure is its best over the repetitions."""
    texts = corpus_urns(args.urns)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, encoding="ascii") as f:
        f.write("\n".join(texts))
        path = f.name
    n = len(texts)
    parse = urns.parse
    ParseError = urns.ParseError

    def loop():
        for t in texts:
            try:
                parse(t)
            except ParseError:
                pass

    def loop_valid():
        is_valid = urns.is_valid
        for t in texts:
            is_valid(t)

    def loop_valid_positional():
        is_valid = urns.is_valid
        for t in texts:
            is_valid(t, "rfc2141bis")

    def loop_valid_keyword():
        is_valid = urns.is_valid
        for t in texts:
            is_valid(t, syntax="rfc2141bis")

    python_rows = [
        ("urns.parse, a Python loop", loop, "parse_owning_ns"),
        ("urns.is_valid, a Python loop", loop_valid, "parse_view_ns"),
        ("urns.is_valid(t, 'rfc2141bis'), a loop", loop_valid_positional, "parse_view_ns"),
        ("urns.is_valid(t, syntax='rfc2141bis'), a loop", loop_valid_keyword, "parse_view_ns"),
        ("urns.is_valid_many (bytes of 1 and 0)", lambda: urns.is_valid_many(texts), "parse_view_ns"),
        ("urns.parse_many(errors='none')", lambda: urns.parse_many(texts, errors="none"), "parse_owning_ns"),
        ("urns.canonical_many(errors='none')", lambda: urns.canonical_many(texts, errors="none"), "canonical_ns"),
    ]
    cpp = None
    took = {name: float("inf") for name, _, _ in python_rows}
    try:
        for _ in range(args.reps):
            c = json.loads(subprocess.run([args.lines_timer, path, "rfc2141bis", str(args.reps)],
                                          check=True, stdout=subprocess.PIPE).stdout)
            cpp = c if cpp is None else {k: min(v, c[k]) if k.endswith("_ns") else v for k, v in cpp.items()}
            for name, f, _ in python_rows:
                took[name] = min(took[name], best(f, 1))
    finally:
        os.unlink(path)
    rows = [
        ("C++ parse_urn (view)", cpp["parse_view_ns"], None),
        ("C++ urn::parse (owning)", cpp["parse_owning_ns"], None),
        ("C++ canonical (new string)", cpp["canonical_ns"], None),
    ] + [(name, took[name] / n * 1e9, cpp[ref]) for name, _, ref in python_rows]
    print("\n%d URNs (%d valid under rfc2141bis), %d bytes; best of %d\n" % (n, cpp["valid"], cpp["bytes"], args.reps))
    print("| operation | ns/URN | x C++ |")
    print("|---|---:|---:|")
    for name, ns, ref in rows:
        print("| %s | %.1f | %s |" % (name, ns, "%.2f" % (ns / ref) if ref else ""))
    memory(args)


MEMORY = """
import resource, sys, urns
sys.path.insert(0, sys.argv[3])
from python_bench import corpus_urns
texts = corpus_urns(int(sys.argv[2]))
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
if sys.argv[1] == "loop":
    out = []
    for t in texts:
        try:
            out.append(urns.parse(t))
        except urns.ParseError:
            out.append(None)
else:
    out = urns.parse_many(texts, errors="none")
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - base)
"""


def memory(args):
    """Peak RSS over the inputs' of parse_many and of a loop, 1M URNs, each
    in a fresh process."""
    n = args.memory_urns
    here = os.path.dirname(os.path.abspath(__file__))
    print("\n%d URNs (the same generator), peak RSS above the inputs', each in a fresh process\n" % n)
    print("| how | MiB |")
    print("|---|---:|")
    for how, name in (("loop", "[urns.parse(t) for t in texts] (None for invalid)"),
                      ("many", "urns.parse_many(texts, errors='none')")):
        r = subprocess.run([sys.executable, "-c", MEMORY, how, str(n), here], check=True, stdout=subprocess.PIPE)
        print("| %s | %.0f |" % (name, int(r.stdout) / 1024))


def make_corpus(d, mb, shards=16, seed=2141):
    """Text shards of about `mb` MB in all: lines of words with a URN now
    and then (about one per 100 bytes), from a pool of lines."""
    rng = random.Random(seed)
    pool_urns = corpus_urns(5000, seed)
    words = ["the", "of", "see", "and", "record", "identifier", "Straße", "(", ")", "http://example.com/x"]
    pool = []
    for _ in range(20000):
        w = [rng.choice(pool_urns) if rng.random() < 0.12 else rng.choice(words) for _ in range(rng.randint(3, 25))]
        pool.append((" ".join(w) + "\n").encode())
    target = mb * 1000 * 1000 // shards
    total = 0
    for i in range(shards):
        lines = []
        size = 0
        while size < target:
            line = pool[rng.randrange(len(pool))]
            lines.append(line)
            size += len(line)
        with open(os.path.join(d, "shard-%02d.txt" % i), "wb") as f:
            f.write(b"".join(lines))
        total += size
    return total


def timed(cmd_lists):
    """Wall seconds of commands run at once (output to /dev/null)."""
    t0 = time.perf_counter()
    procs = [subprocess.Popen(c, stdout=subprocess.DEVNULL) for c in cmd_lists]
    for p in procs:
        p.wait()
    return time.perf_counter() - t0


def dask_pipeline(args):
    from distributed import Client, LocalCluster

    import urns.dask

    d = args.dir or tempfile.mkdtemp(prefix="urns-dask-bench.")
    os.makedirs(d, exist_ok=True)
    try:
        t0 = time.perf_counter()
        size = make_corpus(d, args.corpus_mb)
        files = sorted(os.path.join(d, f) for f in os.listdir(d) if f.startswith("shard-"))
        print("\nDask corpus: %d bytes in %d shards, made in %.1f s" % (size, len(files), time.perf_counter() - t0))
        urn = [args.urn, "extract", "-j", "1"]
        rows = []
        one = best(lambda: timed([urn + ["--json"] + files]), args.dask_reps)
        plain = best(lambda: timed([urn + ["-c"] + files]), args.dask_reps)
        two = best(lambda: timed([urn + ["--json"] + files, urn + ["--json"] + files]), args.dask_reps)
        rows.append(("`urn extract -j 1 --json` (one process)", one, size))
        rows.append(("`urn extract -j 1 -c` (one process, counts only)", plain, size))
        rows.append(("two `urn extract -j 1 --json` at once, each on all files", two, 2 * size))
        count = None
        for workers in sorted({1, args.max_workers}):
            with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                              dashboard_address=None) as cluster, Client(cluster) as client:

                def records():
                    nonlocal count
                    count = urns.dask.extract(files).count().compute()

                def json_lines():
                    parts = urns.dask._parts(files, "rfc2141bis", False, None, False, False, True, True)
                    futures = client.compute(parts)
                    total = 0
                    for f in futures:
                        total += sum(len(b) for b in f.result())
                    return total

                records()  # warm the workers (imports)
                rows.append(("urns.dask.extract(...).count(), %d worker%s" % (workers, "s" * (workers > 1)),
                             best(records, args.dask_reps), size))
                rows.append(("JSON lines gathered (the command's work), %d worker%s" % (workers, "s" * (workers > 1)),
                             best(json_lines, args.dask_reps), size))
        print("\nURNs found: %d; best of %d, wall clock\n" % (count, args.dask_reps))
        print("| run | wall s | MB/s | MB/s per process or worker | x one urn process |")
        print("|---|---:|---:|---:|---:|")
        for name, t, nbytes in rows:
            procs = 2 if name.startswith("two") else int(name.rsplit(", ", 1)[1].split()[0]) if "worker" in name else 1
            print("| %s | %.2f | %.1f | %.1f | %.2f |" % (name, t, nbytes / t / 1e6, nbytes / t / 1e6 / procs,
                                                         (nbytes / t) / (size / one)))
    finally:
        if not args.dir:
            shutil.rmtree(d, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lines-timer", required=True, help="the built urns_bench_lines")
    ap.add_argument("--urn", required=True, help="the built urn tool")
    ap.add_argument("--memory-urns", type=int, default=1000000, help="URNs for the peak memory figures")
    ap.add_argument("--max-workers", type=int, default=2, help="the largest LocalCluster measured")
    ap.add_argument("--urns", type=int, default=200000, help="URNs for the per-URN figures")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--corpus-mb", type=int, default=64)
    ap.add_argument("--dask-reps", type=int, default=3)
    ap.add_argument("--dir", help="where the Dask corpus is made (default: a temporary directory)")
    ap.add_argument("--no-dask", action="store_true")
    args = ap.parse_args()
    with open("/proc/cpuinfo") as f:
        cpu = next((l.split(":", 1)[1].strip() for l in f if l.startswith("model name")), "unknown")
    print("CPU: %s (/proc/cpuinfo); %d cores; load average %.1f; Python %s" % (
        cpu, os.cpu_count(), os.getloadavg()[0], sys.version.split()[0]))
    per_urn(args)
    if not args.no_dask:
        dask_pipeline(args)


if __name__ == "__main__":
    main()
