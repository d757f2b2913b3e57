// SPDX-License-Identifier: BSL-1.0
// What every part of the extension module urns._urns uses: text and
// arguments read from Python objects, the module functions as CPython fast
// calls (bind_args, add_function), checked access to pybind11 instances
// (self_of), and the C++ errors on their way to Python (ParseError,
// GrammarError, PluginError). The small helpers that the calls and the
// batches run for each argument or item are defined here, inline, so that
// they are inlined where they are used. Internal to python/src.
#pragma once

#include <urns/abnf.hpp>
#include <urns/urns.hpp>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstddef>
#include <cstring>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace urns_python {

namespace py = pybind11;
using namespace pybind11::literals;

// ------------------------------------------------------------ the module's parts

/// Each part registers its names in the module; PYBIND11_MODULE calls them
/// in this order (a class is registered before the parts that return it).
/// Each is defined in the file of its name: init_urn in urn.cpp.
void init_errors(py::module_& m);              // ParseError, GrammarError, PluginError
void init_urn(py::module_& m);                 // URN
void init_functions(py::module_& m);           // parse, is_valid, parse_many, canonical, ..., make_urn
void init_pct(py::module_& m);                 // the submodule pct
void init_check_find(py::module_& m);          // check, find, find_many; Diagnostic, NamespaceFault, Match
void init_grammar_diagnostics(py::module_& m); // GrammarDiagnostic
void init_namespaces(py::module_& m);          // Namespace
void init_registry(py::module_& m);            // Registry; the IANA registry's snapshot
void init_plugins(py::module_& m);             // load_plugin and the registry of namespaces=True
void init_dask(py::module_& m);                // urns.dask's _extract_block and its records
void init_arena_keeper(py::module_& m);        // urns.dask's _keep_arenas
void init_pandas(py::module_& m);              // urns.pandas's _column

// ------------------------------------------------------------ small helpers

inline std::string type_name(PyObject* o)
{
    return Py_TYPE(o)->tp_name;
}

inline std::string type_name(py::handle h)
{
    return type_name(h.ptr());
}

/// A new str of ASCII bytes (every URN, NID, rule name and canonical form
/// is ASCII: a byte 0x80-0xFF is never part of a URN).
inline PyObject* ascii_str(std::string_view s)
{
    PyObject* o = PyUnicode_New(static_cast<Py_ssize_t>(s.size()), 127);
    if (!o)
        throw py::error_already_set();
    if (!s.empty())
        std::memcpy(PyUnicode_1BYTE_DATA(o), s.data(), s.size());
    return o;
}

inline py::object ascii_obj(std::string_view s)
{
    return py::reinterpret_steal<py::object>(ascii_str(s));
}

/// An interned str that lives as long as the process (names, constants).
inline PyObject* interned(char const* s)
{
    PyObject* o = PyUnicode_InternFromString(s);
    if (!o)
        throw py::error_already_set();
    return o;
}

// ------------------------------------------------------------ text in

/// The bytes of a str (UTF-8) or bytes-like argument, and the object that
/// owns them (the str caches its UTF-8 form; a bytearray or other mutable
/// buffer is copied, since it may change while the GIL is released).
struct text_arg {
    py::object owner;
    std::string_view view;
};

/// The bytes of `o`, without a copy for str and bytes; false (with no
/// Python error set) if `o` is not text; throws error_already_set for a
/// str that UTF-8 cannot encode. `copy` receives a copy of a mutable buffer.
inline bool text_view(PyObject* o, std::string_view& out, std::string* copy)
{
    if (PyUnicode_Check(o)) {
        Py_ssize_t n = 0;
        char const* p = PyUnicode_AsUTF8AndSize(o, &n);
        if (!p)
            throw py::error_already_set(); // UnicodeEncodeError: a lone surrogate
        out = {p, static_cast<std::size_t>(n)};
        return true;
    }
    if (PyBytes_Check(o)) {
        out = {PyBytes_AS_STRING(o), static_cast<std::size_t>(PyBytes_GET_SIZE(o))};
        return true;
    }
    if (!PyObject_CheckBuffer(o))
        return false;
    Py_buffer b;
    if (PyObject_GetBuffer(o, &b, PyBUF_SIMPLE) != 0) {
        PyErr_Clear(); // not contiguous bytes: not text
        return false;
    }
    copy->assign(static_cast<char const*>(b.buf), static_cast<std::size_t>(b.len));
    PyBuffer_Release(&b);
    out = *copy;
    return true;
}

