# SPDX-License-Identifier: BSL-1.0
"""The URNs of many text files, with Dask.

    >>> import urns.dask
    >>> bag = urns.dask.extract("logs/*.txt.gz")
    >>> bag.take(1)
    ({'version': 2, 'file': 'logs/a.txt.gz', 'line': 3, 'column': 12,
      'offset': 117, 'urn': 'urn:isbn:0-395-36341-1', 'syntax': 'rfc2141bis',
      'scheme': 'urn', 'nid': 'isbn', 'nss': '0-395-36341-1',
      'assigned_name': 'urn:isbn:0-395-36341-1'},)

extract() returns a dask.bag of one dict per URN found: the records of
`urn extract --json` (docs/schema/extract.schema.json), the same for the
same files, in the same order:

    version        2, the version of the record format
    file           the file's name as given (a glob's match as a shell
                   names it; a URL for a file that is not local; its bytes
                   that are not UTF-8 as U+FFFD, and then file_base64)
    line, column   the line from 1, the column in bytes from 1
    offset         the byte offset of the URN in the (decompressed) file
    urn            the URN as written
    syntax, scheme, nid, nss, assigned_name, and query, r_component,
    q_component, fragment when the URN has them: its parts as written
    namespace_fault  with namespaces: {offset, expected} where its
                   namespace's rules reject the NSS (absent if they accept it):
                   expected is the list of every name expected at offset,
                   with expected_left_out and undecided as the schema says
    canonical      with canonical=True only: urns.canonical(urn, syntax=...,
                   namespaces=...) of the URN, or None where that raises
                   (the namespace rejects it)

extract_frame() gives the same records as a dask.dataframe, one row per
URN, its columns made by the C++ code (no dict per record). A file larger
than BLOCKSIZE (16 MiB) that is not compressed is cut into blocks of whole
lines, a partition each (blocksize=).

Files are read as bytes, in blocks of whole lines searched by the C++
library with the GIL released: lines end at "\\n" (a "\\r" before it ends a
URN as any "\\r" does), bytes that are not UTF-8 are kept as they are, and a
UTF-8 byte order mark counts in columns and offsets. A file that starts with
the gzip magic bytes is decompressed, whatever its name (as `urn` does:
member after member, and an error for data after the last one); a name
ending .bz2, .xz, .lzma or .zst is decompressed by fsspec (which `urn`
does not do). A file that cannot be read raises urns.dask.ReadError naming
it. A file is read in bounded memory: a buffer of CHUNK bytes (8 MiB), into
which gzip is decompressed a buffer at a time (zlib's output capped), which
grows for a line longer than itself up to max_line + 1 bytes and is back to
CHUNK bytes once that line is done. A line longer than max_line (64 MiB by
default, `urn extract --max-line`'s) is skipped as `urn` skips it: read to
its "\n" without being held, no record, a LineTooLong warning 'FILE:LINE:
line longer than N bytes, skipped', the next line searched. A process that
runs partitions keeps up to KEEP_FREED bytes (256 MiB)
of the memory Python frees, for the next partitions, rather than giving it
back to the kernel (0 turns that off).

The command line, against a running scheduler or a local cluster:

    python3 -m urns.dask extract 'logs/*.txt.gz' --out urns.jsonl --scheduler tcp://host:8786
    python3 -m urns.dask extract 'logs/*.txt' --out urns.jsonl --workers 4
    python3 -m urns.dask extract 'logs/*.txt' --out urns.jsonl --namespace mrn=mrn.abnf:MRN

writes the records as `urn extract --json` does (the same bytes for the
same files), exits 0 if a URN was found, 1 if none, 2 on an error (said in
one line; --debug shows the traceback) or if a line longer than
--max-line was skipped (its message on standard error, as `urn` writes
it); --out is written to a temporary file renamed at the end, so it is
whole or absent.
"""

import argparse
import os
import re
import sys
import threading
import warnings
import zlib

from . import _urns

__all__ = ["LineTooLong", "ReadError", "extract", "extract_frame", "main"]

#: The bytes read at a time from a file (decompressed bytes for gzip), and
#: the size of the read buffer: what a file holds of a worker's memory,
#: unless a line is longer (the buffer grows to hold it, up to max_line + 1
#: bytes, and goes back to CHUNK when it is done).
CHUNK = 8 << 20

