// SPDX-License-Identifier: BSL-1.0
// The urn command: how a URN, a parse error and an input's origin are
// printed, as text and as JSON; shared by the subcommands.
#ifndef URN_TOOL_DESCRIBE_HPP
#define URN_TOOL_DESCRIBE_HPP

#include "exit_status.hpp"
#include "inputs.hpp"
#include "json_writer.hpp"
#include "out_buffer.hpp"

#include <urns/error.hpp>
#include <urns/urn_view.hpp>

#include <string_view>

namespace urn_tool {

/** One line: the URN, then its components as `name=value`, with the
    documents' names:

    @code
    urn:example:a?+r?=q#f  nid=example nss=a r-component=r q-component=q f-component=f
    @endcode
*/
void write_components_line(out_buffer& o, urns::urn_view u);

/// The components as JSON members of the current object: "syntax",
/// "scheme", "nid", "nss", "assigned_name", and "query", "r_component",
/// "q_component", "fragment" when present.
void write_components_json(json_writer& j, urns::urn_view u);

/// "file":..., "line":... or "argument":N, as JSON members.
void write_origin_json(json_writer& j, origin const& where);

/// An "error" member (or `key`): {"code", "message", "offset", "expected"}.
void write_error_json(json_writer& j, urns::parse_error const& e, std::string_view key = "error");

/// "expected": [first, every name of `also`], and "expected_left_out": N
/// when names were counted but not kept; nothing when `first` is empty.
void write_expected_json(json_writer& j, std::string_view first, urns::expected_alternatives const& also);

/// Writes `text` (a to_string of an error or diagnostic: a line of input,
/// then a caret line), with the caret line from its "^" in `color`.
void write_caret_text(out_buffer& o, std::string const& text, std::string_view color);

/** On standard error: "FILE:LINE: not a valid SYNTAX URN" (no header for an
    argument), then the input with a caret under the offending byte. */
void report_invalid(origin const& where, std::string_view input, urns::parse_error const& e);

/// On standard error: "FILE:LINE: line longer than N bytes, skipped".
void report_too_long(origin const& where, std::size_t max_line);

/// JSON object (one line) for a line that was too long; with a `mode`
/// (urn normalize, whose every record has one), it says the mode too.
void write_too_long_json(json_writer& j, origin const& where, std::size_t max_line, std::string_view mode = {});

/// The "error" member of such a record (code line_too_long, and a message).
void write_too_long_error(json_writer& j, std::size_t max_line);

/// write_result_json without the end of the object.
void begin_result_json(json_writer& j, origin const& where, std::string_view input,
                       urns::syntax syn, urns::result<urns::urn_view> const& r);

/** The JSON object (one line) for one input: its origin, "input",
    "valid", then the components ("syntax", "scheme", "nid", "nss",
    "assigned_name", and the optional ones that are present) or the
    "error". */
void write_result_json(json_writer& j, origin const& where, std::string_view input,
                       urns::syntax syn, urns::result<urns::urn_view> const& r);

/// The same, with more members written by `extra(j)` before the object ends.
template <class Extra>
void write_result_json(json_writer& j, origin const& where, std::string_view input,
                       urns::syntax syn, urns::result<urns::urn_view> const& r, Extra&& extra)
{
    begin_result_json(j, where, input, syn, r);
    extra(j);
    j.end_object();
    j.newline();
}

/// A line that was too long: as JSON when `j` is given, else on stderr.
inline void report_too_long(origin const& where, std::size_t max_line, json_writer* j,
                            std::string_view mode = {})
{
    if (j)
        write_too_long_json(*j, where, max_line, mode);
    else
        report_too_long(where, max_line);
}

/// Records that a namespace's rule left an NSS undecided (error
/// nss_undecided): the command's exit status is then 2, not 1.
void note_undecided() noexcept;
/// Whether note_undecided() was called.
bool any_undecided() noexcept;

/// The exit status of a command that read its inputs with status `io`
/// (call it after the reading: `any_invalid` is set by it); 2 if an input
/// was undecided (docs/cli.md, "Exit status").
inline int final_status(int io, bool any_invalid)
{
    return io != exit_ok ? io : any_undecided() ? exit_usage : any_invalid ? exit_invalid : exit_ok;
}

} // namespace urn_tool

#endif