[[noreturn]] inline void not_text(PyObject* o, char const* what)
{
    throw py::type_error(std::string(what) + " must be str or bytes-like, not " + type_name(o));
}

inline text_arg get_text(PyObject* o, char const* what)
{
    std::string copy;
    text_arg t;
    if (!text_view(o, t.view, &copy))
        not_text(o, what);
    if (PyUnicode_Check(o) || PyBytes_Check(o)) {
        t.owner = py::reinterpret_borrow<py::object>(o);
    } else {
        t.owner = py::bytes(copy);
        t.view = {PyBytes_AS_STRING(t.owner.ptr()), copy.size()};
    }
    return t;
}

inline text_arg get_text(py::handle h, char const* what)
{
    return get_text(h.ptr(), what);
}

/// The items of a batch argument, as a tuple: an iterable of texts, not a single one
/// (a str or bytes would be read item by item).
inline py::object batch_items(PyObject* iterable, char const* what)
{
    if (PyUnicode_Check(iterable) || PyBytes_Check(iterable) || PyByteArray_Check(iterable))
        throw py::type_error(std::string(what) + " must be an iterable of str or bytes, not a single " +
                             type_name(iterable));
    // A tuple of the items (the tuple itself if it is one): it holds every
    // item while the batch reads them without the GIL, so that another
    // thread that changes a list meanwhile frees none of them.
    PyObject* seq = PySequence_Tuple(iterable);
    if (!seq) {
        if (!PyErr_ExceptionMatches(PyExc_TypeError))
            throw py::error_already_set(); // what the iteration raised (a generator's error, MemoryError)
        PyErr_Clear();
        throw py::type_error(std::string(what) + " must be an iterable of str or bytes, not " + type_name(iterable));
    }
    return py::reinterpret_steal<py::object>(seq);
}

/// The exception that item `i` of a batch gives (the error being set):
/// it gets an `index` attribute, and a TypeError's message names the item.
inline py::object item_exception(std::size_t i)
{
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    PyErr_NormalizeException(&type, &value, &tb);
    py::object exc = py::reinterpret_steal<py::object>(value);
    Py_XDECREF(type);
    Py_XDECREF(tb);
    PyObject_SetAttrString(exc.ptr(), "index", py::int_(i).ptr());
    if (PyObject_HasAttrString(exc.ptr(), "add_note"))
        exc.attr("add_note")("(item " + std::to_string(i) + " of the batch)");
    PyErr_Clear();
    return exc;
}

/// The text of batch item `i`: true and its bytes; or false and `error`
/// holding the exception it raises (not text, or a str UTF-8 cannot encode).
inline bool batch_text(PyObject* item, std::size_t i, char const* what, std::string_view& out,
                       std::deque<std::string>& copies, py::object& error)
{
    std::string copy;
    try {
        if (text_view(item, out, &copy)) {
            if (!PyUnicode_Check(item) && !PyBytes_Check(item)) {
                copies.push_back(std::move(copy));
                out = copies.back();
            }
            return true;
        }
        std::string const msg =
            std::string(what) + "[" + std::to_string(i) + "] must be str or bytes-like, not " + type_name(item);
        PyErr_SetString(PyExc_TypeError, msg.c_str());
    } catch (py::error_already_set& e) {
        e.restore();
    }
    error = item_exception(i);
    return false;
}

/// Text from outside that need not be UTF-8 (a plugin's rule name), as
/// a str: bytes that are not UTF-8 become lone surrogates.
inline py::object lenient_str(std::string_view v)
{
    PyObject* o = PyUnicode_DecodeUTF8(v.data(), static_cast<Py_ssize_t>(v.size()), "surrogateescape");
    if (!o)
        throw py::error_already_set();
    return py::reinterpret_steal<py::object>(o);
}

