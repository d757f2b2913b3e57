#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Cost of the ABNF engine on hostile input, through the `urn` command:
time linear in the input, memory a constant plus the line, a verdict
always (docs/abnf.md, "Limits").

usage: abnf_complexity.py URN_BINARY [CASE...]

Matching: ten regular grammars, among them s = *( *"x" ) "y", ten nested
*(, and RFC 5031's service rule, each given to `urn check --namespace` and
run on one URN line whose NSS is n and 8n bytes long, 8n up to 64 MB. The
CPU time at 8n must be at most MAX_RATIO times that at n; the peak RSS at
most MATCH_BASE_KIB plus MATCH_FACTOR times the line (the line is read
whole); the status 0 or 1 as the case says (a verdict: never 2, undecided).

Compiling: grammars of 1 MB and 8 MB with `urn abnf check`: a chain of
rules each naming the next (written forwards and backwards), a
left-recursive chain, one rule of a huge alternation, rules of groups
nested as deep as docs/abnf.md allows, a line of undefined rules. The CPU
time at 8 MB at most MAX_RATIO times that at 1 MB, the peak RSS at most
COMPILE_BASE_KIB plus COMPILE_FACTOR times the grammar, and the output at
most OUTPUT_BYTES (the diagnostics are bounded).

Runs with complexity.py's run_once and retries (a load that slows one run
passes; a cost that grows faster than the input fails every time).
URNS_COMPLEXITY_SCALE divides the sizes; URNS_COMPLEXITY_NO_RSS=1 skips
the memory bounds (a sanitizer's shadow memory).
"""

import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import complexity  # noqa: E402

MAX_RATIO = 12.0
MIB = 1 << 20
# Matching: the line, read whole, and the automaton's tables.
MATCH_BASE_KIB = 48 * 1024
MATCH_FACTOR = 2
# Compiling: the texts' trees, the flattened grammar, the analyses.
COMPILE_BASE_KIB = 32 * 1024
COMPILE_FACTOR = 120
OUTPUT_BYTES = 256 * 1024
SCALE = int(os.environ.get("URNS_COMPLEXITY_SCALE", "1"))
NO_RSS = os.environ.get("URNS_COMPLEXITY_NO_RSS") == "1"

SERVICE = b"""service      = top-level *("." sub-service)
top-level    = let-dig [ *25let-dig-hyp let-dig ]
sub-service  = let-dig [ *let-dig-hyp let-dig ]
let-dig-hyp  = let-dig / "-"
let-dig      = ALPHA / DIGIT
"""


def repeat(piece, n):
    return (piece * (n // len(piece) + 1))[:n]


# (name, grammar, make(n) -> NSS bytes, expected status, n at 1x)
MATCHES = [
    ("ambiguous *(*x) y, no y", b's = *( *"x" ) "y"\n', lambda n: b"x" * n, 1, 8 * MIB),
    ("ambiguous *(*x) y, y", b's = *( *"x" ) "y"\n', lambda n: b"x" * (n - 1) + b"y", 0, 8 * MIB),
    ("ten nested *(", b's = ' + b"*( " * 10 + b'"x"' + b" )" * 10 + b"\n", lambda n: b"x" * n, 0, 8 * MIB),
    ("RFC 5031 service", SERVICE, lambda n: b"sos" + b".a1-b2" * (n // 6), 0, 8 * MIB),
    ("RFC 5031 service, bad end", SERVICE, lambda n: b"sos" + b".a1-b2" * (n // 6) + b"-", 1, 8 * MIB),
    ("overlapping alternatives", b's = *( "a" / "ab" / "abc" / "b" )\n', lambda n: repeat(b"abc", n), 0, 8 * MIB),
    ("MRN-like OID and OSS", b'mrn = OID ":" OSS\nOID = alphanum 0*20( alphanum / "-" ) alphanum\n'
     b'OSS = 1*( pchar / "/" )\nalphanum = ALPHA / DIGIT\n', lambda n: b"iala:" + b"aton/%41b:" * (n // 10), 0,
     8 * MIB),
    ("bounded inside unbounded", b's = *( 0*3"a" 0*3"b" ) "c"\n', lambda n: repeat(b"aabbb", n - 1) + b"c", 0, 8 * MIB),
    ("chain: uuid-like", b'u = 1*( 8HEXDIG "-" 4HEXDIG "-" )\n', lambda n: b"0123abcd-ef01-" * (n // 14), 0,
     8 * MIB),
    ("over budget: simulated", b's = *( "a" / "b" ) "a" 20( "a" / "b" )\n',
     lambda n: repeat(b"ab", n - 21) + b"a" + b"b" * 20, 0, MIB // 2),
]


def rules_until(size, rule):
    """rule(0), rule(1), ... until `size` bytes; the rules and how many."""
    out, total, i = [], 0, 0
    while total < size:
        r = rule(i)
        out.append(r)
        total += len(r)
        i += 1
    return out, i


def chain_forward(size):
    out, i = rules_until(size, lambda i: b'r%d = "x" r%d\n' % (i, i + 1))
    return b"".join(out) + b'r%d = "x"\n' % i


def chain_backward(size):
    out, i = rules_until(size, lambda i: b'r%d = "x" r%d\n' % (i + 1, i + 2))
    return b'r0 = "x" r1\n' + b"".join(reversed(out)) + b'r%d = "x"\n' % (i + 1)


def left_recursive(size):
    out, i = rules_until(size, lambda i: b'r%d = r%d "x"\n' % (i, i + 1))
    return b"".join(out) + b"r%d = r0\n" % i


def alternation(size):
    parts, _ = rules_until(size, lambda i: b'"a%d" / ' % i)
    return b"r = " + b"".join(parts) + b'"z"\n'


def nested(size):
    line = b"(" * 499 + b'"x"' + b")" * 499
    out, i = rules_until(size, lambda i: b"r%d = %s\n" % (i, line))
    # The first rule names the others, so that none is unused.
    return b"top = " + b" / ".join(b"r%d" % k for k in range(i)) + b"\n" + b"".join(out)


def undefined(size):
    names, _ = rules_until(size, lambda i: b"u%d " % i)
    return b"r = " + b"".join(names) + b"\n"


# (name, make(size) -> grammar bytes, expected status of `urn abnf check`)
COMPILES = [
    ("chain of rules, forwards", chain_forward, 0),
    ("chain of rules, backwards", chain_backward, 0),
    ("left-recursive chain", left_recursive, 1),
    ("huge alternation", alternation, 0),
    ("groups nested 499 deep", nested, 0),
    ("a line of undefined rules", undefined, 1),
]


def measure(label, args, small, big, want, base_kib, factor, size_big, failures, rows, output_bound=None):
    full = args
    t1, _, s1 = complexity.best(full, small, False)
    t8, m8, s8 = complexity.best(full, big, False)
    ratio = t8 / max(t1, 0.005)
    for _ in range(complexity.RETRIES):
        if ratio <= MAX_RATIO or t8 <= 0.05:
            break
        u1, _, v1 = complexity.best(full, small, False)
        u8, _, v8 = complexity.best(full, big, False)
        t1, t8, s1, s8 = min(t1, u1), min(t8, u8), s1 | v1, s8 | v8
        ratio = t8 / max(t1, 0.005)
    rows.append((label, t1, t8, ratio, m8))
    if s1 | s8 != {want}:
        failures.append("%s: status %s, expected %d" % (label, sorted(s1 | s8), want))
    if ratio > MAX_RATIO and t8 > 0.05:
        failures.append("%s: %.3f s at n, %.3f s at 8n: %.1f times (at most %g)" % (label, t1, t8, ratio, MAX_RATIO))
    bound = base_kib + factor * size_big // 1024
    if not NO_RSS and m8 > bound:
        failures.append("%s: peak RSS %d KiB for %d bytes: over %d KiB (%d x the input + %d KiB)" %
                        (label, m8, size_big, bound, factor, base_kib))


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    complexity.URN = os.path.abspath(sys.argv[1])
    only = set(sys.argv[2:])
    failures, rows = [], []
    with tempfile.TemporaryDirectory(prefix="urn-abnf-complexity-") as tmp:
        grammar = os.path.join(tmp, "g.abnf")
        for name, text, make, want, n in MATCHES:
            if only and name not in only:
                continue
            n = max(64, n // SCALE)
            with open(grammar, "wb") as f:
                f.write(text)
            small, big = os.path.join(tmp, "small.txt"), os.path.join(tmp, "big.txt")
            for path, size in ((small, n), (big, 8 * n)):
                with open(path, "wb") as f:
                    f.write(b"urn:tt:" + make(size) + b"\n")
            max_line = (os.path.getsize(big) + MIB - 1) // MIB * MIB
            args = ["check", "-q", "-j1", "--syntax", "rfc8141", "--namespace", "tt=" + grammar, "--max-line",
                    str(max_line)]
            measure("match %s (%d MB)" % (name, 8 * n // MIB), args, small, big, want, MATCH_BASE_KIB, MATCH_FACTOR,
                    os.path.getsize(big), failures, rows)
        for name, make, want in COMPILES:
            if only and name not in only:
                continue
            size = max(4096, MIB // SCALE)
            small, big = os.path.join(tmp, "small.abnf"), os.path.join(tmp, "big.abnf")
            with open(small, "wb") as f:
                f.write(make(size))
            with open(big, "wb") as f:
                f.write(make(8 * size))
            label = "compile %s (%d KB)" % (name, os.path.getsize(big) // 1024)
            measure(label, ["abnf", "check"], small, big, want, COMPILE_BASE_KIB, COMPILE_FACTOR,
                    os.path.getsize(big), failures, rows)
            # The diagnostics stay bounded whatever the grammar's size.
            import subprocess
            p = subprocess.run([complexity.URN, "abnf", "check", big], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            if len(p.stdout) + len(p.stderr) > OUTPUT_BYTES:
                failures.append("%s: %d bytes of output (at most %d)" % (label, len(p.stdout) + len(p.stderr),
                                                                         OUTPUT_BYTES))
    print("%-62s %8s %8s %7s %10s" % ("case", "t(n) s", "t(8n) s", "ratio", "RSS(8n) KiB"))
    for label, t1, t8, ratio, m8 in rows:
        print("%-62s %8.3f %8.3f %7.2f %10d" % (label, t1, t8, ratio, m8))
    for f in failures:
        print("FAIL: " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
