#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Tests of `urn check` as a user runs it: components of valid lines and
caret errors of the others, on the example file, the vectors of
test/vectors/spec.tsv in each syntax, arguments, standard input and files;
lines (CR LF, NUL, over --max-line, across the reader's blocks), -q,
--lint, --json, unreadable files, usage errors, the order of the two
streams on one file and a closed pipe.

usage: check_test.py URN_BINARY SOURCE_DIR

Exit status 0 if every test passed (urntest.main).
"""

import os
import subprocess
import sys

sys.dont_write_bytecode = True  # before importing urntest: no __pycache__ in the source tree
import urntest
from urntest import SRC, TMP, URN, Run, Skip, expect, json_lines, test, urn, write


def unescape(s):
    """The escaping of test/vectors/*.tsv: \\\\ \\t \\n \\r \\xHH."""
    out = bytearray()
    i = 0
    b = s.encode("utf-8")
    while i < len(b):
        c = b[i]
        if c != 0x5C or i + 1 >= len(b):
            out.append(c)
            i += 1
            continue
        n = chr(b[i + 1])
        if n == "x":
            out.append(int(b[i + 2:i + 4], 16))
            i += 4
            continue
        out += {"\\": b"\\", "t": b"\t", "n": b"\n", "r": b"\r"}.get(n, b"\\" + n.encode())
        i += 2
    return bytes(out)


def spec_rows():
    with open(os.path.join(SRC, "test", "vectors", "spec.tsv"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    header = lines[0].split("\t")
    rows = []
    for line in lines[1:]:
        if not line or line.startswith("#"):
            continue
        rows.append(dict(zip(header, line.split("\t"))))
    return rows


SYNTAXES = ("rfc2141", "rfc2141bis", "rfc8141")



@test
def check_example_file():
    """The README's first command: components for valid lines, caret
    errors for the others, exit 1 because the file mixes both."""
    r = urn("check", "example/urns.txt")
    expect(r.status == 1, r, "exit status 1")
    expect("urn:ISBN:0-395-36341-1  nid=ISBN nss=0-395-36341-1\n" in r.out, r, "ISBN line")
    expect("urn:isbn:0451450523?s=I2L&c=ToC  nid=isbn nss=0451450523 query=s=I2L&c=ToC\n" in r.out,
           r, "draft-03 query shown")
    # urn:ex:a b is line 14; the caret sits under the space (offset 8).
    expect("example/urns.txt:14: not a valid rfc2141bis URN\nurn:ex:a b\n        ^ offset 8: " in r.err,
           r, "caret under the space")
    # Every line is accounted for exactly once, on stdout or on stderr.
    with open(os.path.join(SRC, "example", "urns.txt"), "rb") as f:
        lines = [l for l in f.read().split(b"\n") if l]
    n_err = r.err.count(": not a valid rfc2141bis URN\n")
    expect(len(r.out.splitlines()) + n_err == len(lines), r, "one report per line")
    expect(n_err > 0 and len(r.out.splitlines()) > 0, r, "the file mixes valid and invalid")


@test
def check_example_all_syntaxes():
    """The example file has lines valid in only one syntax."""
    with open(os.path.join(SRC, "example", "urns.txt"), "rb") as f:
        lines = [l.decode() for l in f.read().split(b"\n") if l]
    valid = {}
    for syn in SYNTAXES:
        r = urn("check", "--json", "--syntax", syn, "example/urns.txt")
        objs = json_lines(r)
        expect(len(objs) == len(lines), r, "one object per line")
        valid[syn] = {o["input"] for o in objs if o["valid"]}
    for syn in SYNTAXES:
        others = set().union(*(valid[s] for s in SYNTAXES if s != syn))
        expect(valid[syn] - others, valid, "a line valid only in " + syn)
    expect(set(lines) - set().union(*valid.values()), valid, "a line invalid in all three")


@test
def check_spec_vectors():
    """Every row of test/vectors/spec.tsv, in each syntax, through the tool:
    the verdict of the row; for an invalid row, the text report (line
    number, caret offset) agrees with the JSON one. (Whether the library's
    offsets match the rows' err@N is the unit tests' business.)"""
    rows = spec_rows()
    by_line = [r for r in rows if not any(c in unescape(r["input"]) for c in b"\n\r\0") and r["input"]]
    # As arguments: the rows a line cannot hold (an operand is a URN only if
    # it starts with "urn:", so an empty one or one like " urn:..." names a
    # file and is left out).
    by_arg = [r for r in rows if r not in by_line and b"\0" not in unescape(r["input"]) and
              unescape(r["input"])[:4].lower() == b"urn:"]
    expect(len(by_line) > 150 and len(by_arg) >= 1, (len(by_line), len(by_arg)), "the vectors are read")
    data = b"".join(unescape(r["input"]) + b"\n" for r in by_line)
    path = write("spec-lines.txt", data)
    for syn in SYNTAXES:
        r = urn("check", "--json", "--syntax", syn, "-f", path)
        objs = json_lines(r)
        expect(len(objs) == len(by_line), r, "one object per line")
        r2 = urn("check", "--json", "--syntax", syn, "--",
                 *[unescape(x["input"]).decode("utf-8", "surrogateescape") for x in by_arg])
        objs += json_lines(r2)
        for row, o in zip(by_line + by_arg, objs):
            verdict = row[syn]
            where = "%s [%s]: %r" % (row["name"], syn, o)
            try:
                echoed = unescape(row["input"]).decode("utf-8")
            except UnicodeDecodeError:
                echoed = None  # bytes that are not UTF-8 become U+FFFD
            expect(o["input"] == echoed if echoed is not None else "\ufffd" in o["input"],
                   r, where + " input echoed")
            if verdict == "ok":
                expect(o["valid"] is True, r, where + " should be valid")
                expect(o["syntax"] == syn, r, where)
            else:
                expect(o["valid"] is False, r, where + " should be invalid")
        expect(r.status == (1 if any(x[syn] != "ok" for x in by_line) else 0), r, "exit status")
        # The text report says the same as the JSON, line by line.
        t = urn("check", "--syntax", syn, "-f", path)
        reported = {}
        lines = t.err.split("\n")
        for i, l in enumerate(lines):
            head = path + ":"
            if l.startswith(head) and l.endswith(": not a valid %s URN" % syn):
                n = int(l[len(head):].split(":")[0])
                caret = lines[i + 2]
                reported[n] = int(caret.split("^ offset ")[1].split(":")[0])
        want = {o["line"]: o["error"]["offset"] for o in objs[:len(by_line)] if not o["valid"]}
        expect(reported == want, t, "text and JSON reports agree")
        expect(len(t.out.splitlines()) == len(by_line) - len(want), t, "valid lines on stdout")


@test
def check_arguments():
    r = urn("check", "urn:example:a123")
    expect(r.status == 0 and r.out == "urn:example:a123  nid=example nss=a123\n" and r.err == "",
           r, "one valid argument")
    r = urn("check", "--syntax", "rfc8141", "URN:Example:a?+r1?=q1#f1")
    expect(r.out == "URN:Example:a?+r1?=q1#f1  nid=Example nss=a r-component=r1 q-component=q1 f-component=f1\n",
           r, "RFC 8141 components")
    r = urn("check", "urn:example:a#")
    expect(r.out == "urn:example:a#  nid=example nss=a fragment=\n", r, "empty fragment is shown")
    r = urn("check", "urn:ex:a b")
    expect(r.status == 1 and r.out == "", r, "invalid argument")
    expect(r.err.startswith("urn:ex:a b\n        ^ offset 8: "), r, "caret line for an argument")
    expect(r.err.rstrip("\n").endswith("[rfc2141bis]"), r, "syntax named")
    r = urn("check", "urn:ex:a", "urn:ex:%", "urn:ex:b")
    expect(r.status == 1, r, "any invalid -> 1")
    expect(r.out == "urn:ex:a  nid=ex nss=a\nurn:ex:b  nid=ex nss=b\n", r, "valid ones still printed")
    r = urn("check", "--syntax=rfc2141", "urn:a:b")
    expect(r.status == 0, r, "--syntax=VALUE form; one-letter NID in RFC 2141")
    r = urn("check", "--syntax", "rfc8141", "urn:a:b")
    expect(r.status == 1, r, "one-letter NID not in RFC 8141")


@test
def check_stdin():
    r = urn("check", stdin=b"urn:ex:a\nurn:ex:a b\nurn:ex:c\n")
    expect(r.status == 1, r, "stdin: exit 1")
    expect(r.out == "urn:ex:a  nid=ex nss=a\nurn:ex:c  nid=ex nss=c\n", r, "stdin: valid lines")
    expect(r.err.startswith("<stdin>:2: not a valid rfc2141bis URN\nurn:ex:a b\n"), r, "stdin: named <stdin>")
    r = urn("check", "-", stdin=b"urn:ex:a\n")
    expect(r.status == 0 and r.out == "urn:ex:a  nid=ex nss=a\n", r, "'-' is stdin")
    r = urn("check", stdin=b"")
    expect(r.status == 0 and r.out == "" and r.err == "", r, "empty input")


@test
def check_lines():
    """CRLF, empty lines, a last line without newline, NUL bytes."""
    p = write("crlf.txt", b"urn:ex:a\r\n\r\n\nurn:ex:b\r\nurn:ex:c d\r\nurn:ex:e")
    r = urn("check", p)
    expect(r.out == "urn:ex:a  nid=ex nss=a\nurn:ex:b  nid=ex nss=b\nurn:ex:e  nid=ex nss=e\n",
           r, "CR stripped, empty lines skipped, last line read")
    expect(r.err.startswith(p + ":5: not a valid rfc2141bis URN\nurn:ex:c d\n        ^ offset 8"),
           r, "line numbers count the empty lines")
    expect(r.status == 1, r, "exit 1")
    p = write("cr-inside.txt", b"urn:ex:a\rb\n")
    r = urn("check", p)
    expect(r.status == 1 and "offset 8" in r.err, r, "a CR not before LF is data (and invalid)")
    p = write("nul.txt", b"urn:ex:a\0b\nurn:ex:c\n")
    r = urn("check", p)
    expect(r.status == 1, r, "NUL: exit 1")
    expect(r.out == "urn:ex:c  nid=ex nss=c\n", r, "the line after the NUL is still checked")
    expect(":1: not a valid rfc2141bis URN\nurn:ex:a\\x00b\n        ^ offset 8" in r.err, r,
           "NUL shown as \\x00, the line not truncated")
    r = urn("check", "--json", p)
    o = json_lines(r)[0]
    expect(o["input"] == "urn:ex:a\u0000b" and o["error"]["offset"] == 8, r, "NUL in JSON")
    p = write("spaces.txt", b" \n")
    r = urn("check", p)
    expect(r.status == 1 and "offset 0" in r.err, r, "a blank (not empty) line is invalid")


@test
def check_long_lines():
    nss = b"a" * (16 << 20)
    p = write("long.txt", b"urn:ex:" + nss + b"\nurn:ex:b\n")
    r = urn("check", "--json", p)
    objs = json_lines(r)
    expect(r.status == 0 and len(objs) == 2, r, "a 16 MiB line is checked")
    expect(objs[0]["valid"] and len(objs[0]["nss"]) == len(nss) and objs[0]["line"] == 1, r, "whole NSS")
    expect(objs[1]["nss"] == "b" and objs[1]["line"] == 2, r, "next line")
    p = write("too-long.txt", b"urn:ex:" + b"a" * 5000 + b"\nurn:ex:b\n" + b"urn:ex:" + b"c" * 3000)
    r = urn("check", "--max-line", "4K", p)
    expect(r.status == 1, r, "a too-long line is an invalid input")
    expect(r.out == "urn:ex:b  nid=ex nss=b\nurn:ex:" + "c" * 3000 + "  nid=ex nss=" + "c" * 3000 + "\n",
           r, "the other lines are checked")
    expect(r.err == p + ":1: line longer than 4096 bytes, skipped\n", r, "reported with its line")
    r = urn("check", "--max-line", "2K", "--json", p)
    objs = json_lines(r)
    expect([o.get("line") for o in objs] == [1, 2, 3], r, "too-long lines in JSON, incl. the last")
    expect(objs[0]["error"]["code"] == "line_too_long" and objs[2]["error"]["code"] == "line_too_long",
           r, "line_too_long code")


@test
def long_line_status():
    """A line over --max-line: status 1 (an input rejected) in the commands
    that read one URN or identifier a line, 2 in extract (free text, where 1
    means none found); docs/cli.md, "Exit status", says why."""
    p = write("long-status.txt", b"urn:ex:" + b"a" * 2000 + b"\nurn:ex:b\n")
    for args, status in ((["check"], 1), (["parse"], 1), (["explain"], 1), (["normalize"], 1),
                         (["encode", "--max-line", "1K", "ex", "-f"], 1), (["extract"], 2)):
        r = urn(*(args + ([] if args[0] == "encode" else ["--max-line", "1K"]) + [p]))
        expect(r.status == status, r, "%s: status %d" % (args[0], status))
        expect(r.err.startswith(p + ":1: line longer than 1024 bytes, skipped\n"), r, "said, with the line")
        expect("urn:ex:b" in r.out or "ex%3Ab" in r.out, r, "the next line is read")
    # --json: a record of the command's own schema (urn() validates each).
    for args in (["check"], ["parse"], ["normalize"], ["encode", "ex"]):
        r = urn(*(args[:1] + ["--json", "--max-line", "1K"] + args[1:] + ["-f", p]))
        first = json_lines(r)[0]
        expect(first["error"]["code"] == "line_too_long" and first["line"] == 1 and r.status == 1, r,
               "%s --json: a line_too_long record" % args[0])


@test
def check_quiet_same_errors():
    """check -q passes over runs of valid lines whole (urns::valid_lines)
    and reports the error it found for the line after a run: on a corpus
    of valid lines and of every kind of invalid one (NUL, a bad triplet at
    a line's end, "%00", a NID of 33 octets, CRLF, empty lines, a byte
    order mark, lines of 60 to 70 and of 1000 octets, a last line without
    "\n"), standard error and the status are those of check without -q,
    which reads line by line, in every syntax, with 1 and 2 threads, from a
    file, standard input and gzip, and with a --max-line that some lines
    pass."""
    import gzip
    import random
    rnd = random.Random(141)
    good = [b"urn:isbn:0-395-36341-1", b"urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66", b"URN:ex:a%41b",
            b"urn:ex:a/b", b"urn:ex:" + b"x" * 56, b"urn:ex:" + b"y" * 1000, b"urn:ex:a?s=x#f", b"urn:ex:a#f"]
    bad = [b"urn:ex:a b", b"urn:ex:a\0b", b"urn:ex:a%4", b"urn:ex:a%", b"urn:ex:%00", b"urn:ex:a%g1",
           b"urn:" + b"n" * 33 + b":x", b"urn:-a:x", b"urn:a-:x", b"urn:a:x", b"urn:urn:x", b"urn:ex:", b"urn:ex",
           b"urn:ex:/a", b"urn:ex:a?+r", b"url:ex:a", b"urn:ex:" + b"z" * 58 + b" ", b"urn:ex:" + b"z" * 1000 + b"|",
           b"urn:ex:a\xff", b"x"]
    data = bytearray(b"\xef\xbb\xbfurn:ex:bom\n")
    for _ in range(3000):
        line = rnd.choice(good) if rnd.randrange(3) else rnd.choice(bad)
        end = rnd.choice((b"\n", b"\n", b"\n", b"\r\n", b"\n\n"))
        data += line + end
    for last in (b"urn:ex:last", b"urn:ex:last one"):
        body = bytes(data) + last
        p = write("quiet.txt", body)
        gz = write("quiet.txt.gz", gzip.compress(body))
        for syn in ("rfc2141", "rfc2141bis", "rfc8141"):
            plain = urn("check", "--syntax", syn, p)
            expect(plain.status == 1 and plain.err.count("not a valid") > 500 and plain.out.count("\n") > 1000,
                   plain, "the corpus has valid and invalid lines")
            for args, stdin in ((["-j", "1", p], b""), (["-j", "2", p], b""), (["-"], body), (["-j", "2", gz], b""),
                                (["--max-line", "100", p], b"")):
                ref = urn("check", "--syntax", syn, *args, stdin=stdin)
                q = urn("check", "-q", "--syntax", syn, *args, stdin=stdin)
                expect(q.status == ref.status and q.out == "" and q.err == ref.err, q,
                       "-q: the errors of check, %s %s" % (syn, " ".join(args)))


@test
def check_block_boundaries():
    """Lines that straddle the reader's 256 KiB blocks, a CR and its LF in
    two blocks, many lines of varied length: every line comes out whole,
    with one thread and with two."""
    import random
    rnd = random.Random(2141)
    block = 256 << 10
    first = b"urn:ex:" + b"x" * (block - 8) + b"\r"      # the CR is the last byte of block 1
    lines = [first[:-1]]
    data = bytearray(first + b"\n")
    while len(data) < 12 * block + 12345:
        n = rnd.choice((1, 2, 5, 30, 63, 64, 65, 127, 128, 1000, 70000))
        line = b"urn:ex:" + bytes(rnd.choice(b"abcXYZ019") for _ in range(n))
        lines.append(line)
        data += line + (b"\r\n" if rnd.randrange(3) == 0 else b"\n")
    p = write("blocks.txt", bytes(data[:-1]) if data.endswith(b"\n") and not data.endswith(b"\r\n") else bytes(data))
    for jobs in ("1", "2"):
        r = urn("check", "--json", "-j", jobs, p)
        objs = json_lines(r)
        expect(r.status == 0 and r.err == "", r, "all valid (-j %s)" % jobs)
        expect([o["nss"].encode() for o in objs] == [l[7:] for l in lines], "(%d lines, -j %s)" % (len(lines), jobs),
               "every line whole, CR removed")
        expect([o["line"] for o in objs] == list(range(1, len(lines) + 1)), r, "line numbers (-j %s)" % jobs)


@test
def check_lint_shows_at_most_100():
    """check --lint shows at most 100 diagnostics of one URN, then a note
    with how many more and how many of them are errors, which still make
    the status 1 (docs/cli.md, --lint); --json lists them all."""
    # 150 needless triplets after an unregistered NID: 151 warnings, the
    # NID's first (offset 4).
    u = "urn:ex:" + "%41" * 150
    r = urn("check", "--lint", u)
    expect(r.status == 0 and r.err.count("[needless-pct-encoding]") == 99 and
           r.err.count("[unregistered-nid]") == 1, r, "100 shown")
    expect(r.err.endswith("\nnote: 51 more diagnostics of this URN not shown (0 of them errors; at most 100 are "
                          "shown, --json lists them all)\n"), r, "the note, last")
    # A repeated "s" after them: an error past the first 100.
    p = write("lint-many.txt", (u + "?s=I2L&s=I2L\n").encode())
    r = urn("check", "--lint", "-q", p)
    expect(r.status == 1 and "[repeated-keyword]" not in r.err and
           r.err.endswith("\n%s:1: note: 52 more diagnostics of this URN not shown (1 of them an error; at most "
                          "100 are shown, --json lists them all)\n" % p), r, "an error not shown still counts")
    o = json_lines(urn("check", "--lint", "--json", p))[0]
    expect(len(o["diagnostics"]) == 152 and o["diagnostics"][-1]["code"] == "repeated-keyword", o, "JSON: all")
    r = urn("check", "--lint", "urn:ex:" + "%41" * 99)
    expect(r.status == 0 and "more diagnostics" not in r.err and r.err.count("[needless") == 99, r, "100: no note")


@test
def check_quiet_and_json():
    p = write("mixed.txt", b"urn:ex:a\nurn:ex:%zz\n")
    r = urn("check", "--quiet", p)
    expect(r.status == 1 and r.out == "", r, "--quiet prints nothing on stdout")
    expect(":2: not a valid rfc2141bis URN" in r.err, r, "--quiet still reports errors")
    r = urn("check", "-q", "urn:ex:a")
    expect(r.status == 0 and r.out == "" and r.err == "", r, "-q valid")
    r = urn("check", "--json", p, "urn:ex:q?s=x")
    objs = json_lines(r)
    expect(r.status == 1 and r.err == "", r, "--json: errors are in the JSON, not on stderr")
    expect(objs[0] == {"file": p, "line": 1, "input": "urn:ex:a", "valid": True, "syntax": "rfc2141bis",
                       "scheme": "urn", "nid": "ex", "nss": "a", "assigned_name": "urn:ex:a"}, r, "valid object")
    e = objs[1]
    expect(e["valid"] is False and e["line"] == 2 and e["error"]["offset"] == 8 and
           e["error"]["code"] == "bad_pct_encoded" and e["error"]["expected"] == ["HEXDIG"], r, "error object")
    expect(objs[2] == {"argument": 1, "input": "urn:ex:q?s=x", "valid": True, "syntax": "rfc2141bis",
                       "scheme": "urn", "nid": "ex", "nss": "q", "assigned_name": "urn:ex:q", "query": "s=x"},
           r, "argument object with query")
    r = urn("check", "--json", "--syntax", "rfc8141", "urn:ex:a?+?=q#")
    expect(r.status == 1, r, "empty r-component")
    r = urn("check", "--json", "--syntax", "rfc8141", "urn:ex:a?+r?=q#")
    o = json_lines(r)[0]
    expect(o["r_component"] == "r" and o["q_component"] == "q" and o["fragment"] == "", r,
           "present-but-empty fragment is \"\"")
    expect("query" not in o, r, "absent components are absent")
    # Bytes that are not UTF-8 still give valid JSON.
    p = write("bytes.txt", b"urn:ex:\xff\x01\"\\\n")
    r = urn("check", "--json", p)
    o = json_lines(r)[0]
    expect(o["input"] == "urn:ex:\ufffd\u0001\"\\" and o["error"]["offset"] == 7, r, "escaped")


@test
def check_files_and_errors():
    r = urn("check", "-f", "no/such/file.txt")
    expect(r.status == 2 and "no/such/file.txt" in r.err and r.out == "", r, "missing file: 2, named")
    r = urn("check", "-f", TMP)
    expect(r.status == 2 and TMP in r.err, r, "a directory: 2, named")
    p = write("good.txt", b"urn:ex:a\n")
    r = urn("check", "-f", "no/such/file.txt", p)
    expect(r.status == 2 and r.out == "urn:ex:a  nid=ex nss=a\n", r, "the other files are read")
    r = urn("check", "no-such-file")
    expect(r.status == 2 and r.err == "urn: cannot read no-such-file: No such file or directory\n" and
           r.out == "", r, "an operand that is not a URN is a file: one that does not exist cannot be read")
    r = urn("check", "isbn:0451450523", "urn:ex:a")
    expect(r.status == 2 and "cannot read isbn:0451450523" in r.err and r.out == "urn:ex:a  nid=ex nss=a\n",
           r, "a URN without its scheme is a file name too; the other operands are still read")
    u = write("urn:ex:file", b"urn:ex:z\n")
    r = urn("check", "urn:ex:file", cwd=TMP)
    expect(r.out == "urn:ex:file  nid=ex nss=file\n", r, "an operand starting urn: is a URN")
    r = urn("check", "-f", "urn:ex:file", cwd=TMP)
    expect(r.out == "urn:ex:z  nid=ex nss=z\n", r, "-f insists on a file")
    del u


# The user "nobody" of most systems; a uid with no file of its own here.
NOBODY = 65534


def unprivileged():
    """A command prefix that runs a program without the power to read a file
    of mode 000: none for an ordinary user; for root, setpriv to uid and gid
    65534 with no supplementary groups (changing uid from 0 drops the
    capabilities, CAP_DAC_OVERRIDE included)."""
    if os.geteuid() != 0:
        return []
    for d in ("/usr/bin", "/bin", "/usr/sbin", "/sbin"):
        if os.access(os.path.join(d, "setpriv"), os.X_OK):
            return [os.path.join(d, "setpriv"), "--reuid=%d" % NOBODY, "--regid=%d" % NOBODY,
                    "--clear-groups", "--"]
    raise Skip("running as root without setpriv (util-linux), so no unprivileged user to run as")


def unreadable_file(name):
    """A file that exists but cannot be read by the tool run after the
    returned launcher (mode 000), and the launcher; the file's directory
    and the readable files stay reachable for that user."""
    launcher = unprivileged()
    p = write(name, b"urn:ex:secret\n")
    os.chmod(p, 0)
    if launcher:
        os.chmod(TMP, 0o755)
    probe = subprocess.run(launcher + ["cat", p], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if probe.returncode == 0:
        raise Skip("a file of mode 000 is still readable here (a capability such as CAP_DAC_OVERRIDE?)")
    if b"Permission denied" not in probe.stderr:
        raise AssertionError("cat %s as the test user: %r" % (p, probe.stderr))
    return p, launcher


@test
def check_permission_denied():
    """A file that cannot be read: named with the reason, status 2, and the
    other inputs are still read."""
    p, launcher = unreadable_file("unreadable.txt")
    good = write("readable.txt", b"urn:ex:a\n")
    for args in (["check", p, good], ["check", "-f", p, "-f", good]):
        r = urn(*args, launcher=launcher)
        expect(r.status == 2 and r.err == "urn: cannot read %s: Permission denied\n" % p, r,
               "2, and the file named with strerror")
        expect(r.out == "urn:ex:a  nid=ex nss=a\n", r, "the readable file is still checked")
    r = urn("extract", p, good, launcher=launcher)
    expect(r.status == 2 and r.err == "urn: cannot read %s: Permission denied\n" % p and
           r.out == good + ":1:1: urn:ex:a\n", r, "extract: 2, named, the other file still read")


@test
def check_usage():
    for args in (["check", "--syntax", "rfc9999", "urn:ex:a"], ["check", "--bogus"],
                 ["check", "--syntax"], ["frobnicate"], [], ["check", "--max-line", "0", "x"]):
        r = urn(*args)
        expect(r.status == 2 and r.out == "" and r.err, r, "usage error -> 2")
    r = urn("check", "--syntax", "rfc9999")
    expect("rfc2141, rfc2141bis or rfc8141" in r.err, r, "lists the syntaxes")
    r = urn("check", "--", "--syntax")
    expect(r.status == 2 and r.err.startswith("urn: cannot read --syntax:"), r, "after --, options are operands")
    r = urn("check", "--help")
    expect(r.status == 0 and r.out.startswith("usage: urn check") and r.err == "", r, "--help")
    r = urn("--help")
    expect(r.status == 0 and "check" in r.out and "extract" in r.out, r, "urn --help lists commands")
    r = urn("--version")
    expect(r.status == 0 and r.out.startswith("urn (urns) "), r, "--version")


@test
def check_lint():
    r = urn("check", "--lint", "--json", "urn:X-foo:a%2c?s=I2X")
    o = json_lines(r)[0]
    expect(r.status == 0, r, "warnings and notes do not make a URN invalid")
    expect([(d["code"], d["severity"], d["offset"], d["length"]) for d in o["diagnostics"]] ==
           [("experimental-nid", "warning", 4, 5), ("lower-case-hex", "note", 11, 3),
            ("unknown-service", "warning", 17, 3)], r, "X- NID, %2c, s=I2X (not registered, draft-03 9.2.2)")
    r = urn("check", "--lint", "urn:isbn:0451450523?s=I2L&s=I2R")
    expect(r.status == 1, r, "a repeated registered keyword is an error (draft-03 section 2.3 MUST NOT)")
    expect("error:" in r.err and "[repeated-keyword]" in r.err, r, "reported on stderr")
    expect(r.out.startswith("urn:isbn:0451450523?s=I2L&s=I2R  nid=isbn"), r, "components still printed")
    p = write("lint.txt", b"urn:example:a%41b\n")
    r = urn("check", "--lint", p)
    expect(r.status == 0 and r.err.startswith(p + ":1: warning\nurn:example:a%41b\n             ^~~ warning:"),
           r, "needless %41, with the file and line")
    r = urn("check", "--json", "urn:example:a%41b")
    expect("diagnostics" not in json_lines(r)[0], r, "no diagnostics without --lint")
    r = urn("check", "--assigned-name", "--json", "urn:example:a?s=I2L")
    codes = [d["code"] for d in json_lines(r)[0]["diagnostics"]]
    expect("query-in-assigned-name" in codes, r, "--assigned-name")
    r = urn("check", "--lint", "urn:ex:a b")
    expect(r.status == 1 and "^ offset 8" in r.err, r, "invalid URNs are still caret errors")


@test
def check_help_everywhere():
    r = urn("--help")
    names = [l.split()[0] for l in r.out.split("commands:\n")[1].split("\n\n")[0].splitlines()]
    expect(names == ["check", "parse", "explain", "normalize", "equal", "extract", "encode", "abnf", "namespaces"], r,
           "commands")
    for name in names:
        for args in ([name, "--help"], [name, "-h"], ["help", name]):
            h = urn(*args)
            expect(h.status == 0 and h.out.startswith("usage: urn " + name + " ") and h.err == "", h, "help")
            expect("exit status" in h.out, h, "help says the exit status")


@test
def check_order_on_one_stream():
    """2>&1: messages stay between the lines they belong between."""
    p = subprocess.run([URN, "check", "urn:ex:a", "urn:ex:b c", "urn:ex:d"], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, cwd=SRC)
    lines = p.stdout.decode().splitlines()
    expect(lines[0] == "urn:ex:a  nid=ex nss=a" and lines[1] == "urn:ex:b c" and
           lines[3] == "urn:ex:d  nid=ex nss=d", p.stdout.decode(), "in order")


@test
def check_closed_pipe():
    """`urn check big | head -1`: no crash, no message."""
    p = write("many.txt", b"urn:example:%08d\n" % 0 * 1 + b"".join(b"urn:example:%08d\n" % i for i in range(300000)))
    proc = subprocess.Popen([URN, "check", p], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read()
    status = proc.wait(timeout=60)
    expect(status == 0 and err == b"", Run(["check", p], status, "", err.decode()), "quiet exit on EPIPE")


if __name__ == "__main__":
    sys.exit(urntest.main(globals()))
