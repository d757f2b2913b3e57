// SPDX-License-Identifier: BSL-1.0
// The module functions that parse, compare, canonicalize and build URNs:
// parse, is_valid, is_valid_many, parse_many, canonical, equivalence_key,
// equivalent, canonical_many, make_urn. The batches work a chunk of items
// at a time without the GIL; parse_many makes its results in place, in
// URN objects allocated before.
#include "urn.hpp"

#include <algorithm>
#include <deque>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace urns_python {

namespace {

// ------------------------------------------------------------ the functions' bodies

py::object fn_parse(PyObject** a)
{
    text_arg t = get_text(a[0], "text");
    ns_arg const ns = get_namespaces(a[2]);
    auto r = parse_view(t.view, get_syntax(a[1]), ns);
    if (!r)
        raise(r.error(), t.view);
    return make_urn_object(*r, &urn_type, &ns);
}

py::object fn_is_valid(PyObject** a)
{
    urns::syntax const syn = get_syntax(a[1]);
    ns_arg const ns = get_namespaces(a[2]);
    PyObject* text = a[0];
    std::string_view v;
    std::string copy;
    if (PyUnicode_Check(text)) {
        Py_ssize_t n = 0;
        char const* p = PyUnicode_AsUTF8AndSize(text, &n);
        if (!p) { // not encodable (a lone surrogate): not a URN
            PyErr_Clear();
            return py::bool_(false);
        }
        v = {p, static_cast<std::size_t>(n)};
    } else if (!text_view(text, v, &copy)) {
        not_text(text, "text");
    }
    auto const r = parse_view(v, syn, ns);
    if (!r && r.error().code == urns::error::nss_undecided)
        throw parse_failure(r.error(), v, std::nullopt);
    return py::bool_(bool(r));
}

py::object fn_parse_many(PyObject** a)
{
    urns::syntax const syn = get_syntax(a[1]);
    ns_arg const ns = get_namespaces(a[2]);
    on_error const how = get_on_error(a[3]);
    py::object seq = batch_items(a[0], "texts");
    auto const n = static_cast<std::size_t>(PySequence_Fast_GET_SIZE(seq.ptr()));
    PyObject** items = PySequence_Fast_ITEMS(seq.ptr());
    // Each text's URN object is allocated first, with the GIL, and the list
    // holds them; the parse then fills each in place without the GIL, so
    // that nothing but the objects themselves is made (no copy of the
    // texts, no intermediate URNs). The bytes of each text are kept in its
    // object's storage until the parse reads them. A chunk at a time: the
    // objects of the texts that fail are freed before the next chunk is
    // allocated, which reuses their memory.
    py::list out(n);
    PyObject** objs = reinterpret_cast<PyListObject*>(out.ptr())->ob_item;
    std::deque<std::string> copies;
    std::vector<std::pair<std::size_t, urns::parse_error>> failed;
    urns::parse_options const o{syn, ns.reg};
    for (std::size_t start = 0; start < n; start += chunk_items) {
        std::size_t const end = std::min(n, start + chunk_items);
        copies.clear();
        for (std::size_t i = start; i < end; ++i) {
            std::string_view v;
            py::object exc;
            if (batch_item(item_rule::text_only, items[i], i, v, copies, exc) != item_is::text) {
                objs[i] = bad_item(how, exc).release().ptr(); // raises with errors='raise'
                continue;
            }
            urn_object* u = alloc_urn(&urn_type);
            static_assert(sizeof(std::string_view) <= sizeof(urn_object::storage));
            new (u->storage) std::string_view(v);
            objs[i] = reinterpret_cast<PyObject*>(u);
        }
        failed.clear();
        {
            py::gil_scoped_release nogil;
            for (std::size_t i = start; i < end; ++i) {
                if (Py_TYPE(objs[i]) != &urn_type)
                    continue; // a bad item's None or exception
                auto* u = reinterpret_cast<urn_object*>(objs[i]);
                std::string_view const text = *std::launder(reinterpret_cast<std::string_view*>(u->storage));
                auto r = urns::parse_urn(text, o);
                if (r) {
                    new (u->storage) urns::urn(*r);
                    u->ready = true;
                    keep_registry(u, ns);
                } else {
                    failed.emplace_back(i, r.error());
                    if (how == on_error::raise)
                        break;
                }
            }
        }
        for (auto const& [i, e] : failed) {
            std::string_view text;
            std::string copy;
            text_view(items[i], text, &copy);
            if (how == on_error::raise)
                throw parse_failure(e, text, i);
            out[i] = failed_item(how, e, text, i); // frees the object that was not filled
        }
    }
    return out;
}

py::object canonical_body(PyObject** a)
{
    auto const md = get_mode(a[1]);
    ns_arg const ns = get_namespaces(a[3]);
    urn_arg u = get_urn(a[0], get_syntax(a[2]), ns, "text");
    return ascii_obj(canonical_of(u.get(), mode_for(u.get(), md), ns));
}

py::object fn_equivalent(PyObject** a)
{
    auto const md = get_mode(a[2]);
    urns::syntax const syn = get_syntax(a[3]);
    ns_arg const ns = get_namespaces(a[4]);
    urn_arg ua = get_urn(a[0], syn, ns, "a");
    urn_arg ub = get_urn(a[1], syn, ns, "b");
    urns::equivalence_mode const m = mode_for(ua.get(), md);
    if (ns)
        return py::bool_(canonical_of(ua.get(), m, ns) == canonical_of(ub.get(), m, ns));
    return py::bool_(urns::equivalent(ua.get(), ub.get(), m));
}

py::object fn_canonical_many(PyObject** a)
{
    auto const md = get_mode(a[1]);
    urns::syntax const syn = get_syntax(a[2]);
    ns_arg const ns = get_namespaces(a[3]);
    on_error const how = get_on_error(a[4]);
    py::object seq = batch_items(a[0], "texts");
    auto const n = static_cast<std::size_t>(PySequence_Fast_GET_SIZE(seq.ptr()));
    PyObject** items = PySequence_Fast_ITEMS(seq.ptr());
    py::list out(n);
    std::vector<std::string_view> texts;
    std::vector<char> usable;
    // The canonical forms of a chunk, one after the other in one string
    // (no allocation per item): item k's ends at ends[k], or failed.
    std::string arena;
    constexpr std::size_t failed_end = static_cast<std::size_t>(-1);
    std::vector<std::size_t> ends;
    std::vector<urns::parse_error> failed; // in the order of the items
    std::deque<std::string> copies;
    urns::parse_options const o{syn, ns.reg};
    for (std::size_t start = 0; start < n; start += chunk_items) {
        std::size_t const end = std::min(n, start + chunk_items);
        std::size_t const m = end - start;
        texts.assign(m, std::string_view());
        usable.assign(m, 1);
        copies.clear();
        for (std::size_t i = start; i < end; ++i) {
            py::object exc;
            if (batch_item(item_rule::text_only, items[i], i, texts[i - start], copies, exc) != item_is::text) {
                PyList_SET_ITEM(out.ptr(), static_cast<Py_ssize_t>(i), bad_item(how, exc).release().ptr());
                usable[i - start] = 0;
            }
        }
        arena.clear();
        ends.assign(m, failed_end);
        failed.clear();
        std::size_t stop = end;
        {
            py::gil_scoped_release nogil;
            for (std::size_t k = 0; k < m; ++k) {
                if (!usable[k])
                    continue;
                auto r = urns::parse_urn(texts[k], o);
                if (r) {
                    append_canonical(*r, mode_for(*r, md), ns, arena);
                    ends[k] = arena.size();
                } else {
                    failed.push_back(r.error());
                    if (how == on_error::raise) {
                        stop = start + k;
                        break;
                    }
                }
            }
        }
        if (stop != end)
            throw parse_failure(failed.back(), texts[stop - start], stop);
        std::size_t at = 0;
        auto next_failed = failed.begin();
        for (std::size_t k = 0; k < m; ++k) {
            if (!usable[k])
                continue;
            PyObject* v;
            if (ends[k] != failed_end) {
                v = ascii_str(std::string_view(arena).substr(at, ends[k] - at)); // canonical forms are ASCII
                at = ends[k];
            } else {
                v = failed_item(how, *next_failed++, texts[k], start + k).release().ptr();
            }
            PyList_SET_ITEM(out.ptr(), static_cast<Py_ssize_t>(start + k), v);
        }
    }
    return out;
}

py::object fn_is_valid_many(PyObject** a)
{
    urns::syntax const syn = get_syntax(a[1]);
    ns_arg const ns = get_namespaces(a[2]);
    return valid_bytes(a[0], syn, ns, item_rule::not_a_urn);
}

py::object fn_make_urn(PyObject** a)
{
    text_arg n = get_text(a[0], "nid");
    text_arg id = get_text(a[1], "identifier");
    urns::syntax const syn = get_syntax(a[2]);
    text_arg extra = a[3] ? get_text(a[3], "extra_reserved") : text_arg{};
    auto r = urns::make_urn(n.view, id.view, syn, extra.view);
    if (!r)
        raise(r.error(), r.error().expected == "NSS" ? id.view : n.view);
    return make_urn_object(r->view());
}

constexpr char const* syntax_doc =
    "syntax: 'rfc2141bis' (draft-ietf-urnbis-rfc2141bis-urn-03, the default), 'rfc2141' or 'rfc8141'.";

} // namespace

