// SPDX-License-Identifier: BSL-1.0
// The batch functions of the pure-Python modules: urns.dask's
// _extract_block (the URNs of a block of a file, as `urn extract --json`
// writes them, or as dicts) and urns.pandas's _column (one value of each
// text of a column). Each works a chunk at a time without the GIL.
#include "urn.hpp"

#include <array>
#include <cstdint>
#include <cstring>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include <sys/mman.h>

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

/// One URN found in a block: the match (a view into the block), its line
/// and the offset of its line's start in the file.
struct block_match {
    urns::urn_match match;
    std::size_t line;
    std::uint64_t line_start;
};

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

std::size_t size_arg(PyObject* o, char const* what)
{
    std::size_t const v = PyLong_AsSize_t(o);
    if (v == static_cast<std::size_t>(-1) && PyErr_Occurred()) {
        PyErr_Clear();
        throw py::type_error(std::string(what) + " must be an int >= 0");
    }
    return v;
}

// ------------------------------------------------------------ freed arenas kept (urns.dask)

/** Python's small-object allocator takes its memory in arenas (mmap) and
    gives each back (munmap) as soon as its objects are all freed. A
    partition's records (hundreds of MB) are freed together when the
    partition is done, and the next one maps as much again: the kernel then
    maps and clears every page anew (a page fault each), which cost a
    worker more than a third of its time. This allocator keeps the arenas
    freed, up to a limit, for the next ones (their pages marked MADV_FREE:
    the kernel may still take them back under memory pressure), and hands
    the rest to the allocator it replaces. Arenas are allocated and freed
    with the GIL held. */
struct arena_keeper {
    PyObjectArenaAllocator previous{};
    std::vector<void*> kept;
    std::size_t arena_size = 0; // the size of each kept one
    std::size_t limit = 0;      // bytes kept at the most
};

arena_keeper* g_arena_keeper = nullptr;

void* keeper_alloc(void* ctx, std::size_t size)
{
    auto* k = static_cast<arena_keeper*>(ctx);
    if (size == k->arena_size && !k->kept.empty()) {
        void* p = k->kept.back();
        k->kept.pop_back();
        return p;
    }
    return k->previous.alloc(k->previous.ctx, size);
}

void keeper_free(void* ctx, void* p, std::size_t size)
{
    auto* k = static_cast<arena_keeper*>(ctx);
    if ((k->arena_size == 0 || size == k->arena_size) && (k->kept.size() + 1) * size <= k->limit &&
        k->kept.size() < k->kept.capacity()) {
        k->arena_size = size;
#ifdef MADV_FREE
        ::madvise(p, size, MADV_FREE);
#endif
        k->kept.push_back(p);
        return;
    }
    k->previous.free(k->previous.ctx, p, size);
}

/// urns.dask's: keep up to `limit` bytes of freed arenas (once per
/// process; a later call may raise the limit). Returns the limit.
py::object fn_keep_arenas(PyObject** a)
{
    std::size_t const limit = size_arg(a[0], "limit");
    if (!g_arena_keeper) {
        auto* k = new arena_keeper; // for the life of the process
        PyObject_GetArenaAllocator(&k->previous);
        k->kept.reserve(4096); // never grown inside keeper_free
        g_arena_keeper = k;
        PyObjectArenaAllocator mine{k, keeper_alloc, keeper_free};
        PyObject_SetArenaAllocator(&mine);
    }
    g_arena_keeper->limit = std::max(g_arena_keeper->limit, limit);
    return py::int_(g_arena_keeper->limit);
}


