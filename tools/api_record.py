#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""The records of what urns promises its users (api/), made and checked.

    api_record.py cxx SOURCE_DIR             the public C++ API: every
                                             declaration of the installed
                                             headers, one a line
    api_record.py python SOURCE_DIR          the Python module's public
                                             names (its type stubs)
    api_record.py schemas SOURCE_DIR         the JSON Schemas of urn --json
    api_record.py check --record DIR --current DIR --source SOURCE_DIR
                       [--abidiff-status N] [--abidiff-report FILE]
                                             compares the current listings
                                             with the records and says
                                             whether the version allows the
                                             difference
    api_record.py self-test SOURCE_DIR       runs `check` on scratch copies
                                             with changes made on purpose

The C++ listing is read from the headers by libclang (Debian's
python3-clang-14): a real C++ parser, so a declaration is listed however it
is laid out, and comments, function bodies and whitespace never count. It
lists what a user may name: the declarations of include/urns/ (with
`template` heads, default arguments, noexcept, URNS_DECL), public and
protected members, enumerators with their values, and the macros; not what
the headers say is not API: namespaces `detail` and `urns::grammar`,
anything between doxygen's @cond and @endcond, private members, unnamed
namespaces, include guards and macros whose name ends in "_". Each line
names its header and its scope; lines are sorted, so the listing does not
depend on the order of declarations within a header.

The rule (CHANGELOG.md, "Versions"): when a listing differs from its record,
the version of include/urns/version.hpp must be newer than the record's, by
a minor version at least (0.x; a major version from 1.0 on) if the
difference removes or changes anything (a line of the record is gone, or
abidiff says the ABI change is incompatible), and CHANGELOG.md must have a
section for that version. A changed JSON Schema must also come with a new
record version (the `version` member of the tool's records:
docs/schema/common.schema.json and tools/common/json_writer.hpp say the same).
Titles, descriptions and comments of the schemas do not count.
"""

import argparse
import ast
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

RECORD_FILES = {
    "cxx": "cxx-api.txt",
    "python": "python-api.txt",
    "schemas": "schemas.txt",
}
ABI_FILE = "liburns.abi.xml"


# --- the version, the changelog --------------------------------------------------------------

def version_of_header(path):
    """MAJOR.MINOR.PATCH of include/urns/version.hpp, as a tuple."""
    text = open(path, encoding="utf-8").read()
    parts = []
    for part in ("MAJOR", "MINOR", "PATCH"):
        m = re.search(r"^#define URNS_VERSION_%s (\d+)$" % part, text, re.M)
        if not m:
            raise SystemExit("api_record: no URNS_VERSION_%s in %s" % (part, path))
        parts.append(int(m.group(1)))
    m = re.search(r'^#define URNS_VERSION_STRING "([^"]*)"$', text, re.M)
    if not m or m.group(1) != "%d.%d.%d" % tuple(parts):
        raise SystemExit("api_record: URNS_VERSION_STRING of %s is not MAJOR.MINOR.PATCH" % path)
    return tuple(parts)


def changelog_versions(path):
    """The versions of CHANGELOG.md's sections, newest first: [(version, date)]."""
    found = []
    for line in open(path, encoding="utf-8"):
        m = re.match(r"^## \[(\d+)\.(\d+)\.(\d+)\] - (\d{4}-\d{2}-\d{2})\s*$", line)
        if m:
            found.append(((int(m.group(1)), int(m.group(2)), int(m.group(3))), m.group(4)))
    return found


def vstr(v):
    return "%d.%d.%d" % v


# --- the C++ API -----------------------------------------------------------------------------

def _cindex():
    try:
        import clang.cindex as ci
    except ImportError:
        sys.path.append("/usr/lib/python3/dist-packages")
        import clang.cindex as ci
    if not getattr(_cindex, "configured", False):
        # Debian's python3-clang-14 finds its libclang-14.so.1 by itself; a
        # libclang elsewhere can be named by LIBCLANG.
        if os.environ.get("LIBCLANG"):
            ci.Config.set_library_file(os.environ["LIBCLANG"])
        _cindex.configured = True
    return ci


def _public_headers(source):
    top = os.path.join(source, "include")
    headers = []
    for folder, _, files in os.walk(os.path.join(top, "urns")):
        for f in files:
            if f.endswith(".hpp"):
                headers.append(os.path.relpath(os.path.join(folder, f), top).replace(os.sep, "/"))
    return sorted(headers)


