// SPDX-License-Identifier: BSL-1.0
// The urn command: the block line reader.
#include "line_reader.hpp"

#include "gzip_source.hpp"
#include "input_file.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>

namespace urn_tool {

line_reader::line_reader(int fd, std::size_t block, std::size_t max_line)
    : fd_(fd), cap_(block < 64 ? 64 : block), max_line_(max_line), buf_(new char[cap_ + slack]), block_(cap_)
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
        unsearched_ = unsearched_ > begin_ ? unsearched_ - begin_ : 0;
        begin_ = 0;
        rescan_from(end_);
    }
    if (end_ == cap_) {
        std::size_t want = cap_ * 2;
        if (want > max_line_ + 1)
            want = max_line_ + 1;  // enough to see that a line is too long
        std::unique_ptr<char[]> bigger(new char[want + slack]);
        std::memcpy(bigger.get(), buf_.get(), end_);
        buf_ = std::move(bigger);
        cap_ = want;
    }
    for (;;) {
        long const n = read_some(buf_.get() + end_, cap_ - end_);
        if (n > 0) {
            end_ += static_cast<std::size_t>(n);
            // The scan reads up to 63 bytes past the data (and masks them
            // off): they are made zero, not left as they were allocated.
            // Only they are: the pages of a new buffer are first touched
            // by the read, not by zeroing all of it.
            std::memset(buf_.get() + end_, 0, slack);
            return true;
        }
        if (n == 0) {
            eof_ = true;
            return false;
        }
        eof_ = true;
        return false;
    }
}

line_reader::~line_reader() = default;

long line_reader::read_some(char* p, std::size_t n)
{
    if (!started_) {
        // The first bytes say whether the stream is gzip (1f 8b).
        started_ = true;
        n = std::min(n, gzip_source::in_size);  // what the decompressor's input can take
        std::size_t got = 0;
        while (got < 2) {
            long const r = read_fd(fd_, p + got, n - got);
            if (r < 0) {
                errno_ = errno;
                return -1;
            }
            if (r == 0)
                break;
            got += static_cast<std::size_t>(r);
        }
        if (!gzip_source::starts_gzip(p, got))
            return static_cast<long>(got);
        gzip_ = std::make_unique<gzip_source>(fd_, p, got);
    }
    if (!gzip_) {
        long const r = read_fd(fd_, p, n);
        if (r < 0)
            errno_ = errno;
        return r;
    }
    long const r = gzip_->read(p, n);
    if (r < 0) {
        errno_ = gzip_->error();
        gzip_error_ = gzip_->message();
    }
    return r;
}

std::string line_reader::error_message() const
{
    if (!gzip_error_.empty())
        return gzip_error_;
    return std::strerror(errno_);
}

line_reader::status line_reader::skip_long()
{
    // The pending data is part of the long line: drop it and read on
    // until a "\n", reusing the buffer.
    for (;;) {
        base_ += end_;
        begin_ = end_ = unsearched_ = 0;
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

line_reader::status line_reader::next_block(std::string_view& block, std::size_t& first_line,
                                            std::uint64_t& offset)
{
    for (;;) {
        if (begin_ < end_) {
            char* const from = buf_.get() + begin_;
            std::size_t const search = std::max(begin_, unsearched_);
            auto const* nl = static_cast<char const*>(::memrchr(buf_.get() + search, '\n', end_ - search));
            unsearched_ = end_;
            if (nl != nullptr) {
                std::size_t const stop = static_cast<std::size_t>(nl - buf_.get()) + 1;
                block = std::string_view(from, stop - begin_);
                first_line = lineno_ + 1;
                offset = base_ + begin_;
                lineno_ += count_newlines(block);
                begin_ = stop;
                return status::line;
            }
            if (end_ - begin_ > max_line_) {
                ++lineno_;
                return skip_long();
            }
        }
        if (!fill()) {
            if (errno_ != 0)
                return status::error;
            if (begin_ == end_)
                return status::end;
            // The last line, without "\n".
            block = std::string_view(buf_.get() + begin_, end_ - begin_);
            first_line = ++lineno_;
            offset = base_ + begin_;
            begin_ = end_;
            return status::line;
        }
    }
}

line_reader::status line_reader::next_block(std::string_view& block, std::size_t& first_line,
                                            std::uint64_t& offset, storage& keep)
{
    status const st = next_block(block, first_line, offset);
    if (st == status::line)
        hand_over(begin_, keep);
    return st;
}

void line_reader::hand_over(std::size_t stop, storage& keep)
{
    // next_block left begin_ at the block's end (`stop`); the bytes after
    // it, a partial line with no "\n" (next_block's memrchr saw them), go
    // to the front of the other buffer.
    std::size_t const rest = end_ - stop;
    // After a long line the buffers go back to their first size (the
    // other tasks' buffers would otherwise each grow to the long line's).
    std::size_t const want = std::max(block_, rest + block_ / 2);
    if (keep.bytes && keep.capacity > 2 * want)
        keep = storage{};
    keep.hold(want, 0);
    std::memcpy(keep.bytes.get(), buf_.get() + stop, rest);
    std::swap(buf_, keep.bytes);
    std::swap(cap_, keep.capacity);
    base_ += stop;
    begin_ = 0;
    end_ = unsearched_ = rest;
    rescan_from(end_);
}

void line_reader::storage::hold(std::size_t n, std::size_t used)
{
    if (bytes && capacity >= n)
        return;
    std::size_t const cap = std::max(n, 2 * capacity);
    std::unique_ptr<char[]> bigger(new char[cap + slack]);
    if (used > 0)
        std::memcpy(bigger.get(), bytes.get(), used);
    bytes = std::move(bigger);
    capacity = cap;
}

} // namespace urn_tool
