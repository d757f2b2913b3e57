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
#include <urns/nss/builtin.hpp>
#include <urns/urns.hpp>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
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

urns::nss::registry const* registry_for(bool namespaces)
{
    return namespaces ? &urns::nss::builtin() : nullptr;
}

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

/// A URN given as a URN object, or text parsed with the options.
struct urn_arg {
    std::optional<urns::urn> owned; // when parsed from text
    urns::urn const* object = nullptr;
    urns::urn const& get() const { return object ? *object : *owned; }
};

urns::result<urns::urn> parse_owned(std::string_view s, urns::syntax syn, bool namespaces)
{
    urns::parse_options o;
    o.syntax = syn;
    o.registry = registry_for(namespaces);
    return urns::urn::parse(s, o);
}

/// The URN of an argument: a URN object as it is (checked against the
/// namespaces' rules if asked), or text parsed in `syn`.
urn_arg get_urn(py::handle h, urns::syntax syn, bool namespaces, char const* what)
{
    urn_arg a;
    if (py::isinstance<urns::urn>(h)) {
        a.object = &h.cast<urns::urn const&>();
        if (namespaces)
            if (auto f = urns::nss::validate(urns::nss::builtin(), a.object->view()))
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
std::string canonical_of(urns::urn_view u, urns::equivalence_mode m, bool namespaces)
{
    std::string c = urns::canonical(u, m);
    if (!namespaces)
        return c;
    std::size_t const nss_at = 5 + u.nid().size();
    std::string folded = c.substr(0, nss_at);
    urns::nss::append_canonical_nss(urns::nss::builtin(), u.nid(), u.nss(), folded);
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

urns::extract_options extract_options_for(std::string_view syntax, bool strict, bool namespaces,
                                          bool uri_context)
{
    urns::extract_options o;
    o.syntax = get_syntax(syntax);
    o.mode = strict ? urns::extract_mode::strict : urns::extract_mode::prose;
    o.registry = registry_for(namespaces);
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
    m.attr("ParseError") = py::handle(parse_error_type);
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p)
                std::rethrow_exception(p);
        } catch (parse_failure const& f) {
            py::object exc = make_parse_error(f);
            PyErr_SetObject(parse_error_type, exc.ptr());
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
        .def(py::init([](py::handle text, std::string_view syntax, bool namespaces) {
                 text_arg t = get_text(text, "text");
                 auto r = parse_owned(t.view, get_syntax(syntax), namespaces);
                 if (!r)
                     raise(r.error(), t.view);
                 return std::move(*r);
             }),
             "text"_a, "syntax"_a = "rfc2141bis", "namespaces"_a = false,
             "URN(text, syntax='rfc2141bis', namespaces=False)\n\nParses text (str or bytes) as urns.parse() does; "
             "raises ParseError if it is not a URN.")
        .def_property_readonly("scheme", [](urns::urn const& u) { return u.scheme(); },
                               "'urn' as written (any case).")
        .def_property_readonly("nid", [](urns::urn const& u) { return u.nid(); },
                               "The namespace identifier as written.")
        .def_property_readonly("nss", [](urns::urn const& u) { return u.nss(); },
                               "The namespace-specific string as written (still percent-encoded).")
        .def_property_readonly("assigned_name", [](urns::urn const& u) { return u.assigned_name(); },
                               "'urn:' NID ':' NSS, without query, components or fragment.")
        .def_property_readonly("query",
                               [](urns::urn const& u) { return optional_str(u.has_query(), u.query()); },
                               "rfc2141bis: the query after '?', or None.")
        .def_property_readonly(
            "r_component", [](urns::urn const& u) { return optional_str(u.has_r_component(), u.r_component()); },
            "rfc8141: the r-component after '?+', or None.")
        .def_property_readonly(
            "q_component", [](urns::urn const& u) { return optional_str(u.has_q_component(), u.q_component()); },
            "rfc8141: the q-component after '?=', or None.")
        .def_property_readonly(
            "f_component", [](urns::urn const& u) { return optional_str(u.has_f_component(), u.f_component()); },
            "The fragment (RFC 8141's f-component) after '#', or None.")
        .def_property_readonly("syntax", [](urns::urn const& u) { return urns::to_string(u.syntax()); },
                               "The syntax it was parsed with: 'rfc2141bis', 'rfc2141' or 'rfc8141'.")
        .def("__str__", [](urns::urn const& u) { return u.buffer(); })
        .def("__repr__", &repr_of)
        .def("__eq__",
             [](urns::urn const& a, py::object b) -> py::object {
                 if (!py::isinstance<urns::urn>(b))
                     return py::reinterpret_borrow<py::object>(Py_NotImplemented);
                 return py::bool_(a == b.cast<urns::urn const&>());
             })
        .def("__hash__",
             [](urns::urn const& u) {
                 return py::hash(py::make_tuple(py::str(u.buffer().data(), u.buffer().size()),
                                                static_cast<int>(u.syntax())));
             })
        .def(py::pickle(
            [](urns::urn const& u) {
                return py::make_tuple(py::str(u.buffer().data(), u.buffer().size()),
                                      py::str(std::string(urns::to_string(u.syntax()))));
            },
            [](py::tuple t) {
                text_arg text = get_text(t[0], "text");
                auto r = urns::urn::parse(text.view, get_syntax(t[1].cast<std::string>()));
                if (!r)
                    raise(r.error(), text.view);
                return std::move(*r);
            }));

    // -------------------------------------------------------- parse
    m.def("parse",
          [](py::handle text, std::string_view syntax, bool namespaces) {
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
           "\nnamespaces: also check the NSS against the rules of the namespaces shipped\n"
           "with urns (uuid, isbn, issn, oid, ietf, nbn, example): see namespaces().")
              .c_str());

    m.def("is_valid",
          [](py::handle text, std::string_view syntax, bool namespaces) {
              urns::syntax const syn = get_syntax(syntax);
              if (PyUnicode_Check(text.ptr())) {
                  Py_ssize_t n = 0;
                  char const* p = PyUnicode_AsUTF8AndSize(text.ptr(), &n);
                  if (!p) { // not encodable (a lone surrogate): not a URN
                      PyErr_Clear();
                      return false;
                  }
                  std::string_view v(p, static_cast<std::size_t>(n));
                  urns::parse_options o{syn, registry_for(namespaces)};
                  return bool(urns::parse_urn(v, o));
              }
              text_arg t = get_text(text, "text");
              urns::parse_options o{syn, registry_for(namespaces)};
              return bool(urns::parse_urn(t.view, o));
          },
          "text"_a, "syntax"_a = "rfc2141bis", "namespaces"_a = false,
          "is_valid(text, syntax='rfc2141bis', namespaces=False) -> bool\n\n"
          "Whether text (str or bytes) is a URN of the syntax; never raises for a\n"
          "str or bytes (a str that UTF-8 cannot encode is not a URN).");

    m.def("parse_many",
          [](py::handle texts, std::string_view syntax, bool namespaces, std::string_view errors) {
              urns::syntax const syn = get_syntax(syntax);
              on_error const how = get_on_error(errors);
              text_batch const batch = get_batch(texts, "texts");
              std::vector<std::optional<urns::urn>> parsed(batch.size());
              std::vector<std::optional<urns::parse_error>> failed(batch.size());
              {
                  py::gil_scoped_release nogil;
                  urns::parse_options const o{syn, registry_for(namespaces)};
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
                                   bool namespaces) {
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
             bool namespaces) {
              auto const md = get_mode(mode);
              urns::syntax const syn = get_syntax(syntax);
              urn_arg ua = get_urn(a, syn, namespaces, "a");
              urn_arg ub = get_urn(b, syn, namespaces, "b");
              urns::equivalence_mode const m = mode_for(ua.get(), md);
              if (namespaces)
                  return canonical_of(ua.get(), m, true) == canonical_of(ub.get(), m, true);
              return urns::equivalent(ua.get(), ub.get(), m);
          },
          "a"_a, "b"_a, "mode"_a = py::none(), "syntax"_a = "rfc2141bis", "namespaces"_a = false,
          "equivalent(a, b, mode=None, syntax='rfc2141bis', namespaces=False) -> bool\n\n"
          "Whether two URNs (URN objects, or text parsed in the syntax) are lexically\n"
          "equivalent: 'urn', the NID and %hh hex digits in any case, the rest octet\n"
          "by octet, %hh never decoded. mode: see canonical(); None takes the mode of\n"
          "a's syntax. Raises ParseError if either is not a URN.");

    m.def("canonical_many",
          [](py::handle texts, std::optional<std::string_view> mode, std::string_view syntax, bool namespaces,
             std::string_view errors) {
              auto const md = get_mode(mode);
              urns::syntax const syn = get_syntax(syntax);
              on_error const how = get_on_error(errors);
              text_batch const batch = get_batch(texts, "texts");
              std::vector<std::optional<std::string>> canon(batch.size());
              std::vector<std::optional<urns::parse_error>> failed(batch.size());
              {
                  py::gil_scoped_release nogil;
                  urns::parse_options const o{syn, registry_for(namespaces)};
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
          [](py::handle text, std::string_view syntax, bool assigned_name, bool namespaces) {
              // Parsed without the namespaces' rules: check() reports their
              // verdict as a diagnostic instead of an error.
              urn_arg u = get_urn(text, get_syntax(syntax), false, "text");
              urns::check_options o;
              o.assigned_name = assigned_name;
              o.registry = registry_for(namespaces);
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
        "Where a namespace's rules reject a match's NSS: offset (bytes from the\n"
        "start of the URN) and expected (the namespace's ABNF rule).")
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
          [](py::handle text, std::string_view syntax, bool strict, bool namespaces, bool uri_context) {
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
          [](py::handle texts, std::string_view syntax, bool strict, bool namespaces, bool uri_context) {
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
          [](py::handle lines, std::string_view syntax, bool strict, bool namespaces, bool bom) {
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
    m.def("_builtin_namespaces", [] {
        py::list out;
        for (urns::nss::namespace_rules const& r : urns::nss::builtin().entries())
            out.append(py::make_tuple(py::str(std::string(r.nid)), py::str(std::string(r.reference)),
                                      r.has_validator(), r.has_fold()));
        return out;
    }, "_builtin_namespaces() -> list of (nid, reference, validates, folds); see urns.namespaces().");
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
    for (char const* name : {"URN", "Diagnostic", "NamespaceFault", "Match", "MatchIterator"})
        m.attr(name).attr("__module__") = "urns";
}
