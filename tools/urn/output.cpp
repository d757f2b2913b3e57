// SPDX-License-Identifier: BSL-1.0
// The urn command: buffered output, messages and the JSON writer.
#include "output.hpp"

#include <boost/archive/iterators/base64_from_binary.hpp>
#include <boost/archive/iterators/transform_width.hpp>

#include <algorithm>
#include <charconv>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

namespace urn_tool {

namespace {

bool g_err_immediate = true;  // flush err() after each message (a terminal)
bool g_same_target = false;   // stdout and stderr are the same file: one buffer
bool g_line_buffered = false; // flush out() after each input line

// The streams of a worker thread (capture_scope), or null.
thread_local out_buffer* t_out = nullptr;
thread_local out_buffer* t_err = nullptr;

} // namespace

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

namespace {

out_buffer& real_out()
{
    static out_buffer b(STDOUT_FILENO, std::size_t(1) << 20);
    return b;
}

// When both streams go to the same file, messages go through standard
// output's buffer: they stay in order with no system call of their own.
out_buffer& real_err()
{
    static out_buffer b(STDERR_FILENO, std::size_t(64) << 10);
    return g_same_target ? real_out() : b;
}

} // namespace

namespace {

/// The length of the byte sequence at s[i] that shown() escapes (0: none).
std::size_t escaped_at(std::string_view s, std::size_t i) noexcept
{
    auto const c = static_cast<unsigned char>(s[i]);
    if (c < 0x20 || c == 0x7f || c == '\\')
        return 1;
    if (c == 0xc2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) >= 0x80 &&
        static_cast<unsigned char>(s[i + 1]) <= 0x9f)
        return 2;
    return 0;
}

} // namespace

void write_shown(out_buffer& o, std::string_view name)
{
    static char const hex[] = "0123456789ABCDEF";
    std::size_t from = 0;
    for (std::size_t i = 0; i < name.size();) {
        std::size_t const n = escaped_at(name, i);
        if (n == 0) {
            ++i;
            continue;
        }
        o.write(name.data() + from, i - from);
        for (std::size_t k = 0; k < n; ++k) {
            auto const c = static_cast<unsigned char>(name[i + k]);
            if (c == '\\') {
                o.write("\\\\", 2);
            } else {
                char const esc[4] = {'\\', 'x', hex[c >> 4], hex[c & 15]};
                o.write(esc, 4);
            }
        }
        i += n;
        from = i;
    }
    o.write(name.data() + from, name.size() - from);
}

bool shown_as_is(std::string_view name) noexcept
{
    for (std::size_t i = 0; i < name.size(); ++i)
        if (escaped_at(name, i) != 0)
            return false;
    return true;
}

std::string_view shown_name::operator()(std::string_view name)
{
    if (!set_ || name != raw_) {
        raw_.assign(name);
        shown_ = shown(name);
        set_ = true;
    }
    return shown_;
}

std::string shown(std::string_view name)
{
    captured c;
    {
        out_buffer o(c, false, 256);
        write_shown(o, name);
        o.flush();
    }
    return std::string(c.bytes.get(), c.size);
}

out_buffer& out()
{
    return t_out != nullptr ? *t_out : real_out();
}

out_buffer& err()
{
    return t_err != nullptr ? *t_err : real_err();
}

capture_scope::capture_scope(out_buffer* o, out_buffer* e) noexcept : saved_out_(t_out), saved_err_(t_err)
{
    t_out = o;
    t_err = e;
}

capture_scope::~capture_scope()
{
    t_out = saved_out_;
    t_err = saved_err_;
}

void replay(captured const& c)
{
    // Standard output's runs go out uncopied, in a writev: with the
    // messages' runs between them, in order, when both streams are one
    // file (which messages then reach through standard output, see
    // real_err); else the messages go their own way (the order between
    // two files is not seen).
    thread_local std::vector<std::pair<char const*, std::size_t>> pieces;
    pieces.clear();
    std::size_t at = 0;
    for (captured::run const& r : c.runs) {
        char const* const p = c.bytes.get() + at;
        std::size_t const n = r.end - at;
        at = r.end;
        if (!r.to_err || g_same_target) {
            pieces.emplace_back(p, n);
        } else {
            begin_message();
            real_err().write(p, n);
            end_message();
        }
    }
    if (!pieces.empty())
        real_out().write_pieces(pieces);
}

void init_output()
{
    std::signal(SIGPIPE, SIG_IGN);
    struct stat so, se;
    bool const have_out = ::fstat(STDOUT_FILENO, &so) == 0;
    bool const have_err = ::fstat(STDERR_FILENO, &se) == 0;
    g_same_target = have_out && have_err && so.st_dev == se.st_dev && so.st_ino == se.st_ino;
    g_err_immediate = ::isatty(STDERR_FILENO) != 0;
    g_line_buffered = ::isatty(STDOUT_FILENO) != 0;
}

bool streams_same_file() noexcept
{
    return g_same_target;
}

bool line_buffered() noexcept
{
    return g_line_buffered;
}

void set_line_buffered() noexcept
{
    g_line_buffered = true;
}

namespace {
color_mode g_color = color_mode::automatic;
int g_colored = -1;  // -1: not decided yet
} // namespace

void set_color(color_mode m)
{
    g_color = m;
    g_colored = -1;
}

bool colored()
{
    if (g_colored < 0) {
        bool on = g_color == color_mode::always;
        if (g_color == color_mode::automatic) {
            char const* no_color = std::getenv("NO_COLOR");
            char const* term = std::getenv("TERM");
            on = ::isatty(STDERR_FILENO) && (no_color == nullptr || *no_color == '\0') &&
                 !(term != nullptr && std::strcmp(term, "dumb") == 0);
        }
        g_colored = on ? 1 : 0;
    }
    return g_colored == 1;
}

