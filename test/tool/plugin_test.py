#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Tests of `urn --plugin` and URNS_PLUGINS: a user namespace built as a
plugin (example/user_namespace, urns_add_plugin) is used by check, parse and
equal with --namespaces; a missing, incompatible, failing or foreign shared
object, or one that repeats a NID, is refused with status 2 and a message
naming it and the cause.

The policy of where a plugin comes from (urns/nss/plugin_loader.hpp): a
bare name only from the plugin directories, the environment's paths
absolute, none in a set-user-ID run; and the loader's checks of a plugin's
data, on a table drawn at random (plugins/fuzzed.cpp) whose answer this
script works out from the same draw.

usage: plugin_test.py URN_TOOL ACME_PLUGIN INCOMPATIBLE FAILING NO_ENTRY DUPLICATE
                      THROWING UNTRUSTED FUZZED
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile


def run(args, env=None):
    e = dict(os.environ)
    e.pop("URNS_PLUGINS", None)
    e.pop("URNS_PLUGIN_PATH", None)
    if env:
        e.update(env)
    p = subprocess.run(args, capture_output=True, text=True, env=e, timeout=60)
    return p.returncode, p.stdout, p.stderr


def run_in(cwd, args, env=None):
    e = dict(os.environ)
    e.pop("URNS_PLUGINS", None)
    e.pop("URNS_PLUGIN_PATH", None)
    if env:
        e.update(env)
    p = subprocess.run(args, capture_output=True, text=True, env=e, timeout=60, cwd=cwd)
    return p.returncode, p.stdout, p.stderr


