# SPDX-License-Identifier: BSL-1.0
# Tests of urns.dask (ctest: python_dask): a LocalCluster of 2 worker
# processes extracts the URNs of generated shards (plain and gzip, with a
# BOM, CRLF and lone CR, bytes that are not UTF-8, long lines, no final
# newline), and the records must be what the built `urn extract --json`
# finds in the same files: the same files, lines, offsets, URNs and NIDs,
# and canonical forms equal to `urn normalize`'s. Each offset and line is
# also checked against the file's bytes. URNS_TOOL is the urn command.
import gzip
import json
import os
import random
import subprocess
import sys

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


def tool_records(files):
    """What `urn extract --json` finds in each file (decompressed ones
    through standard input, labelled with their name)."""
    recs = []
    for path, data in files.items():
        r = subprocess.run([TOOL, "extract", "--json", "--label", path, "-"], input=data,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
        assert r.returncode in (0, 1), r.stderr
        recs += [json.loads(l) for l in r.stdout.decode("utf-8").splitlines()]
    return recs


def tool_canonical(urn_list):
    r = subprocess.run([TOOL, "normalize", "--json", "-f", "-"], input="".join(u + "\n" for u in urn_list).encode(),
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    assert r.returncode == 0, r.stderr
    return {o["input"]: o["canonical"] for o in map(json.loads, r.stdout.decode().splitlines())}


def key(r):
    return (r["file"], r["line"], r["offset"], r["urn"])


def check_against_tool(records, files, min_urns=1000):
    want = tool_records(files)
    assert len(want) >= min_urns                    # the shards hold many URNs
    assert sorted(map(key, records)) == sorted(map(key, want))
    nid = {key(r): r["nid"] for r in want}
    assert all(r["nid"] == nid[key(r)] for r in records)
    canon = tool_canonical(sorted({r["urn"] for r in records}))
    assert all(r["canonical"] == canon[r["urn"]] for r in records)
    for r in records:
        data = files[r["file"]]
        assert data[r["offset"]:r["offset"] + len(r["urn"])] == r["urn"].encode()
        assert data.count(b"\n", 0, r["offset"]) + 1 == r["line"]


def test_extract_matches_the_tool(shards, client):
    d, files = shards
    bag = urns.dask.extract(str(d / "shard-*"))
    assert bag.npartitions == len(files)            # one partition per file
    records = bag.compute()
    assert {r["file"] for r in records} <= set(files)
    check_against_tool(records, files)
    # The BOM is not searched but counts in the offset.
    bom_file = [p for p in files if files[p].startswith(b"\xef\xbb\xbf")][0]
    first = min((r for r in records if r["file"] == bom_file), key=lambda r: r["offset"])
    assert (first["line"], first["offset"], first["urn"]) == (1, 3, "urn:ex:after-bom")


def test_extract_blocks(shards, client):
    # Uncompressed files cut into small blocks: line numbers and offsets
    # carried from block to block.
    d, files = shards
    plain = {p: b for p, b in files.items() if not p.endswith(".gz")}
    bag = urns.dask.extract(sorted(plain), blocksize=4096)
    assert bag.npartitions > len(plain)
    check_against_tool(bag.compute(), plain)


def test_cli_against_a_scheduler(shards, client, tmp_path):
    d, files = shards
    out = tmp_path / "urns.jsonl"
    r = subprocess.run([sys.executable, "-m", "urns.dask", "extract", str(d / "shard-*"), "--out", str(out),
                        "--scheduler", client.scheduler.address],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=240)
    assert r.returncode == 0, r.stderr.decode()
    records = [json.loads(l) for l in out.read_text(encoding="utf-8").splitlines()]
    check_against_tool(records, files)
    # File by file in sorted order, and in order within each file.
    assert [key(x) for x in records] == sorted(map(key, records))


def test_cli_local_cluster(shards, tmp_path):
    d, files = shards
    out = tmp_path / "urns.jsonl"
    one = {p: b for p, b in files.items() if p.endswith("shard-01.txt.gz")}
    r = subprocess.run([sys.executable, "-m", "urns.dask", "extract", *one, "--out", str(out), "--workers", "1"],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=240)
    assert r.returncode == 0, r.stderr.decode()
    check_against_tool([json.loads(l) for l in out.read_text(encoding="utf-8").splitlines()], one, min_urns=10)


MRN = ('MRN = OID ":" OSS\n'
       'OID = alphanum 0*20( alphanum / "-" ) alphanum\n'
       'OSS = 1*( pchar / "/" )\n'
       'alphanum = ALPHA / DIGIT\n')


def test_extract_with_an_abnf_namespace(client, tmp_path):
    # A Registry with an ABNF namespace goes to the worker processes pickled;
    # the records are those found line by line with urns.find, canonical as
    # urns.canonical gives it with the same namespaces (a fold that leaves an
    # NSS its namespace rejects as it is: the generic canonical form).
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
    want = []
    for path in paths:
        offset = 0
        with open(path, encoding="utf-8", newline="") as f:
            for n, line in enumerate(f, 1):
                for m in urns.find(line, syntax="rfc8141", namespaces=reg):
                    canon = (urns.canonical(m.urn, syntax="rfc8141", namespaces=reg) if m.namespace_fault is None
                             else urns.canonical(m.urn, syntax="rfc8141"))
                    want.append({"file": path, "line": n, "offset": offset + m.offset, "urn": m.urn,
                                 "canonical": canon, "nid": m.nid})
                offset += len(line.encode())
    assert len(want) == 3 * 7
    assert {r["canonical"] for r in want} >= {"urn:mrn:iala:aton:X", "urn:mrn:iala:aton:x", "urn:mrn:IALA-:x",
                                              "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6"}
    key = lambda r: (r["file"], r["offset"])
    for namespaces in (reg, [mrn]):
        got = urns.dask.extract(paths, syntax="rfc8141", namespaces=namespaces).compute()
        assert sorted(got, key=key) == sorted(want, key=key)
        blocks = urns.dask.extract(paths, syntax="rfc8141", namespaces=namespaces, blocksize=64)
        assert blocks.npartitions > len(paths)
        assert sorted(blocks.compute(), key=key) == sorted(want, key=key)
    assert sorted(urns.dask.extract(paths, syntax="rfc8141", namespaces=reg).compute(scheduler="sync"),
                  key=key) == sorted(want, key=key)
    with pytest.raises(TypeError):
        urns.dask.extract(paths, namespaces=["mrn"])


def test_cli_abnf_namespace(client, tmp_path):
    grammar = tmp_path / "mrn.abnf"
    grammar.write_text("; the OID's case is compared too: no fold\n" + MRN)
    data = tmp_path / "in.txt"
    data.write_text("urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6\nurn:mrn:IALA:x urn:mrn:iala-:x\n")
    out = tmp_path / "urns.jsonl"
    r = subprocess.run([sys.executable, "-m", "urns.dask", "extract", str(data), "--out", str(out), "--syntax",
                        "rfc8141", "--scheduler", client.scheduler.address, "--namespace",
                        "mrn=%s:MRN" % grammar], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=240)
    assert r.returncode == 0, r.stderr.decode()
    got = [(x["line"], x["urn"], x["canonical"]) for x in map(json.loads, out.read_text().splitlines())]
    # The shipped namespaces apply too (the uuid folds to lower case).
    uuid = "urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6"
    assert got == [(1, uuid, uuid.lower()),
                   (2, "urn:mrn:IALA:x", "urn:mrn:IALA:x"), (2, "urn:mrn:iala-:x", "urn:mrn:iala-:x")]
    grammar.write_text('MRN = OID ":" OSS\n')
    r = subprocess.run([sys.executable, "-m", "urns.dask", "extract", str(data), "--out", str(out),
                        "--namespace", "mrn=%s" % grammar], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=60)
    assert r.returncode == 2 and b':1:7: error: undefined rule "OID"' in r.stderr


def test_cli_usage():
    r = subprocess.run([sys.executable, "-m", "urns.dask", "extract", "x", "--out", "y", "--scheduler", "a",
                        "--workers", "2"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    assert r.returncode == 2 and b"--workers" in r.stderr
    with pytest.raises(ValueError):
        urns.dask.extract("x", syntax="nope")
