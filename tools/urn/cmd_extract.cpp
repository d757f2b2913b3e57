// SPDX-License-Identifier: BSL-1.0
// The urn command: `urn extract`, the URNs found in text files.
#include "commands.hpp"
#include "describe.hpp"
#include "location.hpp"
#include "namespaces.hpp"
#include <common/newlines.hpp>
#include <common/records.hpp>
#include "parallel.hpp"
#include "shown.hpp"
#include "streams.hpp"

#include <urns/extract.hpp>

#include <atomic>
#include <cstring>
#include <memory>

namespace urn_tool {

using urns_common::count_newlines;

namespace {

constexpr std::string_view help_head =
    R"~(usage: urn extract [OPTIONS] [FILE...]

Prints every URN found in the files (standard input if none, or "-"), one
a line, as FILE:LINE:COLUMN: URN (COLUMN counts bytes from 1), like grep -n.

A URN starts at "urn:" (any case) that does not continue a longer word or
scheme ("xurn:", "my_urn:"), and ends at the first character its syntax
excludes (RFC 2141 section 2.4, draft-03 section 2.5.3); by default
trailing sentence punctuation and an unbalanced ")" are left out, as link
detectors do (--strict keeps them when they are valid URN characters).
Inside another URI, "&" and "#" end a URN that is a query value
("magnet:?xt=urn:btih:...&dn=..."), "?" and "#" one that is a path segment
(--no-uri-context: only the syntax decides). The text need not be UTF-8.
Lines: a "\r" before "\n" is removed; a URN never spans two lines.

A UTF-8 byte order mark at the start of a file is not searched, but it
counts in COLUMN and offsets (they count the bytes of the file). A file (or
standard input) compressed with gzip is searched decompressed (lines and
offsets are those of the decompressed text).

)~";

constexpr std::string_view help_tail = R"~(
exit status: 0 some URN found, 1 none found, 2 usage or I/O error (or a line
longer than --max-line, which is skipped); with -q, 0 as soon as a URN is
found, whatever comes after
)~";

enum class report { urns, count, files, quiet };

/// What `urn extract` does with each line (one per thread); `count` is
/// the number of URNs found.
class extract_worker final : public line_worker_of<extract_worker> {
public:
    extract_worker(urns::extract_options const& opts, report what, bool json, bool only_urn, std::size_t max_line,
                   std::atomic<bool>& found, std::atomic<bool>& skipped)
        : opts_(opts), what_(what), json_(json), only_urn_(only_urn), max_line_(max_line), found_(found),
          skipped_(skipped)
    {
    }

    bool line(origin const& where, std::string_view text) override
    {
        for (urns::urn_match const& m : urns::find_urns(text, opts_))
            if (!match(where, m, m.offset))
                return false;
        return true;
    }

    void too_long(origin const& where) override
    {
        set_flag(skipped_);
        report_too_long(where, max_line_);
    }

    /** A block of whole lines is searched as one text, and a match's line
        and column are counted only for the matches: no call per line.
        This finds what the search of each line finds, because no match
        crosses a line end and the bytes around one line do not change
        another's: "\n" and "\r" end every URN (the "\r" that the line
        reader removes included), and before "urn:" they are neither a
        word byte nor the "=" or "/" of another URI. A byte order mark at
        the file's start is not searched on its own, but it cannot hold or
        precede a match in a different way either (its last byte, 0xBF,
        is not a word byte), and its three bytes count in columns and
        offsets as they do line by line. Line by line still, where a line
        of the block may be longer than --max-line (it is reported and
        not searched) and where standard output is flushed after each
        line. */
    bool lines(std::string_view file, std::string_view block, std::size_t first_line, std::uint64_t first_offset,
               std::size_t max_line, bool flush_each) override
    {
        if (flush_each || max_line < block.size())
            return each_line(file, block, first_line, first_offset, max_line, flush_each);
        std::size_t line_number = first_line;
        std::size_t line_start = 0; // in block
        // The "\n"s are counted from the previous match on, not from its
        // line's start: each byte of the block is looked at once, however
        // many URNs a line holds.
        std::size_t counted = 0;
        for (urns::urn_match const& m : urns::find_urns(block, opts_)) {
            std::string_view const before = block.substr(counted, m.offset - counted);
            counted = m.offset;
            if (std::size_t const ends = count_newlines(before); ends != 0) {
                line_number += ends;
                line_start = static_cast<std::size_t>(
                    static_cast<char const*>(::memrchr(before.data(), '\n', before.size())) + 1 - block.data());
            }
            if (!match(origin{file, line_number, first_offset + line_start}, m, m.offset - line_start))
                return false;
        }
        return true;
    }

private:
    /// A match at byte `column` (from 0) of the line at `where`; false
    /// stops the reading (-q).
    bool match(origin const& where, urns::urn_match const& m, std::size_t column)
    {
        set_flag(found_);
        ++count;
        if (what_ == report::quiet)
            return false;
        if (what_ != report::urns)
            return true;
        if (json_)
            write_json(where, m, column);
        else
            write_text(where, m, column);
        return true;
    }

