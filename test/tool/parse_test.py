#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Tests of `urn parse` and `urn explain` as a user runs them: the
components as aligned text and as JSON, the words of explain, the query's
directives and the display form.

usage: parse_test.py URN_BINARY SOURCE_DIR

Exit status 0 if every test passed (urntest.main).
"""

import sys

sys.dont_write_bytecode = True  # before importing urntest: no __pycache__ in the source tree
import urntest
from urntest import expect, json_lines, test, urn, write


@test
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


@test
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


@test
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


@test
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


@test
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


if __name__ == "__main__":
    sys.exit(urntest.main(globals()))
