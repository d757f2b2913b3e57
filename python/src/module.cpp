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
#include <urns/abnf.hpp>
#include <urns/nss/abnf.hpp>
#include <urns/nss/builtin.hpp>
#include <urns/urns.hpp>
#include <urns/nss/plugin_loader.hpp>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstring>
#include <deque>
#include <functional>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

namespace py = pybind11;
using namespace pybind11::literals;

namespace {

// ------------------------------------------------------------ small helpers

std::string type_name(PyObject* o)
{
    return Py_TYPE(o)->tp_name;
}

std::string type_name(py::handle h)
{
    return type_name(h.ptr());
}

/// A new str of ASCII bytes (every URN, NID, rule name and canonical form
/// is ASCII: a byte 0x80-0xFF is never part of a URN).
PyObject* ascii_str(std::string_view s)
{
    PyObject* o = PyUnicode_New(static_cast<Py_ssize_t>(s.size()), 127);
    if (!o)
        throw py::error_already_set();
    if (!s.empty())
        std::memcpy(PyUnicode_1BYTE_DATA(o), s.data(), s.size());
    return o;
}

py::object ascii_obj(std::string_view s)
{
    return py::reinterpret_steal<py::object>(ascii_str(s));
}

/// An interned str that lives as long as the process (names, constants).
PyObject* interned(char const* s)
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
bool text_view(PyObject* o, std::string_view& out, std::string* copy)
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

[[noreturn]] void not_text(PyObject* o, char const* what)
{
    throw py::type_error(std::string(what) + " must be str or bytes-like, not " + type_name(o));
}

text_arg get_text(PyObject* o, char const* what)
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

text_arg get_text(py::handle h, char const* what)
{
    return get_text(h.ptr(), what);
}

/// The items of a batch argument: an iterable of texts, not a single one
/// (a str or bytes would be read item by item).
py::object batch_items(PyObject* iterable, char const* what)
{
    if (PyUnicode_Check(iterable) || PyBytes_Check(iterable) || PyByteArray_Check(iterable))
        throw py::type_error(std::string(what) + " must be an iterable of str or bytes, not a single " +
                             type_name(iterable));
    PyObject* seq = PySequence_Fast(iterable, "");
    if (!seq) {
        PyErr_Clear();
        throw py::type_error(std::string(what) + " must be an iterable of str or bytes, not " + type_name(iterable));
    }
    return py::reinterpret_steal<py::object>(seq);
}

/// The exception that item `i` of a batch gives (the error being set):
/// it gets an `index` attribute, and a TypeError's message names the item.
py::object item_exception(std::size_t i)
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
bool batch_text(PyObject* item, std::size_t i, char const* what, std::string_view& out, std::deque<std::string>& copies,
                py::object& error)
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

// ------------------------------------------------------------ arguments

/// The interned str of each syntax name, compared by pointer first.
PyObject* syntax_names[3];
urns::syntax const syntax_values[3] = {urns::syntax::rfc2141bis, urns::syntax::rfc2141, urns::syntax::rfc8141};

urns::syntax get_syntax(std::string_view name)
{
    if (auto s = urns::syntax_from_string(name))
        return *s;
    throw py::value_error("unknown syntax '" + std::string(name) +
                          "': expected 'rfc2141bis', 'rfc2141' or 'rfc8141'");
}

/// A syntax= argument (nullptr: the default).
urns::syntax get_syntax(PyObject* o)
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

PyObject* syntax_str(urns::syntax s)
{
    for (int i = 0; i < 3; ++i)
        if (syntax_values[i] == s)
            return syntax_names[i];
    return syntax_names[0];
}

std::string str_arg(PyObject* o, char const* what)
{
    if (!PyUnicode_Check(o))
        throw py::type_error(std::string(what) + " must be str, not " + type_name(o));
    Py_ssize_t n = 0;
    char const* p = PyUnicode_AsUTF8AndSize(o, &n);
    if (!p)
        throw py::error_already_set();
    return std::string(p, static_cast<std::size_t>(n));
}

std::optional<urns::equivalence_mode> get_mode(PyObject* o)
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

/// A bool argument: its truth (nullptr: `dflt`).
bool get_bool(PyObject* o, bool dflt)
{
    if (!o)
        return dflt;
    int const r = PyObject_IsTrue(o);
    if (r < 0)
        throw py::error_already_set();
    return r != 0;
}

enum class on_error { raise, none, keep };

on_error get_on_error(PyObject* o)
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

constexpr std::size_t max_params = 12;

/// Binds a fast call's arguments to the parameters: out[i] is the
/// argument of parameter i, or nullptr if it was left out. False with a
/// TypeError set, as Python's own functions word it.
bool bind_args(signature const& s, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames, PyObject** out)
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
void set_python_error()
{
    if (py::detail::apply_exception_translators(py::detail::get_local_internals().registered_exception_translators))
        return;
    if (py::detail::apply_exception_translators(py::detail::get_internals().registered_exception_translators))
        return;
    PyErr_SetString(PyExc_SystemError, "urns: an unknown C++ exception");
}

/// A module-level function: its signature, body and method definition.
using body_fn = py::object (*)(PyObject** args);

struct function_entry {
    signature sig;
    body_fn body = nullptr;
    std::string doc;
    PyMethodDef def{};
};

std::deque<function_entry>& function_table()
{
    static std::deque<function_entry> table; // stable addresses for PyMethodDef
    return table;
}

template <std::size_t I>
PyObject* fast_entry(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames)
{
    function_entry const& e = function_table()[I];
    PyObject* a[max_params] = {};
    try {
        if (!bind_args(e.sig, args, PyVectorcall_NARGS(nargs), kwnames, a))
            return nullptr;
        return e.body(a).release().ptr();
    } catch (...) {
        set_python_error();
        return nullptr;
    }
}

template <std::size_t... I>
constexpr std::array<_PyCFunctionFastWithKeywords, sizeof...(I)> make_entries(std::index_sequence<I...>)
{
    return {&fast_entry<I>...};
}

constexpr auto fast_entries = make_entries(std::make_index_sequence<32>());

/// Adds a function to `module` (whose __module__ is `public_module`, where
/// pickle finds it by name). `params` as Python writes them: "text",
/// "syntax='rfc2141bis'", "*" before keyword-only ones; the docstring's
/// first line is the signature, the rest `doc`.
void add_function(py::module_& module, char const* public_module, char const* name,
                  std::vector<std::string> const& params, body_fn body, std::string const& doc)
{
    auto& table = function_table();
    std::size_t const index = table.size();
    if (index >= fast_entries.size())
        throw std::logic_error("urns: too many module functions");
    function_entry& e = table.emplace_back();
    e.sig.function = name;
    std::string text_sig = std::string(name) + "(";
    bool keyword_only = false;
    for (std::string const& p : params) {
        if (text_sig.back() != '(')
            text_sig += ", ";
        text_sig += p;
        if (p == "*") {
            keyword_only = true;
            continue;
        }
        std::size_t const eq = p.find('=');
        auto* stored = new std::string(p.substr(0, eq)); // lives as long as the function
        e.sig.names.push_back(stored->c_str());
        e.sig.keys.push_back(interned(stored->c_str()));
        if (eq == std::string::npos)
            e.sig.required = e.sig.names.size();
        if (!keyword_only)
            e.sig.positional = e.sig.names.size();
    }
    if (e.sig.names.size() > max_params)
        throw std::logic_error("urns: too many parameters");
    e.body = body;
    e.doc = text_sig + ")\n--\n\n" + doc;
    e.def.ml_name = name;
    e.def.ml_meth = reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(fast_entries[index]));
    e.def.ml_flags = METH_FASTCALL | METH_KEYWORDS;
    e.def.ml_doc = e.doc.c_str();
    py::str mod(public_module);
    PyObject* f = PyCFunction_NewEx(&e.def, module.ptr(), mod.ptr());
    if (!f)
        throw py::error_already_set();
    module.attr(name) = py::reinterpret_steal<py::object>(f);
}

// ------------------------------------------------------------ namespaces

/// Whether a pybind11 instance holds a constructed value: one made with
/// cls.__new__(cls) and no __init__ does not (pybind11 would hand its
/// methods uninitialized memory).
bool initialized(py::handle h)
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
T& self_of(py::handle h, char const* cls)
{
    if (!py::isinstance<T>(h))
        throw py::type_error(std::string("expected urns.") + cls + ", not " + type_name(h.ptr()));
    if (!initialized(h))
        throw py::type_error(std::string("this urns.") + cls + " object was not initialized (made by __new__ alone)");
    return h.cast<T&>();
}

/// A grammar that from_abnf() could not use, on its way to Python as
/// urns.GrammarError.
struct grammar_failure {
    std::vector<urns::abnf::diagnostic> diagnostics;
    std::string text;
};

/// A urns.Namespace: a shipped namespace (by its NID), or one compiled from
/// ABNF, with what made it (so that it pickles as its text and options).
struct py_namespace {
    urns::nss::namespace_rules rules;
    bool shipped = false;
    std::string nid;
    std::optional<std::string> abnf, root; // ABNF namespaces only
    std::optional<std::string> plugin;     // a plugin's namespaces: its path, as given
    std::vector<std::string> case_insensitive, fields;
    std::string reference;
    std::vector<urns::abnf::diagnostic> warnings;
};

std::string lower(std::string_view s)
{
    std::string r(s);
    for (char& c : r)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return r;
}

/// A urns.Registry: the shipped namespaces or none, and those added, in
/// order. The library's registry is rebuilt on add() and shared with the
/// calls that use it, so a call running without the GIL keeps the
/// registry it started with.
struct py_registry {
    bool builtin = true;
    std::vector<std::shared_ptr<py_namespace>> added;
    std::shared_ptr<urns::nss::registry const> reg;

    void add(std::shared_ptr<py_namespace> const& ns)
    {
        auto next = std::make_shared<urns::nss::registry>(*reg);
        next->add(ns->rules);
        std::string const key = lower(ns->nid);
        auto same = std::find_if(added.begin(), added.end(),
                                 [&](std::shared_ptr<py_namespace> const& x) { return lower(x->nid) == key; });
        if (same != added.end())
            *same = ns;
        else
            added.push_back(ns);
        reg = std::move(next);
    }
};

std::shared_ptr<urns::nss::registry const> shipped_registry(bool builtin)
{
    static std::shared_ptr<urns::nss::registry const> const empty = std::make_shared<urns::nss::registry>();
    // Aliasing: points to the static builtin() and owns nothing.
    return builtin ? std::shared_ptr<urns::nss::registry const>(std::shared_ptr<void>(), &urns::nss::builtin())
                   : empty;
}

py_namespace& ns_of(py::handle h)
{
    return self_of<py_namespace>(h, "Namespace");
}

std::shared_ptr<py_namespace> namespace_arg(py::handle h)
{
    ns_of(h);
    return h.cast<std::shared_ptr<py_namespace>>();
}

/// What a `namespaces=` argument means: no rules (null), the shipped ones,
/// or a registry that `keep` holds for the call.
struct ns_arg {
    urns::nss::registry const* reg = nullptr;
    std::shared_ptr<urns::nss::registry const> keep;
    explicit operator bool() const noexcept { return reg != nullptr; }
};

// ------------------------------------------------------------ plugins

/// A plugin that cannot be loaded, on its way to Python as
/// urns.PluginError (an ImportError whose path is the plugin's).
struct plugin_failure {
    std::string path;    // as given
    std::string reason;  // why, without the path
    std::string message; // where from, the path and why
};

PyObject* plugin_error_type = nullptr;

/// The registry of namespaces=True: the shipped namespaces and the
/// plugins' (load_plugin(), URNS_PLUGINS); null while no plugin is
/// loaded (builtin() is then used as it is). Replaced, never changed, by
/// a load, so that a call running without the GIL keeps the registry it
/// started with. Changed with the GIL held.
std::shared_ptr<urns::nss::registry const> g_default_registry;
/// The plugins' namespaces, in the order they were loaded.
std::vector<std::shared_ptr<py_namespace>> g_plugin_namespaces;
/// Whether URNS_PLUGINS was read and every plugin it names loaded.
bool g_environment_loaded = false;

/** Loads the plugin at `path` with the library's loader (its policy: a
    name without "/" in the current directory first, one shared object
    loaded once) and adds its namespaces to the registry of
    namespaces=True; `from` is what the message begins with. The NIDs of
    its namespaces. A NID the registry has from elsewhere (a shipped one,
    another plugin's) is refused, and then nothing of the plugin is added;
    the same plugin again adds nothing. */
std::vector<std::string> load_into_default(std::string const& path, std::string const& from)
{
    urns::nss::loaded_plugin p;
    try {
        p = urns::nss::load_plugin(path);
    } catch (urns::nss::plugin_error const& e) {
        throw plugin_failure{path, e.why(), from + e.what()};
    }
    urns::nss::registry const& current = g_default_registry ? *g_default_registry : urns::nss::builtin();
    std::vector<urns::nss::namespace_rules> added;
    std::vector<std::string> nids;
    for (urns::nss::namespace_rules const& r : p.rules) {
        nids.emplace_back(r.nid);
        urns::nss::namespace_rules const* have = current.find(r.nid);
        if (have && have->context == r.context)
            continue; // this plugin's, loaded before
        if (have) {
            std::string const why = "the NID " + std::string(r.nid) + " is already registered";
            throw plugin_failure{path, why, from + "cannot load plugin " + path + ": " + why};
        }
        added.push_back(r);
    }
    if (!added.empty()) {
        auto next = std::make_shared<urns::nss::registry>(current);
        for (urns::nss::namespace_rules const& r : added) {
            next->add(r);
            auto ns = std::make_shared<py_namespace>();
            ns->rules = r;
            ns->nid = std::string(r.nid);
            ns->reference = std::string(r.reference);
            ns->plugin = path;
            g_plugin_namespaces.push_back(std::move(ns));
        }
        g_default_registry = std::move(next);
    }
    return nids;
}

/// Loads the plugins of URNS_PLUGINS (paths separated by ":", read with
/// secure_getenv as the urn tool reads it: not in a set-user-ID or
/// set-group-ID process) on the first call that needs the registry of
/// namespaces=True. A plugin that cannot be loaded raises PluginError,
/// and again on each such call, until the variable is right.
void load_environment_plugins()
{
    if (g_environment_loaded)
        return;
    for (std::string const& path : urns::nss::environment_plugins())
        load_into_default(path, "URNS_PLUGINS: ");
    g_environment_loaded = true;
}

/// The registry of namespaces=True (URNS_PLUGINS loaded first).
ns_arg default_namespaces()
{
    load_environment_plugins();
    if (g_default_registry)
        return {g_default_registry.get(), g_default_registry};
    return {&urns::nss::builtin(), nullptr};
}

