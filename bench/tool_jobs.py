#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""The `urn` tool's scaling with -j: `check -q`, `check`, `normalize` on a
file of URNs and `extract` on a file of prose, each with -j 1 and -j N,
output to /dev/null, file in the page cache; RUNS runs of each (default
5), alternating; the best wall time, the CPU time (user + system) of that
run, MB/s of input per wall second and per CPU second, and the speed-up
of -j N (wall of -j 1 over wall of -j N). As the machine's own ceiling,
measured in the same runs: N separate `-j 1` processes on the same file at
once, whose speed-up is N times the wall of one alone over the wall of the
N together (on a virtual machine whose processors share a core or memory
bandwidth with their neighbours, this is well under N, and -j N cannot do
better).

usage: tool_jobs.py URN_BINARY URNS_FILE PROSE_FILE [--jobs N] [--runs R]

The files: `urns_bench --write-corpus=FILE --corpus-size=4700000` (256 MB
of the mixed corpus, one URN a line) and `urns_bench --write-prose=FILE`
(256 MiB of prose, a URN about every ten lines).
"""
import os
import resource
import subprocess
import sys
import time


def run_timed(argv):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    with open(os.devnull, "wb") as null:
        status = subprocess.run(argv, stdout=null, stderr=null).returncode
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if status not in (0, 1):
        sys.exit("%s: status %d" % (" ".join(argv), status))
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def run_together(argvs):
    """Starts the commands at once; the wall time until all have ended."""
    t = time.perf_counter()
    with open(os.devnull, "wb") as null:
        procs = [subprocess.Popen(a, stdout=null, stderr=null) for a in argvs]
        for p in procs:
            p.wait()
    return time.perf_counter() - t


def main():
    args = sys.argv[1:]
    jobs, runs = os.cpu_count(), 5
    for flag in ("--jobs", "--runs"):
        if flag in args:
            i = args.index(flag)
            if flag == "--jobs":
                jobs = int(args[i + 1])
            else:
                runs = int(args[i + 1])
            del args[i:i + 2]
    if len(args) != 3:
        sys.exit(__doc__)
    urn, urns_file, prose_file = args
    model = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")),
                 "unknown")
    print("CPU: %s, %d processors; load average before: %.2f" % (model, os.cpu_count(), os.getloadavg()[0]))
    print()
    print("| command | MB | -j 1 wall s | -j 1 CPU s | -j 1 MB/s (CPU) | -j %d wall s | -j %d CPU s | "
          "-j %d MB/s (wall) | speed-up | %d processes: speed-up |" % (jobs, jobs, jobs, jobs))
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for cmd, path in ((["check", "-q"], urns_file), (["check"], urns_file), (["normalize"], urns_file),
                      (["extract"], prose_file)):
        mb = os.path.getsize(path) / 1e6
        best = {}
        together = None
        for _ in range(runs):
            for n in (1, jobs):
                w, c = run_timed([urn] + cmd + ["-j", str(n), path])
                if n not in best or w < best[n][0]:
                    best[n] = (w, c)
            w = run_together([[urn] + cmd + ["-j", "1", path]] * jobs)
            together = w if together is None else min(together, w)
        (w1, c1), (wn, cn) = best[1], best[jobs]
        print("| `urn %s` | %.0f | %.3f | %.3f | %.0f | %.3f | %.3f | %.0f | %.2f | %.2f |" % (
            " ".join(cmd), mb, w1, c1, mb / c1, wn, cn, mb / wn, w1 / wn, jobs * w1 / together))
    print()
    print("load average after: %.2f" % os.getloadavg()[0])


if __name__ == "__main__":
    sys.exit(main())