py::object valid_bytes(PyObject* iterable, urns::syntax syn, ns_arg const& ns, item_rule rule)
{
    py::object seq = batch_items(iterable, "texts");
    auto const n = static_cast<std::size_t>(PySequence_Fast_GET_SIZE(seq.ptr()));
    PyObject** items = PySequence_Fast_ITEMS(seq.ptr());
    auto bits = py::reinterpret_steal<py::object>(PyBytes_FromStringAndSize(nullptr, static_cast<Py_ssize_t>(n)));
    if (!bits)
        throw py::error_already_set();
    // bit[i] is 1 for an item to parse (its bytes in texts), 0 for one that
    // is not text; the parse, without the GIL, then clears those that are
    // not URNs. The bytes object is new: no other thread sees it yet.
    char* const bit = PyBytes_AS_STRING(bits.ptr());
    std::vector<std::string_view> texts;
    std::deque<std::string> copies;
    urns::parse_options const o{syn, ns.reg};
    for (std::size_t start = 0; start < n; start += chunk_items) {
        std::size_t const end = std::min(n, start + chunk_items);
        texts.resize(end - start);
        copies.clear();
        for (std::size_t i = start; i < end; ++i) {
            PyObject* const item = items[i];
            std::string_view& v = texts[i - start];
            bit[i] = 1;
            if (PyUnicode_Check(item)) {
                Py_ssize_t len = 0;
                char const* p = PyUnicode_AsUTF8AndSize(item, &len);
                if (p) {
                    v = {p, static_cast<std::size_t>(len)};
                } else { // a lone surrogate: not a URN
                    PyErr_Clear();
                    bit[i] = 0;
                }
            } else if (PyBytes_Check(item)) {
                v = {PyBytes_AS_STRING(item), static_cast<std::size_t>(PyBytes_GET_SIZE(item))};
            } else {
                py::object exc; // None, another object, a bytes-like object (copied)
                if (batch_item(rule, item, i, v, copies, exc) != item_is::text)
                    bit[i] = 0;
            }
        }
        std::size_t undecided = end;
        urns::parse_error why;
        {
            py::gil_scoped_release nogil;
            for (std::size_t i = start; i < end; ++i)
                if (bit[i]) {
                    auto const r = urns::parse_urn(texts[i - start], o);
                    bit[i] = r ? 1 : 0;
                    if (!r && r.error().code == urns::error::nss_undecided && undecided == end) {
                        undecided = i;
                        why = r.error();
                    }
                }
        }
        if (undecided != end)  // neither 1 nor 0: raised
            throw parse_failure(why, texts[undecided - start], undecided);
    }
    return bits;
}

