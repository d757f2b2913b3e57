// SPDX-License-Identifier: BSL-1.0
// urns.dask's _extract_block: the URNs of a block of whole lines of a file
// as the records of `urn extract --json`, written as JSON lines, made as
// dicts (which share their keys) or as columns (dask_columns.cpp), the
// search without the GIL; and _count_newlines. The JSON lines are
// urns_common's records, the urn tool's.
#include "dask.hpp"

#include <common/json_writer.hpp>
#include <common/newlines.hpp>
#include <common/records.hpp>

#include <algorithm>
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

/// The keys of a record, interned once.
struct record_keys {
    PyObject *version, *file, *file_base64, *line, *column, *offset, *urn, *syntax, *scheme, *nid, *nss, *assigned_name,
        *query, *r_component, *q_component, *fragment, *namespace_fault, *expected, *expected_left_out, *undecided,
        *canonical, *version_number;

    record_keys()
        : version(interned("version")), file(interned("file")), file_base64(interned("file_base64")),
          line(interned("line")), column(interned("column")), offset(interned("offset")), urn(interned("urn")),
          syntax(interned("syntax")), scheme(interned("scheme")), nid(interned("nid")), nss(interned("nss")),
          assigned_name(interned("assigned_name")), query(interned("query")), r_component(interned("r_component")),
          q_component(interned("q_component")), fragment(interned("fragment")),
          namespace_fault(interned("namespace_fault")), expected(interned("expected")),
          expected_left_out(interned("expected_left_out")), undecided(interned("undecided")),
          canonical(interned("canonical")),
          version_number(PyLong_FromUnsignedLongLong(urns_common::json_format_version))
    {}
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
        for (PyObject* key :
             {k.version, k.file, k.file_base64, k.line, k.column, k.offset, k.urn, k.syntax, k.scheme, k.nid, k.nss,
              k.assigned_name, k.query, k.r_component, k.q_component, k.fragment, k.namespace_fault, k.canonical})
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

} // namespace

file_name make_file_name(std::string_view bytes)
{
    file_name f;
    f.bytes = std::string(bytes);
    f.utf8 = urns::lexical::valid_utf8(bytes);
    std::string escaped;
    urns_common::string_sink sink(escaped);
    urns_common::json_escape(sink, bytes);
    // The JSON string's contents read back: the escapes are "\ufffd" and
    // those of the controls, '"' and '\\'.
    f.text = py::module_::import("json").attr("loads")(py::str("\"" + escaped + "\""));
    if (!f.utf8)
        f.text_base64 = ascii_obj(urns_common::base64(bytes));
    return f;
}

/// The "namespace_fault" member of a record as a dict (a new reference):
/// offset, and, as urns_common::write_expected writes them, the names
/// expected (none when none is known), expected_left_out, undecided.
PyObject* fault_dict(urns::nss::nss_fault const& nf, str_cache& cache)
{
    record_keys const& k = keys();
    auto f = py::reinterpret_steal<py::object>(PyDict_New());
    if (!f)
        throw py::error_already_set();
    set_item(f.ptr(), k.offset, PyLong_FromSize_t(nf.offset));
    if (!nf.expected.empty()) {
        PyObject* names = PyList_New(static_cast<Py_ssize_t>(1 + nf.also_expected.size()));
        if (!names)
            throw py::error_already_set();
        set_item(f.ptr(), k.expected, names);
        PyList_SET_ITEM(names, 0, cache.name(nf.expected));
        Py_ssize_t at = 1;
        for (std::string_view name : nf.also_expected)
            PyList_SET_ITEM(names, at++, cache.name(name));
        if (nf.also_expected.dropped())
            set_item(f.ptr(), k.expected_left_out, PyLong_FromSize_t(nf.also_expected.dropped()));
    }
    if (nf.undecided)
        set_item(f.ptr(), k.undecided, py::bool_(true).release().ptr());
    return f.release().ptr();
}

