#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""`urn check --namespaces` with a namespace from its ABNF file against the
same namespace compiled in (X3): the throughput of each, per namespace.

usage: abnf_tool.py URN_BINARY SOURCE_DIR [--lines N] [--runs N] [--json FILE] [--only NID...]

For each namespace compiled in with X3 that has grammar/nss/NID.abnf, a
corpus of N lines (default 400,000): "urn:NID:" and an NSS, nine in ten
valid ones (`urn abnf generate` from the file) and one in ten near misses
(`--invalid`), in a random order, each URN valid in RFC 8141's generic
syntax. Then, RUNS times (default 5) each, alternating:

    urn check -q -j1 --syntax rfc8141 --namespaces FILE                         (X3)
    urn check -q -j1 --syntax rfc8141 --namespaces --namespace NID=NID.abnf FILE (ABNF)

output and errors to /dev/null, the file in the page cache (a namespace
whose .abnf the tool refuses, status 2, is skipped and said so); the best CPU time
(user + system) of each, the throughput in MB/s, and the ratio ABNF / X3 of
throughputs (at least 0.8 is the target, bench/README.md). The CPU model
comes first. With --json, the same figures are also written to FILE, with
the CPU model, the date and SOURCE_DIR's commit, for bench/results.py.
"""
import datetime
import json
import os
import random
import resource
import subprocess
import sys
import tempfile


def cpu_model():
    """The model name, and its family and model as tools/bench.sh names
    them (a virtual machine's model name may say no more than "AMD EPYC")."""
    fields = {}
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                key, _, value = line.partition(":")
                fields.setdefault(key.strip(), value.strip())
    except OSError:
        pass
    if "model name" not in fields:
        return "unknown"
    if "cpu family" in fields and "model" in fields:
        return "%s (family %s model %s)" % (fields["model name"], fields["cpu family"], fields["model"])
    return fields["model name"]


class Refused(Exception):
    """urn check refused its arguments (status 2): the message it wrote."""


def cpu_time(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(os.devnull, "wb") as null:
        p = subprocess.run(cmd, stdout=null, stderr=subprocess.PIPE)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode == 2:
        text = p.stderr.decode("utf-8", "replace")
        errors = [line[line.find("error:"):] for line in text.split("\n") if "error:" in line]
        raise Refused(errors[0] if errors else "status 2")
    if p.returncode not in (0, 1):
        raise SystemExit("%s: status %d" % (" ".join(cmd), p.returncode))
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def strings(urn, grammar, root, count, invalid):
    cmd = [urn, "abnf", "generate", "--rfc3986", grammar, root, "-n", str(count), "--seed", "8141",
           "--max-length", "64"] + (["--invalid"] if invalid else [])
    out = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout
    return [s for s in out.split(b"\n") if s]


def generic_valid(urn, lines, path):
    """The lines RFC 8141's generic syntax accepts."""
    with open(path, "wb") as f:
        f.write(b"\n".join(lines) + b"\n")
    out = subprocess.run([urn, "check", "--syntax", "rfc8141", path], stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL).stdout
    return [line.split(b"  ", 1)[0] for line in out.split(b"\n") if line]


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        print(__doc__)
        return 2
    urn, src = os.path.abspath(args[0]), args[1]
    lines, runs, only, json_path = 400000, 5, set(), None
    i = 2
    while i < len(args):
        if args[i] == "--lines":
            lines = int(args[i + 1])
            i += 2
        elif args[i] == "--runs":
            runs = int(args[i + 1])
            i += 2
        elif args[i] == "--json":
            json_path = args[i + 1]
            i += 2
        elif args[i] == "--only":
            only.update(args[i + 1:])
            break
        else:
            raise SystemExit("unknown argument " + args[i])
    x3 = {"dev", "epc", "epcglobal", "example", "gsma", "ietf", "isan", "isbn", "iso", "issn", "mpeg", "nbn", "nfc",
          "oasis", "ogc", "oid", "publicid", "uuid", "xmpp"}
    print("CPU: " + cpu_model())
    print("%-10s %8s %7s %10s %10s %7s" % ("namespace", "lines", "MB", "X3 MB/s", "ABNF MB/s", "ratio"))
    ratios, records = [], []
    rng = random.Random(5031)
    with tempfile.TemporaryDirectory(prefix="urns-abnf-tool-") as tmp:
        for nid in sorted(x3):
            if only and nid not in only:
                continue
            grammar = os.path.join(src, "grammar", "nss", nid + ".abnf")
            with open(grammar) as f:
                root = next(line.split("=")[0].strip() for line in f if line[:1].isalpha())
            prefix = b"urn:" + nid.encode() + b":"
            scratch = os.path.join(tmp, "probe.txt")
            valid = generic_valid(urn, [prefix + s for s in strings(urn, grammar, root, 2000, False)], scratch)
            near = generic_valid(urn, [prefix + s for s in strings(urn, grammar, root, 400, True)], scratch)
            if not valid:
                continue
            corpus = [rng.choice(near) if near and rng.random() < 0.1 else rng.choice(valid) for _ in range(lines)]
            path = os.path.join(tmp, nid + ".txt")
            with open(path, "wb") as f:
                f.write(b"\n".join(corpus) + b"\n")
            size = os.path.getsize(path)
            base = [urn, "check", "-q", "-j1", "--syntax", "rfc8141", "--namespaces"]
            with_abnf = base + ["--namespace", "%s=%s" % (nid, grammar)]
            best_x3 = best_abnf = float("inf")
            try:
                for _ in range(runs):
                    best_x3 = min(best_x3, cpu_time(base + [path]))
                    best_abnf = min(best_abnf, cpu_time(with_abnf + [path]))
            except Refused as e:
                print("%-10s skipped: %s" % (nid, e))
                records.append({"nid": nid, "skipped": str(e)})
                continue
            mb = size / 1e6
            ratio = best_x3 / best_abnf  # throughput ABNF / X3
            ratios.append(ratio)
            records.append({"nid": nid, "lines": lines, "bytes": size, "x3_cpu_s": best_x3, "abnf_cpu_s": best_abnf})
            print("%-10s %8d %7.1f %10.1f %10.1f %7.2f" % (nid, lines, mb, mb / best_x3, mb / best_abnf, ratio))
    if ratios:
        ratios.sort()
        print("ratio: min %.2f, median %.2f; at least 0.8: %d of %d" %
              (ratios[0], ratios[len(ratios) // 2], sum(r >= 0.8 for r in ratios), len(ratios)))
    if json_path:
        commit = subprocess.run(["git", "-C", src, "rev-parse", "--short", "HEAD"], stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, universal_newlines=True).stdout.strip()
        context = {"cpu": cpu_model(), "commit": commit or None, "lines": lines, "runs": runs,
                   "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")}
        with open(json_path, "w", encoding="utf-8") as f:
            json.dump({"context": context, "namespaces": records}, f, indent=1)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