def _hidden_lines(path):
    """The lines of a header between doxygen's @cond and @endcond."""
    hidden = set()
    depth = 0
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        if re.search(r"[@\\]cond\b", line):
            depth += 1
        if depth:
            hidden.add(number)
        if re.search(r"[@\\]endcond\b", line):
            depth = max(0, depth - 1)
    return hidden


_NO_SPACE_BEFORE = {",", ")", "]", ";", ">", "::", "...", "&", "&&", "*"}
_NO_SPACE_AFTER = {"(", "[", "<", "::", "~", "!"}


def _join(tokens):
    """Tokens as one line with a fixed, readable spacing."""
    out = ""
    prev = None
    for t in tokens:
        if prev is None:
            out = t
        elif t in _NO_SPACE_BEFORE or prev in _NO_SPACE_AFTER or (t == "<" and re.match(r"\w", prev)) \
                or (t == "(" and re.match(r"[\w>\]]|operator", prev)):
            out += t
        else:
            out += " " + t
        prev = t
    return out


def _cut_declaration(tokens, head=False):
    """A declaration's tokens without its body, its constructor's member
    initializers or its final ';'; with `head`, a class's or an enum's
    tokens before its body."""
    depth = 0
    seen_paren = False
    for i, t in enumerate(tokens):
        if t in ("(", "[", "{") and not (t == "{" and depth == 0):
            depth += 1
            seen_paren = seen_paren or t == "("
        elif t in (")", "]", "}"):
            depth -= 1
        elif depth == 0:
            if t == "{" and head:
                return tokens[:i]
            if t == "{":
                # A body, or a brace initializer of a variable or member
                # (`= {}`, `one_of{}`): a body follows the parameters only.
                before = tokens[i - 1] if i else ""
                if seen_paren and before not in ("=", ",") and not re.match(r"^[A-Za-z_]\w*$", before) \
                        or before in (")", "const", "noexcept", "override", "final"):
                    return tokens[:i]
                depth += 1
            elif t == ";":
                return tokens[:i]
            elif t == ":" and seen_paren:
                return tokens[:i]
    return tokens


