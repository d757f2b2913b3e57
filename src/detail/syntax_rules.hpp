// Internal, X3-free.
#ifndef URNS_SRC_DETAIL_SYNTAX_RULES_HPP
#define URNS_SRC_DETAIL_SYNTAX_RULES_HPP

#include <urns/error.hpp>
#include <urns/urn_view.hpp>

#include <optional>

namespace urns {
namespace detail {

/** The rules of a URN's syntax that its ABNF does not express (the
    reserved NID "urn", RFC 8141's "urn-" NIDs, "%00"): the first one `v`
    breaks, with its offset, or nothing. `v` has passed the grammar;
    `may_hold_pct` is false only if the grammar took no "%" (then there is
    no "%00" to look for).
*/
std::optional<parse_error> syntax_rule_violation(urn_view const& v, bool may_hold_pct = true) noexcept;

} // namespace detail
} // namespace urns

#endif
