# SPDX-License-Identifier: BSL-1.0
# Tests of urns.dask (ctest: python_dask): the URNs of generated shards
# (plain and gzip, with a BOM, CRLF and lone CR, bytes that are not UTF-8,
# long lines, no final newline) with every scheduler (a LocalCluster of 2
# worker processes, processes, threads, sync), whole files and blocks of
# every size, files listed twice and overlapping globs: the records must be
# exactly those the built `urn extract --json` writes for the same files,
# in the same order (the tool is the reference, not the code under test),
# and each offset and line is also checked against the file's bytes.
# URNS_TOOL is the urn command.
import gzip
import json
import os
import random
import subprocess
import sys
import threading

import pytest

import urns
import urns.dask

TOOL = os.environ.get("URNS_TOOL", "urn")

NIDS = ["isbn", "ISBN", "uuid", "example", "ex", "nbn", "oid", "ietf", "X-test", "foo"]


def random_urn(rng):
    nid = rng.choice(NIDS)
    alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.,;=()+"
    nss = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 40)))
    if rng.random() < 0.2:
        nss += "%" + rng.choice(["2c", "2C", "3a", "41", "e9"])
    if rng.random() < 0.1:
        nss += "?s=I2L"
    if rng.random() < 0.1:
        nss += "#frag"
    return rng.choice(["urn", "URN", "Urn"]) + ":" + nid + ":" + nss


FILLER = ["see", "and", "the", "Straße", "naïve", "–", "(", ")", ".", ",", "xurn:no:t", "my_urn:no:t", "urn:", "urn:x"]


def make_shard(rng, lines):
    out = []
    for _ in range(lines):
        words = []
        for _ in range(rng.randint(0, 12)):
            words.append(random_urn(rng) if rng.random() < 0.3 else rng.choice(FILLER))
        if rng.random() < 0.01:
            words.append("y" * rng.randint(1000, 20000) + " " + random_urn(rng))
        sep = rng.choice([" ", " ", "\t", "  "])
        line = sep.join(words).encode("utf-8")
        if rng.random() < 0.05:
            line += b" \xff\xfe " + random_urn(rng).encode() + b"\x80"
        end = rng.choice([b"\n"] * 8 + [b"\r\n", b"\r"])
        out.append(line + end)
    return b"".join(out)


@pytest.fixture(scope="module")
def shards(tmp_path_factory):
    d = tmp_path_factory.mktemp("shards")
    rng = random.Random(20240611)
    files = {}
    for i in range(6):
        data = make_shard(rng, rng.randint(200, 2000))
        if i == 1:
            data = b"\xef\xbb\xbfurn:ex:after-bom and more\n" + data
        if i == 2:
            data = data.rstrip(b"\n") + b" urn:ex:last-no-newline"
        name = "shard-%02d.txt" % i
        if i % 2:
            name += ".gz"
            (d / name).write_bytes(gzip.compress(data))
        else:
            (d / name).write_bytes(data)
        files[str(d / name)] = data
    (d / "shard-empty.txt").write_bytes(b"")
    files[str(d / "shard-empty.txt")] = b""
    return d, files


@pytest.fixture(scope="module")
def client():
    from distributed import Client, LocalCluster

    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    c = Client(cluster)
    yield c
    c.close()
    cluster.close()


def tool_output(paths, *options):
    """What `urn extract --json` writes for the files, in that order."""
    r = subprocess.run([TOOL, "extract", "--json", "-j", "1", *options, *paths], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=120)
    assert r.returncode in (0, 1), r.stderr
    return r.stdout


def tool_records(paths, *options):
    return [json.loads(l) for l in tool_output(paths, *options).decode("utf-8").splitlines()]


def check_bytes(records, files):
    for r in records:
        data = files[r["file"]]
        assert data[r["offset"]:r["offset"] + len(r["urn"])] == r["urn"].encode()
        assert data.count(b"\n", 0, r["offset"]) + 1 == r["line"]
        assert r["offset"] - r["column"] + 1 == data.rfind(b"\n", 0, r["offset"]) + 1


def test_extract_is_the_tool(shards, client):
    d, files = shards
    bag = urns.dask.extract(str(d / "shard-*"))
    assert bag.npartitions == len(files)            # one partition per file
    records = bag.compute()
    want = tool_records(sorted(files))
    assert len(want) >= 1000                        # the shards hold many URNs
    assert records == want                          # every field
    assert [list(r) for r in records] == [list(r) for r in want]  # in the same order
    assert all(type(r) is dict for r in records)   # plain dicts (they share their keys: less memory)
    check_bytes(records, files)
    # The BOM is not searched but counts in the offset and the column.
    bom_file = [p for p in files if files[p].startswith(b"\xef\xbb\xbf")][0]
    first = min((r for r in records if r["file"] == bom_file), key=lambda r: r["offset"])
    assert (first["line"], first["column"], first["offset"], first["urn"]) == (1, 4, 3, "urn:ex:after-bom")