def cxx_listing(source):
    ci = _cindex()
    include = os.path.join(source, "include")
    headers = _public_headers(source)
    hidden = {h: _hidden_lines(os.path.join(include, h)) for h in headers}
    text = "".join("#include <%s>\n" % h for h in headers)
    tu = ci.Index.create().parse(
        "urns_public_api.cpp", args=["-x", "c++", "-std=c++17", "-I" + include],
        unsaved_files=[("urns_public_api.cpp", text)],
        options=ci.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD | ci.TranslationUnit.PARSE_SKIP_FUNCTION_BODIES)
    errors = [d for d in tu.diagnostics if d.severity >= ci.Diagnostic.Error]
    if errors:
        raise SystemExit("api_record: the public headers do not parse:\n" + "\n".join(str(d) for d in errors))
    K = ci.CursorKind
    include_real = os.path.realpath(include) + os.sep
    lines = set()

    def header_of(cursor):
        f = cursor.location.file
        if f is None:
            return None
        path = os.path.realpath(f.name)
        if not path.startswith(include_real):
            return None
        return path[len(include_real):].replace(os.sep, "/")

    texts = {}

    def tokens_of(cursor):
        toks = [t.spelling for t in cursor.get_tokens() if t.kind != ci.TokenKind.COMMENT]
        # URNS_DECL (empty in a static build) is outside the extent of a
        # declaration it starts: read it from the text before.
        path = cursor.extent.start.file.name
        if path not in texts:
            texts[path] = open(path, "rb").read()
        before = texts[path][:cursor.extent.start.offset].rstrip()   # offsets count bytes
        if before.endswith(b"URNS_DECL") and not re.search(rb"\w$", before[:-len("URNS_DECL")]):
            toks.insert(0, "URNS_DECL")
        return toks

    def emit(header, scope, kind, decl):
        lines.add("%s | %s | %s %s" % (header, scope or "::", kind, decl))

    scopes_hidden = ("detail",)

    def walk(cursor, scope, in_class):
        for c in cursor.get_children():
            header = header_of(c)
            if header is None:
                # Boost's and the standard library's, or a namespace opened
                # elsewhere first: its children may still be ours.
                if c.kind == K.NAMESPACE and c.spelling and c.spelling not in scopes_hidden:
                    walk(c, (scope + "::" if scope else "") + c.spelling, False)
                continue
            if c.location.line in hidden[header]:
                continue
            if in_class and c.access_specifier == ci.AccessSpecifier.PRIVATE:
                continue
            kind = c.kind
            name = c.spelling
            if kind == K.NAMESPACE:
                inner = (scope + "::" if scope else "") + name
                if not name or name in scopes_hidden or inner == "urns::grammar":
                    continue
                walk(c, inner, False)
            elif kind in (K.STRUCT_DECL, K.CLASS_DECL, K.UNION_DECL, K.CLASS_TEMPLATE,
                          K.CLASS_TEMPLATE_PARTIAL_SPECIALIZATION):
                if not c.is_definition():
                    continue
                emit(header, scope, "type", _join(_cut_declaration(tokens_of(c), head=True)))
                walk(c, (scope + "::" if scope else "") + (name or "(anonymous)"), True)
            elif kind in (K.ENUM_DECL,):
                emit(header, scope, "type", _join(_cut_declaration(tokens_of(c), head=True)))
                inner = (scope + "::" if scope else "") + name
                for e in c.get_children():
                    if e.kind == K.ENUM_CONSTANT_DECL:
                        emit(header, inner, "enumerator", "%s = %d" % (e.spelling, e.enum_value))
            elif kind in (K.FUNCTION_DECL, K.CXX_METHOD, K.CONSTRUCTOR, K.DESTRUCTOR, K.FUNCTION_TEMPLATE,
                          K.CONVERSION_FUNCTION):
                emit(header, scope, "function", _join(_cut_declaration(tokens_of(c))))
            elif kind == K.FRIEND_DECL:
                toks = _cut_declaration(tokens_of(c))
                emit(header, scope, "friend", _join(toks[1:] if toks[:1] == ["friend"] else toks))
            elif kind in (K.UNEXPOSED_DECL, getattr(K, "LINKAGE_SPEC", K.UNEXPOSED_DECL)) and \
                    [t.spelling for t in list(c.get_tokens())[:2]] == ["extern", '"C"']:
                walk(c, scope, False)   # extern "C" { ... }: its declarations
            elif kind in (K.FIELD_DECL, K.VAR_DECL, K.TYPEDEF_DECL, K.TYPE_ALIAS_DECL, K.TYPE_ALIAS_TEMPLATE_DECL,
                          K.USING_DECLARATION, K.USING_DIRECTIVE, K.NAMESPACE_ALIAS, K.UNEXPOSED_DECL):
                toks = _cut_declaration(tokens_of(c))
                if kind == K.VAR_DECL and "=" in toks and toks[toks.index("=") + 1:][:1] and \
                        toks[toks.index("=") + 1].startswith('"'):
                    # A string's text is data, not API (the IANA snapshot's date).
                    toks = toks[:toks.index("=")]
                if toks:
                    emit(header, scope, {K.FIELD_DECL: "member", K.VAR_DECL: "variable"}.get(kind, "name"),
                         _join(toks))
            elif kind == K.MACRO_DEFINITION:
                if name.endswith("_") or name.endswith("_HPP") and len(list(c.get_tokens())) == 1:
                    continue
                toks = list(c.get_tokens())
                decl = name
                if len(toks) > 1 and toks[1].spelling == "(" and toks[1].extent.start.offset == toks[0].extent.end.offset:
                    close = next(i for i, t in enumerate(toks) if t.spelling == ")")
                    decl = _join([t.spelling for t in toks[:close + 1]])
                elif not name.startswith("URNS_VERSION"):
                    decl = _join([t.spelling for t in toks])
                emit(header, "", "macro", decl)
            # static_assert, access specifiers, template parameters, and
            # the rest: nothing a user names.

    walk(tu.cursor, "", False)
    out = ["# The public C++ API of urns: the declarations of include/urns/ (tools/api_record.py cxx).",
           "# header | scope | kind and declaration; sorted. Regenerate with tools/api_record.sh update."]
    out += sorted(lines)
    return "\n".join(out) + "\n"


# --- the Python module -----------------------------------------------------------------------