def main():
    if len(sys.argv) != 10:
        print(__doc__, file=sys.stderr)
        return 2
    urn, acme, incompatible, failing, no_entry, duplicate, throwing, untrusted, fuzzed = sys.argv[1:]
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
            expect("tickets.txt:2:" in text and "offset 21" in text and "(expected digit-nz)" in text,
                   how + ": line 2 rejected at 21, expected digit-nz: " + text.strip().replace("\n", " | "))
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
        for path, cause in ((missing, "No such file or directory"),
                            (no_entry, "not a urns plugin: no entry point urns_plugin_entry"),
                            (incompatible, "incompatible: plugin interface"),
                            (failing, "the plugin reports: its configuration file is missing"),
                            (duplicate, "the NID ISBN is already registered")):
            for how, args, env in (("--plugin", [urn, "check", "--namespaces", "--plugin", path, f], None),
                                   ("URNS_PLUGINS", [urn, "check", "--namespaces", f], {"URNS_PLUGINS": path})):
                rc, out, err = run(args, env)
                expect(rc == 2 and ("cannot load plugin " + path) in err and cause in err and out == "",
                       "%s %s: status 2, '%s' (got %d: %s)" % (how, os.path.basename(path), cause, rc, err.strip()))

        # One policy for every command: URNS_PLUGINS is read before any
        # command runs, and a bad value is status 2 naming the variable,
        # with -j 1, with -j 2, for a URN argument and for parse and encode.
        for args in (["check", "urn:ex:ab"], ["check", "-j1", f], ["check", "-j2", f], ["parse", "urn:ex:a"],
                     ["encode", "ex", "a"], ["extract", f], ["normalize", "urn:ex:a"]):
            rc, out, err = run([urn] + args, {"URNS_PLUGINS": "/nonexistent.so"})
            expect(rc == 2 and err.startswith("urn: URNS_PLUGINS: cannot load plugin /nonexistent.so:") and
                   "--help" not in err and out == "",
                   "URNS_PLUGINS=/nonexistent.so urn %s: status 2 naming the variable (got %d: %s)" %
                   (" ".join(args), rc, err.strip()))
        rc, out, err = run([urn, "check", "--help"], {"URNS_PLUGINS": "/nonexistent.so"})
        expect(rc == 0 and "usage: urn check" in out, "--help works whatever URNS_PLUGINS says (got %d)" % rc)

        # --plugin and URNS_PLUGINS imply --namespaces: the plugin is applied.
        for how, args, env in (("--plugin", [urn, "check", "-q", "--plugin", acme, f], None),
                               ("URNS_PLUGINS", [urn, "check", "-q", f], {"URNS_PLUGINS": acme})):
            rc, out, err = run(args, env)
            expect(rc == 1 and "tickets.txt:2:" in err and "offset 21" in err,
                   how + " without --namespaces applies the plugin (got %d: %s)" % (rc, err.strip()))
        # and the shipped namespaces with it, as --namespaces does.
        rc, out, err = run([urn, "check", "-q", "--plugin", acme, "urn:uuid:x"])
        expect(rc == 1 and "namespace's own rules" in err, "--plugin applies the shipped namespaces too (got %d)" % rc)

        # Where a plugin comes from. A bare name is looked up only in the
        # plugin directories: never in the current directory, never by
        # dlopen's search (LD_LIBRARY_PATH).
        shutil.copy(acme, os.path.join(d, "mine.so"))
        bad = "urn:acme-ticket:CORE-0123"
        for env in (None, {"LD_LIBRARY_PATH": d}):
            rc, out, err = run_in(d, [urn, "check", "-q", "--plugin", "mine.so", bad], env)
            expect(rc == 2 and "cannot load plugin mine.so: not in the plugin directories" in err and
                   "write ./mine.so" in err,
                   "--plugin mine.so is not taken from the current directory (env %s; got %d: %s)" %
                   (env, rc, err.strip()))
            rc, out, err = run_in(d, [urn, "check", "-q", bad], dict(env or {}, URNS_PLUGINS="mine.so"))
            expect(rc == 2 and "URNS_PLUGINS: cannot load plugin mine.so: not in the plugin directories" in err,
                   "URNS_PLUGINS=mine.so is not taken from the current directory (got %d: %s)" % (rc, err.strip()))
        # A relative path with "/": from the command line, yes (the user
        # typed it); from the environment, no.
        rc, out, err = run_in(d, [urn, "check", "-q", "--plugin", "./mine.so", bad])
        expect(rc == 1 and "offset 21" in err, "--plugin ./mine.so is loaded (got %d: %s)" % (rc, err.strip()))
        rc, out, err = run_in(d, [urn, "check", "-q", bad], {"URNS_PLUGINS": "./mine.so"})
        expect(rc == 2 and "URNS_PLUGINS must be absolute" in err,
               "URNS_PLUGINS=./mine.so is refused (got %d: %s)" % (rc, err.strip()))
        # URNS_PLUGIN_PATH: NAME, then NAME.so, in each directory in order;
        # a relative directory is refused.
        elsewhere = os.path.join(d, "elsewhere")
        os.mkdir(elsewhere)
        for name in ("mine", "mine.so"):
            for how, args, env in (("--plugin", [urn, "check", "-q", "--plugin", name, bad],
                                    {"URNS_PLUGIN_PATH": "/nonexistent:" + d}),
                                   ("URNS_PLUGINS", [urn, "check", "-q", bad],
                                    {"URNS_PLUGIN_PATH": d, "URNS_PLUGINS": name})):
                rc, out, err = run_in(elsewhere, args, env)
                expect(rc == 1 and "offset 21" in err,
                       "%s %s found in URNS_PLUGIN_PATH (got %d: %s)" % (how, name, rc, err.strip()))
        rc, out, err = run_in(d, [urn, "check", "-q", "--plugin", "mine", bad], {"URNS_PLUGIN_PATH": "."})
        expect(rc == 2 and 'URNS_PLUGIN_PATH holds the relative directory "."' in err,
               "a relative URNS_PLUGIN_PATH is refused (got %d: %s)" % (rc, err.strip()))
        # The namespace's origin is the file loaded, absolute.
        rc, out, err = run_in(d, [urn, "namespaces", "--plugin", "./mine.so"])
        expect(rc == 0 and os.path.realpath(os.path.join(d, "mine.so")) in out,
               "urn namespaces names the plugin's absolute file (got %d)" % rc)
        # No plugin at all in a set-user-ID run (AT_SECURE), even from the
        # command line. Needs root (to give the copy another owner), a file
        # system that honours set-user-ID, and a tool built without
        # sanitizers (a set-user-ID process cannot be traced, which
        # LeakSanitizer does at exit).
        if os.environ.get("URNS_TEST_SANITIZED"):
            print("skip: the set-user-ID test (a sanitized build)")
        elif os.geteuid() == 0 and not os.statvfs(d).f_flag & os.ST_NOSUID:
            setuid_urn = os.path.join(d, "urn-setuid")
            shutil.copy(urn, setuid_urn)
            os.chown(setuid_urn, 65534, 65534)
            os.chmod(setuid_urn, 0o4755)
            os.chmod(d, 0o755)
            rc, out, err = run([setuid_urn, "check", "-q", "--plugin", acme, bad])
            expect(rc == 2 and "no plugin is loaded in a set-user-ID or set-group-ID program" in err,
                   "a set-user-ID urn loads no plugin (got %d: %s)" % (rc, err.strip()))
            rc, out, err = run([setuid_urn, "check", "-q", bad], {"URNS_PLUGINS": acme})
            expect(rc == 0, "a set-user-ID urn ignores URNS_PLUGINS (got %d: %s)" % (rc, err.strip()))
        else:
            print("skip: the set-user-ID test needs root and a file system without nosuid")

        # The loader's checks on tables drawn at random: the answer is
        # worked out here from the same draw (plugins/fuzzed.cpp).
        for seed in range(1, 161):
            want = fuzzed_answer(seed)
            rc, out, err = run([urn, "check", "--plugin", fuzzed, "urn:fz0:x"], {"URNS_TEST_FUZZ_SEED": str(seed)})
            if want is None:
                ok = rc == 0 and err == ""
            else:
                ok = rc == 2 and ("cannot load plugin %s: %s" % (fuzzed, want)) in err
            expect(ok, "fuzzed table %d: %s (got %d: %s)" % (seed, want or "loaded", rc, err.strip()[-200:]))

        # The same plugin twice (environment and flag, two names, twice) is loaded once.
        for args, env in (([urn, "check", "--plugin", acme, "--plugin", acme, "urn:acme-ticket:CORE-1"], None),
                          ([urn, "check", "--plugin", acme, "urn:acme-ticket:CORE-1"], {"URNS_PLUGINS": acme}),
                          ([urn, "check", "--plugin", "./mine.so", "--plugin", os.path.join(d, "mine.so"),
                            "urn:acme-ticket:CORE-1"], None)):
            rc, out, err = run_in(d, args, env)
            expect(rc == 0 and err == "", "the same plugin twice is harmless: %s (got %d: %s)" %
                   (" ".join(args[2:]), rc, err.strip()))

        # Code that throws: the entry point (refused, status 2), the
        # validator (caught at the call: status 2 and a message; no abort).
        rc, out, err = run([urn, "check", "--plugin", throwing, "urn:ex:a"], {"URNS_TEST_THROW_ENTRY": "1"})
        expect(rc == 2 and "its entry point threw: boom in the entry point" in err,
               "a throwing entry point: status 2 (got %d: %s)" % (rc, err.strip()))
        for j in ("-j1", "-j2"):
            g = os.path.join(d, "boom.txt")
            with open(g, "w") as out_file:
                out_file.write("urn:throwing:fine\nurn:throwing:boom\n" * 1000)
            for args in (["check", j, g], ["extract", j, g], ["check", "urn:throwing:boom"],
                         ["normalize", j, g]):
                rc, out, err = run([urn] + args + ["--plugin", throwing])
                expect(rc == 2 and "the validator of the NID throwing threw (boom in the validator)" in err,
                       "a throwing validator, urn %s: status 2 and a message (got %d: %s)" %
                       (" ".join(args), rc, err.strip()[-300:]))

        # Data that is not trusted: a NID that is not one is refused; a
        # fault past the NSS is put at its end (SIZE_MAX would wrap); a
        # rule name's control characters are escaped in text.
        rc, out, err = run([urn, "check", "--plugin", untrusted, "urn:ex:a"], {"URNS_TEST_BAD_NID": "1"})
        expect(rc == 2 and '"a b" is not a valid NID' in err, "an invalid NID refused (got %d: %s)" % (rc, err))
        rc, out, err = run([urn, "check", "--plugin", untrusted, "urn:wild:max", "urn:wild:abc", "urn:wild:ok"])
        expect(rc == 1 and err.count("offset 12:") == 2 and "\x1b" not in err and
               "(expected \\x1B[31mred\\x0Arule)" in err and "nid=wild nss=ok" in out,
               "a fault past the NSS at its end (12), the rule name escaped (got %d: %r)" % (rc, err))
        rc, out, err = run([urn, "check", "--json", "--plugin", untrusted, "urn:wild:max"])
        expect(rc == 1 and '"offset":12' in out, "--json: the fault at 12 (got %d: %s)" % (rc, out))
        # A fault that says it holds more names than a fault can: read
        # within bounds, the rest counted, the run fails (status 2).
        rc, out, err = run([urn, "check", "--json", "--plugin", untrusted, "urn:wild:many"])
        rec = json.loads(out.splitlines()[0]).get("error", {}) if out else {}
        expect(rc == 2 and rec.get("expected") == ["first", "second"] and rec.get("expected_left_out") == 999 and
               "holds more names than a fault can" in err,
               "a fault with 1000 names: two kept, 999 counted, status 2 (got %d: %r %r)" % (rc, out, err))
        # Rule names that are not UTF-8 are escaped (valid JSON, no base64),
        # and a name of 1000 bytes is cut at 256.
        rc, out, err = run([urn, "check", "--json", "--plugin", untrusted, "urn:wild:notutf8", "urn:wild:long"])
        recs = [json.loads(x).get("error", {}) for x in out.splitlines()]
        expect(rc == 1 and len(recs) == 2 and recs[0].get("expected") == ["\\xFF\\xFEx", "y\\xC3"] and
               "expected_base64" not in out and recs[1].get("expected") == ["L" * 256 + "..."],
               "names not UTF-8 escaped, a long name cut (got %d: %r)" % (rc, out[:400]))

        # Fields outside the NSS are dropped and make the run fail (status
        # 2, the plugin named); a field's name is escaped in text.
        rc, out, err = run([urn, "parse", "--json", "--plugin", untrusted, "urn:wild:ok"])
        fields = json.loads(out.splitlines()[0]).get("fields") if out else None
        expect(rc == 2 and fields == [{"rule": "whole", "begin": 9, "end": 11, "text": "ok"},
                                      {"rule": "\\x1B[31mfirst", "begin": 9, "end": 10, "text": "o"}] and
               "field lister of the NID wild" in err and "outside the NSS" in err,
               "fields outside the NSS dropped, status 2 (got %d: %r %r)" % (rc, out, err))
        rc, out, err = run([urn, "explain", "--plugin", untrusted, "urn:wild:ok"])
        expect(rc == 2 and "\x1b" not in out and "the NSS's field \\x1B[31mfirst" in out,
               "explain escapes a field's name (got %d: %r)" % (rc, out))

        # A plugin's named fields: the ABNF's names of the example's parts
        # (project "-" number), in `urn parse --json` and `urn explain`.
        ticket = "urn:acme-ticket:CORE-1234"
        rc, out, err = run([urn, "parse", "--json", "--plugin", acme, ticket])
        fields = json.loads(out.splitlines()[0]).get("fields") if rc == 0 else None
        expect(fields == [{"rule": "project", "begin": 16, "end": 20, "text": "CORE"},
                          {"rule": "number", "begin": 21, "end": 25, "text": "1234"}],
               "parse --json shows the plugin's fields (got %d: %s)" % (rc, out))
        rc, out, err = run([urn, "explain", "--plugin", acme, ticket])
        expect(rc == 0 and '  "CORE"\n      the NSS\'s field project' in out and
               '  "1234"\n      the NSS\'s field number' in out,
               "explain shows the plugin's fields (got %d: %s)" % (rc, out))
        rc, out, err = run([urn, "explain", ticket])
        expect(rc == 0 and "the NSS's field" not in out, "without the plugin, no fields (got %d)" % rc)

    print("%d passed, %d failed" % (0 if failures else 1, len(failures)))
    return 1 if failures else 0


