# SPDX-License-Identifier: BSL-1.0
# Tests of urns.dask's time (ctest: python_dask_complexity): the reader's
# cost must grow with the input, never faster, as test/tool/complexity.py
# asks of the `urn` tool. Each shape is a worst case of the reader (_lines
# and its buffer, _Gunzip, the blocks' counts of "\n" and _block_part,
# _search, the records and the frame's columns) on input of
# unbounded size; it is read by extract() and by extract_frame() with the
# sync scheduler at a size n and at 8n, REPS times each, and the CPU time
# (time.process_time: this process, where the sync scheduler runs the
# partitions) of the best run at 8n must be at most MAX_RATIO times that
# at n (linear: 8, and noise), so a quadratic cost (64) fails. A ratio over
# the bound is measured again, up to RETRIES more times, the best times of
# all the runs kept: a load on the machine that slows one run passes, a
# cost that grows faster than the input fails each time.
#
# URNS_COMPLEXITY_SCALE divides the sizes (a sanitized build); REPS and
# RETRIES are URNS_COMPLEXITY_REPS and URNS_COMPLEXITY_RETRIES, as for
# complexity.py. Run as a script, it prints the table of times and ratios.
import contextlib
import ctypes
import ctypes.util
import gzip
import os
import sys
import time
import warnings

import pytest

dask = pytest.importorskip("dask")
import urns.dask  # noqa: E402

# 8 for linear, and noise: above complexity.py's 12, as Dask's own
# bookkeeping of hundreds of partitions grows a little faster than they do;
# a graph that grows as the square of the blocks measures some 25 to 40.
MAX_RATIO = 16.0
REPS = int(os.environ.get("URNS_COMPLEXITY_REPS", "3"))
RETRIES = int(os.environ.get("URNS_COMPLEXITY_RETRIES", "2"))
SCALE = int(os.environ.get("URNS_COMPLEXITY_SCALE", "1"))
KIB = 1 << 10
MIB = 1 << 20
URN = b"urn:isbn:0-395-36341-1"

# The read buffer of the shapes that set it (urns.dask.CHUNK), small so
# that the input crosses its edge many times.
SMALL_CHUNK = 4 * KIB


