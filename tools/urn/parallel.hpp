// SPDX-License-Identifier: BSL-1.0
// The urn command: reading inputs with several threads (-j N), with output
// in input order, byte for byte that of one thread.
#ifndef URN_TOOL_PARALLEL_HPP
#define URN_TOOL_PARALLEL_HPP

#include "inputs.hpp"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string_view>

namespace urn_tool {

/** What a command does with its input lines; with -j N, one per thread,
    made in that thread (so that what it binds to out() and err() is that
    thread's). */
class line_worker {
public:
    virtual ~line_worker() = default;
    /// One non-empty line, or a URN argument; false stops the reading
    /// (only honoured with one thread).
    virtual bool line(origin const& where, std::string_view text) = 0;
    /// A line longer than --max-line, skipped.
    virtual void too_long(origin const& where) = 0;
    /** A block of whole lines of a file, as for_each_block_line (inputs.hpp)
        splits it: line() and too_long() for each. One call per block:
        line_worker_of makes it call them directly, not through the
        virtual table once a line. */
    virtual bool lines(std::string_view file, std::string_view block, std::size_t first_line,
                       std::uint64_t first_offset, std::size_t max_line, bool flush_each) = 0;
    /// What line() counted for the current file; the driver sums it per
    /// file for `file_end` and sets it back to 0.
    std::uint64_t count = 0;
};

/** The base of a worker class `Worker` (final, with line() and
    too_long()): its lines() splits a block and calls Worker's own
    line() and too_long(), which the compiler can then inline. A Worker
    that reads some blocks otherwise overrides lines() and calls
    each_line() for the others. */
template <class Worker>
class line_worker_of : public line_worker {
public:
    bool lines(std::string_view file, std::string_view block, std::size_t first_line, std::uint64_t first_offset,
               std::size_t max_line, bool flush_each) override
    {
        return each_line(file, block, first_line, first_offset, max_line, flush_each);
    }

protected:
    /// The block split as for_each_block_line (inputs.hpp) splits it.
    bool each_line(std::string_view file, std::string_view block, std::size_t first_line, std::uint64_t first_offset,
                   std::size_t max_line, bool flush_each)
    {
        Worker& w = static_cast<Worker&>(*this);
        return for_each_block_line(
            file, block, first_line, first_offset, max_line, flush_each,
            [&w](origin const& where, std::string_view text) { return w.Worker::line(where, text); },
            [&w](origin const& where) { w.Worker::too_long(where); });
    }
};

/** Sets a flag that workers share (found, invalid, ...). It is read
    before it is written: once set, the flag's cache line stays shared
    between the processors, where a store on every line would make them
    take it from each other for every URN found. */
inline void set_flag(std::atomic<bool>& flag) noexcept
{
    if (!flag.load(std::memory_order_relaxed))
        flag.store(true, std::memory_order_relaxed);
}

/// Makes the worker of a thread.
using worker_factory = std::function<std::unique_ptr<line_worker>()>;
/// Called, in order, at the end of each file read to its end or to a read
/// error (before the error is reported), with the sum of
/// `line_worker::count` over the lines read; not for a file that cannot be
/// opened.
using file_end = std::function<void(std::string_view file, std::uint64_t count)>;

/// The default of -j: the processors this process may run on.
unsigned default_jobs() noexcept;

/** for_each_input (inputs.hpp) with in.jobs threads (0: default_jobs()):
    the calling thread and in.jobs - 1 more each take, in turn, the next
    block of a file (128 KiB): a range of a regular file, whose lines
    (those that start in it) the thread then reads itself with pread(2),
    or, for standard input and gzip, whole lines read under a lock (gzip
    decompressed); each runs its own line_worker over it, and each block's output (standard
    output and error, as the worker wrote them) is written in input order,
    so that the bytes on each stream, and their order when both go to one
    file, are those of one thread. With one thread, or only URN arguments
    to read, no thread is started. Returns exit_usage if a file could not
    be opened or read, else exit_ok; an exception of a worker or of the
    output (closed_pipe) stops everything and is thrown here. */
int for_each_input_jobs(inputs const& in, worker_factory const& make, file_end const& on_end = {});

} // namespace urn_tool

#endif
