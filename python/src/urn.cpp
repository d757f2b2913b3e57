// SPDX-License-Identifier: BSL-1.0
// urns.URN, a CPython type of its own (urn_object): made by parsing
// (tp_new and vectorcall bind the arguments as the module functions do),
// its components as getters, compared and hashed by text and syntax,
// pickled as its text and syntax.
#include "urn.hpp"

#include <functional>
#include <new>
#include <string>
#include <string_view>
#include <vector>

namespace urns_python {

namespace {

// ------------------------------------------------------------ URN objects

void urn_dealloc(PyObject* self)
{
    auto* u = reinterpret_cast<urn_object*>(self);
    if (u->ready)
        u->get().~urn();
    delete u->registry;
    Py_TYPE(self)->tp_free(self);
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
        return make_urn_object(*r, reinterpret_cast<PyTypeObject*>(type), &ns).release().ptr();
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
    if (kwargs && PyDict_Size(kwargs) != 0) {
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

PyObject* urn_get_fields(PyObject* self, void*)
{
    auto const* reg = reinterpret_cast<urn_object*>(self)->registry;
    return urn_get(self, [reg](urns::urn const& u) {
        return fields_of_urn(u.view(), reg ? ns_arg{reg->get(), *reg} : default_namespaces());
    });
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
        if (PyDict_Check(dict.ptr()) && PyDict_Size(dict.ptr()) != 0)
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

} // namespace

void init_urn(py::module_& m)
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

} // namespace urns_python