/// A tuple of str of rule names (as lenient_str makes each).
template <class Names>
py::tuple names_tuple(Names const& names)
{
    py::tuple t(names.size());
    std::size_t i = 0;
    for (auto const& n : names)
        t[i++] = lenient_str(std::string_view(n));
    return t;
}

// ------------------------------------------------------------ arguments

/// The interned str of each syntax name, compared by pointer first (set
/// when the module is imported).
inline PyObject* syntax_names[3];
inline constexpr urns::syntax syntax_values[3] = {urns::syntax::rfc2141bis, urns::syntax::rfc2141,
                                                  urns::syntax::rfc8141};

inline urns::syntax get_syntax(std::string_view name)
{
    if (auto s = urns::syntax_from_string(name))
        return *s;
    throw py::value_error("unknown syntax '" + std::string(name) +
                          "': expected 'rfc2141bis', 'rfc2141' or 'rfc8141'");
}

/// A syntax= argument (nullptr: the default).
inline urns::syntax get_syntax(PyObject* o)
{
    if (!o)
        return urns::syntax::rfc2141bis;
    for (int i = 0; i < 3; ++i)
        if (o == syntax_names[i])
            return syntax_values[i];
    if (!PyUnicode_Check(o))
        throw py::type_error("syntax must be str, not " + type_name(o));
    Py_ssize_t n = 0;
    char const* p = PyUnicode_AsUTF8AndSize(o, &n);
    if (!p)
        throw py::error_already_set();
    return get_syntax(std::string_view(p, static_cast<std::size_t>(n)));
}

inline PyObject* syntax_str(urns::syntax s)
{
    for (int i = 0; i < 3; ++i)
        if (syntax_values[i] == s)
            return syntax_names[i];
    return syntax_names[0];
}

inline std::string str_arg(PyObject* o, char const* what)
{
    if (!PyUnicode_Check(o))
        throw py::type_error(std::string(what) + " must be str, not " + type_name(o));
    Py_ssize_t n = 0;
    char const* p = PyUnicode_AsUTF8AndSize(o, &n);
    if (!p)
        throw py::error_already_set();
    return std::string(p, static_cast<std::size_t>(n));
}

inline std::optional<urns::equivalence_mode> get_mode(PyObject* o)
{
    if (!o || o == Py_None)
        return std::nullopt;
    std::string const name = str_arg(o, "mode");
    using m = urns::equivalence_mode;
    for (m x : {m::rfc2141, m::rfc2141bis_drop_query, m::rfc2141bis_keep_query, m::rfc8141})
        if (urns::to_string(x) == name)
            return x;
    throw py::value_error("unknown equivalence mode '" + name +
                          "': expected 'rfc2141', 'rfc2141bis-5a', 'rfc2141bis-5b' or 'rfc8141'");
}

/// A size or offset argument: an int >= 0.
inline std::size_t size_arg(PyObject* o, char const* what)
{
    std::size_t const v = PyLong_AsSize_t(o);
    if (v == static_cast<std::size_t>(-1) && PyErr_Occurred()) {
        PyErr_Clear();
        throw py::type_error(std::string(what) + " must be an int >= 0");
    }
    return v;
}

/// A bool argument: its truth (nullptr: `dflt`).
inline bool get_bool(PyObject* o, bool dflt)
{
    if (!o)
        return dflt;
    int const r = PyObject_IsTrue(o);
    if (r < 0)
        throw py::error_already_set();
    return r != 0;
}

enum class on_error { raise, none, keep };

inline on_error get_on_error(PyObject* o)
{
    if (!o)
        return on_error::raise;
    std::string const s = str_arg(o, "errors");
    if (s == "raise")
        return on_error::raise;
    if (s == "none")
        return on_error::none;
    if (s == "return")
        return on_error::keep;
    throw py::value_error("errors must be 'raise', 'none' or 'return', not '" + s + "'");
}

/// The parameters of a function: names (the first `positional` may be
/// given by position), how many are required, and their interned names.
struct signature {
    char const* function;
    std::vector<char const*> names;
    std::size_t required = 0;
    std::size_t positional = 0;
    std::vector<PyObject*> keys;
};

inline constexpr std::size_t max_params = 13;

