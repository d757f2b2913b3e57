#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Tests of the documents' command lines: every `$ urn ...` command of
README.md and every `$ ...` command of docs/cli.md, run as written, gives
the output shown (a "..." line standing for lines left out).

usage: readme_test.py URN_BINARY SOURCE_DIR

Exit status 0 if every test passed (urntest.main).
"""

import os
import subprocess
import sys

sys.dont_write_bytecode = True  # before importing urntest: no __pycache__ in the source tree
import urntest
from urntest import SRC, TMP, URN, Run, expect, test


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


@test
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


@test
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


@test
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


if __name__ == "__main__":
    sys.exit(urntest.main(globals()))