def _repeat(unit, size):
    return unit * max(1, size // len(unit))


# name: (the file's bytes at size n, gzip it, extract's keywords, CHUNK or None)
SHAPES = {
    # _lines and _search on lines that hold nothing.
    "blank lines": (lambda n: b"\n" * n, False, {}, SMALL_CHUNK),
    # The buffer grows (doubling) for one line longer than CHUNK and
    # shorter than max_line: its "\n" is looked for in the new bytes only.
    "one long line, under max_line": (lambda n: b"a" * n + b" " + URN, False, {}, SMALL_CHUNK),
    # A line longer than max_line: read on to its end a buffer at a time,
    # not held, then the URN after it found.
    "one long line, over max_line": (lambda n: b"a" * n + b"\n" + URN + b"\n", False, {"max_line": 64 * KIB},
                                     SMALL_CHUNK),
    # A block per byte or two: the per-line and per-block costs.
    "one-byte lines": (lambda n: b"a\n" * (n // 2), False, {}, SMALL_CHUNK),
    # Lines that end exactly at the buffer's edge, and one byte past it
    # (the buffer grows for each line and goes back after it).
    "lines at the buffer's edge": (lambda n: _repeat(b"a" * (SMALL_CHUNK - 1) + b"\n", n), False, {}, SMALL_CHUNK),
    "lines one past the buffer's edge": (lambda n: _repeat(b"a" * SMALL_CHUNK + b"\n", n), False, {}, SMALL_CHUNK),
    # _Gunzip: some 1000 bytes of text per byte of gzip, its output capped
    # per read; lines of 4 KiB with a URN at the start and at the end.
    "gzip of compressible text": (lambda n: _repeat(URN + b" " + b"z" * (4 * KIB - 2 * len(URN) - 2) + b" " + URN + b"\n",
                                                    n), True, {}, None),
    # Many small blocks, a partition each (their newlines counted, their
    # lines numbered from the blocks before them).
    "many small blocks": (lambda n: _repeat(URN + b" " + b"b" * 40 + b"\n", n), False, {"blocksize": 4 * KIB}, None),
    # A URN every few bytes: a record (or a row) each.
    "URN-dense text": (lambda n: _repeat(URN + b" ", n // 4) + b"\n" + _repeat(URN + b"\n", n // 4), False, {}, None),
}

# The size n of each shape (bytes of text before gzip): the run at 8n
# takes some 0.1 to 1 s.
SIZES = {
    "blank lines": 4 * MIB,
    # The buffer grows to 8 MiB at n and 64 MiB at 8n, mapping fresh pages
    # at both sizes (each run starts with malloc's free memory trimmed).
    "one long line, under max_line": 4 * MIB,
    "one long line, over max_line": 8 * MIB,
    "one-byte lines": 1 * MIB,
    "lines at the buffer's edge": 4 * MIB,
    "lines one past the buffer's edge": 4 * MIB,
    "gzip of compressible text": 8 * MIB,
    "many small blocks": 512 * KIB,
    "URN-dense text": 512 * KIB,
}


def _write(path, data, compress):
    with open(path, "wb") as f:
        f.write(gzip.compress(data, 9) if compress else data)


try:
    _malloc_trim = ctypes.CDLL(ctypes.util.find_library("c")).malloc_trim
except (OSError, AttributeError, TypeError):  # not glibc
    _malloc_trim = None


def _cpu(run):
    """The CPU seconds of run(), started with malloc's free memory given back
    to the system. Memory that malloc keeps after one run would otherwise
    serve the next run at n (a long line's buffer of 8 MiB grows in place
    in the heap) and not at 8n (64 MiB, more than malloc keeps): the run at
    n would map no pages and the run at 8n would map and clear each of
    its pages, a step between the two sizes (a ratio far above 8 for a
    linear cost) that says nothing of how the cost grows."""
    if _malloc_trim is not None:
        _malloc_trim(0)
    t0 = time.process_time()
    run()
    return time.process_time() - t0


def _runner(fn, path, keywords):
    if fn == "extract":
        return lambda: urns.dask.extract([str(path)], **keywords).compute(scheduler="sync")
    return lambda: urns.dask.extract_frame([str(path)], **keywords).compute(scheduler="sync")


@contextlib.contextmanager
def _read_buffer(chunk):
    """urns.dask.CHUNK set to `chunk` (None: left as it is) inside the block."""
    saved = urns.dask.CHUNK
    if chunk:
        urns.dask.CHUNK = chunk
    try:
        yield
    finally:
        urns.dask.CHUNK = saved


def measure(shape, fn, directory):
    """(n, best CPU seconds at n, at 8n, ratio) for `shape` read by `fn`."""
    make, compress, keywords, chunk = SHAPES[shape]
    n = max(1, SIZES[shape] // SCALE)
    paths = {}
    for k in (1, 8):
        paths[k] = os.path.join(directory, "%s-%d" % (shape.replace(" ", "_").replace("'", ""), k))
        _write(paths[k], make(k * n), compress)
    with _read_buffer(chunk), warnings.catch_warnings():
        warnings.simplefilter("ignore", urns.dask.LineTooLong)
        _runner(fn, paths[1], keywords)()  # warm-up: imports, the read buffer
        best = {1: float("inf"), 8: float("inf")}
        for attempt in range(1 + RETRIES):
            for _ in range(REPS):
                for k in (1, 8):
                    best[k] = min(best[k], _cpu(_runner(fn, paths[k], keywords)))
            ratio = best[8] / max(best[1], 1e-3)
            if ratio <= MAX_RATIO:
                break
    return n, best[1], best[8], ratio


FUNCTIONS = ["extract", "extract_frame"]


@pytest.mark.parametrize("fn", FUNCTIONS)
@pytest.mark.parametrize("shape", list(SHAPES))
def test_linear(shape, fn, tmp_path):
    if fn == "extract_frame":
        pytest.importorskip("dask.dataframe")
    n, t1, t8, ratio = measure(shape, fn, str(tmp_path))
    assert ratio <= MAX_RATIO, "%s, %s: %.3f s at n = %d, %.3f s at 8n: ratio %.1f > %.1f" % (
        shape, fn, t1, n, t8, ratio, MAX_RATIO)


def test_shapes_read():
    """Each shape's file gives the records it is made for: the shapes are
    the inputs they say they are (a URN after a long line, at the ends of
    gzip lines, in each small block)."""
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        for shape, (make, compress, keywords, chunk) in SHAPES.items():
            data = make(16 * KIB)
            path = os.path.join(d, "x")
            _write(path, data, compress)
            with _read_buffer(chunk), warnings.catch_warnings():
                warnings.simplefilter("ignore", urns.dask.LineTooLong)
                records = urns.dask.extract([path], **keywords).compute(scheduler="sync")
            assert len(records) == data.count(URN), shape


if __name__ == "__main__":
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        print("%-34s %-14s %10s %9s %9s %6s" % ("shape", "function", "n", "s at n", "s at 8n", "ratio"))
        for shape in SHAPES:
            for fn in FUNCTIONS:
                n, t1, t8, ratio = measure(shape, fn, d)
                print("%-34s %-14s %10d %9.3f %9.3f %6.1f" % (shape, fn, n, t1, t8, ratio))
                sys.stdout.flush()
