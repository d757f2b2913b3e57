// SPDX-License-Identifier: BSL-1.0
// The namespace plugins (load_plugin, URNS_PLUGINS) and the registry of
// namespaces=True they add to (its namespaces: _default_namespaces); a
// plugin's Namespace unpickled (_restore_plugin_namespace).
#include "namespaces.hpp"

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace urns_python {

namespace {

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

/// The SHA-256 of the file at `path`, in hex (hashlib.file_digest).
std::string file_sha256(std::string const& path)
{
    py::object f = py::module_::import("io").attr("open")(py::bytes(path), "rb");
    try {
        py::object d = py::module_::import("hashlib").attr("file_digest")(f, "sha256");
        f.attr("close")();
        return d.attr("hexdigest")().cast<std::string>();
    } catch (...) {
        f.attr("close")();
        throw;
    }
}

/// For pickle: a plugin's namespace, the plugin loaded first (harmless
/// where it is loaded already). The pickle holds the plugin's absolute
/// file and its SHA-256: a relative path, or another file under that
/// path (another build, another machine's), is refused with PluginError.
py::object fn_restore_plugin_namespace(PyObject** a)
{
    std::string const path = str_arg(a[0], "path");
    std::string const nid = lower(str_arg(a[1], "nid"));
    std::string const sha256 = str_arg(a[2], "sha256");
    auto const refuse = [&](std::string const& why) {
        throw plugin_failure{path, why, "cannot load plugin " + path + ": " + why};
    };
    if (path.empty() || path.front() != '/')
        refuse("a pickled plugin's path must be absolute");
    std::string have;
    try {
        have = file_sha256(path);
    } catch (py::error_already_set const& e) {
        refuse(std::string("cannot read it: ") + e.what());
    }
    if (have != sha256)
        refuse("it is not the file that was pickled (SHA-256 " + have + ", pickled " + sha256 + ")");
    load_environment_plugins();
    load_into_default(path, "");
    for (auto const& ns : g_plugin_namespaces)
        if (lower(ns->nid) == nid)
            return py::cast(ns);
    refuse("it has no namespace " + nid);
    return py::none();
}

} // namespace

std::vector<std::string> load_into_default(std::string const& path, std::string const& from,
                                           urns::nss::plugin_source source)
{
    urns::nss::loaded_plugin p;
    try {
        p = urns::nss::load_plugin(path, source);
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
        std::string const sha256 = file_sha256(p.file);
        auto next = std::make_shared<urns::nss::registry>(current);
        for (urns::nss::namespace_rules const& r : added) {
            next->add(r);
            auto ns = std::make_shared<py_namespace>();
            ns->rules = r;
            ns->nid = std::string(r.nid);
            ns->reference = std::string(r.reference);
            ns->plugin = p.file;
            ns->plugin_sha256 = sha256;
            g_plugin_namespaces.push_back(std::move(ns));
        }
        g_default_registry = std::move(next);
    }
    return nids;
}

void init_plugins(py::module_& m)
{
    add_function(m, "urns", "load_plugin", {"path"}, fn_load_plugin,
                 "Loads a namespace plugin (a shared object built with urns_add_plugin, as the\n"
                 "urn tool loads with --plugin) and adds its namespaces to those namespaces=True\n"
                 "applies; returns their NIDs (a tuple of str). path: str, bytes or\n"
                 "os.PathLike; a path with '/' may be relative to the current directory, a\n"
                 "name without '/' is looked up only in the plugin directories (URNS_PLUGIN_PATH,\n"
                 "then the library's LIBDIR/urns/plugins; see plugin_directories()), never in\n"
                 "the current directory. No plugin loads in a set-user-ID process. The same file loaded again (by any path) adds nothing and\n"
                 "returns the same NIDs. Loading runs the plugin's code. Raises PluginError,\n"
                 "naming the file and the cause. URNS_PLUGINS (absolute paths or bare names,\n"
                 "separated by ':', ignored in a set-user-ID or set-group-ID process, as the urn\n"
                 "tool ignores it) is loaded the same way by the first call that applies namespaces=True. A\n"
                 "plugin is never unloaded.");
    add_function(m, "urns._urns", "_default_namespaces", {}, fn_default_namespaces,
                 "A list of Namespace; see urns.namespaces().");
    add_function(m, "urns._urns", "_restore_plugin_namespace", {"path", "nid", "sha256"}, fn_restore_plugin_namespace,
                 "For pickle: the namespace of the NID of the plugin at path (absolute, its\n"
                 "file's SHA-256 as pickled), loaded first.");
}

} // namespace urns_python
