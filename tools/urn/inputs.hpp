// SPDX-License-Identifier: BSL-1.0
// The urn command: what a command reads (URNs given as arguments, files
// of lines), where each input came from, and the loop over the lines.
#ifndef URN_TOOL_INPUTS_HPP
#define URN_TOOL_INPUTS_HPP

#include "exit_status.hpp"
#include "input_file.hpp"
#include "line_reader.hpp"
#include "streams.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace urn_tool {

/// The largest -j.
constexpr unsigned max_jobs = 256;

/// What to read, in order: URNs given as arguments and files of URNs.
struct inputs {
    struct item {
        bool is_file;           ///< a file of lines ("-" = stdin), else one URN
        std::string_view text;  ///< the URN or the file name
    };
    std::vector<item> items;
    std::size_t max_line = line_reader::default_max_line;
    std::string_view stdin_name = "<stdin>";  ///< how standard input is named (--label)
    unsigned jobs = 0;  ///< threads (-j); 0: one per processor

    /// Adds a URN argument.
    void add_urn(std::string_view s) { items.push_back({false, s}); }
    /// Adds a file ("-" = standard input).
    void add_file(std::string_view s) { items.push_back({true, s}); }
    /** Adds an operand: a URN if it starts with "urn:" (any case), else a
        file if one exists by that name (or it is "-"), else a URN (which
        will be reported invalid). */
    void add_operand(std::string_view s);
};

/// Where an input came from.
struct origin {
    std::string_view file;  ///< the file name as given, "<stdin>", or empty for an argument
    std::size_t line;       ///< the line number, or the argument's index (1-based)
    std::uint64_t offset;   ///< the byte offset of the text in its file (0 for an argument)
    /// Bytes of a UTF-8 byte order mark (EF BB BF) skipped before the text:
    /// 3 on the first line of a file that starts with one, else 0.
    std::size_t bom = 0;
    bool is_argument() const noexcept { return file.empty(); }
};

/// Prints "urn: cannot read FILE: reason".
void report_read_error(std::string_view file, int error);
void report_read_error(std::string_view file, std::string_view reason);

/// What for_each_input calls at the end of each file when not told more.
struct no_file_end {
    void operator()(std::string_view) const noexcept {}
};

/** The lines of `block`, a block of whole lines of the file `name` whose
    first line is number `first_line` at `first_offset` (as
    line_reader::next_block hands them out): calls `line(origin, text)`
    for each non-empty one, a UTF-8 byte order mark at the file's start
    removed (origin::bom says it was there), and `on_long(origin)` for
    one longer than `max_line`; flushes standard output after each line
    (and each run of empty lines) when `flush_each`. If `line` returns false, stops and returns false. */
template <class Line, class OnLong>
bool for_each_block_line(std::string_view name, std::string_view block, std::size_t first_line,
                         std::uint64_t first_offset, std::size_t max_line, bool flush_each, Line&& line,
                         OnLong&& on_long)
{
    return for_each_line(
        block, first_line, first_offset, max_line,
        [&](std::size_t number, std::uint64_t offset, std::string_view text) {
            origin where{name, number, offset};
            if (number == 1 && offset == 0 && text.substr(0, 3) == "\xEF\xBB\xBF") {
                text.remove_prefix(3);
                where.offset = where.bom = 3;
            }
            if (!text.empty() && !line(where, text))
                return false;
            if (flush_each)
                out().flush();
            return true;
        },
        [&](std::size_t number) { on_long(origin{name, number, 0}); });
}

/** for_each_input, a block at a time: calls `on_argument(origin, text)`
    for each URN argument, and `on_block(name, block, first_line,
    first_offset, flush_each)` for each block of whole lines of each file
    (for_each_block_line splits it; `flush_each`: standard output is line
    buffered). Either returns false to stop the reading at once. */
template <class OnArgument, class OnBlock, class OnLong, class OnEnd = no_file_end>
int for_each_input_block(inputs const& in, OnArgument&& on_argument, OnBlock&& on_block, OnLong&& on_long,
                         OnEnd on_end = {})
{
    static std::vector<inputs::item> const stdin_only{{true, "-"}};
    int status = exit_ok;
    std::size_t argument = 0;
    for (inputs::item const& it : in.items.empty() ? stdin_only : in.items) {
        if (!it.is_file) {
            if (!on_argument(origin{{}, ++argument, 0}, it.text))
                return status;
            continue;
        }
        std::string const path(it.text);
        std::string_view const name = path == "-" ? in.stdin_name : it.text;
        input_file f(path);
        if (f.fd() < 0) {
            report_read_error(name, f.error());
            status = exit_usage;
            continue;
        }
        // Whole blocks of lines from the reader, split by the caller: no
        // call per line into the reader.
        line_reader r(f.fd(), line_reader::default_block, in.max_line);
        bool const flush_each = line_buffered();
        for (;;) {
            std::string_view block;
            std::size_t first_line = 0;
            std::uint64_t first_offset = 0;
            auto const st = r.next_block(block, first_line, first_offset);
            if (st == line_reader::status::line) {
                if (!on_block(name, block, first_line, first_offset, flush_each))
                    return status;
            } else if (st == line_reader::status::too_long) {
                on_long(origin{name, r.line_number(), 0});
            } else {
                // A read error ends the file as its end would (what was
                // read is counted, as zgrep -c does), then is said.
                on_end(name);
                if (st == line_reader::status::error) {
                    report_read_error(name, r.error_message());
                    status = exit_usage;
                }
                break;
            }
        }
    }
    return status;
}

/** Calls `on_line(origin, text)` for each URN argument and each
    non-empty line of each file, in the order given; with none given, for
    each non-empty line of standard input. A UTF-8 byte order mark at the
    start of a file is not part of its first line (origin::bom says it was
    there). Calls `on_long(origin)` for a line longer than in.max_line, and
    `on_end(name)` after each file read to its end, or to a read error
    (before the error is reported; not for a file that cannot be opened). If `on_line` returns a
    bool, false stops the reading at once. Returns exit_usage if a file
    could not be opened or read (after a message naming it; the other
    inputs are still read), else exit_ok.
*/
template <class OnLine, class OnLong, class OnEnd = no_file_end>
int for_each_input(inputs const& in, OnLine&& on_line, OnLong&& on_long, OnEnd on_end = {})
{
    auto line = [&](origin const& where, std::string_view text) {
        if constexpr (std::is_same_v<decltype(on_line(where, text)), bool>)
            return on_line(where, text);
        else
            return on_line(where, text), true;
    };
    return for_each_input_block(
        in, line,
        [&](std::string_view name, std::string_view block, std::size_t first_line, std::uint64_t first_offset,
            bool flush_each) {
            return for_each_block_line(name, block, first_line, first_offset, in.max_line, flush_each, line,
                                       on_long);
        },
        on_long, std::move(on_end));
}

} // namespace urn_tool

#endif
