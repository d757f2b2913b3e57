#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Tests of `urn --plugin` and URNS_PLUGINS: a user namespace built as a
plugin (example/user_namespace, urns_add_plugin) is used by check, parse and
equal with --namespaces; a missing, incompatible, failing or foreign shared
object, or one that repeats a NID, is refused with status 2 and a message
naming it and the cause.

usage: plugin_test.py URN_TOOL ACME_PLUGIN INCOMPATIBLE FAILING NO_ENTRY DUPLICATE
"""
import os
import subprocess
import sys
import tempfile


def run(args, env=None):
    e = dict(os.environ)
    e.pop("URNS_PLUGINS", None)
    if env:
        e.update(env)
    p = subprocess.run(args, capture_output=True, text=True, env=e, timeout=60)
    return p.returncode, p.stdout, p.stderr


def main():
    if len(sys.argv) != 7:
        print(__doc__, file=sys.stderr)
        return 2
    urn, acme, incompatible, failing, no_entry, duplicate = sys.argv[1:]
    failures = []

    def expect(cond, what):
        print(("ok:   " if cond else "FAIL: ") + what)
        if not cond:
            failures.append(what)

    with tempfile.TemporaryDirectory() as d:
        f = os.path.join(d, "tickets.txt")
        with open(f, "w") as out:
            out.write("urn:acme-ticket:CORE-1234\nurn:acme-ticket:CORE-0123\n")

        # Without the plugin both lines are valid URNs (the generic syntax).
        rc, out, err = run([urn, "check", "-q", "--namespaces", f])
        expect(rc == 0, "without the plugin: both tickets valid (status %d)" % rc)

        # With it, the namespace's rule rejects a number that starts with 0,
        # at offset 21, expected "number" (example/user_namespace's grammar).
        for how, args, env in (("--plugin", [urn, "check", "-q", "--namespaces", "--plugin", acme, f], None),
                               ("URNS_PLUGINS", [urn, "check", "-q", "--namespaces", f], {"URNS_PLUGINS": acme})):
            rc, out, err = run(args, env)
            text = out + err
            expect(rc == 1, how + ": status 1 (got %d)" % rc)
            expect("tickets.txt:2:" in text and "offset 21" in text and "(expected number)" in text,
                   how + ": line 2 rejected at 21, expected number: " + text.strip().replace("\n", " | "))
            expect("tickets.txt:1:" not in text, how + ": line 1 accepted")

        # equal --namespaces uses the plugin's fold: project keys ignore case.
        rc, out, err = run([urn, "equal", "--namespaces", "--plugin", acme,
                            "urn:acme-ticket:core-7", "urn:acme-ticket:CORE-7"])
        expect(rc == 0, "equal --namespaces with the plugin: core-7 ~ CORE-7 (status %d)" % rc)
        rc, out, err = run([urn, "equal", "urn:acme-ticket:core-7", "urn:acme-ticket:CORE-7"])
        expect(rc == 1, "equal without it: not equivalent (status %d)" % rc)

        # parse --namespaces: the same fault.
        rc, out, err = run([urn, "parse", "--namespaces", "--plugin", acme, "urn:acme-ticket:CORE-0123"])
        expect(rc == 1 and "offset 21" in out + err, "parse --namespaces --plugin: offset 21 (status %d)" % rc)

        # Refusals: status 2, the path and the cause.
        missing = os.path.join(d, "missing.so")
        for path, cause in ((missing, "cannot open shared object file"),
                            (no_entry, "not a urns plugin: no entry point urns_plugin_entry"),
                            (incompatible, "incompatible: plugin interface"),
                            (failing, "the plugin reports: its configuration file is missing"),
                            (duplicate, "the NID ISBN is already registered")):
            for how, args, env in (("--plugin", [urn, "check", "--namespaces", "--plugin", path, f], None),
                                   ("URNS_PLUGINS", [urn, "check", "--namespaces", f], {"URNS_PLUGINS": path})):
                rc, out, err = run(args, env)
                expect(rc == 2 and ("cannot load plugin " + path) in err and cause in err and out == "",
                       "%s %s: status 2, '%s' (got %d: %s)" % (how, os.path.basename(path), cause, rc, err.strip()))

    print("%d passed, %d failed" % (0 if failures else 1, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