class Draw:
    """plugins/fuzzed.cpp's generator: a 64-bit LCG, the high 31 bits."""

    def __init__(self, seed):
        self.state = seed

    def __call__(self, n):
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) % 2**64
        return (self.state >> 33) % n


def fuzzed_answer(seed):
    """What the loader must say of plugins/fuzzed.cpp's table for `seed`
    (the cause after "cannot load plugin PATH: "), or None if it loads: the
    checks in the loader's order (urns/nss/plugin_loader.hpp)."""
    d = Draw(seed)
    name_kind = d(4)
    count_kind = d(8)
    count = 0 if count_kind == 0 else 1025 if count_kind == 1 else 1 + d(4)
    made = 1 if count > 8 else count
    spaces = []
    for i in range(made):
        nid_kind, ref_kind = d(6), d(4)
        spaces.append((i, nid_kind, ref_kind))
    if name_kind == 2:
        return "its name is longer than 256 bytes"
    if name_kind == 3:
        return "its name is not UTF-8"
    if count == 0:
        return "it gives no namespace"
    if count > 1024:
        return "it gives %d namespaces, more than 1024" % count
    nids = []
    for i, nid_kind, ref_kind in spaces:
        if nid_kind == 1:
            return "namespace %d's NID is longer than 32 bytes" % (i + 1)
        if nid_kind == 2:
            return "namespace %d's NID has a size but no data" % (i + 1)
        if nid_kind == 3:
            return '"a b" is not a valid NID'
        nid = "fz0" if nid_kind == 4 and i > 0 else "fz%d" % i
        if nid in nids:
            return "the NID %s is given twice" % nid
        nids.append(nid)
        if ref_kind == 1:
            return "the NID %s's reference is longer than 4096 bytes" % nid
        if ref_kind == 2:
            return "the NID %s's reference is not UTF-8" % nid
        if ref_kind == 3:
            return "the NID %s's reference has a size but no data" % nid
    return None


if __name__ == "__main__":
    sys.exit(main())
