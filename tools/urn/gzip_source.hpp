// SPDX-License-Identifier: BSL-1.0
// The urn command: gzip data (RFC 1952) read from a file descriptor and
// decompressed as it is read (zlib, in the process: no external program),
// member after member.
#ifndef URN_TOOL_GZIP_SOURCE_HPP
#define URN_TOOL_GZIP_SOURCE_HPP

#include <cstddef>
#include <memory>
#include <string>

namespace urn_tool {

/** The decompressed bytes of the gzip stream read from a file
    descriptor, whose first bytes were already read (to see the magic
    bytes 1f 8b): read() hands them out in pieces. Several members one
    after the other (gzip -c a b > ab.gz) are one stream; anything else
    after a member, or a stream cut short, is an error. */
class gzip_source {
public:
    /// The most of the first bytes the constructor takes.
    static constexpr std::size_t in_size = std::size_t(1) << 18;

    /// Whether `n` bytes at `p` start with the gzip magic bytes.
    static bool starts_gzip(char const* p, std::size_t n) noexcept;

    /// Reads on from `fd` after the `n` bytes at `first` (at most in_size).
    gzip_source(int fd, char const* first, std::size_t n);
    ~gzip_source();
    gzip_source(gzip_source const&) = delete;
    gzip_source& operator=(gzip_source const&) = delete;

    /** Up to `n` decompressed bytes into `p` (at least one, unless at the
        end): their count, 0 at the end, -1 on error (error() and
        message() say which). */
    long read(char* p, std::size_t n);

    /// The errno of the failure (EILSEQ for data that is not valid gzip,
    /// ENOMEM when zlib cannot start).
    int error() const noexcept { return errno_; }
    /// What is wrong with the data, for people; empty for a failed read(2).
    std::string const& message() const noexcept { return message_; }

private:
    struct state;  // zlib's stream and the input buffer
    std::unique_ptr<state> s_;
    int fd_;
    int errno_ = 0;
    std::string message_;
};

} // namespace urn_tool

#endif
