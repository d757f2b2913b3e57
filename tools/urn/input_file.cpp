// SPDX-License-Identifier: BSL-1.0
// The urn command: an input file opened for reading.
#include "input_file.hpp"

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace urn_tool {

long read_fd(int fd, void* p, std::size_t n)
{
    for (;;) {
        ssize_t const r = ::read(fd, p, n);
        if (r >= 0 || errno != EINTR)
            return static_cast<long>(r);
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