#: The longest line searched, in bytes (its "\r" counted, its "\n" not),
#: as `urn extract --max-line`'s default: a longer line is skipped, read to
#: its end without being held (LineTooLong says so).
MAX_LINE = 64 << 20

#: The size of the blocks that extract() and extract_frame() cut a larger
#: uncompressed file into by default, a partition each: the workers share
#: a large file, and a partition's records fit in a worker's memory. On
#: text of a URN a line (some 530 bytes of records per 46 bytes of text), a
#: block of 16 MiB makes about 190 MB of records, less than KEEP_FREED, so
#: that the next partitions reuse that memory rather than have the kernel
#: map and clear it anew (a page fault every eight records): with blocks of
#: 64 MiB, extract() took three times as long on such text, and
#: extract_frame() twice as long (bench/dask_bench.py).
BLOCKSIZE = 16 << 20

#: The compressed bytes read at a time from a gzip file.
_GZIP_READ = 1 << 18

#: The bytes of freed Python memory that a process running partitions keeps
#: for the next ones, rather than giving it back to the kernel: a
#: partition's records (some 530 bytes each) are freed all at once when it
#: is done, and the kernel would map and clear every page anew for the next
#: one (a page fault each, a third of a worker's time). Kept pages are
#: held as they are, and count in the worker's memory: marking them
#: MADV_FREE (for the kernel to take back under memory pressure) costs a
#: fault on the first write to each page again, as much as a new page. The
#: memory of extract_frame()'s columns is kept the same way, within the
#: same bytes (kept arenas are given back to make room for it). 0: the process's allocator is left as it is. Read by
#: extract() (and the command) when the partitions are made: the workers
#: apply the caller's value.
KEEP_FREED = 256 << 20

#: Extensions that fsspec decompresses (gzip is recognized by its magic
#: bytes instead, as `urn` does).
_FSSPEC_COMPRESSION = {".bz2": "bz2", ".xz": "xz", ".lzma": "lzma", ".zst": "zstd"}


class ReadError(OSError):
    """A file could not be read or decompressed; str() is 'PATH: why'.
    Attributes: path, reason."""

    def __init__(self, path, reason):
        super().__init__("%s: %s" % (path, reason))
        self.path = path
        self.reason = reason

    def __reduce__(self):
        return (type(self), (self.path, self.reason))


class LineTooLong(UserWarning):
    """A line longer than max_line was skipped (not searched): str() is
    'FILE:LINE: line longer than N bytes, skipped', `urn extract`'s
    message."""


class _Options:
    """What every block of a call is searched with (pickled to workers)."""

    def __init__(self, syntax, strict, namespaces, uri_context, canonical, json, max_line=MAX_LINE, columns=False):
        self.syntax, self.strict, self.namespaces = syntax, strict, namespaces
        self.uri_context, self.canonical, self.json = uri_context, canonical, json
        self.max_line, self.columns = max_line, columns
        self.keep_freed = KEEP_FREED  # the caller's, for the workers

    def start(self):
        """What a partition does first: keep freed memory (KEEP_FREED)."""
        if self.keep_freed > 0:
            _urns._keep_arenas(self.keep_freed)

    def search(self, data, begin, end, name, line, offset, columns=False):
        return _urns._extract_block(data, begin, end, name, line, offset, self.syntax, self.strict, self.namespaces,
                                    self.uri_context, self.json, self.canonical, columns)


def _name_bytes(path):
    return os.fsencode(path)


