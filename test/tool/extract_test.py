#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Tests of `urn extract` as a user runs it: the URNs found in the sample
texts of test/tool/samples/ (the expected matches written from reading
them), its options, --json, a closed pipe, adversarial lines, and a block
of lines searched as one text.

usage: extract_test.py URN_BINARY SOURCE_DIR

Exit status 0 if every test passed (urntest.main).
"""

import os
import subprocess
import sys

sys.dont_write_bytecode = True  # before importing urntest: no __pycache__ in the source tree
import urntest
from urntest import SRC, URN, Run, expect, json_lines, test, urn, write


# What each sample must give (default options), by line: written from
# reading the samples, not from running the tool.
EXTRACT_EXPECTED = {
    "page.html": [
        (6, "urn:nbn:de:101:1-201102033592"),
        (9, "urn:isbn:0-395-36341-1"),
        (9, "urn:nbn:de:gbv:089-3321752945"),
        (10, "urn:btih:c12fe1c06bba254a9dc9f519b335aa7c1367a88a"),
        (12, "urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66"),
    ],
    "doc.xml": [
        (2, "urn:oasis:names:tc:opendocument:xmlns:office:1.0"),
        (4, "urn:ietf:rfc:2648"),
        (5, "URN:ISSN:0167-6423"),
        (6, "urn:example:a123,z456"),
        (7, "urn:oasis:names:tc:opendocument:xmlns:meta:1.0"),
    ],
    "server.log": [
        (1, "urn:ietf:rfc:2141"),
        (3, "URN:NBN:fi:bib:me:W00-19951003"),
        (4, "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6"),
        (5, "urn:isbn:9780262033848"),
        (5, "urn:isbn:0262033844"),
    ],
    "bibliography.txt": [
        (1, "urn:ietf:rfc:2141"),
        (2, "urn:isbn:978-2-07-040850-4"),
        (3, "URN:ISBN:0-201-89683-4"),
        (4, "urn:isbn:0-395-36341-1"),
        (4, "urn:isbn:0451450523"),
        (4, "urn:issn:1535-3613"),
        (5, "urn:nbn:de:101:1-2011020335"),
    ],
}


def sample(name):
    return os.path.join("test", "tool", "samples", name)


def expected_lines(name, matches):
    """FILE:LINE:COLUMN: URN, the column found in the sample's bytes."""
    with open(os.path.join(SRC, sample(name)), "rb") as f:
        lines = f.read().split(b"\n")
    out, seen = [], {}
    for line, u in matches:
        start = seen.get((line, u), 0)
        col = lines[line - 1].index(u.encode(), start) + 1
        seen[(line, u)] = col
        out.append("%s:%d:%d: %s" % (sample(name), line, col, u))
    return out


@test
def extract_samples():
    for name, matches in EXTRACT_EXPECTED.items():
        r = urn("extract", sample(name))
        expect(r.status == 0 and r.err == "", r, name + ": found, exit 0")
        expect(r.out.splitlines() == expected_lines(name, matches), r, name + ": every URN and nothing else")
    r = urn("extract", *[sample(n) for n in EXTRACT_EXPECTED])
    want = sum((expected_lines(n, m) for n, m in EXTRACT_EXPECTED.items()), [])
    expect(r.out.splitlines() == want, r, "several files, in order")
    with open(os.path.join(SRC, sample("server.log")), "rb") as f:
        r = urn("extract", "-o", stdin=f.read())
    expect(r.out.splitlines() == [u for _, u in EXTRACT_EXPECTED["server.log"]], r, "-o, stdin")


@test
def extract_options():
    r = urn("extract", "--strict", sample("bibliography.txt"))
    urns_found = [l.split(": ", 1)[1] for l in r.out.splitlines()]
    expect("urn:ietf:rfc:2141." in urns_found and "urn:issn:1535-3613!" in urns_found, r,
           "--strict keeps valid trailing punctuation")
    r = urn("extract", "--no-uri-context", "-o", sample("page.html"))
    expect("urn:btih:c12fe1c06bba254a9dc9f519b335aa7c1367a88a&amp;dn=report.pdf" in r.out.splitlines(), r,
           "--no-uri-context: the syntax alone ends the magnet URN")
    r = urn("extract", "--syntax", "rfc2141", "-o", stdin=b"see urn:a:b and urn:ex:c/d?e.\n")
    expect(r.out == "urn:a:b\nurn:ex:c/d?e\n", r, "RFC 2141: one-letter NID, / and ? in the NSS")
    r = urn("extract", stdin=b"no names here\nurn:x urn::\n")
    expect(r.status == 1 and r.out == "" and r.err == "", r, "none found: exit 1")
    r = urn("extract", "no/such/file")
    expect(r.status == 2 and "no/such/file" in r.err, r, "missing file: 2, named")
    r = urn("extract", "--bogus")
    expect(r.status == 2, r, "usage")
    r = urn("extract", "--help")
    expect(r.status == 0 and r.out.startswith("usage: urn extract"), r, "--help")


@test
def extract_json():
    path = os.path.join(SRC, sample("bibliography.txt"))
    with open(path, "rb") as f:
        data = f.read()
    r = urn("extract", "--json", sample("bibliography.txt"))
    objs = json_lines(r)
    expect([(o["line"], o["urn"]) for o in objs] == EXTRACT_EXPECTED["bibliography.txt"], r, "matches")
    for o in objs:
        u = o["urn"].encode()
        expect(data[o["offset"]:o["offset"] + len(u)] == u, r, "offset in the file: %r" % o)
        line_start = data.rfind(b"\n", 0, o["offset"]) + 1
        expect(o["column"] == o["offset"] - line_start + 1, r, "column: %r" % o)
        expect(o["file"] == sample("bibliography.txt") and o["nid"].lower() in ("ietf", "isbn", "issn", "nbn"),
               r, "components")
    expect(objs[2]["nss"] == "0-201-89683-4" and objs[2]["scheme"] == "URN", r, "as written")


