// SPDX-License-Identifier: BSL-1.0
// The urn command: how `urn check -q` reads a block of lines when only the
// syntax is checked, where a valid line prints nothing: runs of valid lines
// and runs of blank lines are passed over whole, and only the lines between
// them are looked at. Header-only (the library and newlines.hpp's inline
// newline search), so that bench/ can time it as the tool runs it.
#ifndef URN_TOOL_QUIET_CHECK_HPP
#define URN_TOOL_QUIET_CHECK_HPP

#include <common/newlines.hpp>

#include <urns/parse.hpp>

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace urn_tool {

using urns_common::newline_run;

/** The lines of `block` (whole lines of a file, as
    line_reader::next_block hands them out: the first is number
    `first_line`, at `first_offset` in the file) that `urn check -q` must
    look at: calls `refused(line, offset, text, error)` for a line that
    parse_urn(text, syn) refuses, as urns::valid_lines found it, and
    `others(lines, line, offset)` for the lines to read one by one: the
    first line of a file (which may hold a byte order mark), a last line
    without "\n", and, from a line that ends in "\r" on, the rest of the
    block (a file with CRLF line ends: valid_lines would refuse each of
    its lines). The runs of valid lines are passed over by
    urns::valid_lines (which vouches for most of them from bit masks), the
    runs of blank lines by newline_run, so a blank line costs no more
    than a byte of a valid one. If `refused` or `others` returns false,
    stops and returns false. */
template <class Refused, class Others>
bool for_each_unproven_line(std::string_view block, std::size_t first_line, std::uint64_t first_offset,
                            urns::syntax syn, Refused&& refused, Others&& others)
{
    std::size_t at = 0;
    while (at != block.size()) {
        std::size_t const blank = newline_run(block.data() + at, block.size() - at);
        at += blank;
        first_line += blank;
        first_offset += blank;
        if (at == block.size())
            break;
        urns::line_run const run = urns::valid_lines(block.substr(at), syn);
        at += run.bytes;
        first_line += run.lines;
        first_offset += run.bytes;
        if (at == block.size())
            break;
        if (block[at] == '\n')
            continue;  // refused as an empty line: a run of blank lines
        std::size_t const nl = block.find('\n', at);
        std::size_t const stop = nl == std::string_view::npos ? block.size() : nl + 1;
        std::string_view const text = block.substr(at, stop - at - (nl == std::string_view::npos ? 0 : 1));
        if (text.back() == '\r')
            return others(block.substr(at), first_line, first_offset);
        if (run.refused && first_offset != 0) {
            if (!refused(first_line, first_offset, text, *run.refused))
                return false;
        } else if (!others(block.substr(at, stop - at), first_line, first_offset)) {
            return false;
        }
        ++first_line;
        first_offset += stop - at;
        at = stop;
    }
    return true;
}

} // namespace urn_tool

#endif