/// urns.dask's inner loop: the URNs of a block of whole lines of a file.
py::object fn_extract_block(PyObject** a)
{
    // The bytes of data, exported for the whole call: a bytearray cannot
    // be resized while the search reads it without the GIL.
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
    } const data(a[0]);
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
    std::string_view const block = all.substr(begin, end - begin);

    struct found {
        urns::urn_match match;
        std::size_t line, column;
        std::optional<std::string> canonical;
    };
    // As `urn extract` searches a block: the whole block at once (no match
    // crosses a line end), the "\n"s counted from one match to the next
    // only. The search runs without the GIL, a batch of matches at a time;
    // with the GIL, each batch becomes dicts before the next is searched,
    // so that the matches and the block's bytes they refer to are still in
    // the cache (and no vector of all the block's matches is made).
    urns::urn_matches const range = urns::find_urns(block, o);
    urns::urn_matches::iterator it;
    std::size_t line = first_line;
    std::size_t line_start = 0; // in block
    std::size_t counted = 0;
    auto next = [&]() -> std::optional<found> { // without the GIL
        if (it == range.end())
            return std::nullopt;
        urns::urn_match const& m = *it;
        std::string_view const before = block.substr(counted, m.offset - counted);
        counted = m.offset;
        if (std::size_t const ends = count_newlines(before.data(), before.size()); ends != 0) {
            line += ends;
            line_start = static_cast<std::size_t>(
                static_cast<char const*>(::memrchr(before.data(), '\n', before.size())) + 1 - block.data());
        }
        found f{m, line, m.offset - line_start + 1, std::nullopt};
        if (want_canonical && !m.namespace_fault)
            f.canonical = canonical_of(m.view, urns::default_equivalence(m.view.syntax()), ns);
        ++it;
        return f;
    };
    if (json) {
        std::string text; // JSON lines
        {
            py::gil_scoped_release nogil;
            it = range.begin();
            while (std::optional<found> f = next())
                json_record(text, file, f->line, first_offset + f->match.offset, f->column, f->match,
                            want_canonical ? &f->canonical : nullptr);
        }
        std::size_t const newlines = line - first_line + count_newlines(block.data() + counted, block.size() - counted);
        return py::make_tuple(py::bytes(text), newlines);
    }
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
                it = range.begin();
                started = true;
            }
            while (batch.size() < 1024) {
                std::optional<found> f = next();
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
    std::size_t const newlines = line - first_line + count_newlines(block.data() + counted, block.size() - counted);
    return py::make_tuple(out, newlines);
}

// ------------------------------------------------------------ columns (urns.pandas)

/// What _column gives of each text.
enum class column_kind {
    valid, canonical, nid, nss, assigned_name, query, r_component, q_component, f_component, error, fields
};

column_kind get_column_kind(PyObject* o)
{
    static std::pair<char const*, column_kind> const names[] = {
        {"valid", column_kind::valid},
        {"canonical", column_kind::canonical},
        {"nid", column_kind::nid},
        {"nss", column_kind::nss},
        {"assigned_name", column_kind::assigned_name},
        {"query", column_kind::query},
        {"r_component", column_kind::r_component},
        {"q_component", column_kind::q_component},
        {"f_component", column_kind::f_component},
        {"error", column_kind::error},
        {"fields", column_kind::fields},
    };
    std::string const what = str_arg(o, "what");
    for (auto const& [name, kind] : names)
        if (what == name)
            return kind;
    throw py::value_error("unknown column '" + what + "'");
}

/// The text of a component that may be absent.
std::optional<std::string> component(bool present, std::string_view v)
{
    return present ? std::optional<std::string>(std::string(v)) : std::nullopt;
}

/** For urns.pandas: one value of each text, computed without the GIL a
    chunk at a time, and no URN object made. "valid": bytes, 1 or 0 per
    text (numpy.frombuffer reads it as a bool array); "canonical", "nid",
    "nss", "assigned_name", "query", "r_component", "q_component",
    "f_component": a list of str, None where the text is not a URN (or the
    component is absent); "error": five lists (offsets, codes, expected
    rule names, messages, tuples of the other names expected), None in
    each where the text is a URN; "fields":
    a list of the tuples URN.fields gives (() where the text is not a
    URN). None is a missing value: not valid, None in every list (() for
    "fields"), no error. A str that UTF-8 cannot encode is not a URN (its
    error: offset None, code 'unencodable', expected '', the encoder's
    message); any other item that is neither str nor bytes-like raises
    TypeError with its index. */
