// SPDX-License-Identifier: BSL-1.0
// The urn command: buffered output on file descriptors, messages on
// standard error, and a tiny JSON writer.
#ifndef URN_TOOL_OUTPUT_HPP
#define URN_TOOL_OUTPUT_HPP

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
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

/// Standard output (1 MiB buffer), or the calling thread's capture.
out_buffer& out();
/// Standard error, or the calling thread's capture.
out_buffer& err();

/** While it lives, out() and err() of the calling thread are `o` and `e`
    (buffers over one `captured`), and messages are flushed into it as they
    end, so that the capture keeps the order of the two streams. With two
    nulls, they are the real streams again (for replay() from a worker). */
class capture_scope {
public:
    capture_scope(out_buffer* o, out_buffer* e) noexcept;
    ~capture_scope();
    capture_scope(capture_scope const&) = delete;
    capture_scope& operator=(capture_scope const&) = delete;

private:
    out_buffer* saved_out_;
    out_buffer* saved_err_;
};

/** Writes what a worker captured to the real streams: standard output as
    it is, each run of standard error as one message (begin_message and
    end_message), as if it had been written there in the first place. Call
    it outside any capture_scope. */
void replay(captured const& c);

/** Sets up the two streams: ignores SIGPIPE (a closed pipe becomes EPIPE,
    then closed_pipe); notes whether standard error must be flushed after
    each message (a terminal), and whether it is the same file as standard
    output, in which case messages are written through standard output's
    buffer, so that the two stay in order without a write each. */
void init_output();

/// Whether standard output and standard error are the same file
/// (init_output): messages then go through standard output's buffer.
bool streams_same_file() noexcept;

/// Whether standard output is written out after each input line (a
/// terminal, or --line-buffered), not only when the buffer is full.
bool line_buffered() noexcept;
/// --line-buffered.
void set_line_buffered() noexcept;

/// Call before writing a message to err() (in a worker whose two streams
/// are captured apart, it keeps the message after what the worker wrote
/// on standard output).
void begin_message();
/// Call after a message: flushes it if someone is watching.
void end_message();

/// When messages on standard error are coloured (--color).
enum class color_mode { automatic, always, never };

/** Sets the colour mode. `automatic` (the default) colours when standard
    error is a terminal, NO_COLOR is unset or empty, and TERM is not "dumb"
    (https://no-color.org). */
void set_color(color_mode m);

/// Whether messages on standard error are coloured.
bool colored();

/// The escape sequences of the colours used (empty when not colored()).
namespace sgr {
std::string_view error();    ///< bold red: carets, "error"
std::string_view warning();  ///< bold yellow: "warning"
std::string_view note();     ///< bold cyan: "note"
std::string_view bold();     ///< bold: locations
std::string_view reset();
} // namespace sgr

/** A name from outside (a file name, a plugin's rule name or message) as
    text output shows it: each control character (C0, DEL, and C1 as
    UTF-8, U+0080 to U+009F, which terminals also obey) and each "\\" are
    written as "\\xHH" and "\\\\", so that a name can neither forge a line
    of output nor send the terminal an escape sequence; any other byte is
    written as it is (docs/cli.md, "File names"). JSON escapes on its own. */
std::string shown(std::string_view name);
/// shown(name), written to `o` (uncopied when there is nothing to escape).
void write_shown(out_buffer& o, std::string_view name);
/// Whether shown(name) is `name` (nothing to escape).
bool shown_as_is(std::string_view name) noexcept;

/// shown() of the name asked for last, kept: for a file's name, written
/// on every line of output about the file (extract's results).
class shown_name {
public:
    std::string_view operator()(std::string_view name);

private:
    std::string raw_;
    std::string shown_;
    bool set_ = false;
};

/// "urn: <text>\n" on standard error, as one message.
void complain(std::string_view text);

/// The version of the JSON records: the "version" member of each line
/// (docs/schema/ describes each command's records).
constexpr std::uint64_t json_format_version = 1;

/// Whether `s` is valid UTF-8 (RFC 3629: no overlongs, no surrogates).
bool valid_utf8(std::string_view s) noexcept;

/** Writes `s` as the contents of a JSON string (without the quotes).

    `"`, `\` and control characters are escaped; valid UTF-8 is copied;
    a byte that is not part of valid UTF-8 becomes U+FFFD, so the output is
    always valid JSON (byte offsets refer to the input, not to this text).
*/
void json_escape(out_buffer& o, std::string_view s);

/** A JSON writer with just what the command prints: one value per line
    (JSON Lines), written as it is built (no document in memory: this is
    2.4 to 2.6 times as fast as building a Boost.JSON value per record and
    serializing it, bench/README.md).

    A top-level object starts with "version": json_format_version. A string
    member whose bytes are not valid UTF-8 is written with each bad byte as
    U+FFFD, and the bytes as they were follow in a member "<key>_base64"
    (standard base64, RFC 4648 section 4), so nothing is lost and byte
    offsets can be checked against the original.

    @code
    json_writer j(out());
    j.begin_object(); j.key("nid"); j.string("isbn"); j.end_object(); j.newline();
    @endcode
*/
class json_writer {
public:
    explicit json_writer(out_buffer& o) noexcept : o_(o) {}

    void begin_object()
    {
        bool const top = depth_ == 0;
        value_prefix();
        o_.put('{');
        push();
        if (top)
            member("version", json_format_version);
    }
    void end_object() { pop(); o_.put('}'); }
    void begin_array() { value_prefix(); o_.put('['); push(); }
    void end_array() { pop(); o_.put(']'); }
    /// A member's name: one of ours, written as it is (no escaping).
    void key(std::string_view k);
    void string(std::string_view s);
    void number(std::uint64_t n) { value_prefix(); o_.number(n); }
    void boolean(bool b) { value_prefix(); o_.write(b ? "true" : "false"); }
    void null() { value_prefix(); o_.write("null"); }
    /// Ends the line (one JSON value per line).
    void newline() { o_.put('\n'); depth_ = 0; first_[0] = true; }

    /// key + string (and key_base64 when `v` is not valid UTF-8).
    void member(std::string_view k, std::string_view v);
    /// key + number.
    void member(std::string_view k, std::uint64_t v) { key(k); number(v); }
    /// key + boolean.
    void member_bool(std::string_view k, bool v) { key(k); boolean(v); }

private:
    void value_prefix();
    void push();
    void pop();

    static constexpr int max_depth = 16;
    out_buffer& o_;
    int depth_ = 0;
    bool first_[max_depth + 1] = {true};
    bool after_key_ = false;
};

} // namespace urn_tool

#endif