def python_listing(source):
    """The public names of the stubs python/urns/*.pyi, with their
    signatures: what mypy.stubtest (ctest python_stubs) holds the module to."""
    folder = os.path.join(source, "python", "urns")
    lines = []
    for f in sorted(os.listdir(folder)):
        if not f.endswith(".pyi"):
            continue
        module = "urns" if f == "__init__.pyi" else "urns." + f[:-4]
        tree = ast.parse(open(os.path.join(folder, f), encoding="utf-8").read(), f)

        def public(name):
            return not name.startswith("_") or (name.startswith("__") and name.endswith("__"))

        def sig(node):
            decorators = "".join("@%s " % ast.unparse(d) for d in node.decorator_list)
            ret = " -> " + ast.unparse(node.returns) if node.returns else ""
            return "%sdef %s(%s)%s" % (decorators, node.name, ast.unparse(node.args), ret)

        def walk(body, scope):
            for node in body:
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and public(node.name):
                    lines.append("%s | %s" % (scope, sig(node)))
                elif isinstance(node, ast.ClassDef) and public(node.name):
                    bases = ", ".join(ast.unparse(b) for b in node.bases + node.keywords)
                    lines.append("%s | class %s(%s)" % (scope, node.name, bases))
                    walk(node.body, scope + "." + node.name)
                elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and public(node.target.id):
                    lines.append("%s | %s: %s" % (scope, node.target.id, ast.unparse(node.annotation)))
                elif isinstance(node, ast.Assign):
                    for t in node.targets:
                        if isinstance(t, ast.Name) and public(t.id):
                            lines.append("%s | %s = %s" % (scope, t.id, ast.unparse(node.value)))
                elif isinstance(node, (ast.Import, ast.ImportFrom)):
                    # Re-exports ("import x as x", "from m import y as y").
                    for a in node.names:
                        if a.asname and a.asname == a.name.split(".")[-1] and public(a.asname):
                            lines.append("%s | import %s" % (scope, a.name))

        walk(tree.body, module)
    out = ["# The Python module's public names, from python/urns/*.pyi (tools/api_record.py python).",
           "# module or class | declaration; in the stubs' order. Regenerate with tools/api_record.sh update."]
    return "\n".join(out + lines) + "\n"


# --- the JSON Schemas ------------------------------------------------------------------------

_PROSE = ("title", "description", "$comment", "examples")


def _meaning(value):
    """A schema without what is only for people."""
    if isinstance(value, dict):
        return {k: _meaning(v) for k, v in value.items() if k not in _PROSE}
    if isinstance(value, list):
        return [_meaning(v) for v in value]
    return value


def schema_record_version(source):
    common = json.load(open(os.path.join(source, "docs", "schema", "common.schema.json"), encoding="utf-8"))
    return common["$defs"]["version"]["const"]


def tool_record_version(source):
    text = open(os.path.join(source, "tools", "common", "json_writer.hpp"), encoding="utf-8").read()
    m = re.search(r"json_format_version\s*=\s*(\d+)", text)
    return int(m.group(1)) if m else None


def schemas_listing(source):
    folder = os.path.join(source, "docs", "schema")
    out = ["# The JSON Schemas of urn --json, docs/schema/*.json without titles, descriptions and",
           "# comments (tools/api_record.py schemas). Regenerate with tools/api_record.sh update.",
           "record-version %s" % json.dumps(schema_record_version(source))]
    for f in sorted(os.listdir(folder)):
        if f.endswith(".json"):
            doc = _meaning(json.load(open(os.path.join(folder, f), encoding="utf-8")))
            out.append("%s %s" % (f, json.dumps(doc, sort_keys=True, separators=(",", ":"))))
    return "\n".join(out) + "\n"


# --- the check -------------------------------------------------------------------------------

VERSION_FILE = "version"


def record_version(record):
    """The version the records were made at (api/version), or None."""
    path = os.path.join(record, VERSION_FILE)
    if not os.path.exists(path):
        return None
    m = re.match(r"^(\d+)\.(\d+)\.(\d+)\s*$", open(path, encoding="utf-8").read())
    return tuple(int(x) for x in m.groups()) if m else None


def _body(text):
    return [l for l in text.splitlines() if not l.startswith("#")]


def compare_listing(recorded, current):
    """None if equal, else ('breaking' or 'additive', removed, added)."""
    old, new = _body(recorded), _body(current)
    if old == new:
        return None
    removed = sorted(set(old) - set(new))
    added = sorted(set(new) - set(old))
    if not removed and not added:
        # The same lines in another order (the stubs' order): not a change.
        return None
    return ("breaking" if removed else "additive", removed, added)


