// SPDX-License-Identifier: BSL-1.0
// urns.dask's columns: the records of a partition as numpy arrays, for
// urns.dask.extract_frame (no dict per record), gathered across the
// partition's blocks by one _Columns object.
#include "dask.hpp"

#include <pybind11/numpy.h>

#include <cstdint>
#include <memory>
#include <type_traits>
#include <vector>

namespace urns_python {

namespace {

/** A column being made: its elements (int64, or references to objects)
    in a block of take_block's, grown in place (its pages moved, not
    copied), which the numpy array that take() makes keeps: the array's
    base is a capsule that gives the block back (and, for objects, releases
    the references the array holds: numpy releases the items only of the
    arrays that own their memory). A partition's columns are tens of MB:
    in blocks of their own that the next partition reuses, their pages cost
    no fault, where vectors and arrays from malloc would be mapped anew. */
template <class T>
class column {
public:
    column() = default;
    column(column const&) = delete;
    column& operator=(column const&) = delete;
    ~column() { release(data_, size_, bytes_); }

    void push_back(T x)
    {
        if (size_ * sizeof(T) == bytes_)
            grow();
        data_[size_++] = x;
    }

    /// Appends `o` (a new reference; nullptr: the Python error set).
    void push(PyObject* o)
    {
        static_assert(std::is_same_v<T, PyObject*>);
        if (!o)
            throw py::error_already_set();
        try {
            push_back(o);
        } catch (...) { // no memory for it
            Py_DECREF(o);
            throw;
        }
    }

    /// Appends `o` (borrowed) `n` times.
    void repeat(PyObject* o, std::size_t n)
    {
        for (std::size_t k = 0; k < n; ++k) {
            Py_INCREF(o);
            push_back(o);
        }
    }

    std::size_t size() const noexcept { return size_; }
    T back() const noexcept { return data_[size_ - 1]; }

    /// A numpy array of the elements, which takes them and the block; the
    /// column is empty after.
    py::array take()
    {
        py::dtype const dtype = std::is_same_v<T, PyObject*> ? py::dtype("O") : py::dtype::of<T>();
        if (size_ == 0)
            return py::array(dtype, std::vector<py::ssize_t>{0});
        auto* const held = new held_block{data_, size_, bytes_};
        py::capsule base(held, [](void* p) {
            std::unique_ptr<held_block> const h(static_cast<held_block*>(p));
            release(static_cast<T*>(h->data), h->size, h->bytes);
        });
        T* const data = data_;
        auto const n = static_cast<py::ssize_t>(size_);
        data_ = nullptr;
        size_ = bytes_ = 0;
        return py::array(dtype, std::vector<py::ssize_t>{n},
                         std::vector<py::ssize_t>{static_cast<py::ssize_t>(sizeof(T))}, data, base);
    }

private:
    struct held_block {
        void* data;
        std::size_t size, bytes;
    };

    static void release(T* data, std::size_t size, std::size_t bytes) noexcept
    {
        if (!data)
            return;
        if constexpr (std::is_same_v<T, PyObject*>)
            for (std::size_t k = 0; k < size; ++k)
                Py_XDECREF(data[k]);
        give_block(data, bytes);
    }

    void grow()
    {
        if (!data_) {
            data_ = static_cast<T*>(take_block(std::size_t(256) << 10, bytes_));
            return;
        }
        data_ = static_cast<T*>(grow_block(data_, bytes_, 2 * bytes_));
        bytes_ *= 2;
    }

    T* data_ = nullptr;
    std::size_t size_ = 0;
    std::size_t bytes_ = 0;
};

using object_column = column<PyObject*>;

/** The columns of urns.dask.extract_frame, being made: each block's
    records appended (add), then taken as numpy arrays (take), keyed by
    the records' members but "version": int64 for "line", "column" and
    "offset", objects for the others. "file" and "file_base64" are the
    file's name as the records give it (file_base64 None for a name in
    UTF-8); "syntax", "scheme" and "nid" are str shared from record to
    record; "assigned_name" is the urn's own str where they are the same;
    a member that a record does not have is None ("canonical" only when
    asked). */
class columns_builder {
public:
    explicit columns_builder(bool want_canonical) : want_canonical_(want_canonical) {}

    bool want_canonical() const noexcept { return want_canonical_; }