def frame_rows(frame, canonical=False):
    """The rows of an extract_frame() result as records: the columns that
    are None dropped (a record has no such member), "version" put back
    first; canonical kept even when None."""
    rows = []
    for row in frame.to_dict("records"):
        r = {"version": 2}
        for k, v in row.items():
            if v is not None or (canonical and k == "canonical"):
                r[k] = int(v) if k in ("line", "column", "offset") else v
        rows.append(r)
    return rows


def test_columns_gather_blocks():
    # A _Columns gathers the columns of every block given to it: the same
    # arrays as the blocks' own dicts, joined; take() leaves it empty; the
    # arrays keep their memory after the _Columns goes, and a second round
    # (memory kept from the first, KEEP_FREED) gives the same again.
    import numpy as np

    blocks = [b"urn:ex:a x URN:EX:b\n", b"", b"(urn:isbn:0-395-36341-1) urn:ex:c\n" * 3]
    name = b"f.txt"
    args = ("rfc2141bis", False, False, True, False, False)  # syntax, strict, namespaces, uri_context, json, canonical

    def own(block, line, offset):
        got, newlines = urns._urns._extract_block(block, 0, len(block), name, line, offset, *args, True)
        return got, newlines

    urns._urns._keep_arenas(urns.dask.KEEP_FREED)
    for _ in range(2):
        columns = urns._urns._Columns(False)
        want, line, offset = [], 1, 0
        for block in blocks:
            got, newlines = urns._urns._extract_block(block, 0, len(block), name, line, offset, *args, columns)
            assert got is None
            want.append(own(block, line, offset)[0])
            assert own(block, line, offset)[1] == newlines == block.count(b"\n")
            line, offset = line + newlines, offset + len(block)
        data = columns.take()
        del columns
        assert set(data) == set(urns.dask.FRAME_COLUMNS)
        for k in urns.dask.FRAME_COLUMNS:
            joined = np.concatenate([w[k] for w in want])
            assert data[k].dtype == joined.dtype and data[k].tolist() == joined.tolist(), k
        assert data["urn"].tolist() == ["urn:ex:a", "URN:EX:b"] + ["urn:isbn:0-395-36341-1", "urn:ex:c"] * 3
        assert data["line"].tolist() == [1, 1, 2, 2, 3, 3, 4, 4]
    empty = urns._urns._Columns(True)
    assert all(len(v) == 0 for v in empty.take().values()) and "canonical" in empty.take()
    with pytest.raises(ValueError):
        urns._urns._extract_block(blocks[0], 0, len(blocks[0]), name, 1, 0, *args, empty)


def test_extract_frame_is_extract(shards, client):
    # The columns of extract_frame() are the records of extract(), row for
    # row, through the workers: with namespaces (namespace_fault) and
    # canonical forms, in one partition a file and in blocks.
    d, files = shards
    paths = sorted(files)
    want = tool_records(paths, "--namespaces")
    for blocksize in (None, 8192):
        frame = urns.dask.extract_frame(paths, namespaces=True, blocksize=blocksize)
        got = frame.compute()
        assert list(got.columns) == list(urns.dask.FRAME_COLUMNS)
        assert [str(t) for t in got.dtypes[["line", "column", "offset"]]] == ["int64"] * 3
        assert frame_rows(got) == [{k: v for k, v in r.items()} for r in want], blocksize
        with_canonical = urns.dask.extract_frame(paths, namespaces=True, canonical=True, blocksize=blocksize)
        records = urns.dask.extract(paths, namespaces=True, canonical=True, blocksize=blocksize).compute()
        assert frame_rows(with_canonical.compute(), canonical=True) == records
    # More partitions by default than files: a file above BLOCKSIZE is cut.
    assert urns.dask.extract(paths).npartitions == len(paths)
    assert urns.dask.extract(paths, blocksize=4096).npartitions > len(paths)


@pytest.mark.parametrize("scheduler", ["distributed", "processes", "threads", "sync"])
def test_duplicates_globs_and_blocks(shards, client, scheduler):
    # A file listed twice and overlapping globs give their records twice, as
    # the tool does given the same list; blocks of lines too.
    d, files = shards
    plain = sorted(p for p in files if not p.endswith(".gz"))
    globs = [str(d / "shard-0*"), str(d / "shard-*.txt"), plain[0], plain[0]]
    expanded = sorted(p for p in files if os.path.basename(p).startswith("shard-0")) + plain + [plain[0]] * 2
    want = tool_records(expanded)
    run = dict(scheduler=None) if scheduler == "distributed" else dict(scheduler=scheduler)
    for blocksize in (None, 4096, "20kB"):
        bag = urns.dask.extract(globs, blocksize=blocksize)
        if blocksize:
            assert bag.npartitions > len(expanded)
        assert bag.compute(**run) == want, (scheduler, blocksize)


