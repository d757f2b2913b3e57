#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""CHANGELOG.md, the one history of urns, and what is made from it.

    changelog.py debian SOURCE_DIR OUT [--maintainer "Name <address>"]
        writes Debian's changelog (the packages' changelog.gz, gzip -9n by
        the build): one entry per section of CHANGELOG.md, newest first,
        dated by the section's date
    changelog.py check SOURCE_DIR [--debian FILE] [--python-module DIR]
        checks that CHANGELOG.md's sections are well formed (versions
        newest first, dates in order, subsections Added, Changed,
        Removed, Fixed), that its newest is the version of
        include/urns/version.hpp, and that the rest says the same: the
        Python package's version (setup.py, and the built module's
        __version__ when its directory is given) and the Debian changelog
        FILE (plain or .gz) the build made

The version itself is include/urns/version.hpp's, which CMake, b2, urns.pc,
`urn --version`, setup.py and the Python module read.
"""

import argparse
import datetime
import gzip
import os
import re
import subprocess
import sys
import textwrap

SUBSECTIONS = ("Added", "Changed", "Removed", "Fixed")
DEFAULT_MAINTAINER = "urns developers <urns@example.org>"


def header_version(source):
    text = open(os.path.join(source, "include", "urns", "version.hpp"), encoding="utf-8").read()
    parts = [re.search(r"^#define URNS_VERSION_%s (\d+)$" % p, text, re.M) for p in ("MAJOR", "MINOR", "PATCH")]
    if not all(parts):
        raise SystemExit("changelog: include/urns/version.hpp has no MAJOR, MINOR and PATCH")
    return ".".join(m.group(1) for m in parts)


def sections(source):
    """[(version, date, [(subsection or None, [markdown lines])])], newest first."""
    out = []
    current = None
    in_code = False
    for line in open(os.path.join(source, "CHANGELOG.md"), encoding="utf-8").read().splitlines():
        if line.startswith("```"):
            in_code = not in_code
            continue
        if in_code:
            continue
        m = re.match(r"^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})\s*$", line)
        if m:
            current = (m.group(1), m.group(2), [(None, [])])
            out.append(current)
            continue
        if line.startswith("## "):
            current = None
            continue
        if current is None:
            continue
        m = re.match(r"^### (.*)$", line)
        if m:
            current[2].append((m.group(1).strip(), []))
            continue
        current[2][-1][1].append(line)
    return out


def plain(text):
    """Markdown of an entry as plain text."""
    text = re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", text)   # [text](link)
    text = text.replace("**", "").replace("`", "")
    return re.sub(r"\s+", " ", text).strip()


def items(lines):
    """The top-level list items of a subsection, each with its nested ones,
    and paragraphs outside lists, as (depth, text)."""
    result = []
    for line in lines:
        if not line.strip():
            continue
        m = re.match(r"^( *)[-*] (.*)$", line)
        if m:
            result.append([len(m.group(1)) // 2, m.group(2)])
        elif result and line.startswith(" "):
            result[-1][1] += " " + line.strip()
        else:
            result.append([0, line])
    return [(depth, plain(text)) for depth, text in result]


def debian(source, maintainer):
    entries = []
    found = sections(source)
    # Each entry's time: its date at midnight UTC, but an hour after the
    # entry before it when versions share a date (Debian wants each entry
    # newer than the one before it: lintian's
    # latest-changelog-entry-without-new-date).
    stamps, previous = [], None
    for _, date, _ in reversed(found):
        stamp = datetime.datetime.strptime(date, "%Y-%m-%d").replace(tzinfo=datetime.timezone.utc)
        if previous is not None and stamp <= previous:
            stamp = previous + datetime.timedelta(hours=1)
        stamps.append(stamp)
        previous = stamp
    for (version, date, subsections), day in zip(found, reversed(stamps)):
        body = []
        for name, lines in subsections:
            for depth, text in items(lines):
                if depth == 0:
                    first, rest = "  * ", "    "
                    if name:
                        text = "%s: %s" % (name, text)
                else:
                    first, rest = "    - ", "      "
                body += textwrap.wrap(text, width=79, initial_indent=first, subsequent_indent=rest,
                                      break_long_words=False, break_on_hyphens=False)
        if not body:
            body = ["  * Version %s of urns." % version]
        entries.append("urns (%s) unstable; urgency=medium\n\n%s\n\n -- %s  %s\n"
                       % (version, "\n".join(body), maintainer, day.strftime("%a, %d %b %Y %H:%M:%S +0000")))
    return "\n".join(entries)


def check(source, debian_file=None, python_module=None):
    problems = []
    version = header_version(source)
    found = sections(source)
    if not found:
        problems.append("CHANGELOG.md has no section \"## [VERSION] - YYYY-MM-DD\"")
    else:
        if found[0][0] != version:
            problems.append("CHANGELOG.md's newest section is %s, include/urns/version.hpp says %s"
                            % (found[0][0], version))
        key = [tuple(int(x) for x in v.split(".")) for v, _, _ in found]
        if key != sorted(key, reverse=True) or len(set(key)) != len(key):
            problems.append("CHANGELOG.md's versions are not newest first, each once: %s"
                            % ", ".join(v for v, _, _ in found))
        dates = [d for _, d, _ in found]
        if dates != sorted(dates, reverse=True):
            problems.append("CHANGELOG.md's dates are not newest first: %s" % ", ".join(dates))
        for v, _, subsections in found:
            for name, lines in subsections:
                if name is not None and name not in SUBSECTIONS:
                    problems.append("CHANGELOG.md [%s]: subsection \"%s\" is none of %s"
                                    % (v, name, ", ".join(SUBSECTIONS)))
                if name is not None and not items(lines):
                    problems.append("CHANGELOG.md [%s]: subsection %s is empty" % (v, name))
    made = debian(source, DEFAULT_MAINTAINER)
    for line in made.splitlines():
        if len(line) > 80:
            problems.append("the Debian changelog has a line over 80 columns: %s" % line)
    # The Python package's version, as pip and the wheel see it.
    out = subprocess.run([sys.executable, "setup.py", "--version"], cwd=source, capture_output=True, text=True)
    py_version = out.stdout.strip().splitlines()[-1] if out.returncode == 0 and out.stdout.strip() else None
    if py_version != version:
        problems.append("setup.py --version says %r (exit %d), include/urns/version.hpp %s: %s"
                        % (py_version, out.returncode, version, out.stderr.strip()[-300:]))
    if python_module:
        probe = "import sys; sys.path.insert(0, sys.argv[1]); import urns; print(urns.__version__)"
        out = subprocess.run([sys.executable, "-c", probe, python_module], capture_output=True, text=True)
        if out.returncode != 0 or out.stdout.strip() != version:
            problems.append("the built module urns (%s) says __version__ %r: %s"
                            % (python_module, out.stdout.strip(), out.stderr.strip()[-300:]))
    if debian_file:
        opener = gzip.open if debian_file.endswith(".gz") else open
        with opener(debian_file, "rt", encoding="utf-8") as f:
            text = f.read()
        first = text.splitlines()[0] if text else ""
        if first != "urns (%s) unstable; urgency=medium" % version:
            problems.append("%s starts \"%s\", not with version %s" % (debian_file, first, version))
        m = re.search(r"^ -- (.*?)  ", text, re.M)
        if not m or text != debian(source, m.group(1)):
            problems.append("%s is not what CHANGELOG.md makes (reconfigure the build)" % debian_file)
    for p in problems:
        print("changelog: FAILED: " + p)
    if not problems:
        print("changelog: ok: version %s in include/urns/version.hpp, CHANGELOG.md (%d versions), setup.py%s%s"
              % (version, len(found), ", the module" if python_module else "",
                 ", the Debian changelog" if debian_file else ""))
    return 1 if problems else 0


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    d = sub.add_parser("debian")
    d.add_argument("source")
    d.add_argument("out")
    d.add_argument("--maintainer", default=DEFAULT_MAINTAINER)
    c = sub.add_parser("check")
    c.add_argument("source")
    c.add_argument("--debian")
    c.add_argument("--python-module")
    a = p.parse_args()
    if a.command == "debian":
        text = debian(a.source, a.maintainer)
        with open(a.out, "w", encoding="utf-8") as f:
            f.write(text)
        return 0
    return check(a.source, a.debian, a.python_module)


if __name__ == "__main__":
    sys.exit(main())
