// SPDX-License-Identifier: BSL-1.0
// urns.URN's object (a CPython type of its own, urn_object) and how an
// argument becomes a URN: parsed with the options of a call, or a URN
// object as it is; its canonical form and its named fields. Internal to
// python/src.
#pragma once

#include "namespaces.hpp"

#include <memory>
#include <new>

namespace urns_python {

/// urns.URN: a urns::urn in the object itself. `ready` is false between
/// the allocation and the parse (parse_many), and for an object whose
/// parse failed: then there is no urn to destroy.
struct urn_object {
    PyObject_HEAD
    Py_hash_t hash;
    bool ready;
    /// The registry of the namespaces it was parsed with (a Registry or a
    /// list of Namespace), whose rules URN.fields asks; null: the
    /// namespaces of namespaces=True. Owned (deleted with the object).
    std::shared_ptr<urns::nss::registry const>* registry;
    alignas(urns::urn) unsigned char storage[sizeof(urns::urn)];

    urns::urn& get() noexcept { return *std::launder(reinterpret_cast<urns::urn*>(storage)); }
};

/// Filled in by init_urn (a static type: zero-initialized, then
/// set field by field).
inline PyTypeObject urn_type;

inline bool is_urn(PyObject* o)
{
    return PyObject_TypeCheck(o, &urn_type);
}

inline urns::urn const& urn_of(PyObject* o)
{
    auto* u = reinterpret_cast<urn_object*>(o);
    if (!u->ready) // cannot happen from Python: tp_new parses
        throw py::type_error("this urns.URN object holds no URN");
    return u->get();
}

/// A new URN object of `type` (uninitialized: ready is false).
inline urn_object* alloc_urn(PyTypeObject* type)
{
    auto* u = reinterpret_cast<urn_object*>(type->tp_alloc(type, 0));
    if (!u)
        throw py::error_already_set();
    u->hash = -1;
    u->ready = false;
    u->registry = nullptr;
    return u;
}

/// Keeps the registry of `ns` in `u` for URN.fields, when `ns` holds one
/// of its own (a Registry, Namespace objects, plugins loaded).
inline void keep_registry(urn_object* u, ns_arg const& ns)
{
    if (ns.keep && !u->registry)
        u->registry = new std::shared_ptr<urns::nss::registry const>(ns.keep);
}

inline py::object make_urn_object(urns::urn_view v, PyTypeObject* type = &urn_type, ns_arg const* ns = nullptr)
{
    urn_object* u = alloc_urn(type);
    auto o = py::reinterpret_steal<py::object>(reinterpret_cast<PyObject*>(u));
    new (u->storage) urns::urn(v);
    u->ready = true;
    if (ns)
        keep_registry(u, *ns);
    return o;
}

inline urns::result<urns::urn_view> parse_view(std::string_view s, urns::syntax syn, ns_arg const& namespaces)
{
    urns::parse_options o;
    o.syntax = syn;
    o.registry = namespaces.reg;
    return urns::parse_urn(s, o);
}

/// The named fields of a URN's NSS by the namespaces of namespaces=True
/// (the shipped ones and the plugins'): ((name, text), ...); empty when
/// its namespace names none or rejects the NSS.
inline py::object fields_of_urn(urns::urn_view u, ns_arg const& ns)
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
inline urn_arg get_urn(PyObject* o, urns::syntax syn, ns_arg const& namespaces, char const* what)
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

/// Appends the canonical form in mode `m` to `out`; with the namespaces'
/// rules, the NSS is also folded to its namespace's canonical form (as
/// `urn normalize --namespaces` does).
inline void append_canonical(urns::urn_view u, urns::equivalence_mode m, ns_arg const& namespaces, std::string& out)
{
    std::size_t const start = out.size();
    urns::canonical(u, m, out);
    if (!namespaces)
        return;
    // The generic form keeps the NSS's length (only %hh's case changes).
    std::size_t const nss_at = start + 5 + u.nid().size();
    std::string const tail = out.substr(nss_at + u.nss().size());
    out.resize(nss_at);
    urns::nss::append_canonical_nss(*namespaces.reg, u.nid(), u.nss(), out);
    out += tail;
}

/// The canonical form in mode `m`, as a new string (see append_canonical).
inline std::string canonical_of(urns::urn_view u, urns::equivalence_mode m, ns_arg const& namespaces)
{
    std::string c;
    append_canonical(u, m, namespaces, c);
    return c;
}

inline urns::equivalence_mode mode_for(urns::urn_view u, std::optional<urns::equivalence_mode> m)
{
    return m ? *m : urns::default_equivalence(u.syntax());
}

/// Whether each item of a batch is a URN of the syntax (and accepted by
/// the namespaces' rules): bytes, 1 or 0 per item, parsed without the GIL
/// a chunk at a time. An item that is not text is taken by `rule`
/// (item_rule::not_a_urn for is_valid_many, item_rule::column for
/// urns.pandas): 0, or the TypeError the rule raises.
py::object valid_bytes(PyObject* texts, urns::syntax syn, ns_arg const& ns, item_rule rule);

/// The options of a search (find, find_many, urns.dask).
inline urns::extract_options extract_options_for(urns::syntax syntax, bool strict, ns_arg const& namespaces,
                                          bool uri_context)
{
    urns::extract_options o;
    o.syntax = syntax;
    o.mode = strict ? urns::extract_mode::strict : urns::extract_mode::prose;
    o.registry = namespaces.reg;
    o.uri_context = uri_context;
    return o;
}

} // namespace urns_python
