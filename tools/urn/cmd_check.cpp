// SPDX-License-Identifier: BSL-1.0
// The urn command: `urn check`, validation of URNs given as arguments or
// read one per line.
#include "commands.hpp"
#include "describe.hpp"
#include "location.hpp"
#include "messages.hpp"
#include "namespaces.hpp"
#include "parallel.hpp"
#include "quiet_check.hpp"
#include "streams.hpp"

#include <urns/check.hpp>
#include <urns/parse.hpp>

#include <atomic>
#include <memory>
#include <vector>

namespace urn_tool {

namespace {

constexpr std::string_view help_head =
    R"~(usage: urn check [OPTIONS] [URN | FILE]...

Checks each URN given as an argument and each line of each file, in order;
with neither, each line of standard input. For a valid URN, prints it and
its components on standard output; for an invalid one, prints the input
with a caret under the first offending byte on standard error.

An argument that starts with "urn:" (any case) is a URN; any other is a
file to read ("-" is standard input), and one that cannot be read is an
error (status 2). Use -f to name a file whose name starts with "urn:".

Lines: a "\r" before "\n" is removed; empty lines are skipped; every other
line is checked exactly as it is (a space or a NUL byte makes it invalid).
A UTF-8 byte order mark at the start of a file is skipped (--lint says so).
A line longer than --max-line is reported and skipped. A file (or standard
input) compressed with gzip is read decompressed.

)~";

constexpr std::string_view help_tail = R"~(
exit status: 0 all valid, 1 some input invalid, 2 usage or I/O error
)~";

struct check_settings {
    inputs in;
    urns::syntax syn = urns::syntax::rfc2141bis;
    bool quiet = false;
    bool json = false;
    bool lint = false;
    bool assigned_name = false;
    bool namespaces = false;
};

/// The most diagnostics of one URN that text output shows: a line of
/// "%41" triplets has one every 3 bytes, each shown in about 380 bytes
/// (the URN around it, the caret, the message), which would make a 64 MiB
/// line into 8 GB of text. --json lists them all.
constexpr std::size_t max_shown_diagnostics = 100;

/// Diagnostics of one valid URN on standard error, at most
/// max_shown_diagnostics of them, then a note saying how many more there
/// are and how many of those are errors; true if one of them is an error.
bool report_diagnostics(origin const& where, urns::urn_view u, std::vector<urns::diagnostic> const& ds)
{
    bool error = false;
    std::size_t shown = 0, more_errors = 0;
    for (urns::diagnostic const& d : ds) {
        error = error || d.severity == urns::severity::error;
        if (shown == max_shown_diagnostics) {
            more_errors += d.severity == urns::severity::error ? 1 : 0;
            continue;
        }
        ++shown;
        out_buffer& e = err();
        begin_message();
        if (!where.is_argument()) {
            write_message_location(e, where.file, where.line);
            e.write(d.severity == urns::severity::error     ? sgr::error()
                    : d.severity == urns::severity::warning ? sgr::warning()
                                                            : sgr::note());
            e.write(urns::to_string(d.severity));
            e.write(sgr::reset());
            e.put('\n');
        }
        write_caret_text(e, urns::to_string(d, u.buffer()),
                         d.severity == urns::severity::error     ? sgr::error()
                         : d.severity == urns::severity::warning ? sgr::warning()
                                                                 : sgr::note());
        e.put('\n');
        end_message();
    }
    if (shown < ds.size()) {
        out_buffer& e = err();
        begin_message();
        if (!where.is_argument())
            write_message_location(e, where.file, where.line);
        e.write(sgr::note());
        e.write("note");
        e.write(sgr::reset());
        e.write(": ");
        e.number(ds.size() - shown);
        e.write(" more diagnostics of this URN not shown (");
        e.number(more_errors);
        e.write(more_errors == 1 ? " of them an error" : " of them errors");
        e.write("; at most ");
        e.number(max_shown_diagnostics);
        e.write(" are shown, --json lists them all)\n");
        end_message();
    }
    return error;
}

/// With --lint: a byte order mark was skipped at the start of a file.
void report_bom(origin const& where)
{
    out_buffer& e = err();
    begin_message();
    write_message_location(e, where.file, 1);
    e.write(sgr::note());
    e.write("note");
    e.write(sgr::reset());
    e.write(": the file starts with a UTF-8 byte order mark (EF BB BF), skipped\n");
    end_message();
}

void write_diagnostics_json(json_writer& j, std::vector<urns::diagnostic> const& ds)
{
    j.key("diagnostics");
    j.begin_array();
    for (urns::diagnostic const& d : ds) {
        j.begin_object();
        j.member("severity", urns::to_string(d.severity));
        j.member("code", urns::to_string(d.code));
        j.member("offset", d.offset);
        j.member("length", d.length);
        j.member("message", d.message);
        j.end_object();
    }
    j.end_array();
}

/// What `urn check` does with each line (one per thread).
class check_worker final : public line_worker {
public:
    check_worker(check_settings const& o, urns::parse_options const& popts, urns::check_options const& lint_opts,
                 std::atomic<bool>& any_invalid)
        : o_(o), popts_(popts), lint_opts_(lint_opts), any_invalid_(any_invalid)
    {
    }

