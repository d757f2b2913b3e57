// SPDX-License-Identifier: BSL-1.0
// urns.Registry, a set of namespaces for the namespaces= argument; and
// IANA's registry of URN namespaces as the library's snapshot holds it
// (_registered_namespaces) and how current that is (iana_registry_snapshot).
#include "namespaces.hpp"

#include <memory>
#include <string>
#include <utility>

namespace urns_python {

namespace {

using registry_class = py::class_<py_registry>;

/// A Registry as a container of Namespace objects by NID: len(), in,
/// iteration over the NIDs, registry[nid].
void add_registry_lookups(registry_class& cls)
{
    cls
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
             "nid"_a, "__getitem__(self, nid, /)\n--\n\nregistry[nid]: the Namespace of that NID (KeyError if none).");
}

/// A Registry as a value: compared, shown, pickled.
void add_registry_value_methods(registry_class& cls)
{
    cls
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
}

} // namespace

void init_registry(py::module_& m)
{
    registry_class cls(m, "Registry",
        "A set of namespaces looked up by NID (case-insensitively), for the\n"
        "namespaces= argument of parse, is_valid, URN, canonical, equivalent,\n"
        "equivalence_key, check, find, the *_many calls and urns.dask.extract.\n"
        "Registry(namespaces=(), builtin=True): the namespaces urns ships (unless\n"
        "builtin=False) and those of the iterable of Namespace, a later one\n"
        "replacing an earlier one of the same NID. len(), `nid in registry`,\n"
        "iteration over the NIDs, registry[nid] (a Namespace). Picklable (the\n"
        "shipped namespaces by reference, the others as their ABNF).");
    cls
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
                               "Whether it started with the namespaces urns ships.");
    add_registry_lookups(cls);
    add_registry_value_methods(cls);
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
}

} // namespace urns_python
