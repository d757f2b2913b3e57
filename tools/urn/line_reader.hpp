// SPDX-License-Identifier: BSL-1.0
// The urn command: a fast line reader (read(2) in big blocks, memchr for
// the line ends; never iostreams).
#ifndef URN_TOOL_LINE_READER_HPP
#define URN_TOOL_LINE_READER_HPP

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace urn_tool {

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
    struct gzip;            // the decompressor, when the stream is gzip
    std::unique_ptr<gzip> gzip_;
    std::string gzip_error_;

public:
    ~line_reader();
};

/** The lines of a regular file that start in a range of its bytes, as
    read_range finds them. A line starts at byte 0 and after each "\n"
    (but at the file's end); the ranges [0, b), [b, c), ... of a file
    share its lines out, each line to the range it starts in, so that
    several threads can each read their own range. */
struct range_lines {
    /// The whole lines that start in the range, as in the file (each with
    /// its "\n"; the file's last line may lack it); empty if none does.
    std::string_view lines;
    /// The offset in the file of the first of them.
    std::uint64_t offset = 0;
    /// The number of lines that start in the range: those in `lines`,
    /// and the one after them if `long_last`.
    std::size_t starts = 0;
    /// The last line that starts in the range is longer than max_line:
    /// it is not in `lines` (nor held in memory).
    bool long_last = false;
};

/** Reads, with pread(2), the lines of the regular file `fd` that start in
    [begin, end), into `keep` (grown as needed): the byte before `begin`
    (to see whether a line starts at `begin`), the range, and the rest of
    its last line past `end`, up to the next "\n", the end of the file,
    or max_line + 1 bytes of it. False on a read error (errno says which). */
bool read_range(int fd, std::uint64_t begin, std::uint64_t end, std::size_t max_line, line_reader::storage& keep,
                range_lines& out);

/// The number of "\n" bytes in `s`.
std::size_t count_newlines(std::string_view s) noexcept;

/// Bit i set if p[i] == '\n', for i in [0, 64).
inline std::uint64_t newline_mask(char const* p) noexcept
{
#if defined(__SSE2__)
    __m128i const nl = _mm_set1_epi8('\n');
    std::uint64_t m = 0;
    for (int k = 0; k < 4; ++k) {
        __m128i const v = _mm_loadu_si128(reinterpret_cast<__m128i const*>(p + 16 * k));
        m |= static_cast<std::uint64_t>(static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, nl))))
             << (16 * k);
    }
    return m;
#else
    std::uint64_t m = 0;
    for (int i = 0; i < 64; ++i)
        m |= static_cast<std::uint64_t>(p[i] == '\n') << i;
    return m;
#endif
}

/// The index of the lowest set bit of `m`, which is not 0.
inline unsigned lowest_bit(std::uint64_t m) noexcept
{
#if defined(__GNUC__)
    return static_cast<unsigned>(__builtin_ctzll(m));
#else
    unsigned i = 0;
    while (!(m & 1)) {
        m >>= 1;
        ++i;
    }
    return i;
#endif
}

/** The number of "\n" bytes at the start of the `n` bytes at `p` (a run
    of blank lines), 16 at a time where there is SSE2: a run is passed
    over at memchr's speed, not a line at a time. */
inline std::size_t newline_run(char const* p, std::size_t n) noexcept
{
    std::size_t i = 0;
#if defined(__SSE2__)
    __m128i const nl = _mm_set1_epi8('\n');
    for (; n - i >= 16; i += 16) {
        __m128i const v = _mm_loadu_si128(reinterpret_cast<__m128i const*>(p + i));
        unsigned const other = ~static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, nl))) & 0xFFFFu;
        if (other != 0)
            return i + lowest_bit(other);
    }
#endif
    while (i != n && p[i] == '\n')
        ++i;
    return i;
}

/** The "\n"s of a string in order, found 64 bytes at a time as the
    reader finds them (a call to memchr per line costs more for short
    lines); it reads only inside the string (the last, partial 64 bytes
    from a copy). */
class newline_finder {
public:
    static constexpr std::size_t npos = static_cast<std::size_t>(-1);

    explicit newline_finder(std::string_view s) noexcept : p_(s.data()), n_(s.size()) {}

    /// The offset of the next "\n", or npos.
    std::size_t next() noexcept
    {
        while (bits_ == 0) {
            if (next_ >= n_)
                return npos;
            base_ = next_;
            if (n_ - next_ >= 64) {
                bits_ = newline_mask(p_ + next_);
            } else {
                char tail[64] = {};
                std::memcpy(tail, p_ + next_, n_ - next_);
                bits_ = newline_mask(tail);
            }
            next_ += 64;
        }
        std::size_t const at = base_ + lowest_bit(bits_);
        bits_ &= bits_ - 1;
        return at;
    }

    /// Passes over the "\n"s before offset `at`, which is not before the
    /// last one next() gave.
    void skip_to(std::size_t at) noexcept
    {
        if (at < next_) {
            bits_ &= ~std::uint64_t(0) << (at - base_);  // at is in [base_, base_ + 64)
        } else {
            bits_ = 0;
            next_ = at;
        }
    }

private:
    char const* p_;
    std::size_t n_;
    std::size_t base_ = 0;  // offset of the 64 bytes in bits_
    std::size_t next_ = 0;  // offset of the next 64 bytes to look at
    std::uint64_t bits_ = 0;
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

} // namespace urn_tool

#endif
