// SPDX-License-Identifier: BSL-1.0
// The extension module urns._urns: the library's parser, equivalence,
// checks, extraction, builder and percent-encoding for Python. The package
// urns (python/urns/__init__.py) re-exports it; the docstrings here are
// what help(urns) shows.
//
// Text in: a str is read as its UTF-8 bytes (a str with a lone surrogate
// cannot be encoded and raises UnicodeEncodeError), bytes as they are.
// Every offset given back counts bytes of that UTF-8 (or of the bytes).
// The batch functions copy their inputs into one C++ buffer with the GIL
// held, then release the GIL while the library works on the copy.
#include <urns/abnf.hpp>
#include <urns/nss/abnf.hpp>
#include <urns/nss/builtin.hpp>
#include <urns/urns.hpp>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace py = pybind11;
using namespace pybind11::literals;

namespace {

// ------------------------------------------------------------ text in

/// The bytes of a str (UTF-8) or bytes-like argument, and the object that
/// owns them (the str caches its UTF-8 form; a bytearray is copied, since
/// it may change while the GIL is released).
struct text_arg {
    py::object owner;
    std::string_view view;
};

std::string type_name(py::handle h)
{
    return py::str(py::type::handle_of(h).attr("__name__")).cast<std::string>();
}

text_arg get_text(py::handle h, char const* what)
{
    PyObject* o = h.ptr();
    if (PyUnicode_Check(o)) {
        Py_ssize_t n = 0;
        char const* p = PyUnicode_AsUTF8AndSize(o, &n);
        if (!p)
            throw py::error_already_set(); // UnicodeEncodeError: a lone surrogate
        return {py::reinterpret_borrow<py::object>(h), {p, static_cast<std::size_t>(n)}};
    }
    if (PyBytes_Check(o))
        return {py::reinterpret_borrow<py::object>(h),
                {PyBytes_AS_STRING(o), static_cast<std::size_t>(PyBytes_GET_SIZE(o))}};
    if (PyByteArray_Check(o)) {
        py::bytes copy(PyByteArray_AS_STRING(o), static_cast<std::size_t>(PyByteArray_GET_SIZE(o)));
        std::string_view v(PyBytes_AS_STRING(copy.ptr()), static_cast<std::size_t>(PyBytes_GET_SIZE(copy.ptr())));
        return {std::move(copy), v};
    }
    throw py::type_error(std::string(what) + " must be str or bytes, not " + type_name(h));
}

/// Like get_text, but a str's lone surrogates (as read with
/// errors="surrogateescape") become the bytes they stand for.
text_arg get_text_surrogateescape(py::handle h, char const* what)
{
    PyObject* o = h.ptr();
    if (PyUnicode_Check(o)) {
        PyObject* b = PyUnicode_AsEncodedString(o, "utf-8", "surrogateescape");
        if (!b)
            throw py::error_already_set();
        auto owner = py::reinterpret_steal<py::object>(b);
        return {owner, {PyBytes_AS_STRING(b), static_cast<std::size_t>(PyBytes_GET_SIZE(b))}};
    }
    return get_text(h, what);
}

/// Many texts copied into one buffer, for work without the GIL.
struct text_batch {
    std::string data;
    std::vector<std::pair<std::size_t, std::size_t>> spans; // begin, size

    std::size_t size() const noexcept { return spans.size(); }
    std::string_view operator[](std::size_t i) const noexcept
    {
        return std::string_view(data).substr(spans[i].first, spans[i].second);
    }
};

text_batch get_batch(py::handle iterable, char const* what, bool surrogateescape = false)
{
    if (PyUnicode_Check(iterable.ptr()) || PyBytes_Check(iterable.ptr()))
        throw py::type_error(std::string(what) + " must be an iterable of str or bytes, not a single " +
                             type_name(iterable));
    text_batch b;
    std::vector<text_arg> items;
    std::size_t total = 0;
    if (PyList_Check(iterable.ptr()) || PyTuple_Check(iterable.ptr()))
        items.reserve(static_cast<std::size_t>(py::len(iterable)));
    for (py::handle item : py::iter(iterable)) {
        items.push_back(surrogateescape ? get_text_surrogateescape(item, what) : get_text(item, what));
        total += items.back().view.size();
    }
    b.data.reserve(total);
    b.spans.reserve(items.size());
    for (text_arg const& t : items) {
        b.spans.emplace_back(b.data.size(), t.view.size());
        b.data.append(t.view);
    }
    return b;
}

urns::syntax get_syntax(std::string_view name)
{
    if (auto s = urns::syntax_from_string(name))
        return *s;
    throw py::value_error("unknown syntax '" + std::string(name) +
                          "': expected 'rfc2141bis', 'rfc2141' or 'rfc8141'");
}

std::optional<urns::equivalence_mode> get_mode(std::optional<std::string_view> name)
{
    if (!name)
        return std::nullopt;
    using m = urns::equivalence_mode;
    for (m x : {m::rfc2141, m::rfc2141bis_drop_query, m::rfc2141bis_keep_query, m::rfc8141})
        if (urns::to_string(x) == *name)
            return x;
    throw py::value_error("unknown equivalence mode '" + std::string(*name) +
                          "': expected 'rfc2141', 'rfc2141bis-5a', 'rfc2141bis-5b' or 'rfc8141'");
}

// ------------------------------------------------------------ namespaces

/// Whether a pybind11 instance holds a constructed value: one made with
/// cls.__new__(cls) and no __init__ does not (pybind11 would hand its
/// methods uninitialized memory).
bool initialized(py::handle h)
{
    auto* inst = reinterpret_cast<py::detail::instance*>(h.ptr());
    return inst->get_value_and_holder().holder_constructed();
}

/// The C++ object of a pybind11 instance of T, after checking that it is
/// one and that it was constructed (a TypeError, not a crash, otherwise).
template <class T>
T& self_of(py::handle h, char const* cls)
{
    if (!py::isinstance<T>(h))
        throw py::type_error(std::string("expected urns.") + cls + ", not " + type_name(h));
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
    std::vector<std::string> case_insensitive, fields;
    std::string reference;
    std::vector<urns::abnf::diagnostic> warnings;
};

using namespace_ptr = std::shared_ptr<py_namespace const>;

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

/// True or False (as today: two pointer compares), None, an int (its truth),
/// a Registry, or an iterable of Namespace (the shipped ones and those).
ns_arg get_namespaces(py::handle h)
{
    PyObject* o = h.ptr();
    if (o == Py_True)
        return {&urns::nss::builtin(), nullptr};
    if (o == Py_False || o == Py_None)
        return {};
    if (py::isinstance<py_registry>(h)) {
        py_registry const& r = self_of<py_registry>(h, "Registry");
        return {r.reg.get(), r.reg};
    }
    if (PyLong_Check(o))
        return PyObject_IsTrue(o) ? ns_arg{&urns::nss::builtin(), nullptr} : ns_arg{};
    PyObject* it = PyUnicode_Check(o) || PyBytes_Check(o) ? nullptr : PyObject_GetIter(o);
    if (!it) {
        PyErr_Clear();
        throw py::type_error("namespaces must be a bool, a urns.Registry or an iterable of urns.Namespace, not " +
                             type_name(h));
    }
    auto reg = std::make_shared<urns::nss::registry>(urns::nss::builtin());
    for (py::handle item : py::reinterpret_steal<py::iterator>(it))
        reg->add(namespace_arg(item)->rules);
    return {reg.get(), reg};
}

} // namespace

