// SPDX-License-Identifier: BSL-1.0
// The members of the JSON records that the urn command and urns.dask both
// write (docs/schema/): a URN's components, the names expected where a
// rule failed, and the whole record of a match of `urn extract --json`.
#ifndef URNS_COMMON_RECORDS_HPP
#define URNS_COMMON_RECORDS_HPP

#include "json_writer.hpp"

#include <urns/error.hpp>
#include <urns/extract.hpp>
#include <urns/urn_view.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace urns_common {

/// The members "syntax", "scheme", "nid", "nss", "assigned_name" and those
/// of the components present ("query", "r_component", "q_component",
/// "fragment").
template <class Sink>
void write_components(json_writer<Sink>& j, urns::urn_view u)
{
    j.member("syntax", urns::to_string(u.syntax()));
    j.member("scheme", u.scheme());
    j.member("nid", u.nid());
    j.member("nss", u.nss());
    j.member("assigned_name", u.assigned_name());
    if (u.has_query())
        j.member("query", u.query());
    if (u.has_r_component())
        j.member("r_component", u.r_component());
    if (u.has_q_component())
        j.member("q_component", u.q_component());
    if (u.has_fragment())
        j.member("fragment", u.fragment());
}

/// "expected": every name expected (`first`, then `also`), and
/// "expected_left_out": how many were not kept, when some were not;
/// nothing when no name is known (`first` empty).
template <class Sink>
void write_expected(json_writer<Sink>& j, std::string_view first, urns::expected_alternatives const& also)
{
    if (first.empty())
        return;
    j.key("expected");
    j.begin_array();
    j.string(first);
    for (std::string_view name : also)
        j.string(name);
    j.end_array();
    if (also.dropped() != 0)
        j.member("expected_left_out", also.dropped());
}

/// Where a match was found: the file's name (its bytes), the line's
/// number (from 1), the match's column in the line (from 1) and its
/// byte offset in the file (from 0).
struct match_place {
    std::string_view file;
    std::uint64_t line;
    std::uint64_t column;
    std::uint64_t offset;
};

/** The record of a match, one line of `urn extract --json`
    (docs/schema/extract.schema.json): the place, the URN, its components,
    its namespace's fault when its namespace rejected it, and, when
    `canonical` is given, its canonical form (null where there is none). */
template <class Sink>
void write_match_record(json_writer<Sink>& j, match_place const& at, urns::urn_match const& m,
                        std::optional<std::string> const* canonical = nullptr)
{
    j.begin_object();
    j.member("file", at.file);
    j.member("line", at.line);
    j.member("column", at.column);
    j.member("offset", at.offset);
    j.member("urn", m.view.buffer());
    write_components(j, m.view);
    if (m.namespace_fault) {
        urns::nss::nss_fault const& f = *m.namespace_fault;
        j.key("namespace_fault");
        j.begin_object();
        j.member("offset", f.offset);
        write_expected(j, f.expected, f.also_expected);
        if (f.undecided)
            j.member_bool("undecided", true);
        j.end_object();
    }
    if (canonical) {
        if (*canonical) {
            j.member("canonical", **canonical);
        } else {
            j.key("canonical");
            j.null();
        }
    }
    j.end_object();
    j.newline();
}

} // namespace urns_common

#endif