namespace {

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
    if (m.namespace_fault)
        set_item(p, k.namespace_fault, fault_dict(*m.namespace_fault, cache));
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

/// The records of a block as JSON lines, made without the GIL.
py::object json_records(block_search& search, file_name const& file, std::size_t first_line, std::uint64_t first_offset,
                        bool want_canonical)
{
    std::string text; // JSON lines
    {
        py::gil_scoped_release nogil;
        urns_common::string_sink sink(text);
        urns_common::json_writer<urns_common::string_sink> j(sink);
        search.start();
        while (std::optional<found> f = search.next())
            urns_common::write_match_record(j, {file.bytes, f->line, f->column, first_offset + f->match.offset},
                                            f->match, want_canonical ? &f->canonical : nullptr);
    }
    return py::make_tuple(py::bytes(text), search.newlines(first_line));
}

/// The records of a block as dicts, made a batch at a time
/// (for_each_batch).
py::object dict_records(block_search& search, file_name const& file, std::size_t first_line, std::uint64_t first_offset,
                        bool want_canonical)
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
    for_each_batch(search, [&](std::vector<found> const& batch) {
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
    });
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
    file_name const file = make_file_name({PyBytes_AS_STRING(a[3]), static_cast<std::size_t>(PyBytes_GET_SIZE(a[3]))});
    std::size_t const first_line = size_arg(a[4], "first_line");
    std::uint64_t const first_offset = size_arg(a[5], "first_offset");
    urns::syntax const syn = get_syntax(a[6]);
    bool const strict = get_bool(a[7], false);
    ns_arg const ns = get_namespaces(a[8]);
    bool const uri_context = get_bool(a[9], true);
    bool const json = get_bool(a[10], false);
    bool const want_canonical = get_bool(a[11], false);
    // columns: False, True, or the _Columns that gathers a partition's.
    bool const columns = is_columns(a[12]) || get_bool(a[12], false);
    urns::extract_options const o = extract_options_for(syn, strict, ns, uri_context);
    block_search search(all.substr(begin, end - begin), o, first_line, want_canonical, ns);
    if (json)
        return json_records(search, file, first_line, first_offset, want_canonical);
    if (columns)
        return column_records(search, file, first_line, first_offset, want_canonical, a[12]);
    return dict_records(search, file, first_line, first_offset, want_canonical);
}

/// urns.dask's count of the "\n"s of data[:end] (bytes-like), made with
/// the GIL released: the first pass over a large file's blocks, whose
/// partitions then start at their right line numbers.
py::object fn_count_newlines(PyObject** a)
{
    exported const data(a[0]);
    std::size_t const end = size_arg(a[1], "end");
    if (end > static_cast<std::size_t>(data.b.len))
        throw py::value_error("end must be at most len(data)");
    std::size_t n = 0;
    {
        py::gil_scoped_release nogil;
        n = urns_common::count_newlines({static_cast<char const*>(data.b.buf), end});
    }
    return py::int_(n);
}

} // namespace

void init_dask(py::module_& m)
{
    init_dask_columns(m);
    add_function(m, "urns._urns", "_extract_block",
                 {"data", "begin", "end", "file", "first_line", "first_offset", "syntax", "strict", "namespaces",
                  "uri_context", "json", "canonical", "columns=False"},
                 fn_extract_block,
                 "For urns.dask: the URNs of data[begin:end] (bytes-like: whole lines of a file,\n"
                 "the first being line first_line at byte first_offset of the file), as the\n"
                 "records of `urn extract --json` (file: the name's bytes), and the block's\n"
                 "count of '\\n': (list of dict, newlines), or (bytes of JSON lines, newlines)\n"
                 "when json is true, or (dict of numpy arrays, newlines) when columns is true\n"
                 "(for urns.dask.extract_frame: the records' members but version, int64 line,\n"
                 "column and offset, objects the others), or (None, newlines) when columns is\n"
                 "a _Columns, to which the columns are added. canonical: add each URN's canonical\n"
                 "form (None where a namespace rejects it). Searched with the GIL released.");
    add_function(m, "urns._urns", "_count_newlines", {"data", "end"}, fn_count_newlines,
                 "For urns.dask: the number of '\\n' bytes in data[:end] (bytes-like), counted\n"
                 "with the GIL released.");
}

} // namespace urns_python