/// True or False (two pointer compares), None, an int (its truth), a
/// Registry, or an iterable of Namespace (the shipped ones and those);
/// nullptr: the default, False.
ns_arg get_namespaces(PyObject* o)
{
    if (!o || o == Py_False || o == Py_None)
        return {};
    if (o == Py_True)
        return default_namespaces();
    py::handle h(o);
    if (py::isinstance<py_registry>(h)) {
        py_registry const& r = self_of<py_registry>(h, "Registry");
        return {r.reg.get(), r.reg};
    }
    if (PyLong_Check(o))
        return PyObject_IsTrue(o) ? default_namespaces() : ns_arg{};
    PyObject* it = PyUnicode_Check(o) || PyBytes_Check(o) ? nullptr : PyObject_GetIter(o);
    if (!it) {
        PyErr_Clear();
        throw py::type_error("namespaces must be a bool, a urns.Registry or an iterable of urns.Namespace, not " +
                             type_name(o));
    }
    auto reg = std::make_shared<urns::nss::registry>(urns::nss::builtin());
    for (py::handle item : py::reinterpret_steal<py::iterator>(it))
        reg->add(namespace_arg(item)->rules);
    return {reg.get(), reg};
}

// ------------------------------------------------------------ errors

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

PyObject* parse_error_type = nullptr;

py::object make_parse_error(parse_failure const& f)
{
    py::object exc = py::reinterpret_borrow<py::object>(parse_error_type)(py::str(f.message));
    exc.attr("offset") = f.error.offset;
    exc.attr("expected") = py::str(std::string(f.error.expected));
    py::list also;
    for (std::string_view a : f.error.also_expected)
        also.append(py::str(std::string(a)));
    exc.attr("also_expected") = py::tuple(also);
    exc.attr("code") = py::str(std::string(urns::error_code_name(f.error.code)));
    exc.attr("reason") = py::str(f.error.code.message());
    exc.attr("syntax") = py::str(std::string(urns::to_string(f.error.syntax)));
    exc.attr("index") = f.index ? py::object(py::int_(*f.index)) : py::object(py::none());
    return exc;
}

[[noreturn]] void raise(urns::parse_error const& e, std::string_view input)
{
    throw parse_failure(e, input);
}

// ------------------------------------------------------------ URN objects

/// A namespace's verdict on an NSS as an optional fault: a verdict is
/// either an optional fault or a result that is true when the NSS is valid
/// (whose error() is the fault).
template <class Verdict>
std::optional<urns::nss::nss_fault> fault_of(Verdict const& v)
{
    if constexpr (std::is_same_v<Verdict, std::optional<urns::nss::nss_fault>>)
        return v;
    else
        return v ? std::nullopt : std::optional<urns::nss::nss_fault>(v.error());
}

/// urns.URN: a urns::urn in the object itself. `ready` is false between
/// the allocation and the parse (parse_many), and for an object whose
/// parse failed: then there is no urn to destroy.
struct urn_object {
    PyObject_HEAD
    Py_hash_t hash;
    bool ready;
    alignas(urns::urn) unsigned char storage[sizeof(urns::urn)];

    urns::urn& get() noexcept { return *std::launder(reinterpret_cast<urns::urn*>(storage)); }
};

/// Filled in by init_urn_type (a static type: zero-initialized, then
/// set field by field).
PyTypeObject urn_type;

bool is_urn(PyObject* o)
{
    return PyObject_TypeCheck(o, &urn_type);
}

urns::urn const& urn_of(PyObject* o)
{
    auto* u = reinterpret_cast<urn_object*>(o);
    if (!u->ready) // cannot happen from Python: tp_new parses
        throw py::type_error("this urns.URN object holds no URN");
    return u->get();
}

/// A new URN object of `type` (uninitialized: ready is false).
urn_object* alloc_urn(PyTypeObject* type)
{
    auto* u = reinterpret_cast<urn_object*>(type->tp_alloc(type, 0));
    if (!u)
        throw py::error_already_set();
    u->hash = -1;
    u->ready = false;
    return u;
}

py::object make_urn_object(urns::urn_view v, PyTypeObject* type = &urn_type)
{
    urn_object* u = alloc_urn(type);
    auto o = py::reinterpret_steal<py::object>(reinterpret_cast<PyObject*>(u));
    new (u->storage) urns::urn(v);
    u->ready = true;
    return o;
}

void urn_dealloc(PyObject* self)
{
    auto* u = reinterpret_cast<urn_object*>(self);
    if (u->ready)
        u->get().~urn();
    Py_TYPE(self)->tp_free(self);
}

urns::result<urns::urn_view> parse_view(std::string_view s, urns::syntax syn, ns_arg const& namespaces)
{
    urns::parse_options o;
    o.syntax = syn;
    o.registry = namespaces.reg;
    return urns::parse_urn(s, o);
}

signature urn_new_sig;

PyObject* urn_vectorcall(PyObject* type, PyObject* const* args, std::size_t nargsf, PyObject* kwnames)
{
    PyObject* a[max_params] = {};
    try {
        if (!bind_args(urn_new_sig, args, PyVectorcall_NARGS(nargsf), kwnames, a))
            return nullptr;
        text_arg t = get_text(a[0], "text");
        ns_arg const ns = get_namespaces(a[2]);
        auto r = parse_view(t.view, get_syntax(a[1]), ns);
        if (!r)
            raise(r.error(), t.view);
        return make_urn_object(*r, reinterpret_cast<PyTypeObject*>(type)).release().ptr();
    } catch (...) {
        set_python_error();
        return nullptr;
    }
}

PyObject* urn_new(PyTypeObject* type, PyObject* args, PyObject* kwargs)
{
    // The tuple and dict of tp_new turned into a fast call's arguments.
    std::vector<PyObject*> all;
    Py_ssize_t const n = PyTuple_GET_SIZE(args);
    for (Py_ssize_t i = 0; i < n; ++i)
        all.push_back(PyTuple_GET_ITEM(args, i));
    py::object names;
    if (kwargs && PyDict_GET_SIZE(kwargs) != 0) {
        py::list keys;
        PyObject *k, *v;
        Py_ssize_t pos = 0;
        while (PyDict_Next(kwargs, &pos, &k, &v)) {
            keys.append(k);
            all.push_back(v);
        }
        names = py::tuple(keys);
    }
    return urn_vectorcall(reinterpret_cast<PyObject*>(type), all.data(), static_cast<std::size_t>(n),
                          names ? names.ptr() : nullptr);
}

/// A getter of URN objects; F maps the urn to a new reference.
template <class F>
PyObject* urn_get(PyObject* self, F f)
{
    try {
        return f(urn_of(self)).release().ptr();
    } catch (...) {
        set_python_error();
        return nullptr;
    }
}

py::object optional_ascii(bool present, std::string_view v)
{
    return present ? ascii_obj(v) : py::none();
}

#define URNS_GETTER(name, expr)                                                                                   \
    PyObject* urn_get_##name(PyObject* self, void*)                                                             \
    {                                                                                                             \
        return urn_get(self, [](urns::urn const& u) { return expr; });                                            \
    }
URNS_GETTER(scheme, ascii_obj(u.scheme()))
URNS_GETTER(nid, ascii_obj(u.nid()))
URNS_GETTER(nss, ascii_obj(u.nss()))
URNS_GETTER(assigned_name, ascii_obj(u.assigned_name()))
URNS_GETTER(query, optional_ascii(u.has_query(), u.query()))
URNS_GETTER(r_component, optional_ascii(u.has_r_component(), u.r_component()))
URNS_GETTER(q_component, optional_ascii(u.has_q_component(), u.q_component()))
URNS_GETTER(f_component, optional_ascii(u.has_f_component(), u.f_component()))
URNS_GETTER(syntax, py::reinterpret_borrow<py::object>(syntax_str(u.syntax())))
#undef URNS_GETTER

/// Text from outside that need not be UTF-8 (a plugin's rule name), as
/// a str: bytes that are not UTF-8 become lone surrogates.
py::object lenient_str(std::string_view v)
{
    PyObject* o = PyUnicode_DecodeUTF8(v.data(), static_cast<Py_ssize_t>(v.size()), "surrogateescape");
    if (!o)
        throw py::error_already_set();
    return py::reinterpret_steal<py::object>(o);
}

/// The named fields of a URN's NSS by the namespaces of namespaces=True
/// (the shipped ones and the plugins'): ((name, text), ...); empty when
/// its namespace names none or rejects the NSS.
py::object fields_of_urn(urns::urn_view u, ns_arg const& ns)
{
    urns::nss::namespace_rules const* r = ns ? ns.reg->find(u.nid()) : nullptr;
    if (!r || !r->fields)
        return py::tuple();
    std::string_view const nss = u.nss();
    std::vector<urns::nss::nss_field> const fields = r->fields_of(nss);
    py::tuple out(fields.size());
    for (std::size_t i = 0; i < fields.size(); ++i)
        out[i] = py::make_tuple(lenient_str(fields[i].name),
                                ascii_obj(nss.substr(fields[i].begin, fields[i].end - fields[i].begin)));
    return out;
}

PyObject* urn_get_fields(PyObject* self, void*)
{
    return urn_get(self, [](urns::urn const& u) { return fields_of_urn(u.view(), default_namespaces()); });
}

PyGetSetDef urn_getset[] = {
    {"scheme", urn_get_scheme, nullptr, "'urn' as written (any case).", nullptr},
    {"nid", urn_get_nid, nullptr, "The namespace identifier as written.", nullptr},
    {"nss", urn_get_nss, nullptr, "The namespace-specific string as written (still percent-encoded).", nullptr},
    {"assigned_name", urn_get_assigned_name, nullptr,
     "'urn:' NID ':' NSS, without query, components or fragment.", nullptr},
    {"query", urn_get_query, nullptr, "rfc2141bis: the query after '?', or None.", nullptr},
    {"r_component", urn_get_r_component, nullptr, "rfc8141: the r-component after '?+', or None.", nullptr},
    {"q_component", urn_get_q_component, nullptr, "rfc8141: the q-component after '?=', or None.", nullptr},
    {"f_component", urn_get_f_component, nullptr, "The fragment (RFC 8141's f-component) after '#', or None.",
     nullptr},
    {"syntax", urn_get_syntax, nullptr, "The syntax it was parsed with: 'rfc2141bis', 'rfc2141' or 'rfc8141'.",
     nullptr},
    {"fields", urn_get_fields, nullptr,
     "The named fields of the NSS, as its namespace names them: a tuple of\n"
     "(name, text) pairs, in order (a name may come more than once), text as\n"
     "written. By the namespaces of namespaces=True: those urns ships (uuid's\n"
     "time-low, ..., node) and the plugins loaded (load_plugin, URNS_PLUGINS).\n"
     "Empty when the namespace names no fields or rejects the NSS. For a\n"
     "Namespace of a Registry, Namespace.fields(nss).",
     nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr},
};

PyObject* urn_str(PyObject* self)
{
    return urn_get(self, [](urns::urn const& u) { return ascii_obj(u.buffer()); });
}

PyObject* urn_repr(PyObject* self)
{
    return urn_get(self, [self](urns::urn const& u) {
        std::string s = std::string(Py_TYPE(self) == &urn_type ? "urns.URN" : Py_TYPE(self)->tp_name) + "(" +
                        py::repr(ascii_obj(u.buffer())).cast<std::string>();
        if (u.syntax() != urns::syntax::rfc2141bis)
            s += ", syntax='" + std::string(urns::to_string(u.syntax())) + "'";
        return py::object(py::str(s + ")"));
    });
}

Py_hash_t urn_hash(PyObject* self)
{
    auto* u = reinterpret_cast<urn_object*>(self);
    if (u->hash != -1)
        return u->hash;
    try {
        urns::urn const& v = urn_of(self);
        std::size_t h = std::hash<std::string_view>{}(v.buffer());
        h ^= (static_cast<std::size_t>(v.syntax()) + 1) * 0x9E3779B97F4A7C15ull;
        auto r = static_cast<Py_hash_t>(h);
        u->hash = r == -1 ? -2 : r;
        return u->hash;
    } catch (...) {
        set_python_error();
        return -1;
    }
}

PyObject* urn_richcompare(PyObject* a, PyObject* b, int op)
{
    if (!is_urn(a) || !is_urn(b) || (op != Py_EQ && op != Py_NE))
        Py_RETURN_NOTIMPLEMENTED;
    try {
        bool const same = urn_of(a) == urn_of(b);
        return py::bool_(op == Py_EQ ? same : !same).release().ptr();
    } catch (...) {
        set_python_error();
        return nullptr;
    }
}

/// Pickled as its class, text and syntax (and a subclass's __dict__).
PyObject* urn_reduce(PyObject* self, PyObject*)
{
    return urn_get(self, [self](urns::urn const& u) {
        py::object args = py::make_tuple(ascii_obj(u.buffer()), py::handle(syntax_str(u.syntax())));
        py::handle cls(reinterpret_cast<PyObject*>(Py_TYPE(self)));
        py::object dict = py::getattr(py::handle(self), "__dict__", py::none());
        if (PyDict_Check(dict.ptr()) && PyDict_GET_SIZE(dict.ptr()) != 0)
            return py::object(py::make_tuple(cls, args, dict));
        return py::object(py::make_tuple(cls, args));
    });
}

PyMethodDef urn_methods[] = {
    {"__reduce__", urn_reduce, METH_NOARGS, "__reduce__($self, /)\n--\n\nFor pickle: the class, text and syntax."},
    {nullptr, nullptr, 0, nullptr},
};

constexpr char const* urn_doc =
    "URN(text, syntax='rfc2141bis', namespaces=False)\n--\n\n"
    "A parsed URN: immutable, hashable, and always valid in its syntax.\n\n"
    "URN(text, syntax='rfc2141bis', namespaces=False) parses like urns.parse()\n"
    "(ParseError if text is not a URN). Components are as written (still\n"
    "percent-encoded); a component that is absent is None, one that is present\n"
    "but empty is '' (urn:ex:a# has f_component ''). == and hash() compare the\n"
    "exact text and the syntax (URN:foo:a != urn:foo:a); for equivalence use\n"
    "urns.equivalent() or urns.equivalence_key(). Picklable (as its text and\n"
    "syntax), and a base class.";

