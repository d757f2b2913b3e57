// SPDX-License-Identifier: BSL-1.0
// The urn command: an input file opened for reading (standard input for
// "-"), and read(2) retried on EINTR.
#ifndef URN_TOOL_INPUT_FILE_HPP
#define URN_TOOL_INPUT_FILE_HPP

#include <cstddef>
#include <string>

namespace urn_tool {

/** An open input file (or standard input for "-"), closed on destruction. */
class input_file {
public:
    /// Opens `path`; on failure fd() < 0 and error() says why.
    explicit input_file(std::string const& path);
    ~input_file();
    input_file(input_file const&) = delete;
    input_file& operator=(input_file const&) = delete;

    int fd() const noexcept { return fd_; }
    int error() const noexcept { return errno_; }

private:
    int fd_ = -1;
    int errno_ = 0;
    bool owned_ = false;
};

/// read(2), retried on EINTR: the count, 0 at the end, -1 on error (errno says which).
long read_fd(int fd, void* p, std::size_t n);

} // namespace urn_tool

#endif
