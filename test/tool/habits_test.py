#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Tests of the habits every `urn` command shares: bytes that are not UTF-8
in --json, file names escaped in text, -q and --json, the strictness of
the JSON schemas, gzip input, a message for every failure (memory,
threads), --version and --help, suggestions for a mistyped name, bundled
short options, a byte order mark, extract's counts and labels, and
--color.

usage: habits_test.py URN_BINARY SOURCE_DIR

Exit status 0 if every test passed (urntest.main).
"""

import json
import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True  # before importing urntest: no __pycache__ in the source tree
import urntest
from urntest import (JSON_RECORDS_CHECKED, TMP, URN, NotThisBuild, Run, expect, json_lines, schema_validator, test,
                     urn, write)


@test
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


@test
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


@test
def habit_quiet_and_json():
    """-q prints nothing (for valid URNs, in check), --json a record for
    every input: in check, equal and extract together they are a usage
    error, said, with nothing on standard output."""
    for args in (["check", "-q", "--json", "urn:ex:a"], ["check", "--json", "--quiet", "urn:ex:a"],
                 ["equal", "-q", "--json", "urn:ex:a", "urn:ex:a"], ["extract", "-q", "--json", "-"]):
        r = urn(*args, stdin=b"urn:ex:a\n")
        expect(r.status == 2 and r.out == "" and "does not go with" in r.err and "-q" in r.err, r,
               "%s: -q with --json" % args[0])


@test
def json_schemas_reject():
    """The schemas are strict: a record with a member they do not name, a
    missing member or a wrong version does not match."""
    version = urntest.record_version()
    good = {"version": version, "argument": 1, "input": "urn:ex:a", "valid": True, "syntax": "rfc2141bis",
            "scheme": "urn", "nid": "ex", "nss": "a", "assigned_name": "urn:ex:a"}
    v = schema_validator("check")
    expect(v.is_valid(good), good, "a record as urn check writes it")
    for change in ({"extra": 1}, {"version": version + 1}, {"version": version - 1}, {"valid": "yes"}, {"syntax": "rfc9999"},
                   {"input_base64": "not base64!"}, {"file": "x"}):
        bad = dict(good, **change)
        expect(not v.is_valid(bad), bad, "rejected: %r" % change)
    for key in ("version", "nid", "input"):
        bad = {k: x for k, x in good.items() if k != key}
        expect(not v.is_valid(bad), bad, "rejected without %s" % key)
    # An error names every rule expected, as a list; expected_left_out only
    # with them.
    err = {"code": "bad_nss", "message": "m", "offset": 0, "expected": ["NSS", "x"]}
    invalid = {"version": version, "argument": 1, "input": "urn:ex:a b", "valid": False, "syntax": "rfc2141bis"}
    expect(v.is_valid(dict(invalid, error=err)), err, "an error with two names expected")
    expect(v.is_valid(dict(invalid, error=dict(err, expected_left_out=3))), err, "and names left out")
    for bad_err in (dict(err, expected="NSS"), dict(err, expected=[]), dict(err, expected_left_out=0),
                    {"code": "bad_nss", "message": "m", "offset": 0, "expected_left_out": 1}):
        expect(not v.is_valid(dict(invalid, error=bad_err)), bad_err, "error rejected")
    e = schema_validator("extract")
    found = {"version": version, "file": "f", "line": 1, "column": 0, "offset": 0, "urn": "urn:ex:a",
             "syntax": "rfc2141bis", "scheme": "urn", "nid": "ex", "nss": "a", "assigned_name": "urn:ex:a"}
    expect(not e.is_valid(found) and e.is_valid(dict(found, column=1)), found, "columns count from 1")
    # encode: only a line too long to read has no identifier, and its
    # record is encode's own (no "valid").
    n = schema_validator("encode")
    long_line = {"version": version, "file": "f", "line": 1, "nid": "ex", "argument_in_error": "identifier",
                 "error": {"code": "line_too_long", "message": "line longer than 10 bytes, skipped"}}
    expect(n.is_valid(long_line), long_line, "encode: a line too long")
    for bad in (dict(long_line, error={"code": "bad_nss", "message": "m", "offset": 0}),
                dict(long_line, identifier="x"), dict(long_line, argument_in_error="nid"),
                dict(long_line, valid=False),
                {"version": version, "file": "f", "line": 1, "nid": "ex", "identifier": "a", "urn": "urn:ex:a"}):
        expect(not n.is_valid(bad), bad, "encode: rejected")


@test
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


@test
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
            if p.returncode == 127 and ("error while loading shared libraries" in err or
                                        "cannot allocate TLS data structures" in err):
                continue  # too little for the dynamic loader (ld.so's messages): urn never ran
            expect(p.returncode in (1, 2), None, what)
            # status 2: a message of its own line (after what was checked before memory ran out)
            expect(p.returncode == 1 or any(line.startswith("urn: ") for line in err.splitlines()), None,
                   what + ": a message")
            expect("terminate called" not in err, None, what)


@test
def habit_version_and_help():
    """-V is --version; `urn help X` for an unknown X is a usage error."""
    v = urn("--version")
    r = urn("-V")
    expect(r.status == 0 and r.out == v.out and r.out.startswith("urn (urns) "), r, "-V")
    r = urn("help", "nosuch")
    expect(r.status == 2 and r.out == "" and "unknown command 'nosuch'" in r.err, r, "help nosuch: 2")
    r = urn("help", "extract")
    expect(r.status == 0 and r.out.startswith("usage: urn extract "), r, "help extract")


@test
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


@test
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


@test
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


@test
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


@test
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
    expect(found[0]["namespace_fault"] == {"offset": 21, "expected": ["check-digit-10"]} and
           "namespace_fault" not in found[1], found, "json")
    r = urn("extract", t)
    expect("rejected" not in r.out, r, "without --namespaces, no namespace rules")


@test
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


if __name__ == "__main__":
    sys.exit(urntest.main(globals()))
