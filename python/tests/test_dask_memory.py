# SPDX-License-Identifier: BSL-1.0
# Tests of urns.dask's memory (ctest: python_dask_memory): the peak memory
# of a process that runs a partition (a worker, with the sync scheduler)
# must not grow with the input. Each file is read at a size n and at 8n,
# in a fresh process each time, and the growth of the peak RSS
# (getrusage's ru_maxrss) over the same process before the partition ran
# is compared: at 8n within a small factor of n, and within an absolute
# bound of a few read chunks (CHUNK), plus max_line for a line too long
# (of which max_line + 1 bytes are held, to know it is too long). The
# inputs:
#   - a gzip bomb: some 20 bytes of text per byte of gzip, lines of 4 KiB
#     with a URN at the start and at the end (their line and offset
#     checked), so that the decompressor's output per read must be capped;
#   - a gzip bomb of zeros, one line without "\n": decompressed, and
#     skipped as too long, in bounded memory;
#   - one plain line of n bytes without "\n", then a URN: longer than
#     max_line, skipped (a LineTooLong warning), the URN after it found.
# The files are written a piece at a time (never held whole here either).
import json
import os
import subprocess
import sys
import zlib

import pytest

MIB = 1 << 20

# What runs the partition: prints the peak RSS (KiB) after a warm-up
# extract of a small file (imports, the read buffer, the C++ module's
# state) and after the file, the records (JSON) and the warnings.
CHILD = r"""
import json, resource, sys, warnings
import urns.dask

path, small, max_line = sys.argv[1], sys.argv[2], int(sys.argv[3])
urns.dask.extract([small], max_line=max_line).compute(scheduler="sync")
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    records = urns.dask.extract([path], max_line=max_line).compute(scheduler="sync")
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"before": before, "after": after, "records": records,
                  "warnings": [str(w.message) for w in caught if isinstance(w.message, urns.dask.LineTooLong)]}))
"""


def run_child(path, small, max_line):
    r = subprocess.run([sys.executable, "-c", CHILD, str(path), str(small), str(max_line)], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=600)
    assert r.returncode == 0, r.stderr.decode()
    out = json.loads(r.stdout)
    out["growth"] = (out["after"] - out["before"]) * 1024  # bytes
    return out


def write_gzip(path, pieces):
    """Writes the gzip of the bytes `pieces` yields, a piece at a time."""
    c = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    with open(path, "wb") as f:
        for piece in pieces:
            f.write(c.compress(piece))
        f.write(c.flush())


LINE = b"y" * 4095 + b"\n"
FIRST = b"see urn:ex:first\n"
LAST = b"and urn:ex:last\n"


def lines_bomb(path, n):
    """FIRST, n bytes of 4 KiB lines, LAST, gzipped."""
    piece = LINE * (MIB // len(LINE))

    def pieces():
        yield FIRST
        for _ in range(n // MIB):
            yield piece
        yield LAST

    write_gzip(path, pieces())


def zeros_bomb(path, n):
    """n zero bytes (one line), then "\\n" and LAST, gzipped."""
    zeros = bytes(MIB)

    def pieces():
        for _ in range(n // MIB):
            yield zeros
        yield b"\n" + LAST

    write_gzip(path, pieces())


def long_line(path, n):
    """One line of n bytes, "\\n", LAST."""
    piece = b"z" * MIB
    with open(path, "wb") as f:
        for _ in range(n // MIB):
            f.write(piece)
        f.write(b"\n" + LAST)


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    p = tmp_path_factory.mktemp("small") / "small.txt"
    p.write_bytes(FIRST + LAST)
    return p


def n_and_8n(tmp_path, make, n, small, max_line, name):
    out = []
    for size in (n, 8 * n):
        path = tmp_path / ("%s-%d" % (name, size))
        make(path, size)
        out.append((path, size, run_child(path, small, max_line)))
        print("%s: %d MiB (a file of %d bytes): peak RSS %+.1f MiB" % (
            name, size // MIB, os.path.getsize(path), out[-1][2]["growth"] / MIB))
        path.unlink()
    return out


def test_gzip_bomb(tmp_path, small):
    import urns.dask

    chunk = urns.dask.CHUNK
    runs = n_and_8n(tmp_path, lines_bomb, 128 * MIB, small, urns.dask.MAX_LINE, "lines.gz")
    for path, size, out in runs:
        # The two URNs, at their lines and offsets (counted here).
        lines = size // len(LINE)
        want = [(1, 5, 4, "urn:ex:first"), (lines + 2, 5, len(FIRST) + lines * len(LINE) + 4, "urn:ex:last")]
        got = [(r["line"], r["column"], r["offset"], r["urn"]) for r in out["records"]]
        assert got == want, path
        assert out["warnings"] == []
        # A few chunks: the read buffer, the decompressor's output, the
        # compressed input.
        assert out["growth"] <= 4 * chunk, (size, out["growth"])
    (_, _, at_n), (_, _, at_8n) = runs
    assert at_8n["growth"] <= 1.25 * at_n["growth"] + 2 * chunk, (at_n["growth"], at_8n["growth"])


def test_gzip_bomb_of_one_line(tmp_path, small):
    import urns.dask

    max_line = 16 * MIB
    runs = n_and_8n(tmp_path, zeros_bomb, 128 * MIB, small, max_line, "zeros.gz")
    for path, size, out in runs:
        assert [(r["line"], r["urn"]) for r in out["records"]] == [(2, "urn:ex:last")]
        assert [r["offset"] for r in out["records"]] == [size + 1 + 4]
        assert out["warnings"] == ["%s:1: line longer than %d bytes, skipped" % (path, max_line)]
        # The line is held up to max_line + 1 bytes (to know it is too
        # long), and a few chunks besides.
        assert out["growth"] <= max_line + 4 * urns.dask.CHUNK, (size, out["growth"])
    (_, _, at_n), (_, _, at_8n) = runs
    assert at_8n["growth"] <= 1.25 * at_n["growth"] + 2 * urns.dask.CHUNK, (at_n["growth"], at_8n["growth"])


def test_one_long_line(tmp_path, small):
    # The default max_line (64 MiB, the tool's): a line of 72 MiB, and of
    # 8 times that.
    import urns.dask

    max_line = urns.dask.MAX_LINE
    assert max_line == 64 * MIB
    runs = n_and_8n(tmp_path, long_line, 72 * MIB, small, max_line, "long.txt")
    for path, size, out in runs:
        assert [(r["line"], r["offset"], r["urn"]) for r in out["records"]] == [(2, size + 1 + 4, "urn:ex:last")]
        assert out["warnings"] == ["%s:1: line longer than %d bytes, skipped" % (path, max_line)]
        assert out["growth"] <= max_line + 4 * urns.dask.CHUNK, (size, out["growth"])
    (_, _, at_n), (_, _, at_8n) = runs
    assert at_8n["growth"] <= 1.25 * at_n["growth"] + 2 * urns.dask.CHUNK, (at_n["growth"], at_8n["growth"])