class _Gunzip:
    """readinto() of the decompressed bytes of a gzip stream, member after
    member, at most len(into) bytes at a time: the decompressor's output is
    capped (zlib's max_length, the input it did not take kept in
    unconsumed_tail), so that no more than that is held, whatever the
    compression ratio. An error for a truncated stream or data after the
    last member (the reasons `urn` gives)."""

    def __init__(self, raw, path):
        self.raw, self.path = raw, path
        self.d = zlib.decompressobj(16 + zlib.MAX_WBITS)
        self.input = b""  # compressed bytes read but not yet given to self.d
        self.ended = False  # raw is at its end

    def _read(self):
        if self.ended:
            return b""
        data = self.raw.read(_GZIP_READ)
        self.ended = not data
        return data

    def readinto(self, into):
        want = len(into)  # > 0 (0 would lift zlib's cap)
        while True:
            d = self.d
            if d.eof:
                # Another member follows (gzip -c a b > ab.gz); anything else is an error.
                while len(self.input) < 2 and not self.ended:
                    self.input += self._read()
                if not self.input:
                    return 0
                if self.input[:2] != b"\x1f\x8b":
                    raise ReadError(self.path, "data after the end of the gzip data")
                self.d = zlib.decompressobj(16 + zlib.MAX_WBITS)
                continue
            if d.unconsumed_tail:
                data = d.unconsumed_tail
            elif self.input:
                data, self.input = self.input, b""
            else:
                # b"" at the end of the input: zlib may still hold output.
                data = self._read()
            try:
                out = d.decompress(data, want)
            except zlib.error as e:
                raise ReadError(self.path, "not valid gzip data (%s)" % e) from None
            if d.eof:
                self.input = d.unused_data
            if out:
                into[:len(out)] = out
                return len(out)
            if not data and not d.eof:
                raise ReadError(self.path, "truncated gzip data")


class _Head:
    """readinto() of a file whose first bytes were read already."""

    def __init__(self, head, readinto):
        self.head, self.rest = head, readinto

    def readinto(self, into):
        if self.head:
            n = min(len(into), len(self.head))
            into[:n] = self.head[:n]
            self.head = self.head[n:]
            return n
        return self.rest(into)


class _Limit:
    """readinto() of the next `left` bytes of a file."""

    def __init__(self, readinto, left):
        self.rest, self.left = readinto, left

    def readinto(self, into):
        if self.left <= 0:
            return 0
        with memoryview(into) as whole, whole[:min(len(into), self.left)] as part:
            n = self.rest(part)
        self.left -= n
        return n


def _readinto(raw):
    """raw's readinto(), or one made of its read()."""
    if hasattr(raw, "readinto"):
        return raw.readinto

    def readinto(into):
        data = raw.read(len(into))
        into[:len(data)] = data
        return len(data)

    return readinto


_local = threading.local()


def _read_buffer(size):
    """A read buffer of `size` bytes: this thread's, reused from file to
    file while its size is asked for (CHUNK unless max_line is less).
    Reading into it takes no new memory, which the kernel would map and
    clear page by page for every chunk of every file."""
    buf = getattr(_local, "buffer", None)
    if buf is None or len(buf) != size:
        buf = _local.buffer = bytearray(size)
    return buf


def _lines(readinto, max_line):
    """The bytes of readinto() as blocks of whole lines, in bounded memory:
    (data, end) where data[:end] holds the lines read so far but the
    unfinished last one (the whole rest at the end), data being the read
    buffer, read into again (the unfinished line moved to its start) when
    the next block is asked for; and (None, n) for a line longer than
    max_line: its n bytes (its "\\n" included) were read and not kept.

    The buffer holds min(CHUNK, max_line + 1) bytes; it grows for a longer
    line, up to max_line + 1 bytes (enough to see that a line is too long,
    as `urn` reads: a line in the buffer is never over max_line), and goes
    back to its size once that line is done."""
    size = min(CHUNK, max_line + 1)
    buf = _read_buffer(size)
    have = 0  # the bytes in buf: the start of a line not yet ended
    whole_lines = False  # whether buf[:have] may hold whole lines (after a line skipped)
    try:
        while True:
            if have == len(buf):
                if have > max_line:
                    # Too long: read on to its "\n" a buffer at a time.
                    skipped = have
                    buf = _read_buffer(size)
                    while True:
                        n = readinto(buf)
                        nl = buf.find(b"\n", 0, n) if n else -1
                        if nl >= 0 or not n:
                            break
                        skipped += n
                    if not n:
                        yield None, skipped
                        return
                    yield None, skipped + nl + 1
                    have = n - nl - 1
                    buf[:have] = buf[nl + 1:n]
                    whole_lines = True
                    continue
                # A line longer than the buffer: a larger one, up to max_line + 1,
                # resized in place (realloc, which need not copy). Doubled by
                # repeating itself (the new half overwritten by the next read),
                # which writes each new page once: extend() would also map and
                # clear a temporary of zeros as large as the new half.
                grown = min(2 * len(buf), max_line + 1)
                if grown == 2 * len(buf):
                    buf *= 2
                else:
                    buf.extend(bytes(grown - len(buf)))
            with memoryview(buf) as whole, whole[have:] as free:
                n = readinto(free)
            if not n:
                break
            end = buf.rfind(b"\n", 0 if whole_lines else have, have + n) + 1
            whole_lines = False
            have += n
            if end == 0:
                continue
            yield buf, end
            rest = have - end
            if len(buf) > size and rest < size:
                # The long line is done: back to the buffer's size.
                small = bytearray(size)
                small[:rest] = buf[end:have]
                buf = _local.buffer = small
            else:
                buf[:rest] = buf[end:have]  # the same length: moved in place
            have = rest
        if have:
            yield buf, have
    finally:
        if len(buf) > size:
            _local.buffer = bytearray(size)


