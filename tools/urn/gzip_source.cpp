// SPDX-License-Identifier: BSL-1.0
// The urn command: gzip decompression with zlib's inflate.
#include "gzip_source.hpp"

#include "input_file.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <zlib.h>

namespace urn_tool {

/// zlib's inflate over the bytes of the file descriptor.
struct gzip_source::state {
    z_stream z{};
    std::unique_ptr<unsigned char[]> in{new unsigned char[in_size]};
    bool in_member = true;  // inside a gzip member (between its header and its end)
    bool fd_done = false;
    bool started = false;   // inflateInit2 succeeded
    ~state()
    {
        if (started)
            inflateEnd(&z);
    }
};

bool gzip_source::starts_gzip(char const* p, std::size_t n) noexcept
{
    return n >= 2 && static_cast<unsigned char>(p[0]) == 0x1f && static_cast<unsigned char>(p[1]) == 0x8b;
}

gzip_source::gzip_source(int fd, char const* first, std::size_t n) : s_(std::make_unique<state>()), fd_(fd)
{
    std::memcpy(s_->in.get(), first, n);
    s_->z.next_in = s_->in.get();
    s_->z.avail_in = static_cast<uInt>(n);
    if (inflateInit2(&s_->z, 16 + MAX_WBITS) == Z_OK)
        s_->started = true;
    else
        errno_ = ENOMEM;
}

gzip_source::~gzip_source() = default;

long gzip_source::read(char* p, std::size_t n)
{
    if (!s_->started)
        return -1;
    state& g = *s_;
    uInt const want = static_cast<uInt>(std::min<std::size_t>(n, std::size_t(1) << 30));
    g.z.next_out = reinterpret_cast<unsigned char*>(p);
    g.z.avail_out = want;
    while (g.z.avail_out == want) {
        if (g.z.avail_in == 0 && !g.fd_done) {
            long const r = read_fd(fd_, g.in.get(), in_size);
            if (r < 0) {
                errno_ = errno;
                return -1;
            }
            if (r == 0)
                g.fd_done = true;
            g.z.next_in = g.in.get();
            g.z.avail_in = static_cast<uInt>(r);
        }
        if (g.z.avail_in == 0 && g.fd_done) {
            if (!g.in_member)
                return 0;  // the end, after a whole member
            message_ = "truncated gzip data";
            errno_ = EILSEQ;
            return -1;
        }
        if (!g.in_member) {
            // Another member follows (gzip -c a b > ab.gz); anything else is an error.
            if (g.z.avail_in < 2 && !g.fd_done) {
                // Need two bytes to see the magic: move the one there to the front.
                unsigned char const first = *g.z.next_in;
                long const r = read_fd(fd_, g.in.get() + 1, in_size - 1);
                if (r < 0) {
                    errno_ = errno;
                    return -1;
                }
                if (r == 0)
                    g.fd_done = true;
                g.in[0] = first;
                g.z.next_in = g.in.get();
                g.z.avail_in = static_cast<uInt>(1 + r);
                continue;
            }
            if (g.z.avail_in < 2 || g.z.next_in[0] != 0x1f || g.z.next_in[1] != 0x8b) {
                message_ = "data after the end of the gzip data";
                errno_ = EILSEQ;
                return -1;
            }
            inflateReset(&g.z);
            g.in_member = true;
        }
        int const rc = inflate(&g.z, Z_NO_FLUSH);
        if (rc == Z_STREAM_END) {
            g.in_member = false;
        } else if (rc != Z_OK && rc != Z_BUF_ERROR) {
            message_ = std::string("not valid gzip data (") + (g.z.msg ? g.z.msg : "zlib error") + ")";
            errno_ = EILSEQ;
            return -1;
        }
    }
    return static_cast<long>(want - g.z.avail_out);
}

} // namespace urn_tool
