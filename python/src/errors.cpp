// SPDX-License-Identifier: BSL-1.0
// The exception types of urns._urns (ParseError, GrammarError,
// PluginError) and the translation of the C++ failures into them; the
// module functions as CPython fast calls (add_function): each binds its
// arguments itself (bind_args), so that keywords cost what positions cost.
#include "namespaces.hpp"

#include <array>
#include <deque>
#include <exception>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace urns_python {

namespace {

/// A module-level function: its signature, body and method definition.
struct function_entry {
    signature sig;
    body_fn body = nullptr;
    std::string doc;
    PyMethodDef def{};
};

std::deque<function_entry>& function_table()
{
    static std::deque<function_entry> table; // stable addresses for PyMethodDef
    return table;
}

template <std::size_t I>
PyObject* fast_entry(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames)
{
    function_entry const& e = function_table()[I];
    PyObject* a[max_params] = {};
    try {
        if (!bind_args(e.sig, args, PyVectorcall_NARGS(nargs), kwnames, a))
            return nullptr;
        return e.body(a).release().ptr();
    } catch (...) {
        set_python_error();
        return nullptr;
    }
}

template <std::size_t... I>
constexpr std::array<_PyCFunctionFastWithKeywords, sizeof...(I)> make_entries(std::index_sequence<I...>)
{
    return {&fast_entry<I>...};
}

constexpr auto fast_entries = make_entries(std::make_index_sequence<32>());

} // namespace

void set_python_error()
{
    if (py::detail::apply_exception_translators(py::detail::get_local_internals().registered_exception_translators))
        return;
    if (py::detail::apply_exception_translators(py::detail::get_internals().registered_exception_translators))
        return;
    PyErr_SetString(PyExc_SystemError, "urns: an unknown C++ exception");
}

void add_function(py::module_& module, char const* public_module, char const* name,
                  std::vector<std::string> const& params, body_fn body, std::string const& doc)
{
    auto& table = function_table();
    std::size_t const index = table.size();
    if (index >= fast_entries.size())
        throw std::logic_error("urns: too many module functions");
    function_entry& e = table.emplace_back();
    e.sig.function = name;
    std::string text_sig = std::string(name) + "(";
    bool keyword_only = false;
    for (std::string const& p : params) {
        if (text_sig.back() != '(')
            text_sig += ", ";
        text_sig += p;
        if (p == "*") {
            keyword_only = true;
            continue;
        }
        std::size_t const eq = p.find('=');
        auto* stored = new std::string(p.substr(0, eq)); // lives as long as the function
        e.sig.names.push_back(stored->c_str());
        e.sig.keys.push_back(interned(stored->c_str()));
        if (eq == std::string::npos)
            e.sig.required = e.sig.names.size();
        if (!keyword_only)
            e.sig.positional = e.sig.names.size();
    }
    if (e.sig.names.size() > max_params)
        throw std::logic_error("urns: too many parameters");
    e.body = body;
    e.doc = text_sig + ")\n--\n\n" + doc;
    e.def.ml_name = name;
    e.def.ml_meth = reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(fast_entries[index]));
    e.def.ml_flags = METH_FASTCALL | METH_KEYWORDS;
    e.def.ml_doc = e.doc.c_str();
    py::str mod(public_module);
    PyObject* f = PyCFunction_NewEx(&e.def, module.ptr(), mod.ptr());
    if (!f)
        throw py::error_already_set();
    module.attr(name) = py::reinterpret_steal<py::object>(f);
}

py::object make_parse_error(parse_failure const& f)
{
    PyObject* const type = f.error.code == urns::error::nss_undecided ? undecided_error_type : parse_error_type;
    py::object exc = py::reinterpret_borrow<py::object>(type)(py::str(f.message));
    exc.attr("offset") = f.error.offset;
    exc.attr("expected") = lenient_str(f.error.expected);
    exc.attr("also_expected") = names_tuple(f.error.also_expected);
    exc.attr("expected_left_out") = f.error.also_expected.dropped();
    exc.attr("code") = py::str(std::string(urns::error_code_name(f.error.code)));
    exc.attr("reason") = py::str(f.error.code.message());
    exc.attr("syntax") = py::str(std::string(urns::to_string(f.error.syntax)));
    exc.attr("index") = f.index ? py::object(py::int_(*f.index)) : py::object(py::none());
    return exc;
}

void init_errors(py::module_& m)
{
    parse_error_type = PyErr_NewExceptionWithDoc(
        "urns.ParseError",
        "A string is not a URN, or an argument cannot be encoded.\n\n"
        "A ValueError. str(e) is the input line with a caret under the first byte\n"
        "that could not be accepted. Attributes:\n"
        "  offset         byte offset of that byte (in the UTF-8 of a str input)\n"
        "  expected       the ABNF rule (or literal) expected there, e.g. 'NSS'\n"
        "  also_expected  other names expected at the same byte (tuple)\n"
        "  expected_left_out  how many more names were expected than the grammar\n"
        "                 kept (an X3 grammar keeps eight; usually 0)\n"
        "  code           the error's stable name, e.g. 'bad_nss', 'nss_rejected'\n"
        "  reason         a short description of the code\n"
        "  syntax         the syntax parsed with\n"
        "  index          in a batch (parse_many, canonical_many), the item's index; else None\n"
        "Picklable (with its attributes).",
        PyExc_ValueError, nullptr);
    if (!parse_error_type)
        throw py::error_already_set();
    undecided_error_type = PyErr_NewExceptionWithDoc(
        "urns.UndecidedError",
        "A namespace's rule could not decide whether an NSS is valid (code\n"
        "'nss_undecided'): an ABNF rule that is not regular ran out of steps or memory\n"
        "(docs/abnf.md, \"Limits\"). The input is neither valid nor invalid: every call\n"
        "raises it, is_valid() and is_valid_many() too, and errors='none' does not\n"
        "hide it (errors='return' gives it in place). A ParseError, with its attributes.",
        parse_error_type, nullptr);
    if (!undecided_error_type)
        throw py::error_already_set();
    m.attr("UndecidedError") = py::handle(undecided_error_type);
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
    plugin_error_type = PyErr_NewExceptionWithDoc(
        "urns.PluginError",
        "A namespace plugin cannot be loaded (load_plugin, URNS_PLUGINS).\n\n"
        "An ImportError. str(e) names where the path came from (URNS_PLUGINS), the\n"
        "path and the cause; path is the plugin's path as given, reason the cause\n"
        "alone: a missing file, not a urns plugin, another plugin interface or C++\n"
        "ABI, the plugin's own error, no namespace, a NID that is not valid, given\n"
        "twice, or already registered (a shipped one, another plugin's).",
        PyExc_ImportError, nullptr);
    if (!plugin_error_type)
        throw py::error_already_set();
    m.attr("PluginError") = py::handle(plugin_error_type);
    m.attr("ParseError") = py::handle(parse_error_type);
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p)
                std::rethrow_exception(p);
        } catch (parse_failure const& f) {
            py::object exc = make_parse_error(f);
            PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(exc.ptr())), exc.ptr());
        } catch (grammar_failure const& f) {
            py::object exc = make_grammar_error(f);
            PyErr_SetObject(grammar_error_type, exc.ptr());
        } catch (plugin_failure const& f) {
            py::object exc = py::reinterpret_borrow<py::object>(plugin_error_type)(
                lenient_str(f.message), "path"_a = lenient_str(f.path));
            exc.attr("reason") = lenient_str(f.reason);
            PyErr_SetObject(plugin_error_type, exc.ptr());
        }
    });
}

} // namespace urns_python