/// Binds a fast call's arguments to the parameters: out[i] is the
/// argument of parameter i, or nullptr if it was left out. False with a
/// TypeError set, as Python's own functions word it.
inline bool bind_args(signature const& s, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames, PyObject** out)
{
    auto const n = static_cast<std::size_t>(nargs);
    if (n > s.positional) {
        PyErr_Format(PyExc_TypeError, "%s() takes at most %zu positional arguments (%zu given)", s.function,
                     s.positional, n);
        return false;
    }
    for (std::size_t i = 0; i < n; ++i)
        out[i] = args[i];
    if (kwnames) {
        Py_ssize_t const nk = PyTuple_GET_SIZE(kwnames);
        for (Py_ssize_t k = 0; k < nk; ++k) {
            PyObject* key = PyTuple_GET_ITEM(kwnames, k);
            std::size_t i = 0;
            while (i < s.keys.size() && s.keys[i] != key)
                ++i;
            if (i == s.keys.size()) { // not interned the same way: compare the text
                i = 0;
                while (i < s.keys.size() && PyUnicode_Compare(s.keys[i], key) != 0)
                    ++i;
                if (PyErr_Occurred())
                    return false;
            }
            if (i == s.keys.size()) {
                PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument '%U'", s.function, key);
                return false;
            }
            if (out[i]) {
                PyErr_Format(PyExc_TypeError, "%s() got multiple values for argument '%s'", s.function, s.names[i]);
                return false;
            }
            out[i] = args[n + static_cast<std::size_t>(k)];
        }
    }
    for (std::size_t i = 0; i < s.required; ++i)
        if (!out[i]) {
            PyErr_Format(PyExc_TypeError, "%s() missing required argument '%s' (pos %zu)", s.function, s.names[i],
                         i + 1);
            return false;
        }
    return true;
}

/// Sets the Python error of the C++ exception being handled, as
/// pybind11's own functions do (its translators, then urns' own).
void set_python_error();

/// A module-level function's body: args[i] is the argument of parameter i,
/// or nullptr if it was left out.
using body_fn = py::object (*)(PyObject** args);

/// Adds a function to `module` (whose __module__ is `public_module`, where
/// pickle finds it by name). `params` as Python writes them: "text",
/// "syntax='rfc2141bis'", "*" before keyword-only ones; the docstring's
/// first line is the signature, the rest `doc`.
void add_function(py::module_& module, char const* public_module, char const* name,
                  std::vector<std::string> const& params, body_fn body, std::string const& doc);

// ------------------------------------------------------------ pybind11 instances

/// Whether a pybind11 instance holds a constructed value: one made with
/// cls.__new__(cls) and no __init__ does not (pybind11 would hand its
/// methods uninitialized memory).
inline bool initialized(py::handle h)
{
    // The value pointer is null until __init__ made the value; an
    // instance that refers to another's member (Match.namespace_fault)
    // has one and no holder of its own.
    auto* inst = reinterpret_cast<py::detail::instance*>(h.ptr());
    return inst->get_value_and_holder().value_ptr() != nullptr;
}

/// The C++ object of a pybind11 instance of T, after checking that it is
/// one and that it was constructed (a TypeError, not a crash, otherwise).
template <class T>
inline T& self_of(py::handle h, char const* cls)
{
    if (!py::isinstance<T>(h))
        throw py::type_error(std::string("expected urns.") + cls + ", not " + type_name(h.ptr()));
    if (!initialized(h))
        throw py::type_error(std::string("this urns.") + cls + " object was not initialized (made by __new__ alone)");
    return h.cast<T&>();
}

/// pybind11 accessors that check their object first (see self_of).
template <class T, class M>
auto field(M T::*pm, char const* cls)
{
    return [pm, cls](py::handle self) -> M const& { return self_of<T>(self, cls).*pm; };
}

template <class T, class F>
auto checked(char const* cls, F f)
{
    return [f, cls](py::handle self) { return f(self_of<T>(self, cls)); };
}

// ------------------------------------------------------------ errors

/// A grammar that from_abnf() could not use, on its way to Python as
/// urns.GrammarError.
struct grammar_failure {
    std::vector<urns::abnf::diagnostic> diagnostics;
    std::string text;
};