py::object fn_column(PyObject** a)
{
    column_kind const kind = get_column_kind(a[1]);
    urns::syntax const syn = get_syntax(a[2]);
    ns_arg const ns = get_namespaces(a[3]);
    auto const md = get_mode(a[4]);
    if (kind == column_kind::valid) // as urns.is_valid_many, but an item neither text nor None raises
        return valid_bytes(a[0], syn, ns, true);
    ns_arg const field_ns = kind == column_kind::fields ? (ns ? ns : default_namespaces()) : ns_arg{};
    py::object seq = batch_items(a[0], "texts");
    auto const n = static_cast<std::size_t>(PySequence_Fast_GET_SIZE(seq.ptr()));
    PyObject** items = PySequence_Fast_ITEMS(seq.ptr());
    py::list out;
    if (kind != column_kind::error)
        out = py::list(n);
    std::array<py::list, 5> error_columns; // "error": offsets, codes, expected names, messages, other names
    if (kind == column_kind::error)
        for (py::list& c : error_columns)
            c = py::list(n);
    std::vector<std::string_view> texts;
    std::vector<char> usable;
    std::vector<std::optional<urns::urn_view>> parsed;
    std::vector<std::optional<std::string>> values;
    std::vector<std::optional<urns::parse_error>> failed;
    std::deque<std::string> copies;
    std::vector<std::string> unencodable;
    urns::parse_options const o{syn, ns.reg};
    for (std::size_t start = 0; start < n; start += chunk_items) {
        std::size_t const end = std::min(n, start + chunk_items);
        std::size_t const m = end - start;
        texts.assign(m, std::string_view());
        usable.assign(m, 1);
        unencodable.assign(m, std::string());
        copies.clear();
        for (std::size_t i = start; i < end; ++i) {
            py::object exc;
            if (items[i] == Py_None) {
                usable[i - start] = 0; // missing
                continue;
            }
            if (batch_text(items[i], i, "texts", texts[i - start], copies, exc))
                continue;
            if (!PyUnicode_Check(items[i]))
                bad_item(on_error::raise, exc);
            usable[i - start] = 0;
            unencodable[i - start] = py::str(exc).cast<std::string>();
        }
        parsed.assign(m, std::nullopt);
        values.assign(m, std::nullopt);
        failed.assign(m, std::nullopt);
        {
            py::gil_scoped_release nogil;
            for (std::size_t k = 0; k < m; ++k) {
                if (!usable[k])
                    continue;
                auto r = urns::parse_urn(texts[k], o);
                if (!r) {
                    failed[k] = r.error();
                    continue;
                }
                urns::urn_view const& u = *r;
                switch (kind) {
                case column_kind::canonical: values[k] = canonical_of(u, mode_for(u, md), ns); break;
                case column_kind::nid: values[k] = std::string(u.nid()); break;
                case column_kind::nss: values[k] = std::string(u.nss()); break;
                case column_kind::assigned_name: values[k] = std::string(u.assigned_name()); break;
                case column_kind::query: values[k] = component(u.has_query(), u.query()); break;
                case column_kind::r_component: values[k] = component(u.has_r_component(), u.r_component()); break;
                case column_kind::q_component: values[k] = component(u.has_q_component(), u.q_component()); break;
                case column_kind::f_component: values[k] = component(u.has_f_component(), u.f_component()); break;
                default: parsed[k] = u; break; // views into texts[k], alive until the chunk is done
                }
            }
        }
        for (std::size_t k = 0; k < m; ++k) {
            bool const ok = usable[k] && !failed[k];
            switch (kind) {
            case column_kind::error: {
                std::size_t const i = start + k;
                py::object offset = py::none(), code = py::none(), expected = py::none(), message = py::none(),
                           also = py::none();
                if (!usable[k] && !unencodable[k].empty()) {
                    code = py::str("unencodable");
                    expected = py::str("");
                    message = py::str(unencodable[k]);
                    also = py::tuple();
                } else if (failed[k]) {
                    offset = py::int_(failed[k]->offset);
                    code = py::str(std::string(urns::error_code_name(failed[k]->code)));
                    expected = lenient_str(failed[k]->expected);
                    message = lenient_str(urns::to_string(*failed[k], texts[k]));
                    also = names_tuple(failed[k]->also_expected);
                }
                error_columns[0][i] = offset;
                error_columns[1][i] = code;
                error_columns[2][i] = expected;
                error_columns[3][i] = message;
                error_columns[4][i] = also;
                continue;
            }
            case column_kind::fields:
                out[start + k] = ok ? fields_of_urn(*parsed[k], field_ns) : py::object(py::tuple());
                continue;
            default:
                out[start + k] = values[k] ? ascii_obj(*values[k]) : py::object(py::none());
                continue;
            }
        }
    }
    if (kind == column_kind::error)
        return py::make_tuple(error_columns[0], error_columns[1], error_columns[2], error_columns[3],
                              error_columns[4]);
    return std::move(out);
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
    add_function(m, "urns._urns", "_keep_arenas", {"limit"}, fn_keep_arenas,
                 "For urns.dask's workers: keep up to limit bytes of the arenas Python's\n"
                 "allocator frees (their pages MADV_FREE) for the arenas it takes next,\n"
                 "rather than unmapping them (each page of a new arena costs a page fault).\n"
                 "Installed once per process; returns the limit, the largest asked for.");
}

void init_pandas(py::module_& m)
{
    add_function(m, "urns._urns", "_column", {"texts", "what", "syntax='rfc2141bis'", "namespaces=False", "mode=None"},
                 fn_column,
                 "For urns.pandas: one value of each text (valid, canonical, nid, nss,\n"
                 "assigned_name, query, r_component, q_component, f_component, error or\n"
                 "fields), computed with the GIL released; 'valid' gives bytes of 1 and 0.");
}

} // namespace urns_python
