#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Cost of the `urn` command on hostile input: it must grow with the
input, never faster.

usage: complexity.py URN_BINARY [SHAPE...]

Each shape is a worst case of one command (and of the library entry point
it calls) on input of unbounded size: many URNs on one line (extract,
find_urns), a long query of directives (parse, check --lint, normalize
5b: directives, effective_directives, canonical), a long NSS of "%"
triplets (check, check --lint, parse, normalize: parse_urn, check,
canonical), one long line read from a file and from a pipe (the line
reader). Each is run at size n and 8n, a few times; the CPU time (user +
system, from wait4) of the best run at 8n must be at most MAX_RATIO times
that at n (linear: 8, and noise), so a quadratic cost (64) fails. A
ratio over the bound is measured again, up to RETRIES more times, the
best times of all the runs kept: a load on the machine that slows one
run (other builds, page cache) passes, a cost that grows faster than the
input fails each time.

The peak resident memory of each run (wait4's ru_maxrss) is checked too:
at most BASE + C x --max-line, with --max-line the line's length rounded
up to a MiB and C the constant docs/cli.md states ("Memory"), at -j 1 and
at -j 2 (output to /dev/null, which is still a file: -j 2 captures output
in memory before writing it).

URNS_COMPLEXITY_SCALE divides the sizes (a sanitized build, ten times
slower); URNS_COMPLEXITY_NO_RSS=1 skips the memory bounds (a sanitizer's
shadow memory). Prints a table: shape, n, 8n, seconds, ratio, peak RSS.
"""

import os
import signal
import subprocess
import sys
import tempfile
import threading

URN = None
MAX_RATIO = 12.0
REPS = int(os.environ.get("URNS_COMPLEXITY_REPS", "3"))
RETRIES = int(os.environ.get("URNS_COMPLEXITY_RETRIES", "2"))
RUN_TIMEOUT = int(os.environ.get("URNS_COMPLEXITY_RUN_TIMEOUT", "60"))
# docs/cli.md, "Memory": the most a line costs, in multiples of --max-line.
MEMORY_FACTOR = 4
MEMORY_FACTOR_LINT = 24
MEMORY_FACTOR_DIRECTIVES = 24  # parse and explain: a table of the query's directives
BASE_KIB = 24 * 1024  # the binary, the libraries, the output buffers
SCALE = int(os.environ.get("URNS_COMPLEXITY_SCALE", "1"))
NO_RSS = os.environ.get("URNS_COMPLEXITY_NO_RSS") == "1"
MIB = 1 << 20


def run_once(args, path, pipe):
    """Runs urn ARGS on the file at `path` (as an operand, or through `cat`
    into standard input); returns (CPU seconds, peak RSS KiB, status). The
    CPU time is wait4's (of GNU time and of urn, which it waits for); the
    peak RSS is GNU time's %M, measured from urn's own exec (wait4's would
    count the memory of this Python process, copied by the fork)."""
    with open(os.devnull, "wb") as null, tempfile.NamedTemporaryFile(prefix="urn-rss-") as rss:
        cmd = ["/usr/bin/time", "-f", "%M %x", "-o", rss.name, URN] + args
        cat = None
        if pipe:
            cat = subprocess.Popen(["cat", path], stdout=subprocess.PIPE)
            p = subprocess.Popen(cmd, stdin=cat.stdout, stdout=null, stderr=null, start_new_session=True)
            cat.stdout.close()
        else:
            p = subprocess.Popen(cmd + [path], stdin=subprocess.DEVNULL, stdout=null, stderr=null,
                                 start_new_session=True)
        # GNU time and urn in a process group of their own, killed together.
        timer = threading.Timer(RUN_TIMEOUT, lambda: os.killpg(p.pid, signal.SIGKILL))
        timer.start()
        try:
            _, status, ru = os.wait4(p.pid, 0)
        finally:
            timer.cancel()
        p.returncode = 0
        if cat:
            cat.wait()
        words = open(rss.name).read().split()
        try:
            peak = int(words[-2])
            code = int(words[-1])
        except (ValueError, IndexError):
            peak, code = 0, -9  # killed (GNU time says "Command terminated by signal")
    return ru.ru_utime + ru.ru_stime, peak, code


def best(args, path, pipe):
    times, rss, statuses = [], [], set()
    for _ in range(REPS):
        t, m, s = run_once(args, path, pipe)
        times.append(t)
        rss.append(m)
        statuses.add(s)
        if s < 0 or s > 2:
            break
    return min(times), max(rss), statuses


# Shapes: name -> (make(n) -> bytes, n, whether it is read from a pipe,
# the commands to run on it).
def urns_on_a_line(n):
    return b"urn:ex:a " * n + b"\n"


def long_line(n):
    return b"urn:ex:" + b"a" * n + b"\n"


def triplets(n):
    return b"urn:ex:" + b"%41" * n + b"\n"


def directives(n):
    return b"urn:ex:a?" + b"&".join(b"k%d=v" % i for i in range(n)) + b"\n"


def repeated_directives(n):
    # the same keyword, every value's hex digits in another case: sorting
    # and comparing them is the work of 5b.
    return b"urn:ex:a?" + b"&".join(b"x=%%2%c" % (b"aBcD"[i % 4]) for i in range(n)) + b"\n"


SHAPES = [
    # (name, make, n, pipe, [args...])
    ("urns-per-line", urns_on_a_line, 300000, False,
     [["extract", "-j1"], ["extract", "-j2"], ["extract", "-j1", "--json"], ["extract", "-j1", "-c"]]),
    ("line-from-file", long_line, 4 * MIB, False,
     [["check", "-q", "-j1"], ["check", "-q", "-j2"], ["check", "-j1"], ["extract", "-j1"], ["parse"]]),
    ("line-from-pipe", long_line, 8 * MIB, True,
     [["check", "-q", "-j1"], ["check", "-q", "-j2"], ["extract", "-j1"], ["extract", "-j2"], ["normalize"]]),
    ("pct-triplets", triplets, 200000, False,
     [["check", "-j1"], ["check", "--lint", "-j1"], ["check", "--lint", "-j2"], ["check", "--lint", "--json",
                                                                                  "-j1"],
      ["parse"], ["parse", "--json"], ["normalize", "-j1"], ["extract", "-j2", "--json"]]),
    ("directives", directives, 100000, False,
     [["parse"], ["parse", "--json"], ["check", "--lint", "-j1"], ["check", "--lint", "-j2"],
      ["normalize", "--mode", "rfc2141bis-5b", "-j1"], ["explain"]]),
    ("repeated-keywords", repeated_directives, 40000, False,
     [["parse"], ["check", "--lint", "-j2"], ["normalize", "--mode", "rfc2141bis-5b", "-j2"]]),
]


def main():
    global URN
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    URN = os.path.abspath(sys.argv[1])
    only = set(sys.argv[2:])
    failures = []
    rows = []
    with tempfile.TemporaryDirectory(prefix="urn-complexity-") as tmp:
        for name, make, n, pipe, commands in SHAPES:
            if only and name not in only:
                continue
            n = max(1, n // SCALE)
            small = os.path.join(tmp, name + ".small")
            big = os.path.join(tmp, name + ".big")
            with open(small, "wb") as f:
                f.write(make(n))
            with open(big, "wb") as f:
                f.write(make(8 * n))
            max_line = (os.path.getsize(big) + MIB - 1) // MIB * MIB
            for args in commands:
                full = args + ["--max-line", str(max_line)]
                t1, m1, s1 = best(full, small, pipe)
                t8, m8, s8 = best(full, big, pipe)
                ratio = t8 / max(t1, 0.005)
                for _ in range(RETRIES):
                    if ratio <= MAX_RATIO or t8 <= 0.05:
                        break
                    u1, _, v1 = best(full, small, pipe)
                    u8, _, v8 = best(full, big, pipe)
                    t1, t8, s1, s8 = min(t1, u1), min(t8, u8), s1 | v1, s8 | v8
                    ratio = t8 / max(t1, 0.005)
                label = "%s: urn %s%s" % (name, " ".join(args), " (pipe)" if pipe else "")
                rows.append((label, n, t1, t8, ratio, m8))
                if any(s < 0 or s > 2 for s in s1 | s8):
                    failures.append("%s: killed or crashed (status %s)" % (label, sorted(s1 | s8)))
                if ratio > MAX_RATIO and t8 > 0.05:
                    failures.append("%s: %.3f s at n, %.3f s at 8n: %.1f times (at most %g)" %
                                    (label, t1, t8, ratio, MAX_RATIO))
                factor = (MEMORY_FACTOR_LINT if "--lint" in args else
                          MEMORY_FACTOR_DIRECTIVES if args[0] in ("parse", "explain") else MEMORY_FACTOR)
                bound = BASE_KIB + factor * max_line // 1024
                if not NO_RSS and m8 > bound:
                    failures.append("%s: peak RSS %d KiB for a line of %d bytes (--max-line %d): over %d KiB "
                                    "(%d x --max-line + %d KiB)" % (label, m8, os.path.getsize(big), max_line,
                                                                     bound, factor, BASE_KIB))
    print("%-58s %9s %8s %8s %7s %10s" % ("shape: command", "n", "t(n) s", "t(8n) s", "ratio", "RSS(8n) KiB"))
    for label, n, t1, t8, ratio, m8 in rows:
        print("%-58s %9d %8.3f %8.3f %7.2f %10d" % (label, n, t1, t8, ratio, m8))
    for f in failures:
        print("FAIL: " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
