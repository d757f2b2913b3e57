#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Every path that urn's manual pages or --help texts name exists in an
installed tree (the packages unpacked by check_debs.sh):
  - each absolute path in a page (FILES: /usr/share/doc/urn/docs/...),
    found under ROOT; a directory (ending in /) must hold files
  - each docs/... path of a --help text, found in the tool's documentation
    directory (ROOT/usr/share/doc/urn/, where the pages say it is)

usage: check_doc_paths.py ROOT
ROOT holds usr/bin/urn and usr/share/man/man1/*.1.gz.
"""

import gzip
import os
import re
import subprocess
import sys


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    root = os.path.abspath(sys.argv[1])
    urn = os.path.join(root, "usr/bin/urn")
    man = os.path.join(root, "usr/share/man/man1")
    doc = os.path.join(root, "usr/share/doc/urn")
    failures, seen = [], 0
    top = subprocess.run([urn, "--help"], stdout=subprocess.PIPE, check=True).stdout.decode()
    commands = re.findall(r"^  ([a-z]+)  ", top.split("commands:")[1], re.M)
    helps = [top] + [subprocess.run([urn, c, "--help"], stdout=subprocess.PIPE, check=True).stdout.decode()
                     for c in commands]
    for text in helps:
        for path in re.findall(r"(?<![\w/])docs/[\w./-]*\w", text):
            seen += 1
            if not os.path.isfile(os.path.join(doc, path)):
                failures.append("--help names %s: not in %s" % (path, doc))
    pages = sorted(os.listdir(man))
    if len(pages) != len(commands) + 1:
        failures.append("expected %d manual pages, found %r" % (len(commands) + 1, pages))
    for page in pages:
        with gzip.open(os.path.join(man, page), "rt") as f:
            text = f.read().replace("\\-", "-").replace("\\fI", "").replace("\\fR", "").replace("\\fB", "")
        for path in re.findall(r"(?<![\w.-])(/usr/[\w./-]*[\w/])", text):
            seen += 1
            full = os.path.join(root, path.lstrip("/"))
            ok = (os.path.isdir(full) and any(os.scandir(full))) if path.endswith("/") else os.path.isfile(full)
            if not ok:
                failures.append("%s names %s: not in the installed tree" % (page, path))
    for f in failures:
        print("FAIL " + f)
    if seen == 0:
        failures.append("no path found in the pages and --help texts")
    print("check_doc_paths.py: %s (%d paths named)" % ("FAILED" if failures else "ok", seen))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
