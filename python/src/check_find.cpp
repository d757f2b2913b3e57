// SPDX-License-Identifier: BSL-1.0
// check() and its Diagnostic, find() and find_many() and their Match,
// NamespaceFault and MatchIterator.
#include "urn.hpp"

#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace urns_python {

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
        r.namespace_fault = to_py_fault(*m.namespace_fault);
    return r;
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
            if (batch_item(item_rule::text_only, items[i], i, texts[i - start], copies, exc) != item_is::text)
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

// ------------------------------------------------------------ the classes

/// check()'s findings.
void add_diagnostic_class(py::module_& m)
{
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
}

/// Where a namespace's rules reject an NSS (Match.namespace_fault,
/// Namespace.validate()).
void add_namespace_fault_class(py::module_& m)
{
    py::class_<py_fault>(m, "NamespaceFault",
        "Where a namespace's rules reject an NSS: offset (bytes from the start of\n"
        "the URN in Match.namespace_fault, of the NSS in Namespace.validate()),\n"
        "expected (the namespace's ABNF rule expected there), also_expected (a tuple\n"
        "of the other names expected at the same byte) and expected_left_out (how\n"
        "many more were expected than the namespace's grammar kept, usually 0).\n"
        "NamespaceFault(offset, expected, also_expected=(), expected_left_out=0).")
        .def(py::init([](std::size_t offset, py::handle expected, py::handle also, std::size_t left_out) {
                 return py_fault{offset, str_arg(expected.ptr(), "expected"), get_names(also, "also_expected"),
                                 left_out};
             }),
             "offset"_a, "expected"_a, "also_expected"_a = py::tuple(), "expected_left_out"_a = 0,
             "__init__(self, offset, expected, also_expected=(), expected_left_out=0)\n--\n\n")
        .def_property_readonly("offset", field(&py_fault::offset, "NamespaceFault"))
        .def_property_readonly("expected", field(&py_fault::expected, "NamespaceFault"))
        .def_property_readonly("also_expected",
                               checked<py_fault>("NamespaceFault",
                                                 [](py_fault const& f) { return names_tuple(f.also_expected); }))
        .def_property_readonly("expected_left_out", field(&py_fault::expected_left_out, "NamespaceFault"))
        .def("__repr__", checked<py_fault>("NamespaceFault", [](py_fault const& f) {
                 std::string r = "urns.NamespaceFault(offset=" + std::to_string(f.offset) + ", expected=" +
                                 py::repr(lenient_str(f.expected)).cast<std::string>();
                 if (!f.also_expected.empty())
                     r += ", also_expected=" + py::repr(names_tuple(f.also_expected)).cast<std::string>();
                 if (f.expected_left_out)
                     r += ", expected_left_out=" + std::to_string(f.expected_left_out);
                 return r + ")";
             }))
        .def("__eq__",
             [](py::handle a, py::handle b) -> py::object {
                 if (!py::isinstance<py_fault>(b))
                     return py::reinterpret_borrow<py::object>(Py_NotImplemented);
                 py_fault const& x = self_of<py_fault>(a, "NamespaceFault");
                 py_fault const& y = self_of<py_fault>(b, "NamespaceFault");
                 return py::bool_(x.offset == y.offset && x.expected == y.expected &&
                                  x.also_expected == y.also_expected &&
                                  x.expected_left_out == y.expected_left_out);
             })
        .def("__reduce__", [](py::handle self) {
            py_fault const& f = self_of<py_fault>(self, "NamespaceFault");
            return py::make_tuple(py::type::of(self), py::make_tuple(f.offset, f.expected,
                                                                      names_tuple(f.also_expected),
                                                                      f.expected_left_out));
        });
    py::setattr(m.attr("NamespaceFault"), "__hash__", py::none());
}

/// A URN that find() found.
void add_match_class(py::module_& m)
{
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
}

/// find()'s lazy iterator.
void add_match_iterator_class(py::module_& m)
{
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
}

} // namespace

void init_check_find(py::module_& m)
{
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
    add_diagnostic_class(m);
    add_namespace_fault_class(m);
    add_match_class(m);
    add_match_iterator_class(m);
}

} // namespace urns_python
