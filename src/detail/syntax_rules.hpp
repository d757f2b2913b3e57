// Internal, X3-free.
#ifndef URNS_SRC_DETAIL_SYNTAX_RULES_HPP
#define URNS_SRC_DETAIL_SYNTAX_RULES_HPP

#include <urns/error.hpp>
#include <urns/urn_view.hpp>

#include <cstdint>
#include <optional>

namespace urns {
namespace detail {

/** The names of the percent-encoding rules as each document spells them,
    for the `expected` of an error: RFC 2141 writes `<URN chars> ::= <trans>
    | "%" <hex> <hex>` (our ABNF: `URN-chars`, `hex`); draft-03 and RFC 8141
    use RFC 3986's `pct-encoded = "%" HEXDIG HEXDIG`.
*/
constexpr std::string_view pct_rule_name(syntax syn) noexcept
{
    return syn == syntax::rfc2141 ? "URN-chars" : "pct-encoded";
}
constexpr std::string_view hex_rule_name(syntax syn) noexcept
{
    return syn == syntax::rfc2141 ? "hex" : "HEXDIG";
}

/// The out-of-line part of syntax_rule_violation: the rule `v` breaks.
std::optional<parse_error> syntax_rule_fault(urn_view const& v, bool reserved_prefix, bool may_hold_pct) noexcept;

/** The rules of a URN's syntax that its ABNF does not express (the
    reserved NID "urn", RFC 8141's "urn-" NIDs, "%00"): the first one `v`
    breaks, with its offset, or nothing. `v` has passed the grammar;
    `may_hold_pct` is false only if the grammar took no "%" (then there is
    no "%00" to look for).

    Inline, and with no branch that a realistic mix of NIDs makes hard to
    predict: a parsed URN has at least 7 bytes ("urn:" NID ":" NSS), 8
    under RFC 8141 (its NID has 2 or more), so the bytes from offset 4 are
    read as one word, folded to lower case, and compared.
*/
inline std::optional<parse_error> syntax_rule_violation(urn_view const& v, bool may_hold_pct = true) noexcept
{
    std::string_view const b = v.buffer();
    auto byte = [&b](std::size_t i) { return static_cast<std::uint32_t>(static_cast<unsigned char>(b[i])); };
    // ASCII case does not matter ("urn" and NIDs are case-insensitive); OR
    // with 0x20 folds letters and leaves "-" (0x2D) and ":" (0x3A) as they are.
    std::uint32_t const word3 = (byte(4) | byte(5) << 8 | byte(6) << 16) | 0x202020u;
    bool reserved_prefix = false;
    switch (v.syntax()) {
    case syntax::rfc2141:
    case syntax::rfc2141bis:
        reserved_prefix = (v.nid().size() == 3) & (word3 == ('u' | 'r' << 8 | 'n' << 16));
        break;
    case syntax::rfc8141:
        reserved_prefix = (word3 | (byte(7) | 0x20u) << 24) == ('u' | 'r' << 8 | 'n' << 16 | std::uint32_t('-') << 24);
        may_hold_pct = false;   // RFC 8141 does not forbid "%00"
        break;
    }
    if (!reserved_prefix && !may_hold_pct)
        return std::nullopt;
    return syntax_rule_fault(v, reserved_prefix, may_hold_pct);
}

} // namespace detail
} // namespace urns

#endif
