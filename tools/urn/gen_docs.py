#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Makes the manual pages and the shell completions of `urn` from the one
place its commands and options are written down: the --help texts of the
built binary (`urn --help`, `urn COMMAND --help`).

usage: gen_docs.py URN_BINARY OUT_DIR [DOC_DIR]

Writes OUT_DIR/man/urn.1 and OUT_DIR/man/urn-COMMAND.1 (help2man renders
each --help text; `man urn check` finds urn-check), and
OUT_DIR/completions/urn.bash, _urn (zsh) and urn.fish. DOC_DIR (default
/usr/share/doc/urn) is where the tool's documentation is installed: the
pages' FILES name the docs/... files of the --help texts there.

A page's sections: SYNOPSIS (the help text's "usage:"), DESCRIPTION,
OPTIONS (its "options:"), EXIT STATUS (its "exit status:" paragraph), FILES
(the docs/... files it names, and those of tools/urn/man/common.h2m),
ENVIRONMENT (common.h2m), EXAMPLES (tools/urn/man/PAGE.h2m) and SEE ALSO
(the other pages). The include files of tools/urn/man/ hold only what the
help texts do not say.

An option is a line of a help text that starts with two spaces and "-":
"  -f, --file FILE  read URNs from FILE" (short name, long name, and a
value when an upper-case word follows). A value's choices are the words
listed in its description ("rfc2141bis (default), rfc2141 or rfc8141";
"...: auto, always, never"), or the first words of the lines of a section
whose heading names the option ("modes (--mode; ...):"); a FILE or PATH
value completes file names. The tool reads its options the same way
(tools/urn/command_line.cpp), so the three cannot disagree.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile


def run(binary, *args):
    p = subprocess.run([binary] + list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    if p.returncode != 0:
        sys.exit("gen_docs.py: %s %s exited with %d: %s" % (binary, " ".join(args), p.returncode,
                                                           p.stderr.decode()))
    return p.stdout.decode()


def commands_of(top_help):
    """(name, summary) for each line of the "commands:" section."""
    out, inside = [], False
    for line in top_help.splitlines():
        if line == "commands:":
            inside = True
        elif inside and line.startswith("  "):
            name, summary = line.strip().split(None, 1)
            out.append((name, summary.strip()))
        elif inside:
            break
    return out


class Option:
    def __init__(self, short, long, value, text):
        self.short, self.long, self.value, self.text = short, long, value, text
        self.choices = []

    def names(self):
        return [n for n in (self.short, self.long) if n]


def options_of(help_text):
    """The options of a help text, each with its description (the rest of
    its line and the more indented lines after it)."""
    lines = help_text.splitlines()
    opts = []
    for i, line in enumerate(lines):
        if not line.startswith("  -"):
            continue
        synopsis, _, text = line[2:].partition("  ")
        short = long = value = ""
        for w in re.split(r"[ ,]+", synopsis.strip()):
            if w.startswith("--"):
                long, _, v = w.partition("=")
                value = v or value
            elif re.fullmatch(r"-[A-Za-z0-9]", w):
                short = w
            elif re.fullmatch(r"[A-Z][A-Z_-]*(?:=[A-Z\[\]:_-]+)?", w):  # N, NID=FILE[:ROOT]
                value = w
        text = [text.strip()] if text.strip() else []
        for more in lines[i + 1:]:
            if more.startswith("   ") and not more.strip().startswith("-"):
                text.append(more.strip())
            else:
                break
        opts.append(Option(short, long, value, " ".join(text)))
    for o in opts:
        o.choices = choices_of(o, help_text)
    return opts


def choices_of(o, help_text):
    if not o.value:
        return []
    # A section whose heading names the option: its lines' first words.
    lines = help_text.splitlines()
    for i, line in enumerate(lines):
        if not line.startswith(" ") and o.long and "(" + o.long in line and line.rstrip().endswith(":"):
            words = []
            for more in lines[i + 1:]:
                m = re.match(r"  ([a-z][a-z0-9-]*)  ", more)
                if m:
                    words.append(m.group(1))
                elif not more.startswith("   "):
                    break
            return words
    # A list in the description: "a, b or c", after any "...:".
    text = re.sub(r"\([^)]*\)", "", o.text).split(";")[0]
    text = text.split(":")[-1]
    items = [x.strip() for x in re.split(r",| or ", text)]
    if len(items) >= 2 and all(re.fullmatch(r"[a-z][a-z0-9-]*", x) for x in items):
        return items
    return []


def takes_file(o):
    return o.value in ("FILE", "PATH")


def exit_statuses(help_text):
    """[(status, meaning)] of the help text's "exit status:" paragraph
    ("exit status: 0 all valid, 1 some input invalid, 2 usage or I/O
    error"): each status is the next number in order (0, 1, 2) after the
    start or a "," or ";", so a later "with -q, 0 as soon as ..." stays in
    the meaning of the status before it."""
    m = re.search(r"^exit status: (.*?)(?:\n\n|\Z)", help_text, re.S | re.M)
    if not m:
        return []
    text = " ".join(m.group(1).split())
    out, pos, want = [], 0, 0
    while True:
        found = re.compile(r"(?:^|[,;] )(%d) " % want).search(text, pos)
        if not found:
            break
        if out:
            out[-1][1] = text[pos:found.start()]
        out.append([want, ""])
        pos, want = found.end(), want + 1
    if out:
        out[-1][1] = text[pos:]
    return [(n, t.strip()) for n, t in out]


def roff(s):
    """Text as a roff line: backslashes doubled, hyphens of option names
    escaped, no leading dot or quote."""
    s = s.replace("\\", "\\e").replace("-", "\\-")
    return ("\\&" + s) if s[:1] in (".", "'") else s


def for_help2man(help_text):
    """The help text as help2man reads it: "Usage:" and "Options:" (its
    section names), and without the exit status paragraph, which becomes
    the section EXIT STATUS."""
    text = re.sub(r"^usage: ", "Usage: ", help_text, count=1, flags=re.M)
    text = re.sub(r"^options:$", "Options:", text, flags=re.M)
    text = re.sub(r"^exit status: .*?(?:\n\n|\Z)", "", text, flags=re.S | re.M)
    return text.rstrip("\n") + "\n"


def doc_paths(help_text):
    """The documentation files a help text names (docs/...)."""
    return sorted(set(p.rstrip(".") for p in re.findall(r"(?<![\w/])docs/[\w./-]*\w", help_text)))


def man_pages(binary, commands, out, doc_dir):
    """help2man over each --help text, with the include files of
    tools/urn/man/ (ENVIRONMENT, FILES, EXAMPLES: what --help does not
    say) and the sections made here from the help text (EXIT STATUS, the
    documentation files it names in FILES) and from the list of commands
    (SEE ALSO: the other pages). Subcommand pages are renamed urn-NAME."""
    os.makedirs(out, exist_ok=True)
    help2man = shutil.which("help2man")
    if help2man is None:
        sys.exit("gen_docs.py: help2man not found (Debian package help2man)")
    includes = os.path.join(os.path.dirname(os.path.abspath(__file__)), "man")
    version = run(binary, "--version").split()[-1]
    pages = [("urn", "parse, check, normalize, compare and find Uniform Resource Names", [])]
    pages += [("urn-" + c, s, [c]) for c, s in commands]
    all_pages = [p for p, _, _ in pages]
    work = tempfile.mkdtemp(prefix="gen_docs.")
    try:
        for page, summary, args in pages:
            help_text = run(binary, *(args + ["--help"]))
            # help2man runs a program: one that prints the help text as it reads it.
            wrapper_dir = os.path.join(work, page)
            os.makedirs(wrapper_dir)
            with open(os.path.join(wrapper_dir, "help.txt"), "w") as f:
                f.write(for_help2man(help_text))
            wrapper = os.path.join(wrapper_dir, "urn")
            with open(wrapper, "w") as f:
                f.write("#!/bin/sh\nexec cat %s\n" % sh_quote(os.path.join(wrapper_dir, "help.txt")))
            os.chmod(wrapper, 0o755)
            made = ["[EXIT STATUS]"]
            for status, meaning in exit_statuses(help_text):
                made += [".TP", "\\fB%d\\fR" % status, roff(meaning)]
            if len(made) == 1:
                sys.exit("gen_docs.py: no exit status paragraph in the help text of %s" % page)
            made += ["[FILES]"]
            for path in doc_paths(help_text):
                made += [".TP", "\\fI%s\\fR" % roff(os.path.join(doc_dir, path)),
                         "named by \\fB%s\\fR as %s" % (roff(" ".join(["urn"] + args + ["--help"])), roff(path))]
            made += ["[SEE ALSO]", ",\n".join(r"\fB%s\fR(1)" % p.replace("-", "\\-")
                                             for p in all_pages if p != page)]
            generated = os.path.join(wrapper_dir, "generated.h2m")
            with open(generated, "w") as f:
                f.write("\n".join(made) + "\n")
            include_args = []
            for name in ("common.h2m", page + ".h2m"):
                src = os.path.join(includes, name)
                if not os.path.exists(src):
                    sys.exit("gen_docs.py: %s not found" % src)
                with open(src) as f:
                    text = f.read().replace("@DOCDIR@", roff(doc_dir))
                dst = os.path.join(wrapper_dir, name)
                with open(dst, "w") as f:
                    f.write(text)
                include_args.append("--include=" + dst)
            include_args.append("--include=" + generated)
            p = subprocess.run([help2man, "--no-info", "--section=1", "--version-string=" + version,
                                "--name=" + summary] + include_args + [wrapper],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60,
                               env=dict(os.environ, LC_ALL="C.UTF-8"))
            if p.returncode != 0:
                sys.exit("gen_docs.py: help2man %s: %s" % (page, p.stderr.decode()))
            text = p.stdout.decode()
            # help2man names the page after the program; a subcommand's is urn-NAME.
            text = re.sub(r'^\.TH "?URN"? ', '.TH %s ' % page.upper().replace("-", "\\-"), text, count=1, flags=re.M)
            text = re.sub(r"^urn \\- ", page.replace("-", "\\-") + r" \\- ", text, count=1, flags=re.M)
            with open(os.path.join(out, page + ".1"), "w") as f:
                f.write(text)
    finally:
        shutil.rmtree(work)


def sh_quote(s):
    return "'" + s.replace("'", "'\\''") + "'"


def bash_completion(commands, opts):
    lines = ["# bash completion for urn, made by tools/urn/gen_docs.py from urn's --help",
             "# SPDX-License-Identifier: BSL-1.0",
             "_urn() {",
             "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} prefix= eq=",
             "    COMPREPLY=()",
             "    # --opt=VALUE. With \"=\" in COMP_WORDBREAKS (bash's default) it is three",
             "    # words, --opt = VALUE, and readline completes the part after \"=\"",
             "    # (the current word is \"=\" itself while VALUE is empty); without it,",
             "    # one word, whose replies keep their \"--opt=\".",
             "    if [[ $cur == = && $prev == --* ]]; then",
             "        cur= eq=1",
             "    elif [[ $prev == = && ${COMP_WORDS[COMP_CWORD-2]} == --* ]] && (( COMP_CWORD > 2 )); then",
             "        prev=${COMP_WORDS[COMP_CWORD-2]} eq=1",
             "    elif [[ $cur == --*=* ]]; then",
             "        prev=${cur%%=*} prefix=${cur%%=*}= cur=${cur#*=} eq=1",
             "    fi",
             "    if (( COMP_CWORD == 1 )); then",
             "        COMPREPLY=($(compgen -W %s -- \"$cur\"))" %
             sh_quote(" ".join([c for c, _ in commands] + ["help", "-h", "--help", "-V", "--version"])),
             "        return",
             "    fi",
             "    case ${COMP_WORDS[1]} in",
             "    help)",
             "        (( COMP_CWORD == 2 )) && COMPREPLY=($(compgen -W %s -- \"$cur\"))" %
             sh_quote(" ".join(c for c, _ in commands)),
             "        return ;;"]
    with_prefix = 'COMPREPLY=("${COMPREPLY[@]/#/$prefix}")'
    for c, _ in commands:
        lines.append("    %s)" % c)
        lines.append("        case $prev in")
        for o in opts[c]:
            if not o.value:
                continue
            pattern = "|".join(o.names())
            if o.choices:
                lines.append("        %s) COMPREPLY=($(compgen -W %s -- \"$cur\")); %s; return ;;" %
                             (pattern, sh_quote(" ".join(o.choices)), with_prefix))
            elif takes_file(o):
                lines.append("        %s) COMPREPLY=($(compgen -f -- \"$cur\")); %s; return ;;" %
                             (pattern, with_prefix))
            else:
                lines.append("        %s) return ;;" % pattern)
        lines.append("        esac")
        # --opt= of an option without a value, or of an unknown one: nothing.
        lines.append("        [[ -n $eq ]] && return")
        names = " ".join(n for o in opts[c] for n in o.names())
        lines.append("        if [[ $cur == -* ]]; then")
        lines.append("            COMPREPLY=($(compgen -W %s -- \"$cur\"))" % sh_quote(names))
        lines.append("        else")
        lines.append("            COMPREPLY=($(compgen -f -- \"$cur\"))")
        lines.append("        fi ;;")
    lines += ["    esac", "}", "complete -o filenames -F _urn urn", ""]
    return "\n".join(lines)


def zsh_escape(s):
    return s.replace("\\", "\\\\").replace("'", "'\\''").replace("[", "\\[").replace("]", "\\]").replace(":", "\\:")


def zsh_message(s):
    """A value's message in an _arguments spec (--opt=[...]:MESSAGE:ACTION),
    in single quotes: a ":" in it would end it (NID=FILE[:ROOT])."""
    return s.replace("\\", "\\\\").replace("'", "'\\''").replace(":", "\\:")


def summary(text):
    """An option's description up to its first ";" outside parentheses."""
    depth = 0
    for i, ch in enumerate(text):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if ch == ";" and depth == 0:
            return text[:i]
    return text


def zsh_completion(commands, opts):
    lines = ["#compdef urn",
             "# zsh completion for urn, made by tools/urn/gen_docs.py from urn's --help",
             "# SPDX-License-Identifier: BSL-1.0",
             "_urn() {",
             "    local -a commands",
             "    commands=(" + " ".join("'%s:%s'" % (c, zsh_escape(s)) for c, s in commands) + ")",
             "    if (( CURRENT == 2 )); then",
             "        _describe -t commands 'urn command' commands",
             "        return",
             "    fi",
             "    local cmd=$words[2]",
             "    shift words",
             "    (( CURRENT-- ))",
             "    case $cmd in",
             "    help) _describe -t commands 'urn command' commands ;;"]
    for c, _ in commands:
        specs = []
        for o in opts[c]:
            desc = zsh_escape(summary(o.text))
            action = ""
            if o.value:
                if o.choices:
                    action = ":%s:(%s)" % (zsh_message(o.value), " ".join(o.choices))
                elif takes_file(o):
                    action = ":%s:_files" % zsh_message(o.value)
                else:
                    action = ":%s: " % zsh_message(o.value)
            group = "(%s)" % " ".join(o.names()) if len(o.names()) > 1 else ""
            # A value may follow in the same word: -fFILE (-f+), --file=FILE
            # (--file=), or in the next one.
            spelled = [n + ("=" if n.startswith("--") else "+") if o.value else n for n in o.names()]
            if len(o.names()) > 1:
                specs.append("'%s'{%s}'[%s]%s'" % (group, ",".join(spelled), desc, action))
            else:
                specs.append("'%s[%s]%s'" % (spelled[0], desc, action))
        specs.append("'*:file:_files'")
        lines.append("    %s) _arguments -s \\\n        %s ;;" % (c, " \\\n        ".join(specs)))
    lines += ["    esac", "}", "_urn \"$@\"", ""]
    return "\n".join(lines)


def fish_escape(s):
    return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'"


def fish_completion(commands, opts):
    names = " ".join(c for c, _ in commands)
    lines = ["# fish completion for urn, made by tools/urn/gen_docs.py from urn's --help",
             "# SPDX-License-Identifier: BSL-1.0",
             "complete -c urn -f"]
    for c, s in commands:
        lines.append("complete -c urn -n '__fish_use_subcommand' -a %s -d %s" % (c, fish_escape(s)))
    lines.append("complete -c urn -n '__fish_seen_subcommand_from help' -a %s" % fish_escape(names))
    lines.append("complete -c urn -n '__fish_use_subcommand' -s V -l version -d 'print the version'")
    for c, _ in commands:
        cond = "'__fish_seen_subcommand_from %s'" % c
        for o in opts[c]:
            parts = ["complete -c urn -n", cond]
            if o.short:
                parts += ["-s", o.short[1:]]
            if o.long:
                parts += ["-l", o.long[2:]]
            if o.value:
                if o.choices:
                    parts += ["-x", "-a", fish_escape(" ".join(o.choices))]
                elif takes_file(o):
                    parts += ["-r", "-F"]
                else:
                    parts += ["-x"]
            parts += ["-d", fish_escape(summary(o.text))]
            lines.append(" ".join(parts))
        lines.append("complete -c urn -n %s -F" % cond)
    lines.append("")
    return "\n".join(lines)


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]
    doc_dir = sys.argv[3] if len(sys.argv) == 4 else "/usr/share/doc/urn"
    commands = commands_of(run(binary, "--help"))
    if not commands:
        sys.exit("gen_docs.py: no commands in urn --help")
    opts = {c: options_of(run(binary, c, "--help")) for c, _ in commands}
    man_pages(binary, commands, os.path.join(out, "man"), doc_dir)
    comp = os.path.join(out, "completions")
    os.makedirs(comp, exist_ok=True)
    for name, text in (("urn.bash", bash_completion(commands, opts)), ("_urn", zsh_completion(commands, opts)),
                       ("urn.fish", fish_completion(commands, opts))):
        with open(os.path.join(comp, name), "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