namespace pybind11 {
namespace detail {
/// namespaces= arguments: see get_namespaces().
template <>
struct type_caster<ns_arg> {
    PYBIND11_TYPE_CASTER(ns_arg, const_name("bool | Registry | Iterable[Namespace]"));
    bool load(handle src, bool)
    {
        value = get_namespaces(src);
        return true;
    }
};
} // namespace detail
} // namespace pybind11

namespace {

// ------------------------------------------------------------ errors


/// A parse_error on its way to Python, with its caret message made while
/// the input is at hand. Thrown with or without the GIL; translated into
/// urns.ParseError once it is held again.
struct parse_failure {
    urns::parse_error error;
    std::string message;
    std::optional<std::size_t> index; // the item of a batch

    parse_failure(urns::parse_error const& e, std::string_view input,
                  std::optional<std::size_t> i = std::nullopt)
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

// ------------------------------------------------------------ URNs

/// The fault of a namespace's verdict on an NSS, or nothing if it is valid:
/// a verdict is either an optional fault or a result that is true when the
/// NSS is valid (whose error() is the fault).
template <class Verdict>
std::optional<urns::nss::nss_fault> fault_of(Verdict const& v)
{
    if constexpr (std::is_same_v<Verdict, std::optional<urns::nss::nss_fault>>)
        return v;
    else
        return v ? std::nullopt : std::optional<urns::nss::nss_fault>(v.error());
}

/// A URN given as a URN object, or text parsed with the options.
struct urn_arg {
    std::optional<urns::urn> owned; // when parsed from text
    urns::urn const* object = nullptr;
    urns::urn const& get() const { return object ? *object : *owned; }
};

urns::result<urns::urn> parse_owned(std::string_view s, urns::syntax syn, ns_arg const& namespaces)
{
    urns::parse_options o;
    o.syntax = syn;
    o.registry = namespaces.reg;
    return urns::urn::parse(s, o);
}

/// The URN of an argument: a URN object as it is (checked against the
/// namespaces' rules if asked), or text parsed in `syn`.
urn_arg get_urn(py::handle h, urns::syntax syn, ns_arg const& namespaces, char const* what)
{
    urn_arg a;
    if (py::isinstance<urns::urn>(h)) {
        a.object = &self_of<urns::urn>(h, "URN");
        if (namespaces)
            if (auto f = fault_of(urns::nss::validate(*namespaces.reg, a.object->view())))
                raise(urns::parse_error{urns::make_error_code(urns::error::nss_rejected), f->offset,
                                        f->expected, a.object->syntax()},
                      a.object->buffer());
        return a;
    }
    text_arg t = get_text(h, what);
    auto r = parse_owned(t.view, syn, namespaces);
    if (!r)
        raise(r.error(), t.view);
    a.owned.emplace(std::move(*r));
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

py::object optional_str(bool present, std::string_view v)
{
    return present ? py::object(py::str(v.data(), v.size())) : py::object(py::none());
}

std::string repr_of(urns::urn const& u)
{
    std::string r = py::repr(py::str(u.buffer().data(), u.buffer().size())).cast<std::string>();
    std::string s = "urns.URN(" + r;
    if (u.syntax() != urns::syntax::rfc2141bis)
        s += ", syntax='" + std::string(urns::to_string(u.syntax())) + "'";
    return s + ")";
}

/// A method of URN that checks its self first (see self_of).
template <class F>
auto on_urn(F f)
{
    return [f](py::handle self) { return f(self_of<urns::urn>(self, "URN")); };
}

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

urns::extract_options extract_options_for(std::string_view syntax, bool strict, ns_arg const& namespaces,
                                          bool uri_context)
{
    urns::extract_options o;
    o.syntax = get_syntax(syntax);
    o.mode = strict ? urns::extract_mode::strict : urns::extract_mode::prose;
    o.registry = namespaces.reg;
    o.uri_context = uri_context;
    return o;
}

/// The lazy iterator of find(): it keeps the text's owner alive and scans
/// on at each next().
class match_iterator {
public:
    match_iterator(text_arg t, urns::extract_options const& o)
        : text_(std::move(t)), matches_(text_.view, o), it_(matches_.begin())
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
    urns::urn_matches matches_;
    urns::urn_matches::iterator it_;
};

enum class on_error { raise, none, keep };

on_error get_on_error(std::string_view s)
{
    if (s == "raise")
        return on_error::raise;
    if (s == "none")
        return on_error::none;
    if (s == "return")
        return on_error::keep;
    throw py::value_error("errors must be 'raise', 'none' or 'return', not '" + std::string(s) + "'");
}

/// A batch item that failed: None, or the ParseError itself (its caret
/// message made only then).
py::object failed_item(on_error how, urns::parse_error const& e, std::string_view input, std::size_t i)
{
    return how == on_error::none ? py::object(py::none()) : make_parse_error(parse_failure(e, input, i));
}

// ------------------------------------------------------------ namespaces from ABNF

/// A list of rule names: an iterable of str (a lone str is refused, as it
/// would be read letter by letter).
std::vector<std::string> get_names(py::handle h, char const* what)
{
    if (PyUnicode_Check(h.ptr()) || PyBytes_Check(h.ptr()))
        throw py::type_error(std::string(what) + " must be an iterable of rule names, not a single " + type_name(h));
    std::vector<std::string> out;
    for (py::handle item : py::iter(h)) {
        if (!PyUnicode_Check(item.ptr()))
            throw py::type_error(std::string(what) + " must hold str, not " + type_name(item));
        out.push_back(item.cast<std::string>());
    }
    return out;
}

std::string str_of(py::handle h, char const* what)
{
    if (!PyUnicode_Check(h.ptr()))
        throw py::type_error(std::string(what) + " must be str, not " + type_name(h));
    return h.cast<std::string>();
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
    return a.shipped == b.shipped && lower(a.nid) == lower(b.nid) && a.abnf == b.abnf && a.root == b.root &&
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

// ------------------------------------------------------------ docstrings

constexpr char const* syntax_doc =
    "syntax: 'rfc2141bis' (draft-ietf-urnbis-rfc2141bis-urn-03, the default), 'rfc2141' or 'rfc8141'.";

} // namespace

PYBIND11_MODULE(_urns, m)
{
    m.doc() = "The C++ core of the urns package (Uniform Resource Names); import urns instead.";
    // Each docstring starts with its Python signature, in Python's terms
    // (str or bytes rather than pybind11's "handle").
    py::options options;
    options.disable_function_signatures();
    m.attr("__version__") = py::str(std::to_string(URNS_VERSION_MAJOR) + "." + std::to_string(URNS_VERSION_MINOR) +
                                    "." + std::to_string(URNS_VERSION_PATCH));

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
        "  index          in a batch (parse_many, canonical_many), the item's index; else None",
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
        }
    });

