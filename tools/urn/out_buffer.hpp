// SPDX-License-Identifier: BSL-1.0
// The urn command: the output buffer over a file descriptor, written in
// large blocks, and the capture that holds a worker thread's output.
#ifndef URN_TOOL_OUT_BUFFER_HPP
#define URN_TOOL_OUT_BUFFER_HPP

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <string_view>
#include <utility>
#include <vector>

namespace urn_tool {

/// Thrown when the reader of our output has gone away (EPIPE): the command
/// stops at once, quietly.
struct closed_pipe {};

/// Thrown when writing fails for another reason (a full disk, ...).
struct write_failed {
    int error;
};

/** What the two streams of one worker thread received, in order: the
    bytes, cut into runs, each for standard output or standard error. A
    worker of `-j N` writes into one; the runs are replayed on the real
    streams in input order (replay), with the same flushing as if they had
    been written there, so the output is that of one thread. */
struct captured {
    struct run {
        bool to_err;      ///< standard error, else standard output
        std::size_t end;  ///< end of the run in `bytes`
    };
    std::unique_ptr<char[]> bytes;  ///< `size` bytes written of `capacity`
    std::size_t size = 0;
    std::size_t capacity = 0;
    std::vector<run> runs;

    /// Called by append once `size` reaches `limit` (0: never), to write
    /// out and clear what is held (the -j N driver: the output of one
    /// long line streams instead of piling up, see parallel.cpp).
    std::size_t limit = 0;
    std::function<void()> on_full;

    /// Appends a copy of the `n` bytes at `p`.
    void append(bool to_err, char const* p, std::size_t n);
    /// Swaps what is held (bytes, runs) with `other`, but not the hooks.
    void swap_contents(captured& other) noexcept
    {
        std::swap(bytes, other.bytes);
        std::swap(size, other.size);
        std::swap(capacity, other.capacity);
        std::swap(runs, other.runs);
    }
    /** If it holds no bytes yet: takes the `n` bytes written at the start
        of `buf` (`cap` bytes long) as they are, with the buffer, and
        hands its own buffer (maybe none) back in `buf` and `cap`. False,
        with nothing done, if it holds bytes already. */
    bool take(bool to_err, std::unique_ptr<char[]>& buf, std::size_t& cap, std::size_t n) noexcept;
    /// Empty, keeping its buffer.
    void clear() noexcept
    {
        size = 0;
        runs.clear();
    }
    bool empty() const noexcept { return size == 0; }
};

/** An output buffer over a file descriptor (or a `captured`).

    Everything is written with write(2) in blocks of the buffer's size, so a
    command that prints one short line per input line costs one system call
    per megabyte, not per line.
*/
class out_buffer {
public:
    out_buffer(int fd, std::size_t capacity);
    /// A buffer whose flushes go to `to` (as standard error if `to_err`).
    out_buffer(captured& to, bool to_err, std::size_t capacity);
    out_buffer(out_buffer const&) = delete;
    out_buffer& operator=(out_buffer const&) = delete;

    void write(char const* p, std::size_t n)
    {
        if (n <= cap_ - len_) {
            std::memcpy(buf_.get() + len_, p, n);
            len_ += n;
        } else {
            write_slow(p, n);
        }
    }
    void write(std::string_view s) { write(s.data(), s.size()); }
    /// After what is buffered, the pieces (pointer, size) in order,
    /// uncopied, in as few writev(2) calls as the kernel takes; on
    /// a file descriptor only (not while captured).
    void write_pieces(std::vector<std::pair<char const*, std::size_t>> const& pieces);
    void put(char c)
    {
        if (len_ == cap_)
            flush();
        buf_[len_++] = c;
    }
    /** Lets `fill(first, last)` write into the buffer's free space, which
        is made at least `n` bytes (by a flush); it returns the end of what
        it wrote, which is kept, or nullptr to keep nothing. False if the
        buffer cannot hold `n` bytes or fill kept nothing. */
    template <class Fill>
    bool write_into(std::size_t n, Fill&& fill)
    {
        if (cap_ - len_ < n) {
            if (cap_ < n)
                return false;
            flush();
            if (cap_ - len_ < n)
                return false;
        }
        char* const first = buf_.get() + len_;
        char* const end = fill(first, buf_.get() + cap_);
        if (end == nullptr)
            return false;
        len_ += static_cast<std::size_t>(end - first);
        return true;
    }
    /// The decimal digits of `n`.
    void number(std::uint64_t n);
    /// `n` spaces.
    void spaces(std::size_t n);

    /// Writes out what is buffered; throws closed_pipe or write_failed.
    void flush();

    int fd() const noexcept { return fd_; }

private:
    void write_slow(char const* p, std::size_t n);
    void write_all(char const* p, std::size_t n);

    int fd_;
    std::size_t cap_;
    std::size_t want_;  // the capacity asked for (cap_ may differ after a take)
    std::size_t len_ = 0;
    std::unique_ptr<char[]> buf_;
    captured* capture_ = nullptr;
    bool to_err_ = false;
};

} // namespace urn_tool

#endif
