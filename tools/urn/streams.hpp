// SPDX-License-Identifier: BSL-1.0
// The urn command: standard output and standard error, their buffers and
// how a worker thread captures them, and where a message begins and ends.
#ifndef URN_TOOL_STREAMS_HPP
#define URN_TOOL_STREAMS_HPP

#include "out_buffer.hpp"

namespace urn_tool {

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

} // namespace urn_tool

#endif