    // -------------------------------------------------------- URN
    py::class_<urns::urn>(m, "URN",
        "A parsed URN: immutable, hashable, and always valid in its syntax.\n\n"
        "URN(text, syntax='rfc2141bis', namespaces=False) parses like urns.parse().\n"
        "Components are as written (still percent-encoded); a component that is\n"
        "absent is None, one that is present but empty is '' (urn:ex:a# has\n"
        "f_component ''). == and hash() compare the exact text and the syntax\n"
        "(URN:foo:a != urn:foo:a); for equivalence use urns.equivalent() or\n"
        "urns.equivalence_key().")
        .def(py::init([](py::handle text, std::string_view syntax, ns_arg const& namespaces) {
                 text_arg t = get_text(text, "text");
                 auto r = parse_owned(t.view, get_syntax(syntax), namespaces);
                 if (!r)
                     raise(r.error(), t.view);
                 return std::move(*r);
             }),
             "text"_a, "syntax"_a = "rfc2141bis", "namespaces"_a = false,
             "URN(text, syntax='rfc2141bis', namespaces=False)\n\nParses text (str or bytes) as urns.parse() does; "
             "raises ParseError if it is not a URN.")
        .def_property_readonly("scheme", on_urn([](urns::urn const& u) { return u.scheme(); }),
                               "'urn' as written (any case).")
        .def_property_readonly("nid", on_urn([](urns::urn const& u) { return u.nid(); }),
                               "The namespace identifier as written.")
        .def_property_readonly("nss", on_urn([](urns::urn const& u) { return u.nss(); }),
                               "The namespace-specific string as written (still percent-encoded).")
        .def_property_readonly("assigned_name", on_urn([](urns::urn const& u) { return u.assigned_name(); }),
                               "'urn:' NID ':' NSS, without query, components or fragment.")
        .def_property_readonly("query",
                               on_urn([](urns::urn const& u) { return optional_str(u.has_query(), u.query()); }),
                               "rfc2141bis: the query after '?', or None.")
        .def_property_readonly(
            "r_component",
            on_urn([](urns::urn const& u) { return optional_str(u.has_r_component(), u.r_component()); }),
            "rfc8141: the r-component after '?+', or None.")
        .def_property_readonly(
            "q_component",
            on_urn([](urns::urn const& u) { return optional_str(u.has_q_component(), u.q_component()); }),
            "rfc8141: the q-component after '?=', or None.")
        .def_property_readonly(
            "f_component",
            on_urn([](urns::urn const& u) { return optional_str(u.has_f_component(), u.f_component()); }),
            "The fragment (RFC 8141's f-component) after '#', or None.")
        .def_property_readonly("syntax", on_urn([](urns::urn const& u) { return urns::to_string(u.syntax()); }),
                               "The syntax it was parsed with: 'rfc2141bis', 'rfc2141' or 'rfc8141'.")
        .def("__str__", on_urn([](urns::urn const& u) { return u.buffer(); }))
        .def("__repr__", on_urn(&repr_of))
        .def("__eq__",
             [](py::handle a, py::handle b) -> py::object {
                 if (!py::isinstance<urns::urn>(b))
                     return py::reinterpret_borrow<py::object>(Py_NotImplemented);
                 return py::bool_(self_of<urns::urn>(a, "URN") == self_of<urns::urn>(b, "URN"));
             })
        .def("__hash__",
             on_urn([](urns::urn const& u) {
                 return py::hash(py::make_tuple(py::str(u.buffer().data(), u.buffer().size()),
                                                static_cast<int>(u.syntax())));
             }))
        .def(py::pickle(
            on_urn([](urns::urn const& u) {
                return py::make_tuple(py::str(u.buffer().data(), u.buffer().size()),
                                      py::str(std::string(urns::to_string(u.syntax()))));
            }),
            [](py::tuple t) {
                text_arg text = get_text(t[0], "text");
                auto r = urns::urn::parse(text.view, get_syntax(t[1].cast<std::string>()));
                if (!r)
                    raise(r.error(), text.view);
                return std::move(*r);
            }));

