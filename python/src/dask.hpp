// SPDX-License-Identifier: BSL-1.0
// urns.dask's search of a block of lines, shared by its records (dask.cpp)
// and its columns (dask_columns.cpp): the file's name, the matches found a
// batch at a time, the strs that repeat from record to record.
#ifndef URNS_PYTHON_DASK_HPP
#define URNS_PYTHON_DASK_HPP

#include "urn.hpp"

#include <common/newlines.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace urns_python {

/// The bytes of `file` as a JSON writer of the urn tool gives a member:
/// the text (a byte that is not UTF-8 as U+FFFD) and, if some byte is not,
/// the base64 of the bytes.
struct file_name {
    std::string bytes;
    bool utf8 = true;
    py::object text, text_base64; // for the records' dicts
};

/// The name of a file from its bytes.
file_name make_file_name(std::string_view bytes);

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

/// The "namespace_fault" member of a record as a dict (a new reference).
PyObject* fault_dict(urns::nss::nss_fault const& nf, str_cache& cache);

/// A new reference to None.
inline PyObject* none_ref()
{
    Py_INCREF(Py_None);
    return Py_None;
}

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
    block_search(std::string_view block, urns::extract_options const& o, std::size_t first_line, bool want_canonical,
                 ns_arg const& ns)
        : block_(block), range_(urns::find_urns(block, o)), line_(first_line), want_canonical_(want_canonical), ns_(ns)
    {}

    void start() { it_ = range_.begin(); }

    /// The next URN, or none at the end of the block.
    std::optional<found> next()
    {
        if (it_ == range_.end())
            return std::nullopt;
        urns::urn_match const& m = *it_;
        std::string_view const before = block_.substr(counted_, m.offset - counted_);
        counted_ = m.offset;
        if (std::size_t const ends = urns_common::count_newlines(before); ends != 0) {
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
        return line_ - first_line + urns_common::count_newlines(block_.substr(counted_));
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

/** Runs the search a batch of matches at a time without the GIL, and
    gives each batch to `each` with the GIL, before the next is searched:
    the matches and the block's bytes they refer to are still in the cache,
    and no vector of all the block's matches is made. */
template <class Each>
void for_each_batch(block_search& search, Each&& each)
{
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
        each(static_cast<std::vector<found> const&>(batch));
        if (batch.size() < 1024)
            break;
    }
}

/// The records of a block as columns, for urns.dask.extract_frame
/// (dask_columns.cpp): appended to `into`, a _Columns, or, where `into`
/// is True, a dict of numpy arrays of their own; (that or None, the
/// block's count of "\n").
py::object column_records(block_search& search, file_name const& file, std::size_t first_line,
                          std::uint64_t first_offset, bool want_canonical, PyObject* into);

/// True if `o` is a _Columns (dask_columns.cpp).
bool is_columns(PyObject* o);

/// urns._urns._Columns (dask_columns.cpp).
void init_dask_columns(py::module_& m);

// Large blocks of memory (a partition's columns), mapped on their own and,
// once freed, kept for the next ones up to _keep_arenas' limit, as the
// arenas are (arena_keeper.cpp): a block reused costs no page fault. Each
// is called with the GIL held.

/// A block of at least `min_bytes` (a page's multiple): a kept one, or a
/// new one; its size in `bytes`. Throws std::bad_alloc.
void* take_block(std::size_t min_bytes, std::size_t& bytes);
/// The block `p` of `bytes` grown to `new_bytes`, moved if need be (its
/// pages are moved, not copied). Throws std::bad_alloc.
void* grow_block(void* p, std::size_t bytes, std::size_t new_bytes);
/// Frees the block `p` of `bytes`: kept, or unmapped.
void give_block(void* p, std::size_t bytes) noexcept;

} // namespace urns_python

#endif
