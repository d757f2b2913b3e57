// SPDX-License-Identifier: BSL-1.0
// X3-free public header.
#ifndef URNS_SYNTAX_HPP
#define URNS_SYNTAX_HPP

#include <cstdint>
#include <optional>
#include <string_view>

namespace urns {

/** The URN syntax a string is parsed with.

    The three documents are not subsets of each other: one-letter and
    trailing-hyphen NIDs are RFC 2141 only, "&" and "~" in the NSS are not
    RFC 2141, "/" in the NSS is RFC 8141 only, and the draft's
    "?keywd=value&..." query is not RFC 8141's "?+r?=q".
*/
enum class syntax : std::uint8_t {
    /// draft-ietf-urnbis-rfc2141bis-urn-03 (2012), with its section 2.1 NID
    /// rule. The default.
    rfc2141bis = 0,
    /// RFC 2141 (1997), the legacy syntax.
    rfc2141 = 1,
    /// RFC 8141 (2017), the published standard.
    rfc8141 = 2,
};

/// "rfc2141bis", "rfc2141" or "rfc8141".
constexpr std::string_view to_string(syntax s) noexcept
{
    switch (s) {
    case syntax::rfc2141: return "rfc2141";
    case syntax::rfc8141: return "rfc8141";
    case syntax::rfc2141bis: break;
    }
    return "rfc2141bis";
}

/// The syntax named by `name` (as to_string writes it), or nothing.
constexpr std::optional<syntax> syntax_from_string(std::string_view name) noexcept
{
    if (name == "rfc2141bis") return syntax::rfc2141bis;
    if (name == "rfc2141") return syntax::rfc2141;
    if (name == "rfc8141") return syntax::rfc8141;
    return std::nullopt;
}

} // namespace urns

#endif
