// The urn command: `urn check`, validation of URNs given as arguments or
// read one per line.
#include "commands.hpp"
#include "describe.hpp"

#include <urns/parse.hpp>

namespace urn_tool {

namespace {

constexpr std::string_view help_text =
    R"~(usage: urn check [OPTIONS] [URN | FILE]...

Checks each URN given as an argument and each line of each file, in order;
with neither, each line of standard input. For a valid URN, prints it and
its components on standard output; for an invalid one, prints the input
with a caret under the first offending byte on standard error.

An argument that starts with "urn:" (any case) is a URN; any other is read
as a file if it exists ("-" is standard input), else checked as a URN.
Use -f to name a file that starts with "urn:", or to insist on a file.

Lines: a "\r" before "\n" is removed; empty lines are skipped; every other
line is checked exactly as it is (a space or a NUL byte makes it invalid).
A line longer than --max-line is reported and skipped.

options:
  --syntax S       rfc2141bis (default: draft-ietf-urnbis-rfc2141bis-urn-03),
                   rfc2141 or rfc8141
  -f, --file FILE  read URNs from FILE, one a line ("-" = standard input);
                   may be repeated
  -q, --quiet      print nothing for valid URNs (errors are still reported)
  --json           one JSON object per input on standard output, valid or
                   not (nothing on standard error but I/O errors)
  --lint           also report diagnostics beyond syntax (SHOULD NOT uses, ...)
  --namespaces     also check the NSS against the rules of the namespaces
                   shipped with urns (a fault is error nss_rejected)
  --max-line N     longest line accepted, in bytes (default 64M; K, M, G)
  -h, --help       this help

exit status: 0 all valid, 1 some input invalid, 2 usage or I/O error
)~";

struct check_options {
    inputs in;
    urns::syntax syn = urns::syntax::rfc2141bis;
    bool quiet = false;
    bool json = false;
    bool lint = false;
    bool namespaces = false;
};

int run(arg_cursor& args)
{
    check_options o;
    while (args.more()) {
        if (args.flag("--help", "-h"))
            return print_help(check_command);
        if (input_option(args, o.in, o.syn)) {
        } else if (args.flag("--quiet", "-q")) {
            o.quiet = true;
        } else if (args.flag("--json")) {
            o.json = true;
        } else if (args.flag("--lint")) {
            o.lint = true;
        } else if (args.flag("--namespaces")) {
            o.namespaces = true;
        } else if (args.at_option()) {
            unknown_option(args.peek());
        } else {
            o.in.add_operand(args.operand());
        }
    }
    if (o.lint)
        return not_available("check --lint", "urns/check.hpp");

    urns::parse_options const popts = parse_options_for(o.syn, o.namespaces);
    bool any_invalid = false;
    out_buffer& sink = out();
    json_writer j(sink);

    auto on_line = [&](origin const& where, std::string_view text) {
        auto r = urns::parse_urn(text, popts);
        if (!r)
            any_invalid = true;
        if (o.json)
            write_result_json(j, where, text, o.syn, r);
        else if (!r)
            report_invalid(where, text, r.error());
        else if (!o.quiet)
            write_components_line(sink, *r);
    };
    auto on_long = [&](origin const& where) {
        any_invalid = true;
        report_too_long(where, o.in.max_line, o.json ? &j : nullptr);
    };
    int const io = for_each_input(o.in, on_line, on_long);
    return final_status(io, any_invalid);
}

} // namespace

command const check_command{"check", "check URNs; print their components or a caret error", help_text, run};

} // namespace urn_tool