def abi_level(status, report):
    """'additive' when abidiff's report says only that functions,
    variables or symbols were added; else 'breaking'. abidiff's
    incompatible bit (8) is not enough: a public struct's layout changed
    under a function that takes it by reference is, to abidiff, a change
    (bit 4) but not an incompatible one, and it breaks every caller."""
    if status & 8:
        return "breaking"
    summaries = re.findall(r"changes summary: (\d+) Removed(?: \(\d+ filtered out\))?, (\d+) Changed", report)
    if not summaries:
        summaries = re.findall(r"changes summary: (\d+) Removed, (\d+) Added", report)
        summaries = [(removed, "0") for removed, _ in summaries]
    if not summaries:
        return "breaking"   # nothing to read it from: the safe side
    return "breaking" if any(int(r) or int(c) for r, c in summaries) else "additive"


def check(record, current, source, abidiff_status=None, abidiff_report=None, out=sys.stdout):
    """0 when every difference is allowed by the version and the changelog."""
    version = version_of_header(os.path.join(source, "include", "urns", "version.hpp"))
    changelog = os.path.join(source, "CHANGELOG.md")
    sections = changelog_versions(changelog)
    problems = []
    changes = []  # (what, level, details)

    for what, name in RECORD_FILES.items():
        rpath, cpath = os.path.join(record, name), os.path.join(current, name)
        if not os.path.exists(rpath):
            problems.append("%s: no record %s (tools/api_record.sh update makes it)" % (what, rpath))
            continue
        recorded = open(rpath, encoding="utf-8").read()
        diff = compare_listing(recorded, open(cpath, encoding="utf-8").read())
        if diff:
            level, removed, added = diff
            details = ["  - " + l for l in removed[:40]] + ["  + " + l for l in added[:40]]
            if len(removed) > 40 or len(added) > 40:
                details.append("  (%d removed, %d added in all)" % (len(removed), len(added)))
            changes.append((what, level, details, record_version(record)))

    if abidiff_status is not None:
        # abidiff's status: bit 4 (ABIDIFF_ABI_CHANGE) any change, bit 8
        # (ABIDIFF_ABI_INCOMPATIBLE_CHANGE) one that breaks programs; bits 1
        # and 2 are abidiff's own errors.
        rversion = record_version(record)
        if abidiff_status & 3:
            problems.append("abi: abidiff failed (status %d)" % abidiff_status)
        elif abidiff_status & 12:
            text = ""
            if abidiff_report and os.path.exists(abidiff_report):
                text = open(abidiff_report, encoding="utf-8").read()
            report = ["  " + l for l in text.splitlines()[:60]]
            changes.append(("abi", abi_level(abidiff_status, text), report, rversion))

    # The schemas: a new record version with any change, and the tool's
    # records say the schemas' version.
    schema_version = schema_record_version(source)
    tool_version = tool_record_version(source)
    if tool_version is not None and tool_version != schema_version:
        problems.append("schemas: docs/schema/common.schema.json says record version %s, tools/common/json_writer.hpp "
                        "writes %s" % (schema_version, tool_version))
    for what, level, details, rversion in changes:
        if what == "schemas":
            rpath = os.path.join(record, RECORD_FILES["schemas"])
            m = re.search(r"^record-version (.*)$", open(rpath, encoding="utf-8").read(), re.M)
            if m and json.loads(m.group(1)) == schema_version:
                problems.append("schemas: docs/schema/ changed but the records' version is still %s: a changed "
                                "schema needs a new version (common.schema.json's $defs.version and "
                                "json_format_version in tools/common/json_writer.hpp)" % schema_version)
            # A reader of the old records may break: as a breaking change.
            changes[changes.index((what, level, details, rversion))] = (what, "breaking", details, rversion)

    for what, level, details, rversion in changes:
        print("api_record: %s differs from its record (%s):" % (what, level), file=out)
        for l in details:
            print(l, file=out)
        if rversion is None:
            problems.append("%s: %s names no version" % (what, os.path.join(record, VERSION_FILE)))
            continue
        if version <= rversion:
            problems.append("%s changed, but include/urns/version.hpp still says %s (the record's is %s): raise "
                            "the version%s and add its section to CHANGELOG.md, or undo the change"
                            % (what, vstr(version), vstr(rversion), "" if level == "additive" else
                               " by a %s version at least (a breaking change)" % ("minor" if rversion[0] == 0
                                                                                  else "major")))
        elif level == "breaking":
            enough = version[:2] > rversion[:2] if rversion[0] == 0 else version[0] > rversion[0]
            if not enough:
                problems.append("%s: a breaking change needs a %s version (%s is only a patch above the record's %s)"
                                % (what, "minor" if rversion[0] == 0 else "major", vstr(version), vstr(rversion)))

    if not sections or sections[0][0] != version:
        problems.append("CHANGELOG.md: its newest section is %s, include/urns/version.hpp says %s: add "
                        "\"## [%s] - YYYY-MM-DD\" with what changed"
                        % (vstr(sections[0][0]) if sections else "missing", vstr(version), vstr(version)))
    for p in problems:
        print("api_record: FAILED: " + p, file=out)
    if not problems:
        print("api_record: ok: version %s; %s" % (vstr(version), "; ".join(
            "%s %s" % (w, l) for w, l, _, _ in changes) or "the API, ABI, Python names and schemas are as "
                                                           "recorded"), file=out)
    return 1 if problems else 0