    /// Appends the records of a block, made a batch at a time
    /// (for_each_batch).
    void add(block_search& search, file_name const& file, std::uint64_t first_offset)
    {
        std::size_t const rows_before = lines_.size();
        for_each_batch(search, [&](std::vector<found> const& batch) {
            for (found const& f : batch)
                add(f, first_offset);
        });
        std::size_t const n = lines_.size() - rows_before;
        col_[file_col].repeat(file.text.ptr(), n);
        col_[file_base64].repeat(file.utf8 ? Py_None : file.text_base64.ptr(), n);
    }

    /// The columns so far, as a dict of numpy arrays; none after.
    py::dict take()
    {
        static char const* const names[object_columns] = {
            "urn",         "syntax",   "scheme",          "nid",       "nss",  "assigned_name", "query", "r_component",
            "q_component", "fragment", "namespace_fault", "canonical", "file", "file_base64"};
        py::dict out;
        out["file"] = col_[file_col].take();
        out["file_base64"] = col_[file_base64].take();
        out["line"] = lines_.take();
        out["column"] = columns_.take();
        out["offset"] = offsets_.take();
        for (int c = 0; c < file_col; ++c)
            if (c != canonical || want_canonical_)
                out[names[c]] = col_[c].take();
        return out;
    }

private:
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
        file_col,
        file_base64,
        object_columns
    };

    void add(found const& f, std::uint64_t first_offset)
    {
        urns::urn_view const& u = f.match.view;
        lines_.push_back(static_cast<std::int64_t>(f.line));
        columns_.push_back(static_cast<std::int64_t>(f.column));
        offsets_.push_back(static_cast<std::int64_t>(first_offset + f.match.offset));
        col_[urn].push(ascii_str(u.buffer()));
        PyObject* const syn = syntax_str(u.syntax());
        Py_INCREF(syn);
        col_[syntax].push(syn);
        col_[scheme].push(cache_.get(u.scheme()));
        col_[nid].push(cache_.get(u.nid()));
        col_[nss].push(ascii_str(u.nss()));
        if (u.assigned_name().size() == u.buffer().size()) { // the URN itself
            PyObject* const same = col_[urn].back();
            Py_INCREF(same);
            col_[assigned_name].push(same);
        } else {
            col_[assigned_name].push(ascii_str(u.assigned_name()));
        }
        col_[query].push(u.has_query() ? ascii_str(u.query()) : none_ref());
        col_[r_component].push(u.has_r_component() ? ascii_str(u.r_component()) : none_ref());
        col_[q_component].push(u.has_q_component() ? ascii_str(u.q_component()) : none_ref());
        col_[fragment].push(u.has_fragment() ? ascii_str(u.fragment()) : none_ref());
        col_[fault].push(f.match.namespace_fault ? fault_dict(*f.match.namespace_fault, cache_) : none_ref());
        if (want_canonical_)
            col_[canonical].push(f.canonical ? ascii_str(*f.canonical) : none_ref());
    }

    object_column col_[object_columns];
    column<std::int64_t> lines_, columns_, offsets_;
    str_cache cache_;
    bool const want_canonical_;
};

} // namespace

bool is_columns(PyObject* o)
{
    return o != nullptr && py::isinstance<columns_builder>(o);
}

/** The records of a block as columns: appended to `into` (a _Columns),
    or, where `into` is True, made into a dict of numpy arrays of their
    own. (That, or None, and the block's count of "\n".) */
py::object column_records(block_search& search, file_name const& file, std::size_t first_line,
                          std::uint64_t first_offset, bool want_canonical, PyObject* into)
{
    if (is_columns(into)) {
        auto& b = py::cast<columns_builder&>(into);
        if (b.want_canonical() != want_canonical)
            throw py::value_error("columns: a _Columns made with another canonical");
        b.add(search, file, first_offset);
        return py::make_tuple(py::none(), search.newlines(first_line));
    }
    columns_builder b(want_canonical);
    b.add(search, file, first_offset);
    return py::make_tuple(b.take(), search.newlines(first_line));
}

void init_dask_columns(py::module_& m)
{
    py::class_<columns_builder>(m, "_Columns",
                                "For urns.dask.extract_frame: the columns of a partition's records, each\n"
                                "block's appended by _extract_block(..., columns=this), then taken at once.")
        .def(py::init<bool>(), py::arg("canonical") = false)
        .def("take", &columns_builder::take,
             "The columns so far as a dict of numpy arrays (the records' members but\n"
             "version); none are left after.");
}

} // namespace urns_python
