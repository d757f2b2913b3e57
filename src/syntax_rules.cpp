// Semantic layer (X3-free): the syntax rules that the grammars leave to prose.
#include "detail/syntax_rules.hpp"

#include <cstring>

namespace urns {
namespace detail {

namespace {

char lower(char c) noexcept
{
    return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

bool iequals(std::string_view a, std::string_view b) noexcept
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (lower(a[i]) != lower(b[i]))
            return false;
    return true;
}

parse_error make(error e, std::size_t offset, std::string_view expected, syntax s) noexcept
{
    return parse_error{make_error_code(e), offset, expected, s};
}

/// The offset of the first "%00" in `s`, or npos.
std::size_t find_pct00(std::string_view s) noexcept
{
    std::size_t i = 0;
    while (i < s.size()) {
        void const* p = std::memchr(s.data() + i, '%', s.size() - i);
        if (!p)
            break;
        i = static_cast<std::size_t>(static_cast<char const*>(p) - s.data());
        if (s.size() - i >= 3 && s[i + 1] == '0' && s[i + 2] == '0')
            return i;
        ++i;
    }
    return std::string_view::npos;
}

/// Number = DigitNonZero 0*Digit (RFC 8141 section 5.2).
bool informal_number(std::string_view s) noexcept
{
    if (s.empty() || s[0] < '1' || s[0] > '9')
        return false;
    for (char c : s)
        if (c < '0' || c > '9')
            return false;
    return true;
}

} // namespace

std::optional<parse_error> syntax_rule_fault(urn_view const& v, bool reserved_prefix, bool may_hold_pct) noexcept
{
    syntax const syn = v.syntax();
    std::string_view const nid = v.nid();
    switch (syn) {
    case syntax::rfc2141:
    case syntax::rfc2141bis:
        // RFC 2141 section 2.1: 'the NID "urn" is reserved and MUST NOT be
        // used'; draft-03 section 2.1: '"urn" is permanently reserved'.
        if (reserved_prefix && iequals(nid, "urn"))
            return make(error::reserved_nid, 4, "NID", syn);
        // RFC 2141 section 2.4: 'octet 0 (0 hex) should NEVER be used, in
        // either unencoded or %-encoded form'; draft-03 section 2.5.3: 'It
        // MUST NOT be used in URNs, in either unencoded or percent-encoded
        // form'. (Unencoded NUL never passes the grammars.)
        if (may_hold_pct) {
            if (std::size_t at = find_pct00(v.buffer()); at != std::string_view::npos)
                return make(error::nul_octet, at, pct_rule_name(syn), syn);
        }
        break;
    case syntax::rfc8141:
        // RFC 8141 section 5.2: informal NIDs are
        //   InformalNamespaceName = "urn-" Number
        //   Number                = DigitNonZero 0*Digit
        // so a NID that starts "urn-" (NIDs are case-insensitive, section
        // 2.1) and is not of that form is neither formal (section 5.1
        // keeps the "urn-" prefix for informal NIDs) nor informal. RFC 8141
        // does not reserve the NID "urn" itself, nor forbid "%00".
        if (reserved_prefix && nid.size() >= 4 && iequals(nid.substr(0, 4), "urn-") &&
            !informal_number(nid.substr(4)))
            return make(error::reserved_nid, 4, "InformalNamespaceName", syn);
        break;
    }
    return std::nullopt;
}

} // namespace detail
} // namespace urns
