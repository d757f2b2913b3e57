#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Soak and cross-checks of the `urn` command.

usage: soak.py URN_BINARY ORACLE_BINARY SOURCE_DIR PART

PART "stream": 2 GiB (URNS_SOAK_BYTES; at least 128 MiB) generated on the fly
(`yes` piped through `head -c`, never a file) streamed through
`urn extract -o` and through `urn check`; every URN must come out (counted
against the number of lines generated), and the peak RSS of `urn` (GNU
time's %M, measured from its own exec, not from Python's fork) must be the
same, within 4 MiB, as on a 64 MiB stream: the memory is constant in the
size of the input. Both run with `-j 2` (the memory grows with the number
of threads, not with the input), and the peak must stay under 32 MiB
(URNS_SOAK_RSS_MIB: a sanitized build's shadow memory and quarantine need
more).

PART "compare": files from a seeded generator (URNs truncated, interleaved,
filled with NUL bytes, CR, bytes that are not UTF-8, a last line without
its newline) given to every command that reads files (check, parse,
normalize, extract, encode), in the three syntaxes; what the command
reports must equal what the library says when called directly on the same
lines (urns_oracle, test/tool/oracle.cpp): nothing lost, nothing invented.
"""

import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time

URN = ORACLE = SRC = None
PART_TIMEOUT = 550


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def stream(unit, args, size):
    """Streams `unit` repeated to exactly `size` bytes (a multiple of its
    length) through `urn ARGS`; returns (lines out, exit status, peak RSS
    in KiB, seconds)."""
    assert size % len(unit) == 0
    start = time.monotonic()
    # `yes` repeats its argument and a newline: the unit without its last \n.
    gen = subprocess.Popen(["yes", unit[:-1]], stdout=subprocess.PIPE)
    head = subprocess.Popen(["head", "-c", str(size)], stdin=gen.stdout, stdout=subprocess.PIPE)
    gen.stdout.close()
    with tempfile.NamedTemporaryFile(prefix="urn-soak-rss-") as rss:
        tool = subprocess.Popen(["/usr/bin/time", "-f", "%M", "-o", rss.name, URN] + args,
                                stdin=head.stdout, stdout=subprocess.PIPE)
        head.stdout.close()
        count = subprocess.Popen(["wc", "-l"], stdin=tool.stdout, stdout=subprocess.PIPE)
        tool.stdout.close()
        lines = int(count.communicate()[0])
        tool.wait()
        head.wait()
        gen.kill()
        gen.wait()
        peak = int(open(rss.name).read().split()[-1])
    return lines, tool.returncode, peak, time.monotonic() - start


def part_stream():
    big = int(os.environ.get("URNS_SOAK_BYTES", str(2 << 30)))
    if big < (128 << 20):
        fail("URNS_SOAK_BYTES below 128 MiB cannot show constant memory")
    small = 64 << 20
    # Four URNs in a unit of prose (written out: isbn, ex:a, ietf, ex:b)(c)).
    prose = "See urn:isbn:0-395-36341-1 (and urn:ex:a). 'urn:ietf:rfc:2648', x urn:ex:b)(c) y; done\n"
    # Three valid URNs, one per line.
    urns = "urn:ex:a\nURN:ISBN:0-395-36341-1?s=I2L\nurn:ietf:rfc:2648#f\n"
    budget = int(os.environ.get("URNS_SOAK_RSS_MIB", "32"))
    for name, unit, per_unit, args in (("extract", prose, 4, ["extract", "-o", "-j", "2"]),
                                       ("check", urns, 3, ["check", "-j", "2"])):
        peaks = []
        for size in (small, big):
            units = -(-size // len(unit))
            lines, status, peak, took = stream(unit, args, units * len(unit))
            print("%s: %d bytes in %.1f s, %d lines out, exit %d, peak RSS %d KiB" %
                  (name, units * len(unit), took, lines, status, peak))
            if status != 0 or lines != units * per_unit:
                fail("%s: expected %d lines and exit 0" % (name, units * per_unit))
            peaks.append(peak)
        if peaks[1] > peaks[0] + 4096:
            fail("%s: peak RSS grew from %d KiB to %d KiB" % (name, peaks[0], peaks[1]))
        if peaks[1] > budget << 10:
            fail("%s: peak RSS %d KiB, over %d MiB for lines under 100 bytes" % (name, peaks[1], budget))


# Pieces of the seeded generator: URNs of every syntax, and the rest.
URNS = [b"urn:ex:a", b"URN:ISBN:0-395-36341-1?s=I2L&c=ToC#x", b"urn:ietf:rfc:2648", b"urn:x:y",
        b"urn:example:a/b?+r?=q#f", b"urn:ex:a%2C%00b", b"urn:nbn:de:101:1-2011", b"urn:ex:a)(b)",
        b"urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6", b"urn:ex:o'neil", b"urn:urn:x", b"urn:a-:b"]
NOISE = [b" ", b"\0", b"\0\0\0\0", b"\r", b"\t", b"\xff", b"\xc3\xa9", b".", b",", b"(", b")", b"'", b"\"",
         b"see ", b"=", b"/", b"&", b"?", b"#", b"%", b"%2", b"~", b"xurn:ex:z"]


def generate(rng):
    """A file of lines: whole, truncated, interleaved and NUL-filled URNs."""
    lines = []
    for _ in range(rng.randint(50, 400)):
        kind = rng.randrange(6)
        a, b = rng.choice(URNS), rng.choice(URNS)
        if kind == 0:
            line = a
        elif kind == 1:    # truncated
            line = a[:rng.randrange(len(a) + 1)]
        elif kind == 2:    # two interleaved
            i, j = rng.randrange(len(a) + 1), rng.randrange(len(b) + 1)
            line = a[:i] + b[j:] if rng.randrange(2) else a[:i] + b[:j] + a[i:]
        elif kind == 3:    # NUL-filled
            line = bytearray(a)
            for _ in range(rng.randint(1, 4)):
                k = rng.randrange(len(line) + 1)
                line[k:k] = b"\0" * rng.randint(1, 3)
            line = bytes(line)
        elif kind == 4:    # in prose
            line = b"".join(rng.choice(NOISE + URNS) for _ in range(rng.randint(1, 10)))
        else:
            line = b""
        lines.append(line + (b"\r" if rng.randrange(8) == 0 else b""))
    data = b"\n".join(lines)
    if rng.randrange(2):
        data += b"\n"
    return data


def tool_rows(cmd, syntax, path):
    """What `urn` reports for the file, in the oracle's format, and its
    exit status."""
    args = {"check": ["check", "--json"], "parse": ["parse", "--json"], "normalize": ["normalize"],
            "extract": ["extract", "--json"], "encode": ["encode", "ex", "-f"]}[cmd]
    p = subprocess.run([URN] + args[:1] + ["--syntax", syntax] + args[1:] + [path],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    out = p.stdout.decode("utf-8", "surrogateescape").splitlines()
    rows = []
    for line in out:
        if cmd == "normalize" or cmd == "encode":
            rows.append(line)
            continue
        o = json.loads(line)
        if cmd == "extract":
            rows.append("%d\t%d\t%d\t%s" % (o["line"], o["column"], o["offset"], o["urn"]))
        elif o["valid"]:
            rows.append("%d\t1\t%s\t%s" % (o["line"], o["nid"], o["nss"]))
        else:
            rows.append("%d\t0\t%d\t%s" % (o["line"], o["error"]["offset"], o["error"]["message"]))
    return rows, p.returncode


def oracle_rows(cmd, syntax, path):
    p = subprocess.run([ORACLE, cmd, syntax, path], stdout=subprocess.PIPE, check=True, timeout=60)
    rows = p.stdout.decode("utf-8", "surrogateescape").splitlines()
    if cmd == "normalize":   # the command prints the canonical forms only
        return [r.split("\t", 1)[1] for r in rows]
    if cmd == "encode":      # the command prints the URNs it made
        return [r.split("\t", 1)[1] for r in rows if not r.split("\t")[1] == "error"]
    return rows


def part_compare():
    rng = random.Random(int(os.environ.get("URNS_SOAK_SEED", "8141")))
    files = 30
    compared = found = 0
    with tempfile.TemporaryDirectory(prefix="urn-soak-") as tmp:
        for n in range(files):
            path = os.path.join(tmp, "input%d.txt" % n)
            with open(path, "wb") as f:
                f.write(generate(rng))
            for syntax in ("rfc2141", "rfc2141bis", "rfc8141"):
                for cmd in ("check", "parse", "normalize", "extract", "encode"):
                    got, status = tool_rows(cmd, syntax, path)
                    want = oracle_rows(cmd, syntax, path)
                    compared += 1
                    found += len(want)
                    if got != want:
                        lost = [r for r in want if r not in got]
                        invented = [r for r in got if r not in want]
                        fail("%s --syntax %s %s (seeded file %d): lost %r, invented %r" %
                             (cmd, syntax, path, n, lost[:5], invented[:5]))
                    if status not in (0, 1):
                        fail("%s --syntax %s: exit %d" % (cmd, syntax, status))
    print("%d (file, syntax, command) runs, %d results, all equal to the library's" % (compared, found))
    if found < 10000:
        fail("too few results to mean anything")


def main():
    global URN, ORACLE, SRC
    if len(sys.argv) != 5 or sys.argv[4] not in ("stream", "compare"):
        print(__doc__, file=sys.stderr)
        return 2
    URN, ORACLE, SRC, part = (os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2]), sys.argv[3],
                              sys.argv[4])
    signal.signal(signal.SIGALRM, lambda *_: fail("still running after %d s" % PART_TIMEOUT))
    signal.alarm(PART_TIMEOUT)
    start = time.monotonic()
    part_stream() if part == "stream" else part_compare()
    print("ok: %s in %.1f s" % (part, time.monotonic() - start))
    return 0


if __name__ == "__main__":
    sys.exit(main())
