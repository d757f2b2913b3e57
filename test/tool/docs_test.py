#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Tests of the manual pages and shell completions that the build makes
from urn's --help texts (tools/urn/gen_docs.py): every page renders with
`man -l` without a warning and has the sections people read man for
(SYNOPSIS, OPTIONS, EXIT STATUS, ENVIRONMENT, FILES, EXAMPLES, SEE ALSO of
the other pages), every option and command of the --help texts appears in
its page, every exit status of a help text in the page's EXIT STATUS and
every docs/... file it names in FILES; the bash completion completes
commands, options and option values as the --help texts list them, as
--opt VALUE and as --opt=VALUE (run in bash, as the completion framework
calls it). The options are read here from the help
texts by this file's own pattern, not by the generator's code.

usage: docs_test.py URN_BINARY GENERATED_DIR
"""

SECTIONS = ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXIT STATUS", "ENVIRONMENT", "FILES", "EXAMPLES",
            "SEE ALSO"]

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


def sections(shown):
    """{heading: text} of a rendered page (headings start a line, in capitals)."""
    out, name = {}, None
    for line in shown.splitlines():
        if re.fullmatch(r"[A-Z][A-Z ]+", line):
            name = line
            out[name] = ""
        elif name:
            out[name] += line + "\n"
    return {k: " ".join(v.split()) for k, v in out.items()}


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
    check(len(commands) == 9, "nine commands in urn --help: %r" % commands)
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
        secs = sections(shown)
        check([x for x in SECTIONS if x in secs] == SECTIONS and list(secs)[:4] == SECTIONS[:4],
              "%s.1 has the sections %s: %r" % (page, SECTIONS, list(secs)))
        see_also = secs.get("SEE ALSO", "")
        for p in ["urn"] + ["urn-" + c for c in commands]:
            if p == page:
                check(("%s(1)" % p) not in see_also, "%s.1: SEE ALSO leaves out the page itself" % page)
            else:
                check(("%s(1)" % p) in see_also, "%s.1: SEE ALSO names %s(1)" % (page, p))
        if page != "urn":
            options = secs.get("OPTIONS", "")
            for n in names:
                check(re.search(r"(?<![\w-])%s(?![\w-])" % re.escape(n), options) is not None,
                      "%s.1: OPTIONS shows %s" % (page, n))
        # Each status of the help text, and its first word of meaning, in EXIT STATUS.
        statuses = re.findall(r"(?:^|[,;] )([0-9]) (\w+)", " ".join(
            text.split("exit status: ")[1].split("\n\n")[0].split()))
        seen = set()
        for n, word in statuses:
            if n in seen:
                continue
            seen.add(n)
            check(re.search(r"(?:^| )%s %s" % (n, re.escape(word)), secs.get("EXIT STATUS", "")) is not None,
                  "%s.1: EXIT STATUS has %s %s" % (page, n, word))
        check(sorted(seen) == ["0", "1", "2"], "%s: exit statuses 0, 1, 2 in --help: %r" % (page, sorted(seen)))
        for var in ("NO_COLOR", "TERM", "URNS_PLUGINS"):
            check(var in secs.get("ENVIRONMENT", ""), "%s.1: ENVIRONMENT has %s" % (page, var))
        for path in set(re.findall(r"(?<![\w/])docs/[\w./-]*\w", text)):
            check(re.search(r"/doc/urn/%s(?![\w.-])" % re.escape(path), secs.get("FILES", "")) is not None,
                  "%s.1: FILES has %s, named by its --help" % (page, path))
        check(len(secs.get("EXAMPLES", "")) > 40, "%s.1: EXAMPLES" % page)
        if page == "urn":
            for c in commands:
                check(re.search(r"(?<![\w-])%s(?![\w-])" % c, flat) is not None, "urn.1 lists %s" % c)

    comp = os.path.join(gen, "completions")
    bash = os.path.join(comp, "urn.bash")
    check(complete(bash, ["urn", ""]) >= set(commands) | {"--help", "--version"}, "urn <TAB>: the commands")
    check(complete(bash, ["urn", "ex"]) == {"explain", "extract"}, "urn ex<TAB>")
    check(complete(bash, ["urn", "help", "n"]) == {"namespaces", "normalize"}, "urn help n<TAB>")
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
    # --opt=VALUE, as bash splits it with "=" in COMP_WORDBREAKS (--opt = VALUE;
    # the current word is "=" while VALUE is empty) and without (one word).
    check(complete(bash, ["urn", "extract", "--color", "="]) == {"auto", "always", "never"}, "--color=<TAB>")
    check(complete(bash, ["urn", "extract", "--color", "=", "a"]) == {"auto", "always"}, "--color=a<TAB>")
    check(complete(bash, ["urn", "extract", "--color=a"]) == {"--color=auto", "--color=always"},
          "--color=a<TAB> as one word")
    check(complete(bash, ["urn", "check", "--syntax", "=", "rfc2141b"]) == {"rfc2141bis"}, "--syntax=rfc2141b<TAB>")
    check(complete(bash, ["urn", "normalize", "--mode=rfc2141bis"]) ==
          {"--mode=rfc2141bis-5a", "--mode=rfc2141bis-5b"}, "--mode=rfc2141bis<TAB> as one word")
    got = complete(bash, ["urn", "check", "--file", "=", os.path.join(here, "docs_te")])
    check(got == {os.path.join(here, "docs_test.py")}, "--file=FILE completes file names: %r" % got)
    got = complete(bash, ["urn", "check", "--file=" + os.path.join(here, "docs_te")])
    check(got == {"--file=" + os.path.join(here, "docs_test.py")}, "--file=FILE as one word: %r" % got)
    check(complete(bash, ["urn", "check", "--json", "="]) == set(), "--json=<TAB>: nothing (no value)")
    # Every option with listed values, in every command, in both forms.
    for c in commands:
        for line in pages["urn-" + c].splitlines():
            m = re.match(r"  (?:-\w, )?(--[\w-]+) ([A-Z]+)  ", line)
            if not m:
                continue
            values = complete(bash, ["urn", c, m.group(1), ""])
            check(complete(bash, ["urn", c, m.group(1), "="]) == values, "urn %s %s=<TAB>" % (c, m.group(1)))
            if values and not any("/" in v for v in values):
                check(complete(bash, ["urn", c, m.group(1) + "="]) == {m.group(1) + "=" + v for v in values},
                      "urn %s %s=<TAB> as one word" % (c, m.group(1)))

    # zsh and fish are not run here; their files name every option, and
    # zsh's takes a long option's value after "=" too (fish does by itself).
    zsh = open(os.path.join(comp, "_urn")).read()
    for c in commands:
        for line in pages["urn-" + c].splitlines():
            m = re.match(r"  (?:-\w, )?(--[\w-]+) [A-Z]", line)
            if m:
                check((m.group(1) + "=") in zsh, "_urn: %s= (%s)" % (m.group(1), c))
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