# --- the checker's own test ------------------------------------------------------------------

def self_test(source):
    """`check` on scratch trees: a record changed on purpose fails it, the
    same change with a version raised enough and a changelog section passes."""
    failures = []
    scratch = tempfile.mkdtemp(prefix="api-record-self-test.")
    try:
        def tree(name, version, changelog_version, json_version=1):
            root = os.path.join(scratch, name)
            for sub in ("include/urns", "docs/schema", "tools/common", "record", "current"):
                os.makedirs(os.path.join(root, sub), exist_ok=True)
            major, minor, patch = version
            with open(os.path.join(root, "include/urns/version.hpp"), "w") as f:
                f.write("#define URNS_VERSION_MAJOR %d\n#define URNS_VERSION_MINOR %d\n#define URNS_VERSION_PATCH %d\n"
                        "#define URNS_VERSION_STRING \"%d.%d.%d\"\n" % (major, minor, patch, major, minor, patch))
            with open(os.path.join(root, "CHANGELOG.md"), "w") as f:
                f.write("# Changelog\n\n## [%s] - 2026-12-05\n\n### Changed\n\n- x\n\n## [0.5.0] - 2026-12-01\n"
                        % vstr(changelog_version))
            with open(os.path.join(root, "docs/schema/common.schema.json"), "w") as f:
                json.dump({"$defs": {"version": {"const": json_version}}}, f)
            with open(os.path.join(root, "tools/common/json_writer.hpp"), "w") as f:
                f.write("constexpr std::uint64_t json_format_version = %d;\n" % json_version)
            return root

        base = {
            "cxx": "urns/parse.hpp | urns | function URNS_DECL result<urn_view> parse_urn(std::string_view s)\n",
            "python": "urns | def parse(text: _Text) -> URN\n",
            "schemas": "record-version 1\ncheck.schema.json {\"type\":\"object\"}\n",
        }

        def fill(root, cxx=None, python=None, schemas=None):
            with open(os.path.join(root, "record", VERSION_FILE), "w") as f:
                f.write("0.5.0\n")
            for what, name in RECORD_FILES.items():
                with open(os.path.join(root, "record", name), "w") as f:
                    f.write(base[what])
                now = {"cxx": cxx, "python": python, "schemas": schemas}[what] or base[what]
                with open(os.path.join(root, "current", name), "w") as f:
                    f.write(now)

        removed = "urns/parse.hpp | urns | function URNS_DECL result<urn_view> parse_urn(std::string_view s, int)\n"
        added = base["cxx"] + "urns/parse.hpp | urns | function URNS_DECL void more()\n"
        added_report = ("Functions changes summary: 0 Removed, 0 Changed, 1 Added function\n"
                        "Variables changes summary: 0 Removed, 0 Changed, 0 Added variable\n")
        changed_report = ("Functions changes summary: 0 Removed, 1 Changed, 0 Added function\n"
                          "Variables changes summary: 0 Removed, 0 Changed, 0 Added variable\n"
                          "  parameter 4 of type 'const urns::abnf::diff_options&' has sub-type changes:\n"
                          "    type size changed from 1152 to 1216 (in bits)\n")
        cases = [
            # (what, version.hpp, changelog's newest, json version, changes, abidiff status, expected status)
            ("unchanged", (0, 5, 0), (0, 5, 0), 1, {}, 0, 0),
            ("a declaration changed, no bump", (0, 5, 0), (0, 5, 0), 1, {"cxx": removed}, None, 1),
            ("a declaration changed, patch bump", (0, 5, 1), (0, 5, 1), 1, {"cxx": removed}, None, 1),
            ("a declaration changed, minor bump without changelog", (0, 6, 0), (0, 5, 0), 1, {"cxx": removed},
             None, 1),
            ("a declaration changed, minor bump and changelog", (0, 6, 0), (0, 6, 0), 1, {"cxx": removed}, None, 0),
            ("a declaration added, no bump", (0, 5, 0), (0, 5, 0), 1, {"cxx": added}, None, 1),
            ("a declaration added, patch bump and changelog", (0, 5, 1), (0, 5, 1), 1, {"cxx": added}, None, 0),
            ("a Python name removed, no bump", (0, 5, 0), (0, 5, 0), 1, {"python": "urns | def other()\n"}, None,
             1),
            ("a Python name removed, minor bump and changelog", (0, 6, 0), (0, 6, 0), 1,
             {"python": "urns | def other()\n"}, None, 0),
            ("ABI incompatible, no bump", (0, 5, 0), (0, 5, 0), 1, {}, 12, 1),
            ("ABI incompatible, patch bump", (0, 5, 1), (0, 5, 1), 1, {}, 12, 1),
            ("ABI incompatible, minor bump and changelog", (0, 6, 0), (0, 6, 0), 1, {}, 12, 0),
            ("ABI compatible addition, patch bump and changelog", (0, 5, 1), (0, 5, 1), 1, {}, (4, added_report), 0),
            ("ABI layout changed (abidiff: not incompatible), patch bump", (0, 5, 1), (0, 5, 1), 1, {},
             (4, changed_report), 1),
            ("ABI layout changed (abidiff: not incompatible), minor bump", (0, 6, 0), (0, 6, 0), 1, {},
             (4, changed_report), 0),
            ("ABI changed, abidiff's report unreadable, patch bump", (0, 5, 1), (0, 5, 1), 1, {}, 4, 1),
            ("abidiff failed", (0, 6, 0), (0, 6, 0), 1, {}, 1, 1),
            ("a schema changed, same record version", (0, 6, 0), (0, 6, 0), 1,
             {"schemas": "record-version 1\ncheck.schema.json {\"type\":\"array\"}\n"}, None, 1),
            ("a schema changed, new record version, minor bump and changelog", (0, 6, 0), (0, 6, 0), 2,
             {"schemas": "record-version 2\ncheck.schema.json {\"type\":\"array\"}\n"}, None, 0),
            ("the version raised without a changelog section", (0, 5, 1), (0, 5, 0), 1, {}, None, 1),
        ]
        for i, (what, version, changelog, json_version, changed, abi, expected) in enumerate(cases):
            root = tree("case%d" % i, version, changelog, json_version)
            fill(root, **changed)
            abi_report = None
            if isinstance(abi, tuple):
                abi, text = abi
                abi_report = os.path.join(root, "abidiff.txt")
                with open(abi_report, "w", encoding="utf-8") as f:
                    f.write(text)
            report = open(os.devnull, "w")
            got = check(os.path.join(root, "record"), os.path.join(root, "current"), root, abidiff_status=abi,
                        abidiff_report=abi_report, out=report)
            report.close()
            print("self-test: %-66s %s (status %d)" % (what, "ok" if got == expected else "WRONG", got))
            if got != expected:
                failures.append(what)
        # The listings of a real tree: a copy of include/urns/, the stubs
        # and the schemas, each with one change made on purpose, against
        # the listings of the unchanged copy.
        real = os.path.join(scratch, "real")
        for sub in ("include", os.path.join("python", "urns"), os.path.join("docs", "schema")):
            shutil.copytree(os.path.join(source, sub), os.path.join(real, sub))
        os.makedirs(os.path.join(real, "tools", "common"))
        shutil.copy(os.path.join(source, "tools", "common", "json_writer.hpp"), os.path.join(real, "tools", "common"))
        shutil.copy(os.path.join(source, "CHANGELOG.md"), real)
        version = version_of_header(os.path.join(real, "include", "urns", "version.hpp"))
        record = os.path.join(real, "record")
        os.makedirs(record)
        parsed = {}

        def cxx_cached(root):
            # libclang's parse is the slow part: once per content of include/.
            digest = hashlib.sha256()
            for folder, _, files in sorted(os.walk(os.path.join(root, "include"))):
                for f in sorted(files):
                    digest.update(f.encode() + open(os.path.join(folder, f), "rb").read())
            key = digest.hexdigest()
            if key not in parsed:
                parsed[key] = cxx_listing(root)
            return parsed[key]

        listings = {"cxx": cxx_cached, "python": python_listing, "schemas": schemas_listing}
        for what, make in listings.items():
            with open(os.path.join(record, RECORD_FILES[what]), "w", encoding="utf-8") as f:
                f.write(make(real))
        with open(os.path.join(record, VERSION_FILE), "w") as f:
            f.write(vstr(version) + "\n")

        def edit(path, old, new):
            path = os.path.join(real, path)
            text = open(path, encoding="utf-8").read()
            if old not in text:
                raise SystemExit("api_record self-test: %r is not in %s" % (old, path))
            with open(path, "w", encoding="utf-8") as f:
                f.write(text.replace(old, new, 1))

        def bump(to):
            # version.hpp raised to `to` and CHANGELOG.md given its section.
            path = os.path.join(real, "include", "urns", "version.hpp")
            text = open(path, encoding="utf-8").read()
            for part, value in zip(("MAJOR", "MINOR", "PATCH"), to):
                text = re.sub(r"^(#define URNS_VERSION_%s )\d+$" % part, r"\g<1>%d" % value, text, flags=re.M)
            text = re.sub(r'^(#define URNS_VERSION_STRING )"[^"]*"$', r'\1"%s"' % vstr(to), text, flags=re.M)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            log = os.path.join(real, "CHANGELOG.md")
            text = open(log, encoding="utf-8").read()
            text = re.sub(r"^## \[", "## [%s] - 2099-01-01\n\n### Changed\n\n- x\n\n## [" % vstr(to), text, count=1,
                          flags=re.M)
            with open(log, "w", encoding="utf-8") as f:
                f.write(text)

        def current():
            folder = os.path.join(real, "current")
            shutil.rmtree(folder, ignore_errors=True)
            os.makedirs(folder)
            for what, make in listings.items():
                with open(os.path.join(folder, RECORD_FILES[what]), "w", encoding="utf-8") as f:
                    f.write(make(real))
            report = open(os.devnull, "w")
            got = check(record, folder, real, out=report)
            report.close()
            return got

        minor = (version[0], version[1] + 1, 0) if version[0] == 0 else (version[0] + 1, 0, 0)
        real_cases = [
            ("the copied tree, unchanged", lambda: None, 0),
            ("include/urns/parse.hpp: parse_urn's parameter changed, no bump",
             lambda: edit("include/urns/parse.hpp", "URNS_DECL result<urn_view> parse_urn(std::string_view s, "
                                                    "parse_options const& opts)",
                          "URNS_DECL result<urn_view> parse_urn(std::string_view s, parse_options opts)"), 1),
            ("python/urns/__init__.pyi: is_valid removed as well, no bump",
             lambda: edit("python/urns/__init__.pyi", "def is_valid(", "def _is_valid("), 1),
            ("docs/schema/check.schema.json: its type changed as well, no bump",
             lambda: edit("docs/schema/check.schema.json", '"type": "object"', '"type": "array"'), 1),
            ("the three, with a minor bump and changelog, no new record version", lambda: bump(minor), 1),
            ("the three, with a minor bump, changelog and a new record version",
             lambda: (edit("docs/schema/common.schema.json", '"const": %d' % schema_record_version(real),
                           '"const": %d' % (schema_record_version(real) + 1)),
                      edit("tools/common/json_writer.hpp", "json_format_version = %d" % tool_record_version(real),
                           "json_format_version = %d" % (tool_record_version(real) + 1))), 0),
        ]
        for what, change, expected in real_cases:
            change()
            got = current()
            print("self-test: %-66s %s (status %d)" % (what, "ok" if got == expected else "WRONG", got))
            if got != expected:
                failures.append(what)
        cases += real_cases
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if failures:
        print("self-test: FAILED: %s" % ", ".join(failures))
        return 1
    print("self-test: ok: %d cases" % len(cases))
    return 0


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    for name in ("cxx", "python", "schemas", "self-test"):
        s = sub.add_parser(name)
        s.add_argument("source")
    c = sub.add_parser("check")
    c.add_argument("--record", required=True)
    c.add_argument("--current", required=True)
    c.add_argument("--source", required=True)
    c.add_argument("--abidiff-status", type=int)
    c.add_argument("--abidiff-report")
    a = p.parse_args()
    if a.command == "cxx":
        sys.stdout.write(cxx_listing(a.source))
    elif a.command == "python":
        sys.stdout.write(python_listing(a.source))
    elif a.command == "schemas":
        sys.stdout.write(schemas_listing(a.source))
    elif a.command == "self-test":
        return self_test(a.source)
    elif a.command == "check":
        return check(a.record, a.current, a.source, a.abidiff_status, a.abidiff_report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
