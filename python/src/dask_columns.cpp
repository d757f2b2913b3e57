// SPDX-License-Identifier: BSL-1.0
// urns.dask's columns: the records of a block as numpy arrays, for
// urns.dask.extract_frame (no dict per record).
#include "dask.hpp"

#include <pybind11/numpy.h>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace urns_python {

namespace {

/** A column of objects being made: the references it holds (released if
    it is dropped before array() takes them). */
class object_column {
public:
    object_column() = default;
    object_column(object_column const&) = delete;
    object_column& operator=(object_column const&) = delete;
    ~object_column()
    {
        for (PyObject* o : items_)
            Py_XDECREF(o);
    }

    /// Appends `o`, a new reference (nullptr: the Python error set).
    void push(PyObject* o)
    {
        if (!o)
            throw py::error_already_set();
        items_.push_back(o);
    }

    /// The objects of the i-th row (borrowed).
    PyObject* operator[](std::size_t i) const noexcept { return items_[i]; }

    /// A numpy array of the objects, which it takes; the column is empty after.
    py::array array()
    {
        py::array a(py::dtype("O"), std::vector<py::ssize_t>{static_cast<py::ssize_t>(items_.size())});
        auto** slot = static_cast<PyObject**>(a.mutable_data());
        for (std::size_t k = 0; k < items_.size(); ++k) {
            Py_XDECREF(slot[k]); // numpy's initial value (nothing, or None)
            slot[k] = items_[k];
        }
        items_.clear();
        return a;
    }

private:
    std::vector<PyObject*> items_;
};

} // namespace

/** The records of a block as columns, for urns.dask.extract_frame, keyed
    by the records' members but "version", each a numpy array: int64 for
    "line", "column" and "offset", objects for the others. "file" and
    "file_base64" are the file's name as the records give it (file_base64
    None for a name in UTF-8); "syntax", "scheme" and "nid" are str shared
    from record to record; "assigned_name" is the urn's own str where they
    are the same; a member that a record does not have is None
    ("canonical" only when asked). Made a batch at a time
    (for_each_batch). */
py::object column_records(block_search& search, file_name const& file, std::size_t first_line,
                          std::uint64_t first_offset, bool want_canonical)
{
    enum {
        urn,
        syntax,
        scheme,
        nid,
        nss,
        assigned_name,
        query,
        r_component,
        q_component,
        fragment,
        fault,
        canonical,
        object_columns
    };
    static char const* const names[object_columns] = {"urn",         "syntax",        "scheme",          "nid",
                                                      "nss",         "assigned_name", "query",           "r_component",
                                                      "q_component", "fragment",      "namespace_fault", "canonical"};
    object_column col[object_columns];
    std::vector<std::int64_t> lines, columns, offsets;
    str_cache cache;
    for_each_batch(search, [&](std::vector<found> const& batch) {
        for (found const& f : batch) {
            urns::urn_view const& u = f.match.view;
            lines.push_back(static_cast<std::int64_t>(f.line));
            columns.push_back(static_cast<std::int64_t>(f.column));
            offsets.push_back(static_cast<std::int64_t>(first_offset + f.match.offset));
            col[urn].push(ascii_str(u.buffer()));
            PyObject* const syn = syntax_str(u.syntax());
            Py_INCREF(syn);
            col[syntax].push(syn);
            col[scheme].push(cache.get(u.scheme()));
            col[nid].push(cache.get(u.nid()));
            col[nss].push(ascii_str(u.nss()));
            if (u.assigned_name().size() == u.buffer().size()) { // the URN itself
                PyObject* const same = col[urn][lines.size() - 1];
                Py_INCREF(same);
                col[assigned_name].push(same);
            } else {
                col[assigned_name].push(ascii_str(u.assigned_name()));
            }
            col[query].push(u.has_query() ? ascii_str(u.query()) : none_ref());
            col[r_component].push(u.has_r_component() ? ascii_str(u.r_component()) : none_ref());
            col[q_component].push(u.has_q_component() ? ascii_str(u.q_component()) : none_ref());
            col[fragment].push(u.has_fragment() ? ascii_str(u.fragment()) : none_ref());
            col[fault].push(f.match.namespace_fault ? fault_dict(*f.match.namespace_fault, cache) : none_ref());
            if (want_canonical)
                col[canonical].push(f.canonical ? ascii_str(*f.canonical) : none_ref());
        }
    });
    std::size_t const n = lines.size();
    auto int64_array = [](std::vector<std::int64_t> const& v) {
        py::array_t<std::int64_t> a(static_cast<py::ssize_t>(v.size()));
        std::copy(v.begin(), v.end(), a.mutable_data());
        return a;
    };
    auto repeated = [n](PyObject* o) {
        object_column c;
        for (std::size_t k = 0; k < n; ++k) {
            Py_INCREF(o);
            c.push(o);
        }
        return c.array();
    };
    py::dict out;
    out["file"] = repeated(file.text.ptr());
    out["file_base64"] = repeated(file.utf8 ? Py_None : file.text_base64.ptr());
    out["line"] = int64_array(lines);
    out["column"] = int64_array(columns);
    out["offset"] = int64_array(offsets);
    for (int c = 0; c < object_columns; ++c)
        if (c != canonical || want_canonical)
            out[names[c]] = col[c].array();
    return py::make_tuple(out, search.newlines(first_line));
}

} // namespace urns_python