void init_urn_type(py::module_& m)
{
    urn_new_sig.function = "URN";
    urn_new_sig.names = {"text", "syntax", "namespaces"};
    for (char const* n : urn_new_sig.names)
        urn_new_sig.keys.push_back(interned(n));
    urn_new_sig.required = 1;
    urn_new_sig.positional = 3;

    Py_SET_REFCNT(&urn_type, 1);
    Py_SET_TYPE(&urn_type, &PyType_Type);
    urn_type.tp_name = "urns.URN";
    urn_type.tp_basicsize = sizeof(urn_object);
    urn_type.tp_dealloc = urn_dealloc;
    urn_type.tp_repr = urn_repr;
    urn_type.tp_str = urn_str;
    urn_type.tp_hash = urn_hash;
    urn_type.tp_richcompare = urn_richcompare;
    urn_type.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE;
    urn_type.tp_doc = urn_doc;
    urn_type.tp_methods = urn_methods;
    urn_type.tp_getset = urn_getset;
    urn_type.tp_new = urn_new;
    urn_type.tp_vectorcall = urn_vectorcall;
    if (PyType_Ready(&urn_type) < 0)
        throw py::error_already_set();
    Py_INCREF(&urn_type);
    m.attr("URN") = py::handle(reinterpret_cast<PyObject*>(&urn_type));
}

/// A URN given as a URN object, or text parsed with the options.
struct urn_arg {
    text_arg text;                              // when parsed from text
    std::optional<urns::urn_view> parsed;
    urns::urn const* object = nullptr;
    urns::urn_view get() const { return object ? object->view() : *parsed; }
    std::string_view buffer() const { return object ? object->buffer() : text.view; }
};

/// The URN of an argument: a URN object as it is (checked against the
/// namespaces' rules if asked), or text parsed in `syn`.
urn_arg get_urn(PyObject* o, urns::syntax syn, ns_arg const& namespaces, char const* what)
{
    urn_arg a;
    if (is_urn(o)) {
        a.object = &urn_of(o);
        if (namespaces)
            if (auto f = fault_of(urns::nss::validate(*namespaces.reg, a.object->view())))
                raise(urns::parse_error{urns::make_error_code(urns::error::nss_rejected), f->offset, f->expected,
                                        a.object->syntax()},
                      a.object->buffer());
        return a;
    }
    a.text = get_text(o, what);
    auto r = parse_view(a.text.view, syn, namespaces);
    if (!r)
        raise(r.error(), a.text.view);
    a.parsed = *r;
    return a;
}

/// The canonical form in mode `m`; with the namespaces' rules, the NSS is
/// also folded to its namespace's canonical form (as `urn normalize
/// --namespaces` does).
std::string canonical_of(urns::urn_view u, urns::equivalence_mode m, ns_arg const& namespaces)
{
    std::string c = urns::canonical(u, m);
    if (!namespaces)
        return c;
    std::size_t const nss_at = 5 + u.nid().size();
    std::string folded = c.substr(0, nss_at);
    urns::nss::append_canonical_nss(*namespaces.reg, u.nid(), u.nss(), folded);
    folded.append(c, nss_at + u.nss().size(), std::string::npos);
    return folded;
}

urns::equivalence_mode mode_for(urns::urn_view u, std::optional<urns::equivalence_mode> m)
{
    return m ? *m : urns::default_equivalence(u.syntax());
}

} // namespace

namespace {

// ------------------------------------------------------------ diagnostics, matches

struct py_diagnostic {
    std::string severity;
    std::string code;
    std::size_t offset = 0;
    std::size_t length = 0;
    std::string message;
    std::string rendered;
};

struct py_fault {
    std::size_t offset = 0;
    std::string expected;
};

struct py_match {
    std::size_t offset = 0;
    std::size_t length = 0;
    std::string urn;
    std::string nid;
    urns::syntax syntax = urns::syntax::rfc2141bis;
    std::optional<py_fault> namespace_fault;
};

py_match to_match(urns::urn_match const& m)
{
    py_match r;
    r.offset = m.offset;
    r.length = m.length;
    r.urn = std::string(m.view.buffer());
    r.nid = std::string(m.view.nid());
    r.syntax = m.view.syntax();
    if (m.namespace_fault)
        r.namespace_fault = py_fault{m.namespace_fault->offset, std::string(m.namespace_fault->expected)};
    return r;
}

urns::extract_options extract_options_for(urns::syntax syntax, bool strict, ns_arg const& namespaces,
                                          bool uri_context)
{
    urns::extract_options o;
    o.syntax = syntax;
    o.mode = strict ? urns::extract_mode::strict : urns::extract_mode::prose;
    o.registry = namespaces.reg;
    o.uri_context = uri_context;
    return o;
}

/// The lazy iterator of find(): it keeps the text's owner and the
/// namespaces alive and scans on at each next().
class match_iterator {
public:
    match_iterator(text_arg t, ns_arg ns, urns::extract_options const& o)
        : text_(std::move(t)), ns_(std::move(ns)), matches_(text_.view, o), it_(matches_.begin())
    {
    }

    py_match next()
    {
        if (it_ == matches_.end())
            throw py::stop_iteration();
        py_match m = to_match(*it_);
        ++it_;
        return m;
    }

private:
    text_arg text_;
    ns_arg ns_;
    urns::urn_matches matches_;
    urns::urn_matches::iterator it_;
};

/// A batch item that failed to parse: None, or the ParseError itself (its
/// caret message made only then).
py::object failed_item(on_error how, urns::parse_error const& e, std::string_view input, std::size_t i)
{
    return how == on_error::none ? py::object(py::none()) : make_parse_error(parse_failure(e, input, i));
}

/// A batch item that is not text: raised, None, or the exception itself.
py::object bad_item(on_error how, py::object const& exc)
{
    if (how == on_error::raise) {
        PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(exc.ptr())), exc.ptr());
        throw py::error_already_set();
    }
    return how == on_error::none ? py::object(py::none()) : exc;
}

// ------------------------------------------------------------ namespaces from ABNF

/// A list of rule names: an iterable of str (a lone str is refused, as it
/// would be read letter by letter).
std::vector<std::string> get_names(py::handle h, char const* what)
{
    if (PyUnicode_Check(h.ptr()) || PyBytes_Check(h.ptr()))
        throw py::type_error(std::string(what) + " must be an iterable of rule names, not a single " +
                             type_name(h.ptr()));
    std::vector<std::string> out;
    for (py::handle item : py::iter(h)) {
        if (!PyUnicode_Check(item.ptr()))
            throw py::type_error(std::string(what) + " must hold str, not " + type_name(item.ptr()));
        out.push_back(item.cast<std::string>());
    }
    return out;
}

std::string str_of(py::handle h, char const* what)
{
    return str_arg(h.ptr(), what);
}

/// A namespace compiled from its ABNF; throws grammar_failure with the
/// grammar's diagnostics when it cannot be used.
std::shared_ptr<py_namespace> compile_namespace(std::string nid, std::string abnf, std::optional<std::string> root,
                                                std::vector<std::string> case_insensitive,
                                                std::vector<std::string> fields, std::string reference)
{
    urns::nss::abnf_namespace_options o;
    o.case_insensitive = case_insensitive;
    o.fields = fields;
    o.reference = reference;
    if (!root) {
        // The grammar's first rule: compile once to learn it.
        urns::abnf::grammar const g = urns::abnf::grammar::compile(abnf, o.compile);
        if (!g.ok())
            throw grammar_failure{g.diagnostics(), abnf};
        std::vector<std::string> const names = g.rule_names();
        if (names.empty()) {
            urns::abnf::diagnostic d;
            d.message = "the grammar has no rule";
            throw grammar_failure{{d}, abnf};
        }
        root = names.front();
    }
    urns::nss::abnf_namespace made = urns::nss::from_abnf(nid, abnf, *root, o);
    if (!made)
        throw grammar_failure{std::move(made.diagnostics), abnf};
    auto ns = std::make_shared<py_namespace>();
    ns->rules = std::move(*made.rules);
    ns->nid = std::move(nid);
    ns->abnf = std::move(abnf);
    ns->root = std::move(root);
    ns->case_insensitive = std::move(case_insensitive);
    ns->fields = std::move(fields);
    ns->reference = std::move(reference);
    ns->warnings = std::move(made.diagnostics);
    return ns;
}

/// The shipped namespace of that NID (any case); ValueError if none.
std::shared_ptr<py_namespace> shipped_namespace(std::string_view nid)
{
    urns::nss::namespace_rules const* r = urns::nss::builtin().find(nid);
    if (!r)
        throw py::value_error("urns ships no namespace '" + std::string(nid) + "'");
    auto ns = std::make_shared<py_namespace>();
    ns->rules = *r;
    ns->shipped = true;
    ns->nid = std::string(r->nid);
    ns->reference = std::string(r->reference);
    return ns;
}

py::object optional_py(std::optional<std::string> const& s)
{
    return s ? py::object(py::str(*s)) : py::object(py::none());
}

py::tuple names_tuple(std::vector<std::string> const& v)
{
    py::list l;
    for (std::string const& x : v)
        l.append(py::str(x));
    return py::tuple(l);
}

/// What a Namespace is made of, as Namespace._restore() takes it: the
/// shipped ones by NID alone (abnf None), the others by text and options.
py::tuple namespace_state(py_namespace const& ns)
{
    return py::make_tuple(py::str(ns.nid), optional_py(ns.abnf), optional_py(ns.root),
                          names_tuple(ns.case_insensitive), names_tuple(ns.fields), py::str(ns.reference));
}

/// Equal state, the NID compared without case.
bool same_namespace(py_namespace const& a, py_namespace const& b)
{
    return a.shipped == b.shipped && a.plugin == b.plugin && lower(a.nid) == lower(b.nid) && a.abnf == b.abnf &&
           a.root == b.root &&
           a.case_insensitive == b.case_insensitive && a.fields == b.fields && a.reference == b.reference;
}

struct py_grammar_diagnostic {
    std::string severity, source;
    std::size_t offset = 0, line = 1, column = 1;
    std::string rule, message;
    std::vector<std::string> expected;
    std::string rendered;
};

py_grammar_diagnostic to_py(urns::abnf::diagnostic d, std::string_view text)
{
    if (d.source.empty())
        d.source = "<abnf>";
    py_grammar_diagnostic r;
    r.severity = d.severity == urns::abnf::diagnostic::level::error ? "error" : "warning";
    r.rendered = urns::abnf::to_string(d, text);
    while (!r.rendered.empty() && r.rendered.back() == '\n')
        r.rendered.pop_back();
    r.source = std::move(d.source);
    r.offset = d.offset;
    r.line = d.line;
    r.column = d.column;
    r.rule = std::move(d.rule);
    r.message = std::move(d.message);
    r.expected = std::move(d.expected);
    return r;
}

PyObject* grammar_error_type = nullptr;

py::object make_grammar_error(grammar_failure const& f)
{
    std::vector<py_grammar_diagnostic> all;
    std::string message;
    bool any_error = false;
    for (urns::abnf::diagnostic const& d : f.diagnostics)
        any_error = any_error || d.severity == urns::abnf::diagnostic::level::error;
    for (urns::abnf::diagnostic const& d : f.diagnostics) {
        all.push_back(to_py(d, f.text));
        if (!any_error || d.severity == urns::abnf::diagnostic::level::error)
            message += (message.empty() ? "" : "\n") + all.back().rendered;
    }
    if (message.empty())
        message = "the grammar cannot be used";
    py::object exc = py::reinterpret_borrow<py::object>(grammar_error_type)(py::str(message));
    exc.attr("diagnostics") = py::cast(std::move(all));
    return exc;
}

// ------------------------------------------------------------ blocks of files (urns.dask)

/// Length of the valid UTF-8 sequence at p (at most n bytes), or 0: the
/// rule of the urn tool's JSON writer (no overlong forms, no surrogates).
std::size_t utf8_length(unsigned char const* p, std::size_t n) noexcept
{
    unsigned char const c = p[0];
    std::size_t len;
    unsigned char lo = 0x80, hi = 0xBF; // bounds of the second byte
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        if (c == 0xE0)
            lo = 0xA0;
        if (c == 0xED)
            hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        if (c == 0xF0)
            lo = 0x90;
        if (c == 0xF4)
            hi = 0x8F;
    } else {
        return 0;
    }
    if (n < len || p[1] < lo || p[1] > hi)
        return 0;
    for (std::size_t i = 2; i < len; ++i)
        if (p[i] < 0x80 || p[i] > 0xBF)
            return 0;
    return len;
}

bool valid_utf8(std::string_view s) noexcept
{
    auto const* p = reinterpret_cast<unsigned char const*>(s.data());
    for (std::size_t i = 0; i < s.size();) {
        if (p[i] < 0x80) {
            ++i;
            continue;
        }
        std::size_t const len = utf8_length(p + i, s.size() - i);
        if (len == 0)
            return false;
        i += len;
    }
    return true;
}

