#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""The layering rule of src/ (docs/layering.md), checked on the include lines.

Each folder of src/ is a layer. A file may include, by `#include "..."`,
only files of the layers its own layer may include (LAYERS below), and by
`#include <urns/...>` any public header but the X3 ones (the extension
surface <urns/nss/x3.hpp> and the pieces under <urns/grammar/>), which,
like <boost/spirit/...> and <boost/fusion/...>, only the layers that hold
X3 grammars may include (X3_LAYERS) and the parse path's glue
(src/parse/parse.cpp, the one place that runs the grammars). Every file
of src/ is in a layer: none lies directly in src/ or in a folder that is
not one.

    check_layering.py SOURCE_ROOT    check SOURCE_ROOT/src; exit 1 on a breach
    check_layering.py --self-test    check that breaches are found, on a
                                     scratch tree; exit 1 if one is missed
"""

import os
import re
import sys
import tempfile

# layer: the layers its files may include with "...".
LAYERS = {
    "grammar": {"grammar"},               # the document grammars (X3)
    "parse": {"parse"},                   # the parse path: scan, learnt errors, glue
    "semantic": {"semantic", "parse"},    # equivalence, canonical form, hash, check, query, pct
    "extract": {"extract", "parse"},      # find_urns
    "nss": {"nss"},                       # the namespaces' rules (X3, through the extension surface)
    "abnf": {"abnf", "grammar"},          # the ABNF engine; its reader is an X3 grammar
}
# Files with a rule of their own: the glue runs the grammars.
GLUE = {"parse/parse.cpp": {"parse", "grammar"}}
# The layers (and files) that may include X3: its headers, Boost's and ours.
X3_LAYERS = {"grammar", "nss"}
X3_FILES = set(GLUE)
X3_HEADERS = re.compile(r"^(boost/spirit/|boost/fusion/|urns/grammar/|urns/nss/x3\.hpp$)")
# Files made by the build, found on its include path (not in src/).
GENERATED = {"iana_registry.inc", "nss_registry.inc"}

SOURCE_EXTENSIONS = (".cpp", ".hpp", ".inc", ".ipp")
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


def layer_of(rel):
    """The layer of a path relative to src/, or None."""
    parts = rel.split("/")
    return parts[0] if len(parts) > 1 and parts[0] in LAYERS else None


def breaches(src):
    """The breaches of the rule in the tree `src`, as messages."""
    found = []
    for dirpath, _, files in os.walk(src):
        for name in sorted(files):
            if not name.endswith(SOURCE_EXTENSIONS):
                continue
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, src).replace(os.sep, "/")
            layer = layer_of(rel)
            if layer is None:
                found.append(f"src/{rel}: in no layer (the folders of src/ are the layers: {', '.join(sorted(LAYERS))})")
                continue
            allowed = GLUE.get(rel, LAYERS[layer])
            x3_ok = layer in X3_LAYERS or rel in X3_FILES
            with open(path, encoding="utf-8", errors="replace") as f:
                for number, line in enumerate(f, 1):
                    m = INCLUDE.match(line)
                    if not m:
                        continue
                    kind, target = m.groups()
                    where = f"src/{rel}:{number}"
                    if kind == "<":
                        if X3_HEADERS.match(target) and not x3_ok:
                            found.append(f"{where}: layer {layer} includes <{target}>, an X3 header")
                        continue
                    # "...": from the file's own folder, else from src/.
                    here = os.path.normpath(os.path.join(dirpath, target))
                    rooted = os.path.normpath(os.path.join(src, target))
                    resolved = here if os.path.isfile(here) else rooted if os.path.isfile(rooted) else None
                    if resolved is None:
                        if target not in GENERATED:
                            found.append(f'{where}: "{target}" is not a file of src/')
                        continue
                    target_rel = os.path.relpath(resolved, src).replace(os.sep, "/")
                    target_layer = layer_of(target_rel)
                    if target_layer not in allowed:
                        found.append(f'{where}: layer {layer} includes "{target}" of layer {target_layer}; '
                                     f"it may include {', '.join(sorted(allowed))}")
    return sorted(found)


def self_test():
    """Breaches of each kind are found in a scratch tree, and a clean one passes."""
    files = {
        "grammar/g.hpp": "#include <boost/spirit/home/x3.hpp>\n",
        "parse/scan.hpp": '#include "grammar/g.hpp"\n',                # parse (not the glue) -> grammar
        "parse/parse.cpp": '#include "grammar/g.hpp"\n#include <urns/grammar/config.hpp>\n',   # the glue: fine
        "parse/octets.hpp": "#include <urns/nss/x3.hpp>\n",            # X3 outside the glue
        "semantic/check.cpp": '#include "parse/scan.hpp"\n#include "nss/n.hpp"\n',   # semantic -> nss
        "nss/n.hpp": "#include <urns/nss/x3.hpp>\n",
        "extract/extract.cpp": '#include "semantic/pct_case.hpp"\n',   # a file that is not there
        "abnf/reader.cpp": '#include "grammar/g.hpp"\n#include "iana_registry.inc"\n',
        "stray.cpp": "\n",                                             # in no layer
    }
    want = [
        "src/extract/extract.cpp:1: \"semantic/pct_case.hpp\" is not a file of src/",
        "src/parse/octets.hpp:1: layer parse includes <urns/nss/x3.hpp>, an X3 header",
        "src/parse/scan.hpp:1: layer parse includes \"grammar/g.hpp\" of layer grammar",
        "src/semantic/check.cpp:2: layer semantic includes \"nss/n.hpp\" of layer nss",
        "src/stray.cpp: in no layer",
    ]
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "src")
        for rel, text in files.items():
            os.makedirs(os.path.dirname(os.path.join(src, rel)), exist_ok=True)
            with open(os.path.join(src, rel), "w") as f:
                f.write(text)
        got = breaches(src)
        ok = len(got) == len(want) and all(g.startswith(w) for g, w in zip(got, want))
        for rel in ("parse/scan.hpp", "parse/octets.hpp", "semantic/check.cpp", "extract/extract.cpp", "stray.cpp"):
            os.remove(os.path.join(src, rel))
        clean = breaches(src)
    if not ok or clean:
        print("check_layering.py --self-test: FAILED", file=sys.stderr)
        print("wanted:\n  " + "\n  ".join(want) + "\ngot:\n  " + "\n  ".join(got), file=sys.stderr)
        print("on the clean tree:\n  " + "\n  ".join(clean), file=sys.stderr)
        return 1
    print(f"check_layering.py --self-test: {len(want)} breaches found, none on the clean tree")
    return 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    src = os.path.join(argv[1], "src")
    found = breaches(src)
    for b in found:
        print(b, file=sys.stderr)
    if found:
        print(f"check_layering.py: {len(found)} breach(es) of the layering rule (docs/layering.md)", file=sys.stderr)
        return 1
    print(f"check_layering.py: src/ keeps the layering rule ({', '.join(sorted(LAYERS))})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
