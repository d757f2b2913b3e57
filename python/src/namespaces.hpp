// SPDX-License-Identifier: BSL-1.0
// urns.Namespace, urns.Registry and urns.GrammarDiagnostic as C++ values,
// what the parts that make them share, and what a namespaces= argument
// means (get_namespaces): no rules, those of namespaces=True (the shipped
// namespaces and the plugins'), or a registry's. Internal to python/src.
#pragma once

#include "common.hpp"

#include <urns/nss/abnf.hpp>
#include <urns/nss/builtin.hpp>
#include <urns/nss/plugin_loader.hpp>

#include <algorithm>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace urns_python {

/// A urns.Namespace: a shipped namespace (by its NID), or one compiled from
/// ABNF, with what made it (so that it pickles as its text and options).
struct py_namespace {
    urns::nss::namespace_rules rules;
    bool shipped = false;
    std::string nid;
    std::optional<std::string> abnf, root; // ABNF namespaces only
    std::optional<std::string> plugin;     // a plugin's namespaces: its file, absolute
    std::string plugin_sha256;             // and the SHA-256 of that file when it was loaded
    std::vector<std::string> case_insensitive, fields;
    std::string reference;
    std::vector<urns::abnf::diagnostic> warnings;
};

inline std::string lower(std::string_view s)
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

inline std::shared_ptr<urns::nss::registry const> shipped_registry(bool builtin)
{
    static std::shared_ptr<urns::nss::registry const> const empty = std::make_shared<urns::nss::registry>();
    // Aliasing: points to the static builtin() and owns nothing.
    return builtin ? std::shared_ptr<urns::nss::registry const>(std::shared_ptr<void>(), &urns::nss::builtin())
                   : empty;
}

/// The shipped namespace of that NID (any case); ValueError if none.
std::shared_ptr<py_namespace> shipped_namespace(std::string_view nid);

/// Equal state, the NID compared without case.
bool same_namespace(py_namespace const& a, py_namespace const& b);

/// A urns.GrammarDiagnostic: a finding about a namespace's ABNF.
struct py_grammar_diagnostic {
    std::string severity, source;
    std::size_t offset = 0, line = 1, column = 1;
    std::string rule, message;
    std::vector<std::string> expected;
    std::string rendered;
};

/// The GrammarDiagnostic of a diagnostic about the ABNF `text`.
py_grammar_diagnostic to_py_diagnostic(urns::abnf::diagnostic d, std::string_view text);

/// A str argument of a pybind11 method (see str_arg).
inline std::string str_of(py::handle h, char const* what)
{
    return str_arg(h.ptr(), what);
}

/// A tuple of str of rule names that are UTF-8 (read from str arguments,
/// or the library's own).
inline py::tuple str_tuple(std::vector<std::string> const& v)
{
    py::list l;
    for (std::string const& x : v)
        l.append(py::str(x));
    return py::tuple(l);
}

inline py_namespace& ns_of(py::handle h)
{
    return self_of<py_namespace>(h, "Namespace");
}

inline std::shared_ptr<py_namespace> namespace_arg(py::handle h)
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

/// urns.NamespaceFault: where a namespace's rules reject an NSS.
struct py_fault {
    std::size_t offset = 0;
    std::string expected;
    std::vector<std::string> also_expected;  ///< the other names expected there
    std::size_t expected_left_out = 0;      ///< names counted but not kept
};

/// A list of rule names: an iterable of str (a lone str is refused).
std::vector<std::string> get_names(py::handle h, char const* what);

/// A namespace's fault as urns.NamespaceFault, every name expected kept.
inline py_fault to_py_fault(urns::nss::nss_fault const& f)
{
    py_fault r{f.offset, std::string(f.expected), {}, f.also_expected.dropped()};
    for (std::string_view name : f.also_expected)
        r.also_expected.emplace_back(name);
    return r;
}

/// A namespace's verdict on an NSS as an optional fault: a verdict is
/// either an optional fault or a result that is true when the NSS is valid
/// (whose error() is the fault).
template <class Verdict>
inline std::optional<urns::nss::nss_fault> fault_of(Verdict const& v)
{
    if constexpr (std::is_same_v<Verdict, std::optional<urns::nss::nss_fault>>)
        return v;
    else
        return v ? std::nullopt : std::optional<urns::nss::nss_fault>(v.error());
}

// ------------------------------------------------------------ the registry of namespaces=True

/// The registry of namespaces=True: the shipped namespaces and the
/// plugins' (load_plugin(), URNS_PLUGINS); null while no plugin is
/// loaded (builtin() is then used as it is). Replaced, never changed, by
/// a load, so that a call running without the GIL keeps the registry it
/// started with. Changed with the GIL held.
inline std::shared_ptr<urns::nss::registry const> g_default_registry;
/// The plugins' namespaces, in the order they were loaded.
inline std::vector<std::shared_ptr<py_namespace>> g_plugin_namespaces;
/// Whether URNS_PLUGINS was read and every plugin it names loaded.
inline bool g_environment_loaded = false;

/** Loads the plugin at `path` with the library's loader and its policy
    for `source` (urns/nss/plugin_loader.hpp: a bare name only from the
    plugin directories, the environment's paths absolute, none in a
    set-user-ID process; one shared object loaded once) and adds its
    namespaces to the registry of
    namespaces=True; `from` is what the message begins with. The NIDs of
    its namespaces. A NID the registry has from elsewhere (a shipped one,
    another plugin's) is refused, and then nothing of the plugin is added;
    the same plugin again adds nothing. */
std::vector<std::string> load_into_default(std::string const& path, std::string const& from,
                                           urns::nss::plugin_source source = urns::nss::plugin_source::caller);

/// Loads the plugins of URNS_PLUGINS (paths separated by ":", read with
/// secure_getenv as the urn tool reads it: not in a set-user-ID or
/// set-group-ID process) on the first call that needs the registry of
/// namespaces=True. A plugin that cannot be loaded raises PluginError,
/// and again on each such call, until the variable is right.
inline void load_environment_plugins()
{
    if (g_environment_loaded)
        return;
    for (std::string const& path : urns::nss::environment_plugins())
        load_into_default(path, "URNS_PLUGINS: ", urns::nss::plugin_source::environment);
    g_environment_loaded = true;
}

/// The registry of namespaces=True (URNS_PLUGINS loaded first).
inline ns_arg default_namespaces()
{
    load_environment_plugins();
    if (g_default_registry)
        return {g_default_registry.get(), g_default_registry};
    return {&urns::nss::builtin(), nullptr};
}

/// True or False (two pointer compares), None, an int (its truth), a
/// Registry, or an iterable of Namespace (the shipped ones and those);
/// nullptr: the default, False.
inline ns_arg get_namespaces(PyObject* o)
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

/// The urns.GrammarError of a grammar_failure (not raised).
py::object make_grammar_error(grammar_failure const& f);

} // namespace urns_python
