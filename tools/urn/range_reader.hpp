// SPDX-License-Identifier: BSL-1.0
// The urn command: the lines of a regular file that start in a range of its
// bytes, read with pread(2), so that several threads can each read their
// own range (-j N).
#ifndef URN_TOOL_RANGE_READER_HPP
#define URN_TOOL_RANGE_READER_HPP

#include "line_reader.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace urn_tool {

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

} // namespace urn_tool

#endif