    // -------------------------------------------------------- parse
    m.def("parse",
          [](py::handle text, std::string_view syntax, ns_arg const& namespaces) {
              text_arg t = get_text(text, "text");
              auto r = parse_owned(t.view, get_syntax(syntax), namespaces);
              if (!r)
                  raise(r.error(), t.view);
              return std::move(*r);
          },
          "text"_a, "syntax"_a = "rfc2141bis", "namespaces"_a = false,
          (std::string("parse(text, syntax='rfc2141bis', namespaces=False) -> URN\n\n"
                       "Parses a URN (str, read as UTF-8, or bytes); raises ParseError if it is not\n"
                       "one, with the byte offset and the ABNF rule expected there.\n") +
           syntax_doc +
           "\nnamespaces: also check the NSS against namespaces' rules: True, those shipped\n"
           "with urns (see namespaces()); a Registry; or Namespace objects (the shipped\n"
           "ones and those, e.g. [Namespace.from_abnf(...)]). Every call that takes\n"
           "namespaces= takes the same values.")
              .c_str());

    m.def("is_valid",
          [](py::handle text, std::string_view syntax, ns_arg const& namespaces) {
              urns::syntax const syn = get_syntax(syntax);
              if (PyUnicode_Check(text.ptr())) {
                  Py_ssize_t n = 0;
                  char const* p = PyUnicode_AsUTF8AndSize(text.ptr(), &n);
                  if (!p) { // not encodable (a lone surrogate): not a URN
                      PyErr_Clear();
                      return false;
                  }
                  std::string_view v(p, static_cast<std::size_t>(n));
                  urns::parse_options o{syn, namespaces.reg};
                  return bool(urns::parse_urn(v, o));
              }
              text_arg t = get_text(text, "text");
              urns::parse_options o{syn, namespaces.reg};
              return bool(urns::parse_urn(t.view, o));
          },
          "text"_a, "syntax"_a = "rfc2141bis", "namespaces"_a = false,
          "is_valid(text, syntax='rfc2141bis', namespaces=False) -> bool\n\n"
          "Whether text (str or bytes) is a URN of the syntax; never raises for a\n"
          "str or bytes (a str that UTF-8 cannot encode is not a URN).");

    m.def("parse_many",
          [](py::handle texts, std::string_view syntax, ns_arg const& namespaces, std::string_view errors) {
              urns::syntax const syn = get_syntax(syntax);
              on_error const how = get_on_error(errors);
              text_batch const batch = get_batch(texts, "texts");
              std::vector<std::optional<urns::urn>> parsed(batch.size());
              std::vector<std::optional<urns::parse_error>> failed(batch.size());
              {
                  py::gil_scoped_release nogil;
                  urns::parse_options const o{syn, namespaces.reg};
                  for (std::size_t i = 0; i < batch.size(); ++i) {
                      auto r = urns::parse_urn(batch[i], o);
                      if (r) {
                          parsed[i].emplace(*r);
                      } else {
                          if (how == on_error::raise)
                              throw parse_failure(r.error(), batch[i], i);
                          failed[i] = r.error();
                      }
                  }
              }
              py::list out(batch.size());
              for (std::size_t i = 0; i < batch.size(); ++i)
                  out[i] = parsed[i] ? py::cast(std::move(*parsed[i])) : failed_item(how, *failed[i], batch[i], i);
              return out;
          },
          "texts"_a, "syntax"_a = "rfc2141bis", "namespaces"_a = false, "errors"_a = "raise",
          "parse_many(texts, syntax='rfc2141bis', namespaces=False, errors='raise') -> list\n\n"
          "Parses every str or bytes of an iterable: a list of URN in the same order.\n"
          "The texts are copied first, then parsed with the GIL released, so threads\n"
          "calling it run in parallel. errors: 'raise' raises the ParseError of the\n"
          "first invalid text (its .index says which), 'none' puts None in its place,\n"
          "'return' puts the ParseError object in its place.");