void init_functions(py::module_& m)
{
    std::string const ns_doc =
        "namespaces: also check the NSS against namespaces' rules: True, those shipped\n"
        "with urns and the plugins loaded (see namespaces(), load_plugin()); a\n"
        "Registry; or Namespace objects (the shipped\n"
        "ones and those, e.g. [Namespace.from_abnf(...)]). Every call that takes\n"
        "namespaces= takes the same values.";
    add_function(m, "urns", "parse", {"text", "syntax='rfc2141bis'", "namespaces=False"}, fn_parse,
                 std::string("Parses a URN (str, read as UTF-8, or bytes-like) into a URN; raises ParseError\n"
                             "if it is not one, with the byte offset and the ABNF rule expected there.\n") +
                     syntax_doc + "\n" + ns_doc);
    add_function(m, "urns", "is_valid", {"text", "syntax='rfc2141bis'", "namespaces=False"}, fn_is_valid,
                 "Whether text (str or bytes-like) is a URN of the syntax (a bool); never raises\n"
                 "for text (a str that UTF-8 cannot encode is not a URN).");
    add_function(m, "urns", "parse_many",
                 {"texts", "syntax='rfc2141bis'", "namespaces=False", "errors='raise'"}, fn_parse_many,
                 "Parses every text (str or bytes-like) of an iterable: a list of URN in the same\n"
                 "order. The URN objects are made first and filled by the parser with the GIL\n"
                 "released, so threads calling it run in parallel, and it takes no more memory\n"
                 "than a loop of parse(). errors: 'raise' raises the ParseError of the first\n"
                 "invalid text (its .index says which), 'none' puts None in its place, 'return'\n"
                 "puts the ParseError object in its place. An item that is not text (a TypeError)\n"
                 "or a str that UTF-8 cannot encode (UnicodeEncodeError) is handled the same way,\n"
                 "the exception having an .index attribute. This is the batch that makes a full\n"
                 "URN object of each text; where one is not needed, is_valid_many() (bytes of 1\n"
                 "and 0) and canonical_many() (str) cost less.");
    add_function(m, "urns", "is_valid_many", {"texts", "syntax='rfc2141bis'", "namespaces=False"},
                 fn_is_valid_many,
                 "Whether each item of an iterable is a URN of the syntax (is_valid() of each),\n"
                 "as bytes of 1 and 0, one per item, in order: no object made per item, the\n"
                 "GIL released while the library works. numpy.frombuffer(b, dtype=bool) reads\n"
                 "it as a bool array, list(b) as ints, b.count(1) counts the URNs. An item that\n"
                 "is not text (None, a number) or a str that UTF-8 cannot encode is not a URN:\n"
                 "0, never an error.");
    add_function(m, "urns", "canonical",
                 {"text", "mode=None", "syntax='rfc2141bis'", "namespaces=False"}, canonical_body,
                 "The canonical form of a URN (a URN object, or text parsed in the syntax), a str:\n"
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
                 "Raises ParseError if the text is not a URN (or its namespace rejects it).");
    add_function(m, "urns", "equivalence_key",
                 {"text", "mode=None", "syntax='rfc2141bis'", "namespaces=False"}, canonical_body,
                 "A hashable key (a str) that is equal for equivalent URNs and only for them: the\n"
                 "canonical form (see canonical()). Use it as a dict key or in a set to group\n"
                 "URNs by equivalence.");
    add_function(m, "urns", "equivalent",
                 {"a", "b", "mode=None", "syntax='rfc2141bis'", "namespaces=False"}, fn_equivalent,
                 "Whether two URNs (URN objects, or text parsed in the syntax) are lexically\n"
                 "equivalent: 'urn', the NID and %hh hex digits in any case, the rest octet\n"
                 "by octet, %hh never decoded. mode: see canonical(); None takes the mode of\n"
                 "a's syntax. Raises ParseError if either is not a URN.");
    add_function(m, "urns", "canonical_many",
                 {"texts", "mode=None", "syntax='rfc2141bis'", "namespaces=False", "errors='raise'"},
                 fn_canonical_many,
                 "canonical() of every text (str or bytes-like) of an iterable, a list, with the\n"
                 "GIL released while the library works; errors as for parse_many(). The forms\n"
                 "are made a chunk of items at a time in one buffer, then the str objects.");
    add_function(m, "urns", "make_urn", {"nid", "identifier", "syntax='rfc2141bis'", "extra_reserved=''"},
                 fn_make_urn,
                 "Builds the URN 'urn:' NID ':' NSS from a NID and a raw identifier (str, encoded\n"
                 "as UTF-8, or bytes): the identifier is percent-encoded as the syntax requires\n"
                 "(a '%' in it becomes '%25'), with extra_reserved's characters encoded too.\n"
                 "The result is always a valid URN of the syntax. Raises ParseError for a bad\n"
                 "NID (offset into nid) or an empty identifier or one with NUL (offset into\n"
                 "identifier).");
}

} // namespace urns_python
