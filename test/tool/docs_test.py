#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Tests of the manual pages and shell completions that the build makes
from urn's --help texts (tools/urn/gen_docs.py): every page renders with
`man -l` without a warning, every option and command of the --help texts
appears in its page, and the bash completion completes commands, options
and option values as the --help texts list them (run in bash, as the
completion framework calls it). The options are read here from the help
texts by this file's own pattern, not by the generator's code.

usage: docs_test.py URN_BINARY GENERATED_DIR
"""

import os
import re
import signal
import subprocess
import sys

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL " + what)


def help_of(urn, *args):
    p = subprocess.run([urn] + list(args) + ["--help"], stdout=subprocess.PIPE, timeout=60)
    assert p.returncode == 0
    return p.stdout.decode()


def option_names(help_text):
    """Every -x and --long-name at the start of an option line."""
    names = []
    for line in help_text.splitlines():
        if line.startswith("  -"):
            names += re.findall(r"(?<![\w-])(--?[A-Za-z][\w-]*)", line.split("  ")[1] if line.count("  ") > 1
                                else line)
    return names


def render(page):
    env = dict(os.environ, MANWIDTH="200", LC_ALL="C.UTF-8", MAN_KEEP_FORMATTING="")
    p = subprocess.run(["man", "--warnings", "-l", page], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       env=env, timeout=60)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def complete(script, words):
    """COMPREPLY of the bash completion for the words (the last one is being
    completed)."""
    prog = ('source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMPREPLY=(); _urn; '
            'printf "%s\\n" "${COMPREPLY[@]}"')
    p = subprocess.run(["bash", "-c", prog, "bash", script] + words, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=60, cwd=os.path.dirname(script))
    assert p.returncode == 0 and not p.stderr, p.stderr
    return set(x for x in p.stdout.decode().split("\n") if x)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    signal.alarm(250)
    urn, gen = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    top = help_of(urn)
    commands = re.findall(r"^  ([a-z]+)  ", top.split("commands:")[1], re.M)
    check(len(commands) == 8, "eight commands in urn --help: %r" % commands)
    pages = {"urn": top}
    pages.update({"urn-" + c: help_of(urn, c) for c in commands})
    man = os.path.join(gen, "man")
    check(sorted(os.listdir(man)) == sorted(p + ".1" for p in pages), "one page per command: %r" % os.listdir(man))
    for page, text in pages.items():
        status, shown, warnings = render(os.path.join(man, page + ".1"))
        check(status == 0 and warnings == "", "%s.1 renders without warnings: %d %r" % (page, status, warnings))
        flat = " ".join(shown.split())
        check(flat.startswith(page.upper() + "(1)"), "%s.1 is titled %s(1): %r" % (page, page.upper(), flat[:40]))
        # urn's own options are in its usage line.
        names = option_names(text) if page != "urn" else re.findall(r"(--?[A-Za-z]+)", text.splitlines()[0])
        check(len(names) >= 2, "%s: options found in --help" % page)
        for n in names:
            check(re.search(r"(?<![\w-])%s(?![\w-])" % re.escape(n), flat) is not None,
                  "%s.1 shows %s" % (page, n))
        for c in commands:
            check(("urn-%s(1)" % c) in flat, "%s.1 refers to urn-%s(1)" % (page, c))
        if page == "urn":
            for c in commands:
                check(re.search(r"(?<![\w-])%s(?![\w-])" % c, flat) is not None, "urn.1 lists %s" % c)

    comp = os.path.join(gen, "completions")
    bash = os.path.join(comp, "urn.bash")
    check(complete(bash, ["urn", ""]) >= set(commands) | {"--help", "--version"}, "urn <TAB>: the commands")
    check(complete(bash, ["urn", "ex"]) == {"explain", "extract"}, "urn ex<TAB>")
    check(complete(bash, ["urn", "help", "n"]) == {"normalize"}, "urn help n<TAB>")
    for c in commands:
        names = set(option_names(pages["urn-" + c]))
        check(complete(bash, ["urn", c, "-"]) == names, "urn %s -<TAB>: every option of its --help" % c)
        for n in names:
            if n.startswith("--"):
                got = complete(bash, ["urn", c, n[:-1]])
                check(n in got and all(g.startswith(n[:-1]) for g in got), "urn %s %s<TAB>" % (c, n[:-1]))
    check(complete(bash, ["urn", "check", "--syntax", ""]) == {"rfc2141", "rfc2141bis", "rfc8141"},
          "--syntax values")
    check(complete(bash, ["urn", "extract", "--color", "a"]) == {"auto", "always"}, "--color values")
    check(complete(bash, ["urn", "normalize", "--mode", "rfc2141bis"]) == {"rfc2141bis-5a", "rfc2141bis-5b"},
          "--mode values (the modes section of normalize --help)")
    here = os.path.dirname(os.path.abspath(__file__))
    got = complete(bash, ["urn", "check", "-f", os.path.join(here, "docs_te")])
    check(got == {os.path.join(here, "docs_test.py")}, "-f FILE completes file names: %r" % got)

    # zsh and fish are not run here; their files name every option.
    for name in ("_urn", "urn.fish"):
        text = open(os.path.join(comp, name)).read()
        for c in commands:
            for n in option_names(pages["urn-" + c]):
                bare = n.lstrip("-")
                check(re.search(r"(?<![\w-])-{0,2}%s(?![\w-])" % re.escape(bare), text) is not None,
                      "%s names %s of %s" % (name, n, c))
    print("%s" % ("FAILED: %d" % len(failures) if failures else "ok: pages %d, commands %d" %
                  (len(pages), len(commands))))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