/// `s` as the urn tool writes a JSON string's contents: UTF-8 kept,
/// each byte that is not part of valid UTF-8 as \ufffd, the controls,
/// '"' and '\\' escaped.
void json_escape(std::string& o, std::string_view s)
{
    static char const hex[] = "0123456789abcdef";
    auto const* p = reinterpret_cast<unsigned char const*>(s.data());
    std::size_t i = 0;
    while (i < s.size()) {
        unsigned char const c = p[i];
        if (c >= 0x20 && c < 0x7F && c != '"' && c != '\\') {
            o.push_back(static_cast<char>(c));
            ++i;
            continue;
        }
        if (c >= 0x80) {
            if (std::size_t const len = utf8_length(p + i, s.size() - i)) {
                o.append(s.data() + i, len);
                i += len;
                continue;
            }
            o += "\\ufffd";
        } else {
            switch (c) {
            case '"': o += "\\\""; break;
            case '\\': o += "\\\\"; break;
            case '\n': o += "\\n"; break;
            case '\r': o += "\\r"; break;
            case '\t': o += "\\t"; break;
            default: {
                char const e[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
                o.append(e, 6);
            }
            }
        }
        ++i;
    }
}

/// Standard base64 (RFC 4648 section 4), with its "=" padding.
std::string base64(std::string_view s)
{
    static char const digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    auto const* p = reinterpret_cast<unsigned char const*>(s.data());
    std::size_t i = 0;
    for (; i + 3 <= s.size(); i += 3) {
        unsigned const v = (p[i] << 16) | (p[i + 1] << 8) | p[i + 2];
        for (int k = 18; k >= 0; k -= 6)
            out.push_back(digits[(v >> k) & 63]);
    }
    if (std::size_t const rest = s.size() - i) {
        unsigned const v = (p[i] << 16) | (rest == 2 ? p[i + 1] << 8 : 0);
        out.push_back(digits[(v >> 18) & 63]);
        out.push_back(digits[(v >> 12) & 63]);
        out.push_back(rest == 2 ? digits[(v >> 6) & 63] : '=');
        out.push_back('=');
    }
    return out;
}

/// The "\n"s of a span of bytes.
std::size_t count_newlines(char const* p, std::size_t n) noexcept
{
    std::size_t count = 0;
    char const* const end = p + n;
    while (p < end) {
        auto const* nl = static_cast<char const*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
        if (!nl)
            break;
        ++count;
        p = nl + 1;
    }
    return count;
}

/// One URN found in a block: the match (a view into the block), its line
/// and the offset of its line's start in the file.
struct block_match {
    urns::urn_match match;
    std::size_t line;
    std::uint64_t line_start;
};

/// The keys of a record, interned once.
struct record_keys {
    PyObject *version, *file, *file_base64, *line, *column, *offset, *urn, *syntax, *scheme, *nid, *nss,
        *assigned_name, *query, *r_component, *q_component, *fragment, *namespace_fault, *expected, *canonical, *one;

    record_keys()
        : version(interned("version")), file(interned("file")), file_base64(interned("file_base64")),
          line(interned("line")), column(interned("column")), offset(interned("offset")), urn(interned("urn")),
          syntax(interned("syntax")), scheme(interned("scheme")), nid(interned("nid")), nss(interned("nss")),
          assigned_name(interned("assigned_name")), query(interned("query")), r_component(interned("r_component")),
          q_component(interned("q_component")), fragment(interned("fragment")),
          namespace_fault(interned("namespace_fault")), expected(interned("expected")),
          canonical(interned("canonical")), one(PyLong_FromLong(1))
    {
    }
};

record_keys const& keys()
{
    static record_keys const k;
    return k;
}

/// Sets d[key] = value, stealing the value.
void set_item(PyObject* d, PyObject* key, PyObject* value)
{
    if (!value)
        throw py::error_already_set();
    int const r = PyDict_SetItem(d, key, value);
    Py_DECREF(value);
    if (r != 0)
        throw py::error_already_set();
}

void set_item(PyObject* d, PyObject* key, py::object value)
{
    set_item(d, key, value.release().ptr());
}

/// The bytes of `file` as a JSON writer of the urn tool gives a member:
/// the text (a byte that is not UTF-8 as U+FFFD) and, if some byte is not,
/// the base64 of the bytes.
struct file_name {
    std::string bytes;
    bool utf8 = true;
    py::object text, text_base64; // for the records' dicts
};

file_name make_file_name(std::string_view bytes)
{
    file_name f;
    f.bytes = std::string(bytes);
    f.utf8 = valid_utf8(bytes);
    std::string escaped;
    json_escape(escaped, bytes);
    // The JSON string's contents read back: the escapes are "\ufffd" and
    // those of the controls, '"' and '\\'.
    f.text = py::module_::import("json").attr("loads")(py::str("\"" + escaped + "\""));
    if (!f.utf8)
        f.text_base64 = ascii_obj(base64(bytes));
    return f;
}

/// The record of a match, as the urn tool's `extract --json` writes it
/// (and "canonical" after it when asked).
void json_record(std::string& o, file_name const& file, std::size_t line, std::uint64_t offset, std::size_t column,
                 urns::urn_match const& m, std::optional<std::string> const* canonical)
{
    urns::urn_view const& u = m.view;
    auto key = [&o](char const* k) {
        o += ",\"";
        o += k;
        o += "\":";
    };
    auto str_member = [&](char const* k, std::string_view v) {
        key(k);
        o += '"';
        json_escape(o, v);
        o += '"';
    };
    auto num_member = [&](char const* k, std::uint64_t v) {
        key(k);
        o += std::to_string(v);
    };
    o += "{\"version\":1";
    str_member("file", file.bytes);
    if (!file.utf8)
        str_member("file_base64", base64(file.bytes));
    num_member("line", line);
    num_member("column", column);
    num_member("offset", offset);
    str_member("urn", u.buffer());
    str_member("syntax", urns::to_string(u.syntax()));
    str_member("scheme", u.scheme());
    str_member("nid", u.nid());
    str_member("nss", u.nss());
    str_member("assigned_name", u.assigned_name());
    if (u.has_query())
        str_member("query", u.query());
    if (u.has_r_component())
        str_member("r_component", u.r_component());
    if (u.has_q_component())
        str_member("q_component", u.q_component());
    if (u.has_fragment())
        str_member("fragment", u.fragment());
    if (m.namespace_fault) {
        key("namespace_fault");
        o += "{\"offset\":" + std::to_string(m.namespace_fault->offset) + ",\"expected\":\"";
        json_escape(o, m.namespace_fault->expected);
        o += "\"}";
    }
    if (canonical) {
        if (*canonical) {
            str_member("canonical", **canonical);
        } else {
            key("canonical");
            o += "null";
        }
    }
    o += "}\n";
}

/// Strs that repeat from record to record (schemes, NIDs), made once per
/// block: most records of a corpus share a few of each.
class str_cache {
public:
    PyObject* get(std::string_view s)
    {
        if (s.size() > 32)
            return ascii_str(s);
        auto it = map_.find(s);
        if (it == map_.end()) {
            if (map_.size() >= 4096)
                return ascii_str(s);
            PyObject* o = ascii_str(s);
            keys_.emplace_back(s);
            it = map_.emplace(keys_.back(), py::reinterpret_steal<py::object>(o)).first;
        }
        PyObject* o = it->second.ptr();
        Py_INCREF(o);
        return o;
    }

private:
    std::deque<std::string> keys_;
    std::unordered_map<std::string_view, py::object> map_;
};

/// The same record as a dict.
py::object dict_record(file_name const& file, std::size_t line, std::uint64_t offset, std::size_t column,
                       urns::urn_match const& m, std::optional<std::string> const* canonical, str_cache& cache)
{
    record_keys const& k = keys();
    urns::urn_view const& u = m.view;
    // Room for every member from the start: no resize while filling it.
    py::object d = py::reinterpret_steal<py::object>(_PyDict_NewPresized(16));
    if (!d)
        throw py::error_already_set();
    PyObject* p = d.ptr();
    Py_INCREF(k.one);
    set_item(p, k.version, k.one);
    set_item(p, k.file, file.text);
    if (!file.utf8)
        set_item(p, k.file_base64, file.text_base64);
    set_item(p, k.line, PyLong_FromSize_t(line));
    set_item(p, k.column, PyLong_FromSize_t(column));
    set_item(p, k.offset, PyLong_FromUnsignedLongLong(offset));
    PyObject* text = ascii_str(u.buffer());
    Py_INCREF(text);
    set_item(p, k.urn, text);
    Py_INCREF(syntax_str(u.syntax()));
    set_item(p, k.syntax, syntax_str(u.syntax()));
    set_item(p, k.scheme, cache.get(u.scheme()));
    set_item(p, k.nid, cache.get(u.nid()));
    set_item(p, k.nss, ascii_str(u.nss()));
    // The URN itself when it is its assigned name (no query, no fragment).
    if (u.assigned_name().size() == u.buffer().size()) {
        set_item(p, k.assigned_name, text);
    } else {
        Py_DECREF(text);
        set_item(p, k.assigned_name, ascii_str(u.assigned_name()));
    }
    if (u.has_query())
        set_item(p, k.query, ascii_str(u.query()));
    if (u.has_r_component())
        set_item(p, k.r_component, ascii_str(u.r_component()));
    if (u.has_q_component())
        set_item(p, k.q_component, ascii_str(u.q_component()));
    if (u.has_fragment())
        set_item(p, k.fragment, ascii_str(u.fragment()));
    if (m.namespace_fault) {
        PyObject* f = PyDict_New();
        if (!f)
            throw py::error_already_set();
        set_item(p, k.namespace_fault, f);
        set_item(f, k.offset, PyLong_FromSize_t(m.namespace_fault->offset));
        set_item(f, k.expected, cache.get(m.namespace_fault->expected));
    }
    if (canonical)
        set_item(p, k.canonical, *canonical ? ascii_str(**canonical) : py::none().release().ptr());
    return d;
}

} // namespace