    bool line(origin const& where, std::string_view text) final
    {
        auto r = urns::parse_urn(text, popts_);
        // The common case, a valid URN without --json or --lint, first:
        // nothing else to look at.
        if (plain_ && r) {
            if (!o_.quiet)
                write_components_line(sink_, *r);
            return true;
        }
        return other(where, text, r);
    }

    void too_long(origin const& where) override
    {
        invalid();
        report_too_long(where, o_.in.max_line, o_.json ? &j_ : nullptr);
    }

    bool lines(std::string_view file, std::string_view block, std::size_t first_line, std::uint64_t first_offset,
               std::size_t max_line, bool flush_each) override
    {
        auto const each = [this](origin const& where, std::string_view text) { return line(where, text); };
        auto const on_long = [this](origin const& where) { too_long(where); };
        // With -q and only the syntax to check, a valid line prints
        // nothing: for_each_unproven_line passes over the runs of valid
        // and of blank lines, and the error valid_lines found is reported
        // as it is where the line is the text parsed. Not at all when a
        // line of the block may be longer than --max-line (reported,
        // valid or not).
        if (!skip_valid_ || max_line < block.size())
            return for_each_block_line(file, block, first_line, first_offset, max_line, flush_each, each, on_long);
        return for_each_unproven_line(
            block, first_line, first_offset, o_.syn,
            [&](std::size_t number, std::uint64_t offset, std::string_view text, urns::parse_error const& e) {
                invalid();
                report_invalid(origin{file, number, offset}, text, e);
                if (flush_each)
                    out().flush();
                return true;
            },
            [&](std::string_view rest, std::size_t number, std::uint64_t offset) {
                return for_each_block_line(file, rest, number, offset, max_line, flush_each, each, on_long);
            });
    }

private:
    /// line() but for its common case: an invalid URN, or --json or --lint.
    [[gnu::noinline]] bool other(origin const& where, std::string_view text, urns::result<urns::urn_view> const& r)
    {
        if (where.bom != 0 && o_.lint && !o_.json)
            report_bom(where);
        if (!r)
            invalid();
        diags_.clear();
        if (r && o_.lint) {
            diags_ = urns::check(*r, lint_opts_);
            for (urns::diagnostic const& d : diags_)
                if (d.severity == urns::severity::error)
                    invalid();
        }
        if (o_.json) {
            write_result_json(j_, where, text, o_.syn, r, [&](json_writer& jj) {
                if (where.bom != 0 && o_.lint)
                    jj.member_bool("byte_order_mark", true);
                if (r && o_.lint)
                    write_diagnostics_json(jj, diags_);
            });
        } else if (!r) {
            report_invalid(where, text, r.error());
        } else {
            if (!o_.quiet)
                write_components_line(sink_, *r);
            report_diagnostics(where, *r, diags_);
        }
        return true;
    }

    void invalid() noexcept { set_flag(any_invalid_); }

    check_settings const& o_;
    urns::parse_options const& popts_;
    urns::check_options const& lint_opts_;
    std::atomic<bool>& any_invalid_;
    bool const plain_ = !o_.json && !o_.lint;
    bool const skip_valid_ = plain_ && o_.quiet && popts_.registry == nullptr;
    out_buffer& sink_ = out();
    json_writer j_{sink_};
    std::vector<urns::diagnostic> diags_;
};

int run(arguments const& args)
{
    check_settings o;
    command_line cl(help_head, help_tail);
    cl.syntax_option(o.syn);
    cl.file_option(o.in, "read URNs from FILE, one a line (\"-\" = standard input); may be repeated");
    cl.flag("-q,--quiet", o.quiet, "print nothing for valid URNs (errors are still reported)");
    cl.flag("--json", o.json,
            "one JSON object per input on standard output, valid or not (nothing on standard error but I/O "
            "errors; docs/schema/check.schema.json)");
    cl.flag("--lint", o.lint,
            "also report diagnostics beyond syntax (urns::check: SHOULD NOT uses, needless or lower-case "
            "percent-encoding, unregistered NIDs and services, ...) on standard error; a diagnostic of "
            "severity \"error\" makes the exit status 1");
    cl.flag("--assigned-name", o.assigned_name,
            "with --lint: the URNs should be assigned names (no query, components or fragment)");
    cl.namespaces_option(o.namespaces,
                         "also check the NSS against the rules of the namespaces shipped with urns (a fault is "
                         "error nss_rejected)");
    cl.jobs_option(o.in);
    cl.reading_options(o.in);
    cl.operands([&o](std::string_view v) { o.in.add_operand(v); });
    if (!cl.parse(args))
        return printed_help;
    // As in extract and equal: -q prints nothing for valid URNs, --json a
    // record for every input; neither wins silently.
    if (o.json && o.quiet)
        throw usage_error{"--json prints a record for every input: it does not go with -q"};
    o.lint = o.lint || o.assigned_name;
    urns::check_options lint_opts;
    lint_opts.assigned_name = o.assigned_name;
    urns::parse_options const popts = parse_options_for(o.syn, o.namespaces);
    std::atomic<bool> any_invalid{false};
    int const io = for_each_input_jobs(
        o.in, [&] { return std::make_unique<check_worker>(o, popts, lint_opts, any_invalid); });
    return final_status(io, any_invalid);
}

} // namespace

command const check_command{"check", "check URNs; print their components or a caret error", run};

} // namespace urn_tool
