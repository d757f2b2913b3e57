// SPDX-License-Identifier: BSL-1.0
// The urn command: `urn encode`, a URN built from a NID and a raw
// identifier (urns::make_urn).
#include "commands.hpp"
#include "describe.hpp"
#include "streams.hpp"

#include <urns/make_urn.hpp>

#include <string>

namespace urn_tool {

namespace {

constexpr std::string_view help_head =
    R"~(usage: urn encode [OPTIONS] NID IDENTIFIER...
       urn encode [OPTIONS] NID -f FILE      (or identifiers on standard input)

Builds "urn:" NID ":" NSS for each identifier, the identifier being raw text
(any bytes, normally UTF-8) that is percent-encoded as the syntax requires:
every octet that the syntax's NSS cannot hold literally becomes "%" and two
upper-case hex digits ("%" itself becomes "%25"), so that the result is
always a valid URN whose NSS decodes back to the identifier. Prints one URN
a line. With no IDENTIFIER, reads one per line from the files given with
-f, or from standard input ("\r" before "\n" removed, empty lines skipped).

)~";

constexpr std::string_view help_tail = R"~(
exit status: 0 all built, 1 a NID or identifier cannot be used (caret error
on standard error), 2 usage or I/O error
)~";

int run(arguments const& args)
{
    inputs in;
    urns::syntax syn = urns::syntax::rfc2141bis;
    std::string_view reserved;
    std::string_view nid;
    bool have_nid = false;
    bool json = false;
    command_line cl(help_head, help_tail);
    cl.syntax_option(syn);
    cl.value("--reserved", "CHARS", "characters the namespace reserves: encode them too",
             [&reserved](std::string_view v) { reserved = v; });
    cl.file_option(in, "read identifiers from FILE, one a line; may be repeated");
    cl.flag("--json", json,
            "one JSON object per identifier: nid, identifier, urn, nss (docs/schema/encode.schema.json)");
    cl.max_line_option(in, "longest line accepted, in bytes (default 64M; K, M, G)");
    cl.color_option();
    cl.operands([&](std::string_view v) {
        if (!have_nid) {
            nid = v;
            have_nid = true;
        } else {
            in.add_urn(v);  // an identifier, taken as it is
        }
    });
    if (!cl.parse(args))
        return printed_help;
    if (!have_nid)
        throw usage_error{"expected a NID and an identifier"};

    bool any_invalid = false;
    out_buffer& o = out();
    json_writer j(o);
    auto on_line = [&](origin const& where, std::string_view identifier) {
        auto r = urns::make_urn(nid, identifier, syn, reserved);
        if (!r) {
            any_invalid = true;
            urns::parse_error const& e = r.error();
            bool const in_nid = e.expected != "NSS";
            if (json) {
                j.begin_object();
                write_origin_json(j, where);
                j.member("nid", nid);
                j.member("identifier", identifier);
                write_error_json(j, e);
                j.member("argument_in_error", in_nid ? std::string_view("nid") : std::string_view("identifier"));
                j.end_object();
                j.newline();
            } else {
                report_invalid(where, in_nid ? nid : identifier, e);
            }
            return;
        }
        if (json) {
            j.begin_object();
            write_origin_json(j, where);
            j.member("nid", nid);
            j.member("identifier", identifier);
            j.member("urn", r->buffer());
            j.member("nss", r->nss());
            j.end_object();
            j.newline();
        } else {
            o.write(r->buffer());
            o.put('\n');
        }
    };
    auto on_long = [&](origin const& where) {
        any_invalid = true;
        if (!json) {
            report_too_long(where, in.max_line);
            return;
        }
        // An encode record (docs/schema/encode.schema.json): the NID, and
        // the identifier in error, which was not read (no "identifier").
        j.begin_object();
        write_origin_json(j, where);
        j.member("nid", nid);
        j.key("error");
        j.begin_object();
        j.member("code", "line_too_long");
        j.member("message", "line longer than " + std::to_string(in.max_line) + " bytes, skipped");
        j.end_object();
        j.member("argument_in_error", "identifier");
        j.end_object();
        j.newline();
    };
    int const io = for_each_input(in, on_line, on_long);
    return final_status(io, any_invalid);
}

} // namespace

command const encode_command{"encode", "make a URN from a NID and a raw identifier", run};

} // namespace urn_tool
