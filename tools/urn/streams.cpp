// SPDX-License-Identifier: BSL-1.0
// The urn command: standard output and standard error, captured by the
// worker threads and replayed in order, and the bounds of a message.
#include "streams.hpp"

#include <csignal>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace urn_tool {

namespace {

bool g_err_immediate = true;  // flush err() after each message (a terminal)
bool g_same_target = false;   // stdout and stderr are the same file: one buffer
bool g_line_buffered = false; // flush out() after each input line

// The streams of a worker thread (capture_scope), or null.
thread_local out_buffer* t_out = nullptr;
thread_local out_buffer* t_err = nullptr;

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

} // namespace urn_tool