@test
def extract_closed_pipe():
    """`urn extract big | head -1`: no crash, no message, status 0."""
    p = write("many-urns.txt", b"".join(b"see urn:example:%08d and urn:isbn:%010d.\n" % (i, i)
                                       for i in range(300000)))
    proc = subprocess.Popen([URN, "extract", p], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read()
    status = proc.wait(timeout=60)
    run = Run(["extract", p], status, first.decode(), err.decode())
    expect(first == p.encode() + b":1:5: urn:example:00000000\n", run, "the first match was written")
    expect(status == 0 and err == b"", run, "quiet exit on EPIPE")


@test
def extract_adversarial():
    big = 16 << 20
    p = write("urn-repeated.txt", b"urn:" * (big // 4) + b"\n")
    r = urn("extract", p)
    expect(r.status == 1 and r.out == "", r, "16 MiB of 'urn:' (NID urn reserved in draft-03): nothing")
    r = urn("extract", "--syntax", "rfc8141", "--json", p)
    objs = json_lines(r)
    expect(r.status == 0 and len(objs) == 1 and objs[0]["column"] == 1 and
           objs[0]["urn"] == "urn:" * (big // 4 - 1) + "urn", r,
           "RFC 8141 allows the NID urn: one match, the trailing ':' left out")
    p = write("u.txt", b"u" * big)
    r = urn("extract", p)
    expect(r.status == 1 and r.out == "" and r.err == "", r, "16 MiB of 'u': nothing")
    p = write("nul.txt", b"a\0urn:ex:a\0b\r\n\xff\xfeurn:ex:b\xff\n")
    r = urn("extract", "-o", p)
    expect(r.out == "urn:ex:a\nurn:ex:b\n", r, "NUL and non-UTF-8 bytes end URNs")
    p = write("long.txt", b"x" * 5000 + b" urn:ex:a\nurn:ex:b\n")
    r = urn("extract", "--max-line", "4K", "-o", p)
    expect(r.status == 2 and r.out == "urn:ex:b\n" and ":1: line longer than 4096 bytes" in r.err, r,
           "a too-long line is skipped, said, and exit 2")


@test
def extract_blocks_as_lines():
    """extract searches a block of lines as one text, and falls back to one
    line at a time with --line-buffered or where a line of the block may
    be over --max-line: on prose made of what could join two lines or
    shift a column (a byte order mark, CRLF, a lone CR, a URN at a line's
    start and end, "=" and "/" before "urn:" at a line's start, brackets,
    quotes, punctuation, NUL, bytes that are not UTF-8, empty lines, a last
    line without "\\n"), every report is the same bytes both ways, in every
    syntax and mode, as text, JSON and counts, with 1 and 2 threads, from
    a file, standard input and gzip."""
    import gzip
    import random
    rnd = random.Random(2141)
    pieces = [b"urn:ex:a", b"URN:Ex-1:a%41b", b"urn:isbn:0-395-36341-1", b"(urn:ex:p)", b"'urn:ex:q'", b"urn:ex:r.",
              b"x=urn:ex:s&t#u", b"/urn:ex:v?w#x", b"urn:ex:a?s=x&t=y#f", b"urn:ex:a?+r?=q#f", b"urn:ex:a/b",
              b"xurn:ex:no", b"urn:ex:", b"urn:", b"\0urn:ex:n\0", b"\xffurn:ex:f\xfe", b"words", b"and", b"\r",
              b"=", b"/", b" ", b" ", b" "]
    data = bytearray(b"\xef\xbb\xbfurn:ex:bom-first then urn:ex:b\n")
    while len(data) < 300 << 10:
        line = b"".join(rnd.choice(pieces) for _ in range(rnd.randrange(0, 12)))
        data += line + rnd.choice((b"\n", b"\n", b"\r\n", b"\n\n", b"\r\r\n"))
    data += b"urn:ex:last"
    body = bytes(data)
    big = write("blocks-lines.txt", body)
    # JSON on a part of the prose: each object is checked against the schema.
    part = body[:body.index(b"\n", 20000) + 1] + b"urn:ex:last"
    small = write("blocks-lines-small.txt", part)

    def same_both_ways(common, p, text, least):
        gz = write(os.path.basename(p) + ".gz", gzip.compress(text, 1))
        lines = urn("extract", "--line-buffered", "-j", "1", *common, p)
        expect(lines.status == 0 and lines.err == "" and lines.out.count("\n") > least, lines,
               "the prose has many URNs (%s)" % " ".join(common))
        for args, stdin in ((["-j", "1", p], b""), (["-j", "2", p], b""), (["--max-line", "64K", p], b""),
                            (["--label", p, "-"], text), (["--label", p, "-j", "2", "-"], gzip.compress(text)),
                            (["-j", "2", gz], b"")):
            r = urn("extract", *common, *args, stdin=stdin)
            out = r.out.replace(gz, p) if gz in args else r.out
            expect(r.status == 0 and r.err == "" and out == lines.out, r,
                   "the same reports as line by line: %s %s" % (" ".join(common), " ".join(args)))

    for syn in ("rfc2141", "rfc2141bis", "rfc8141"):
        for opts in ([], ["-c"], ["--strict", "-o"], ["--no-uri-context"], ["--namespaces"]):
            same_both_ways(["--syntax", syn] + opts, big, body, 0 if "-c" in opts else 5000)
        same_both_ways(["--syntax", syn, "--json"], small, part, 500)


if __name__ == "__main__":
    sys.exit(urntest.main(globals()))
