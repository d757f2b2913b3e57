// SPDX-License-Identifier: BSL-1.0
// The extension module urns._urns: the library's parser, equivalence,
// checks, extraction, builder and percent-encoding for Python. The package
// urns (python/urns/__init__.py) re-exports it; the docstrings here are
// what help(urns) shows.
//
// Text in: a str is read as its UTF-8 bytes (a str with a lone surrogate
// cannot be encoded and raises UnicodeEncodeError), bytes as they are, and
// any other bytes-like object (bytearray, memoryview, ...) copied first,
// since it may change. Every offset given back counts bytes of that UTF-8
// (or of the bytes).
//
// The module-level functions are CPython "fast call" functions whose
// arguments are bound here (bind_args): keywords cost what positions
// cost, each function pickles by its name (its __self__ is the module),
// and each docstring begins with its signature in the form CPython reads
// as __text_signature__ (so inspect.signature works). URN is a CPython
// type of its own (urn_object): a parse_many result is made in place,
// without the GIL, in objects allocated before. The other classes are
// pybind11's; each accessor checks that its object was constructed.
//
// The parts, each with its init_* in the file of its name (common.hpp
// lists them): errors.cpp (the exception types and how C++ errors become
// them, the module functions' table), urn.cpp (the type URN),
// functions.cpp (the functions that parse, canonicalize and build),
// pct.cpp (the submodule pct), check_find.cpp (check, find and their
// classes), grammar_diagnostics.cpp (GrammarDiagnostic), namespaces.cpp
// (Namespace), registry.cpp (Registry), plugins.cpp (load_plugin and the
// registry of namespaces=True), dask.cpp (urns.dask's blocks and their
// records), arena_keeper.cpp (urns.dask's workers' arenas), pandas.cpp
// (urns.pandas's columns). Shared helpers: common.hpp, namespaces.hpp,
// urn.hpp.
#include "common.hpp"

#include <string>

using namespace urns_python;

PYBIND11_MODULE(_urns, m)
{
    m.doc() = "The C++ core of the urns package (Uniform Resource Names); import urns instead.";
    // Each docstring starts with its Python signature, in the form CPython
    // reads as __text_signature__ ("name(args)\n--\n\n").
    py::options options;
    options.disable_function_signatures();
    m.attr("__version__") = py::str(std::to_string(URNS_VERSION_MAJOR) + "." + std::to_string(URNS_VERSION_MINOR) +
                                    "." + std::to_string(URNS_VERSION_PATCH));
    syntax_names[0] = interned("rfc2141bis");
    syntax_names[1] = interned("rfc2141");
    syntax_names[2] = interned("rfc8141");

    init_errors(m);
    init_urn(m);
    init_functions(m);
    init_pct(m);
    init_check_find(m);
    init_grammar_diagnostics(m);
    init_namespaces(m);
    init_registry(m);
    init_plugins(m);
    init_dask(m);
    init_arena_keeper(m);
    init_pandas(m);

    // The classes are urns.URN etc. to their users (repr, help, pickle
    // finds them there too).
    for (char const* name : {"Diagnostic", "NamespaceFault", "Match", "MatchIterator", "GrammarDiagnostic",
                             "Namespace", "Registry"})
        m.attr(name).attr("__module__") = "urns";
}
