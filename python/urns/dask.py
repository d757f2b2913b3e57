# SPDX-License-Identifier: BSL-1.0
"""The URNs of many text files, with Dask.

    >>> import urns.dask
    >>> bag = urns.dask.extract("logs/*.txt.gz")
    >>> bag.take(1)
    ({'file': '/data/logs/a.txt.gz', 'line': 3, 'offset': 117,
      'urn': 'urn:isbn:0-395-36341-1', 'canonical': 'urn:isbn:0-395-36341-1',
      'nid': 'isbn'},)

extract() returns a dask.bag of one dict per URN found, read with
dask.bag.read_text: paths may be globs or lists, and files ending in .gz
(or another extension fsspec knows) are decompressed. The fields:

    file       the file's path as fsspec names it (absolute for local files)
    line       the line number in the file, from 1
    offset     the byte offset of the URN in the (decompressed) file, from 0
    urn        the URN as written
    canonical  its canonical form in the default mode of the syntax
               (urns.canonical; with namespaces folded by its namespace)
    nid        its NID as written

Lines end at "\\n" only (a "\\r" before it is left out, as a lone "\\r" is
not a line end), bytes that are not UTF-8 are kept as they are, and a UTF-8
byte order mark at the start of a file is not searched but counts in the
offsets: the same URNs, lines and offsets as `urn extract --json`.

The command line, against a running scheduler or a local cluster:

    python3 -m urns.dask extract 'logs/*.txt.gz' --out urns.jsonl --scheduler tcp://host:8786
    python3 -m urns.dask extract 'logs/*.txt' --out urns.jsonl --workers 4
    python3 -m urns.dask extract 'logs/*.txt' --out urns.jsonl --namespace mrn=mrn.abnf:MRN
"""

import argparse
import json
import os
import re
import sys

import dask
import dask.bag as db
from dask.delayed import delayed

from . import _urns

# read_text's way to give back exactly the file's bytes: lines split at
# "\n" only, no newline translation, bytes that are not UTF-8 kept as lone
# surrogates (which _extract_lines turns back into those bytes).
_READ = dict(encoding="utf-8", errors="surrogateescape", linedelimiter="\n", include_path=True)


def _records(pairs, syntax, strict, namespaces, first_line, first_offset, bom):
    """The records of consecutive lines of one file: pairs of (line, path)
    as read_text gives them (a list or an iterator), the first being line
    number first_line at byte first_offset."""
    pairs = list(pairs)
    if not pairs:
        return []
    path = pairs[0][1]
    found, _ = _urns._extract_lines([p[0] for p in pairs], syntax, strict, namespaces, bom)
    return [
        {"file": path, "line": first_line + i, "offset": first_offset + off, "urn": u, "canonical": c, "nid": n}
        for i, off, u, c, n in found
    ]


def _whole_file(pairs, syntax, strict, namespaces):
    """The records of a partition that is a whole file (blocksize=None)."""
    return _records(pairs, syntax, strict, namespaces, 1, 0, True)


def _block_size(pairs):
    """(path or None, lines, bytes) of a block of lines of one file."""
    pairs = list(pairs)
    if not pairs:
        return (None, 0, 0)
    size = sum(len(p[0].encode("utf-8", "surrogateescape")) for p in pairs)
    return (pairs[0][1], len(pairs), size)


