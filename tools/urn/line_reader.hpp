// SPDX-License-Identifier: BSL-1.0
// The urn command: the line reader (read(2) in big blocks, blocks of whole
// lines handed out; never iostreams) and the splitting of a block into its
// lines.
#ifndef URN_TOOL_LINE_READER_HPP
#define URN_TOOL_LINE_READER_HPP

#include <common/newlines.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace urn_tool {

using urns_common::count_newlines;
using urns_common::lowest_bit;
using urns_common::newline_finder;
using urns_common::newline_mask;
using urns_common::newline_run;

class gzip_source;

/** Reads lines from a file descriptor.

    Lines end at "\n", and the last line may lack its "\n". The reader
    hands out blocks of whole lines, views into its buffer (next_block),
    which for_each_line splits: one "\r" before a "\n" is removed (CRLF
    files), and line ends are found 64 bytes at a time (a bit mask of the
    "\n" positions, SSE2 where there is SSE2), so a short line costs a few
    instructions. The buffer starts at `block` bytes and grows to hold a
    longer line, up to `max_line`; a longer line is skipped (without being
    held in memory) and reported as too_long. NUL bytes are ordinary
    bytes: they never end a line.

    A stream that starts with the gzip magic bytes (1f 8b, RFC 1952) is
    decompressed as it is read (zlib, in the process: no external
    program), member after member; lines, line numbers and offsets are
    then those of the decompressed text.
*/
class line_reader {
public:
    enum class status {
        line,      ///< a line is in `line`
        too_long,  ///< a line longer than max_line was skipped
        end,       ///< no more lines
        error,     ///< read(2) failed; error() says why
    };

    static constexpr std::size_t default_block = std::size_t(256) << 10;
    static constexpr std::size_t default_max_line = std::size_t(64) << 20;

    explicit line_reader(int fd, std::size_t block = default_block,
                         std::size_t max_line = default_max_line);
    line_reader(line_reader const&) = delete;
    line_reader& operator=(line_reader const&) = delete;

    /** The complete lines in the buffer, at least one, as they are in
        the stream (each with its "\n", "\r" kept; the last line of the
        stream may lack its "\n"); `first_line` and `offset` are those of
        the block's first line. A line longer than max_line that does not
        fit in the buffer is skipped (too_long, line_number() is its
        number); a longer line inside a block is the caller's to find
        (for_each_line finds it). The view is valid until the next call. */
    status next_block(std::string_view& block, std::size_t& first_line, std::uint64_t& offset);

    /// A buffer that next_block hands over, whole, with the block in it.
    struct storage {
        /// Readable bytes after `capacity`: the newline scan reads up to
        /// 63 past the data (and masks them off).
        static constexpr std::size_t slack = 64;
        std::unique_ptr<char[]> bytes;
        std::size_t capacity = 0;
        /// Makes it hold at least `n` bytes (twice as many as before, if
        /// that is more), keeping its first `used`.
        void hold(std::size_t n, std::size_t used);
    };

    /** next_block without the copy: the buffer that holds the block moves
        into `keep`, and the reader goes on in the buffer `keep` held (or a
        new one, if that is too small), where it first copies the partial
        line after the block. The view is valid while `keep` holds that
        buffer: until `keep` is passed to this function again. */
    status next_block(std::string_view& block, std::size_t& first_line, std::uint64_t& offset, storage& keep);

    /// The 1-based number of the last line of the last block (or of the
    /// line skipped).
    std::size_t line_number() const noexcept { return lineno_; }
    /// The errno of a failed read (EILSEQ for data that is not valid gzip).
    int error() const noexcept { return errno_; }
    /// Why the read failed, for people.
    std::string error_message() const;

private:
    static constexpr std::size_t npos = static_cast<std::size_t>(-1);
    static constexpr std::size_t slack = storage::slack;

    bool fill();        // reads more after end_; false on EOF or error
    void hand_over(std::size_t stop, storage& keep);  // [0, stop) to keep, the rest to its buffer
    long read_some(char* p, std::size_t n);  // raw or decompressed bytes; 0 at the end, -1 on error
    status skip_long(); // discards through the next "\n"
    std::size_t next_newline() noexcept;  // offset of the next "\n" before end_, or npos
    void rescan_from(std::size_t at) noexcept { chunk_ = valid_ = at; bits_ = 0; }

    int fd_;
    std::size_t cap_;
    std::size_t max_line_;
    std::unique_ptr<char[]> buf_;
    std::size_t begin_ = 0;   // start of the unconsumed data
    std::size_t end_ = 0;     // end of the data
    // [begin_, unsearched_) holds no "\n" (next_block looked): after a read,
    // only the new bytes are searched, so a line read from a pipe 64 KiB at
    // a time costs its length, not its length squared over 64 KiB.
    std::size_t unsearched_ = 0;
    std::size_t block_;       // the buffer's first size, which it goes back to after a long line
    // The newline scan: bits_ marks the "\n" not yet handed out in the
    // 64-byte chunk at chunk_, of which [chunk_, valid_) has been looked at;
    // everything before valid_ has been looked at.
    std::size_t chunk_ = 0;
    std::size_t valid_ = 0;
    std::uint64_t bits_ = 0;
    std::size_t lineno_ = 0;
    std::uint64_t base_ = 0;         // stream offset of buf_[0]
    bool eof_ = false;
    int errno_ = 0;
    bool started_ = false;  // the first read (which looks for the gzip magic) is done
    std::unique_ptr<gzip_source> gzip_;  // the decompressor, when the stream is gzip
    std::string gzip_error_;

public:
    ~line_reader();
};

/** Calls `on_line(line_number, offset, text)` for each line of `block`
    (without "\n" and one "\r" before it) and `on_long(line_number)`
    instead for one longer than `max_line` (counted with its "\r"). A run
    of empty lines ("\n" after "\n") is one call, with the first one's
    number and offset and empty text: it is passed over 16 bytes at a
    time, not a line at a time. `first_line` and `offset` are those of the
    block's first line; a final line without "\n" counts when it is not
    empty. If `on_line` returns false, stops. */
template <class OnLine, class OnLong>
bool for_each_line(std::string_view block, std::size_t first_line, std::uint64_t offset,
                   std::size_t max_line, OnLine&& on_line, OnLong&& on_long)
{
    std::size_t line = first_line;
    char const* p = block.data();
    char const* const end = p + block.size();
    newline_finder newlines(block);
    while (p != end) {
        if (*p == '\n') {
            std::size_t const run = newline_run(p, static_cast<std::size_t>(end - p));
            if (!on_line(line, offset, std::string_view(p, 0)))
                return false;
            p += run;
            offset += run;
            line += run;
            newlines.skip_to(static_cast<std::size_t>(p - block.data()));
            continue;
        }
        std::size_t const at = newlines.next();
        char const* const nl = at != newline_finder::npos ? block.data() + at : nullptr;
        char const* const stop = nl != nullptr ? nl : end;
        std::size_t len = static_cast<std::size_t>(stop - p);
        if (len > max_line) {
            on_long(line);
        } else {
            if (len > 0 && p[len - 1] == '\r')
                --len;
            if (!on_line(line, offset, std::string_view(p, len)))
                return false;
        }
        std::size_t const step = static_cast<std::size_t>(stop - p) + (nl != nullptr ? 1 : 0);
        offset += step;
        p += step;
        ++line;
    }
    return true;
}

} // namespace urn_tool

#endif