def _line_blocks(fs, path, shown, max_line):
    """_lines() of a file, decompressed if it is gzip (by its first two
    bytes) or has an extension of _FSSPEC_COMPRESSION; errors name it
    `shown`."""
    compression = _FSSPEC_COMPRESSION.get(os.path.splitext(path)[1])
    try:
        with fs.open(path, "rb", compression=compression) as raw:
            head = raw.read(2)
            if compression is None and head == b"\x1f\x8b":
                gz = _Gunzip(raw, shown)
                gz.input = head
                readinto = gz.readinto
            else:
                readinto = _Head(head, _readinto(raw)).readinto
            yield from _lines(readinto, max_line)
    except ReadError:
        raise
    except (OSError, EOFError, ValueError, zlib.error) as e:
        raise ReadError(shown, getattr(e, "strerror", None) or str(e) or type(e).__name__) from None


def _too_long(shown, line, opts):
    return "%s:%d: line longer than %d bytes, skipped" % (shown, line, opts.max_line)


def _search(blocks, shown, opts, line, offset):
    """The records of blocks of lines (_lines()), the first at `line` and
    `offset`; a line too long is said (LineTooLong; among blocks of JSON
    Lines, which are bytes, its message as a str). The records: a list of
    dicts, a list of blocks of JSON Lines (opts.json), or a
    pandas.DataFrame (opts.columns)."""
    opts.start()
    name = _name_bytes(shown)
    out = []  # records or blocks of JSON lines
    add = out.append if opts.json else out.extend
    if opts.columns:
        # Every block's columns gathered by one _Columns (no concatenation).
        columns = _urns._Columns(opts.canonical)
        add = out.append
    for data, end in blocks:
        if data is None:
            if opts.json:
                out.append(_too_long(shown, line, opts))
            else:
                warnings.warn(LineTooLong(_too_long(shown, line, opts)), stacklevel=2)
            line, offset = line + 1, offset + end
            continue
        found, newlines = opts.search(data, 0, end, name, line, offset, columns if opts.columns else False)
        add(found)
        line, offset = line + newlines, offset + end
    if opts.columns:
        out = _frame(columns.take(), opts.canonical)
    return out


def _file_part(fs, path, shown, opts):
    """The records of a whole file, read a chunk at a time: each search
    takes the whole lines read so far, the rest waits for the next chunk."""
    return _search(_line_blocks(fs, path, shown, opts.max_line), shown, opts, 1, 0)


#: The columns of extract_frame's partitions, in order: the members of the
#: records but "version" ("canonical" only with canonical=True).
FRAME_COLUMNS = ("file", "file_base64", "line", "column", "offset", "urn", "syntax", "scheme", "nid", "nss",
                 "assigned_name", "query", "r_component", "q_component", "fragment", "namespace_fault")

_INT_COLUMNS = ("line", "column", "offset")


def _frame(data, canonical):
    """The pandas.DataFrame of a partition's columns (a _Columns' dict of
    numpy arrays), its columns as they are (no copy): int64 line, column
    and offset, the others objects, None where a record has no such
    member."""
    import pandas as pd

    names = FRAME_COLUMNS + (("canonical",) if canonical else ())
    # copy=False: each column stays its own block (pandas would copy the
    # object columns into one).
    return pd.DataFrame({name: data[name] for name in names}, copy=False)


#: The bytes read at a time when a block's "\n"s are counted: a piece
#: that stays in the processor's cache from the read to the count.
_COUNT_READ = 1 << 20


