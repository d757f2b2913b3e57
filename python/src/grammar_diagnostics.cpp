// SPDX-License-Identifier: BSL-1.0
// urns.GrammarDiagnostic, a finding about a namespace's ABNF, and what
// urns.GrammarError holds: the diagnostics of a grammar that from_abnf()
// could not use (make_grammar_error).
#include "namespaces.hpp"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace urns_python {

py_grammar_diagnostic to_py_diagnostic(urns::abnf::diagnostic d, std::string_view text)
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

py::object make_grammar_error(grammar_failure const& f)
{
    std::vector<py_grammar_diagnostic> all;
    std::string message;
    bool any_error = false;
    for (urns::abnf::diagnostic const& d : f.diagnostics)
        any_error = any_error || d.severity == urns::abnf::diagnostic::level::error;
    for (urns::abnf::diagnostic const& d : f.diagnostics) {
        all.push_back(to_py_diagnostic(d, f.text));
        if (!any_error || d.severity == urns::abnf::diagnostic::level::error)
            message += (message.empty() ? "" : "\n") + all.back().rendered;
    }
    if (message.empty())
        message = "the grammar cannot be used";
    py::object exc = py::reinterpret_borrow<py::object>(grammar_error_type)(py::str(message));
    exc.attr("diagnostics") = py::cast(std::move(all));
    return exc;
}

void init_grammar_diagnostics(py::module_& m)
{
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
                               [](py_grammar_diagnostic const& d) { return str_tuple(d.expected); }))
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
                                                 d.message, str_tuple(d.expected), d.rendered));
        });

    py::setattr(m.attr("GrammarDiagnostic"), "__hash__", py::none());
}

} // namespace urns_python