/// A plugin that cannot be loaded, on its way to Python as
/// urns.PluginError (an ImportError whose path is the plugin's).
struct plugin_failure {
    std::string path;    // as given
    std::string reason;  // why, without the path
    std::string message; // where from, the path and why
};

/// A parse_error on its way to Python, with its caret message made while
/// the input is at hand. Thrown with or without the GIL; translated into
/// urns.ParseError once it is held again.
struct parse_failure {
    urns::parse_error error;
    std::string message;
    std::optional<std::size_t> index; // the item of a batch

    parse_failure(urns::parse_error const& e, std::string_view input, std::optional<std::size_t> i = std::nullopt)
        : error(e), message(urns::to_string(e, input)), index(i)
    {
    }
};

/// The exception types, made by init_errors.
inline PyObject* parse_error_type = nullptr;
/// urns.UndecidedError, a ParseError: a namespace's rule could not decide.
inline PyObject* undecided_error_type = nullptr;
inline PyObject* grammar_error_type = nullptr;
inline PyObject* plugin_error_type = nullptr;

/// The urns.ParseError of a parse_failure (not raised).
py::object make_parse_error(parse_failure const& f);

[[noreturn]] inline void raise(urns::parse_error const& e, std::string_view input)
{
    throw parse_failure(e, input);
}

// ------------------------------------------------------------ batches

/// How many items a batch works on between two takings of the GIL (the
/// results of a chunk are held in C++ until then).
constexpr std::size_t chunk_items = 4096;

/// A batch item that failed to parse: None, or the ParseError itself (its
/// caret message made only then).
inline py::object failed_item(on_error how, urns::parse_error const& e, std::string_view input, std::size_t i)
{
    // An undecided item is not an invalid one: never None (docs/python.md).
    if (how == on_error::none && e.code == urns::error::nss_undecided)
        throw parse_failure(e, input, i);
    return how == on_error::none ? py::object(py::none()) : make_parse_error(parse_failure(e, input, i));
}

/// A batch item that is not text: raised, None, or the exception itself.
inline py::object bad_item(on_error how, py::object const& exc)
{
    if (how == on_error::raise) {
        PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(exc.ptr())), exc.ptr());
        throw py::error_already_set();
    }
    return how == on_error::none ? py::object(py::none()) : exc;
}

/** The three ways a batch call takes an item that is not text, one rule a
    call (docs/python.md, "Items that are not text"). */
enum class item_rule {
    /// parse_many, canonical_many, find_many: every item must be text. An
    /// item that is not (None too) raises TypeError, a str that UTF-8
    /// cannot encode UnicodeEncodeError, each with the item's .index; where
    /// the call takes errors=, it places that exception as for a text that
    /// is not a URN.
    text_only,
    /// urns.pandas's accessor (every call): None is a missing value, a str
    /// that UTF-8 cannot encode is not a URN, any other item raises
    /// TypeError with its .index.
    column,
    /// is_valid_many: an item that is not text, or a str that UTF-8 cannot
    /// encode, is not a URN.
    not_a_urn,
};

/// What batch_item found an item to be.
enum class item_is {
    text,    ///< its bytes are in `out`
    missing, ///< None, under item_rule::column
    not_urn, ///< not a URN by the rule (`error` says why, where there is an exception)
    error,   ///< under item_rule::text_only: `error` is the item's exception
};

/** Item `i` of a batch by `rule`: the one place where every batch call and
    the pandas accessor decide what an item that is not text is. Raises the
    item's TypeError where the rule says it raises. */
inline item_is batch_item(item_rule rule, PyObject* item, std::size_t i, std::string_view& out,
                          std::deque<std::string>& copies, py::object& error)
{
    if (item == Py_None && rule != item_rule::text_only)
        return rule == item_rule::column ? item_is::missing : item_is::not_urn;
    if (batch_text(item, i, "texts", out, copies, error))
        return item_is::text;
    switch (rule) {
    case item_rule::text_only: return item_is::error;
    case item_rule::column:
        if (!PyUnicode_Check(item))
            bad_item(on_error::raise, error); // neither text nor None
        return item_is::not_urn;
    case item_rule::not_a_urn: break;
    }
    return item_is::not_urn;
}

} // namespace urns_python