def _count_newlines(fs, path, shown, start, size):
    """The "\\n"s of the bytes [start, start + size) of a file, read
    _COUNT_READ bytes at a time into a buffer of the thread's (its own:
    the read buffer may have another size, which the blocks' reads would
    make anew each time) and counted by the C++ code (SSE2) with the GIL
    released."""
    piece = getattr(_local, "count_buffer", None)
    if piece is None:
        piece = _local.count_buffer = bytearray(_COUNT_READ)
    try:
        with fs.open(path, "rb") as f:
            f.seek(start)
            readinto = _Limit(_readinto(f), size).readinto
            count = 0
            while True:
                n = readinto(piece)
                if not n:
                    return count
                count += _urns._count_newlines(piece, n)
    except OSError as e:
        raise ReadError(shown, e.strerror or str(e)) from None


def _line_start(f, at, size, stop=None):
    """The first line start at or after `at` (a line starts at 0 and after
    each "\\n"), or `size`; with `stop`, one before `stop` or else `stop`
    (the bytes from `stop` on are not read: a range inside one long line
    reads its own bytes only, not those to the line's end, which every
    range of the line would read again)."""
    if at == 0:
        return 0
    if at >= size:
        return size
    limit = size if stop is None else min(stop, size)
    f.seek(at - 1)
    pos = at - 1
    while pos < limit - 1:
        buf = f.read(min(1 << 16, limit - 1 - pos))
        if not buf:
            return size
        nl = buf.find(b"\n")
        if nl >= 0:
            return pos + nl + 1
        pos += len(buf)
    return limit


def _block_part(fs, path, shown, opts, index, blocksize, size, newlines_before):
    """The records of the lines that start in the bytes [index * blocksize,
    (index + 1) * blocksize) of an uncompressed file: the block from the
    first line start in that range to the first one after it, read as a
    file is (a chunk at a time). Its first line's number is 1 plus the
    "\\n"s before it: those of the ranges before (newlines_before[index]),
    and the one that ends the line that straddles the range's start, if
    one does."""
    raw_start = index * blocksize
    try:
        with fs.open(path, "rb") as f:
            raw_end = min(raw_start + blocksize, size)
            start = _line_start(f, raw_start, size, raw_end)
            if start >= raw_end:  # no line starts in the range
                return [b""] if opts.json else _search((), shown, opts, 1, start)
            end = _line_start(f, raw_end, size)  # the end of the range's last line
            f.seek(start)
            line = 1 + newlines_before[index] + (1 if start > raw_start else 0)
            return _search(_lines(_Limit(_readinto(f), end - start).readinto, opts.max_line), shown, opts, line,
                           start)
    except ReadError:
        raise
    except OSError as e:
        raise ReadError(shown, e.strerror or str(e)) from None


def _one_layer(d):
    """The delayed object `d` with its graph as one layer: a task that takes
    it merges that one layer into its graph, not one layer per task `d`
    depends on (each of a file's blocks takes the sums of all the blocks:
    the graph would take time as the square of the blocks to build)."""
    from dask.delayed import Delayed
    return Delayed(d.key, dict(d.__dask_graph__()))


def _prefix_sums(counts):
    """[0, c[0], c[0] + c[1], ..., the sum of all]: the "\\n"s before each
    range, for the ranges counted and the one after them."""
    sums, total = [0], 0
    for c in counts:
        total += c
        sums.append(total)
    return sums


_GLOB = re.compile(r"[*?[]")


def _files(paths):
    """(fs, path, shown) of every file: each path or glob in the order
    given, a glob's matches sorted (as a shell gives them), a file given
    twice kept twice (as `urn` reads it twice). shown: the name in the
    records and errors: a local file's path as given (a glob's match as
    the shell would give it: relative if the glob is, as `urn` writes the
    names it is given), a URL for a file that is not local."""
    from fsspec.core import split_protocol, url_to_fs

    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    out = []
    for p in paths:
        p = os.fspath(p)
        fs, root = url_to_fs(p)
        if _GLOB.search(root):
            found = sorted(x for x in fs.glob(root) if fs.isfile(x))
            if not found:
                raise FileNotFoundError("no file matches %r" % p)
        else:
            if not fs.isfile(root):
                raise ReadError(p, "No such file" if not fs.exists(root) else "not a file")
            found = [root]
        local = "file" in (fs.protocol if isinstance(fs.protocol, (tuple, list)) else (fs.protocol,))
        if not local:
            out += [(fs, x, fs.unstrip_protocol(x)) for x in found]
        elif split_protocol(p)[0] is not None:  # file://...
            out += [(fs, x, x) for x in found]
        else:
            out += [(fs, x, _as_given(p, root, x)) for x in found]
    return out


