#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Tests of `urn abnf` (check, match, generate, diff) as a user runs it:
verdicts, carets, exit statuses and JSON, on a small grammar written here
(RFC 8141's MRN example's OID rule) and on the shipped grammar/ files.

usage: abnf_tool_test.py URN_BINARY SOURCE_DIR
"""

import json
import os
import time
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import urntest  # noqa: E402  (the schemas of docs/schema/)

failures = []


def check(cond, what, detail=""):
    if not cond:
        failures.append(what)
        print("FAIL %s\n%s" % (what, detail))


def urn(*args, stdin=None):
    p = subprocess.run([URN, "abnf"] + list(args), input=stdin, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=120)
    r = p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")
    if args and args[0] == "match" and "--json" in args:
        # Every record of match --json against docs/schema/abnf-match.schema.json.
        validator = urntest.schema_validator("abnf-match")
        for line in r[1].splitlines():
            errors = [e.message for e in validator.iter_errors(json.loads(line))]
            check(not errors, "match --json record matches its schema: %s" % "; ".join(errors), line)
    return r


def show(r):
    return "status %d\n--- stdout ---\n%s--- stderr ---\n%s" % r


MRN = 'OID = alphanum 0*20( alphanum / "-" ) alphanum\nalphanum = ALPHA / DIGIT\n'


def main():
    global URN
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    URN, src = os.path.abspath(sys.argv[1]), sys.argv[2]
    urntest.SRC = src
    tmp = tempfile.mkdtemp(prefix="urn-abnf-")
    mrn = os.path.join(tmp, "mrn.abnf")
    with open(mrn, "w") as f:
        f.write(MRN)

    # check: a clean grammar; errors with FILE:LINE:COL and a caret.
    r = urn("check", mrn)
    check(r[0] == 0 and "2 rules, no errors" in r[1] and r[2] == "", "check: clean grammar", show(r))
    bad = os.path.join(tmp, "bad.abnf")
    with open(bad, "w") as f:
        f.write('OID = alphanum\nalphanum = ALPHA / DIGT\n')
    r = urn("check", bad)
    check(r[0] == 1 and bad + ':2:20: error: undefined rule "DIGT"' in r[2]
          and "  alphanum = ALPHA / DIGT\n" + " " * 21 + "^" in r[2], "check: undefined rule, line:col, caret",
          show(r))
    syntax = os.path.join(tmp, "syntax.abnf")
    with open(syntax, "w") as f:
        f.write('a = "x"\nb = ( "y"\n')
    r = urn("check", syntax)
    check(r[0] == 1 and syntax + ":3:1: error: expected" in r[2], "check: syntax error (the open group, at the end)", show(r))
    unused = os.path.join(tmp, "unused.abnf")
    with open(unused, "w") as f:
        f.write('a = "x"\nb = "y"\n')
    r = urn("check", unused)
    check(r[0] == 0 and "warning: unused rule" in r[2] and "1 warning" in r[1], "check: a warning exits 0", show(r))
    r = urn("check", os.path.join(tmp, "missing.abnf"))
    check(r[0] == 2 and "cannot read" in r[2], "check: missing file is status 2", show(r))
    # The document grammars with the rules they use.
    r = urn("check", os.path.join(src, "grammar", "rfc8141.abnf"))
    check(r[0] == 0, "check: rfc8141.abnf", show(r))
    r = urn("check", "--rfc3986", os.path.join(src, "grammar", "rfc2141bis-03.abnf"))
    check(r[0] == 0, "check: rfc2141bis-03.abnf with --rfc3986", show(r))
    r = urn("check", "--no-core", mrn)
    check(r[0] == 1 and "ALPHA" in r[2], "check: --no-core leaves ALPHA undefined", show(r))

    # match: verdicts, caret, expected names, exit status.
    r = urn("match", mrn, "OID", "iala")
    check(r[0] == 0 and r[1] == "iala: matches OID\n", "match: iala", show(r))
    r = urn("match", mrn, "OID", "iala", "a-")
    check(r[0] == 1 and "iala: matches OID" in r[1] and "a-\n  ^ offset 2: does not match OID (expected " in r[2]
          and "ALPHA" in r[2], "match: a- rejected at its end", show(r))
    r = urn("match", mrn, "oid", "a")
    check(r[0] == 1 and "offset 1" in r[2], "match: rule names are case-insensitive; one byte is too short", show(r))
    r = urn("match", "--tree", mrn, "OID", "a-b")
    check(r[0] == 0 and '  OID "a-b" [0,3)' in r[1] and '    alphanum "b" [2,3)' in r[1], "match --tree", show(r))
    r = urn("match", "--json", "--tree", mrn, "OID", "iala", "a-")
    lines = [json.loads(x) for x in r[1].splitlines()]
    check(r[0] == 1 and len(lines) == 2 and lines[0]["matched"] and lines[0]["tree"][0] ==
          {"rule": "OID", "begin": 0, "end": 4, "depth": 0} and not lines[1]["matched"] and lines[1]["offset"] == 2
          and "ALPHA" in lines[1]["expected"] and lines[1]["input"] == "a-", "match --json", show(r))
    r = urn("match", "--json", "--max-line", "3", mrn, "OID", stdin=b"iala\nab\n")
    lines = [json.loads(x) for x in r[1].splitlines()]
    check(r[0] == 1 and len(lines) == 2 and lines[0]["line"] == 1 and not lines[0]["matched"]
          and lines[0]["error"]["code"] == "line_too_long" and "input" not in lines[0] and lines[1]["matched"],
          "match --json: a line longer than --max-line is a record, not matched", show(r))
    r = urn("match", mrn, "OID", stdin=b"iala\nab\n")
    check(r[0] == 0 and r[1] == "iala: matches OID\nab: matches OID\n", "match: lines of standard input", show(r))
    r = urn("match", mrn, "NOPE", "x")
    check(r[0] == 2 and 'no rule "NOPE"' in r[2], "match: unknown rule is status 2", show(r))
    r = urn("match", bad, "OID", "x")
    check(r[0] == 2 and "undefined rule" in r[2], "match: a grammar with errors is status 2", show(r))

    # generate: deterministic, every line matches; --invalid lines do not.
    r = urn("generate", mrn, "OID", "-n", "50", "--seed", "7")
    again = urn("generate", mrn, "OID", "-n", "50", "--seed", "7")
    words = r[1].splitlines()
    check(r[0] == 0 and len(words) == 50 and r[1] == again[1], "generate: 50, the same for a seed", show(r))
    m = urn("match", mrn, "OID", *words)
    check(m[0] == 0, "generate: every string matches", show(m))
    r = urn("generate", mrn, "OID", "-n", "20", "--invalid")
    bad_words = [w for w in r[1].splitlines() if w]
    m = urn("match", mrn, "OID", *bad_words)
    check(r[0] == 0 and bad_words and m[1] == "", "generate --invalid: none matches", show(m))
    r = urn("generate", mrn, "OID", "-n", "20", "--max-length", "3")
    check(r[0] == 0 and all(len(w) <= 3 for w in r[1].splitlines()), "generate --max-length", show(r))
    # A finite language: "a", "b" and "ab", each letter in either case (RFC
    # 5234 section 2.3), are 2 + 2 + 4 = 8 strings; asked for a trillion,
    # generate stops when they run out, and says how many it made.
    finite = os.path.join(tmp, "finite.abnf")
    with open(finite, "w") as f:
        f.write('r = "a" / "b" / "ab"\n')
    t0 = time.monotonic()
    r = urn("generate", finite, "r", "-n", "1000000000000")
    took = time.monotonic() - t0
    check(r[0] == 0 and sorted(r[1].split()) == sorted(["a", "A", "b", "B", "ab", "aB", "Ab", "AB"])
          and "made 8 of 1000000000000 strings" in r[2] and took < 30,
          "generate: stops when the language runs out, and says so", show(r))

    # diff: the shipped oid grammar against the oid validator; isbn's check
    # digit is prose, so the ABNF alone disagrees with the validator.
    r = urn("diff", os.path.join(src, "grammar", "nss", "oid.abnf"), "oid", "--nid", "oid")
    check(r[0] == 0 and " 0 disagreements" in r[1], "diff: oid.abnf against --nid oid", show(r))
    r = urn("diff", os.path.join(src, "grammar", "nss", "isbn.abnf"), "ISBN", "--nid", "isbn", "-n", "200")
    first = r[1].splitlines()[0] if r[1] else ""
    check(r[0] == 1 and "ABNF accepts, isbn rejects" in first, "diff: isbn check digits are prose", show(r))
    r = urn("diff", os.path.join(src, "grammar", "rfc2141.abnf"), "URN", "--syntax", "rfc2141", "-n", "500")
    check(r[0] == 1 and "rfc2141 rejects" in r[1], "diff --syntax: RFC 2141's prose rules show", show(r))
    # With --syntax, a "%" that starts no pct-encoded is the URN syntax's
    # fault at the byte after it, before the namespace's rule is asked: the
    # verdicts agree, the offsets need not.
    r = urn("diff", os.path.join(src, "grammar", "nss", "uuid.abnf"), "UUID", "--nid", "uuid", "--syntax",
            "rfc8141", "-n", "300", "--compare", "verdict")
    check(r[0] == 0, "diff --nid --syntax: whole URNs", show(r))
    r = urn("diff", os.path.join(src, "grammar", "nss", "uuid.abnf"), "UUID", "--nid", "uuid", "--syntax",
            "rfc8141", "-n", "300")
    check(r[0] == 1 and "both reject, ABNF at offset 6, rfc8141 + uuid at 8" in r[1] and "(0 of verdict, " in r[1],
          "diff: offsets compared by default", show(r))

    # Offsets and names: a judge that names what it expected. The ABNF of
    # the oid namespace against its X3 validator: the same offsets on every
    # input (0 of offset), and names of another granularity (the X3 says
    # "number" where the ABNF's innermost rules are DIGIT and LEADDIGIT).
    oid_abnf = os.path.join(src, "grammar", "nss", "oid.abnf")
    r = urn("diff", oid_abnf, "oid", "--nid", "oid", "-n", "300", "--compare", "expected")
    check(r[0] == 1 and ", 0 of offset, " in r[1] and
          '"": both reject at offset 0, ABNF expects DIGIT or LEADDIGIT, oid number' in r[1],
          "diff --compare expected: the names compared", show(r))
    r = urn("diff", oid_abnf, "oid", "--nid", "oid", "--compare", "nonsense")
    check(r[0] == 2 and "--compare" in r[2], "diff --compare: verdict, offset or expected", show(r))
    r = urn("diff", mrn, "OID")
    check(r[0] == 2 and "--nid" in r[2], "diff: needs --nid or --syntax", show(r))
    r = urn("diff", mrn, "OID", "--nid", "no-such-nid")
    check(r[0] == 2 and "no namespace" in r[2], "diff: unknown NID is status 2", show(r))

    # usage
    r = urn("mach", mrn)
    check(r[0] == 2 and "did you mean 'match'" in r[2], "unknown action", show(r))
    r = urn()
    check(r[0] == 2, "no action", show(r))
    r = urn("--help")
    check(r[0] == 0 and r[1].startswith("usage: urn abnf check"), "--help", show(r))

    if failures:
        print("%d failure(s)" % len(failures))
        return 1
    print("all passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