    // -------------------------------------------------------- equivalence
    // canonical() and equivalence_key() are the same function: the key of
    // equivalence is the canonical form.
    auto const canonical_text = [](py::handle text, std::optional<std::string_view> mode, std::string_view syntax,
                                   ns_arg const& namespaces) {
        auto const md = get_mode(mode);
        urn_arg u = get_urn(text, get_syntax(syntax), namespaces, "text");
        return canonical_of(u.get(), mode_for(u.get(), md), namespaces);
    };
    m.def("canonical", canonical_text,
          "text"_a, "mode"_a = py::none(), "syntax"_a = "rfc2141bis", "namespaces"_a = false,
          "canonical(text, mode=None, syntax='rfc2141bis', namespaces=False) -> str\n\n"
          "The canonical form of a URN (a URN object, or text parsed in the syntax):\n"
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
          "Raises ParseError if the text is not a URN.");

    m.def("equivalence_key", canonical_text,
          "text"_a, "mode"_a = py::none(), "syntax"_a = "rfc2141bis", "namespaces"_a = false,
          "equivalence_key(text, mode=None, syntax='rfc2141bis', namespaces=False) -> str\n\n"
          "A hashable key that is equal for equivalent URNs and only for them: the\n"
          "canonical form (see canonical()). Use it as a dict key or in a set to group\n"
          "URNs by equivalence.");

    m.def("equivalent",
          [](py::handle a, py::handle b, std::optional<std::string_view> mode, std::string_view syntax,
             ns_arg const& namespaces) {
              auto const md = get_mode(mode);
              urns::syntax const syn = get_syntax(syntax);
              urn_arg ua = get_urn(a, syn, namespaces, "a");
              urn_arg ub = get_urn(b, syn, namespaces, "b");
              urns::equivalence_mode const m = mode_for(ua.get(), md);
              if (namespaces)
                  return canonical_of(ua.get(), m, namespaces) == canonical_of(ub.get(), m, namespaces);
              return urns::equivalent(ua.get(), ub.get(), m);
          },
          "a"_a, "b"_a, "mode"_a = py::none(), "syntax"_a = "rfc2141bis", "namespaces"_a = false,
          "equivalent(a, b, mode=None, syntax='rfc2141bis', namespaces=False) -> bool\n\n"
          "Whether two URNs (URN objects, or text parsed in the syntax) are lexically\n"
          "equivalent: 'urn', the NID and %hh hex digits in any case, the rest octet\n"
          "by octet, %hh never decoded. mode: see canonical(); None takes the mode of\n"
          "a's syntax. Raises ParseError if either is not a URN.");

    m.def("canonical_many",
          [](py::handle texts, std::optional<std::string_view> mode, std::string_view syntax, ns_arg const& namespaces,
             std::string_view errors) {
              auto const md = get_mode(mode);
              urns::syntax const syn = get_syntax(syntax);
              on_error const how = get_on_error(errors);
              text_batch const batch = get_batch(texts, "texts");
              std::vector<std::optional<std::string>> canon(batch.size());
              std::vector<std::optional<urns::parse_error>> failed(batch.size());
              {
                  py::gil_scoped_release nogil;
                  urns::parse_options const o{syn, namespaces.reg};
                  for (std::size_t i = 0; i < batch.size(); ++i) {
                      auto r = urns::parse_urn(batch[i], o);
                      if (r) {
                          canon[i].emplace(canonical_of(*r, mode_for(*r, md), namespaces));
                      } else {
                          if (how == on_error::raise)
                              throw parse_failure(r.error(), batch[i], i);
                          failed[i] = r.error();
                      }
                  }
              }
              py::list out(batch.size());
              for (std::size_t i = 0; i < batch.size(); ++i)
                  out[i] = canon[i] ? py::object(py::str(*canon[i])) : failed_item(how, *failed[i], batch[i], i);
              return out;
          },
          "texts"_a, "mode"_a = py::none(), "syntax"_a = "rfc2141bis", "namespaces"_a = false,
          "errors"_a = "raise",
          "canonical_many(texts, mode=None, syntax='rfc2141bis', namespaces=False, errors='raise') -> list\n\n"
          "canonical() of every str or bytes of an iterable, with the GIL released\n"
          "while the library works; errors as for parse_many().");

    // -------------------------------------------------------- check
    py::class_<py_diagnostic>(m, "Diagnostic",
        "One finding of check(): severity ('note', 'warning' or 'error'), code (a\n"
        "stable name such as 'lower-case-hex'), offset and length (bytes of the\n"
        "URN), message. str() shows the URN with carets under those bytes.")
        .def_readonly("severity", &py_diagnostic::severity)
        .def_readonly("code", &py_diagnostic::code)
        .def_readonly("offset", &py_diagnostic::offset)
        .def_readonly("length", &py_diagnostic::length)
        .def_readonly("message", &py_diagnostic::message)
        .def("__str__", [](py_diagnostic const& d) { return d.rendered; })
        .def("__repr__", [](py_diagnostic const& d) {
            return "urns.Diagnostic(severity='" + d.severity + "', code='" + d.code +
                   "', offset=" + std::to_string(d.offset) + ", length=" + std::to_string(d.length) + ")";
        });