def _as_given(given, root, path):
    """The name of a local file `path` that `given` (a path or a glob, its
    absolute form `root`) names, as given: fsspec makes a relative path
    absolute by putting the working directory before it."""
    if root.endswith(given):
        prefix = root[:len(root) - len(given)]
        if path.startswith(prefix):
            return path[len(prefix):]
    return path if os.path.isabs(given) else os.path.relpath(path)


def _is_gzip(fs, path):
    with fs.open(path, "rb") as f:
        return f.read(2) == b"\x1f\x8b"


def _parts(paths, syntax, namespaces, blocksize, strict, canonical, uri_context, json, max_line=MAX_LINE,
           columns=False):
    """The delayed objects of every partition, in order."""
    from dask.delayed import delayed
    from dask.utils import parse_bytes

    _urns.is_valid("", syntax=syntax)  # an unknown syntax fails here, not in a worker
    if not isinstance(namespaces, (bool, int, _urns.Registry)) and namespaces is not None:
        # Namespace objects: made a Registry once, here (a bad item fails here too).
        namespaces = _urns.Registry(namespaces)
    if blocksize is not None:
        blocksize = parse_bytes(blocksize) if isinstance(blocksize, str) else int(blocksize)
        if blocksize <= 0:
            raise ValueError("blocksize must be positive, not %r" % blocksize)
    if isinstance(max_line, bool) or not isinstance(max_line, int) or max_line <= 0:
        raise ValueError("max_line must be a positive int, not %r" % (max_line,))
    opts = _Options(syntax, strict, namespaces, uri_context, canonical, json, max_line, columns)
    parts = []
    for fs, path, shown in _files(paths):
        size = fs.size(path) if blocksize is not None else None
        if (blocksize is None or size <= blocksize or os.path.splitext(path)[1] in _FSSPEC_COMPRESSION
                or _is_gzip(fs, path)):
            parts.append(delayed(_file_part)(fs, path, shown, opts))
            continue
        # The fewest blocks of at most blocksize bytes, all of one size (but
        # the last, by less than n bytes): the workers' shares are even.
        n = -(-size // blocksize)
        step = -(-size // n)
        # Each range's "\n"s are counted first (a pass at memory speed, no
        # record made), so that each block is searched once, numbered from
        # its right line, by a partition that depends on no other block's
        # search: a worker holds the records of the partitions it runs, not
        # those of blocks searched ahead for their counts. (The last range's
        # count is not needed.)
        counts = [delayed(_count_newlines)(fs, path, shown, i * step, step) for i in range(n - 1)]
        before = _one_layer(delayed(_prefix_sums)(counts))
        parts += [delayed(_block_part)(fs, path, shown, opts, i, step, size, before) for i in range(n)]
    return parts


def extract(paths, syntax="rfc2141bis", namespaces=False, blocksize=BLOCKSIZE, strict=False, canonical=False,
            uri_context=True, max_line=MAX_LINE):
    """A dask.bag of one dict per URN found in the files: the records of
    `urn extract --json` on the same files (see the module's help for the
    fields), in the same order.

    paths: a path, a glob, or a list of them (local, or URLs fsspec knows);
    each glob's matches sorted, a file listed twice read twice.
    syntax: 'rfc2141bis' (the default), 'rfc2141' or 'rfc8141'.
    namespaces: apply the namespaces' rules (each record of a URN they
    reject has namespace_fault): True (the shipped namespaces), False or
    None (none), a urns.Registry, or an iterable of urns.Namespace (the
    shipped ones and those), as urns.find takes it. A Registry travels to
    the workers pickled (its ABNF namespaces as their text).
    blocksize: a size (bytes, or a string such as '64MiB'; BLOCKSIZE, 16
    MiB, by default): an uncompressed file larger than it is cut into
    blocks of whole lines, a partition each, so that the workers share a
    large file: the fewest blocks of at most that size, all of one size
    (with '64MiB', a 100 MB file in two of 50 MB); a first pass counts
    the "\\n"s of the blocks (at memory speed, no record made), so that
    each block is searched once, from its right line number, by its own
    partition. None: one partition per file.
    A compressed file is one partition.
    strict, uri_context: as for urns.find.
    canonical: add to each record "canonical": urns.canonical(urn,
    syntax=syntax, namespaces=namespaces), None for a URN whose namespace
    rejects it.
    max_line: the longest line searched, in bytes (its "\r" counted, not
    its "\n"; `urn extract --max-line`'s default, 64 MiB). A longer line is
    skipped as `urn extract` skips it: it gives no record, it is read to
    its "\n" without being held (no more than max_line + 1 bytes of it at
    once), a LineTooLong warning says 'FILE:LINE: line longer than N bytes,
    skipped' where the partition runs, and the next line is searched.
    Errors: ReadError (an OSError naming the file) for a file that is
    missing or cannot be read or decompressed, FileNotFoundError for a glob
    that matches nothing, ValueError for an unknown syntax or a max_line
    that is not a positive int.
    """
    import dask.bag as db

    return db.from_delayed(_parts(paths, syntax, namespaces, blocksize, strict, canonical, uri_context, False,
                                  max_line))


def extract_frame(paths, syntax="rfc2141bis", namespaces=False, blocksize=BLOCKSIZE, strict=False,
                  canonical=False, uri_context=True, max_line=MAX_LINE):
    """A dask.dataframe of the URNs found in the files, one row per URN:
    the records of extract() (the same arguments, the same partitions) as
    columns, made from the C++ search's buffers with no dict per record.

    The columns (FRAME_COLUMNS, then "canonical" with canonical=True) are
    the records' members but "version": file and file_base64 (None where
    the name is UTF-8), line, column and offset (int64), urn, syntax,
    scheme, nid, nss, assigned_name, query, r_component, q_component,
    fragment (None where a URN has no such part), namespace_fault (the
    records' dict, None where the namespace accepts the URN or namespaces
    is off). Rows are in the order of the records.
    """
    import dask.dataframe as dd

    parts = _parts(paths, syntax, namespaces, blocksize, strict, canonical, uri_context, False, max_line,
                   columns=True)
    return dd.from_delayed(parts, meta=_frame(_urns._Columns(canonical).take(), canonical), verify_meta=False)


def _abnf_namespace(spec):
    """--namespace NID=FILE or NID=FILE:ROOT (as the urn tool reads it): the
    Namespace of the ABNF in FILE, rooted at ROOT or at its first rule."""
    nid, eq, path = spec.partition("=")
    if not eq or not nid or not path:
        raise argparse.ArgumentTypeError("expected NID=FILE or NID=FILE:ROOT, not %r" % spec)
    root = None
    # FILE:ROOT when what follows the last ":" is a rule name and FILE is a
    # file; else the whole is the file (a path may hold ":").
    head, colon, tail = path.rpartition(":")
    if colon and not os.path.isfile(path) and re.fullmatch(r"[A-Za-z][A-Za-z0-9-]*", tail) and os.path.isfile(head):
        path, root = head, tail
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise argparse.ArgumentTypeError("cannot read %s: %s" % (path, e.strerror))
    try:
        return _urns.Namespace.from_abnf(nid, text, root, reference=path)
    except _urns.GrammarError as e:
        raise argparse.ArgumentTypeError("%s: the grammar is not usable:\n%s" % (path, e))


def _write(out, futures):
    """Writes the partitions' JSON lines in order, and the message of each
    line skipped (too long) to standard error; (whether a record was
    written, whether a line was skipped)."""
    found = skipped = False
    for f in futures:
        for block in f.result():
            if isinstance(block, str):
                print(block, file=sys.stderr, flush=True)
                skipped = True
                continue
            out.write(block)
            found = found or bool(block)
        f.release()
    return found, skipped


def _size(text):
    """--max-line's N as `urn` reads it: a positive byte count, with a K, M
    or G suffix (powers of 1024)."""
    m = re.fullmatch(r"([0-9]+)([KkMmGg]?)", text)
    n = int(m.group(1)) << {"": 0, "k": 10, "m": 20, "g": 30}[m.group(2).lower()] if m else 0
    if n <= 0 or n > 1 << 40:
        raise argparse.ArgumentTypeError("expected a positive byte count (like 4096, 64K or 16M), not %r" % text)
    return n


def main(argv=None):
    """python3 -m urns.dask extract GLOB... --out FILE.jsonl [--scheduler ADDRESS] [--workers N]"""
    ap = argparse.ArgumentParser(
        prog="python3 -m urns.dask",
        description="Find the URNs of many files with Dask, one JSON object per URN.")
    sub = ap.add_subparsers(dest="command", required=True)
    ex = sub.add_parser(
        "extract", help="the URNs of files (globs; gzip decompressed) to a JSON Lines file",
        description="Writes the records of `urn extract --json` (docs/schema/extract.schema.json), "
                    "file by file in the order given (each glob's matches sorted). Exit status: 0 some "
                    "URN found, 1 none found, 2 an error or a line longer than --max-line (skipped).")
    ex.add_argument("paths", nargs="+", metavar="GLOB", help="files or globs (quote them)")
    ex.add_argument("--out", required=True, metavar="FILE.jsonl",
                    help="the output file ('-': standard output), written whole or not at all")
    ex.add_argument("--scheduler", metavar="ADDRESS",
                    help="a running Dask scheduler, e.g. tcp://10.0.0.1:8786 (default: start a local cluster)")
    ex.add_argument("--workers", type=int, default=None, metavar="N",
                    help="worker processes of the local cluster (default: one per core)")
    ex.add_argument("--syntax", default="rfc2141bis", choices=["rfc2141bis", "rfc2141", "rfc8141"])
    ex.add_argument("--namespaces", action="store_true",
                    help="apply the shipped namespaces' rules (namespace_fault where they reject a URN)")
    ex.add_argument("--namespace", action="append", type=_abnf_namespace, default=[], metavar="NID=FILE[:ROOT]",
                    help="also a namespace from the ABNF in FILE (root: ROOT or its first rule); "
                         "implies --namespaces (repeatable)")
    ex.add_argument("--strict", action="store_true", help="keep trailing punctuation the syntax allows")
    ex.add_argument("--no-uri-context", action="store_true",
                    help="do not end URNs by their place in another URI")
    ex.add_argument("--canonical", action="store_true",
                    help="add each URN's canonical form (null where its namespace rejects it)")
    ex.add_argument("--blocksize", default=None,
                    help="cut uncompressed files into blocks of whole lines of this size (e.g. 64MiB)")
    ex.add_argument("--max-line", type=_size, default=MAX_LINE, metavar="N",
                    help="skip a line longer than N bytes (K, M, G suffixes; default 64M) with a message "
                         "naming it, and give status 2, as `urn extract` does")
    ex.add_argument("--debug", action="store_true", help="show the traceback of an error")
    args = ap.parse_args(argv)
    if args.scheduler and args.workers is not None:
        ap.error("--workers starts a local cluster: it does not go with --scheduler")
    try:
        return _extract_command(args)
    except KeyboardInterrupt:
        return 130
    except Exception as e:  # one line, as `urn` reports errors
        if args.debug:
            raise
        print("python3 -m urns.dask: %s" % (e if isinstance(e, OSError) and str(e) else
                                            "%s: %s" % (type(e).__name__, e)), file=sys.stderr)
        return 2


def _extract_command(args):
    import logging

    # Imported by name, so that the functions the workers run are
    # urns.dask's and not this __main__'s.
    import urns.dask as module

    namespaces = _urns.Registry(args.namespace) if args.namespace else args.namespaces
    # The partitions are made (and the files found) before any cluster starts.
    parts = module._parts(args.paths, args.syntax, namespaces, args.blocksize, args.strict, args.canonical,
                          not args.no_uri_context, True, args.max_line)
    from distributed import Client, LocalCluster

    quiet = logging.DEBUG if args.debug else logging.CRITICAL
    cluster = None
    if args.scheduler:
        client = Client(args.scheduler)
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                               dashboard_address=None, silence_logs=quiet)
        client = Client(cluster)
    tmp = None
    try:
        futures = client.compute(parts)
        if args.out == "-":
            found, skipped = _write(sys.stdout.buffer, futures)
            sys.stdout.buffer.flush()
        else:
            # A temporary file next to the output, renamed over it at the end.
            target = os.path.abspath(args.out)
            tmp = os.path.join(os.path.dirname(target), ".%s.%d.tmp" % (os.path.basename(target), os.getpid()))
            with open(tmp, "wb") as out:
                found, skipped = _write(out, futures)
            os.replace(tmp, target)
            tmp = None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
        client.close()
        if cluster is not None:
            cluster.close()
    return 2 if skipped else 0 if found else 1


if __name__ == "__main__":
    sys.exit(main())
