// The urn command: the block line reader.
#include "line_reader.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace urn_tool {

line_reader::line_reader(int fd, std::size_t block, std::size_t max_line)
    : fd_(fd), cap_(block < 16 ? 16 : block), max_line_(max_line), buf_(new char[cap_])
{
}

bool line_reader::fill()
{
    if (eof_)
        return false;
    // Make room: move the pending partial line to the front, or grow.
    if (begin_ > 0) {
        std::memmove(buf_.get(), buf_.get() + begin_, end_ - begin_);
        end_ -= begin_;
        scanned_ -= begin_;
        begin_ = 0;
    }
    if (end_ == cap_) {
        std::size_t want = cap_ * 2;
        if (want > max_line_ + 1)
            want = max_line_ + 1;  // enough to see that a line is too long
        std::unique_ptr<char[]> bigger(new char[want]);
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
    begin_ = scanned_ = end_ = 0;
    for (;;) {
        if (!fill()) {
            if (errno_ != 0)
                return status::error;
            return status::too_long;  // the long line was the last one
        }
        if (void const* nl = std::memchr(buf_.get(), '\n', end_)) {
            begin_ = scanned_ = static_cast<std::size_t>(static_cast<char const*>(nl) - buf_.get()) + 1;
            return status::too_long;
        }
        end_ = 0;
    }
}

line_reader::status line_reader::next(std::string_view& line)
{
    for (;;) {
        char* const base = buf_.get();
        if (void const* nl = std::memchr(base + scanned_, '\n', end_ - scanned_)) {
            std::size_t const stop = static_cast<std::size_t>(static_cast<char const*>(nl) - base);
            std::size_t len = stop - begin_;
            ++lineno_;
            if (len > max_line_) {
                begin_ = scanned_ = stop + 1;
                return status::too_long;
            }
            if (len > 0 && base[stop - 1] == '\r')
                --len;
            line = std::string_view(base + begin_, len);
            begin_ = scanned_ = stop + 1;
            return status::line;
        }
        scanned_ = end_;
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
            ++lineno_;
            if (len > 0 && buf_[end_ - 1] == '\r')
                --len;
            line = std::string_view(buf_.get() + begin_, len);
            begin_ = scanned_ = end_;
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