namespace sgr {
std::string_view error() { return colored() ? "\x1b[1;31m" : ""; }
std::string_view warning() { return colored() ? "\x1b[1;33m" : ""; }
std::string_view note() { return colored() ? "\x1b[1;36m" : ""; }
std::string_view bold() { return colored() ? "\x1b[1m" : ""; }
std::string_view reset() { return colored() ? "\x1b[0m" : ""; }
} // namespace sgr

// In a capture_scope, a message flushes what precedes it on standard
// output into the capture, and itself after it: the capture keeps the
// order, and replay() applies the rules below. Outside one, the order of
// the two streams needs nothing: when they go to one file they share one
// buffer (real_err).
void begin_message()
{
    if (t_out != nullptr && t_out != t_err)
        out().flush();
}

void end_message()
{
    // A worker's captured messages in a buffer of their own are flushed to
    // keep their place; in the buffer they share with standard output they
    // are in place already.
    if (t_err != nullptr ? t_err != t_out : g_err_immediate)
        err().flush();
}

void complain(std::string_view text)
{
    begin_message();
    err().write("urn: ");
    err().write(text);
    err().put('\n');
    end_message();
}

namespace {

/// Length of the valid UTF-8 sequence at p (at most n bytes), or 0.
std::size_t utf8_length(unsigned char const* p, std::size_t n) noexcept
{
    unsigned char const c = p[0];
    std::size_t len;
    unsigned char lo = 0x80, hi = 0xBF;  // bounds of the second byte
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        if (c == 0xE0) lo = 0xA0;
        if (c == 0xED) hi = 0x9F;  // no surrogates
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        if (c == 0xF0) lo = 0x90;
        if (c == 0xF4) hi = 0x8F;
    } else {
        return 0;
    }
    if (n < len || p[1] < lo || p[1] > hi)
        return 0;
    for (std::size_t i = 2; i < len; ++i)
        if (p[i] < 0x80 || p[i] > 0xBF)
            return 0;
    return len;
}

} // namespace

bool valid_utf8(std::string_view s) noexcept
{
    auto const* p = reinterpret_cast<unsigned char const*>(s.data());
    std::size_t const n = s.size();
    for (std::size_t i = 0; i < n;) {
        if (p[i] < 0x80) {
            ++i;
            continue;
        }
        std::size_t const len = utf8_length(p + i, n - i);
        if (len == 0)
            return false;
        i += len;
    }
    return true;
}

namespace {

/// The bytes copied into a JSON string as they are.
struct plain_table {
    bool plain[256] = {};
    constexpr plain_table()
    {
        for (int c = 0x20; c < 0x7F; ++c)
            plain[c] = c != '"' && c != '\\';
    }
};
constexpr plain_table plain_bytes;

} // namespace

void json_escape(out_buffer& o, std::string_view s)
{
    static char const hex[] = "0123456789abcdef";
    auto const* p = reinterpret_cast<unsigned char const*>(s.data());
    std::size_t const n = s.size();
    std::size_t run = 0;  // start of the pending run of bytes copied as-is
    std::size_t i = 0;
    auto flush_run = [&] {
        o.write(s.data() + run, i - run);
    };
    while (i < n) {
        unsigned char const c = p[i];
        if (plain_bytes.plain[c]) {
            ++i;
            continue;
        }
        if (c >= 0x80) {
            if (std::size_t const len = utf8_length(p + i, n - i)) {
                i += len;
                continue;
            }
            flush_run();
            o.write("\\ufffd");
        } else {
            flush_run();
            switch (c) {
            case '"': o.write("\\\""); break;
            case '\\': o.write("\\\\"); break;
            case '\n': o.write("\\n"); break;
            case '\r': o.write("\\r"); break;
            case '\t': o.write("\\t"); break;
            default: {
                char const e[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
                o.write(e, 6);
            }
            }
        }
        ++i;
        run = i;
    }
    flush_run();
}

void json_writer::value_prefix()
{
    if (after_key_) {
        after_key_ = false;
        return;
    }
    if (!first_[depth_])
        o_.put(',');
    first_[depth_] = false;
}

void json_writer::push()
{
    if (depth_ < max_depth)
        ++depth_;
    first_[depth_] = true;
}

void json_writer::pop()
{
    if (depth_ > 0)
        --depth_;
}

void json_writer::key(std::string_view k)
{
    value_prefix();
    o_.put('"');
    o_.write(k);  // our own names: nothing to escape
    o_.write("\":");
    after_key_ = true;
}

namespace {

/// Standard base64 (RFC 4648 section 4), with its "=" padding.
std::string base64(std::string_view s)
{
    using namespace boost::archive::iterators;
    using encoder = base64_from_binary<transform_width<char const*, 6, 8>>;
    std::string out(encoder(s.data()), encoder(s.data() + s.size()));
    out.append((3 - s.size() % 3) % 3, '=');
    return out;
}

} // namespace

void json_writer::member(std::string_view k, std::string_view v)
{
    key(k);
    string(v);
    if (!valid_utf8(v)) {
        std::string bytes_key(k);
        bytes_key += "_base64";
        key(bytes_key);
        string(base64(v));
    }
}

void json_writer::string(std::string_view s)
{
    value_prefix();
    o_.put('"');
    json_escape(o_, s);
    o_.put('"');
}

} // namespace urn_tool
