#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Tests of the `urn` command as a user runs it: the built binary on files,
arguments and standard input, checking standard output, standard error and
the exit status; JSON output is checked by parsing it.

usage: urn_tool_test.py URN_BINARY SOURCE_DIR GROUP

GROUP is one of the groups below (ctest runs each as its own test).
Exit status 0 if every test of the group passed.
"""

import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import traceback

GROUP_TIMEOUT = 280
URN = None
SRC = None
TMP = None
GROUPS = {}


def test(group):
    """Registers a test function in a group."""
    def wrap(f):
        GROUPS.setdefault(group, []).append(f)
        return f
    return wrap


class Run:
    def __init__(self, args, status, out, err):
        self.args, self.status, self.out, self.err = args, status, out, err

    def __repr__(self):
        return "urn %r -> %d\n--- stdout ---\n%s\n--- stderr ---\n%s" % (
            self.args, self.status, self.out[:2000], self.err[:2000])


def urn(*args, stdin=b"", cwd=None, launcher=()):
    """Runs the tool (after `launcher`, a command prefix such as setpriv's);
    stdout and stderr as str (UTF-8, undecodable bytes kept as surrogate
    escapes)."""
    p = subprocess.run(list(launcher) + [URN] + list(args), input=stdin, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, cwd=cwd or SRC, timeout=120)
    r = Run(args, p.returncode,
            p.stdout.decode("utf-8", "surrogateescape"),
            p.stderr.decode("utf-8", "surrogateescape"))
    if "--json" in args and args and args[0] in JSON_COMMANDS:
        json_lines(r)  # every --json output of every test matches its schema
    return r


class Skip(Exception):
    """Raised by a test that cannot run here; main() reports it with its reason."""


class NotThisBuild(Exception):
    """Raised by a test that does not apply to this build of urn (the limits
    test under a sanitizer, whose shadow memory cannot fit under ulimit -v);
    the same test runs in the unsanitized builds, so CI does not fail it."""


def expect(cond, run, what):
    if not cond:
        raise AssertionError("%s\n%r" % (what, run))


def write(name, data):
    path = os.path.join(TMP, name)
    with open(path, "wb") as f:
        f.write(data)
    return path


SCHEMAS = {}


def schema_validator(command):
    """A validator for the records of `urn COMMAND --json`, from
    docs/schema/COMMAND.schema.json (whose $refs name common.schema.json)."""
    if command not in SCHEMAS:
        import jsonschema
        folder = os.path.join(SRC, "docs", "schema")
        docs = {}
        for name in os.listdir(folder):
            with open(os.path.join(folder, name)) as f:
                doc = json.load(f)
            docs[doc["$id"]] = doc
        main = docs["urn:example:urns:schema:" + command]
        cls = jsonschema.validators.validator_for(main)
        cls.check_schema(main)
        try:  # jsonschema >= 4.18: the referencing library
            import referencing
            import referencing.jsonschema
            registry = referencing.Registry().with_resources(
                (i, referencing.jsonschema.DRAFT202012.create_resource(d)) for i, d in docs.items())
            SCHEMAS[command] = cls(main, registry=registry)
        except ImportError:  # Debian 12's jsonschema 4.10
            SCHEMAS[command] = cls(main, resolver=jsonschema.RefResolver.from_schema(main, store=docs))
    return SCHEMAS[command]


def json_lines(run):
    """Every stdout line parsed as one JSON object, each checked against the
    schema of its command (docs/schema/) and its "version"; the objects are
    returned without "version" (the tests compare the rest)."""
    objs = []
    validator = schema_validator(run.args[0])
    for line in run.out.splitlines():
        try:
            o = json.loads(line)
        except ValueError as e:
            raise AssertionError("not JSON: %r (%s)\n%r" % (line, e, run))
        errors = sorted(validator.iter_errors(o), key=lambda e: list(e.path))
        if errors:
            raise AssertionError("record does not match docs/schema/%s.schema.json: %s\n%r\n%r" %
                                 (run.args[0], "; ".join(e.message for e in errors), line, run))
        if o.pop("version") != 1:
            raise AssertionError("version is not 1: %r" % line)
        objs.append(o)
    JSON_RECORDS_CHECKED[run.args[0]] = JSON_RECORDS_CHECKED.get(run.args[0], 0) + len(objs)
    return objs


JSON_RECORDS_CHECKED = {}
JSON_COMMANDS = ("check", "parse", "normalize", "equal", "extract", "encode")


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

# ---------------------------------------------------------------- check


@test("check")
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


@test("check")
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


@test("check")
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


@test("check")
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


@test("check")
def check_stdin():
    r = urn("check", stdin=b"urn:ex:a\nurn:ex:a b\nurn:ex:c\n")
    expect(r.status == 1, r, "stdin: exit 1")
    expect(r.out == "urn:ex:a  nid=ex nss=a\nurn:ex:c  nid=ex nss=c\n", r, "stdin: valid lines")
    expect(r.err.startswith("<stdin>:2: not a valid rfc2141bis URN\nurn:ex:a b\n"), r, "stdin: named <stdin>")
    r = urn("check", "-", stdin=b"urn:ex:a\n")
    expect(r.status == 0 and r.out == "urn:ex:a  nid=ex nss=a\n", r, "'-' is stdin")
    r = urn("check", stdin=b"")
    expect(r.status == 0 and r.out == "" and r.err == "", r, "empty input")


@test("check")
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


@test("check")
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


@test("check")
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


@test("check")
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


@test("check")
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


@test("check")
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


@test("check")
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
           e["error"]["code"] == "bad_pct_encoded" and e["error"]["expected"] == "HEXDIG", r, "error object")
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


@test("check")
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


@test("check")
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


@test("check")
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


@test("check")
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


@test("check")
def check_help_everywhere():
    r = urn("--help")
    names = [l.split()[0] for l in r.out.split("commands:\n")[1].split("\n\n")[0].splitlines()]
    expect(names == ["check", "parse", "explain", "normalize", "equal", "extract", "encode", "abnf"], r, "commands")
    for name in names:
        for args in ([name, "--help"], [name, "-h"], ["help", name]):
            h = urn(*args)
            expect(h.status == 0 and h.out.startswith("usage: urn " + name + " ") and h.err == "", h, "help")
            expect("exit status" in h.out, h, "help says the exit status")


@test("check")
def check_order_on_one_stream():
    """2>&1: messages stay between the lines they belong between."""
    p = subprocess.run([URN, "check", "urn:ex:a", "urn:ex:b c", "urn:ex:d"], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, cwd=SRC)
    lines = p.stdout.decode().splitlines()
    expect(lines[0] == "urn:ex:a  nid=ex nss=a" and lines[1] == "urn:ex:b c" and
           lines[3] == "urn:ex:d  nid=ex nss=d", p.stdout.decode(), "in order")


@test("check")
def check_closed_pipe():
    """`urn check big | head -1`: no crash, no message."""
    p = write("many.txt", b"urn:example:%08d\n" % 0 * 1 + b"".join(b"urn:example:%08d\n" % i for i in range(300000)))
    proc = subprocess.Popen([URN, "check", p], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read()
    status = proc.wait(timeout=60)
    expect(status == 0 and err == b"", Run(["check", p], status, "", err.decode()), "quiet exit on EPIPE")


# ---------------------------------------------------------------- parse, explain


@test("parse")
def parse_text():
    r = urn("parse", "--syntax", "rfc8141", "URN:Example:a/b?+r?=q=1?x#")
    expect(r.status == 0 and r.err == "", r, "valid")
    rows = r.out.splitlines()
    expect(rows[0] == "URN:Example:a/b?+r?=q=1?x#", r, "the URN first")
    table = dict(l.split(None, 1) for l in rows[1:])
    expect(table == {"syntax": "rfc8141", "scheme": "URN", "nid": "Example", "nss": "a/b",
                     "r-component": "r", "q-component": "q=1?x", "f-component": '""',
                     "display": "URN:Example:a/b?+r?=q=1?x#"}, r, "components")
    values = [l.split(None, 1)[1] for l in rows[1:]]
    cols = {len(l) - len(v) for l, v in zip(rows[1:], values)}
    expect(len(cols) == 1, r, "values aligned in one column")
    r = urn("parse", "urn:isbn:0451450523?s=I2L&c=ToC#p2", "urn:ex:a")
    expect("\n  query         s=I2L&c=ToC\n  fragment      p2\n" in r.out and "\n\nurn:ex:a\n" in r.out, r,
           "draft-03 query and fragment; a blank line between URNs")
    r = urn("parse", "urn:ex:a", "urn:ex:", "urn:ex:b")
    expect(r.status == 1 and "urn:ex:\n       ^ offset 7" in r.err, r, "invalid: caret on stderr, exit 1")
    expect(r.out.count("\n  nid ") == 2, r, "the valid ones are printed")


@test("parse")
def parse_json():
    r = urn("parse", "--json", "--syntax", "rfc8141", "urn:example:weather?=op=map&lat=39.56#x", "urn:x:y")
    objs = json_lines(r)
    expect(r.status == 1 and len(objs) == 2, r, "two objects, one invalid")
    o = objs[0]
    expect(o["valid"] and o["nid"] == "example" and o["nss"] == "weather" and
           o["q_component"] == "op=map&lat=39.56" and o["fragment"] == "x" and "r_component" not in o and
           o["assigned_name"] == "urn:example:weather" and o["scheme"] == "urn", r, "components")
    expect(objs[1]["valid"] is False and objs[1]["error"]["code"] == "bad_nid" and
           objs[1]["error"]["offset"] == 4, r, "one-letter NID under RFC 8141")
    p = write("p.txt", b"urn:ex:a\n\nurn:ex:b\n")
    objs = json_lines(urn("parse", "--json", p))
    expect([(o["file"], o["line"]) for o in objs] == [(p, 1), (p, 3)], objs, "file and line")


@test("parse")
def explain_words():
    r = urn("explain", "--syntax", "rfc8141", "urn:example:foo?+CCResolve:cc=uk?=op=map#s")
    expect(r.status == 0, r, "valid")
    expect("is a valid URN under RFC 8141" in r.out, r, "names the document")
    for part, section in (("example", "2.1"), ("foo", "2.2"), ("CCResolve:cc=uk", "2.3.1"),
                          ("op=map", "2.3.2"), ("s", "2.3.3")):
        i = r.out.index('"%s"' % part)
        expect("(RFC 8141 section %s)" % section in r.out[i:].split("\n")[1], r, part + " -> " + section)
    r = urn("explain", "urn:ex:a?s=I2L#f")
    expect("draft-03 section 2.3" in r.out and "draft-03 section 2.4" in r.out, r, "draft sections")
    r = urn("explain", "--syntax", "rfc2141", "urn:ex:a?b")
    expect("RFC 2141 has no query or fragment" in r.out, r, "RFC 2141 note")
    r = urn("explain", "urn:ex:a b")
    expect(r.status == 1 and "^ offset 8" in r.err, r, "invalid")
    r = urn("explain", "--json", "urn:ex:a")
    expect(r.status == 2, r, "explain has no --json")
    r = urn("explain", "urn:ietf:rfc:2141", "urn:zz-not-registered:x")
    expect("a formal namespace registered with IANA" in r.out, r, "ietf is registered (RFC 2648)")
    expect("not in the IANA URN namespace registry" in r.out, r, "an unregistered NID is said to be")


@test("parse")
def explain_is_parse_for_people():
    """explain has no --json on purpose (its help says so): parse --json
    carries what it says of the parts, and check --lint --json whether the
    NID is registered with IANA."""
    h = urn("explain", "--help")
    expect('"urn parse --json"' in h.out and "no --json" in h.out and "unregistered-nid" in h.out, h,
           "the help points to parse --json and check --lint --json")
    u = "urn:zz-not-registered:a?s=I2L&c=ToC#f"
    e = urn("explain", u)
    o = json_lines(urn("parse", "--json", u))[0]
    for part in (o["nid"], o["nss"], o["query"], o["fragment"]):
        expect('  "%s"\n' % part in e.out, e, "explain names the part parse --json gives: " + part)
    expect(["s=I2L", "c=ToC"] == ["%s=%s" % (d["keyword"], d["value"]) for d in o["directives"]] and
           '  "s=I2L"\n' in e.out and '  "c=ToC"\n' in e.out, e, "the same directives")
    expect("not in the IANA URN namespace registry" in e.out, e, "explain: not registered")
    d = json_lines(urn("check", "--lint", "--json", u))[0]["diagnostics"]
    expect("unregistered-nid" in [x["code"] for x in d], d, "check --lint --json: unregistered-nid")
    d = json_lines(urn("check", "--lint", "--json", "urn:isbn:0451450523"))[0].get("diagnostics", [])
    expect("unregistered-nid" not in [x["code"] for x in d], d, "isbn is registered")


@test("parse")
def parse_directives_and_display():
    r = urn("parse", "--json", "urn:isbn:0451450523?s=I2L&c=ToC&x=1&c=2", "urn:example:Stra%C3%9Fe%2F1%20a")
    a, b = json_lines(r)
    ds = a["directives"]
    expect([(d["keyword"], d["value"], d["offset"]) for d in ds] ==
           [("s", "I2L", 20), ("c", "ToC", 26), ("x", "1", 32), ("c", "2", 36)], r, "directives, offsets")
    expect([d["void"] for d in ds] == [False, True, False, True], r, "a repeated keyword voids all its directives")
    expect([d["registered"] for d in ds] == [True, True, False, True], r, "registered keywords s and c")
    expect(ds[0]["note"] == "URI to URL" and "RFC 2483" in ds[0]["reference"], r, "I2L is registered")
    expect(b["display"] == "urn:example:Stra\u00dfe%2F1%20a" and b["display_kept_encoded"] == 2 and
           b["display_valid_utf8"], r, "display: UTF-8 decoded, / and space kept encoded")
    expect("directives" not in b, r, "no query, no directives")
    r = urn("parse", "urn:isbn:0451450523?s=I2U")
    expect("  directive     s=I2U  (resolution service not registered" in r.out, r, "unregistered service")
    r = urn("parse", "urn:ex:%E2%82%AC1")
    expect("  display       urn:ex:\u20ac1\n" in r.out, r, "display row")


# ---------------------------------------------------------------- normalize, equal, encode

MODES = ("rfc2141", "rfc2141bis-5a", "rfc2141bis-5b", "rfc8141")


def equivalence_sets():
    with open(os.path.join(SRC, "test", "vectors", "equivalence", "spec-examples.tsv"), encoding="utf-8") as f:
        lines = [l for l in f.read().splitlines() if l and not l.startswith("#")]
    header = lines[0].split("\t")
    sets = {}
    for l in lines[1:]:
        row = dict(zip(header, l.split("\t")))
        sets.setdefault((row["set"], row["syntax"]), []).append(row)
    return sets


@test("equivalence")
def normalize_spec_examples():
    """test/vectors/equivalence/spec-examples.tsv: in each mode, two URNs of
    a set have the same canonical form iff they have the same label."""
    sets = equivalence_sets()
    expect(len(sets) >= 3, sets, "the three documents' example sets")
    for (name, syn), rows in sets.items():
        for mode in MODES:
            r = urn("normalize", "--json", "--syntax", syn, "--mode", mode, "--", *[x["input"] for x in rows])
            objs = json_lines(r)
            expect(r.status == 0 and len(objs) == len(rows), r, "all valid")
            for x, ox in zip(rows, objs):
                for y, oy in zip(rows, objs):
                    same = x[mode] == y[mode]
                    expect((ox["canonical"] == oy["canonical"]) == same, r,
                           "%s %s: %s vs %s" % (name, mode, x["input"], y["input"]))
            t = urn("normalize", "--syntax", syn, "--mode", mode, "--", *[x["input"] for x in rows])
            expect(t.out.splitlines() == [o["canonical"] for o in objs], t, "text = JSON canonical")


@test("equivalence")
def equal_spec_examples():
    for (name, syn), rows in equivalence_sets().items():
        for mode in MODES:
            for x, y in zip(rows, rows[1:] + rows[:1]):
                r = urn("equal", "--syntax", syn, "--mode", mode, x["input"], y["input"])
                same = x[mode] == y[mode]
                expect(r.status == (0 if same else 1), r, "%s %s" % (name, mode))
                expect(r.out.startswith(("equivalent" if same else "not equivalent") + " under " + mode), r,
                       "verdict line")


@test("equivalence")
def equal_says_why():
    r = urn("equal", "urn:foo:a123,456", "urn:foo:a123%2C456")
    expect(r.status == 1 and "NSS" in r.out.splitlines()[0] and "percent-decoded" in r.out, r, "%2C is not ,")
    lines = r.out.splitlines()
    expect(lines[3].index("^") == lines[2].index("->") + 4 + len("urn:foo:a123"), r, "caret under the first difference")
    r = urn("equal", "urn:example:a123", "urn:example:A123")
    expect(r.status == 1 and "case-sensitive" in r.out, r, "NSS case")
    r = urn("equal", "--json", "urn:isbn:1", "URN:ISSN:1")
    o = json_lines(r)[0]
    expect(r.status == 1 and o["equivalent"] is False and o["differs"] == "nid" and o["first_difference"] == 6, r,
           "NIDs differ at byte 6 of the canonical forms")
    r = urn("equal", "--json", "--mode", "rfc2141bis-5b", "urn:ex:a?s=1&c=2", "urn:ex:a?c=3&s=1")
    o = json_lines(r)[0]
    expect(o["differs"] == "rest" and o["canonical_a"] == "urn:ex:a?c=2&s=1", r, "sorted directives differ")
    r = urn("equal", "-q", "URN:EX:a", "urn:ex:a")
    expect(r.status == 0 and r.out == "" and r.err == "", r, "--quiet")
    r = urn("equal", "urn:ex:a b", "urn:ex:a")
    expect(r.status == 1 and "^ offset 8" in r.err, r, "an invalid URN: caret, exit 1")
    for args in (["equal", "urn:ex:a"], ["equal", "a", "b", "c"], ["equal", "--mode", "nope", "urn:ex:a", "urn:ex:a"]):
        r = urn(*args)
        expect(r.status == 2 and r.err, r, "usage")
    r = urn("normalize", "example/urns.txt")
    expect(r.status == 1 and "urn:isbn:0-395-36341-1\n" in r.out and "urn:foo:a123%2C456\n" in r.out, r,
           "normalize a file: NID lower-cased, hex upper-cased")
    r = urn("normalize", "--help")
    expect(r.status == 0 and "rfc2141bis-5b" in r.out, r, "--help lists the modes")


@test("equivalence")
def namespaces_option():
    """--namespaces applies the shipped namespaces' rules; RFC 9562 (UUID):
    hex digits, any case, compared case-insensitively."""
    good = "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6"
    upper = "urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6"
    bad = "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bfX"
    r = urn("check", bad)
    expect(r.status == 0, r, "without --namespaces, only the generic syntax")
    r = urn("check", "--namespaces", "--json", good, bad, "urn:unknown-ns:x")
    objs = json_lines(r)
    expect(r.status == 1 and [o["valid"] for o in objs] == [True, False, True], r, "only the bad UUID fails")
    expect(objs[1]["error"]["code"] == "nss_rejected" and objs[1]["error"]["offset"] == len(bad) - 1, r,
           "the offending byte, in the whole URN")
    r = urn("parse", "--namespaces", bad)
    expect(r.status == 1 and "^ offset %d" % (len(bad) - 1) in r.err, r, "parse --namespaces")
    r = urn("equal", upper, good)
    expect(r.status == 1 and "--namespaces" in r.out, r, "generic: NSS case counts; hint")
    r = urn("equal", "--namespaces", upper, good)
    expect(r.status == 0, r, "the UUID namespace folds case")
    r = urn("normalize", "--namespaces", upper)
    expect(r.out == good + "\n", r, "namespace-canonical form")
    r = urn("normalize", upper)
    expect(r.out == upper.replace("UUID", "uuid") + "\n", r, "generic canonical form keeps the NSS case")
    r = urn("explain", good)
    expect("a namespace whose own rules urns knows" in r.out, r, "explain names a known namespace")


MRN_ABNF = (b"; The Maritime Resource Name's NSS (IALA Guideline 1143): the OID's\n"
            b"; repetition ends with what it also accepts (ABNF, not PEG).\n"
            b"MRN = OID \":\" OSS\n"
            b"OID = alphanum 0*20( alphanum / \"-\" ) alphanum\n"
            b"OSS = 1*( pchar / \"/\" )\n"
            b"alphanum = ALPHA / DIGIT\n")


@test("equivalence")
def namespace_from_abnf():
    """--namespace NID=FILE[:ROOT]: a namespace from the ABNF of its NSS, in
    every command that takes namespaces, with ABNF's meaning."""
    g = write("mrn.abnf", MRN_ABNF)
    good, upper = "urn:mrn:iala:aton:x1", "urn:mrn:IALA:aton:x1"
    bad = "urn:mrn:iala-:x"  # the OID may not end with "-": its last byte must be alphanum
    r = urn("check", "--syntax", "rfc8141", "--namespace", "mrn=%s:MRN" % g, "--json", good, bad)
    objs = json_lines(r)
    expect(r.status == 1 and [o["valid"] for o in objs] == [True, False], r, "valid MRN accepted, bad rejected")
    expect(objs[1]["error"]["code"] == "nss_rejected" and objs[1]["error"]["offset"] == bad.index(":", 8), r,
           "the fault at the farthest byte the grammar reached: the ':' where the OID's last alphanum was due")
    r = urn("check", "--syntax", "rfc8141", "--namespace", "mrn=" + g, good)
    expect(r.status == 0, r, "ROOT defaults to the file's first rule")
    r = urn("check", "--syntax", "rfc8141", "--namespace", "mrn=" + g, "urn:isbn:0-395-36341-2")
    expect(r.status == 1, r, "the shipped namespaces still apply (ISBN check digit)")
    r = urn("parse", "--syntax", "rfc8141", "--namespace", "mrn=" + g, "--json", good)
    fields = json_lines(r)[0].get("fields")
    expect(fields is not None and {"rule": "OID", "begin": 8, "end": 12, "text": "iala"} in fields and
           {"rule": "OSS", "begin": 13, "end": len(good), "text": "aton:x1"} in fields, r, "parse --json fields")
    r = urn("equal", "--syntax", "rfc8141", "--namespace", "mrn=" + g, upper, good)
    expect(r.status == 1, r, "no case-insensitive rule declared: NSS case counts")
    r = urn("normalize", "--syntax", "rfc8141", "--namespace", "mrn=" + g, good)
    expect(r.status == 0 and r.out == good + "\n", r, "normalize takes --namespace")
    r = urn("extract", "--syntax", "rfc8141", "--namespace", "mrn=" + g, "--json", stdin=(good + " " + bad).encode())
    objs = json_lines(r)
    expect(len(objs) == 2 and "namespace_fault" not in objs[0] and "namespace_fault" in objs[1], r,
           "extract reports the namespace's fault")
    broken = write("broken.abnf", b"MRN = OID\nOID = ( \"a\"\n")
    r = urn("check", "--namespace", "mrn=" + broken, good)
    expect(r.status == 2 and re.search(r"broken\.abnf:\d+:\d+: error: ", r.err), r,
           "a malformed grammar: status 2, file, line and column")
    r = urn("check", "--namespace", "mrn=" + os.path.join(TMP, "missing.abnf"), good)
    expect(r.status == 2 and "missing.abnf" in r.err, r, "a missing file: status 2, named")
    r = urn("check", "--namespace", "mrn", good)
    expect(r.status == 2 and "NID=FILE" in r.err, r, "usage")


@test("equivalence")
def encode_identifiers():
    r = urn("encode", "example", "Stra\u00dfe 1/2", "100%")
    expect(r.status == 0 and r.out == "urn:example:Stra%C3%9Fe%201%2F2\nurn:example:100%25\n", r,
           "UTF-8, space, / and % encoded")
    r = urn("encode", "--syntax", "rfc8141", "example", "a/b?")
    expect(r.out == "urn:example:a/b%3F\n", r, "RFC 8141 keeps / in the NSS")
    r = urn("encode", "--reserved", ":", "example", "a:b")
    expect(r.out == "urn:example:a%3Ab\n", r, "--reserved")
    r = urn("encode", "urn", "x")
    expect(r.status == 1 and r.err.startswith("urn\n^ offset 0: reserved"), r, "reserved NID, caret under the NID")
    r = urn("encode", "example", stdin=b"a b\r\n\nc\n")
    expect(r.out == "urn:example:a%20b\nurn:example:c\n", r, "identifiers from stdin")
    r = urn("encode", "--json", "ex", "x y")
    expect(json_lines(r) == [{"argument": 1, "nid": "ex", "identifier": "x y", "urn": "urn:ex:x%20y",
                              "nss": "x%20y"}], r, "JSON")
    # Every URN it makes is valid, and normalizes to itself (canonical hex).
    r = urn("encode", "ex", "\u00e9\u00e8 %41", "~&", "a?b#c")
    made = r.out.splitlines()
    expect(len(made) == 3 and urn("check", "-q", *made).status == 0, r, "valid")
    expect(urn("normalize", "--mode", "rfc2141", *made).out.splitlines() == made, r, "canonical")
    r = urn("encode", "example")
    expect(r.status == 0 and r.out == "", r, "no identifiers on empty stdin")
    r = urn("encode")
    expect(r.status == 2, r, "usage")


# ---------------------------------------------------------------- extract

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


@test("extract")
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


@test("extract")
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


@test("extract")
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


@test("extract")
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


@test("extract")
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


@test("extract")
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


# ---------------------------------------------------------------- README.md


def readme_examples(path):
    """The `$ urn ...` commands of the fenced blocks of a Markdown file, each
    with the lines shown after it (up to the next `$ ` line or the end of
    the block, trailing blank lines dropped)."""
    with open(os.path.join(SRC, path), encoding="utf-8") as f:
        lines = f.read().split("\n")
    examples, in_block, current = [], False, None
    for line in lines:
        if line.startswith("```"):
            in_block = not in_block
            current = None
            continue
        if not in_block:
            continue
        if line.startswith("$ "):
            current = (line[2:], [])
            examples.append(current)
        elif current is not None:
            current[1].append(line)
    for _, shown in examples:
        while shown and shown[-1] == "":
            shown.pop()
    return examples


def matches_excerpt(shown, actual):
    """Whether `actual` (lines) is `shown` with each "..." line standing for
    one or more lines left out: the lines before the first "..." start the
    output, those after the last end it, and each run in between appears,
    in order, whole."""
    runs = [[]]
    for line in shown:
        if line == "...":
            runs.append([])
        else:
            runs[-1].append(line)
    if len(runs) == 1:
        return shown == actual
    first, middle, last = runs[0], runs[1:-1], runs[-1]
    if actual[:len(first)] != first:
        return False
    if last and actual[len(actual) - len(last):] != last:
        return False
    pos, end = len(first) + 1, len(actual) - len(last) - 1  # "..." is at least one line
    for run in middle:
        found = next((i for i in range(pos, end - len(run) + 1) if actual[i:i + len(run)] == run), None)
        if found is None:
            return False
        pos = found + len(run) + 1
    return pos <= end + 1


@test("habits")
def json_bytes_that_are_not_utf8():
    """--json: a string of bytes that are not UTF-8 has U+FFFD for each bad
    byte, and <key>_base64 holds the bytes as they were (decoded here with
    Python's base64); offsets count the original bytes."""
    import base64
    raw = b"urn:ex:a\xffb\xc3"
    p = write("latin.txt", raw + b"\n" + b"x urn:ex:\xe9t\xe9 y\n")
    r = urn("check", "--json", p)
    o = json_lines(r)[0]
    expect(o["input"] == "urn:ex:a\ufffdb\ufffd" and base64.b64decode(o["input_base64"]) == raw and
           o["error"]["offset"] == 8, r, "input and input_base64")
    # A file name that is not UTF-8 (URNs themselves are ASCII).
    name = os.path.join(TMP.encode(), b"f\xff.txt")
    with open(name, "wb") as f:
        f.write(b"see urn:ex:z\n")
    found = json_lines(urn("extract", "--json", os.fsdecode(name)))
    expect(len(found) == 1 and found[0]["file"].endswith("f\ufffd.txt") and
           base64.b64decode(found[0]["file_base64"]) == name and found[0]["offset"] == 4, found, "file_base64")
    o = json_lines(urn("check", "--json", "urn:ex:a"))[0]
    expect("input_base64" not in o, o, "no _base64 for valid UTF-8")
    expect(JSON_RECORDS_CHECKED.get("check", 0) >= 2, JSON_RECORDS_CHECKED, "the records were checked")


@test("habits")
def habit_file_names_escaped():
    """docs/cli.md, "File names": in text output a file name's control
    characters (C0, DEL, C1 as UTF-8) are written \\xHH and "\\" as "\\\\",
    every other byte as it is (as GNU grep and ripgrep write it): a name
    with a newline cannot forge a result line, one with ESC cannot reach
    the terminal. JSON keeps the name (JSON-escaped)."""
    folder = os.path.join(TMP, "names")
    os.makedirs(folder, exist_ok=True)
    # name (bytes) -> how text output must show it
    names = {
        b"evil.txt:1:1: urn:forged:x\nz": b"evil.txt:1:1: urn:forged:x\\x0Az",
        b"esc\x1b[31mred": b"esc\\x1B[31mred",
        b"c1\xc2\x9b2J": b"c1\\xC2\\x9B2J",
        b"tab\tdel\x7fback\\slash": b"tab\\x09del\\x7Fback\\\\slash",
        b"caf\xc3\xa9-\xff": b"caf\xc3\xa9-\xff",  # UTF-8 and a byte that is not: as they are
    }
    # Line 1: a byte order mark and a valid URN that --lint warns about;
    # line 2: an invalid URN, with one for extract; line 3: too long for
    # --max-line 40.
    for name in names:
        with open(os.path.join(folder.encode(), name), "wb") as f:
            f.write(b"\xef\xbb\xbfurn:ex:%41\nsee urn:ex:a b\n" + b"-" * 80 + b"\n")

    def run(*args):
        p = subprocess.run([URN] + list(args) + [os.fsdecode(n) for n in sorted(names)], cwd=folder,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
        return Run(args, p.returncode, p.stdout, p.stderr)

    def lines(data):
        return data.split(b"\n")[:-1]

    ordered = [names[n] for n in sorted(names)]
    r = run("extract", "-j1")
    expect(lines(r.out) == [x for s in ordered for x in (s + b":1:4: urn:ex:%41", s + b":2:5: urn:ex:a")] and
           r.status == 0, r, "extract: one line a URN")
    r = run("extract", "-l")
    expect(lines(r.out) == ordered, r, "extract -l")
    r = run("extract", "-c")
    expect(lines(r.out) == [s + b":2" for s in ordered], r, "extract -c")
    r = run("extract", "-c", "--max-line", "40")
    expect(all(s + b":3: line longer than 40 bytes, skipped" in r.err for s in ordered) and r.status == 2, r,
           "extract: a line too long")
    for color in ("never", "always"):  # two ways of writing "FILE:LINE:"
        r = run("check", "-q", "--lint", "--color=" + color, "--max-line", "40")
        err = re.sub(rb"\x1b\[[0-9;]*m", b"", r.err)
        for s in ordered:
            for m in (b":1: note: the file starts with a UTF-8 byte order mark", b":1: warning\n",
                      b":2: not a valid rfc2141bis URN\n", b":3: line longer than 40 bytes, skipped\n"):
                expect(s + m in err, r, "check --lint: where, escaped")
        for n, s in zip(sorted(names), ordered):
            if n != s:
                expect(n not in r.err, r, "check: the raw name is not written")
    missing = b"no\x1b]0;t\x07such"
    p = subprocess.run([URN, "check", os.fsdecode(missing)], cwd=folder, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=120)
    expect(p.returncode == 2 and p.stderr == b"urn: cannot read no\\x1B]0;t\\x07such: No such file or directory\n",
           Run(["check", missing], p.returncode, p.stdout, p.stderr), "cannot read: escaped")
    r = urn("extract", "--label", "in\x1bput", stdin=b"urn:ex:a\n")
    expect(r.out == "in\\x1Bput:1:1: urn:ex:a\n", r, "--label is a name too")
    # JSON: the name itself, escaped by JSON.
    r = run("extract", "--json")
    files = [json.loads(x)["file"] for x in lines(r.out)[::2]]
    expect(files == [n.decode("utf-8", "replace") for n in sorted(names)], r, "JSON: the names as they are")


@test("habits")
def habit_quiet_and_json():
    """-q prints nothing (for valid URNs, in check), --json a record for
    every input: in check, equal and extract together they are a usage
    error, said, with nothing on standard output."""
    for args in (["check", "-q", "--json", "urn:ex:a"], ["check", "--json", "--quiet", "urn:ex:a"],
                 ["equal", "-q", "--json", "urn:ex:a", "urn:ex:a"], ["extract", "-q", "--json", "-"]):
        r = urn(*args, stdin=b"urn:ex:a\n")
        expect(r.status == 2 and r.out == "" and "does not go with" in r.err and "-q" in r.err, r,
               "%s: -q with --json" % args[0])


@test("habits")
def json_schemas_reject():
    """The schemas are strict: a record with a member they do not name, a
    missing member or a wrong version does not match."""
    good = {"version": 1, "argument": 1, "input": "urn:ex:a", "valid": True, "syntax": "rfc2141bis",
            "scheme": "urn", "nid": "ex", "nss": "a", "assigned_name": "urn:ex:a"}
    v = schema_validator("check")
    expect(v.is_valid(good), good, "a record as urn check writes it")
    for change in ({"extra": 1}, {"version": 2}, {"valid": "yes"}, {"syntax": "rfc9999"},
                   {"input_base64": "not base64!"}, {"file": "x"}):
        bad = dict(good, **change)
        expect(not v.is_valid(bad), bad, "rejected: %r" % change)
    for key in ("version", "nid", "input"):
        bad = {k: x for k, x in good.items() if k != key}
        expect(not v.is_valid(bad), bad, "rejected without %s" % key)
    e = schema_validator("extract")
    found = {"version": 1, "file": "f", "line": 1, "column": 0, "offset": 0, "urn": "urn:ex:a",
             "syntax": "rfc2141bis", "scheme": "urn", "nid": "ex", "nss": "a", "assigned_name": "urn:ex:a"}
    expect(not e.is_valid(found) and e.is_valid(dict(found, column=1)), found, "columns count from 1")
    # encode: only a line too long to read has no identifier, and its
    # record is encode's own (no "valid").
    n = schema_validator("encode")
    long_line = {"version": 1, "file": "f", "line": 1, "nid": "ex", "argument_in_error": "identifier",
                 "error": {"code": "line_too_long", "message": "line longer than 10 bytes, skipped"}}
    expect(n.is_valid(long_line), long_line, "encode: a line too long")
    for bad in (dict(long_line, error={"code": "bad_nss", "message": "m", "offset": 0}),
                dict(long_line, identifier="x"), dict(long_line, argument_in_error="nid"),
                dict(long_line, valid=False),
                {"version": 1, "file": "f", "line": 1, "nid": "ex", "identifier": "a", "urn": "urn:ex:a"}):
        expect(not n.is_valid(bad), bad, "encode: rejected")


@test("habits")
def gzip_input():
    """A file or standard input that starts with the gzip magic is read
    decompressed (Python's gzip module makes the files here): every command
    gives what it gives on the plain text, members one after another are
    read as one text, and damaged data is "cannot read" with status 2."""
    import gzip
    text = (b"intro urn:ex:a and urn:isbn:0451450523.\n" + b"filler line\n" * 5000 +
            b"urn:ex:last\nurn:a:b\n")
    plain = write("text.txt", text)
    packed = write("text.gz", gzip.compress(text))
    for args in (["extract"], ["extract", "--json"], ["check"], ["normalize"], ["parse", "--json"]):
        a, b = urn(*args, plain), urn(*args, packed)
        expect(b.status == a.status and b.out.replace(packed, plain) == a.out and
               b.err.replace(packed, plain) == a.err, (a, b), "%s: the same as on the plain file" % args)
    r = urn("extract", "-", stdin=gzip.compress(text))
    expect(r.out == "<stdin>:1:7: urn:ex:a\n<stdin>:1:20: urn:isbn:0451450523\n<stdin>:5002:1: urn:ex:last\n", r,
           "standard input")
    two = write("two.gz", gzip.compress(b"urn:ex:1\n") + gzip.compress(b"urn:ex:2\n"))
    r = urn("check", two)
    expect(r.status == 0 and r.out == "urn:ex:1  nid=ex nss=1\nurn:ex:2  nid=ex nss=2\n", r, "two members")
    data = gzip.compress(text)
    for name, bad, why in (("cut.gz", data[:len(data) // 2], "truncated gzip data"),
                           ("junk.gz", b"\x1f\x8b" + b"\x00" * 30, "not valid gzip data"),
                           ("tail.gz", data + b"trailing", "data after the end of the gzip data")):
        r = urn("extract", write(name, bad))
        expect(r.status == 2 and ("cannot read %s: %s" % (os.path.join(TMP, name), why)) in r.err, r, name)
    # -c and -l, as zgrep: what was read of a damaged file is counted or
    # listed (its whole lines: Python's zlib decompresses as much of the
    # cut data as urn's does), then the error, status 2; the next file is
    # counted from 0; a file that cannot be opened gets no line.
    import zlib
    many = b"".join(b"line %d urn:ex:a%d\n" % (i, i) for i in range(20000))
    packed = gzip.compress(many)
    cut = write("many-cut.gz", packed[:len(packed) // 2])
    readable = zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(packed[:len(packed) // 2])
    whole_lines = readable.count(b"\n")
    expect(0 < whole_lines < 20000, whole_lines, "the cut file holds some lines")
    other = write("other.gz", gzip.compress(b"urn:ex:z and urn:ex:y\n"))
    missing = os.path.join(TMP, "no-such.gz")
    for jobs in ("-j1", "-j2"):
        r = urn("extract", jobs, "-c", cut, missing, other)
        expect(r.status == 2 and r.out == "%s:%d\n%s:2\n" % (cut, whole_lines, other) and
               "cannot read %s: truncated gzip data" % cut in r.err and "cannot read %s" % missing in r.err,
               r, "extract -c on a damaged file: what was read")
        r = urn("extract", jobs, "-l", cut, missing, other)
        expect(r.status == 2 and r.out == "%s\n%s\n" % (cut, other) and "truncated gzip data" in r.err, r,
               "extract -l on a damaged file: listed")
    # One byte 1f alone, or 1f then not 8b: plain text.
    r = urn("check", write("one.txt", b"\x1f"))
    expect(r.status == 1 and "not a valid" in r.err, r, "a lone 1f byte is text")
    r = urn("extract", write("empty.gz", b""))
    expect(r.status == 1 and r.err == "", r, "an empty file")


# ---------------------------------------------------------------- -j N


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


@test("jobs")
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


@test("jobs")
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


@test("jobs")
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


@test("jobs")
def jobs_order_on_one_stream():
    """2>&1 with -j 2: each message between the lines it came between."""
    _, plain, _, _ = jobs_corpus()
    def merged(n):
        return subprocess.run([URN, "check", "--max-line", "64K", "-j", n, plain], stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, cwd=SRC, timeout=120).stdout
    one = merged("1")
    expect(b"not a valid" in one and b"  nid=" in one, one[:500], "both streams in the run")
    expect(merged("2") == one, "", "the same interleaving as -j 1")


@test("jobs")
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


@test("jobs")
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


@test("jobs")
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


@test("habits")
def habit_every_failure_is_a_message():
    """Out of memory and threads that cannot be started end with a message
    and status 2 (or the work goes on with fewer threads, said), never an
    abort (status 134), whatever the limit on address space."""
    if os.environ.get("URNS_TOOL_SANITIZED"):
        raise NotThisBuild("a sanitized urn cannot start under ulimit -v (its shadow memory)")
    path = write("few.txt", b"urn:ex:a\nurn:ex:b c\n")
    for kib in (6000, 8000, 12000, 16000, 20000, 32000):
        for j in ("-j1", "-j2"):
            p = subprocess.run(["sh", "-c", 'ulimit -v %d; exec "$0" "$@"' % kib, URN, "check", j, path],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
            err = p.stderr.decode("utf-8", "replace")
            what = "ulimit -v %d, check %s: status %d, %r" % (kib, j, p.returncode, err[-300:])
            if p.returncode == 127 and "error while loading shared libraries" in err:
                continue  # too little for the dynamic loader: urn never ran
            expect(p.returncode in (1, 2), None, what)
            expect(p.returncode == 1 or err.startswith("urn: "), None, what + ": a message")
            expect("terminate called" not in err, None, what)


@test("habits")
def habit_version_and_help():
    """-V is --version; `urn help X` for an unknown X is a usage error."""
    v = urn("--version")
    r = urn("-V")
    expect(r.status == 0 and r.out == v.out and r.out.startswith("urn (urns) "), r, "-V")
    r = urn("help", "nosuch")
    expect(r.status == 2 and r.out == "" and "unknown command 'nosuch'" in r.err, r, "help nosuch: 2")
    r = urn("help", "extract")
    expect(r.status == 0 and r.out.startswith("usage: urn extract "), r, "help extract")


@test("habits")
def habit_suggestions():
    """A mistyped command or option names the nearest one (at most two
    edits away); a word far from all gets no guess."""
    cases = [(["chekc", "urn:ex:a"], "unknown command 'chekc'; did you mean 'check'?"),
             (["extarct"], "did you mean 'extract'?"),
             (["check", "--jsno", "urn:ex:a"], "unknown option '--jsno'; did you mean '--json'?"),
             (["check", "--synatx=rfc2141", "urn:ex:a"], "did you mean '--syntax'?"),
             (["normalize", "--mdoe", "rfc8141", "urn:ex:a"], "did you mean '--mode'?"),
             (["extract", "--count-matches"], "unknown option '--count-matches'")]
    for args, said in cases:
        r = urn(*args)
        expect(r.status == 2 and said in r.err and r.out == "", r, "suggestion")
    r = urn("check", "--zzzzzz", "urn:ex:a")
    expect(r.status == 2 and "did you mean" not in r.err, r, "no guess when nothing is near")
    r = urn("extract", "--count-matches")
    expect("did you mean" not in r.err, r, "--count-matches is 7 edits from --count")


@test("habits")
def habit_bundled_short_options():
    """Short options bundle as in getopt: -qo is -q -o; -fFILE is -f FILE."""
    p = write("b.txt", b"urn:ex:a\nurn:a:b\n")
    for args in (["check", "-qf" + p], ["check", "-q", "-f", p], ["check", "-qf", p]):
        r = urn(*args)
        expect(r.status == 1 and r.out == "" and r.err.startswith(p + ":2: not a valid"), r, "-qf")
    t = write("t.txt", b"see urn:ex:one and urn:ex:two\n")
    r = urn("extract", "-oc", t)
    expect(r.status == 0 and r.out == t + ":2\n", r, "-oc is -o -c: -c counts")
    r = urn("check", "-qz", "urn:ex:a")
    expect(r.status == 2 and "unknown option '-z'" in r.err and r.out == "", r,
           "a bundle with an unknown letter is refused, the letter named")
    r = urn("check", "-f")
    expect(r.status == 2 and "--file needs a value" in r.err, r, "an option without its value")
    # Values and operands in the order of the command line.
    a, b, c = write("o1.txt", b"urn:ex:1\n"), write("o2.txt", b"urn:ex:2\n"), write("o3.txt", b"urn:ex:3\n")
    r = urn("check", "--json", "-f", a, b, "-f" + c, "urn:ex:4")
    expect([o.get("file", o.get("argument")) for o in json_lines(r)] == [a, b, c, 1], r, "in order")


@test("habits")
def habit_byte_order_mark():
    """A UTF-8 BOM at the start of a file is skipped: line 1 is still a URN;
    --lint says so; extract counts it in columns and offsets."""
    p = write("bom.txt", b"\xef\xbb\xbfurn:ex:a\nurn:ex:b\n")
    r = urn("check", p)
    expect(r.status == 0 and r.out == "urn:ex:a  nid=ex nss=a\nurn:ex:b  nid=ex nss=b\n" and r.err == "", r,
           "check: line 1 valid")
    r = urn("check", "--lint", p)
    expect(r.err.startswith(p + ":1: note: the file starts with a UTF-8 byte order mark"), r, "--lint says so")
    lines = json_lines(urn("check", "--json", "--lint", p))
    expect(lines[0]["valid"] and lines[0].get("byte_order_mark") is True and "byte_order_mark" not in lines[1],
           lines, "--json --lint: byte_order_mark on line 1 only")
    r = urn("extract", p)
    expect(r.out == p + ":1:4: urn:ex:a\n" + p + ":2:1: urn:ex:b\n", r, "extract: column 4 on line 1")
    found = json_lines(urn("extract", "--json", p))
    expect([f["offset"] for f in found] == [3, 12] and [f["column"] for f in found] == [4, 1], found,
           "offsets count the file's bytes")
    # Only at the start of a file: elsewhere the bytes are data.
    q = write("bom2.txt", b"urn:ex:a\n\xef\xbb\xbfurn:ex:b\n")
    r = urn("check", q)
    expect(r.status == 1 and q + ":2: not a valid" in r.err, r, "a BOM on line 2 is not skipped")
    r = urn("check", "\ufeffurn:ex:a")
    expect(r.status == 2, r, "an argument is never stripped (and does not start with urn:: a file)")


@test("habits")
def habit_extract_count_files_quiet_label():
    """extract -c (FILE:N for every file, 0 too), -l (names of files with a
    URN), -q (nothing; 0 at the first URN), --label (the name of stdin)."""
    a = write("a.txt", b"urn:ex:1 urn:ex:2\nnone\nurn:ex:3\n")
    b = write("b.txt", b"nothing here\n")
    r = urn("extract", "-c", a, b)
    expect(r.status == 0 and r.out == "%s:3\n%s:0\n" % (a, b), r, "-c")
    r = urn("extract", "--count", b)
    expect(r.status == 1 and r.out == b + ":0\n", r, "-c with none found: 1")
    r = urn("extract", "-l", a, b, a)
    expect(r.status == 0 and r.out == "%s\n%s\n" % (a, a), r, "-l")
    r = urn("extract", "-q", a)
    expect(r.status == 0 and r.out == "" and r.err == "", r, "-q found")
    r = urn("extract", "-q", b)
    expect(r.status == 1 and r.out == "", r, "-q none")
    r = urn("extract", "-q", a, "no/such/file")
    expect(r.status == 0 and r.out == "" and r.err == "", r, "-q stops at the first URN: the missing file is not read")
    r = urn("extract", "-q", "no/such/file", a)
    expect(r.status == 0 and "cannot read" in r.err, r, "-q: found is 0 even after an error (grep -q)")
    r = urn("extract", "--label", "in.txt", stdin=b"x urn:ex:s\n")
    expect(r.out == "in.txt:1:3: urn:ex:s\n", r, "--label")
    r = urn("extract", "--label=in.txt", "-c", "-", a, stdin=b"urn:ex:s\n")
    expect(r.out == "in.txt:1\n%s:3\n" % a, r, "--label with -c")
    r = urn("extract", "--json", "-c", a)
    expect(r.status == 2 and r.out == "", r, "--json with -c is a usage error")


@test("habits")
def habit_extract_namespaces():
    """extract --namespaces still prints a URN whose NSS its namespace
    rejects, and says where and why: a corpus scan finds bad ISBNs.
    0-395-36341-1 is RFC 3187's ISBN-10 example (check digit 1); with 2 it
    is wrong at the check digit, offset 21 of the URN."""
    t = write("isbn.txt", b"a urn:isbn:0-395-36341-2 b urn:isbn:0-395-36341-1\n")
    r = urn("extract", "--namespaces", t)
    expect(r.status == 0 and r.out.split("\n")[:2] ==
           [t + ":1:3: urn:isbn:0-395-36341-2  rejected at offset 21 (expected check-digit-10)",
            t + ":1:28: urn:isbn:0-395-36341-1"], r, "text")
    found = json_lines(urn("extract", "--namespaces", "--json", t))
    expect(found[0]["namespace_fault"] == {"offset": 21, "expected": "check-digit-10"} and
           "namespace_fault" not in found[1], found, "json")
    r = urn("extract", t)
    expect("rejected" not in r.out, r, "without --namespaces, no namespace rules")


@test("habits")
def habit_color():
    """--color=always colours carets and severities with SGR sequences;
    never and the default on a pipe do not; NO_COLOR does not override
    always; a bad value is a usage error."""
    esc = "\x1b["
    r = urn("check", "--color=always", "urn:a:b")
    expect(r.status == 1 and esc + "1;31m^ offset 4" in r.err and r.err.rstrip("\n").endswith("\x1b[0m"), r,
           "always: the caret line is red")
    r = urn("check", "--color", "always", "--lint", "urn:ex:a%7e")
    expect(esc + "1;33m^~ warning" in r.err and esc + "1;36m^~~ note" in r.err, r, "severities")
    # A file's invalid line: its location bold, the same words as without
    # colour (which the tool writes in one piece).
    f = write("color.txt", b"urn:ex:ok\nurn:a:b\n")
    tail = " not a valid rfc2141bis URN\nurn:a:b\n    "
    r = urn("check", "-q", "--color=always", "-f", f)
    expect(r.status == 1 and r.err.startswith(esc + "1m" + f + ":2:" + esc + "0m" + tail + esc + "1;31m^ offset 4"),
           r, "always: the location bold")
    r = urn("check", "-q", "--color=never", "-f", f)
    expect(r.status == 1 and r.err.startswith(f + ":2:" + tail + "^ offset 4"), r, "never: plain, in one piece")
    for args in (["--color=never"], []):
        r = urn("check", *args, "urn:a:b")
        expect(r.status == 1 and esc not in r.err, r, "never, and auto on a pipe: plain")
    r = urn("check", "--color=sometimes", "urn:a:b")
    expect(r.status == 2 and "expected auto, always or never" in r.err, r, "bad value")
    env = dict(os.environ, NO_COLOR="1")
    p = subprocess.run([URN, "check", "--color=always", "urn:a:b"], stderr=subprocess.PIPE, env=env, timeout=60)
    expect(esc.encode() in p.stderr, p.stderr, "NO_COLOR does not override --color=always")
    # auto on a terminal: colour unless NO_COLOR is set (a pseudo-terminal).
    import pty
    for no_color, want in ((None, True), ("1", False), ("", True)):
        env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TERM")}
        env["TERM"] = "xterm"
        if no_color is not None:
            env["NO_COLOR"] = no_color
        master, slave = pty.openpty()
        p = subprocess.run([URN, "check", "urn:a:b"], stderr=slave, stdout=subprocess.DEVNULL, env=env, timeout=60)
        os.close(slave)
        got = b""
        try:
            while True:
                chunk = os.read(master, 4096)
                if not chunk:
                    break
                got += chunk
        except OSError:
            pass
        os.close(master)
        expect(p.returncode == 1 and (esc.encode() in got) == want, got, "auto on a tty, NO_COLOR=%r" % no_color)


@test("readme")
def readme_command_line():
    """Every `$ urn ...` command of README.md, run as written (from the
    source root, standard error merged into standard output, as on a
    terminal), gives the output the README shows, then `[exit N]`."""
    import shlex
    examples = readme_examples("README.md")
    commands = [shlex.split(c) for c, _ in examples]
    expect(all(c[0] == "urn" for c in commands), commands, "only urn commands")
    shown_commands = {" ".join(c[1:3]) for c in commands}
    for need in ("check example/urns.txt", "check --lint", "parse", "explain", "normalize example/urns.txt",
                 "equal", "extract example/mixed.txt", "encode"):
        expect(any(x.startswith(need) for x in shown_commands), shown_commands, "README shows urn " + need)
    for (text, shown), args in zip(examples, commands):
        p = subprocess.run([URN] + args[1:], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, cwd=SRC,
                           timeout=120)
        actual = p.stdout.decode("utf-8", "surrogateescape").split("\n")
        if actual and actual[-1] == "":
            actual.pop()
        actual.append("[exit %d]" % p.returncode)
        expect(matches_excerpt(shown, actual), Run(args[1:], p.returncode, "\n".join(actual), ""),
               "README.md: $ %s\n--- shown ---\n%s" % (text, "\n".join(shown)))


@test("readme")
def cli_page_command_lines():
    """Every `$ ...` command of docs/cli.md, run in order by bash in a scratch
    directory that sees the source tree's example/ (the page's commands name
    it), with the built urn first on PATH and standard error merged, gives
    the output the page shows, then `[exit N]` where the page shows one (a
    command in a pipeline, or one that only writes a file, shows none)."""
    import shutil
    examples = readme_examples(os.path.join("docs", "cli.md"))
    expect(len(examples) >= 20, [c for c, _ in examples], "docs/cli.md shows its commands")
    work = os.path.join(TMP, "cli-page")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    os.symlink(os.path.join(SRC, "example"), os.path.join(work, "example"))
    env = dict(os.environ, PATH=os.path.dirname(os.path.abspath(URN)) + os.pathsep + os.environ.get("PATH", ""))
    for text, shown in examples:
        p = subprocess.run(["bash", "-c", text], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, cwd=work,
                           env=env, stdin=subprocess.DEVNULL, timeout=120)
        actual = p.stdout.decode("utf-8", "surrogateescape").split("\n")
        if actual and actual[-1] == "":
            actual.pop()
        if shown and shown[-1].startswith("[exit "):
            actual.append("[exit %d]" % p.returncode)
        expect(matches_excerpt(shown, actual), Run(["bash", "-c", text], p.returncode, "\n".join(actual), ""),
               "docs/cli.md: $ %s\n--- shown ---\n%s" % (text, "\n".join(shown)))


@test("readme")
def readme_excerpt_rule():
    """The "..." rule of readme_command_line rejects what it must."""
    a = ["1", "2", "3", "4", "5"]
    expect(matches_excerpt(["1", "...", "5"], a) and matches_excerpt(["1", "...", "3", "...", "5"], a), a, "ok")
    expect(matches_excerpt(a, a) and not matches_excerpt(a[:4], a), a, "without ..., all lines")
    expect(not matches_excerpt(["1", "...", "4"], a), a, "the last run ends the output")
    expect(not matches_excerpt(["2", "...", "5"], a), a, "the first run starts it")
    expect(not matches_excerpt(["1", "...", "2", "...", "5"], a), a, "... is at least one line")
    expect(not matches_excerpt(["1", "...", "4", "3", "...", "5"], a), a, "a middle run is whole, in order")
    expect(not matches_excerpt(["1", "2", "...", "3", "4", "5"], a), a, "... is at least one line (2)")


def main():
    global URN, SRC, TMP
    if len(sys.argv) != 4 or sys.argv[3] not in GROUPS:
        print(__doc__ + "groups: " + ", ".join(sorted(GROUPS)), file=sys.stderr)
        return 2
    URN, SRC, group = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3]
    # A hang fails: the whole group is stopped after GROUP_TIMEOUT seconds
    # (ctest has its own TIMEOUT too; this one holds when run by hand).
    signal.signal(signal.SIGALRM, lambda *_: sys.exit("FAIL: group %s still running after %d s" %
                                                      (group, GROUP_TIMEOUT)))
    signal.alarm(GROUP_TIMEOUT)
    # In CI a skipped test is a failed one: what CI cannot run is untested.
    ci = os.environ.get("CI") == "true"
    failed = skipped = other_build = 0
    with tempfile.TemporaryDirectory(prefix="urn-tool-test-") as TMP:
        for f in GROUPS[group]:
            try:
                f()
                print("ok   %s" % f.__name__)
            except NotThisBuild as e:
                other_build += 1
                print("n/a  %s: %s" % (f.__name__, e))
            except Skip as e:
                if ci:
                    failed += 1
                    print("FAIL %s: skipped with CI=true: %s" % (f.__name__, e))
                    continue
                skipped += 1
                print("skip %s: %s" % (f.__name__, e))
            except Exception:
                failed += 1
                print("FAIL %s" % f.__name__)
                traceback.print_exc(file=sys.stdout)
    print("%d of %d tests passed, %d skipped, %d for other builds only" % (
        len(GROUPS[group]) - failed - skipped - other_build, len(GROUPS[group]), skipped, other_build))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