    m.def("check",
          [](py::handle text, std::string_view syntax, bool assigned_name, ns_arg const& namespaces) {
              // Parsed without the namespaces' rules: check() reports their
              // verdict as a diagnostic instead of an error.
              urn_arg u = get_urn(text, get_syntax(syntax), ns_arg{}, "text");
              urns::check_options o;
              o.assigned_name = assigned_name;
              o.registry = namespaces.reg;
              std::vector<py_diagnostic> out;
              for (urns::diagnostic const& d : urns::check(u.get(), o))
                  out.push_back({std::string(urns::to_string(d.severity)), std::string(urns::to_string(d.code)),
                                 d.offset, d.length, std::string(d.message),
                                 urns::to_string(d, u.get().buffer())});
              return out;
          },
          "text"_a, "syntax"_a = "rfc2141bis", "assigned_name"_a = false, "namespaces"_a = false,
          "check(text, syntax='rfc2141bis', assigned_name=False, namespaces=False) -> list[Diagnostic]\n\n"
          "Diagnostics beyond syntax for a valid URN (a URN object, or text parsed in\n"
          "the syntax), sorted by offset: needless or lower-case percent-encoding, a\n"
          "query or fragment in an assigned name (assigned_name=True), unknown s=\n"
          "services, repeated keywords, informal, experimental and unregistered NIDs;\n"
          "with namespaces=True an NSS its namespace's rules reject. Raises ParseError\n"
          "if the text is not a URN.");

    // -------------------------------------------------------- find
    py::class_<py_fault>(m, "NamespaceFault",
        "Where a namespace's rules reject an NSS: offset (bytes from the start of\n"
        "the URN in Match.namespace_fault, of the NSS in Namespace.validate()) and\n"
        "expected (the namespace's ABNF rule).")
        .def_readonly("offset", &py_fault::offset)
        .def_readonly("expected", &py_fault::expected)
        .def("__repr__", [](py_fault const& f) {
            return "urns.NamespaceFault(offset=" + std::to_string(f.offset) + ", expected='" + f.expected + "')";
        });

    py::class_<py_match>(m, "Match",
        "A URN found in text by find(): offset and length in bytes of the text's\n"
        "UTF-8 (for an ASCII str they are also character indexes), urn (the\n"
        "matched text, a str), nid, syntax, and namespace_fault (a NamespaceFault\n"
        "when find(namespaces=True) and the namespace's rules reject the NSS,\n"
        "else None).")
        .def_readonly("offset", &py_match::offset)
        .def_readonly("length", &py_match::length)
        .def_readonly("urn", &py_match::urn)
        .def_readonly("nid", &py_match::nid)
        .def_property_readonly("syntax", [](py_match const& x) { return urns::to_string(x.syntax); })
        .def_readonly("namespace_fault", &py_match::namespace_fault)
        .def("__repr__", [](py_match const& x) {
            return "urns.Match(offset=" + std::to_string(x.offset) + ", length=" + std::to_string(x.length) +
                   ", urn=" + py::repr(py::str(x.urn)).cast<std::string>() + ")";
        });

    py::class_<match_iterator>(m, "MatchIterator", "The lazy iterator of Match objects that find() returns.")
        .def("__iter__", [](py::object self) { return self; })
        .def("__next__", &match_iterator::next);

    m.def("find",
          [](py::handle text, std::string_view syntax, bool strict, ns_arg const& namespaces, bool uri_context) {
              urns::extract_options const o = extract_options_for(syntax, strict, namespaces, uri_context);
              return match_iterator(get_text(text, "text"), o);
          },
          "text"_a, "syntax"_a = "rfc2141bis", "strict"_a = false, "namespaces"_a = false,
          "uri_context"_a = true,
          "find(text, syntax='rfc2141bis', strict=False, namespaces=False, uri_context=True) -> Iterator[Match]\n\n"
          "The URNs in a text (str or bytes), lazily, in order. Offsets and lengths\n"
          "count bytes: of the UTF-8 of a str, of the bytes as they are. A URN\n"
          "starts at 'urn:' (any case) that does not continue a word or a scheme\n"
          "and ends at the first byte its syntax excludes; any byte 0x80-0xFF ends\n"
          "it, so bytes need not be UTF-8.\n"
          "strict: keep trailing punctuation ('.', ',', ')' ...) that the syntax\n"
          "allows; by default it is left out, as link detectors do.\n"
          "namespaces: report namespace rule faults in Match.namespace_fault.\n"
          "uri_context: end a URN that is a query value at '&' and '#', one that is a\n"
          "path segment at '?' and '#'.");

