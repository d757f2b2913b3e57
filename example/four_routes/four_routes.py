#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""One namespace, four routes, one answer.

The acme-ticket namespace (example/user_namespace/acme_ticket.abnf) defined
four ways:
  1. the urn tool's --namespace acme-ticket=acme_ticket.abnf:ticket
  2. Python's urns.Namespace.from_abnf
  3. C++'s urns::nss::from_abnf (from_abnf.cpp)
  4. the X3 transcription as a plugin of the urn tool (acme_ticket.so)
Each is asked about the same NSSs: strings the ABNF generates and near
misses of them (urn abnf generate, and --invalid). The routes must agree on
every one: the verdict, and for a rejected NSS the offset and the set of
names expected there.

usage: four_routes.py URN_TOOL ACME_TICKET_ABNF ACME_TICKET_SO FROM_ABNF_PROGRAM
(the urns Python package on PYTHONPATH)
"""
import json
import subprocess
import sys

import urns

PREFIX = "urn:acme-ticket:"


def run(args, text=None):
    p = subprocess.run(args, input=text, capture_output=True, text=True, timeout=600)
    if p.returncode not in (0, 1):
        sys.exit("four_routes.py: %s: status %d: %s" % (" ".join(args), p.returncode, p.stderr))
    return p.stdout


def from_tool(urn, extra, nsss):
    """The tool's answers: urn check --json on the URNs, one record each."""
    out = run([urn, "check", "--json", "--namespaces"] + extra + ["-"],
              "".join(PREFIX + s + "\n" for s in nsss))
    answers = []
    for line in out.splitlines():
        r = json.loads(line)
        if r["valid"]:
            answers.append("valid")
        else:
            e = r["error"]
            assert e["code"] == "nss_rejected", e
            answers.append((e["offset"] - len(PREFIX), tuple(sorted(e["expected"]))))
    return answers


def main():
    if len(sys.argv) != 5:
        print(__doc__, file=sys.stderr)
        return 2
    urn, abnf_file, plugin, program = sys.argv[1:]
    nsss = []
    for args in (["-n", "400"], ["-n", "1500", "--invalid"], ["-n", "1500", "--invalid", "--seed", "2"]):
        nsss += run([urn, "abnf", "generate", abnf_file, "ticket"] + args).splitlines()
    nsss = sorted(set(nsss))

    routes = {
        "urn --namespace": from_tool(urn, ["--namespace", "acme-ticket=%s:ticket" % abnf_file], nsss),
        "urn --plugin (X3)": from_tool(urn, ["--plugin", plugin], nsss),
    }
    with open(abnf_file) as f:
        ns = urns.Namespace.from_abnf("acme-ticket", f.read(), root="ticket")
    answers = []
    for s in nsss:
        fault = ns.validate(s)
        answers.append("valid" if fault is None else
                       (fault.offset, tuple(sorted((fault.expected,) + fault.also_expected))))
    routes["Python from_abnf"] = answers
    answers = []
    for line in run([program, abnf_file], "".join(s + "\n" for s in nsss)).splitlines():
        if line == "valid":
            answers.append("valid")
        else:
            offset, names = line.split("\t")
            answers.append((int(offset), tuple(names.split(","))))
    routes["C++ from_abnf"] = answers

    failures = 0
    for name, got in routes.items():
        if len(got) != len(nsss):
            print("FAIL: %s answered %d of %d NSSs" % (name, len(got), len(nsss)))
            failures += 1
    reference = routes["urn --namespace"]
    for i, s in enumerate(nsss):
        seen = {name: got[i] for name, got in routes.items() if i < len(got)}
        if len(set(seen.values())) != 1:
            failures += 1
            if failures <= 20:
                print("FAIL: %r: %s" % (s, seen))
    rejected = sum(1 for a in reference if a != "valid")
    print("%d NSSs (%d valid, %d rejected), 4 routes, %d disagreements" %
          (len(nsss), len(nsss) - rejected, rejected, failures))
    return 1 if failures or rejected == 0 or rejected == len(nsss) else 0


if __name__ == "__main__":
    sys.exit(main())
