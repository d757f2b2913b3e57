#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""What the tests of the `urn` command share (check_test.py, parse_test.py,
equivalence_test.py, extract_test.py, habits_test.py, jobs_test.py,
readme_test.py): running the built binary on files, arguments and standard
input (urn), checking standard output, standard error and the exit status
(expect), JSON output parsed and checked against docs/schema/ (json_lines),
and the runner (main), which ctest calls once per file.

A test file registers its tests with @test, imports the names it uses from
here (URN, SRC and TMP too, which main sets in both modules), and ends with
`sys.exit(urntest.main(globals()))`.
"""

import json
import os
import signal
import subprocess
import sys
import tempfile
import traceback

GROUP_TIMEOUT = 280
# Set by main(), here and in the test file: the urn binary, the source
# tree, and a scratch directory removed at the end.
URN = None
SRC = None
TMP = None
TESTS = []


def test(f):
    """Registers a test function of the file being run, in order."""
    TESTS.append(f)
    return f


class Run:
    def __init__(self, args, status, out, err):
        self.args, self.status, self.out, self.err = args, status, out, err

    def __repr__(self):
        return "urn %r -> %d\n--- stdout ---\n%s\n--- stderr ---\n%s" % (
            self.args, self.status, self.out[:2000], self.err[:2000])


def urn(*args, stdin=b"", cwd=None, launcher=()):
    """Runs the tool (after `launcher`, a command prefix such as setpriv's);
    stdout and stderr as str (UTF-8, undecodable bytes kept as surrogate
    escapes)."""
    p = subprocess.run(list(launcher) + [URN] + list(args), input=stdin, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, cwd=cwd or SRC, timeout=120)
    r = Run(args, p.returncode,
            p.stdout.decode("utf-8", "surrogateescape"),
            p.stderr.decode("utf-8", "surrogateescape"))
    if "--json" in args and args and args[0] in JSON_COMMANDS:
        json_lines(r)  # every --json output of every test matches its schema
    return r


class Skip(Exception):
    """Raised by a test that cannot run here; main() reports it with its reason."""


class NotThisBuild(Exception):
    """Raised by a test that does not apply to this build of urn (the limits
    test under a sanitizer, whose shadow memory cannot fit under ulimit -v);
    the same test runs in the unsanitized builds, so CI does not fail it."""


def expect(cond, run, what):
    if not cond:
        raise AssertionError("%s\n%r" % (what, run))


def write(name, data):
    path = os.path.join(TMP, name)
    with open(path, "wb") as f:
        f.write(data)
    return path


SCHEMAS = {}


def schema_validator(command):
    """A validator for the records of `urn COMMAND --json`, from
    docs/schema/COMMAND.schema.json (whose $refs name common.schema.json)."""
    if command not in SCHEMAS:
        import jsonschema
        folder = os.path.join(SRC, "docs", "schema")
        docs = {}
        for name in os.listdir(folder):
            with open(os.path.join(folder, name)) as f:
                doc = json.load(f)
            docs[doc["$id"]] = doc
        main = docs["urn:example:urns:schema:" + command]
        cls = jsonschema.validators.validator_for(main)
        cls.check_schema(main)
        try:  # jsonschema >= 4.18: the referencing library
            import referencing
            import referencing.jsonschema
            registry = referencing.Registry().with_resources(
                (i, referencing.jsonschema.DRAFT202012.create_resource(d)) for i, d in docs.items())
            SCHEMAS[command] = cls(main, registry=registry)
        except ImportError:  # Debian 12's jsonschema 4.10
            SCHEMAS[command] = cls(main, resolver=jsonschema.RefResolver.from_schema(main, store=docs))
    return SCHEMAS[command]


def record_version():
    """The version of the records, as docs/schema/common.schema.json states it."""
    with open(os.path.join(SRC, "docs", "schema", "common.schema.json"), encoding="utf-8") as f:
        return json.load(f)["$defs"]["version"]["const"]


def json_lines(run):
    """Every stdout line parsed as one JSON object, each checked against the
    schema of its command (docs/schema/) and its "version"; the objects are
    returned without "version" (the tests compare the rest)."""
    objs = []
    validator = schema_validator(run.args[0])
    for line in run.out.splitlines():
        try:
            o = json.loads(line)
        except ValueError as e:
            raise AssertionError("not JSON: %r (%s)\n%r" % (line, e, run))
        errors = sorted(validator.iter_errors(o), key=lambda e: list(e.path))
        if errors:
            raise AssertionError("record does not match docs/schema/%s.schema.json: %s\n%r\n%r" %
                                 (run.args[0], "; ".join(e.message for e in errors), line, run))
        if o.pop("version") != record_version():
            raise AssertionError("version is not %d: %r" % (record_version(), line))
        objs.append(o)
    JSON_RECORDS_CHECKED[run.args[0]] = JSON_RECORDS_CHECKED.get(run.args[0], 0) + len(objs)
    return objs


JSON_RECORDS_CHECKED = {}
JSON_COMMANDS = ("check", "parse", "normalize", "equal", "extract", "encode", "namespaces")


def main(names):
    """Runs the tests of the test file whose globals are `names`, as
    `FILE URN_BINARY SOURCE_DIR`: prints "ok", "n/a", "skip" or "FAIL" and
    the test's name for each, then a count. URN, SRC and TMP are set here
    and in `names`. Exit status 0 if no test failed."""
    global URN, SRC, TMP
    if len(sys.argv) != 3:
        print(names["__doc__"], file=sys.stderr)
        return 2
    URN, SRC = os.path.abspath(sys.argv[1]), sys.argv[2]
    group = os.path.basename(sys.argv[0]).replace("_test.py", "")
    # A hang fails: the whole group is stopped after GROUP_TIMEOUT seconds
    # (ctest has its own TIMEOUT too; this one holds when run by hand).
    signal.signal(signal.SIGALRM, lambda *_: sys.exit("FAIL: group %s still running after %d s" %
                                                      (group, GROUP_TIMEOUT)))
    signal.alarm(GROUP_TIMEOUT)
    # In CI a skipped test is a failed one: what CI cannot run is untested.
    ci = os.environ.get("CI") == "true"
    failed = skipped = other_build = 0
    with tempfile.TemporaryDirectory(prefix="urn-tool-test-") as TMP:
        names.update(URN=URN, SRC=SRC, TMP=TMP)
        for f in TESTS:
            try:
                f()
                print("ok   %s" % f.__name__)
            except NotThisBuild as e:
                other_build += 1
                print("n/a  %s: %s" % (f.__name__, e))
            except Skip as e:
                if ci:
                    failed += 1
                    print("FAIL %s: skipped with CI=true: %s" % (f.__name__, e))
                    continue
                skipped += 1
                print("skip %s: %s" % (f.__name__, e))
            except Exception:
                failed += 1
                print("FAIL %s" % f.__name__)
                traceback.print_exc(file=sys.stdout)
    print("%d of %d tests passed, %d skipped, %d for other builds only" % (
        len(TESTS) - failed - skipped - other_build, len(TESTS), skipped, other_build))
    return 1 if failed else 0