    m.def("find_many",
          [](py::handle texts, std::string_view syntax, bool strict, ns_arg const& namespaces, bool uri_context) {
              urns::extract_options const o = extract_options_for(syntax, strict, namespaces, uri_context);
              text_batch const batch = get_batch(texts, "texts");
              std::vector<std::vector<py_match>> found(batch.size());
              {
                  py::gil_scoped_release nogil;
                  for (std::size_t i = 0; i < batch.size(); ++i)
                      for (urns::urn_match const& x : urns::find_urns(batch[i], o))
                          found[i].push_back(to_match(x));
              }
              py::list out(batch.size());
              for (std::size_t i = 0; i < batch.size(); ++i)
                  out[i] = py::cast(std::move(found[i]));
              return out;
          },
          "texts"_a, "syntax"_a = "rfc2141bis", "strict"_a = false, "namespaces"_a = false,
          "uri_context"_a = true,
          "find_many(texts, syntax='rfc2141bis', strict=False, namespaces=False, uri_context=True)"
          " -> list[list[Match]]\n\n"
          "find() on every str or bytes of an iterable, with the GIL released while\n"
          "the library works: one list of Match per text, offsets in bytes of that\n"
          "text's UTF-8.");

    // The Dask pipeline's inner loop (urns.dask): the URNs of a file's
    // lines, with the line's index and the byte offset of each URN from
    // the first line's start.
    m.def("_extract_lines",
          [](py::handle lines, std::string_view syntax, bool strict, ns_arg const& namespaces, bool bom) {
              urns::extract_options const o = extract_options_for(syntax, strict, namespaces, true);
              text_batch const batch = get_batch(lines, "lines", true);
              struct rec {
                  std::size_t line, offset;
                  std::string urn, canonical, nid;
              };
              std::vector<rec> out;
              std::size_t total = 0;
              {
                  py::gil_scoped_release nogil;
                  for (std::size_t i = 0; i < batch.size(); ++i) {
                      std::string_view line = batch[i];
                      std::size_t const start = total;
                      total += line.size();
                      // As `urn extract` reads lines: without the "\n", a
                      // "\r" before it, and a UTF-8 BOM that starts the file.
                      if (!line.empty() && line.back() == '\n') {
                          line.remove_suffix(1);
                          if (!line.empty() && line.back() == '\r')
                              line.remove_suffix(1);
                      }
                      std::size_t skip = 0;
                      if (i == 0 && bom && line.substr(0, 3) == "\xEF\xBB\xBF")
                          skip = 3;
                      for (urns::urn_match const& x : urns::find_urns(line.substr(skip), o))
                          out.push_back({i, start + skip + x.offset, std::string(x.view.buffer()),
                                         canonical_of(x.view, urns::default_equivalence(x.view.syntax()), namespaces),
                                         std::string(x.view.nid())});
                  }
              }
              py::list recs(out.size());
              for (std::size_t k = 0; k < out.size(); ++k)
                  recs[k] = py::make_tuple(out[k].line, out[k].offset, py::str(out[k].urn),
                                           py::str(out[k].canonical), py::str(out[k].nid));
              return py::make_tuple(recs, total);
          },
          "lines"_a, "syntax"_a = "rfc2141bis", "strict"_a = false, "namespaces"_a = false, "bom"_a = true,
          "_extract_lines(lines, syntax, strict, namespaces, bom) -> (records, bytes)\n\n"
          "For urns.dask: the URNs of consecutive lines of a file (str read with\n"
          "errors='surrogateescape', or bytes, each with its '\\n'), as tuples (line index,\n"
          "byte offset from the first line's start, urn, canonical, nid), and the lines'\n"
          "size in bytes. bom: the first line starts the file (a UTF-8 BOM is skipped).");

    // -------------------------------------------------------- build, encode
    m.def("make_urn",
          [](py::handle nid, py::handle identifier, std::string_view syntax, py::handle extra_reserved) {
              text_arg n = get_text(nid, "nid");
              text_arg id = get_text(identifier, "identifier");
              text_arg extra = get_text(extra_reserved, "extra_reserved");
              auto r = urns::make_urn(n.view, id.view, get_syntax(syntax), extra.view);
              if (!r)
                  raise(r.error(), r.error().expected == "NSS" ? id.view : n.view);
              return std::move(*r);
          },
          "nid"_a, "identifier"_a, "syntax"_a = "rfc2141bis", "extra_reserved"_a = "",
          "make_urn(nid, identifier, syntax='rfc2141bis', extra_reserved='') -> URN\n\n"
          "Builds 'urn:' NID ':' NSS from a NID and a raw identifier (str, encoded as\n"
          "UTF-8, or bytes): the identifier is percent-encoded as the syntax requires\n"
          "(a '%' in it becomes '%25'), with extra_reserved's characters encoded too.\n"
          "The result is always a valid URN of the syntax. Raises ParseError for a bad\n"
          "NID (offset into nid) or an empty identifier or one with NUL (offset into\n"
          "identifier).");

    py::module_ pct = m.def_submodule("pct", "Percent-encoding of NSSs (RFC 3986 section 2.1).");
    pct.def("decode_to_bytes",
            [](py::handle text) {
                text_arg t = get_text(text, "text");
                auto r = urns::pct::decode(t.view);
                if (!r)
                    raise(r.error(), t.view);
                return py::bytes(*r);
            },
            "text"_a,
            "decode_to_bytes(text) -> bytes\n\n"
            "The octets that a percent-encoded string stands for; raises ParseError\n"
            "(code 'bad_pct_encoded') at a '%' not followed by two hex digits.");
    pct.def("encode",
            [](py::handle raw, std::string_view syntax, py::handle extra_reserved) {
                text_arg t = get_text(raw, "raw");
                text_arg extra = get_text(extra_reserved, "extra_reserved");
                auto r = urns::pct::encode(t.view, get_syntax(syntax), extra.view);
                if (!r)
                    raise(r.error(), t.view);
                return std::move(*r);
            },
            "raw"_a, "syntax"_a = "rfc2141bis", "extra_reserved"_a = "",
            "encode(raw, syntax='rfc2141bis', extra_reserved='') -> str\n\n"
            "Percent-encodes a raw identifier (str, as UTF-8, or bytes) into an NSS of\n"
            "the syntax: every octet the syntax does not allow as it is, and every\n"
            "character of extra_reserved, becomes %HH (upper-case hex). Raises\n"
            "ParseError for an empty identifier or one with a NUL.");

