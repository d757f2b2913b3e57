// SPDX-License-Identifier: BSL-1.0
// urns.dask's _extract_block: the URNs of a block of whole lines of a file
// as the records of `urn extract --json`, written as JSON lines or made as
// dicts (which share their keys), the search without the GIL.
#include "urn.hpp"

#include <cstdint>
#include <cstring>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace urns_python {

namespace {

// ------------------------------------------------------------ blocks of files (urns.dask)

/// `s` as the urn tool writes a JSON string's contents: UTF-8 kept,
/// each byte that is not part of valid UTF-8 as \ufffd, the controls,
/// '"' and '\\' escaped.
void json_escape(std::string& o, std::string_view s)
{
    static char const hex[] = "0123456789abcdef";
    auto const* p = reinterpret_cast<unsigned char const*>(s.data());
    std::size_t i = 0;
    while (i < s.size()) {
        unsigned char const c = p[i];
        if (c >= 0x20 && c < 0x7F && c != '"' && c != '\\') {
            o.push_back(static_cast<char>(c));
            ++i;
            continue;
        }
        if (c >= 0x80) {
            if (std::size_t const len = urns::lexical::utf8_sequence_length(p + i, s.size() - i)) {
                o.append(s.data() + i, len);
                i += len;
                continue;
            }
            o += "\\ufffd";
        } else {
            switch (c) {
            case '"': o += "\\\""; break;
            case '\\': o += "\\\\"; break;
            case '\n': o += "\\n"; break;
            case '\r': o += "\\r"; break;
            case '\t': o += "\\t"; break;
            default: {
                char const e[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
                o.append(e, 6);
            }
            }
        }
        ++i;
    }
}

/// Standard base64 (RFC 4648 section 4), with its "=" padding.
std::string base64(std::string_view s)
{
    static char const digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    auto const* p = reinterpret_cast<unsigned char const*>(s.data());
    std::size_t i = 0;
    for (; i + 3 <= s.size(); i += 3) {
        unsigned const v = (p[i] << 16) | (p[i + 1] << 8) | p[i + 2];
        for (int k = 18; k >= 0; k -= 6)
            out.push_back(digits[(v >> k) & 63]);
    }
    if (std::size_t const rest = s.size() - i) {
        unsigned const v = (p[i] << 16) | (rest == 2 ? p[i + 1] << 8 : 0);
        out.push_back(digits[(v >> 18) & 63]);
        out.push_back(digits[(v >> 12) & 63]);
        out.push_back(rest == 2 ? digits[(v >> 6) & 63] : '=');
        out.push_back('=');
    }
    return out;
}

/// The "\n"s of a span of bytes.
std::size_t count_newlines(char const* p, std::size_t n) noexcept
{
    std::size_t count = 0;
    char const* const end = p + n;
    while (p < end) {
        auto const* nl = static_cast<char const*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
        if (!nl)
            break;
        ++count;
        p = nl + 1;
    }
    return count;
}

/// The keys of a record, interned once.
struct record_keys {
    PyObject *version, *file, *file_base64, *line, *column, *offset, *urn, *syntax, *scheme, *nid, *nss,
        *assigned_name, *query, *r_component, *q_component, *fragment, *namespace_fault, *expected,
        *expected_left_out, *undecided, *canonical, *version_number;

    record_keys()
        : version(interned("version")), file(interned("file")), file_base64(interned("file_base64")),
          line(interned("line")), column(interned("column")), offset(interned("offset")), urn(interned("urn")),
          syntax(interned("syntax")), scheme(interned("scheme")), nid(interned("nid")), nss(interned("nss")),
          assigned_name(interned("assigned_name")), query(interned("query")), r_component(interned("r_component")),
          q_component(interned("q_component")), fragment(interned("fragment")),
          namespace_fault(interned("namespace_fault")), expected(interned("expected")),
          expected_left_out(interned("expected_left_out")), undecided(interned("undecided")),
          canonical(interned("canonical")), version_number(PyLong_FromLong(2))
    {
    }
};

record_keys const& keys()
{
    static record_keys const k;
    return k;
}

/// Sets d[key] = value, stealing the value.
void set_item(PyObject* d, PyObject* key, PyObject* value)
{
    if (!value)
        throw py::error_already_set();
    int const r = PyDict_SetItem(d, key, value);
    Py_DECREF(value);
    if (r != 0)
        throw py::error_already_set();
}

/// The bytes of `file` as a JSON writer of the urn tool gives a member:
/// the text (a byte that is not UTF-8 as U+FFFD) and, if some byte is not,
/// the base64 of the bytes.
struct file_name {
    std::string bytes;
    bool utf8 = true;
    py::object text, text_base64; // for the records' dicts
};

file_name make_file_name(std::string_view bytes)
{
    file_name f;
    f.bytes = std::string(bytes);
    f.utf8 = urns::lexical::valid_utf8(bytes);
    std::string escaped;
    json_escape(escaped, bytes);
    // The JSON string's contents read back: the escapes are "\ufffd" and
    // those of the controls, '"' and '\\'.
    f.text = py::module_::import("json").attr("loads")(py::str("\"" + escaped + "\""));
    if (!f.utf8)
        f.text_base64 = ascii_obj(base64(bytes));
    return f;
}

/// The record of a match, as the urn tool's `extract --json` writes it
/// (and "canonical" after it when asked).
void json_record(std::string& o, file_name const& file, std::size_t line, std::uint64_t offset, std::size_t column,
                 urns::urn_match const& m, std::optional<std::string> const* canonical)
{
    urns::urn_view const& u = m.view;
    auto key = [&o](char const* k) {
        o += ",\"";
        o += k;
        o += "\":";
    };
    auto str_member = [&](char const* k, std::string_view v) {
        key(k);
        o += '"';
        json_escape(o, v);
        o += '"';
    };
    auto num_member = [&](char const* k, std::uint64_t v) {
        key(k);
        o += std::to_string(v);
    };
    o += "{\"version\":2";
    str_member("file", file.bytes);
    if (!file.utf8)
        str_member("file_base64", base64(file.bytes));
    num_member("line", line);
    num_member("column", column);
    num_member("offset", offset);
    str_member("urn", u.buffer());
    str_member("syntax", urns::to_string(u.syntax()));
    str_member("scheme", u.scheme());
    str_member("nid", u.nid());
    str_member("nss", u.nss());
    str_member("assigned_name", u.assigned_name());
    if (u.has_query())
        str_member("query", u.query());
    if (u.has_r_component())
        str_member("r_component", u.r_component());
    if (u.has_q_component())
        str_member("q_component", u.q_component());
    if (u.has_fragment())
        str_member("fragment", u.fragment());
    if (m.namespace_fault) {
        key("namespace_fault");
        urns::nss::nss_fault const& nf = *m.namespace_fault;
        o += "{\"offset\":" + std::to_string(nf.offset) + ",\"expected\":[\"";
        json_escape(o, nf.expected);
        for (std::string_view name : nf.also_expected) {
            o += "\",\"";
            json_escape(o, name);
        }
        o += "\"]";
        if (nf.also_expected.dropped())
            o += ",\"expected_left_out\":" + std::to_string(nf.also_expected.dropped());
        if (nf.undecided)
            o += ",\"undecided\":true";
        o += '}';
    }
    if (canonical) {
        if (*canonical) {
            str_member("canonical", **canonical);
        } else {
            key("canonical");
            o += "null";
        }
    }
    o += "}\n";
}

/// Strs that repeat from record to record (schemes, NIDs), made once per
/// block: most records of a corpus share a few of each.
class str_cache {
public:
    PyObject* get(std::string_view s)
    {
        if (s.size() > 32)
            return ascii_str(s);
        auto it = map_.find(s);
        if (it == map_.end()) {
            if (map_.size() >= 4096)
                return ascii_str(s);
            PyObject* o = ascii_str(s);
            keys_.emplace_back(s);
            it = map_.emplace(keys_.back(), py::reinterpret_steal<py::object>(o)).first;
        }
        PyObject* o = it->second.ptr();
        Py_INCREF(o);
        return o;
    }

    /// A rule name: ASCII as a rule of ABNF, but a plugin's may be any
    /// UTF-8 (the loader has made it valid UTF-8).
    PyObject* name(std::string_view s)
    {
        for (unsigned char c : s)
            if (c >= 0x80)
                return lenient_str(s).release().ptr();
        return get(s);
    }

private:
    std::deque<std::string> keys_;
    std::unordered_map<std::string_view, py::object> map_;
};

/// The class whose instances' __dict__ are the templates of the records:
/// one instance has been given every member of a record, in the order of
/// the records, so that its shared keys (PEP 412) hold them all.
PyObject* record_class()
{
    static PyObject* const cls = [] {
        PyObject* c = PyObject_CallFunction(reinterpret_cast<PyObject*>(&PyType_Type), "s(O){}", "_record",
                                            reinterpret_cast<PyObject*>(&PyBaseObject_Type));
        if (!c)
            throw py::error_already_set();
        record_keys const& k = keys();
        auto inst = py::reinterpret_steal<py::object>(PyObject_CallNoArgs(c));
        if (!inst)
            throw py::error_already_set();
        for (PyObject* key : {k.version, k.file, k.file_base64, k.line, k.column, k.offset, k.urn, k.syntax, k.scheme,
                              k.nid, k.nss, k.assigned_name, k.query, k.r_component, k.q_component, k.fragment,
                              k.namespace_fault, k.canonical})
            if (PyObject_SetAttr(inst.ptr(), key, Py_None) != 0)
                throw py::error_already_set();
        return c; // kept for the life of the process
    }();
    return cls;
}

/** The template of the records of a file: a dict with the members every
    record has, in their order (version and file set, the others None).
    It is an instance's __dict__, so it and its copies (PyDict_Copy) share
    their keys with the class's: a record takes about a third of the
    memory of a dict filled key by key, which with the hundreds of
    thousands of records of a partition saves page faults and cache
    misses when they are made and when they are freed. They are plain
    dicts all the same (a CPython without key sharing makes ordinary ones). */
py::object record_template(file_name const& file)
{
    record_keys const& k = keys();
    auto inst = py::reinterpret_steal<py::object>(PyObject_CallNoArgs(record_class()));
    if (!inst)
        throw py::error_already_set();
    auto set = [&](PyObject* key, PyObject* v) {
        if (PyObject_SetAttr(inst.ptr(), key, v) != 0)
            throw py::error_already_set();
    };
    set(k.version, k.version_number);
    set(k.file, file.text.ptr());
    if (!file.utf8)
        set(k.file_base64, file.text_base64.ptr());
    for (PyObject* key : {k.line, k.column, k.offset, k.urn, k.syntax, k.scheme, k.nid, k.nss, k.assigned_name})
        set(key, Py_None);
    auto d = py::reinterpret_steal<py::object>(PyObject_GenericGetDict(inst.ptr(), nullptr));
    if (!d)
        throw py::error_already_set();
    return d;
}

/// The same record as a dict: a copy of the file's template, its values
/// set. `line` is the line's number as an int (borrowed).
py::object dict_record(PyObject* tmpl, PyObject* line, std::uint64_t offset, std::size_t column,
                       urns::urn_match const& m, std::optional<std::string> const* canonical, str_cache& cache)
{
    record_keys const& k = keys();
    urns::urn_view const& u = m.view;
    auto d = py::reinterpret_steal<py::object>(PyDict_Copy(tmpl));
    if (!d)
        throw py::error_already_set();
    PyObject* p = d.ptr();
    Py_INCREF(line);
    set_item(p, k.line, line);
    set_item(p, k.column, PyLong_FromSize_t(column));
    set_item(p, k.offset, PyLong_FromUnsignedLongLong(offset));
    PyObject* text = ascii_str(u.buffer());
    Py_INCREF(text);
    set_item(p, k.urn, text);
    Py_INCREF(syntax_str(u.syntax()));
    set_item(p, k.syntax, syntax_str(u.syntax()));
    set_item(p, k.scheme, cache.get(u.scheme()));
    set_item(p, k.nid, cache.get(u.nid()));
    set_item(p, k.nss, ascii_str(u.nss()));
    // The URN itself when it is its assigned name (no query, no fragment).
    if (u.assigned_name().size() == u.buffer().size()) {
        set_item(p, k.assigned_name, text);
    } else {
        Py_DECREF(text);
        set_item(p, k.assigned_name, ascii_str(u.assigned_name()));
    }
    if (u.has_query())
        set_item(p, k.query, ascii_str(u.query()));
    if (u.has_r_component())
        set_item(p, k.r_component, ascii_str(u.r_component()));
    if (u.has_q_component())
        set_item(p, k.q_component, ascii_str(u.q_component()));
    if (u.has_fragment())
        set_item(p, k.fragment, ascii_str(u.fragment()));
    if (m.namespace_fault) {
        PyObject* f = PyDict_New();
        if (!f)
            throw py::error_already_set();
        set_item(p, k.namespace_fault, f);
        set_item(f, k.offset, PyLong_FromSize_t(m.namespace_fault->offset));
        urns::nss::nss_fault const& nf = *m.namespace_fault;
        PyObject* names = PyList_New(static_cast<Py_ssize_t>(1 + nf.also_expected.size()));
        if (!names)
            throw py::error_already_set();
        set_item(f, k.expected, names);
        PyList_SET_ITEM(names, 0, cache.name(nf.expected));
        Py_ssize_t at = 1;
        for (std::string_view name : nf.also_expected)
            PyList_SET_ITEM(names, at++, cache.name(name));
        if (nf.also_expected.dropped())
            set_item(f, k.expected_left_out, PyLong_FromSize_t(nf.also_expected.dropped()));
        if (nf.undecided)
            set_item(f, k.undecided, py::bool_(true).release().ptr());
    }
    if (canonical)
        set_item(p, k.canonical, *canonical ? ascii_str(**canonical) : py::none().release().ptr());
    return d;
}

/// The bytes of data, exported for the whole call: a bytearray cannot be
/// resized while the search reads it without the GIL.
struct exported {
    Py_buffer b{};
    explicit exported(PyObject* o)
    {
        if (PyObject_GetBuffer(o, &b, PyBUF_SIMPLE) != 0) {
            PyErr_Clear();
            throw py::type_error("data must be bytes or a contiguous bytes-like object");
        }
    }
    ~exported() { PyBuffer_Release(&b); }
    exported(exported const&) = delete;
    exported& operator=(exported const&) = delete;
};

/// A URN of a block: the match, its line and column, and its canonical
/// form when asked (None where a namespace rejects it).
struct found {
    urns::urn_match match;
    std::size_t line, column;
    std::optional<std::string> canonical;
};

/** The URNs of a block, as `urn extract` searches a block: the whole block
    at once (no match crosses a line end), the "\n"s counted from one match
    to the next only. The range is made with the GIL; start() and next()
    run without it. */
class block_search {
public:
    block_search(std::string_view block, urns::extract_options const& o, std::size_t first_line,
                 bool want_canonical, ns_arg const& ns)
        : block_(block), range_(urns::find_urns(block, o)), line_(first_line), want_canonical_(want_canonical),
          ns_(ns)
    {
    }

    void start() { it_ = range_.begin(); }

    /// The next URN, or none at the end of the block.
    std::optional<found> next()
    {
        if (it_ == range_.end())
            return std::nullopt;
        urns::urn_match const& m = *it_;
        std::string_view const before = block_.substr(counted_, m.offset - counted_);
        counted_ = m.offset;
        if (std::size_t const ends = count_newlines(before.data(), before.size()); ends != 0) {
            line_ += ends;
            line_start_ = static_cast<std::size_t>(
                static_cast<char const*>(::memrchr(before.data(), '\n', before.size())) + 1 - block_.data());
        }
        found f{m, line_, m.offset - line_start_ + 1, std::nullopt};
        if (want_canonical_ && !m.namespace_fault)
            f.canonical = canonical_of(m.view, urns::default_equivalence(m.view.syntax()), ns_);
        ++it_;
        return f;
    }

    /// The block's count of "\n", once next() has found every URN.
    std::size_t newlines(std::size_t first_line) const
    {
        return line_ - first_line + count_newlines(block_.data() + counted_, block_.size() - counted_);
    }

private:
    std::string_view const block_;
    urns::urn_matches const range_;
    urns::urn_matches::iterator it_;
    std::size_t line_;
    std::size_t line_start_ = 0; // in block
    std::size_t counted_ = 0;
    bool const want_canonical_;
    ns_arg const& ns_;
};

/// The records of a block as JSON lines, made without the GIL.
py::object json_records(block_search& search, file_name const& file, std::size_t first_line,
                        std::uint64_t first_offset, bool want_canonical)
{
    std::string text; // JSON lines
    {
        py::gil_scoped_release nogil;
        search.start();
        while (std::optional<found> f = search.next())
            json_record(text, file, f->line, first_offset + f->match.offset, f->column, f->match,
                        want_canonical ? &f->canonical : nullptr);
    }
    return py::make_tuple(py::bytes(text), search.newlines(first_line));
}

/// The records of a block as dicts. The search runs without the GIL, a
/// batch of matches at a time; with the GIL, each batch becomes dicts
/// before the next is searched, so that the matches and the block's bytes
/// they refer to are still in the cache (and no vector of all the block's
/// matches is made).
py::object dict_records(block_search& search, file_name const& file, std::size_t first_line,
                        std::uint64_t first_offset, bool want_canonical)
{
    py::list out(0);
    str_cache cache;
    // No collection while the records are made: they hold no cycles, and a
    // collection every few hundred dicts would scan all those made so far.
    struct gc_paused {
        int was = PyGC_Disable();
        ~gc_paused()
        {
            if (was)
                PyGC_Enable();
        }
    } paused;
    py::object const tmpl = record_template(file);
    py::object line_obj; // the int of the line of the last record
    std::size_t line_of_obj = 0;
    std::vector<found> batch;
    batch.reserve(1024);
    bool started = false;
    for (;;) {
        batch.clear();
        {
            py::gil_scoped_release nogil;
            if (!started) {
                search.start();
                started = true;
            }
            while (batch.size() < 1024) {
                std::optional<found> f = search.next();
                if (!f)
                    break;
                batch.push_back(std::move(*f));
            }
        }
        for (found const& f : batch) {
            if (!line_obj || f.line != line_of_obj) {
                line_obj = py::reinterpret_steal<py::object>(PyLong_FromSize_t(f.line));
                if (!line_obj)
                    throw py::error_already_set();
                line_of_obj = f.line;
            }
            py::object d = dict_record(tmpl.ptr(), line_obj.ptr(), first_offset + f.match.offset, f.column, f.match,
                                       want_canonical ? &f.canonical : nullptr, cache);
            if (PyList_Append(out.ptr(), d.ptr()) != 0)
                throw py::error_already_set();
        }
        if (batch.size() < 1024)
            break;
    }
    return py::make_tuple(out, search.newlines(first_line));
}

/// urns.dask's inner loop: the URNs of a block of whole lines of a file.
py::object fn_extract_block(PyObject** a)
{
    exported const data(a[0]);
    std::string_view const all(static_cast<char const*>(data.b.buf), static_cast<std::size_t>(data.b.len));
    std::size_t const begin = size_arg(a[1], "begin");
    std::size_t const end = size_arg(a[2], "end");
    if (begin > end || end > all.size())
        throw py::value_error("begin and end must be offsets in data, begin <= end");
    if (!PyBytes_Check(a[3]))
        throw py::type_error("file must be bytes");
    file_name const file =
        make_file_name({PyBytes_AS_STRING(a[3]), static_cast<std::size_t>(PyBytes_GET_SIZE(a[3]))});
    std::size_t const first_line = size_arg(a[4], "first_line");
    std::uint64_t const first_offset = size_arg(a[5], "first_offset");
    urns::syntax const syn = get_syntax(a[6]);
    bool const strict = get_bool(a[7], false);
    ns_arg const ns = get_namespaces(a[8]);
    bool const uri_context = get_bool(a[9], true);
    bool const json = get_bool(a[10], false);
    bool const want_canonical = get_bool(a[11], false);
    urns::extract_options const o = extract_options_for(syn, strict, ns, uri_context);
    block_search search(all.substr(begin, end - begin), o, first_line, want_canonical, ns);
    if (json)
        return json_records(search, file, first_line, first_offset, want_canonical);
    return dict_records(search, file, first_line, first_offset, want_canonical);
}

} // namespace

void init_dask(py::module_& m)
{
    add_function(m, "urns._urns", "_extract_block",
                 {"data", "begin", "end", "file", "first_line", "first_offset", "syntax", "strict", "namespaces",
                  "uri_context", "json", "canonical"},
                 fn_extract_block,
                 "For urns.dask: the URNs of data[begin:end] (bytes-like: whole lines of a file,\n"
                 "the first being line first_line at byte first_offset of the file), as the\n"
                 "records of `urn extract --json` (file: the name's bytes), and the block's\n"
                 "count of '\\n': (list of dict, newlines), or (bytes of JSON lines, newlines)\n"
                 "when json is true. canonical: add each URN's canonical form (None where a\n"
                 "namespace rejects it). Searched with the GIL released.");
}

} // namespace urns_python
