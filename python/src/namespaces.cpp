// SPDX-License-Identifier: BSL-1.0
// urns.Namespace: one of the shipped namespaces, one compiled from ABNF
// (Namespace.from_abnf), or a plugin's; how it pickles (_restore_namespace,
// Namespace._restore).
#include "namespaces.hpp"

#include <urns/nss/shipped.hpp>

#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace urns_python {

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
    // Its file (grammar/nss/): the text, and but for an opaque namespace
    // the root rule; the rules named as fields and compared without case.
    if (urns::nss::shipped_namespace const* s = urns::nss::find_shipped(nid)) {
        auto const words = [](std::string_view list) {
            std::vector<std::string> out;
            std::istringstream in{std::string(list)};
            for (std::string w; in >> w;)
                out.push_back(w);
            return out;
        };
        ns->abnf = std::string(s->abnf);
        if (s->check != urns::nss::checked_by::opaque)
            ns->root = std::string(s->root);
        ns->case_insensitive = words(s->case_insensitive);
        ns->fields = words(s->fields);
    }
    return ns;
}

/// Equal state, the NID compared without case.
bool same_namespace(py_namespace const& a, py_namespace const& b)
{
    return a.shipped == b.shipped && a.plugin == b.plugin && lower(a.nid) == lower(b.nid) && a.abnf == b.abnf &&
           a.root == b.root &&
           a.case_insensitive == b.case_insensitive && a.fields == b.fields && a.reference == b.reference;
}

namespace {

// ------------------------------------------------------------ namespaces from ABNF

/// A namespace compiled from its ABNF; throws grammar_failure with the
/// grammar's diagnostics when it cannot be used.
std::shared_ptr<py_namespace> compile_namespace(std::string nid, std::string abnf, std::optional<std::string> root,
                                                std::vector<std::string> case_insensitive,
                                                std::vector<std::string> fields, std::string reference)
{
    // What is not given comes from the text's header (`;; root: ...`), as
    // in C++'s from_abnf and the tool's --namespace; the object says it.
    urns::nss::namespace_header const h = urns::nss::read_header(abnf);
    if (!root && !h.root.empty())
        root = h.root;
    if (case_insensitive.empty())
        case_insensitive = h.case_insensitive;
    if (fields.empty() && h.check != "x3") // an x3 header's are its X3's: from_abnf picks
        fields = h.fields;
    if (reference.empty())
        reference = h.reference;
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

py::object optional_py(std::optional<std::string> const& s)
{
    return s ? py::object(py::str(*s)) : py::object(py::none());
}

/// What a Namespace is made of, as Namespace._restore() takes it: the
/// shipped ones by NID alone (abnf None), the others by text and options.
py::tuple namespace_state(py_namespace const& ns)
{
    // A shipped namespace: its NID alone (None for the text), restored as
    // the shipped namespace of that NID where it is loaded.
    return py::make_tuple(py::str(ns.nid), ns.shipped ? py::none() : optional_py(ns.abnf), optional_py(ns.root),
                          str_tuple(ns.case_insensitive), str_tuple(ns.fields), py::str(ns.reference));
}

py::object fn_restore_namespace(PyObject** a)
{
    if (a[1] == Py_None)
        return py::cast(shipped_namespace(str_arg(a[0], "nid")));
    return py::cast(compile_namespace(str_arg(a[0], "nid"), str_arg(a[1], "abnf"),
                                      a[2] == Py_None ? std::nullopt
                                                      : std::optional<std::string>(str_arg(a[2], "root")),
                                      get_names(a[3], "case_insensitive"), get_names(a[4], "fields"),
                                      str_arg(a[5], "reference")));
}

using namespace_class = py::class_<py_namespace, std::shared_ptr<py_namespace>>;

/// What a Namespace tells of itself: its NID, reference, what it does, and
/// what it was made from.
void add_namespace_properties(namespace_class& ns_class)
{
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
                               "The ABNF text it was made from; for a shipped namespace, its file's\n"
                               "(grammar/nss/NID.abnf: header, notes, ABNF).")
        .def_property_readonly("root",
                               [](py::handle self) { return optional_py(ns_of(self).root); },
                               "The rule an NSS must match (a shipped namespace's file's root rule);\n"
                               "None for a plugin's, or an opaque shipped namespace.")
        .def_property_readonly("case_insensitive",
                               [](py::handle self) {
                                   return str_tuple(ns_of(self).case_insensitive);
                               },
                               "The rules compared without case (from_abnf's case_insensitive), a tuple.")
        .def_property_readonly("field_rules",
                               [](py::handle self) {
                                   return str_tuple(ns_of(self).fields);
                               },
                               "The rules named as fields (from_abnf's fields), a tuple; empty: the default.")
        .def_property_readonly("diagnostics",
                               [](py::handle self) {
                                   py_namespace const& ns = ns_of(self);
                                   std::vector<py_grammar_diagnostic> out;
                                   for (urns::abnf::diagnostic const& d : ns.warnings)
                                       out.push_back(to_py_diagnostic(d, ns.abnf ? *ns.abnf : std::string()));
                                   return out;
                               },
                               "The grammar's warnings (unused rules, ...), a list of GrammarDiagnostic.");
}

/// What a Namespace does with an NSS (validate, fields), and what makes it
/// a value: compared, hashed, shown, pickled, copied as itself.
void add_namespace_methods(namespace_class& ns_class)
{
    ns_class
        .def("validate",
             [](py::handle self, py::handle nss) -> std::optional<py_fault> {
                 py_namespace const& ns = ns_of(self);
                 text_arg t = get_text(nss, "nss");
                 if (auto f = fault_of(ns.rules.check(t.view)))
                     return to_py_fault(*f);
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
                                           py::make_tuple(lenient_str(*ns.plugin), py::str(ns.nid),
                                                          py::str(ns.plugin_sha256)));
                 py::tuple st = namespace_state(ns);
                 // A module function, which every pickler finds by name
                 // (cloudpickle would pickle a bound class method by value).
                 return py::make_tuple(py::module_::import("urns._urns").attr("_restore_namespace"), st);
             })
        // Immutable: a copy is the object itself (no compiling again).
        .def("__copy__", [](py::handle self) { return py::reinterpret_borrow<py::object>(self); })
        .def("__deepcopy__", [](py::handle self, py::handle) { return py::reinterpret_borrow<py::object>(self); },
             "memo"_a);
}

/// The ways to make a Namespace: from_abnf(), and _restore() for pickle.
void add_namespace_class_methods(namespace_class& ns_class)
{
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
}

} // namespace

void init_namespaces(py::module_& m)
{
    add_function(m, "urns._urns", "_restore_namespace",
                 {"nid", "abnf", "root", "case_insensitive", "fields", "reference"}, fn_restore_namespace,
                 "For pickle: the shipped namespace of the NID when abnf is None, else\n"
                 "Namespace.from_abnf() of the rest.");

    namespace_class ns_class(m, "Namespace",
        "A namespace's rules for its NSSs: one of those urns ships (see\n"
        "namespaces()), or one made from the ABNF of its registration with\n"
        "Namespace.from_abnf(), or a plugin's (load_plugin). Immutable, hashable,\n"
        "picklable (an ABNF namespace as its text and options, compiled again when\n"
        "loaded; a shipped one by its NID; a plugin's by its path and NID, the\n"
        "plugin loaded where it is unpickled). Give namespaces to the calls that\n"
        "take namespaces= in a Registry, or as a list (the shipped namespaces and\n"
        "those).");
    add_namespace_properties(ns_class);
    add_namespace_methods(ns_class);
    add_namespace_class_methods(ns_class);
}

} // namespace urns_python