    // -------------------------------------------------------- namespaces
    py::class_<py_grammar_diagnostic>(m, "GrammarDiagnostic",
        "A finding about a namespace's ABNF (GrammarError.diagnostics,\n"
        "Namespace.diagnostics): severity ('error' or 'warning'), source (the\n"
        "text's name, '<abnf>'), offset (bytes into the text), line and column\n"
        "(from 1; the column in bytes), rule (the rule concerned, or ''), message,\n"
        "expected (for a syntax error, the RFC 5234 rules expected there, a\n"
        "tuple). str() is the line with a caret under the column.")
        .def_readonly("severity", &py_grammar_diagnostic::severity)
        .def_readonly("source", &py_grammar_diagnostic::source)
        .def_readonly("offset", &py_grammar_diagnostic::offset)
        .def_readonly("line", &py_grammar_diagnostic::line)
        .def_readonly("column", &py_grammar_diagnostic::column)
        .def_readonly("rule", &py_grammar_diagnostic::rule)
        .def_readonly("message", &py_grammar_diagnostic::message)
        .def_property_readonly("expected",
                               [](py_grammar_diagnostic const& d) { return names_tuple(d.expected); })
        .def("__str__", [](py_grammar_diagnostic const& d) { return d.rendered; })
        .def("__repr__", [](py_grammar_diagnostic const& d) {
            return "urns.GrammarDiagnostic(severity='" + d.severity + "', line=" + std::to_string(d.line) +
                   ", column=" + std::to_string(d.column) + ", message=" +
                   py::repr(py::str(d.message)).cast<std::string>() + ")";
        });

    py::class_<py_namespace, std::shared_ptr<py_namespace>> ns_class(m, "Namespace",
        "A namespace's rules for its NSSs: one of those urns ships (see\n"
        "namespaces()), or one made from the ABNF of its registration with\n"
        "Namespace.from_abnf(). Immutable, hashable, picklable (an ABNF namespace\n"
        "as its text and options, compiled again when loaded; a shipped one by\n"
        "its NID). Give namespaces to the calls that take namespaces= in a\n"
        "Registry, or as a list (the shipped namespaces and those).");
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
             "validate(nss) -> Optional[NamespaceFault]\n\n"
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
             "fields(nss) -> list[tuple[str, int, int, str]]\n\n"
             "The named fields of an NSS the namespace accepts: (rule, begin, end, text)\n"
             "for each span of a field rule (from_abnf's fields; by default every rule\n"
             "of the grammar but RFC 5234's and RFC 3986's), begin and end in bytes of\n"
             "the NSS. Empty for an NSS it rejects, and for a shipped namespace.")
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
                 return "<urns.Namespace " + nid + " root=" + py::repr(py::str(*ns.root)).cast<std::string>() + ">";
             })
        .def("__reduce__",
             [](py::handle self) {
                 py::tuple st = namespace_state(ns_of(self));
                 return py::make_tuple(py::type::of(self).attr("_restore"), st);
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
        "from_abnf(nid, abnf, root=None, *, case_insensitive=(), fields=(), reference='') -> Namespace\n\n"
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
        "_restore(nid, abnf, root, case_insensitive, fields, reference) -> Namespace\n\n"
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
             "Registry(namespaces=(), builtin=True)\n\n"
             "The shipped namespaces (builtin=True) and those of the iterable.")
        .def("add",
             [](py::handle self, py::handle ns) {
                 self_of<py_registry>(self, "Registry").add(namespace_arg(ns));
             },
             "namespace"_a,
             "add(namespace) -> None\n\n"
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
             "nid"_a, "registry[nid] -> Namespace (KeyError if it has none of that NID).")
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

    m.def("_builtin_namespaces", [] {
        std::vector<std::shared_ptr<py_namespace>> out;
        for (urns::nss::namespace_rules const& r : urns::nss::builtin().entries())
            out.push_back(shipped_namespace(r.nid));
        return out;
    }, "_builtin_namespaces() -> list[Namespace]; see urns.namespaces().");
    m.def("_registered_namespaces", [] {
        py::list out;
        for (urns::registered_namespace const& r : urns::registered_namespaces())
            out.append(py::make_tuple(py::str(std::string(r.nid)),
                                      r.kind == urns::namespace_kind::formal ? "formal" : "informal",
                                      py::str(std::string(r.reference))));
        return out;
    }, "_registered_namespaces() -> list of (nid, kind, reference); see urns.registered_namespaces().");
    m.attr("iana_registry_snapshot") = py::str(std::string(urns::iana_registry_snapshot));

    // The classes are urns.URN etc. to their users (repr, help, pickle
    // finds them there too).
    for (char const* name : {"URN", "Diagnostic", "NamespaceFault", "Match", "MatchIterator", "GrammarDiagnostic",
                             "Namespace", "Registry"})
        m.attr(name).attr("__module__") = "urns";
}
