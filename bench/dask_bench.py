#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""urns.dask against `urn extract -j 1 --json` on a sparse and a dense
corpus, and N workers against one on one large file.

The corpora (test/tool/gen_corpus.py, deterministic): sparse, prose with
a URN in one line of five; dense, one URN a line. For each, the best wall
time of RUNS runs (after one unmeasured run) of:

    urn extract -j 1 --json FILE > /dev/null                 the reference
    urns.dask.extract([FILE]).count()                         records (dicts)
    urns.dask.extract_frame([FILE]).map_partitions(len)       columns (DataFrame)

the last two with Dask's synchronous scheduler in this process (one
worker's work, without the cluster's transfers), each with its default
partitions (blocks of BLOCKSIZE, or of --blocksize). The figure of each
is the reference's time over its own: at least 0.5 (records) and 0.8
(columns) is the target (bench/README.md). Then the first pass over a
file cut into blocks (its newlines counted) against bytes.count; the peak
RSS of one process that counts the records of the dense corpus, and of a
file of four copies of it; and the dense corpus through a LocalCluster of
one worker process and of N (one thread each), extract_frame counted on
the workers: the speed-up of N over one.

Usage (from the source tree, after a Release build in build/release):
  PYTHONPATH=build/release/python python3 bench/dask_bench.py \\
      --urn build/release/tools/urn [--corpus-mb 100] [--runs 3] [--workers 2] [--dir DIR] [--blocksize 64MiB]
Prints a Markdown table, the CPU model and the load average first.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def cpu_model():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


def best(fn, runs):
    fn()  # warm: the file in the page cache, the modules imported, memory kept
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--urn", required=True, help="the urn command")
    ap.add_argument("--corpus-mb", type=float, default=100)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--dir", help="where the corpora go (default: a temporary directory, removed)")
    ap.add_argument("--blocksize", help="the blocks a file is cut into (default: urns.dask.BLOCKSIZE)")
    args = ap.parse_args()

    import dask

    import urns.dask
    from dask.utils import parse_bytes

    blocksize = parse_bytes(args.blocksize) if args.blocksize else urns.dask.BLOCKSIZE
    scratch = args.dir or tempfile.mkdtemp(prefix="urns-dask-bench.")
    os.makedirs(scratch, exist_ok=True)
    try:
        gen = os.path.join(HERE, "..", "test", "tool", "gen_corpus.py")
        corpora = {
            "sparse (prose, a URN in 1 line of 5)": (os.path.join(scratch, "sparse.txt"),
                                                     ["--prose", "--urn-every", "5"]),
            "dense (a URN a line)": (os.path.join(scratch, "dense.txt"), []),
        }
        for path, flags in corpora.values():
            if not os.path.exists(path):
                subprocess.run([sys.executable, gen, path, str(args.corpus_mb)] + flags, check=True)

        print("CPU: %s; %d cores; load average %.2f %.2f %.2f; %d runs each, the best; blocks of %d bytes" %
              ((cpu_model(), os.cpu_count()) + os.getloadavg() + (args.runs, blocksize)))
        print()
        print("| corpus | MB | URNs | `urn extract -j 1 --json` | records (`extract().count()`) | columns "
              "(`extract_frame()`) |")
        print("|---|---:|---:|---:|---:|---:|")
        dask.config.set(scheduler="sync")
        for name, (path, _) in corpora.items():
            size = os.path.getsize(path)
            with open(os.devnull, "wb") as null:
                def tool():
                    subprocess.run([args.urn, "extract", "-j", "1", "--json", path], stdout=null, check=True)
                reference = best(tool, args.runs)
            count = urns.dask.extract([path], blocksize=blocksize).count().compute()
            records = best(lambda: urns.dask.extract([path], blocksize=blocksize).count().compute(), args.runs)
            frame = urns.dask.extract_frame([path], blocksize=blocksize)
            assert sum(frame.map_partitions(len).compute()) == count
            columns = best(lambda: frame.map_partitions(len).compute(), args.runs)
            print("| %s | %.0f | %d | %.3f s | %.3f s, **%.2f** | %.3f s, **%.2f** |" %
                  (name, size / 1e6, count, reference, records, reference / records, columns, reference / columns))

        # The first pass over a file cut into blocks: its "\n"s counted by
        # the C++ code, against bytes.count on reads of the same size.
        import fsspec

        sparse = corpora["sparse (prose, a URN in 1 line of 5)"][0]
        size = os.path.getsize(sparse)
        fs = fsspec.filesystem("file")

        def by_python():
            with open(sparse, "rb") as f:
                return sum(piece.count(b"\n") for piece in iter(lambda: f.read(urns.dask._COUNT_READ), b""))

        ours = best(lambda: urns.dask._count_newlines(fs, sparse, sparse, 0, size), args.runs)
        theirs = best(by_python, args.runs)
        print()
        print("| the first pass over a file cut into blocks: its newlines counted (sparse, %.0f MB) | ms |" %
              (size / 1e6))
        print("|---|---:|")
        print("| `urns.dask` (read a MiB at a time, counted in C++) | %.1f |" % (ours * 1e3))
        print("| the same reads, `bytes.count` | %.1f |" % (theirs * 1e3))

        # The peak memory of one process that counts the records of the
        # dense corpus and of four copies of it in one file: a worker holds
        # the records of the partitions it runs, whatever the file's size.
        dense = corpora["dense (a URN a line)"][0]
        four = os.path.join(scratch, "dense-x4.txt")
        with open(four, "wb") as out:
            for _ in range(4):
                with open(dense, "rb") as f:
                    shutil.copyfileobj(f, out, 1 << 20)
        print()
        print("| peak RSS of a process running `extract([FILE]).count()` (sync scheduler) | MB |")
        print("|---|---:|")
        for label, path in (("dense, %.0f MB" % (os.path.getsize(dense) / 1e6), dense),
                            ("dense four times, %.0f MB" % (os.path.getsize(four) / 1e6), four)):
            code = ("import dask, resource, sys, urns.dask; dask.config.set(scheduler='sync'); "
                    "urns.dask.extract([sys.argv[1]], blocksize=int(sys.argv[2])).count().compute(); "
                    "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")
            kib = subprocess.run([sys.executable, "-c", code, path, str(blocksize)], check=True, capture_output=True,
                                 text=True).stdout
            print("| %s | %.0f |" % (label, int(kib) / 1024))
        os.remove(four)

        from distributed import Client, LocalCluster

        path = corpora["dense (a URN a line)"][0]
        print()
        print("| workers on one file (dense, %.0f MB, %d partitions) | `extract_frame()` counted on the workers |"
              % (os.path.getsize(path) / 1e6, urns.dask.extract_frame([path], blocksize=blocksize).npartitions))
        print("|---|---:|")
        times = {}
        for n in (1, args.workers):
            with LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None,
                              silence_logs=50) as cluster, Client(cluster) as client:
                run = iter(range(args.runs + 1))

                def count():
                    # A block size one byte more each run: new task keys, so
                    # that no result is kept from the run before.
                    frame = urns.dask.extract_frame([path], blocksize=blocksize + next(run))
                    return sum(client.compute(frame.map_partitions(len)).result())

                times[n] = best(count, args.runs)
            print("| %d | %.3f s%s |" % (n, times[n], "" if n == 1 else ", %.2fx one's speed" % (times[1] / times[n])))
    finally:
        if not args.dir:
            shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
