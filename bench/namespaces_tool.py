#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""`urn check --namespaces` on URNs of every shipped namespace: the time per
URN of the namespaces checked by their ABNF (the ABNF engine's automaton)
against that of the X3 namespaces, on URNs of the same lengths.

usage: namespaces_tool.py URN_BINARY SOURCE_DIR [--lines N] [--runs N] [--json FILE]

Each namespace of grammar/nss/ (its header's nid, check and root) whose
check is "grammar" (the ABNF group) or "x3" (the X3 group; opaque ones
have no rule to time) gives URNs "urn:NID:NSS": valid NSSs (`urn abnf
generate --rfc3986` from its file, the header's root) and near misses
(`--invalid`), kept where RFC 8141's generic syntax accepts the URN, so
that a rejection is the namespace's. `urn check --syntax rfc8141
--namespaces` labels each URN accepted or rejected.

The URNs fall in length buckets (of the whole URN, in bytes). Each
bucket's file of a group has N lines (default 200,000), nine in ten
accepted, one in ten rejected; within each, the lengths are matched
between the groups 4 bytes at a time (both files draw the same number of
lines of each 4-byte length step, as many as the smaller group has distinct
URNs of that length allows), and each line comes from a namespace drawn
at random among those of the group with URNs of that length, then one of
its URNs. A group's "all" file holds every bucket's lines, shuffled; "both"
holds the two groups' "all" files, shuffled: the corpus mixing every
namespace.

Then, RUNS times (default 5) each, the groups alternating:

    urn check -q -j1 --syntax rfc8141 --namespaces FILE

output and errors to /dev/null, the file in the page cache; the best CPU
time (user + system) of each. The time per URN is the best CPU time less
that of a file of one accepted URN of each namespace of the group (the
process's start and the lazy compilation of the namespaces' grammars,
reported apart), over the lines. The ratio is ABNF / X3 (at most 2 is the
target, bench/README.md). With --json, the figures are also written to
FILE, with the CPU model, the date and SOURCE_DIR's commit, for
bench/results.py.
"""
import datetime
import json
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from abnf_tool import cpu_model, cpu_time  # noqa: E402

# (label, shortest, longest) of a URN, in bytes.
BUCKETS = [("up to 24", 0, 24), ("25-40", 25, 40), ("41-64", 41, 64), ("65-100", 65, 100)]
STEP = 4
GROUPS = ("abnf", "x3")
# A file of grammar/nss/ that another's grammar uses.
WITH = {"ietf": ["ietf-params-scim.abnf"]}


def header(path):
    keys = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line[:1].isalpha():
                break
            if line.startswith(";; "):
                key, _, value = line[3:].partition(":")
                keys[key.strip()] = value.strip()
    return keys


def namespaces(src):
    """(nid, group, file, root) of each shipped namespace with a rule."""
    folder = os.path.join(src, "grammar", "nss")
    out = []
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".abnf"):
            continue
        keys = header(os.path.join(folder, name))
        group = {"grammar": "abnf", "x3": "x3"}.get(keys.get("check"))
        if keys.get("nid") and group and keys.get("root"):
            out.append((keys["nid"], group, os.path.join(folder, name), keys["root"]))
    return out


def generate(urn, src, nid, grammar, root, count, invalid):
    cmd = [urn, "abnf", "generate", "--rfc3986", grammar, root, "-n", str(count), "--seed", "8141",
           "--max-length", "96"]
    for w in WITH.get(nid, []):
        cmd += ["--with", os.path.join(src, "grammar", "nss", w)]
    if invalid:
        cmd.append("--invalid")
    out = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout
    prefix = b"urn:" + nid.encode() + b":"
    return sorted({prefix + s for s in out.split(b"\n") if s})


def accepted(urn, lines, path, extra):
    """The lines `urn check --syntax rfc8141 EXTRA` accepts."""
    with open(path, "wb") as f:
        f.write(b"\n".join(lines) + b"\n")
    out = subprocess.run([urn, "check", "--syntax", "rfc8141"] + extra + [path], stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL).stdout
    return {line.split(b"  ", 1)[0] for line in out.split(b"\n") if line}


def bucket_of(n):
    for label, lo, hi in BUCKETS:
        if lo <= n <= hi:
            return label
    return None


def corpus_files(pools, lines, rng):
    """{bucket: {group: lines}}: per bucket, the same number of lines of each
    (label, 4-byte length step) in both groups."""
    files = {}
    for label, lo, hi in BUCKETS:
        # (status, step) -> {group: {nid: [urn]}}
        cells = {}
        for group in GROUPS:
            for nid, by_status in pools[group].items():
                for status, urns in by_status.items():
                    for u in urns:
                        if lo <= len(u) <= hi:
                            cells.setdefault((status, len(u) // STEP), {g: {} for g in GROUPS})[group] \
                                .setdefault(nid, []).append(u)
        weight = {status: {} for status in ("accepted", "rejected")}
        for (status, step), by_group in cells.items():
            w = min(sum(len(v) for v in by_group[g].values()) for g in GROUPS)
            if w:
                weight[status][step] = w
        if not weight["accepted"]:
            continue
        share = {"accepted": 0.9 if weight["rejected"] else 1.0, "rejected": 0.1 if weight["rejected"] else 0.0}
        counts = {}
        for status, steps in weight.items():
            total = sum(steps.values())
            for step, w in steps.items():
                counts[(status, step)] = int(round(lines * share[status] * w / total))
        files[label] = {}
        for group in GROUPS:
            out = []
            for key, n in sorted(counts.items()):
                by_nid = cells[key][group]
                nids = sorted(by_nid)
                for _ in range(n):
                    out.append(rng.choice(by_nid[rng.choice(nids)]))
            rng.shuffle(out)
            files[label][group] = out
    return files


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        print(__doc__)
        return 2
    urn, src = os.path.abspath(args[0]), args[1]
    lines, runs, json_path = 200000, 5, None
    i = 2
    while i < len(args):
        if args[i] == "--lines":
            lines = int(args[i + 1])
        elif args[i] == "--runs":
            runs = int(args[i + 1])
        elif args[i] == "--json":
            json_path = args[i + 1]
        else:
            raise SystemExit("unknown argument " + args[i])
        i += 2
    print("CPU: " + cpu_model())
    rng = random.Random(8141)
    pools = {g: {} for g in GROUPS}
    base = {g: [] for g in GROUPS}
    with tempfile.TemporaryDirectory(prefix="urns-namespaces-tool-") as tmp:
        scratch = os.path.join(tmp, "probe.txt")
        for nid, group, grammar, root in namespaces(src):
            made = generate(urn, src, nid, grammar, root, 3000, False) + \
                generate(urn, src, nid, grammar, root, 1000, True)
            generic = sorted(accepted(urn, made, scratch, []))
            if not generic:
                continue
            ok = accepted(urn, generic, scratch, ["--namespaces"])
            pools[group][nid] = {"accepted": [u for u in generic if u in ok],
                                 "rejected": [u for u in generic if u not in ok]}
            base[group].append((pools[group][nid]["accepted"] or generic)[0])
        ok_all = {u for g in GROUPS for by in pools[g].values() for u in by["accepted"]}
        files = corpus_files(pools, lines, rng)
        every = {g: [u for label in files for u in files[label][g]] for g in GROUPS}
        for g in GROUPS:
            rng.shuffle(every[g])
        both = every["abnf"] + every["x3"]
        rng.shuffle(both)

        def write(name, content):
            path = os.path.join(tmp, name + ".txt")
            with open(path, "wb") as f:
                f.write(b"\n".join(content) + b"\n")
            return path

        cmd = [urn, "check", "-q", "-j1", "--syntax", "rfc8141", "--namespaces"]
        start = {}
        for g in GROUPS + ("both",):
            path = write("base-" + g, base["abnf"] + base["x3"] if g == "both" else base[g])
            start[g] = min(cpu_time(cmd + [path]) for _ in range(runs))
        rows = [(label, files[label]) for label, _, _ in BUCKETS if label in files]
        rows.append(("all", every))
        print("%-9s %5s %9s %9s %12s %12s %7s" % ("length", "group", "lines", "mean len", "namespaces",
                                                  "ns per URN", "ratio"))
        records = []
        for label, by_group in rows:
            rec = {"bucket": label}
            for g in GROUPS:
                content = by_group[g]
                rec[g] = {"lines": len(content), "bytes": sum(len(u) + 1 for u in content),
                          "namespaces": len({u.split(b":")[1] for u in content}),
                          "rejected": sum(u not in ok_all for u in content) / len(content)}
            paths = {g: write(label.replace(" ", "-") + "-" + g, by_group[g]) for g in GROUPS}
            best = {g: float("inf") for g in GROUPS}
            for _ in range(runs):
                for g in GROUPS:
                    best[g] = min(best[g], cpu_time(cmd + [paths[g]]))
            for g in GROUPS:
                rec[g]["cpu_s"] = best[g]
                rec[g]["ns_per_urn"] = max(0.0, best[g] - start[g]) / rec[g]["lines"] * 1e9
                print("%-9s %5s %9d %9.1f %12d %12.1f" % (label, g, rec[g]["lines"],
                                                           rec[g]["bytes"] / rec[g]["lines"] - 1,
                                                           rec[g]["namespaces"], rec[g]["ns_per_urn"]))
            r = rec["abnf"]["ns_per_urn"] / rec["x3"]["ns_per_urn"] if rec["x3"]["ns_per_urn"] > 0 else None
            print("%-9s %5s %60s" % (label, "", "ratio ABNF / X3: %s" % ("%.2f" % r if r else "n/a")))
            records.append(rec)
        path = write("both", both)
        best_both = min(cpu_time(cmd + [path]) for _ in range(runs))
        mixed = {"lines": len(both), "bytes": sum(len(u) + 1 for u in both), "cpu_s": best_both,
                 "namespaces": len({u.split(b":")[1] for u in both}),
                 "ns_per_urn": max(0.0, best_both - start["both"]) / len(both) * 1e9}
        print("both groups mixed: %d lines, %d namespaces, %.1f ns per URN" % (
            mixed["lines"], mixed["namespaces"], mixed["ns_per_urn"]))
    if json_path:
        commit = subprocess.run(["git", "-C", src, "rev-parse", "--short", "HEAD"], stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, universal_newlines=True).stdout.strip()
        context = {"cpu": cpu_model(), "commit": commit or None, "lines": lines, "runs": runs,
                   "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
                   "namespaces": {g: sorted(pools[g]) for g in GROUPS},
                   "start_cpu_s": start}
        with open(json_path, "w", encoding="utf-8") as f:
            json.dump({"context": context, "buckets": records, "both": mixed}, f, indent=1)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
