#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Makes the manual pages and the shell completions of `urn` from the one
place its commands and options are written down: the --help texts of the
built binary (`urn --help`, `urn COMMAND --help`).

usage: gen_docs.py URN_BINARY OUT_DIR

Writes OUT_DIR/man/urn.1 and OUT_DIR/man/urn-COMMAND.1 (help2man renders
each --help text; `man urn check` finds urn-check), and
OUT_DIR/completions/urn.bash, _urn (zsh) and urn.fish.

An option is a line of a help text that starts with two spaces and "-":
"  -f, --file FILE  read URNs from FILE" (short name, long name, and a
value when an upper-case word follows). A value's choices are the words
listed in its description ("rfc2141bis (default), rfc2141 or rfc8141";
"...: auto, always, never"), or the first words of the lines of a section
whose heading names the option ("modes (--mode; ...):"); a FILE or PATH
value completes file names. The tool reads its options the same way
(tools/urn/common.cpp, options_in_help), so the three cannot disagree.
"""

import os
import re
import shutil
import subprocess
import sys


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
            elif re.fullmatch(r"[A-Z][A-Z_-]*", w):
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


def man_pages(binary, commands, out):
    """help2man over each --help text; subcommand pages renamed urn-NAME."""
    os.makedirs(out, exist_ok=True)
    help2man = shutil.which("help2man")
    if help2man is None:
        sys.exit("gen_docs.py: help2man not found (Debian package help2man)")
    see_also = os.path.join(out, "see-also.h2m")
    with open(see_also, "w") as f:
        f.write("[SEE ALSO]\n" + ",\n".join(r"\fBurn\fR(1)" if n is None else r"\fBurn\-%s\fR(1)" % n
                                            for n in [None] + [c for c, _ in commands]) + "\n")
    version = run(binary, "--version").split()[-1]
    pages = [("urn", "parse, check, normalize, compare and find Uniform Resource Names", "--help")]
    pages += [("urn-" + c, s, c + " --help") for c, s in commands]
    for page, summary, help_option in pages:
        p = subprocess.run([help2man, "--no-info", "--no-discard-stderr", "--section=1",
                            "--version-string=" + version, "--help-option=" + help_option,
                            "--name=" + summary, "--include=" + see_also, binary],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60,
                           env=dict(os.environ, LC_ALL="C.UTF-8"))
        if p.returncode != 0:
            sys.exit("gen_docs.py: help2man %s: %s" % (page, p.stderr.decode()))
        text = p.stdout.decode()
        # help2man names the page after the binary; a subcommand's is urn-NAME.
        binary_name = os.path.basename(binary)
        text = re.sub(r'^\.TH "?%s"? ' % re.escape(binary_name.upper()), '.TH %s ' % page.upper().replace("-", "\\-"),
                      text, count=1, flags=re.M)
        text = re.sub(r"^%s \\- " % re.escape(binary_name), page.replace("-", "\\-") + r" \\- ",
                      text, count=1, flags=re.M)
        with open(os.path.join(out, page + ".1"), "w") as f:
            f.write(text)
    os.remove(see_also)


def sh_quote(s):
    return "'" + s.replace("'", "'\\''") + "'"


def bash_completion(commands, opts):
    lines = ["# bash completion for urn, made by tools/urn/gen_docs.py from urn's --help",
             "# SPDX-License-Identifier: BSL-1.0",
             "_urn() {",
             "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}",
             "    COMPREPLY=()",
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
    for c, _ in commands:
        lines.append("    %s)" % c)
        lines.append("        case $prev in")
        for o in opts[c]:
            if not o.value:
                continue
            pattern = "|".join(o.names())
            if o.choices:
                lines.append("        %s) COMPREPLY=($(compgen -W %s -- \"$cur\")); return ;;" %
                             (pattern, sh_quote(" ".join(o.choices))))
            elif takes_file(o):
                lines.append("        %s) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;" % pattern)
            else:
                lines.append("        %s) return ;;" % pattern)
        lines.append("        esac")
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
            desc = zsh_escape(o.text.split(";")[0])
            action = ""
            if o.value:
                if o.choices:
                    action = ":%s:(%s)" % (o.value, " ".join(o.choices))
                elif takes_file(o):
                    action = ":%s:_files" % o.value
                else:
                    action = ":%s: " % o.value
            group = "(%s)" % " ".join(o.names()) if len(o.names()) > 1 else ""
            if len(o.names()) > 1:
                specs.append("'%s'{%s}'[%s]%s'" % (group, ",".join(o.names()), desc, action))
            else:
                specs.append("'%s[%s]%s'" % (o.names()[0], desc, action))
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
            parts += ["-d", fish_escape(o.text.split(";")[0])]
            lines.append(" ".join(parts))
        lines.append("complete -c urn -n %s -F" % cond)
    lines.append("")
    return "\n".join(lines)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]
    commands = commands_of(run(binary, "--help"))
    if not commands:
        sys.exit("gen_docs.py: no commands in urn --help")
    opts = {c: options_of(run(binary, c, "--help")) for c, _ in commands}
    man_pages(binary, commands, os.path.join(out, "man"))
    comp = os.path.join(out, "completions")
    os.makedirs(comp, exist_ok=True)
    for name, text in (("urn.bash", bash_completion(commands, opts)), ("_urn", zsh_completion(commands, opts)),
                       ("urn.fish", fish_completion(commands, opts))):
        with open(os.path.join(comp, name), "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
