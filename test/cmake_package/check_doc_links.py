#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Every file that the installed documentation and headers point to is
installed (the packages unpacked by check_debs.sh into ROOT):
  - in each Markdown page under ROOT/usr/share/doc/<package>/, each
    relative link [text](target) (target without its #fragment), from the
    page's own directory, and each path of the source tree that the text
    names, example/..., grammar/... or docs/..., from the package's
    documentation directory, which holds the tree's README.md, docs/,
    grammar/ and example/ as the source tree has them
  - in each header under ROOT/usr/include/, each such example/...,
    grammar/... or docs/... path of its comments, from the documentation
    directory given by --headers-doc (the package the headers' comments
    refer their reader to)
A path ending in / must be a directory with files in it; any other must be
a file or a directory. A path of the source tree is one that no word,
'.', '/' or '-' comes right before, so build/release/example/acme_ticket.so
(a build's file) and ../grammar/README.md (a link, checked as one) are not
read as one; it ends before the first character that cannot be in a path
(as `<` in grammar/nss/<nid>.abnf, which names the directory grammar/nss/).

The files of the source tree in SOURCE_ONLY are not installed, as a reader
of the installed documentation has no use for them; a page or header that
names one is listed ("source only"), not failed.

usage: check_doc_links.py ROOT [--headers-doc DIR]
DIR is relative to ROOT (default usr/share/doc/liburns-doc).
"""

import os
import re
import sys

LINK = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
SOURCE_PATH = re.compile(r"(?<![\w./-])((?:example|grammar|docs)/[\w./+-]*[\w/])")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
# Source files that pages name when they say how the build makes something.
SOURCE_ONLY = {
    "docs/Doxyfile.in": "the API reference's doxygen settings, configured by the build",
}


def exists(path, target):
    if target.endswith("/"):
        return os.path.isdir(path) and any(os.scandir(path))
    return os.path.exists(path)


def check_file(root, path, doc_root, failures):
    """Checks one page or header; returns how many paths it names."""
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.read().split("\n")
    rel = os.path.relpath(path, root)
    is_page = path.endswith(".md")
    seen = 0
    for number, line in enumerate(lines, 1):
        checked = set()  # a file named twice on a line (a link's text and target) is checked once
        if is_page:
            for target in LINK.findall(line):
                if SCHEME.match(target) or target.startswith("#"):
                    continue
                target = target.split("#", 1)[0]
                seen += 1
                full = os.path.normpath(os.path.join(os.path.dirname(path), target))
                if full in checked:
                    continue
                checked.add(full)
                if not exists(full, target):
                    failures.append("%s:%d: the link (%s) leads to %s, which is not installed"
                                    % (rel, number, target, os.path.relpath(full, root)))
        for target in SOURCE_PATH.findall(line):
            seen += 1
            if target in SOURCE_ONLY:
                print("source only: %s:%d: %s (%s)" % (rel, number, target, SOURCE_ONLY[target]))
                continue
            full = os.path.normpath(os.path.join(doc_root, target))
            if full in checked:
                continue
            checked.add(full)
            if not exists(full, target):
                failures.append("%s:%d: names %s, which is not installed (not in %s): %s"
                                % (rel, number, target, os.path.relpath(doc_root, root), line.strip()))
    return seen


def main():
    args = sys.argv[1:]
    headers_doc = "usr/share/doc/liburns-doc"
    if len(args) == 3 and args[1] == "--headers-doc":
        headers_doc = args[2]
        args = args[:1]
    if len(args) != 1:
        sys.exit(__doc__)
    root = os.path.abspath(args[0])
    doc = os.path.join(root, "usr/share/doc")
    include = os.path.join(root, "usr/include")
    failures, seen, files = [], 0, 0
    for package in sorted(os.listdir(doc)) if os.path.isdir(doc) else []:
        doc_root = os.path.join(doc, package)
        for dirpath, dirnames, filenames in os.walk(doc_root):
            dirnames.sort()
            for name in sorted(filenames):
                if name.endswith(".md"):
                    files += 1
                    seen += check_file(root, os.path.join(dirpath, name), doc_root, failures)
    headers_root = os.path.join(root, headers_doc)
    for dirpath, dirnames, filenames in os.walk(include):
        dirnames.sort()
        for name in sorted(filenames):
            if name.endswith((".hpp", ".h", ".ipp", ".inc")):
                files += 1
                seen += check_file(root, os.path.join(dirpath, name), headers_root, failures)
    for f in failures:
        print("FAIL " + f)
    if files == 0 or seen == 0:
        failures.append("no page or header naming a path under %s" % root)
        print("FAIL " + failures[-1])
    print("check_doc_links.py: %s (%d files, %d paths named, %d not installed)"
          % ("FAILED" if failures else "ok", files, seen, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