def test_blocks_of_one_size(tmp_path):
    # A file is cut into the fewest blocks of at most blocksize bytes, all
    # of one size: 1,000 lines of 12 bytes (12,000 bytes) with blocksize
    # 7,000 make 2 blocks of 6,000 bytes, 500 lines each (not 584 and 416);
    # with 5,000, 3 of 4,000 (334, 333, 333: a block holds the lines that
    # start in it).
    import dask

    path = tmp_path / "even.txt"
    path.write_bytes(b"urn:ex:aaaa\n" * 1000)
    for blocksize, want in ((7000, [500, 500]), (5000, [334, 333, 333]), (12000, [1000]), (11999, [500, 500])):
        for columns in (False, True):
            parts = urns.dask._parts(str(path), "rfc2141bis", False, blocksize, False, False, True, False,
                                     columns=columns)
            assert [len(p) for p in dask.compute(*parts, scheduler="sync")] == want, (blocksize, columns)
        assert urns.dask.extract_frame(str(path), blocksize=blocksize).map_partitions(len).compute().tolist() == want


def test_a_block_is_searched_once_by_its_own_partition(tmp_path):
    # Partition i of a file's blocks searches block i and no other: it
    # takes the "\n" counts of the ranges (a first pass that makes no
    # record), not the searches of the blocks before it, which would hold
    # their records until the partitions that take them run.
    import dask
    from dask.core import get_dependencies

    path = tmp_path / "blocks.txt"
    path.write_bytes(b"urn:ex:aaaa\n" * 1000)
    for columns in (False, True):
        parts = urns.dask._parts(str(path), "rfc2141bis", False, 600, False, False, True, False, columns=columns)
        assert len(parts) == 20
        for part in parts:
            graph = dict(part.__dask_graph__())
            seen, todo = set(), [part.key]
            while todo:
                k = todo.pop()
                if k not in seen:
                    seen.add(k)
                    todo.extend(get_dependencies(graph, k))
            names = [k.split("-", 1)[0] for k in seen if isinstance(k, str)]
            assert names.count("_block_part") == 1 and names.count("_count_newlines") == 19, (columns, names)
        got = dask.compute(*parts, scheduler="sync")
        first = [(p["line"].iloc[0] if columns else p[0]["line"]) for p in got]
        assert first == [1 + 50 * i for i in range(20)]  # 600 bytes: 50 lines a block


def test_blocks_inside_one_long_line_read_their_own_bytes(tmp_path, monkeypatch):
    # A file of one line of 1 MiB in blocks of 16 KiB: the line belongs to
    # the first block, which reads it to its end; each other block looks
    # for a line start in its own range only, not to the end of the line
    # (which made the reads grow as the square of the blocks: 64 blocks
    # reading half the file each).
    import dask

    class Counted:
        def __init__(self, f):
            self.f = f

        def seek(self, at):
            return self.f.seek(at)

        def read(self, n):
            data = self.f.read(n)
            read[0] += len(data)
            return data

    read = [0]
    line_start = urns.dask._line_start
    monkeypatch.setattr(urns.dask, "_line_start", lambda f, *a: line_start(Counted(f), *a))
    path = tmp_path / "line.txt"
    size = 1 << 20
    path.write_bytes(b"urn:ex:a " + b"x" * (size - 10) + b"\n")
    parts = urns.dask._parts(str(path), "rfc2141bis", False, 16 << 10, False, False, True, False)
    assert len(parts) == 64
    got = [r for part in dask.compute(*parts, scheduler="sync") for r in part]
    assert [(r["urn"], r["line"], r["offset"]) for r in got] == [("urn:ex:a", 1, 0)]
    assert read[0] <= 2 * size, read[0]


def test_a_worker_holds_the_records_of_one_block_at_a_time(tmp_path):
    # The order in which Dask's sync scheduler runs a large file's tasks
    # (dask.order) with extract().count() and with a frame's len: a
    # partition's result is held from its task to the last task that takes
    # it, and at no point are two partitions' results held at once (a
    # design that searched blocks ahead for their counts held 15 of 24).
    import dask
    from dask.core import get_dependencies
    from dask.order import order

    path = tmp_path / "blocks.txt"
    path.write_bytes(b"urn:ex:aaaa\n" * 2000)
    for coll in (urns.dask.extract(str(path), blocksize=1000).count(),
                 urns.dask.extract_frame(str(path), blocksize=1000).map_partitions(len)):
        graph = dict(coll.__dask_graph__())
        rank = order(graph)
        takers = {k: [] for k in graph}
        for k in graph:
            for d in get_dependencies(graph, k):
                takers[d].append(k)
        parts = [k for k in graph if isinstance(k, str) and k.startswith("_block_part-")]
        assert len(parts) == 24
        spans = [(rank[k], max(rank[t] for t in takers[k])) for k in parts]
        at_once = max(sum(1 for a, b in spans if a <= r <= b) for r in range(len(graph)))
        assert at_once == 1, sorted(spans)
        got = dask.compute(coll, scheduler="sync")[0]  # the count, or each partition's len
        assert (got if isinstance(got, int) else sum(got)) == 2000


