// SPDX-License-Identifier: BSL-1.0
// The urn command: the block line reader.
#include "line_reader.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace urn_tool {

namespace {

/// Bit i set if p[i] == '\n', for i in [0, 64).
inline std::uint64_t newline_mask(char const* p) noexcept
{
#if defined(__SSE2__)
    __m128i const nl = _mm_set1_epi8('\n');
    std::uint64_t m = 0;
    for (int k = 0; k < 4; ++k) {
        __m128i const v = _mm_loadu_si128(reinterpret_cast<__m128i const*>(p + 16 * k));
        m |= static_cast<std::uint64_t>(static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, nl))))
             << (16 * k);
    }
    return m;
#else
    std::uint64_t m = 0;
    for (int i = 0; i < 64; ++i)
        m |= static_cast<std::uint64_t>(p[i] == '\n') << i;
    return m;
#endif
}

inline unsigned lowest_bit(std::uint64_t m) noexcept
{
#if defined(__GNUC__)
    return static_cast<unsigned>(__builtin_ctzll(m));
#else
    unsigned i = 0;
    while (!(m & 1)) {
        m >>= 1;
        ++i;
    }
    return i;
#endif
}

} // namespace

line_reader::line_reader(int fd, std::size_t block, std::size_t max_line)
    : fd_(fd), cap_(block < 64 ? 64 : block), max_line_(max_line), buf_(new char[cap_ + slack]())
{
}

std::size_t line_reader::next_newline() noexcept
{
    for (;;) {
        if (bits_ != 0) {
            std::size_t const at = chunk_ + lowest_bit(bits_);
            bits_ &= bits_ - 1;
            return at;
        }
        if (valid_ >= end_)
            return npos;
        if (valid_ == chunk_ + 64)
            chunk_ = valid_;
        // Look at [valid_, stop): the rest of this chunk, or of the data.
        std::size_t const stop = end_ < chunk_ + 64 ? end_ : chunk_ + 64;
        std::uint64_t m = newline_mask(buf_.get() + valid_);  // may read into the slack
        std::size_t const n = stop - valid_;
        if (n < 64)
            m &= (std::uint64_t(1) << n) - 1;
        bits_ = m << (valid_ - chunk_);
        valid_ = stop;
    }
}

bool line_reader::fill()
{
    if (eof_)
        return false;
    // Make room: move the pending partial line to the front, or grow. The
    // partial line holds no "\n" (it was all scanned), so the scan goes on
    // from its end.
    if (begin_ > 0) {
        std::memmove(buf_.get(), buf_.get() + begin_, end_ - begin_);
        base_ += begin_;
        end_ -= begin_;
        begin_ = 0;
        rescan_from(end_);
    }
    if (end_ == cap_) {
        std::size_t want = cap_ * 2;
        if (want > max_line_ + 1)
            want = max_line_ + 1;  // enough to see that a line is too long
        std::unique_ptr<char[]> bigger(new char[want + slack]());
        std::memcpy(bigger.get(), buf_.get(), end_);
        buf_ = std::move(bigger);
        cap_ = want;
    }
    for (;;) {
        ssize_t const n = ::read(fd_, buf_.get() + end_, cap_ - end_);
        if (n > 0) {
            end_ += static_cast<std::size_t>(n);
            return true;
        }
        if (n == 0) {
            eof_ = true;
            return false;
        }
        if (errno == EINTR)
            continue;
        errno_ = errno;
        eof_ = true;
        return false;
    }
}

line_reader::status line_reader::skip_long()
{
    // The pending data is part of the long line: drop it and read on
    // until a "\n", reusing the buffer.
    for (;;) {
        base_ += end_;
        begin_ = end_ = 0;
        rescan_from(0);
        if (!fill())
            return errno_ != 0 ? status::error : status::too_long;  // the long line was the last
        std::size_t const nl = next_newline();
        if (nl != npos) {
            begin_ = nl + 1;
            return status::too_long;
        }
    }
}

line_reader::status line_reader::next(std::string_view& line)
{
    for (;;) {
        std::size_t const nl = next_newline();
        if (nl != npos) {
            std::size_t len = nl - begin_;
            std::size_t const first = begin_;
            begin_ = nl + 1;
            ++lineno_;
            if (len > max_line_)
                return status::too_long;
            char const* const p = buf_.get() + first;
            line_offset_ = base_ + first;
            if (len > 0 && p[len - 1] == '\r')
                --len;
            line = std::string_view(p, len);
            return status::line;
        }
        if (end_ - begin_ > max_line_) {
            ++lineno_;
            return skip_long();
        }
        if (!fill()) {
            if (errno_ != 0)
                return status::error;
            if (begin_ == end_)
                return status::end;
            // The last line, without "\n".
            std::size_t len = end_ - begin_;
            char const* const p = buf_.get() + begin_;
            line_offset_ = base_ + begin_;
            ++lineno_;
            if (len > 0 && p[len - 1] == '\r')
                --len;
            line = std::string_view(p, len);
            begin_ = end_;
            return status::line;
        }
    }
}

input_file::input_file(std::string const& path)
{
    if (path == "-") {
        fd_ = STDIN_FILENO;
        return;
    }
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) {
        errno_ = errno;
        return;
    }
    owned_ = true;
    struct stat st;
    if (::fstat(fd_, &st) == 0 && S_ISDIR(st.st_mode)) {
        ::close(fd_);
        fd_ = -1;
        owned_ = false;
        errno_ = EISDIR;
        return;
    }
#ifdef POSIX_FADV_SEQUENTIAL
    ::posix_fadvise(fd_, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
}

input_file::~input_file()
{
    if (owned_)
        ::close(fd_);
}

} // namespace urn_tool
