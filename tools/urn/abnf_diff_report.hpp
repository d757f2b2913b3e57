// SPDX-License-Identifier: BSL-1.0
//
// `urn abnf diff`'s judges and report: parse_urn or a namespace's rules
// as urns::abnf::diff's judge (where they fail, what they expected), and
// the disagreements and counts as the command prints them.
#ifndef URN_TOOL_ABNF_DIFF_REPORT_HPP
#define URN_TOOL_ABNF_DIFF_REPORT_HPP

#include <urns/abnf_diff.hpp>
#include <urns/nss/registry.hpp>
#include <urns/parse.hpp>

#include <functional>
#include <string>
#include <string_view>

namespace urn_tool {

class out_buffer;

/// `s` in quotes, with bytes outside printable ASCII (and "\\", "\"") as
/// \\xHH: an input of `urn abnf` shown on one line.
std::string quoted(std::string_view s);

/// parse_urn with `po` (kept by reference) as a judge: a whole URN.
std::function<urns::abnf::judgement(std::string_view)> parse_judge(urns::parse_options const& po);

/// A namespace's rules (kept by reference) as a judge: an NSS.
std::function<urns::abnf::judgement(std::string_view)> namespace_judge(urns::nss::namespace_rules const& rules);

/** Writes the disagreements of `r`, one a line, then the counts:
    "N inputs (V valid), D disagreements (...)", the kinds compared
    (`compare`: verdict, offset or expected) counted apart. */
void write_diff_report(out_buffer& w, urns::abnf::diff_report const& r, std::string const& judge_name,
                       std::string_view compare);

} // namespace urn_tool

#endif
