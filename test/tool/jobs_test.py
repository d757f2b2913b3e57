#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Tests of -j N (check, normalize and extract): the output is that of one
thread for every N, each line is counted once wherever the ranges of a
file are cut, messages stay in place on one stream, a line typed on
standard input is answered at once, a closed pipe, bad values, and read
errors in order.

usage: jobs_test.py URN_BINARY SOURCE_DIR

Exit status 0 if every test passed (urntest.main).
"""

import os
import subprocess
import sys

sys.dont_write_bytecode = True  # before importing urntest: no __pycache__ in the source tree
import urntest
from urntest import SRC, TMP, URN, Run, expect, json_lines, test, urn, write


def jobs_corpus():
    """A few MiB of lines made to cross the reader's blocks in every way:
    valid and invalid URNs, prose with URNs, empty lines, CRLF, a byte
    order mark, lines over --max-line both inside a block and longer than
    one, NUL bytes, and no final newline; written as one plain file, its
    gzip form, and a short second file."""
    import gzip
    import random
    rnd = random.Random(8141)
    parts = [b"\xef\xbb\xbfurn:ex:bom-first\n"]
    size = 0
    i = 0
    while size < 3 * (1 << 20):
        i += 1
        k = rnd.randrange(12)
        if k == 0:
            line = b"urn:isbn:0-395-36341-%d" % rnd.randrange(10)          # check digit may be wrong
        elif k == 1:
            line = b"urn:ex:bad line %d" % i                                # invalid (space)
        elif k == 2:
            line = b""                                                       # empty
        elif k == 3:
            line = b"see urn:ex:a%%2C%d, then URN:X-Y:z (and urn:ietf:rfc:2141)." % i
        elif k == 4:
            line = b"urn:ex:" + b"L" * rnd.choice((300, 5000, 70000))      # long: some over --max-line
        elif k == 5:
            line = b"urn:ex:nul\x00byte"
        elif k == 6:
            line = b"URN:Example:%%7e%d?+r?=q#f" % i
        else:
            line = b"urn:ex:%d-%s" % (i, bytes(rnd.choice(b"abcXYZ019-.") for _ in range(rnd.randrange(1, 60))))
        parts.append(line + (b"\r\n" if rnd.randrange(4) == 0 else b"\n"))
        size += len(parts[-1])
    data = b"".join(parts) + b"urn:ex:last-without-newline"
    plain = write("jobs.txt", data)
    packed = write("jobs.txt.gz", gzip.compress(data, 1))
    small = write("jobs-small.txt", b"urn:ex:s1\nnot a urn\nurn:ex:s2\n")
    return data, plain, packed, small


@test
def jobs_output_is_that_of_one_thread():
    """check, normalize and extract with -j 2, 3 and 8 write the same bytes
    on standard output and on standard error, and end with the same
    status, as with -j 1, for every output form; files, a gzip file, a
    missing file and URN arguments in one run."""
    data, plain, packed, small = jobs_corpus()
    missing = os.path.join(TMP, "no-such-file")
    runs = [
        ["check", "--max-line", "64K"], ["check", "-q", "--lint", "--max-line", "64K"],
        ["check", "--json", "--lint", "--namespaces", "--max-line", "64K"],
        ["normalize", "--max-line", "64K"], ["normalize", "--json", "--namespaces", "--max-line", "64K"],
        ["extract", "--max-line", "64K"], ["extract", "--json", "--namespaces", "--max-line", "64K"],
        ["extract", "-c", "--max-line", "64K"], ["extract", "-l", "-o", "--max-line", "64K"],
    ]
    for args in runs:
        files = [plain, "urn:ex:argument", packed, missing, small] if args[0] != "extract" else \
            [plain, packed, missing, small]
        one = urn(*(args + ["-j", "1"] + files))
        expect(one.status in (1, 2) and one.err != "", one, "the corpus has invalid lines and a missing file")
        for n in ("2", "3", "8"):
            many = urn(*(args + ["-j", n] + files))
            expect(many.status == one.status and many.out == one.out and many.err == one.err,
                   (one, many), "%s -j %s: the output of -j 1" % (" ".join(args), n))


@test
def jobs_lines_independently_counted():
    """With -j 4, every line of a file of known lines is reported once, in
    order, with its number and offset as Python counts them (the check
    does not rely on -j 1)."""
    import random
    rnd = random.Random(2141)
    lines, data = [], bytearray()
    while len(data) < 2 * (1 << 20):
        line = b"urn:ex:" + bytes(rnd.choice(b"abcXYZ019") for _ in range(rnd.randrange(1, 200)))
        lines.append((len(data), line))
        data += line + (b"\r\n" if rnd.randrange(3) == 0 else b"\n")
    p = write("counted.txt", bytes(data))
    r = urn("check", "--json", "-j", "4", p)
    objs = json_lines(r)
    expect(r.status == 0 and r.err == "", r, "all valid")
    expect([(o["line"], o["input"].encode()) for o in objs] ==
           [(i + 1, line) for i, (_, line) in enumerate(lines)], "(%d lines)" % len(lines),
           "each line once, in order, with its number")
    r = urn("extract", "--json", "-j", "4", p)
    objs = json_lines(r)
    expect([(o["line"], o["offset"], o["urn"].encode()) for o in objs] ==
           [(i + 1, off, line) for i, (off, line) in enumerate(lines)], "(%d lines)" % len(lines),
           "each URN once, in order, with its line and offset")
    r = urn("extract", "-j", "4", "-c", p, p)
    expect(r.out == "%s:%d\n%s:%d\n" % (p, len(lines), p, len(lines)), r, "counts per file")


@test
def jobs_ranges_cut_anywhere():
    """A regular file is shared out among the threads by ranges of 128 KiB,
    each line to the range it starts in: lines that start exactly at a
    range's first byte or one after it, a CR and its LF in two ranges, a
    line that crosses three ranges and one that crosses two (both over
    --max-line 64K, neither over the default), empty lines at a range's
    end, and a last line without a newline. With -j 1, 2 and 3, `urn
    extract` finds each line's URN once, on the line Python numbers it,
    and says which lines are over the limit; -j 2 and 3 write the bytes
    of -j 1 (extract and check)."""
    block = 128 << 10
    data = bytearray()

    def fill_to(end):
        # Lines of about 600 bytes up to `end`, the last one ending on byte end - 1.
        n = 0
        while len(data) < end:
            room = end - len(data)
            line = b"urn:ex:f%d-" % n
            n += 1
            if room <= len(line) + 1:
                data.extend(b"\n" * room)   # empty lines to the end
                break
            take = min(room - 1, len(line) + 600)
            data.extend(line + b"y" * (take - len(line)) + b"\n")

    fill_to(block)                          # a line starts at the second range's first byte
    data.extend(b"urn:ex:starts-at-block\n")
    fill_to(2 * block + 1)                  # ... and one at the third range's second byte
    fill_to(3 * block - 1)
    data.extend(b"urn:ex:crlf\r")           # the CR is the last byte of a range, its LF the next's first
    data.extend(b"\n")
    data.extend(b"urn:ex:" + b"L" * (3 * block) + b"\n")   # three ranges
    data.extend(b"urn:ex:" + b"M" * (block + 100) + b"\n")  # two ranges
    fill_to(len(data) + block // 2)
    data.extend(b"urn:ex:last-without-newline")
    p = write("ranges.txt", bytes(data))
    lines = bytes(data).split(b"\n")
    for limit in (["--max-line", "64K"], []):
        over = [i + 1 for i, line in enumerate(lines) if len(line) > 65536] if limit else []
        expect(len(over) == (2 if limit else 0), "", "the file has two lines over 64K")
        want = [i + 1 for i, line in enumerate(lines) if line.rstrip(b"\r") and i + 1 not in over]
        first = {}
        for n in ("1", "2", "3"):
            r = urn("extract", *limit, "-j", n, p)
            found = [int(l[len(p) + 1:].split(":", 1)[0]) for l in r.out.splitlines()]
            expect(found == want, r, "-j %s: each line's URN once, on its line (%d lines)" % (n, len(want)))
            expect(r.err == "".join("%s:%d: line longer than 65536 bytes, skipped\n" % (p, k) for k in over), r,
                   "-j %s: the lines over the limit said, in order" % n)
            c = urn("check", *limit, "-j", n, p)
            if n == "1":
                first = {"extract": r, "check": c}
            else:
                for name, run in (("extract", r), ("check", c)):
                    one = first[name]
                    expect((run.out, run.err, run.status) == (one.out, one.err, one.status), (one, run),
                           "%s -j %s: the output of -j 1" % (name, n))
    # A file that says it is empty but has lines (as those of /proc do) is
    # read as a stream.
    if os.path.exists("/proc/version"):
        one, two = urn("check", "-j", "1", "/proc/version"), urn("check", "-j", "2", "/proc/version")
        expect(one.err != "" and (two.out, two.err, two.status) == (one.out, one.err, one.status), (one, two),
               "/proc/version read whole with -j 2")


@test
def jobs_order_on_one_stream():
    """2>&1 with -j 2: each message between the lines it came between."""
    _, plain, _, _ = jobs_corpus()
    def merged(n):
        return subprocess.run([URN, "check", "--max-line", "64K", "-j", n, plain], stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, cwd=SRC, timeout=120).stdout
    one = merged("1")
    expect(b"not a valid" in one and b"  nid=" in one, one[:500], "both streams in the run")
    expect(merged("2") == one, "", "the same interleaving as -j 1")


@test
def jobs_interactive():
    """With threads and --line-buffered, a line typed on standard input is
    answered before the next is typed (the reader hands out what it has, not
    a full block; without --line-buffered output to a pipe is written a
    buffer at a time)."""
    import select
    for n in ("1", "2"):
        proc = subprocess.Popen([URN, "check", "-j", n, "--line-buffered"], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            for i in range(3):
                proc.stdin.write(b"urn:ex:%d\n" % i)
                proc.stdin.flush()
                ready, _, _ = select.select([proc.stdout], [], [], 30)
                expect(ready, Run(["check", "-j", n], -1, "", ""), "an answer to line %d before EOF" % (i + 1))
                line = proc.stdout.readline()
                expect(line == b"urn:ex:%d  nid=ex nss=%d\n" % (i, i), Run([n], -1, line.decode(), ""),
                       "line %d" % i)
        finally:
            proc.stdin.close()
            proc.wait(timeout=30)
        expect(proc.returncode == 0, Run(["check", "-j", n], proc.returncode, "", ""), "status 0")


@test
def jobs_closed_pipe_and_bad_values():
    """`urn check -j 2 big | head -1` ends quietly with status 0; -j takes
    1 to 256."""
    p = write("many-j.txt", b"".join(b"urn:example:%08d\n" % i for i in range(400000)))
    for cmd in ("check", "normalize", "extract"):
        proc = subprocess.Popen([URN, cmd, "-j", "2", p], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        proc.stdout.readline()
        proc.stdout.close()
        err = proc.stderr.read()
        status = proc.wait(timeout=60)
        expect(status == 0 and err == b"", Run([cmd, "-j", "2", p], status, "", err.decode()),
               "%s: quiet exit on EPIPE" % cmd)
    for bad in ("0", "257", "x", "-1", ""):
        r = urn("check", "-j", bad, p)
        expect(r.status == 2 and "--jobs: expected a number of threads from 1 to 256" in r.err, r,
               "-j %r refused" % bad)
    r = urn("check", "--jobs=256", "-q", p)
    expect(r.status == 0 and r.out == "" and r.err == "", r, "256 threads")


@test
def jobs_read_errors_in_order():
    """A damaged gzip file among good ones: "cannot read" at its place in
    the output, the files after it still read, status 2, as with -j 1."""
    import gzip
    good = write("good.txt", b"".join(b"urn:ex:%d\n" % i for i in range(100000)))
    data = gzip.compress(b"".join(b"urn:ex:z%d\n" % i for i in range(100000)))
    cut = write("cut-j.gz", data[:len(data) // 2])
    for n in ("1", "2"):
        r = subprocess.run([URN, "check", "-j", n, good, cut, good], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, cwd=SRC, timeout=120)
        out = r.stdout.decode()
        at = out.find("urn: cannot read %s: truncated gzip data" % cut)
        expect(r.returncode == 2 and at > 0, Run([n], r.returncode, out[-2000:], ""), "-j %s: said" % n)
        before = out[:at].count("\n")
        expect(before > 100000 and out.count("nss=") - out[:at].count("nss=") == 100000,
               Run([n], r.returncode, out[at - 200:at + 200], ""), "-j %s: in its place, the next file read" % n)


if __name__ == "__main__":
    sys.exit(urntest.main(globals()))
