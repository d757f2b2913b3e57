#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Tests of tools/iana_registry.py: `generate` writes one C++ row per row
of data/iana-urn-namespaces.tsv and refuses a malformed file with its line;
`refresh` turns IANA's published registry files (a small XML and CSV pair in
test/tool/iana/, in IANA's formats) into the expected TSV rows, written here
by hand, and never replaces the file with a bad one.

usage: iana_registry_test.py SOURCE_DIR
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


def tool(src, *args):
    return subprocess.run([sys.executable, os.path.join(src, "tools", "iana_registry.py")] + list(args),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60, text=True)


def rows_of(tsv):
    return [line.rstrip("\n").split("\t") for line in open(tsv, encoding="utf-8")
            if line.strip() and not line.startswith("#")][1:]


# The rows of the fixtures, sorted by NID: RFC references as "RFC N", drafts
# and URLs as given, people left out, names in lower case.
EXPECTED = [["3gpp", "formal", "RFC 5279"], ["c2pa", "formal", "https://c2pa.org/"],
            ["ddi", "formal", "draft-urn-ddi-00"], ["isbn", "formal", "RFC 8254"],
            ["urn-1", "informal", ""], ["urn-2", "informal", ""]]


def main():
    src = os.path.abspath(sys.argv[1])
    data = os.path.join(src, "data", "iana-urn-namespaces.tsv")
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "iana.inc")
        r = tool(src, "generate", data, out)
        check(r.returncode == 0, "generate the shipped file: %s" % r.stderr)
        rows = rows_of(data)
        made = [l for l in open(out, encoding="utf-8") if l.startswith("{")]
        check(len(made) == len(rows) >= 70, "one C++ row per TSV row (%d, %d)" % (len(made), len(rows)))
        check(all(m == '{"%s", namespace_kind::%s, "%s"},\n' % tuple(r) for m, r in zip(made, rows)),
              "each row as the TSV says")

        head = "nid\tkind\treference\n"
        bad = {"unsorted": "bb\tformal\t\naa\tformal\t\n", "duplicate": "ab\tformal\t\nab\tformal\t\n",
               "upper case": "AB\tformal\t\n", "one letter": "a\tformal\t\n", "bad kind": "ab\tofficial\t\n",
               "informal not urn-N": "ab\tinformal\t\n", "urn-N not informal": "urn-3\tformal\t\n",
               "urn-0": "urn-0\tinformal\t\n", "two columns": "ab\tformal\n", "ends with -": "ab-\tformal\t\n"}
        for name, body in bad.items():
            p = os.path.join(tmp, "bad.tsv")
            with open(p, "w") as f:
                f.write("# a comment\n" + head + body)
            r = tool(src, "generate", p, os.path.join(tmp, "bad.inc"))
            lines = body.count("\n") + 2
            check(r.returncode != 0 and re.search(r"bad\.tsv:%d: " % lines, r.stderr) is not None and
                  not os.path.exists(os.path.join(tmp, "bad.inc")), "refuses %s: %s" % (name, r.stderr.strip()))

        fixtures = os.path.join(src, "test", "tool", "iana")
        for source in (os.path.join(fixtures, "urn-namespaces.xml"),
                       os.path.join(fixtures, "urn-namespaces-1.csv") + "," +
                       os.path.join(fixtures, "urn-namespaces-2.csv")):
            tsv = os.path.join(tmp, "refreshed.tsv")
            r = tool(src, "refresh", source, tsv)
            check(r.returncode == 0 and rows_of(tsv) == EXPECTED, "refresh from %s: %r %s" %
                  (os.path.basename(source), rows_of(tsv) if r.returncode == 0 else None, r.stderr))
            check(tool(src, "generate", tsv, os.path.join(tmp, "r.inc")).returncode == 0,
                  "a refreshed file generates")
        r = tool(src, "refresh", os.path.join(fixtures, "urn-namespaces.xml"), tsv)
        check("# Source: IANA's urn-namespaces.xml (updated 2026-03-18)" in open(tsv).read(),
              "the refreshed file says its source and the registry's date")
        # A source with a NID RFC 8141 does not allow leaves the file as it was.
        keep = os.path.join(tmp, "keep.tsv")
        shutil.copy(data, keep)
        badxml = os.path.join(tmp, "bad.xml")
        with open(os.path.join(fixtures, "urn-namespaces.xml")) as f:
            open(badxml, "w").write(f.read().replace("<name>ddi</name>", "<name>d_i</name>"))
        r = tool(src, "refresh", badxml, keep)
        check(r.returncode != 0 and open(keep).read() == open(data).read() and not os.path.exists(keep + ".new"),
              "a bad source does not replace the file: %s" % r.stderr.strip())
    print("FAILED: %d" % len(failures) if failures else "all passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