def extract(paths, syntax="rfc2141bis", namespaces=False, blocksize=None, strict=False):
    """A dask.bag of one dict {file, line, offset, urn, canonical, nid} per
    URN found in the files (see the module's help for the fields).

    paths: a path, a glob or a list of them, as dask.bag.read_text takes;
    compressed files are read by their extension (.gz, ...).
    syntax: 'rfc2141bis' (the default), 'rfc2141' or 'rfc8141'.
    namespaces: fold the canonical forms by the namespaces' rules: True (the
    shipped namespaces), False or None (none), a urns.Registry, or an iterable
    of urns.Namespace (the shipped ones and those), as urns.canonical takes
    it. A Registry travels to the workers pickled (its ABNF namespaces as
    their text, compiled again there).
    strict: keep trailing punctuation that the syntax allows (urns.find).
    blocksize: None (the default) makes one partition per file, whose line
    numbers are counted as it is read. A size (bytes, or a string such as
    '64MiB') cuts uncompressed files into blocks of about that size at line
    ends, for more parallelism in few large files: then the blocks are read
    twice, first to count their lines and bytes (computed when extract() is
    called, with the current scheduler), so that each block knows its first
    line number and offset. Compressed files cannot be cut (Dask refuses).
    """
    _urns.is_valid("", syntax=syntax)  # an unknown syntax fails here, not in a worker
    if not isinstance(namespaces, (int, _urns.Registry)) and namespaces is not None:
        # Namespace objects: made a Registry once, here (a bad item fails here too).
        namespaces = _urns.Registry(namespaces)
    if blocksize is None:
        bag = db.read_text(paths, blocksize=None, **_READ)
        return bag.map_partitions(_whole_file, syntax, strict, namespaces)

    bag = db.read_text(paths, blocksize=blocksize, **_READ)
    parts = bag.to_delayed()
    sizes = dask.compute(*[delayed(_block_size)(p) for p in parts])
    blocks = []
    path, line, offset = None, 1, 0
    # read_text gives each file's blocks in order, one file after another;
    # an empty block (a line longer than blocksize) has no path and no size.
    for part, (p, n, size) in zip(parts, sizes):
        first = p is not None and p != path
        if first:
            path, line, offset = p, 1, 0
        blocks.append(delayed(_records)(part, syntax, strict, namespaces, line, offset, first))
        line += n
        offset += size
    return db.from_delayed(blocks)


def _json_lines(records):
    return ["".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)]


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


def main(argv=None):
    """python3 -m urns.dask extract GLOB... --out FILE.jsonl [--scheduler ADDRESS] [--workers N]"""
    ap = argparse.ArgumentParser(
        prog="python3 -m urns.dask",
        description="Find the URNs of many files with Dask, one JSON object per URN.")
    sub = ap.add_subparsers(dest="command", required=True)
    ex = sub.add_parser(
        "extract", help="the URNs of files (globs; .gz decompressed) to a JSON Lines file",
        description="Writes one JSON object per URN found (file, line, offset, urn, canonical, nid), "
                    "file by file in the order of the sorted globs.")
    ex.add_argument("paths", nargs="+", metavar="GLOB", help="files or globs (quote them)")
    ex.add_argument("--out", required=True, metavar="FILE.jsonl", help="the output file ('-': standard output)")
    ex.add_argument("--scheduler", metavar="ADDRESS",
                    help="a running Dask scheduler, e.g. tcp://10.0.0.1:8786 (default: start a local cluster)")
    ex.add_argument("--workers", type=int, default=None, metavar="N",
                    help="worker processes of the local cluster (default: one per core)")
    ex.add_argument("--syntax", default="rfc2141bis", choices=["rfc2141bis", "rfc2141", "rfc8141"])
    ex.add_argument("--namespaces", action="store_true", help="fold canonical forms by the namespaces' rules")
    ex.add_argument("--namespace", action="append", type=_abnf_namespace, default=[], metavar="NID=FILE[:ROOT]",
                    help="also a namespace from the ABNF in FILE (root: ROOT or its first rule); "
                         "implies --namespaces (repeatable)")
    ex.add_argument("--strict", action="store_true", help="keep trailing punctuation the syntax allows")
    ex.add_argument("--blocksize", default=None, help="cut uncompressed files into blocks of this size (e.g. 64MiB)")
    args = ap.parse_args(argv)
    if args.scheduler and args.workers is not None:
        ap.error("--workers starts a local cluster: it does not go with --scheduler")

    from distributed import Client, LocalCluster

    # Imported by name, so that the functions the workers run are
    # urns.dask's and not this __main__'s.
    import urns.dask as module

    cluster = None
    if args.scheduler:
        client = Client(args.scheduler)
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                               dashboard_address=None)
        client = Client(cluster)
    try:
        namespaces = _urns.Registry(args.namespace) if args.namespace else args.namespaces
        bag = module.extract(args.paths, syntax=args.syntax, namespaces=namespaces,
                             blocksize=args.blocksize, strict=args.strict)
        futures = client.compute(bag.map_partitions(module._json_lines).to_delayed())
        out = sys.stdout if args.out == "-" else open(args.out, "w", encoding="utf-8")
        try:
            for f in futures:
                out.write("".join(f.result()))
                f.release()
        finally:
            if out is not sys.stdout:
                out.close()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