    void write_json(origin const& where, urns::urn_match const& m, std::size_t column)
    {
        if (m.namespace_fault && m.namespace_fault->undecided)
            note_undecided();
        urns_common::write_match_record(j_, {where.file, where.line, where.bom + column + 1, where.offset + column}, m);
    }

    void write_text(origin const& where, urns::urn_match const& m, std::size_t column)
    {
        if (!only_urn_) {
            write_shown_location(o_, file_name_(where.file), where.line);
            o_.number(where.bom + column + 1);
            o_.write(": ");
        }
        o_.write(m.view.buffer());
        if (m.namespace_fault && m.namespace_fault->undecided) {
            note_undecided();
            o_.write("  undecided by its namespace's rule");
        } else if (m.namespace_fault) {
            // Two writes: as one, the compiler keeps its first 16 bytes,
            // "  rejected at of", where lintian's spelling check can read
            // them joined to the next text.
            o_.write("  rejected at ");
            o_.write("offset ");
            o_.number(m.namespace_fault->offset);
            o_.write(" (expected ");
            o_.write(m.namespace_fault->expected);
            for (std::string_view name : m.namespace_fault->also_expected) {
                o_.write(" or ");
                o_.write(name);
            }
            if (std::size_t const left = m.namespace_fault->also_expected.dropped()) {
                o_.write(" or ");
                o_.number(left);
                // Not " more" at once: see the note in src/semantic/error.cpp.
                o_.put(' ');
                o_.write("more");
            }
            o_.put(')');
        }
        o_.put('\n');
    }

    urns::extract_options const& opts_;
    report const what_;
    bool const json_;
    bool const only_urn_;
    std::size_t const max_line_;
    std::atomic<bool>& found_;
    std::atomic<bool>& skipped_;
    out_buffer& o_ = out();
    json_writer j_{o_};
    shown_name file_name_;  ///< the file's name as text shows it (control characters escaped)
};

int run(arguments const& args)
{
    inputs in;
    urns::extract_options opts;
    bool json = false;
    bool only_urn = false;
    bool namespaces = false;
    bool strict = false;
    bool no_uri_context = false;
    bool count = false;
    bool files = false;
    bool quiet = false;
    command_line cl(help_head, help_tail);
    cl.syntax_option(opts.syntax);
    cl.flag("--strict", strict, "end URNs by the document's rule only");
    cl.flag("--no-uri-context", no_uri_context, "do not end URNs by their place in another URI");
    cl.flag("-o,--only-urn", only_urn, "print only the URNs");
    cl.flag("-c,--count", count, "print only FILE:N, the number of URNs in each file");
    cl.flag("-l,--files-with-matches", files, "print only the names of the files with a URN");
    cl.flag("-q,--quiet", quiet, "print nothing; stop at the first URN found");
    cl.value("--label", "NAME", "the name of standard input in the output (default <stdin>)",
             [&in](std::string_view v) { in.stdin_name = v; });
    cl.flag("--json", json,
            "one JSON object per URN: file, line, column, offset (in the file, from 0), urn and its "
            "components (docs/schema/extract.schema.json)");
    cl.namespaces_option(namespaces,
                         "also apply the rules of the namespaces shipped with urns: a URN whose NSS they reject "
                         "is still printed, followed by \"  rejected at offset N (expected RULE)\" (in JSON: "
                         "\"namespace_fault\": {\"offset\", \"expected\"})");
    cl.jobs_option(in);
    cl.reading_options(in, "longest line read, in bytes (default 64M; K, M, G)");
    cl.operands([&in](std::string_view v) { in.add_file(v); });
    if (!cl.parse(args))
        return printed_help;
    if (strict)
        opts.mode = urns::extract_mode::strict;
    if (no_uri_context)
        opts.uri_context = false;
    // -q says less than -l, which says less than -c: the least wins.
    report what = report::urns;
    if (count)
        what = report::count;
    if (files)
        what = report::files;
    if (quiet)
        what = report::quiet;
    if (namespaces)
        opts.registry = &tool_registry();
    if (json && what != report::urns)
        throw usage_error{"--json prints every URN: it does not go with -c, -l or -q"};

    std::atomic<bool> found{false};
    std::atomic<bool> skipped{false};
    out_buffer& o = out();
    auto on_end = [&](std::string_view file, std::uint64_t in_file) {
        if (what == report::count) {
            write_shown(o, file);
            o.put(':');
            o.number(in_file);
            o.put('\n');
        } else if (what == report::files && in_file != 0) {
            write_shown(o, file);
            o.put('\n');
        }
    };
    // -q stops at the first URN: one thread.
    if (what == report::quiet)
        in.jobs = 1;
    int const io = for_each_input_jobs(
        in,
        [&] { return std::make_unique<extract_worker>(opts, what, json, only_urn, in.max_line, found, skipped); },
        on_end);
    if (what == report::quiet && found)
        return exit_ok;
    if (io != exit_ok || skipped)
        return exit_usage;
    return found ? exit_ok : exit_invalid;
}

} // namespace

command const extract_command{"extract", "find the URNs in text files (grep-like or JSON)", run};

} // namespace urn_tool
