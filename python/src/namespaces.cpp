// SPDX-License-Identifier: BSL-1.0
// urns.Namespace (shipped, compiled from ABNF, or a plugin's),
// urns.Registry, urns.GrammarDiagnostic and GrammarError's contents, the
// IANA registry's snapshot; the plugins (load_plugin, URNS_PLUGINS) and
// the registry of namespaces=True they add to.
#include "namespaces.hpp"

#include <memory>
#include <optional>
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

namespace {

// ------------------------------------------------------------ namespaces from ABNF

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

// ------------------------------------------------------------ plugins

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

void init_namespaces(py::module_& m)
{
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
