#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Writes a large file of URNs, one a line, for timing the `urn` command
(docs/cli.md). Deterministic (fixed seed); about SIZE megabytes.

usage: gen_corpus.py OUTPUT [SIZE_MB=100] [--invalid-every N] [--prose [--urn-every N]]

With --prose, URNs are embedded in English-like text (for `urn extract`),
one a line, or with --urn-every N one in N lines (the others text alone).
"""
import random
import sys


def urns(rnd):
    hexd = "0123456789abcdef"
    while True:
        k = rnd.randrange(10)
        if k < 3:
            u = "".join(rnd.choice(hexd) for _ in range(32))
            yield "urn:uuid:%s-%s-%s-%s-%s" % (u[:8], u[8:12], u[12:16], u[16:20], u[20:])
        elif k < 5:
            yield "urn:isbn:978%010d" % rnd.randrange(10 ** 10)
        elif k == 5:
            yield "urn:ietf:rfc:%d" % rnd.randrange(1, 9999)
        elif k == 6:
            yield "urn:oid:1.3.6.1.4.1.%d.%d" % (rnd.randrange(65536), rnd.randrange(100))
        elif k == 7:
            yield "urn:nbn:de:%d-%d" % (rnd.randrange(1000), rnd.randrange(10 ** 12))
        elif k == 8:
            yield "urn:example:a%02X%s,z%d" % (rnd.randrange(256), "".join(rnd.choice("abcxyz") for _ in range(8)),
                                               rnd.randrange(10 ** 6))
        else:
            yield "URN:ISSN:%04d-%04d?s=I2L&c=ToC#p%d" % (rnd.randrange(10000), rnd.randrange(10000), rnd.randrange(99))


WORDS = ("the urn of a name is resolved by a library which keeps the record and "
         "returns it when asked; see also: uniform resource names (and identifiers)").split()


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    invalid_every = 0
    if "--invalid-every" in sys.argv:
        invalid_every = int(sys.argv[sys.argv.index("--invalid-every") + 1])
        args.remove(str(invalid_every))
    prose = "--prose" in sys.argv
    urn_every = 1
    if "--urn-every" in sys.argv:
        urn_every = int(sys.argv[sys.argv.index("--urn-every") + 1])
        args.remove(str(urn_every))
    if not args:
        print(__doc__, file=sys.stderr)
        return 2
    target = int(float(args[1]) * 1e6) if len(args) > 1 else 100 * 10 ** 6
    rnd = random.Random(8141)
    gen = urns(rnd)
    written = 0
    n = 0
    chunk = []
    with open(args[0], "w", newline="\n") as f:
        while written < target:
            u = next(gen)
            n += 1
            if invalid_every and n % invalid_every == 0:
                u = u.replace(":", ": ", 2)[:-1]
            if prose:
                for _ in range(urn_every - 1):
                    text = " ".join(rnd.choice(WORDS) for _ in range(rnd.randrange(4, 32)))
                    chunk.append(text)
                    written += len(text) + 1
                line = " ".join(rnd.choice(WORDS) for _ in range(rnd.randrange(4, 20)))
                line += " <%s>, " % u if rnd.randrange(2) else " %s. " % u
                line += " ".join(rnd.choice(WORDS) for _ in range(rnd.randrange(0, 12)))
            else:
                line = u
            chunk.append(line)
            written += len(line) + 1
            if len(chunk) >= 10000:
                f.write("\n".join(chunk) + "\n")
                chunk = []
        if chunk:
            f.write("\n".join(chunk) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