namespace {

// ------------------------------------------------------------ the functions' bodies

py::object fn_parse(PyObject** a)
{
    text_arg t = get_text(a[0], "text");
    ns_arg const ns = get_namespaces(a[2]);
    auto r = parse_view(t.view, get_syntax(a[1]), ns);
    if (!r)
        raise(r.error(), t.view);
    return make_urn_object(*r);
}

py::object fn_is_valid(PyObject** a)
{
    urns::syntax const syn = get_syntax(a[1]);
    ns_arg const ns = get_namespaces(a[2]);
    PyObject* text = a[0];
    std::string_view v;
    std::string copy;
    if (PyUnicode_Check(text)) {
        Py_ssize_t n = 0;
        char const* p = PyUnicode_AsUTF8AndSize(text, &n);
        if (!p) { // not encodable (a lone surrogate): not a URN
            PyErr_Clear();
            return py::bool_(false);
        }
        v = {p, static_cast<std::size_t>(n)};
    } else if (!text_view(text, v, &copy)) {
        not_text(text, "text");
    }
    return py::bool_(bool(parse_view(v, syn, ns)));
}

/// How many items a batch works on between two takings of the GIL (the
/// results of a chunk are held in C++ until then).
constexpr std::size_t chunk_items = 4096;

py::object fn_parse_many(PyObject** a)
{
    urns::syntax const syn = get_syntax(a[1]);
    ns_arg const ns = get_namespaces(a[2]);
    on_error const how = get_on_error(a[3]);
    py::object seq = batch_items(a[0], "texts");
    auto const n = static_cast<std::size_t>(PySequence_Fast_GET_SIZE(seq.ptr()));
    PyObject** items = PySequence_Fast_ITEMS(seq.ptr());
    // Each text's URN object is allocated first, with the GIL, and the list
    // holds them; the parse then fills each in place without the GIL, so
    // that nothing but the objects themselves is made (no copy of the
    // texts, no intermediate URNs). The bytes of each text are kept in its
    // object's storage until the parse reads them. A chunk at a time: the
    // objects of the texts that fail are freed before the next chunk is
    // allocated, which reuses their memory.
    py::list out(n);
    PyObject** objs = reinterpret_cast<PyListObject*>(out.ptr())->ob_item;
    std::deque<std::string> copies;
    std::vector<std::pair<std::size_t, urns::parse_error>> failed;
    urns::parse_options const o{syn, ns.reg};
    for (std::size_t start = 0; start < n; start += chunk_items) {
        std::size_t const end = std::min(n, start + chunk_items);
        copies.clear();
        for (std::size_t i = start; i < end; ++i) {
            std::string_view v;
            py::object exc;
            if (!batch_text(items[i], i, "texts", v, copies, exc)) {
                objs[i] = bad_item(how, exc).release().ptr(); // raises with errors='raise'
                continue;
            }
            urn_object* u = alloc_urn(&urn_type);
            static_assert(sizeof(std::string_view) <= sizeof(urn_object::storage));
            new (u->storage) std::string_view(v);
            objs[i] = reinterpret_cast<PyObject*>(u);
        }
        failed.clear();
        {
            py::gil_scoped_release nogil;
            for (std::size_t i = start; i < end; ++i) {
                if (Py_TYPE(objs[i]) != &urn_type)
                    continue; // a bad item's None or exception
                auto* u = reinterpret_cast<urn_object*>(objs[i]);
                std::string_view const text = *std::launder(reinterpret_cast<std::string_view*>(u->storage));
                auto r = urns::parse_urn(text, o);
                if (r) {
                    new (u->storage) urns::urn(*r);
                    u->ready = true;
                } else {
                    failed.emplace_back(i, r.error());
                    if (how == on_error::raise)
                        break;
                }
            }
        }
        for (auto const& [i, e] : failed) {
            std::string_view text;
            std::string copy;
            text_view(items[i], text, &copy);
            if (how == on_error::raise)
                throw parse_failure(e, text, i);
            out[i] = failed_item(how, e, text, i); // frees the object that was not filled
        }
    }
    return out;
}

py::object canonical_body(PyObject** a)
{
    auto const md = get_mode(a[1]);
    ns_arg const ns = get_namespaces(a[3]);
    urn_arg u = get_urn(a[0], get_syntax(a[2]), ns, "text");
    return ascii_obj(canonical_of(u.get(), mode_for(u.get(), md), ns));
}

py::object fn_equivalent(PyObject** a)
{
    auto const md = get_mode(a[2]);
    urns::syntax const syn = get_syntax(a[3]);
    ns_arg const ns = get_namespaces(a[4]);
    urn_arg ua = get_urn(a[0], syn, ns, "a");
    urn_arg ub = get_urn(a[1], syn, ns, "b");
    urns::equivalence_mode const m = mode_for(ua.get(), md);
    if (ns)
        return py::bool_(canonical_of(ua.get(), m, ns) == canonical_of(ub.get(), m, ns));
    return py::bool_(urns::equivalent(ua.get(), ub.get(), m));
}

py::object fn_canonical_many(PyObject** a)
{
    auto const md = get_mode(a[1]);
    urns::syntax const syn = get_syntax(a[2]);
    ns_arg const ns = get_namespaces(a[3]);
    on_error const how = get_on_error(a[4]);
    py::object seq = batch_items(a[0], "texts");
    auto const n = static_cast<std::size_t>(PySequence_Fast_GET_SIZE(seq.ptr()));
    PyObject** items = PySequence_Fast_ITEMS(seq.ptr());
    py::list out(n);
    std::vector<std::string_view> texts;
    std::vector<std::optional<std::string>> canon;
    std::vector<std::optional<urns::parse_error>> failed;
    std::deque<std::string> copies;
    for (std::size_t start = 0; start < n; start += chunk_items) {
        std::size_t const end = std::min(n, start + chunk_items);
        texts.assign(end - start, std::string_view());
        std::vector<bool> usable(end - start, true);
        copies.clear();
        for (std::size_t i = start; i < end; ++i) {
            py::object exc;
            if (!batch_text(items[i], i, "texts", texts[i - start], copies, exc)) {
                PyList_SET_ITEM(out.ptr(), static_cast<Py_ssize_t>(i), bad_item(how, exc).release().ptr());
                usable[i - start] = false;
            }
        }
        canon.assign(end - start, std::nullopt);
        failed.assign(end - start, std::nullopt);
        std::size_t stop = end;
        {
            py::gil_scoped_release nogil;
            urns::parse_options const o{syn, ns.reg};
            for (std::size_t k = 0; k < end - start; ++k) {
                if (!usable[k])
                    continue;
                auto r = urns::parse_urn(texts[k], o);
                if (r) {
                    canon[k].emplace(canonical_of(*r, mode_for(*r, md), ns));
                } else {
                    failed[k] = r.error();
                    if (how == on_error::raise) {
                        stop = start + k;
                        break;
                    }
                }
            }
        }
        if (stop != end)
            throw parse_failure(*failed[stop - start], texts[stop - start], stop);
        for (std::size_t k = 0; k < end - start; ++k) {
            if (!usable[k])
                continue;
            py::object v = canon[k] ? ascii_obj(*canon[k]) : failed_item(how, *failed[k], texts[k], start + k);
            PyList_SET_ITEM(out.ptr(), static_cast<Py_ssize_t>(start + k), v.release().ptr());
        }
    }
    return out;
}

py::object fn_check(PyObject** a)
{
    // Parsed without the namespaces' rules: check() reports their verdict
    // as a diagnostic instead of an error.
    urn_arg u = get_urn(a[0], get_syntax(a[1]), ns_arg{}, "text");
    bool const assigned = get_bool(a[2], false);
    ns_arg const ns = get_namespaces(a[3]);
    urns::check_options o;
    o.assigned_name = assigned;
    o.registry = ns.reg;
    std::vector<py_diagnostic> out;
    for (urns::diagnostic const& d : urns::check(u.get(), o))
        out.push_back({std::string(urns::to_string(d.severity)), std::string(urns::to_string(d.code)), d.offset,
                       d.length, std::string(d.message), urns::to_string(d, u.buffer())});
    return py::cast(std::move(out));
}

py::object fn_find(PyObject** a)
{
    urns::syntax const syn = get_syntax(a[1]);
    bool const strict = get_bool(a[2], false);
    ns_arg ns = get_namespaces(a[3]);
    bool const uri_context = get_bool(a[4], true);
    urns::extract_options const o = extract_options_for(syn, strict, ns, uri_context);
    return py::cast(match_iterator(get_text(a[0], "text"), std::move(ns), o));
}

py::object fn_find_many(PyObject** a)
{
    urns::syntax const syn = get_syntax(a[1]);
    bool const strict = get_bool(a[2], false);
    ns_arg const ns = get_namespaces(a[3]);
    bool const uri_context = get_bool(a[4], true);
    urns::extract_options const o = extract_options_for(syn, strict, ns, uri_context);
    py::object seq = batch_items(a[0], "texts");
    auto const n = static_cast<std::size_t>(PySequence_Fast_GET_SIZE(seq.ptr()));
    PyObject** items = PySequence_Fast_ITEMS(seq.ptr());
    py::list out(n);
    std::vector<std::string_view> texts;
    std::vector<std::vector<py_match>> found;
    std::deque<std::string> copies;
    for (std::size_t start = 0; start < n; start += chunk_items) {
        std::size_t const end = std::min(n, start + chunk_items);
        texts.assign(end - start, std::string_view());
        copies.clear();
        for (std::size_t i = start; i < end; ++i) {
            py::object exc;
            if (!batch_text(items[i], i, "texts", texts[i - start], copies, exc))
                bad_item(on_error::raise, exc);
        }
        found.assign(end - start, {});
        {
            py::gil_scoped_release nogil;
            for (std::size_t k = 0; k < end - start; ++k)
                for (urns::urn_match const& x : urns::find_urns(texts[k], o))
                    found[k].push_back(to_match(x));
        }
        for (std::size_t k = 0; k < end - start; ++k)
            PyList_SET_ITEM(out.ptr(), static_cast<Py_ssize_t>(start + k),
                            py::cast(std::move(found[k])).release().ptr());
    }
    return out;
}

/// A path argument: str (encoded as the file system encodes names), bytes
/// or os.PathLike.
std::string path_arg(PyObject* o, char const* what)
{
    PyObject* fs = PyOS_FSPath(o);
    if (!fs) {
        PyErr_Clear();
        throw py::type_error(std::string(what) + " must be str, bytes or os.PathLike, not " + type_name(o));
    }
    py::object path = py::reinterpret_steal<py::object>(fs);
    if (PyUnicode_Check(fs))
        path = py::reinterpret_steal<py::object>(PyUnicode_EncodeFSDefault(fs));
    if (!path)
        throw py::error_already_set();
    std::string p(PyBytes_AS_STRING(path.ptr()), static_cast<std::size_t>(PyBytes_GET_SIZE(path.ptr())));
    if (p.empty() || p.find('\0') != std::string::npos)
        throw py::value_error(std::string(what) + " must be a non-empty path without NUL");
    return p;
}

py::object fn_load_plugin(PyObject** a)
{
    std::string const path = path_arg(a[0], "path");
    load_environment_plugins();
    py::list nids;
    for (std::string const& nid : load_into_default(path, ""))
        nids.append(py::str(nid));
    return py::tuple(nids);
}

/// The namespaces of namespaces=True: the shipped ones, then the plugins'.
py::object fn_default_namespaces(PyObject**)
{
    load_environment_plugins();
    py::list out;
    for (urns::nss::namespace_rules const& r : urns::nss::builtin().entries())
        out.append(py::cast(shipped_namespace(r.nid)));
    for (auto const& ns : g_plugin_namespaces)
        out.append(py::cast(ns));
    return out;
}

/// For pickle: a plugin's namespace, the plugin loaded first (harmless
/// where it is loaded already).
py::object fn_restore_plugin_namespace(PyObject** a)
{
    std::string const path = str_arg(a[0], "path");
    std::string const nid = lower(str_arg(a[1], "nid"));
    load_environment_plugins();
    load_into_default(path, "");
    for (auto const& ns : g_plugin_namespaces)
        if (lower(ns->nid) == nid)
            return py::cast(ns);
    throw plugin_failure{path, "it has no namespace " + nid, "cannot load plugin " + path + ": it has no namespace " + nid};
}

/// What _column gives of each text.
enum class column_kind {
    valid, canonical, nid, nss, assigned_name, query, r_component, q_component, f_component, error, fields
};

column_kind get_column_kind(PyObject* o)
{
    static std::pair<char const*, column_kind> const names[] = {
        {"valid", column_kind::valid},
        {"canonical", column_kind::canonical},
        {"nid", column_kind::nid},
        {"nss", column_kind::nss},
        {"assigned_name", column_kind::assigned_name},
        {"query", column_kind::query},
        {"r_component", column_kind::r_component},
        {"q_component", column_kind::q_component},
        {"f_component", column_kind::f_component},
        {"error", column_kind::error},
        {"fields", column_kind::fields},
    };
    std::string const what = str_arg(o, "what");
    for (auto const& [name, kind] : names)
        if (what == name)
            return kind;
    throw py::value_error("unknown column '" + what + "'");
}

/// The text of a component that may be absent.
std::optional<std::string> component(bool present, std::string_view v)
{
    return present ? std::optional<std::string>(std::string(v)) : std::nullopt;
}

/** For urns.pandas: one value of each text, computed without the GIL a
    chunk at a time, and no URN object made. "valid": bytes, 1 or 0 per
    text (numpy.frombuffer reads it as a bool array); "canonical", "nid",
    "nss", "assigned_name", "query", "r_component", "q_component",
    "f_component": a list of str, None where the text is not a URN (or the
    component is absent); "error": four lists (offsets, codes, expected
    rule names, messages), None in each where the text is a URN; "fields":
    a list of the tuples URN.fields gives (() where the text is not a
    URN). None is a missing value: not valid, None in every list (() for
    "fields"), no error. A str that UTF-8 cannot encode is not a URN (its
    error: offset None, code 'unencodable', expected '', the encoder's
    message); any other item that is neither str nor bytes-like raises
    TypeError with its index. */
py::object fn_column(PyObject** a)
{
    column_kind const kind = get_column_kind(a[1]);
    urns::syntax const syn = get_syntax(a[2]);
    ns_arg const ns = get_namespaces(a[3]);
    auto const md = get_mode(a[4]);
    ns_arg const field_ns = kind == column_kind::fields ? (ns ? ns : default_namespaces()) : ns_arg{};
    py::object seq = batch_items(a[0], "texts");
    auto const n = static_cast<std::size_t>(PySequence_Fast_GET_SIZE(seq.ptr()));
    PyObject** items = PySequence_Fast_ITEMS(seq.ptr());
    py::bytes bits;
    char* bit = nullptr;
    py::list out;
    if (kind == column_kind::valid) {
        bits = py::reinterpret_steal<py::bytes>(PyBytes_FromStringAndSize(nullptr, static_cast<Py_ssize_t>(n)));
        if (!bits)
            throw py::error_already_set();
        bit = PyBytes_AS_STRING(bits.ptr());
    } else if (kind != column_kind::error) {
        out = py::list(n);
    }
    std::array<py::list, 4> error_columns; // "error": offsets, codes, expected names, messages
    if (kind == column_kind::error)
        for (py::list& c : error_columns)
            c = py::list(n);
    std::vector<std::string_view> texts;
    std::vector<char> usable;
    std::vector<std::optional<urns::urn_view>> parsed;
    std::vector<std::optional<std::string>> values;
    std::vector<std::optional<urns::parse_error>> failed;
    std::deque<std::string> copies;
    std::vector<std::string> unencodable;
    urns::parse_options const o{syn, ns.reg};
    for (std::size_t start = 0; start < n; start += chunk_items) {
        std::size_t const end = std::min(n, start + chunk_items);
        std::size_t const m = end - start;
        texts.assign(m, std::string_view());
        usable.assign(m, 1);
        unencodable.assign(m, std::string());
        copies.clear();
        for (std::size_t i = start; i < end; ++i) {
            py::object exc;
            if (items[i] == Py_None) {
                usable[i - start] = 0; // missing
                continue;
            }
            if (batch_text(items[i], i, "texts", texts[i - start], copies, exc))
                continue;
            if (!PyUnicode_Check(items[i]))
                bad_item(on_error::raise, exc);
            usable[i - start] = 0;
            unencodable[i - start] = py::str(exc).cast<std::string>();
        }
        parsed.assign(m, std::nullopt);
        values.assign(m, std::nullopt);
        failed.assign(m, std::nullopt);
        {
            py::gil_scoped_release nogil;
            for (std::size_t k = 0; k < m; ++k) {
                if (!usable[k])
                    continue;
                auto r = urns::parse_urn(texts[k], o);
                if (!r) {
                    failed[k] = r.error();
                    continue;
                }
                urns::urn_view const& u = *r;
                switch (kind) {
                case column_kind::canonical: values[k] = canonical_of(u, mode_for(u, md), ns); break;
                case column_kind::nid: values[k] = std::string(u.nid()); break;
                case column_kind::nss: values[k] = std::string(u.nss()); break;
                case column_kind::assigned_name: values[k] = std::string(u.assigned_name()); break;
                case column_kind::query: values[k] = component(u.has_query(), u.query()); break;
                case column_kind::r_component: values[k] = component(u.has_r_component(), u.r_component()); break;
                case column_kind::q_component: values[k] = component(u.has_q_component(), u.q_component()); break;
                case column_kind::f_component: values[k] = component(u.has_f_component(), u.f_component()); break;
                default: parsed[k] = u; break; // views into texts[k], alive until the chunk is done
                }
            }
        }
        for (std::size_t k = 0; k < m; ++k) {
            bool const ok = usable[k] && !failed[k];
            switch (kind) {
            case column_kind::valid: bit[start + k] = ok ? 1 : 0; continue;
            case column_kind::error: {
                std::size_t const i = start + k;
                py::object offset = py::none(), code = py::none(), expected = py::none(), message = py::none();
                if (!usable[k] && !unencodable[k].empty()) {
                    code = py::str("unencodable");
                    expected = py::str("");
                    message = py::str(unencodable[k]);
                } else if (failed[k]) {
                    offset = py::int_(failed[k]->offset);
                    code = py::str(std::string(urns::error_code_name(failed[k]->code)));
                    expected = py::str(std::string(failed[k]->expected));
                    message = lenient_str(urns::to_string(*failed[k], texts[k]));
                }
                error_columns[0][i] = offset;
                error_columns[1][i] = code;
                error_columns[2][i] = expected;
                error_columns[3][i] = message;
                continue;
            }
            case column_kind::fields:
                out[start + k] = ok ? fields_of_urn(*parsed[k], field_ns) : py::object(py::tuple());
                continue;
            default:
                out[start + k] = values[k] ? ascii_obj(*values[k]) : py::object(py::none());
                continue;
            }
        }
    }
    if (kind == column_kind::valid)
        return std::move(bits);
    if (kind == column_kind::error)
        return py::make_tuple(error_columns[0], error_columns[1], error_columns[2], error_columns[3]);
    return std::move(out);
}

py::object fn_make_urn(PyObject** a)
{
    text_arg n = get_text(a[0], "nid");
    text_arg id = get_text(a[1], "identifier");
    urns::syntax const syn = get_syntax(a[2]);
    text_arg extra = a[3] ? get_text(a[3], "extra_reserved") : text_arg{};
    auto r = urns::make_urn(n.view, id.view, syn, extra.view);
    if (!r)
        raise(r.error(), r.error().expected == "NSS" ? id.view : n.view);
    return make_urn_object(r->view());
}

py::object fn_pct_decode_to_bytes(PyObject** a)
{
    text_arg t = get_text(a[0], "text");
    auto r = urns::pct::decode(t.view);
    if (!r)
        raise(r.error(), t.view);
    return py::bytes(*r);
}

py::object fn_pct_encode(PyObject** a)
{
    text_arg t = get_text(a[0], "raw");
    urns::syntax const syn = get_syntax(a[1]);
    text_arg extra = a[2] ? get_text(a[2], "extra_reserved") : text_arg{};
    auto r = urns::pct::encode(t.view, syn, extra.view);
    if (!r)
        raise(r.error(), t.view);
    return ascii_obj(*r);
}

std::size_t size_arg(PyObject* o, char const* what)
{
    std::size_t const v = PyLong_AsSize_t(o);
    if (v == static_cast<std::size_t>(-1) && PyErr_Occurred()) {
        PyErr_Clear();
        throw py::type_error(std::string(what) + " must be an int >= 0");
    }
    return v;
}

/// urns.dask's inner loop: the URNs of a block of whole lines of a file.
py::object fn_extract_block(PyObject** a)
{
    PyObject* data = a[0];
    if (!PyBytes_Check(data))
        throw py::type_error("data must be bytes");
    std::string_view const all(PyBytes_AS_STRING(data), static_cast<std::size_t>(PyBytes_GET_SIZE(data)));
    std::size_t const begin = size_arg(a[1], "begin");
    std::size_t const end = size_arg(a[2], "end");
    if (begin > end || end > all.size())
        throw py::value_error("begin and end must be offsets in data, begin <= end");
    if (!PyBytes_Check(a[3]))
        throw py::type_error("file must be bytes");
    file_name const file =
        make_file_name({PyBytes_AS_STRING(a[3]), static_cast<std::size_t>(PyBytes_GET_SIZE(a[3]))});
    std::size_t const first_line = size_arg(a[4], "first_line");
    std::uint64_t const first_offset = size_arg(a[5], "first_offset");
    urns::syntax const syn = get_syntax(a[6]);
    bool const strict = get_bool(a[7], false);
    ns_arg const ns = get_namespaces(a[8]);
    bool const uri_context = get_bool(a[9], true);
    bool const json = get_bool(a[10], false);
    bool const want_canonical = get_bool(a[11], false);
    urns::extract_options const o = extract_options_for(syn, strict, ns, uri_context);
    std::string_view const block = all.substr(begin, end - begin);

    struct found {
        urns::urn_match match;
        std::size_t line, column;
        std::optional<std::string> canonical;
    };
    std::vector<found> matches;
    std::string text; // JSON lines
    std::size_t newlines = 0;
    {
        py::gil_scoped_release nogil;
        // As `urn extract` searches a block: the whole block at once (no
        // match crosses a line end), the "\n"s counted from one match to
        // the next only.
        std::size_t line = first_line;
        std::size_t line_start = 0; // in block
        std::size_t counted = 0;
        for (urns::urn_match const& m : urns::find_urns(block, o)) {
            std::string_view const before = block.substr(counted, m.offset - counted);
            counted = m.offset;
            if (std::size_t const ends = count_newlines(before.data(), before.size()); ends != 0) {
                line += ends;
                line_start = static_cast<std::size_t>(
                    static_cast<char const*>(::memrchr(before.data(), '\n', before.size())) + 1 - block.data());
            }
            found f{m, line, m.offset - line_start + 1, std::nullopt};
            if (want_canonical && !m.namespace_fault)
                f.canonical = canonical_of(m.view, urns::default_equivalence(m.view.syntax()), ns);
            if (json) {
                json_record(text, file, f.line, first_offset + m.offset, f.column, m,
                            want_canonical ? &f.canonical : nullptr);
            } else {
                matches.push_back(std::move(f));
            }
        }
        newlines = line - first_line + count_newlines(block.data() + counted, block.size() - counted);
    }
    if (json)
        return py::make_tuple(py::bytes(text), newlines);
    py::list out(matches.size());
    str_cache cache;
    // No collection while the records are made: they hold no cycles, and a
    // collection every few hundred dicts would scan all those made so far.
    struct gc_paused {
        int was = PyGC_Disable();
        ~gc_paused()
        {
            if (was)
                PyGC_Enable();
        }
    } paused;
    for (std::size_t i = 0; i < matches.size(); ++i) {
        found const& f = matches[i];
        PyList_SET_ITEM(out.ptr(), static_cast<Py_ssize_t>(i),
                        dict_record(file, f.line, first_offset + f.match.offset, f.column, f.match,
                                    want_canonical ? &f.canonical : nullptr, cache)
                            .release()
                            .ptr());
    }
    return py::make_tuple(out, newlines);
}

constexpr char const* syntax_doc =
    "syntax: 'rfc2141bis' (draft-ietf-urnbis-rfc2141bis-urn-03, the default), 'rfc2141' or 'rfc8141'.";

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

} // namespace

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

    parse_error_type = PyErr_NewExceptionWithDoc(
        "urns.ParseError",
        "A string is not a URN, or an argument cannot be encoded.\n\n"
        "A ValueError. str(e) is the input line with a caret under the first byte\n"
        "that could not be accepted. Attributes:\n"
        "  offset         byte offset of that byte (in the UTF-8 of a str input)\n"
        "  expected       the ABNF rule (or literal) expected there, e.g. 'NSS'\n"
        "  also_expected  other names expected at the same byte (tuple)\n"
        "  code           the error's stable name, e.g. 'bad_nss', 'nss_rejected'\n"
        "  reason         a short description of the code\n"
        "  syntax         the syntax parsed with\n"
        "  index          in a batch (parse_many, canonical_many), the item's index; else None\n"
        "Picklable (with its attributes).",
        PyExc_ValueError, nullptr);
    if (!parse_error_type)
        throw py::error_already_set();
    grammar_error_type = PyErr_NewExceptionWithDoc(
        "urns.GrammarError",
        "A namespace's ABNF cannot be used (Namespace.from_abnf).\n\n"
        "A ValueError. str(e) is every error of the grammar, each as\n"
        "'<abnf>:line:column: error: message', the line and a caret under the column.\n"
        "Attribute diagnostics: every finding (errors and warnings), a list of\n"
        "GrammarDiagnostic.",
        PyExc_ValueError, nullptr);
    if (!grammar_error_type)
        throw py::error_already_set();
    m.attr("GrammarError") = py::handle(grammar_error_type);
    plugin_error_type = PyErr_NewExceptionWithDoc(
        "urns.PluginError",
        "A namespace plugin cannot be loaded (load_plugin, URNS_PLUGINS).\n\n"
        "An ImportError. str(e) names where the path came from (URNS_PLUGINS), the\n"
        "path and the cause; path is the plugin's path as given, reason the cause\n"
        "alone: a missing file, not a urns plugin, another plugin interface or C++\n"
        "ABI, the plugin's own error, no namespace, a NID that is not valid, given\n"
        "twice, or already registered (a shipped one, another plugin's).",
        PyExc_ImportError, nullptr);
    if (!plugin_error_type)
        throw py::error_already_set();
    m.attr("PluginError") = py::handle(plugin_error_type);
    m.attr("ParseError") = py::handle(parse_error_type);
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p)
                std::rethrow_exception(p);
        } catch (parse_failure const& f) {
            py::object exc = make_parse_error(f);
            PyErr_SetObject(parse_error_type, exc.ptr());
        } catch (grammar_failure const& f) {
            py::object exc = make_grammar_error(f);
            PyErr_SetObject(grammar_error_type, exc.ptr());
        } catch (plugin_failure const& f) {
            py::object exc = py::reinterpret_borrow<py::object>(plugin_error_type)(
                lenient_str(f.message), "path"_a = lenient_str(f.path));
            exc.attr("reason") = lenient_str(f.reason);
            PyErr_SetObject(plugin_error_type, exc.ptr());
        }
    });

    init_urn_type(m);

    // -------------------------------------------------------- functions
    std::string const ns_doc =
        "namespaces: also check the NSS against namespaces' rules: True, those shipped\n"
        "with urns and the plugins loaded (see namespaces(), load_plugin()); a\n"
        "Registry; or Namespace objects (the shipped\n"
        "ones and those, e.g. [Namespace.from_abnf(...)]). Every call that takes\n"
        "namespaces= takes the same values.";
    add_function(m, "urns", "parse", {"text", "syntax='rfc2141bis'", "namespaces=False"}, fn_parse,
                 std::string("Parses a URN (str, read as UTF-8, or bytes-like) into a URN; raises ParseError\n"
                             "if it is not one, with the byte offset and the ABNF rule expected there.\n") +
                     syntax_doc + "\n" + ns_doc);
    add_function(m, "urns", "is_valid", {"text", "syntax='rfc2141bis'", "namespaces=False"}, fn_is_valid,
                 "Whether text (str or bytes-like) is a URN of the syntax (a bool); never raises\n"
                 "for text (a str that UTF-8 cannot encode is not a URN).");
    add_function(m, "urns", "parse_many",
                 {"texts", "syntax='rfc2141bis'", "namespaces=False", "errors='raise'"}, fn_parse_many,
                 "Parses every text (str or bytes-like) of an iterable: a list of URN in the same\n"
                 "order. The URN objects are made first and filled by the parser with the GIL\n"
                 "released, so threads calling it run in parallel, and it takes no more memory\n"
                 "than a loop of parse(). errors: 'raise' raises the ParseError of the first\n"
                 "invalid text (its .index says which), 'none' puts None in its place, 'return'\n"
                 "puts the ParseError object in its place. An item that is not text (a TypeError)\n"
                 "or a str that UTF-8 cannot encode (UnicodeEncodeError) is handled the same way,\n"
                 "the exception having an .index attribute.");
    add_function(m, "urns", "canonical",
                 {"text", "mode=None", "syntax='rfc2141bis'", "namespaces=False"}, canonical_body,
                 "The canonical form of a URN (a URN object, or text parsed in the syntax), a str:\n"
                 "'urn:', the NID in lower case, ':', the NSS with %hh hex digits in upper\n"
                 "case (nothing decoded), then what the mode compares. Two URNs are\n"
                 "equivalent exactly when their canonical forms are equal.\n"
                 "mode: 'rfc2141' (RFC 2141 section 5: everything), 'rfc2141bis-5a' (draft-03\n"
                 "section 5 step 5a: query and fragment dropped), 'rfc2141bis-5b' (step 5b: the\n"
                 "query kept, its directives sorted), 'rfc8141' (RFC 8141 section 3.1: the\n"
                 "assigned name only); None: the mode of the URN's syntax (rfc2141,\n"
                 "rfc2141bis-5a, rfc8141).\n"
                 "namespaces: also validate the NSS by its namespace's rules and fold it to the\n"
                 "namespace's canonical form (e.g. a uuid in lower case).\n"
                 "Raises ParseError if the text is not a URN (or its namespace rejects it).");
    add_function(m, "urns", "equivalence_key",
                 {"text", "mode=None", "syntax='rfc2141bis'", "namespaces=False"}, canonical_body,
                 "A hashable key (a str) that is equal for equivalent URNs and only for them: the\n"
                 "canonical form (see canonical()). Use it as a dict key or in a set to group\n"
                 "URNs by equivalence.");
    add_function(m, "urns", "equivalent",
                 {"a", "b", "mode=None", "syntax='rfc2141bis'", "namespaces=False"}, fn_equivalent,
                 "Whether two URNs (URN objects, or text parsed in the syntax) are lexically\n"
                 "equivalent: 'urn', the NID and %hh hex digits in any case, the rest octet\n"
                 "by octet, %hh never decoded. mode: see canonical(); None takes the mode of\n"
                 "a's syntax. Raises ParseError if either is not a URN.");
    add_function(m, "urns", "canonical_many",
                 {"texts", "mode=None", "syntax='rfc2141bis'", "namespaces=False", "errors='raise'"},
                 fn_canonical_many,
                 "canonical() of every text (str or bytes-like) of an iterable, a list, with the\n"
                 "GIL released while the library works; errors as for parse_many().");
    add_function(m, "urns", "check",
                 {"text", "syntax='rfc2141bis'", "assigned_name=False", "namespaces=False"}, fn_check,
                 "Diagnostics beyond syntax for a valid URN (a URN object, or text parsed in\n"
                 "the syntax), a list of Diagnostic sorted by offset: needless or lower-case\n"
                 "percent-encoding, a query or fragment in an assigned name (assigned_name=True),\n"
                 "unknown s= services, repeated keywords, informal, experimental and\n"
                 "unregistered NIDs; with namespaces=True an NSS its namespace's rules reject.\n"
                 "Raises ParseError if the text is not a URN.");
    add_function(m, "urns", "find",
                 {"text", "syntax='rfc2141bis'", "strict=False", "namespaces=False", "uri_context=True"}, fn_find,
                 "The URNs in a text (str or bytes-like), lazily, in order: an iterator of Match.\n"
                 "Offsets and lengths count bytes: of the UTF-8 of a str, of the bytes as they\n"
                 "are. A URN starts at 'urn:' (any case) that does not continue a word or a\n"
                 "scheme and ends at the first byte its syntax excludes; any byte 0x80-0xFF\n"
                 "ends it, so bytes need not be UTF-8.\n"
                 "strict: keep trailing punctuation ('.', ',', ')' ...) that the syntax\n"
                 "allows; by default it is left out, as link detectors do.\n"
                 "namespaces: report namespace rule faults in Match.namespace_fault.\n"
                 "uri_context: end a URN that is a query value at '&' and '#', one that is a\n"
                 "path segment at '?' and '#'.");
    add_function(m, "urns", "find_many",
                 {"texts", "syntax='rfc2141bis'", "strict=False", "namespaces=False", "uri_context=True"},
                 fn_find_many,
                 "find() on every text (str or bytes-like) of an iterable, with the GIL released\n"
                 "while the library works: one list of Match per text, offsets in bytes of that\n"
                 "text's UTF-8. An item that is not text raises TypeError (its .index says which).");
    add_function(m, "urns", "make_urn", {"nid", "identifier", "syntax='rfc2141bis'", "extra_reserved=''"},
                 fn_make_urn,
                 "Builds the URN 'urn:' NID ':' NSS from a NID and a raw identifier (str, encoded\n"
                 "as UTF-8, or bytes): the identifier is percent-encoded as the syntax requires\n"
                 "(a '%' in it becomes '%25'), with extra_reserved's characters encoded too.\n"
                 "The result is always a valid URN of the syntax. Raises ParseError for a bad\n"
                 "NID (offset into nid) or an empty identifier or one with NUL (offset into\n"
                 "identifier).");
    add_function(m, "urns._urns", "_extract_block",
                 {"data", "begin", "end", "file", "first_line", "first_offset", "syntax", "strict", "namespaces",
                  "uri_context", "json", "canonical"},
                 fn_extract_block,
                 "For urns.dask: the URNs of data[begin:end] (bytes: whole lines of a file,\n"
                 "the first being line first_line at byte first_offset of the file), as the\n"
                 "records of `urn extract --json` (file: the name's bytes), and the block's\n"
                 "count of '\\n': (list of dict, newlines), or (bytes of JSON lines, newlines)\n"
                 "when json is true. canonical: add each URN's canonical form (None where a\n"
                 "namespace rejects it). Searched with the GIL released.");

    add_function(m, "urns._urns", "_restore_namespace",
                 {"nid", "abnf", "root", "case_insensitive", "fields", "reference"},
                 [](PyObject** a) -> py::object {
                     if (a[1] == Py_None)
                         return py::cast(shipped_namespace(str_arg(a[0], "nid")));
                     return py::cast(compile_namespace(
                         str_arg(a[0], "nid"), str_arg(a[1], "abnf"),
                         a[2] == Py_None ? std::nullopt : std::optional<std::string>(str_arg(a[2], "root")),
                         get_names(a[3], "case_insensitive"), get_names(a[4], "fields"),
                         str_arg(a[5], "reference")));
                 },
                 "For pickle: the shipped namespace of the NID when abnf is None, else\n"
                 "Namespace.from_abnf() of the rest.");

    add_function(m, "urns", "load_plugin", {"path"}, fn_load_plugin,
                 "Loads a namespace plugin (a shared object built with urns_add_plugin, as the\n"
                 "urn tool loads with --plugin) and adds its namespaces to those namespaces=True\n"
                 "applies; returns their NIDs (a tuple of str). path: str, bytes or\n"
                 "os.PathLike; a name without '/' is looked up in the current directory first,\n"
                 "then where the dynamic linker looks (LD_LIBRARY_PATH, the system's library\n"
                 "directories). The same file loaded again (by any path) adds nothing and\n"
                 "returns the same NIDs. Loading runs the plugin's code. Raises PluginError,\n"
                 "naming the file and the cause. URNS_PLUGINS (paths separated by ':', ignored\n"
                 "in a set-user-ID or set-group-ID process, as the urn tool ignores it) is\n"
                 "loaded the same way by the first call that applies namespaces=True. A\n"
                 "plugin is never unloaded.");
    // Whether load_plugin can load (the library has the loader).
    add_function(m, "urns._urns", "_default_namespaces", {}, fn_default_namespaces,
                 "A list of Namespace; see urns.namespaces().");
    add_function(m, "urns._urns", "_restore_plugin_namespace", {"path", "nid"}, fn_restore_plugin_namespace,
                 "For pickle: the namespace of the NID of the plugin at path, loaded first.");
    add_function(m, "urns._urns", "_column", {"texts", "what", "syntax='rfc2141bis'", "namespaces=False", "mode=None"},
                 fn_column,
                 "For urns.pandas: one value of each text (valid, canonical, nid, nss,\n"
                 "assigned_name, query, r_component, q_component, f_component, error or\n"
                 "fields), computed with the GIL released; 'valid' gives bytes of 1 and 0.");

    py::module_ pct = m.def_submodule("pct", "Percent-encoding of NSSs (RFC 3986 section 2.1).");
    add_function(pct, "urns.pct", "decode_to_bytes", {"text"}, fn_pct_decode_to_bytes,
                 "The octets (bytes) that a percent-encoded string stands for; raises ParseError\n"
                 "(code 'bad_pct_encoded') at a '%' not followed by two hex digits.");
    add_function(pct, "urns.pct", "encode", {"raw", "syntax='rfc2141bis'", "extra_reserved=''"}, fn_pct_encode,
                 "Percent-encodes a raw identifier (str, as UTF-8, or bytes) into an NSS of\n"
                 "the syntax (a str): every octet the syntax does not allow as it is, and every\n"
                 "character of extra_reserved, becomes %HH (upper-case hex). Raises\n"
                 "ParseError for an empty identifier or one with a NUL.");

    // -------------------------------------------------------- check's diagnostics
    py::class_<py_diagnostic>(m, "Diagnostic",
        "One finding of check(): severity ('note', 'warning' or 'error'), code (a\n"
        "stable name such as 'lower-case-hex'), offset and length (bytes of the\n"
        "URN), message. str() shows the URN with carets under those bytes.\n"
        "Diagnostic(severity, code, offset, length, message, rendered=None) makes one\n"
        "(rendered: what str() gives; None: the message). Picklable.")
        .def(py::init([](py::handle severity, py::handle code, std::size_t offset, std::size_t length,
                         py::handle message, py::handle rendered) {
                 std::string msg = str_arg(message.ptr(), "message");
                 std::string r = rendered.is_none() ? msg : str_arg(rendered.ptr(), "rendered");
                 return py_diagnostic{str_arg(severity.ptr(), "severity"), str_arg(code.ptr(), "code"), offset,
                                      length, std::move(msg), std::move(r)};
             }),
             "severity"_a, "code"_a, "offset"_a, "length"_a, "message"_a, "rendered"_a = py::none(),
             "__init__(self, severity, code, offset, length, message, rendered=None)\n--\n\n")
        .def_property_readonly("severity", field(&py_diagnostic::severity, "Diagnostic"))
        .def_property_readonly("code", field(&py_diagnostic::code, "Diagnostic"))
        .def_property_readonly("offset", field(&py_diagnostic::offset, "Diagnostic"))
        .def_property_readonly("length", field(&py_diagnostic::length, "Diagnostic"))
        .def_property_readonly("message", field(&py_diagnostic::message, "Diagnostic"))
        .def("__str__", checked<py_diagnostic>("Diagnostic", [](py_diagnostic const& d) { return d.rendered; }))
        .def("__repr__", checked<py_diagnostic>("Diagnostic", [](py_diagnostic const& d) {
                 return "urns.Diagnostic(severity='" + d.severity + "', code='" + d.code +
                        "', offset=" + std::to_string(d.offset) + ", length=" + std::to_string(d.length) + ")";
             }))
        .def("__eq__",
             [](py::handle a, py::handle b) -> py::object {
                 if (!py::isinstance<py_diagnostic>(b))
                     return py::reinterpret_borrow<py::object>(Py_NotImplemented);
                 py_diagnostic const& x = self_of<py_diagnostic>(a, "Diagnostic");
                 py_diagnostic const& y = self_of<py_diagnostic>(b, "Diagnostic");
                 return py::bool_(x.severity == y.severity && x.code == y.code && x.offset == y.offset &&
                                  x.length == y.length && x.message == y.message && x.rendered == y.rendered);
             })
        .def("__reduce__", [](py::handle self) {
            py_diagnostic const& d = self_of<py_diagnostic>(self, "Diagnostic");
            return py::make_tuple(py::type::of(self),
                                  py::make_tuple(d.severity, d.code, d.offset, d.length, d.message, d.rendered));
        });
    py::setattr(m.attr("Diagnostic"), "__hash__", py::none());

    // -------------------------------------------------------- find's matches
    py::class_<py_fault>(m, "NamespaceFault",
        "Where a namespace's rules reject an NSS: offset (bytes from the start of\n"
        "the URN in Match.namespace_fault, of the NSS in Namespace.validate()) and\n"
        "expected (the namespace's ABNF rule). NamespaceFault(offset, expected).")
        .def(py::init([](std::size_t offset, py::handle expected) {
                 return py_fault{offset, str_arg(expected.ptr(), "expected")};
             }),
             "offset"_a, "expected"_a, "__init__(self, offset, expected)\n--\n\n")
        .def_property_readonly("offset", field(&py_fault::offset, "NamespaceFault"))
        .def_property_readonly("expected", field(&py_fault::expected, "NamespaceFault"))
        .def("__repr__", checked<py_fault>("NamespaceFault", [](py_fault const& f) {
                 return "urns.NamespaceFault(offset=" + std::to_string(f.offset) + ", expected='" + f.expected +
                        "')";
             }))
        .def("__eq__",
             [](py::handle a, py::handle b) -> py::object {
                 if (!py::isinstance<py_fault>(b))
                     return py::reinterpret_borrow<py::object>(Py_NotImplemented);
                 py_fault const& x = self_of<py_fault>(a, "NamespaceFault");
                 py_fault const& y = self_of<py_fault>(b, "NamespaceFault");
                 return py::bool_(x.offset == y.offset && x.expected == y.expected);
             })
        .def("__reduce__", [](py::handle self) {
            py_fault const& f = self_of<py_fault>(self, "NamespaceFault");
            return py::make_tuple(py::type::of(self), py::make_tuple(f.offset, f.expected));
        });
    py::setattr(m.attr("NamespaceFault"), "__hash__", py::none());

    py::class_<py_match>(m, "Match",
        "A URN found in text by find(): offset and length in bytes of the text's\n"
        "UTF-8 (for an ASCII str they are also character indexes), urn (the\n"
        "matched text, a str), nid, syntax, and namespace_fault (a NamespaceFault\n"
        "when find(namespaces=True) and the namespace's rules reject the NSS,\n"
        "else None). Match(offset, length, urn, nid, syntax='rfc2141bis',\n"
        "namespace_fault=None) makes one. Picklable.")
        .def(py::init([](std::size_t offset, std::size_t length, py::handle urn, py::handle nid,
                         py::handle syntax, py::handle fault) {
                 std::optional<py_fault> f;
                 if (!fault.is_none())
                     f = self_of<py_fault>(fault, "NamespaceFault");
                 return py_match{offset, length, str_arg(urn.ptr(), "urn"), str_arg(nid.ptr(), "nid"),
                                 get_syntax(syntax.ptr()), std::move(f)};
             }),
             "offset"_a, "length"_a, "urn"_a, "nid"_a, "syntax"_a = "rfc2141bis", "namespace_fault"_a = py::none(),
             "__init__(self, offset, length, urn, nid, syntax='rfc2141bis', namespace_fault=None)\n--\n\n")
        .def_property_readonly("offset", field(&py_match::offset, "Match"))
        .def_property_readonly("length", field(&py_match::length, "Match"))
        .def_property_readonly("urn", field(&py_match::urn, "Match"))
        .def_property_readonly("nid", field(&py_match::nid, "Match"))
        .def_property_readonly("syntax", checked<py_match>("Match", [](py_match const& x) {
                                   return py::reinterpret_borrow<py::object>(syntax_str(x.syntax));
                               }))
        .def_property_readonly("namespace_fault", field(&py_match::namespace_fault, "Match"))
        .def("__repr__", checked<py_match>("Match", [](py_match const& x) {
                 return "urns.Match(offset=" + std::to_string(x.offset) + ", length=" + std::to_string(x.length) +
                        ", urn=" + py::repr(py::str(x.urn)).cast<std::string>() + ")";
             }))
        .def("__eq__",
             [](py::handle a, py::handle b) -> py::object {
                 if (!py::isinstance<py_match>(b))
                     return py::reinterpret_borrow<py::object>(Py_NotImplemented);
                 py_match const& x = self_of<py_match>(a, "Match");
                 py_match const& y = self_of<py_match>(b, "Match");
                 bool same_fault = x.namespace_fault.has_value() == y.namespace_fault.has_value() &&
                                   (!x.namespace_fault || (x.namespace_fault->offset == y.namespace_fault->offset &&
                                                           x.namespace_fault->expected == y.namespace_fault->expected));
                 return py::bool_(x.offset == y.offset && x.length == y.length && x.urn == y.urn && x.nid == y.nid &&
                                  x.syntax == y.syntax && same_fault);
             })
        .def("__reduce__", [](py::handle self) {
            py_match const& x = self_of<py_match>(self, "Match");
            return py::make_tuple(py::type::of(self),
                                  py::make_tuple(x.offset, x.length, x.urn, x.nid,
                                                 py::handle(syntax_str(x.syntax)), py::cast(x.namespace_fault)));
        });
    py::setattr(m.attr("Match"), "__hash__", py::none());

    py::class_<match_iterator>(m, "MatchIterator",
                               "The lazy iterator of Match objects that find() returns (not picklable).")
        .def("__iter__", [](py::handle self) {
            self_of<match_iterator>(self, "MatchIterator");
            return py::reinterpret_borrow<py::object>(self);
        })
        .def("__next__", [](py::handle self) { return self_of<match_iterator>(self, "MatchIterator").next(); })
        .def("__reduce__", [](py::handle) -> py::object {
            throw py::type_error("cannot pickle 'urns.MatchIterator' object: list() it first");
        });
    py::class_<py_grammar_diagnostic>(m, "GrammarDiagnostic",
        "A finding about a namespace's ABNF (GrammarError.diagnostics,\n"
        "Namespace.diagnostics): severity ('error' or 'warning'), source (the\n"
        "text's name, '<abnf>'), offset (bytes into the text), line and column\n"
        "(from 1; the column in bytes), rule (the rule concerned, or ''), message,\n"
        "expected (for a syntax error, the RFC 5234 rules expected there, a\n"
        "tuple). str() is the line with a caret under the column. Picklable.")
        .def(py::init([](py::handle severity, py::handle source, std::size_t offset, std::size_t line,
                         std::size_t column, py::handle rule, py::handle message, py::handle expected,
                         py::handle rendered) {
                 py_grammar_diagnostic d;
                 d.severity = str_arg(severity.ptr(), "severity");
                 d.source = str_arg(source.ptr(), "source");
                 d.offset = offset;
                 d.line = line;
                 d.column = column;
                 d.rule = str_arg(rule.ptr(), "rule");
                 d.message = str_arg(message.ptr(), "message");
                 d.expected = get_names(expected, "expected");
                 d.rendered = rendered.is_none() ? d.message : str_arg(rendered.ptr(), "rendered");
                 return d;
             }),
             "severity"_a, "source"_a, "offset"_a, "line"_a, "column"_a, "rule"_a, "message"_a,
             "expected"_a = py::tuple(), "rendered"_a = py::none(),
             "__init__(self, severity, source, offset, line, column, rule, message, expected=(), rendered=None)"
             "\n--\n\n")
        .def_property_readonly("severity", field(&py_grammar_diagnostic::severity, "GrammarDiagnostic"))
        .def_property_readonly("source", field(&py_grammar_diagnostic::source, "GrammarDiagnostic"))
        .def_property_readonly("offset", field(&py_grammar_diagnostic::offset, "GrammarDiagnostic"))
        .def_property_readonly("line", field(&py_grammar_diagnostic::line, "GrammarDiagnostic"))
        .def_property_readonly("column", field(&py_grammar_diagnostic::column, "GrammarDiagnostic"))
        .def_property_readonly("rule", field(&py_grammar_diagnostic::rule, "GrammarDiagnostic"))
        .def_property_readonly("message", field(&py_grammar_diagnostic::message, "GrammarDiagnostic"))
        .def_property_readonly("expected", checked<py_grammar_diagnostic>("GrammarDiagnostic",
                               [](py_grammar_diagnostic const& d) { return names_tuple(d.expected); }))
        .def("__str__", checked<py_grammar_diagnostic>("GrammarDiagnostic",
                                                       [](py_grammar_diagnostic const& d) { return d.rendered; }))
        .def("__repr__", checked<py_grammar_diagnostic>("GrammarDiagnostic", [](py_grammar_diagnostic const& d) {
                 return "urns.GrammarDiagnostic(severity='" + d.severity + "', line=" + std::to_string(d.line) +
                        ", column=" + std::to_string(d.column) + ", message=" +
                        py::repr(py::str(d.message)).cast<std::string>() + ")";
             }))
        .def("__eq__",
             [](py::handle a, py::handle b) -> py::object {
                 if (!py::isinstance<py_grammar_diagnostic>(b))
                     return py::reinterpret_borrow<py::object>(Py_NotImplemented);
                 auto const& x = self_of<py_grammar_diagnostic>(a, "GrammarDiagnostic");
                 auto const& y = self_of<py_grammar_diagnostic>(b, "GrammarDiagnostic");
                 return py::bool_(x.severity == y.severity && x.source == y.source && x.offset == y.offset &&
                                  x.line == y.line && x.column == y.column && x.rule == y.rule &&
                                  x.message == y.message && x.expected == y.expected && x.rendered == y.rendered);
             })
        .def("__reduce__", [](py::handle self) {
            py_grammar_diagnostic const& d = self_of<py_grammar_diagnostic>(self, "GrammarDiagnostic");
            return py::make_tuple(py::type::of(self),
                                  py::make_tuple(d.severity, d.source, d.offset, d.line, d.column, d.rule,
                                                 d.message, names_tuple(d.expected), d.rendered));
        });

    py::setattr(m.attr("GrammarDiagnostic"), "__hash__", py::none());

    py::class_<py_namespace, std::shared_ptr<py_namespace>> ns_class(m, "Namespace",
        "A namespace's rules for its NSSs: one of those urns ships (see\n"
        "namespaces()), or one made from the ABNF of its registration with\n"
        "Namespace.from_abnf(), or a plugin's (load_plugin). Immutable, hashable,\n"
        "picklable (an ABNF namespace as its text and options, compiled again when\n"
        "loaded; a shipped one by its NID; a plugin's by its path and NID, the\n"
        "plugin loaded where it is unpickled). Give namespaces to the calls that\n"
        "take namespaces= in a Registry, or as a list (the shipped namespaces and\n"
        "those).");
    ns_class
        .def_property_readonly("nid", [](py::handle self) { return ns_of(self).nid; },
                               "The NID, as given (compared case-insensitively).")
        .def_property_readonly("reference",
                               [](py::handle self) { return ns_of(self).rules.reference; },
                               "Where the rules come from (document and section), for people.")
        .def_property_readonly("validates",
                               [](py::handle self) {
                                   return ns_of(self).rules.has_validator();
                               },
                               "Whether it checks the NSS (parse(..., namespaces=...) rejects a bad one).")
        .def_property_readonly("folds",
                               [](py::handle self) { return ns_of(self).rules.has_fold(); },
                               "Whether it has its own equivalence (canonical(..., namespaces=...) folds the NSS).")
        .def_property_readonly("abnf",
                               [](py::handle self) { return optional_py(ns_of(self).abnf); },
                               "The ABNF text it was made from; None for a shipped namespace.")
        .def_property_readonly("root",
                               [](py::handle self) { return optional_py(ns_of(self).root); },
                               "The rule an NSS must match; None for a shipped namespace.")
        .def_property_readonly("case_insensitive",
                               [](py::handle self) {
                                   return names_tuple(ns_of(self).case_insensitive);
                               },
                               "The rules compared without case (from_abnf's case_insensitive), a tuple.")
        .def_property_readonly("field_rules",
                               [](py::handle self) {
                                   return names_tuple(ns_of(self).fields);
                               },
                               "The rules named as fields (from_abnf's fields), a tuple; empty: the default.")
        .def_property_readonly("diagnostics",
                               [](py::handle self) {
                                   py_namespace const& ns = ns_of(self);
                                   std::vector<py_grammar_diagnostic> out;
                                   for (urns::abnf::diagnostic const& d : ns.warnings)
                                       out.push_back(to_py(d, ns.abnf ? *ns.abnf : std::string()));
                                   return out;
                               },
                               "The grammar's warnings (unused rules, ...), a list of GrammarDiagnostic.")
        .def("validate",
             [](py::handle self, py::handle nss) -> std::optional<py_fault> {
                 py_namespace const& ns = ns_of(self);
                 text_arg t = get_text(nss, "nss");
                 if (auto f = fault_of(ns.rules.check(t.view)))
                     return py_fault{f->offset, std::string(f->expected)};
                 return std::nullopt;
             },
             "nss"_a,
             "validate(self, nss)\n--\n\n"
             "None if the namespace accepts the NSS (str or bytes, as written, still\n"
             "percent-encoded), else a NamespaceFault: offset (bytes from the start of\n"
             "the NSS) of the byte it could not accept, and expected (the rule expected\n"
             "there).")
        .def("fields",
             [](py::handle self, py::handle nss) {
                 py_namespace const& ns = ns_of(self);
                 text_arg t = get_text(nss, "nss");
                 py::list out;
                 for (urns::nss::nss_field const& f : ns.rules.fields_of(t.view)) {
                     std::string_view const v = t.view.substr(f.begin, f.end - f.begin);
                     PyObject* text = PyUnicode_DecodeUTF8(v.data(), static_cast<Py_ssize_t>(v.size()),
                                                           "surrogateescape");
                     if (!text)
                         throw py::error_already_set();
                     out.append(py::make_tuple(py::str(std::string(f.name)), f.begin, f.end,
                                               py::reinterpret_steal<py::object>(text)));
                 }
                 return out;
             },
             "nss"_a,
             "fields(self, nss)\n--\n\n"
             "The named fields of an NSS the namespace accepts: (rule, begin, end, text)\n"
             "for each span of a field rule (from_abnf's fields; by default every rule\n"
             "of the grammar but RFC 5234's and RFC 3986's), begin and end in bytes of\n"
             "the NSS; for a shipped namespace or a plugin's, the fields it names (uuid's\n"
             "time-low, ..., node). Empty for an NSS it rejects, and for a namespace that\n"
             "names none.")
        .def("__eq__",
             [](py::handle self, py::handle other) -> py::object {
                 if (!py::isinstance<py_namespace>(other))
                     return py::reinterpret_borrow<py::object>(Py_NotImplemented);
                 return py::bool_(same_namespace(ns_of(self), ns_of(other)));
             })
        .def("__hash__",
             [](py::handle self) {
                 py_namespace const& ns = ns_of(self);
                 py::tuple st = namespace_state(ns);
                 st[0] = py::str(lower(ns.nid));
                 return py::hash(st);
             })
        .def("__repr__",
             [](py::handle self) {
                 py_namespace const& ns = ns_of(self);
                 std::string const nid = py::repr(py::str(ns.nid)).cast<std::string>();
                 if (ns.shipped)
                     return "<urns.Namespace " + nid + " (shipped)>";
                 if (ns.plugin)
                     return "<urns.Namespace " + nid + " (plugin " +
                            py::repr(lenient_str(*ns.plugin)).cast<std::string>() + ")>";
                 return "<urns.Namespace " + nid + " root=" + py::repr(py::str(*ns.root)).cast<std::string>() + ">";
             })
        .def("__reduce__",
             [](py::handle self) {
                 py_namespace const& ns = ns_of(self);
                 if (ns.plugin) // the plugin loaded again where it is unpickled
                     return py::make_tuple(py::module_::import("urns._urns").attr("_restore_plugin_namespace"),
                                           py::make_tuple(lenient_str(*ns.plugin), py::str(ns.nid)));
                 py::tuple st = namespace_state(ns);
                 // A module function, which every pickler finds by name
                 // (cloudpickle would pickle a bound class method by value).
                 return py::make_tuple(py::module_::import("urns._urns").attr("_restore_namespace"), st);
             })
        // Immutable: a copy is the object itself (no compiling again).
        .def("__copy__", [](py::handle self) { return py::reinterpret_borrow<py::object>(self); })
        .def("__deepcopy__", [](py::handle self, py::handle) { return py::reinterpret_borrow<py::object>(self); },
             "memo"_a);
    // Class methods: a bound method pickles by its class and name.
    auto class_method = [&](py::cpp_function f) {
        ns_class.attr(f.name()) = py::reinterpret_steal<py::object>(PyClassMethod_New(f.ptr()));
    };
    class_method(py::cpp_function(
        [](py::handle, py::handle nid, py::handle abnf, py::handle root, py::handle case_insensitive,
           py::handle fields, py::handle reference) {
            return compile_namespace(str_of(nid, "nid"), str_of(abnf, "abnf"),
                                     root.is_none() ? std::nullopt : std::optional<std::string>(str_of(root, "root")),
                                     get_names(case_insensitive, "case_insensitive"), get_names(fields, "fields"),
                                     str_of(reference, "reference"));
        },
        py::name("from_abnf"), py::is_method(ns_class), "nid"_a, "abnf"_a, "root"_a = py::none(), py::kw_only(),
        "case_insensitive"_a = py::tuple(), "fields"_a = py::tuple(), "reference"_a = "",
        "from_abnf(cls, nid, abnf, root=None, *, case_insensitive=(), fields=(), reference='')\n--\n\n"
        "A namespace from the ABNF of its NSS (RFC 5234, with RFC 7405's %s\"...\"),\n"
        "checked and compiled. root: the rule an NSS must match (None: the grammar's\n"
        "first rule), with ABNF's meaning (every alternative, every repetition\n"
        "count). RFC 5234's core rules (ALPHA, DIGIT, ...) and RFC 3986's (pchar,\n"
        "unreserved, pct-encoded, ...) may be used without defining them.\n"
        "case_insensitive: rules whose text the namespace compares without case (its\n"
        "fold lowers their letters, so canonical() and equivalent() with it ignore\n"
        "their case). fields: the rules that fields() reports. reference: where the\n"
        "rules come from, for people. Raises GrammarError (a ValueError) with every\n"
        "error, by line and column, if the grammar cannot be used."));
    class_method(py::cpp_function(
        [](py::handle, py::handle nid, py::handle abnf, py::handle root, py::handle case_insensitive,
           py::handle fields, py::handle reference) {
            if (abnf.is_none())
                return shipped_namespace(str_of(nid, "nid"));
            return compile_namespace(str_of(nid, "nid"), str_of(abnf, "abnf"),
                                     root.is_none() ? std::nullopt : std::optional<std::string>(str_of(root, "root")),
                                     get_names(case_insensitive, "case_insensitive"), get_names(fields, "fields"),
                                     str_of(reference, "reference"));
        },
        py::name("_restore"), py::is_method(ns_class), "nid"_a, "abnf"_a, "root"_a, "case_insensitive"_a,
        "fields"_a, "reference"_a,
        "_restore(cls, nid, abnf, root, case_insensitive, fields, reference)\n--\n\n"
        "For pickle: the shipped namespace of the NID when abnf is None, else from_abnf()."));

    py::class_<py_registry>(m, "Registry",
        "A set of namespaces looked up by NID (case-insensitively), for the\n"
        "namespaces= argument of parse, is_valid, URN, canonical, equivalent,\n"
        "equivalence_key, check, find, the *_many calls and urns.dask.extract.\n"
        "Registry(namespaces=(), builtin=True): the namespaces urns ships (unless\n"
        "builtin=False) and those of the iterable of Namespace, a later one\n"
        "replacing an earlier one of the same NID. len(), `nid in registry`,\n"
        "iteration over the NIDs, registry[nid] (a Namespace). Picklable (the\n"
        "shipped namespaces by reference, the others as their ABNF).")
        .def(py::init([](py::handle namespaces, bool builtin) {
                 py_registry r;
                 r.builtin = builtin;
                 r.reg = shipped_registry(builtin);
                 if (PyUnicode_Check(namespaces.ptr()) || PyBytes_Check(namespaces.ptr()))
                     throw py::type_error("namespaces must be an iterable of urns.Namespace, not " +
                                          type_name(namespaces));
                 for (py::handle item : py::iter(namespaces))
                     r.add(namespace_arg(item));
                 return r;
             }),
             "namespaces"_a = py::tuple(), "builtin"_a = true,
             "__init__(self, namespaces=(), builtin=True)\n--\n\n"
             "The shipped namespaces (builtin=True) and those of the iterable.")
        .def("add",
             [](py::handle self, py::handle ns) {
                 self_of<py_registry>(self, "Registry").add(namespace_arg(ns));
             },
             "namespace"_a,
             "add(self, namespace)\n--\n\n"
             "Adds a Namespace, replacing the one of the same NID (in any case). Calls\n"
             "already running with the registry keep the namespaces they started with.")
        .def_property_readonly("builtin",
                               [](py::handle self) { return self_of<py_registry>(self, "Registry").builtin; },
                               "Whether it started with the namespaces urns ships.")
        .def("__len__", [](py::handle self) { return self_of<py_registry>(self, "Registry").reg->size(); })
        .def("__contains__",
             [](py::handle self, py::handle nid) {
                 py_registry const& r = self_of<py_registry>(self, "Registry");
                 return PyUnicode_Check(nid.ptr()) && r.reg->find(nid.cast<std::string>()) != nullptr;
             })
        .def("__iter__",
             [](py::handle self) {
                 py::list nids;
                 for (urns::nss::namespace_rules const& x : self_of<py_registry>(self, "Registry").reg->entries())
                     nids.append(py::str(std::string(x.nid)));
                 return py::iter(nids);
             })
        .def("__getitem__",
             [](py::handle self, py::handle nid) -> std::shared_ptr<py_namespace> {
                 py_registry const& r = self_of<py_registry>(self, "Registry");
                 std::string const key = lower(str_of(nid, "nid"));
                 for (auto const& ns : r.added)
                     if (lower(ns->nid) == key)
                         return ns;
                 if (r.builtin && urns::nss::builtin().find(key))
                     return shipped_namespace(key);
                 throw py::key_error(key);
             },
             "nid"_a, "__getitem__(self, nid, /)\n--\n\nregistry[nid]: the Namespace of that NID (KeyError if none).")
        .def("__eq__",
             [](py::handle self, py::handle other) -> py::object {
                 if (!py::isinstance<py_registry>(other))
                     return py::reinterpret_borrow<py::object>(Py_NotImplemented);
                 py_registry const& a = self_of<py_registry>(self, "Registry");
                 py_registry const& b = self_of<py_registry>(other, "Registry");
                 bool same = a.builtin == b.builtin && a.added.size() == b.added.size();
                 for (std::size_t i = 0; same && i < a.added.size(); ++i)
                     same = same_namespace(*a.added[i], *b.added[i]);
                 return py::bool_(same);
             })
        .def("__repr__",
             [](py::handle self) {
                 py_registry const& r = self_of<py_registry>(self, "Registry");
                 std::string s = "urns.Registry([";
                 for (std::size_t i = 0; i < r.added.size(); ++i)
                     s += (i ? ", " : "") + py::repr(py::cast(r.added[i])).cast<std::string>();
                 return s + "], builtin=" + (r.builtin ? "True" : "False") + ")";
             })
        .def("__reduce__",
             [](py::handle self) {
                 py_registry const& r = self_of<py_registry>(self, "Registry");
                 py::list ns;
                 for (auto const& x : r.added)
                     ns.append(py::cast(x));
                 return py::make_tuple(py::type::of(self), py::make_tuple(py::tuple(ns), r.builtin));
             });
    py::setattr(m.attr("Registry"), "__hash__", py::none());

    m.def("_registered_namespaces", [] {
        py::list out;
        for (urns::registered_namespace const& r : urns::registered_namespaces())
            out.append(py::make_tuple(py::str(std::string(r.nid)),
                                      r.kind == urns::namespace_kind::formal ? "formal" : "informal",
                                      py::str(std::string(r.reference))));
        return out;
    }, "_registered_namespaces()\n--\n\nA list of (nid, kind, reference); see urns.registered_namespaces().");
    m.attr("iana_registry_snapshot") = py::str(std::string(urns::iana_registry_snapshot));

    // The classes are urns.URN etc. to their users (repr, help, pickle
    // finds them there too).
    for (char const* name : {"Diagnostic", "NamespaceFault", "Match", "MatchIterator", "GrammarDiagnostic",
                             "Namespace", "Registry"})
        m.attr(name).attr("__module__") = "urns";
}