def test_every_block_size(tmp_path):
    # One small file cut at every block size from 1 byte to its size: lines
    # that straddle blocks, blocks inside one long line, a CRLF cut between
    # its bytes, the BOM cut, no final newline.
    data = (b"\xef\xbb\xbfurn:ex:a urn:ex:b\r\n\n" + b"y" * 40 + b" urn:ex:long\n" +
            b"x urn:isbn:0-395-36341-1. (urn:ex:c)\r" + b" \xff urn:ex:d\nurn:ex:e")
    path = tmp_path / "small.txt"
    path.write_bytes(data)
    want = tool_records([str(path)])
    assert len(want) == 7
    import dask

    for blocksize in range(1, len(data) + 2):
        parts = urns.dask._parts(str(path), "rfc2141bis", False, blocksize, False, False, True, False)
        got = [r for part in dask.compute(*parts, scheduler="sync") for r in part]
        assert got == want, blocksize
        frames = urns.dask._parts(str(path), "rfc2141bis", False, blocksize, False, False, True, False,
                                  columns=True)
        assert [r for part in dask.compute(*frames, scheduler="sync") for r in frame_rows(part)] == want
    # Records are dicts of their own: changing one changes no other.
    got[0]["extra"] = 1
    del got[0]["urn"]
    got[1]["urn"] = "changed"
    assert got[2:] == want[2:] and list(got[2]) == list(want[2]) and "extra" not in got[1]
    assert list(got[0]) == [k for k in want[0] if k != "urn"] + ["extra"]


def test_small_read_buffer(shards, monkeypatch):
    # Files are read into a buffer reused from file to file (one per
    # thread): with one of a few bytes, lines are longer than the buffer
    # (it grows for them, and is back to its size once they are done), gzip
    # members are decompressed into it piece by piece, and the records are
    # still the tool's.
    import dask

    d, files = shards
    paths = sorted(files)
    want = tool_records(paths)
    for size in (1, 7, 100):
        monkeypatch.setattr(urns.dask, "CHUNK", size)
        monkeypatch.setattr(urns.dask, "_local", threading.local())
        parts = urns.dask._parts(paths, "rfc2141bis", False, None, False, False, True, False)
        got = [r for part in dask.compute(*parts, scheduler="sync") for r in part]
        assert got == want, size
        assert len(urns.dask._local.buffer) == size


def test_freed_memory_kept():
    # _keep_arenas (KEEP_FREED) puts an allocator of arenas in front of
    # Python's, in a process of its own here: objects made and freed in
    # bulk through it are what they were, the limit only grows, and the
    # arenas it keeps are reused (RSS does not grow from round to round).
    import subprocess
    import sys

    prog = """
import resource, urns._urns as U
assert U._keep_arenas(8 << 20) == 8 << 20
assert U._keep_arenas(64 << 20) == 64 << 20 and U._keep_arenas(1) == 64 << 20
peaks = []
for round in range(6):
    records = [{"n": i, "s": "x%d" % i, "t": (i, str(i))} for i in range(300000)]
    assert all(r["n"] == i and r["s"] == "x%d" % i and r["t"][1] == str(i) for i, r in enumerate(records))
    del records
    peaks.append(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
assert peaks[-1] <= peaks[1] * 1.1 + 4096, peaks
print("ok")
"""
    r = subprocess.run([sys.executable, "-c", prog], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=300)
    assert r.returncode == 0 and r.stdout.strip() == b"ok", r.stdout.decode(errors="replace")


@pytest.mark.parametrize("limit_mib", [32, 64])
def test_freed_memory_kept_through_deep_calls_and_columns(tmp_path, limit_mib):
    # The keeper in a process of its own, after a deep recursion (the
    # interpreter takes a frame stack chunk through the same allocator as
    # the arenas, and frees it on return: importing pandas does as much),
    # running partitions of records, then of columns: from the second
    # round on, their memory is the last round's, a few page faults where
    # a round maps 12,000 pages of records or 3,000 of columns anew. The
    # limit of 32 MiB is less than the records' arenas: they fill it, and
    # the kept arenas must make room for the columns' blocks (the records'
    # own faults, past the limit, are then not counted).
    path = tmp_path / "urns.txt"
    path.write_text("".join("urn:example:a%d\n" % i for i in range(100000)))
    prog = """
import resource, sys, urns._urns as U, urns.dask
limit = int(sys.argv[2]) << 20
assert U._keep_arenas(limit) == limit
urns.dask.KEEP_FREED = limit
def depth(n):
    return depth(n - 1) + 1 if n else 0
assert depth(900) == 900
def faults(f, want):
    out = []
    for round in range(4):
        before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
        assert f() == want
        out.append(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before)
    return out
records = urns.dask.extract([sys.argv[1]])
frame = urns.dask.extract_frame([sys.argv[1]])
r = faults(lambda: records.count().compute(scheduler="sync"), 100000)
c = faults(lambda: frame.map_partitions(len).compute(scheduler="sync").sum(), 100000)
assert max(c[1:]) < 600 and (limit < 64 << 20 or max(r[1:]) < 600), (r, c)
print("ok")
"""
    r = subprocess.run([sys.executable, "-c", prog, str(path), str(limit_mib)], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, timeout=300)
    assert r.returncode == 0 and r.stdout.strip() == b"ok", r.stdout.decode(errors="replace")


