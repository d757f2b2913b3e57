// SPDX-License-Identifier: BSL-1.0
// The urn command: the output buffer and the capture of a worker thread.
#include "out_buffer.hpp"

#include <algorithm>
#include <charconv>
#include <cerrno>
#include <cstring>
#include <sys/uio.h>
#include <unistd.h>

namespace urn_tool {

void captured::append(bool to_err, char const* p, std::size_t n)
{
    if (n == 0)
        return;
    if (n > capacity - size) {
        std::size_t const want = std::max({2 * capacity, size + n, std::size_t(4096)});
        std::unique_ptr<char[]> bigger(new char[want]);
        if (size > 0)
            std::memcpy(bigger.get(), bytes.get(), size);
        bytes = std::move(bigger);
        capacity = want;
    }
    std::memcpy(bytes.get() + size, p, n);
    size += n;
    if (!runs.empty() && runs.back().to_err == to_err)
        runs.back().end = size;
    else
        runs.push_back({to_err, size});
    if (limit != 0 && size >= limit && on_full)
        on_full();
}

bool captured::take(bool to_err, std::unique_ptr<char[]>& buf, std::size_t& cap, std::size_t n) noexcept
{
    if (size != 0 || n == 0)
        return false;
    std::swap(bytes, buf);
    std::swap(capacity, cap);
    size = n;
    runs.clear();
    runs.push_back({to_err, n});
    return true;
}

out_buffer::out_buffer(int fd, std::size_t capacity)
    : fd_(fd), cap_(capacity), want_(capacity), buf_(new char[capacity])
{
}

out_buffer::out_buffer(captured& to, bool to_err, std::size_t capacity)
    : fd_(-1), cap_(capacity), want_(capacity), buf_(new char[capacity]), capture_(&to), to_err_(to_err)
{
}

namespace {

/// After write(2) or writev(2) failed: returns to try again (EINTR), else
/// throws closed_pipe (EPIPE) or write_failed.
void failed_write()
{
    if (errno == EINTR)
        return;
    if (errno == EPIPE)
        throw closed_pipe{};
    throw write_failed{errno};
}

} // namespace

void out_buffer::write_all(char const* p, std::size_t n)
{
    if (capture_ != nullptr) {
        capture_->append(to_err_, p, n);
        return;
    }
    while (n > 0) {
        ssize_t const w = ::write(fd_, p, n);
        if (w < 0) {
            failed_write();
            continue;
        }
        p += w;
        n -= static_cast<std::size_t>(w);
    }
}

void out_buffer::write_pieces(std::vector<std::pair<char const*, std::size_t>> const& pieces)
{
    flush();
    std::size_t next = 0;      // the first piece not wholly written
    std::size_t written = 0;   // bytes of it already written
    iovec v[64];
    while (next < pieces.size()) {
        int count = 0;
        for (std::size_t i = next; i < pieces.size() && count < 64; ++i, ++count) {
            std::size_t const skip = i == next ? written : 0;
            v[count].iov_base = const_cast<char*>(pieces[i].first + skip);
            v[count].iov_len = pieces[i].second - skip;
        }
        ssize_t const w = ::writev(fd_, v, count);
        if (w < 0) {
            failed_write();
            continue;
        }
        auto done = static_cast<std::size_t>(w);
        while (next < pieces.size() && done >= pieces[next].second - written) {
            done -= pieces[next].second - written;
            written = 0;
            ++next;
        }
        written += done;
    }
}

void out_buffer::flush()
{
    std::size_t const n = len_;
    len_ = 0;  // even if writing fails: never write the same bytes twice
    // A capture that holds nothing yet takes the buffer itself (no copy of
    // the bytes; a worker's whole task often fits); this buffer goes on in
    // the one it gives back, or in a new one if that is too small.
    if (capture_ != nullptr && capture_->take(to_err_, buf_, cap_, n)) {
        // The buffer given back may have grown with a task's output: a
        // buffer of the size asked for instead (else the two would grow
        // each other, turn by turn, however often the output is drained).
        if (cap_ < want_ || cap_ > 2 * want_) {
            buf_.reset(new char[want_]);
            cap_ = want_;
        }
        return;
    }
    write_all(buf_.get(), n);
}

void out_buffer::write_slow(char const* p, std::size_t n)
{
    flush();
    if (n >= cap_) {
        write_all(p, n);
    } else {
        std::memcpy(buf_.get(), p, n);
        len_ = n;
    }
}

void out_buffer::number(std::uint64_t n)
{
    // Straight into the buffer where it has room for the longest number:
    // std::to_chars writes two digits a step, from a table.
    constexpr std::size_t longest = 20;
    if (cap_ - len_ >= longest) {
        char* const at = buf_.get() + len_;
        len_ += static_cast<std::size_t>(std::to_chars(at, at + longest, n).ptr - at);
        return;
    }
    char digits[longest];
    write(digits, static_cast<std::size_t>(std::to_chars(digits, digits + longest, n).ptr - digits));
}

void out_buffer::spaces(std::size_t n)
{
    static char const blanks[] = "                                ";
    while (n > 0) {
        std::size_t const k = n < 32 ? n : 32;
        write(blanks, k);
        n -= k;
    }
}

} // namespace urn_tool
