#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""`urn extract` against `rg -o` with a regular expression written for the
same job: the same files, the matches of both as (line, column, text), the
time of both, and every difference sorted by why.

usage: vs_ripgrep.py URN_BINARY FILE... [--runs N] [--rg PATH]

The job is RFC 8141's syntax (`urn extract --syntax rfc8141`: a regular
expression can say RFC 8141's ABNF; the draft's default syntax has a query
grammar a regex says less well). The expression, REGEX below, is RFC 8141
section 2's ABNF as a regular expression (NID of 2 to 32 letters, digits
and inner hyphens; NSS, r-, q- and f-components of pchar, "/", "?" and
percent-encodings), with two habits of link finders that `urn extract`
also has: it must start at a word boundary, and it does not end with the
sentence punctuation . , ; : ! ? ' or ")" (the last character of each
part is drawn from a class without them). What it does not say (section
5.2's informal NIDs "urn-<n>", a "urn:" that continues a scheme such as
"x-urn:", a ")" that closes a "(" of the URN itself, where another URI's
query ends the URN) is where the two differ; the report counts each kind
with examples. bench/vs_ripgrep_cases.txt has one line of each kind.

Timing: each command is run RUNS times (default 5), the two alternating,
output to /dev/null, file in the page cache; the best wall time and the CPU
time (user + system) of that run are reported, and the ratios of urn to rg.
"""
import os
import re
import resource
import subprocess
import sys
import time

PCHAR = r"A-Za-z0-9\-._~!$&'()*+,;=:@"         # unreserved, sub-delims, ":" and "@"
END = r"A-Za-z0-9\-_~$&(*+=@/"                 # pchar and "/" without . , ; : ! ? ' )
PCT = r"%[0-9A-Fa-f]{2}"


def part(first, more, one):
    """One component: a first character of class `first`, then characters
    of `more`, the last not sentence punctuation; or a single character of
    class `one`. (The longer form is the first alternative: the engine
    takes the first that matches.)"""
    return r"(?:(?:[%s]|%s)(?:[%s]|%s)*(?:[%s]|%s)|[%s]|%s)" % (first, PCT, more, PCT, END, PCT, one, PCT)


END_FIRST = r"A-Za-z0-9\-_~$&(*+=@"             # END without "/"

REGEX = (r"\b(?i:urn):[A-Za-z0-9][A-Za-z0-9-]{0,30}[A-Za-z0-9]:"
         + part(PCHAR, PCHAR + "/", END_FIRST)
         + r"(?:\?\+" + part(PCHAR, PCHAR + "/?", END_FIRST) + ")?"
         + r"(?:\?=" + part(PCHAR, PCHAR + "/?", END_FIRST) + ")?"
         + r"(?:#" + part(PCHAR + "/?", PCHAR + "/?", END) + ")?")


def run_timed(argv):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    with open(os.devnull, "wb") as null:
        status = subprocess.run(argv, stdout=null).returncode
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if status not in (0, 1):
        sys.exit("%s: status %d" % (" ".join(argv), status))
    return wall, cpu


def matches(argv, pattern):
    """(line, column, text) of every match; `pattern` reads one output line."""
    out = subprocess.run(argv, stdout=subprocess.PIPE, check=False).stdout
    found = []
    for line in out.split(b"\n"):
        if line:
            m = pattern.match(line)
            found.append((int(m.group(1)), int(m.group(2)), m.group(3)))
    return found


def why(kind, ours, theirs, text_line):
    """The reason for one difference, from what the two found there."""
    if kind == "regex only":
        before = text_line[theirs[1] - 2:theirs[1] - 1] if theirs[1] > 1 else b""
        t = theirs[2].lower()
        if before and before in b"+-.":
            return "regex: 'urn:' continues a scheme (%r before it)" % before.decode()
        if re.match(rb"urn:urn-", t):
            return "regex: a NID 'urn-' not followed by a number (RFC 8141 5.2: InformalNamespaceName)"
        return "regex: other"
    if kind == "urns only":
        return "urns only: a URN the regex does not find"
    a, b = ours[2], theirs[2]
    if b.startswith(a):
        extra = b[len(a):]
        if extra[:1] in (b"&", b"#", b"?"):
            return "regex longer: the URN is a value in another URI's query (urns stops at %r)" % extra[:1].decode()
        return "regex longer: other (%r)" % extra[:12].decode("latin-1")
    if a.startswith(b):
        extra = a[len(b):]
        if extra[:1] == b")":
            return "regex shorter: a ')' closing a '(' of the URN"
        return "regex shorter: punctuation inside the URN (%r)" % extra[:12].decode("latin-1")
    return "both, differently"


def main():
    args = sys.argv[1:]
    runs, rg = 5, "rg"
    if "--runs" in args:
        i = args.index("--runs")
        runs = int(args[i + 1])
        del args[i:i + 2]
    if "--rg" in args:
        i = args.index("--rg")
        rg = args[i + 1]
        del args[i:i + 2]
    if len(args) < 2:
        sys.exit(__doc__)
    urn, files = args[0], args[1:]
    cpu_model = "unknown"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu_model = line.split(":", 1)[1].strip()
                break
    print("CPU: %s, %d processors; %s" % (cpu_model, os.cpu_count(),
                                          subprocess.run([rg, "--version"], stdout=subprocess.PIPE,
                                                         text=True).stdout.splitlines()[0]))
    print("regex: %s\n" % REGEX)
    print("| file | bytes | urn extract: matches | rg -o: matches | same | urn wall s | rg wall s | "
          "wall urn/rg | urn CPU s | rg CPU s | CPU urn/rg |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    reasons = {}
    for path in files:
        urn_cmd = [urn, "extract", "--syntax", "rfc8141", "-j", "1", path]
        rg_cmd = [rg, "-o", "-n", "--column", "--no-filename", "--no-heading", "--color", "never", "-a",
                  "-e", REGEX, path]
        ours = matches(urn_cmd, re.compile(rb"^.*?:(\d+):(\d+): (.*)$"))
        theirs = matches(rg_cmd, re.compile(rb"^(\d+):(\d+):(.*)$"))
        # Best wall time of RUNS, the two alternating.
        best = {"urn": (1e9, 0), "rg": (1e9, 0)}
        for _ in range(runs):
            for name, cmd in (("urn", urn_cmd), ("rg", rg_cmd)):
                wall, cpu = run_timed(cmd)
                if wall < best[name][0]:
                    best[name] = (wall, cpu)
        a = {(l, c): t for l, c, t in ours}
        b = {(l, c): t for l, c, t in theirs}
        same = sum(1 for k in a if b.get(k) == a[k])
        lines = None
        for key in sorted(set(a) | set(b)):
            if a.get(key) == b.get(key):
                continue
            if lines is None:
                with open(path, "rb") as f:
                    lines = f.read().split(b"\n")
            text_line = lines[key[0] - 1]
            if key not in b:
                kind, o, t = "urns only", (key[0], key[1], a[key]), None
            elif key not in a:
                kind, o, t = "regex only", None, (key[0], key[1], b[key])
            else:
                kind, o, t = "both", (key[0], key[1], a[key]), (key[0], key[1], b[key])
            r = why(kind, o, t, text_line)
            entry = reasons.setdefault(r, [0, []])
            entry[0] += 1
            if len(entry[1]) < 3:
                entry[1].append("%s:%d:%d: urn %s | rg %s" % (
                    os.path.basename(path), key[0], key[1],
                    a.get(key, b"-").decode("latin-1")[:70], b.get(key, b"-").decode("latin-1")[:70]))
        uw, uc = best["urn"]
        rw, rc = best["rg"]
        print("| %s | %d | %d | %d | %d | %.3f | %.3f | %.2f | %.3f | %.3f | %.2f |" % (
            os.path.basename(path), os.path.getsize(path), len(ours), len(theirs), same, uw, rw, uw / rw,
            uc, rc, uc / rc if rc else 0))
    print("\nDifferences (urn extract --syntax rfc8141 is right in each; counts over all files):\n")
    for r, (n, examples) in sorted(reasons.items(), key=lambda kv: -kv[1][0]):
        print("- %s: %d" % (r, n))
        for e in examples:
            print("    %s" % e)
    return 0


if __name__ == "__main__":
    sys.exit(main())