def test_namespaces_are_the_tools(shards, client):
    # With namespaces=True the records are those of `urn extract --json
    # --namespaces`: namespace_fault where a namespace rejects the URN; and
    # canonical=True adds urns.canonical(..., namespaces=True), None where it
    # raises.
    d, files = shards
    paths = sorted(files)
    want = tool_records(paths, "--namespaces")
    assert sum("namespace_fault" in r for r in want) > 10
    got = urns.dask.extract(paths, namespaces=True).compute()
    assert got == want
    assert [list(r) for r in got] == [list(r) for r in want]
    got = urns.dask.extract(paths, namespaces=True, canonical=True, blocksize=8192).compute()
    assert [{k: v for k, v in r.items() if k != "canonical"} for r in got] == want
    for r in got:
        if "namespace_fault" in r:
            assert r["canonical"] is None
            with pytest.raises(urns.ParseError) as e:
                urns.canonical(r["urn"], namespaces=True)
            assert e.value.code == "nss_rejected"
        else:
            assert r["canonical"] == urns.canonical(r["urn"], namespaces=True)


MRN = ('MRN = OID ":" OSS\n'
       'OID = alphanum 0*20( alphanum / "-" ) alphanum\n'
       'OSS = 1*( pchar / "/" )\n'
       'alphanum = ALPHA / DIGIT\n')


def test_extract_with_an_abnf_namespace(client, tmp_path):
    # A Registry with an ABNF namespace goes to the worker processes pickled;
    # the records are the tool's with the same grammar (--namespace).
    grammar = tmp_path / "mrn.abnf"
    grammar.write_text(MRN)
    mrn = urns.Namespace.from_abnf("mrn", MRN, case_insensitive=["OID"])
    reg = urns.Registry([mrn])
    lines = ["see urn:mrn:IALA:aton:X and URN:MRN:iala:aton:x.\n",
             "bad: urn:mrn:IALA-:x, urn:isbn:0-395-36341-2 and urn:isbn:0-395-36341-1\n",
             "\n",
             "urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6 urn:mrn:" + "A" * 23 + ":x\n"]
    paths = []
    for i in range(3):
        path = tmp_path / ("mrn-%d.txt" % i)
        path.write_bytes("".join(lines[i:] + lines[:i]).encode())
        paths.append(str(path))
    want = tool_records(paths, "--syntax", "rfc8141", "--namespace", "mrn=%s:MRN" % grammar)
    assert len(want) == 3 * 7 and sum("namespace_fault" in r for r in want) == 3 * 3
    for namespaces in (reg, [mrn]):
        assert urns.dask.extract(paths, syntax="rfc8141", namespaces=namespaces).compute() == want
        blocks = urns.dask.extract(paths, syntax="rfc8141", namespaces=namespaces, blocksize=64)
        assert blocks.npartitions > len(paths)
        assert blocks.compute() == want
    assert urns.dask.extract(paths, syntax="rfc8141", namespaces=reg).compute(scheduler="processes") == want
    canon = urns.dask.extract(paths, syntax="rfc8141", namespaces=reg, canonical=True).compute()
    assert {r["canonical"] for r in canon} >= {"urn:mrn:iala:aton:X", "urn:mrn:iala:aton:x", None,
                                               "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6"}
    with pytest.raises(TypeError):
        urns.dask.extract(paths, namespaces=["mrn"])


def cli(*args, timeout=240):
    return subprocess.run([sys.executable, "-m", "urns.dask", "extract", *args], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=timeout)


def test_cli_writes_the_tools_bytes(shards, client, tmp_path):
    d, files = shards
    out = tmp_path / "urns.jsonl"
    r = cli(str(d / "shard-*"), "--out", str(out), "--scheduler", client.scheduler.address, "--blocksize", "16kB")
    assert r.returncode == 0, r.stderr.decode()
    assert out.read_bytes() == tool_output(sorted(files))
    r = cli(*sorted(files), "--out", str(out), "--scheduler", client.scheduler.address, "--namespaces")
    assert r.returncode == 0, r.stderr.decode()
    assert out.read_bytes() == tool_output(sorted(files), "--namespaces")
    # No URN at all: status 1, as the tool's.
    empty = [p for p in files if files[p] == b""]
    r = cli(*empty, "--out", "-", "--scheduler", client.scheduler.address)
    assert (r.returncode, r.stdout) == (1, b"")


def test_cli_local_cluster(shards, tmp_path):
    d, files = shards
    out = tmp_path / "urns.jsonl"
    one = [p for p in files if p.endswith("shard-01.txt.gz")]
    r = cli(*one, "--out", str(out), "--workers", "1")
    assert r.returncode == 0, r.stderr.decode()
    assert out.read_bytes() == tool_output(one)


