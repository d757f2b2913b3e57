#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Tests of `urn normalize`, `urn equal` and `urn encode` as a user runs
them: the equivalence examples of test/vectors/equivalence/ in each mode,
why two URNs differ, the shipped namespaces' rules (--namespaces), a
namespace from the ABNF of its NSS (--namespace), and identifiers made into
URNs.

usage: equivalence_test.py URN_BINARY SOURCE_DIR

Exit status 0 if every test passed (urntest.main).
"""

import os
import re
import sys

sys.dont_write_bytecode = True  # before importing urntest: no __pycache__ in the source tree
import urntest
from urntest import SRC, TMP, expect, json_lines, test, urn, write


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


@test
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


@test
def equal_spec_examples():
    for (name, syn), rows in equivalence_sets().items():
        for mode in MODES:
            for x, y in zip(rows, rows[1:] + rows[:1]):
                r = urn("equal", "--syntax", syn, "--mode", mode, x["input"], y["input"])
                same = x[mode] == y[mode]
                expect(r.status == (0 if same else 1), r, "%s %s" % (name, mode))
                expect(r.out.startswith(("equivalent" if same else "not equivalent") + " under " + mode), r,
                       "verdict line")


@test
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


@test
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
    # The shipped namespaces' named fields, offsets in the whole URN
    # ("urn:uuid:" and "urn:isbn:" are 9 bytes): RFC 4122 section 3's names
    # of the UUID's parts; an ISBN-13's form, EAN-prefix and check digit.
    r = urn("parse", "--namespaces", "--json", good, "urn:isbn:978-0-395-36341-6")
    objs = json_lines(r)
    expect(r.status == 0 and len(objs) == 2 and objs[0].get("fields") == [
        {"rule": "time-low", "begin": 9, "end": 17, "text": "f81d4fae"},
        {"rule": "time-mid", "begin": 18, "end": 22, "text": "7dec"},
        {"rule": "time-high-and-version", "begin": 23, "end": 27, "text": "11d0"},
        {"rule": "clock-seq-and-reserved", "begin": 28, "end": 30, "text": "a7"},
        {"rule": "clock-seq-low", "begin": 30, "end": 32, "text": "65"},
        {"rule": "node", "begin": 33, "end": 45, "text": "00a0c91e6bf6"}], r, "parse --json: the UUID's fields")
    expect(len(objs) == 2 and objs[1].get("fields") == [
        {"rule": "ISBN-13", "begin": 9, "end": 26, "text": "978-0-395-36341-6"},
        {"rule": "EAN-prefix", "begin": 9, "end": 12, "text": "978"},
        {"rule": "check-digit-13", "begin": 25, "end": 26, "text": "6"}], r, "parse --json: the ISBN's fields")
    r = urn("parse", "--json", good)
    expect(r.status == 0 and "fields" not in json_lines(r)[0], r, "without --namespaces, no fields")
    r = urn("explain", "--namespaces", "urn:oid:1.3.6.1")
    expect(r.status == 0 and r.out.count("the NSS's field number") == 4, r, "explain: each arc of the OID")


MRN_ABNF = (b"; The Maritime Resource Name's NSS (IALA Guideline 1143): the OID's\n"
            b"; repetition ends with what it also accepts (ABNF, not PEG).\n"
            b"MRN = OID \":\" OSS\n"
            b"OID = alphanum 0*20( alphanum / \"-\" ) alphanum\n"
            b"OSS = 1*( pchar / \"/\" )\n"
            b"alphanum = ALPHA / DIGIT\n")


@test
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


@test
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


if __name__ == "__main__":
    sys.exit(urntest.main(globals()))