def test_cli_errors(shards, client, tmp_path):
    # A corrupt gzip file: status 2, one line naming the file and the reason
    # (the tool's), no traceback, and --out left as it was (written whole or
    # not at all). A text file named .gz is read as text, as the tool does.
    d, files = shards
    good = sorted(files)[0]
    gz = [p for p in files if p.endswith(".gz")][0]
    corrupt = tmp_path / "corrupt.txt.gz"
    raw = bytearray((d / os.path.basename(gz)).read_bytes())
    raw[len(raw) // 2:len(raw) // 2 + 64] = b"\0" * 64
    corrupt.write_bytes(bytes(raw))
    truncated = tmp_path / "truncated.gz"
    truncated.write_bytes(bytes(raw[:len(raw) // 3]))
    trailing = tmp_path / "trailing.gz"
    trailing.write_bytes(gzip.compress(b"urn:ex:a\n") + b"garbage")
    out = tmp_path / "out.jsonl"
    out.write_bytes(b"before\n")
    for bad, reason in ((corrupt, "not valid gzip data"), (truncated, "truncated gzip data"),
                        (trailing, "data after the end of the gzip data")):
        tool = subprocess.run([TOOL, "extract", "--json", str(bad)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert tool.returncode == 2 and reason.encode() in tool.stderr
        r = cli(good, str(bad), "--out", str(out), "--scheduler", client.scheduler.address)
        err = r.stderr.decode()
        assert r.returncode == 2, err
        assert len(err.strip().splitlines()) == 1 and str(bad) in err and reason in err, err
        assert "Traceback" not in err
        assert out.read_bytes() == b"before\n"
        assert os.listdir(tmp_path).count("out.jsonl") == 1 and not any(".tmp" in f for f in os.listdir(tmp_path))
        with pytest.raises(urns.dask.ReadError) as e:
            urns.dask.extract([str(bad)]).compute()
        assert e.value.path == str(bad) and reason in str(e.value)
    r = cli(str(corrupt), "--out", str(out), "--scheduler", client.scheduler.address, "--debug")
    assert r.returncode != 0 and b"Traceback" in r.stderr
    missing = cli(str(tmp_path / "nope.txt"), "--out", str(out), "--scheduler", client.scheduler.address)
    assert missing.returncode == 2 and b"nope.txt" in missing.stderr and b"Traceback" not in missing.stderr
    fake = tmp_path / "plain.gz"
    fake.write_bytes(b"text urn:ex:a\n")
    assert urns.dask.extract(str(fake)).compute() == tool_records([str(fake)])
    r = cli(str(fake), "--out", str(out), "--scheduler", client.scheduler.address)
    assert r.returncode == 0 and out.read_bytes() == tool_output([str(fake)])


def test_cli_abnf_namespace(client, tmp_path):
    grammar = tmp_path / "mrn.abnf"
    grammar.write_text("; the OID's case is compared too: no fold\n" + MRN)
    data = tmp_path / "in.txt"
    data.write_text("urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6\nurn:mrn:IALA:x urn:mrn:iala-:x\n")
    out = tmp_path / "urns.jsonl"
    r = cli(str(data), "--out", str(out), "--syntax", "rfc8141", "--scheduler", client.scheduler.address,
            "--namespace", "mrn=%s:MRN" % grammar, "--canonical")
    assert r.returncode == 0, r.stderr.decode()
    got = [(x["line"], x["urn"], x["canonical"]) for x in map(json.loads, out.read_text().splitlines())]
    # The shipped namespaces apply too (the uuid folds to lower case).
    uuid = "urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6"
    assert got == [(1, uuid, uuid.lower()), (2, "urn:mrn:IALA:x", "urn:mrn:IALA:x"), (2, "urn:mrn:iala-:x", None)]
    grammar.write_text('MRN = OID ":" OSS\n')
    r = cli(str(data), "--out", str(out), "--namespace", "mrn=%s" % grammar, timeout=60)
    assert r.returncode == 2 and b':1:7: error: undefined rule "OID"' in r.stderr


def test_cli_usage():
    r = cli("x", "--out", "y", "--scheduler", "a", "--workers", "2", timeout=60)
    assert r.returncode == 2 and b"--workers" in r.stderr
    with pytest.raises(ValueError):
        urns.dask.extract("x", syntax="nope")


def long_lines_file(max_line):
    """Lines around max_line bytes long: max_line (searched), max_line + 1
    (skipped), max_line with a "\\r" before its "\\n" (the "\\r" counts:
    skipped), many times max_line, and one without "\\n" at the end; a URN
    on each side of each, and inside the long ones."""
    def line(n, urn, end=b"\n"):
        body = b"x " + urn + b" "
        return body + b"y" * (n - len(body)) + end

    return b"".join([
        b"urn:ex:before\n",
        line(max_line, b"urn:ex:fits"),
        b"urn:ex:after-fits\n",
        line(max_line + 1, b"urn:ex:one-over"),
        b"urn:ex:after-one-over\r\n",
        line(max_line - 1, b"urn:ex:cr", b"\r\n"),
        line(max_line, b"urn:ex:cr-over", b"\r\n"),
        b"\n",
        line(20 * max_line + 7, b"urn:ex:far-over"),
        b"urn:ex:after-far-over urn:ex:x\n",
        line(3 * max_line, b"urn:ex:last-no-newline", b""),
    ])


def tool_run(paths, *options):
    r = subprocess.run([TOOL, "extract", "--json", "-j", "1", *options, *paths], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=120)
    return r.returncode, r.stdout, r.stderr.decode().splitlines()


@pytest.mark.parametrize("chunk", [5, 64, 1000, 1 << 16])
def test_long_lines_are_the_tools(tmp_path, monkeypatch, chunk):
    # A line longer than max_line is skipped as `urn extract --max-line`
    # skips it: no record, the tool's message (a LineTooLong warning), the
    # next line searched with its right line and offset; plain, gzip (one
    # member and two) and in blocks; with read chunks smaller and larger
    # than max_line.
    import warnings

    import dask

    max_line = 300
    data = long_lines_file(max_line)
    plain = tmp_path / "long.txt"
    plain.write_bytes(data)
    gz = tmp_path / "long.txt.gz"
    gz.write_bytes(gzip.compress(data))
    members = tmp_path / "members.gz"
    members.write_bytes(gzip.compress(data[:1000]) + gzip.compress(data[1000:]))
    monkeypatch.setattr(urns.dask, "CHUNK", chunk)
    monkeypatch.setattr(urns.dask, "_local", threading.local())
    for path, blocksize in ((plain, None), (plain, 97), (plain, 5000), (gz, None), (members, None)):
        status, out, messages = tool_run([str(path)], "--max-line", str(max_line))
        want = [json.loads(l) for l in out.decode().splitlines()]
        assert status == 2 and len(messages) == 4, messages
        assert messages[0] == "%s:4: line longer than %d bytes, skipped" % (path, max_line)
        assert [r["urn"] for r in want] == ["urn:ex:before", "urn:ex:fits", "urn:ex:after-fits",
                                            "urn:ex:after-one-over", "urn:ex:cr", "urn:ex:after-far-over",
                                            "urn:ex:x"]
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            parts = urns.dask._parts(str(path), "rfc2141bis", False, blocksize, False, False, True, False, max_line)
            got = [r for part in dask.compute(*parts, scheduler="sync") for r in part]
        assert got == want, (path, blocksize)
        # Once each (the partitions of blocks may run in any order).
        said = [str(w.message) for w in caught if w.category is urns.dask.LineTooLong]
        assert (sorted(said) if blocksize else said) == (sorted(messages) if blocksize else messages)
        check_bytes(got, {str(path): data})
        # The buffer is back to its size (max_line + 1 when that is less
        # than CHUNK) after each of these lines.
        assert len(urns.dask._local.buffer) == min(chunk, max_line + 1)


def test_cli_long_lines(tmp_path, client):
    # The command: the tool's bytes on standard output, its messages on
    # standard error in the same order, and its status 2.
    data = long_lines_file(1024)
    path = tmp_path / "long.txt"
    path.write_bytes(data)
    gz = tmp_path / "long.txt.gz"
    gz.write_bytes(gzip.compress(data))
    status, out, messages = tool_run([str(path), str(gz)], "--max-line", "1K")
    assert status == 2 and len(messages) == 8
    r = cli(str(path), str(gz), "--out", "-", "--max-line", "1K", "--scheduler", client.scheduler.address)
    assert (r.returncode, r.stdout) == (2, out)
    assert [l for l in r.stderr.decode().splitlines() if "line longer than" in l] == messages
    # Without --max-line, the tool's default: no line skipped.
    status, out, messages = tool_run([str(path)])
    r = cli(str(path), "--out", "-", "--scheduler", client.scheduler.address)
    assert (status, messages) == (0, []) and (r.returncode, r.stdout) == (0, out)
    for bad in ("0", "1T", "K"):
        r = cli(str(path), "--out", "-", "--max-line", bad, timeout=60)
        assert r.returncode == 2 and b"--max-line" in r.stderr, bad
    for bad in (0, -1, 1.5, "64M", True):
        with pytest.raises(ValueError):
            urns.dask.extract(str(path), max_line=bad)


def test_read_buffer_shrinks(tmp_path, monkeypatch):
    # A line longer than CHUNK (and not than max_line) grows the read
    # buffer; once it is done the buffer is CHUNK bytes again, for the rest
    # of the file and the next one.
    import dask

    monkeypatch.setattr(urns.dask, "CHUNK", 4096)
    monkeypatch.setattr(urns.dask, "_local", threading.local())
    long = tmp_path / "long.txt"
    long.write_bytes(b"urn:ex:a " + b"y" * 100000 + b" urn:ex:b\n" + b"urn:ex:c\n" * 20000)
    parts = urns.dask._parts(str(long), "rfc2141bis", False, None, False, False, True, False)
    sizes = []
    original = urns.dask._lines

    def watched(readinto, max_line):
        for block in original(readinto, max_line):
            sizes.append(len(urns.dask._local.buffer))
            yield block

    monkeypatch.setattr(urns.dask, "_lines", watched)
    got = [r["urn"] for part in dask.compute(*parts, scheduler="sync") for r in part]
    assert got == ["urn:ex:a", "urn:ex:b"] + ["urn:ex:c"] * 20000
    assert sizes[0] > 100000 and sizes[-1] == 4096 and len(urns.dask._local.buffer) == 4096


def test_file_names_as_given(shards, client, tmp_path, monkeypatch):
    # "file" is the name as given, as `urn extract` writes it: relative
    # paths stay relative, a glob's matches are named as the shell would
    # name them. The README says the command writes the bytes the tool
    # writes for the same files.
    import glob
    import re

    source = os.environ.get("URNS_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
    with open(os.path.join(source, "README.md"), encoding="utf-8") as f:
        readme = re.sub(r"\s+", " ", f.read())
    assert "The output is the bytes `urn extract --json` writes for the same files" in readme
    d, files = shards
    work = tmp_path / "work"
    (work / "sub").mkdir(parents=True)
    for p in files:
        (work / "sub" / os.path.basename(p)).write_bytes(open(p, "rb").read())
    # The command runs in `work` too: a relative PYTHONPATH made absolute.
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(
        os.path.abspath(p) for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p))
    monkeypatch.chdir(work)
    for given in (["sub/shard-00.txt"], ["./sub/shard-01.txt.gz", "sub/../sub/shard-02.txt"], ["sub/shard-0*"],
                  ["./sub/*.gz", "sub/shard-00.txt"], [str(work / "sub" / "shard-04.txt")]):
        expanded = [m for g in given for m in (sorted(glob.glob(g)) if "*" in g else [g])]
        want = tool_output(expanded)
        assert want
        got = [r["file"] for r in urns.dask.extract(given).compute(scheduler="sync")]
        assert got == [json.loads(l)["file"] for l in want.decode().splitlines()], given
        assert set(got) == set(expanded)
        if any("*" in g for g in given):
            r = cli(*given, "--out", "-", "--scheduler", client.scheduler.address)
            assert (r.returncode, r.stdout) == (0, want), (given, r.stderr.decode())
    # A file that cannot be read is named as given too.
    (work / "bad.gz").write_bytes(gzip.compress(b"urn:ex:a\n")[:-5])
    with pytest.raises(urns.dask.ReadError) as e:
        urns.dask.extract("bad.gz").compute(scheduler="sync")
    assert e.value.path == "bad.gz"


def test_random_lines_against_the_tool(tmp_path, monkeypatch):
    # Random files of short and long lines (empty, "\r", at and around
    # max_line, many times it, no final "\n"), plain and gzip cut into
    # random members, read with random buffer sizes, max_line and blocks:
    # the records and messages are the tool's.
    import warnings

    import dask

    rng = random.Random(20261205)
    for trial in range(60):
        max_line = rng.choice([1, 2, 7, 30, 64, 200])
        lines = []
        for _ in range(rng.randint(0, 25)):
            n = rng.choice([0, 1, max_line - 1, max_line, max_line + 1, rng.randint(0, 5 * max_line + 10)])
            text = b"urn:ex:%d " % rng.randint(0, 999) if rng.random() < 0.5 else b""
            body = (text + b"y" * n)[:n] if n >= len(text) else text
            lines.append(body + rng.choice([b"\n", b"\n", b"\r\n", b"\r"]))
        data = b"".join(lines)
        if rng.random() < 0.3:
            data = data.rstrip(b"\n")
        path = tmp_path / ("r%d.txt" % trial)
        blocksize = None
        if rng.random() < 0.4:
            cuts = sorted(rng.randint(0, len(data)) for _ in range(rng.randint(0, 3)))
            pieces = [data[a:b] for a, b in zip([0] + cuts, cuts + [len(data)])]
            path = tmp_path / ("r%d.gz" % trial)
            path.write_bytes(b"".join(gzip.compress(p) for p in pieces))
        else:
            path.write_bytes(data)
            if rng.random() < 0.5:
                blocksize = rng.randint(1, max(1, len(data)))
        status, out, messages = tool_run([str(path)], "--max-line", str(max_line))
        want = [json.loads(l) for l in out.decode().splitlines()]
        monkeypatch.setattr(urns.dask, "CHUNK", rng.choice([1, 3, 16, 1 << 20]))
        monkeypatch.setattr(urns.dask, "_local", threading.local())
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            parts = urns.dask._parts(str(path), "rfc2141bis", False, blocksize, False, False, True, False, max_line)
            got = [r for part in dask.compute(*parts, scheduler="sync") for r in part]
        said = sorted(str(w.message) for w in caught if w.category is urns.dask.LineTooLong)
        assert (got, said) == (want, sorted(messages)), (trial, max_line, blocksize, data)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            frames = urns.dask._parts(str(path), "rfc2141bis", False, blocksize, False, False, True, False, max_line,
                                      columns=True)
            got = [r for part in dask.compute(*frames, scheduler="sync") for r in frame_rows(part)]
        said = sorted(str(w.message) for w in caught if w.category is urns.dask.LineTooLong)
        assert (got, said) == (want, sorted(messages)), ("columns", trial, max_line, blocksize, data)
        assert status == (2 if messages else 0 if want else 1)
