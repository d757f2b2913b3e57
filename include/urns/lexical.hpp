// SPDX-License-Identifier: BSL-1.0
//
// The lexical layer: every character class of the URN documents' ABNF,
// defined once, as data, and the ASCII case and hex helpers. X3-free; the
// grammars build their character parsers from these tables, and the
// semantic layer, the extractor and the tool read the same tables.
#ifndef URNS_LEXICAL_HPP
#define URNS_LEXICAL_HPP

#include <cstddef>
#include <string_view>

namespace urns {

/** The character classes of the ABNF, one table per rule.

    Each table is named after the ABNF rule it comes from (C++ name: the
    ABNF name in lower case, "-" turned into "_") in a namespace named after
    the document, and holds exactly the one-octet strings that rule matches:
    for a rule such as `pchar`, whose `pct-encoded` alternative is three
    octets long, that is every alternative but `pct-encoded`. A test
    (`lexical_classes`) computes each table from the `.abnf` files of
    `grammar/` and compares, so the two cannot drift.
*/
namespace lexical {

/// A set of octets, built at compile time.
struct charset {
    /// table[c] is true for the octets c in the set.
    bool table[256] = {};

    /// The empty set.
    constexpr charset() = default;

    /// The octets of `chars` (a NUL-terminated string).
    constexpr explicit charset(char const* chars)
    {
        for (; *chars; ++chars)
            table[static_cast<unsigned char>(*chars)] = true;
    }

    /// This set and the octets lo..hi.
    constexpr charset with_range(unsigned char lo, unsigned char hi) const
    {
        charset r = *this;
        for (unsigned c = lo; c <= hi; ++c)
            r.table[c] = true;
        return r;
    }

    /// The union of two sets.
    constexpr charset operator|(charset const& o) const
    {
        charset r = *this;
        for (unsigned c = 0; c < 256; ++c)
            r.table[c] = table[c] || o.table[c];
        return r;
    }

    /// The octets of this set that are not in `o`.
    constexpr charset operator-(charset const& o) const
    {
        charset r = *this;
        for (unsigned c = 0; c < 256; ++c)
            r.table[c] = table[c] && !o.table[c];
        return r;
    }

    /// Whether `c` is in the set.
    constexpr bool contains(unsigned char c) const noexcept { return table[c]; }
    /// Whether the octet `c` is in the set.
    constexpr bool contains(char c) const noexcept { return table[static_cast<unsigned char>(c)]; }

    /// The same octets.
    constexpr bool operator==(charset const& o) const noexcept
    {
        for (unsigned c = 0; c < 256; ++c)
            if (table[c] != o.table[c])
                return false;
        return true;
    }
    /// Not operator==.
    constexpr bool operator!=(charset const& o) const noexcept { return !(*this == o); }
};

// clang-format off

/// RFC 5234 Appendix B.1, core rules (grammar/rfc5234-core.abnf).
namespace rfc5234 {
inline constexpr charset alpha  = charset().with_range(0x41, 0x5A).with_range(0x61, 0x7A); ///< ALPHA
inline constexpr charset ctl    = charset().with_range(0x00, 0x1F).with_range(0x7F, 0x7F); ///< CTL
inline constexpr charset digit  = charset().with_range(0x30, 0x39);                        ///< DIGIT
inline constexpr charset dquote = charset().with_range(0x22, 0x22);                        ///< DQUOTE
/// HEXDIG; ABNF quoted strings are case-insensitive (RFC 5234 section 2.3),
/// so "A" matches "a" too.
inline constexpr charset hexdig = digit | charset("ABCDEFabcdef");
inline constexpr charset sp     = charset().with_range(0x20, 0x20);                        ///< SP
} // namespace rfc5234

/// RFC 3986, the rules the URN documents use (grammar/rfc3986.abnf).
namespace rfc3986 {
inline constexpr charset scheme     = rfc5234::alpha;                                   ///< scheme: its first octet, ALPHA
inline constexpr charset unreserved = rfc5234::alpha | rfc5234::digit | charset("-._~"); ///< unreserved
inline constexpr charset gen_delims = charset(":/?#[]@");                               ///< gen-delims
inline constexpr charset sub_delims = charset("!$&'()*+,;=");                            ///< sub-delims
/// pchar, but for pct-encoded: unreserved / sub-delims / ":" / "@".
inline constexpr charset pchar      = unreserved | sub_delims | charset(":@");
/// The one-octet strings of query and fragment, `*( pchar / "/" / "?" )`.
inline constexpr charset query      = pchar | charset("/?");
inline constexpr charset fragment   = query;                                            ///< fragment
} // namespace rfc3986

/// RFC 2141 section 2, its BNF in ABNF (grammar/rfc2141.abnf).
namespace rfc2141 {
inline constexpr charset upper       = charset().with_range(0x41, 0x5A);   ///< upper
inline constexpr charset lower       = charset().with_range(0x61, 0x7A);   ///< lower
inline constexpr charset number      = charset().with_range(0x30, 0x39);   ///< number
inline constexpr charset let_num     = upper | lower | number;             ///< let-num
inline constexpr charset let_num_hyp = let_num | charset("-");             ///< let-num-hyp
inline constexpr charset hex         = number | charset("ABCDEFabcdef");   ///< hex
inline constexpr charset other       = charset("()+,-.:=@;$_!*'");         ///< other
/// reserved, without its "%": a "%" only starts a "%" hex hex triplet
/// (decision "bare %" of grammar/README.md).
inline constexpr charset reserved    = charset("/?#");
inline constexpr charset trans       = let_num | other | reserved;         ///< trans
inline constexpr charset urn_chars   = trans;                              ///< URN-chars (one octet: trans)
inline constexpr charset excluded    = charset("\\\"&<>[]^`{|}~").with_range(0x01, 0x20).with_range(0x7F, 0xFF); ///< excluded
} // namespace rfc2141

/// draft-ietf-urnbis-rfc2141bis-urn-03, Appendix B (grammar/rfc2141bis-03.abnf).
namespace rfc2141bis {
inline constexpr charset alnum     = rfc5234::alpha | rfc5234::digit;       ///< (ALPHA / DIGIT), the NID's ends
inline constexpr charset ldh       = alnum | charset("-");                  ///< (ALPHA / DIGIT / "-"), the NID's middle
inline constexpr charset nss       = rfc3986::pchar;                        ///< NSS = 1*pchar
inline constexpr charset v_subdels = charset("!$'()*+,;=:@/?");             ///< v-subdels
/// v-pchar, but for pct-encoded: unreserved / v-subdels.
inline constexpr charset v_pchar   = rfc3986::unreserved | v_subdels;
inline constexpr charset value     = v_pchar;                               ///< value = *v-pchar
/// keywd = ALPHA *( ["-"] (ALPHA / DIGIT)): its one-octet strings, ALPHA.
inline constexpr charset keywd     = rfc5234::alpha;
/// excluded (section 2.5.3): octets that end a URN in running text.
inline constexpr charset excluded  = rfc5234::ctl | rfc5234::sp | rfc5234::dquote
                                   | charset("#%/<>?[\\]^`{|}").with_range(0x7F, 0xFF);
} // namespace rfc2141bis

/// RFC 8141 section 2 (grammar/rfc8141.abnf).
namespace rfc8141 {
inline constexpr charset alphanum       = rfc5234::alpha | rfc5234::digit;  ///< alphanum
inline constexpr charset ldh            = alphanum | charset("-");          ///< ldh
inline constexpr charset nss            = rfc3986::pchar;                   ///< NSS: its first octet, pchar
inline constexpr charset r_component    = rfc3986::pchar;                   ///< r-component: its first octet
inline constexpr charset q_component    = rfc3986::pchar;                   ///< q-component: its first octet
inline constexpr charset f_component    = rfc3986::fragment;                ///< f-component
/// DigitNonZero of section 5.2.
inline constexpr charset digit_non_zero = charset().with_range(0x31, 0x39);
inline constexpr charset digit          = rfc5234::digit;                   ///< Digit of section 5.2
} // namespace rfc8141

// clang-format on

/// `c` in lower case if it is an ASCII upper-case letter, else `c`.
constexpr char ascii_lower(char c) noexcept
{
    return rfc2141::upper.contains(c) ? static_cast<char>(c - 'A' + 'a') : c;
}

/// `c` in upper case if it is an ASCII lower-case letter, else `c`.
constexpr char ascii_upper(char c) noexcept
{
    return rfc2141::lower.contains(c) ? static_cast<char>(c - 'a' + 'A') : c;
}

/// ASCII case-insensitive equality (RFC 5234 section 2.3, NIDs).
constexpr bool iequals(std::string_view a, std::string_view b) noexcept
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (ascii_lower(a[i]) != ascii_lower(b[i]))
            return false;
    return true;
}

/// Whether `s` starts with `prefix`, ASCII case-insensitively.
constexpr bool istarts_with(std::string_view s, std::string_view prefix) noexcept
{
    return s.size() >= prefix.size() && iequals(s.substr(0, prefix.size()), prefix);
}

/// The value of a HEXDIG (either case), or -1 if `c` is not one.
constexpr int hex_value(char c) noexcept
{
    if (rfc5234::digit.contains(c))
        return c - '0';
    if (rfc5234::hexdig.contains(c))
        return ascii_upper(c) - 'A' + 10;
    return -1;
}

/// The HEXDIG of a value 0..15, upper case (the canonical form of
/// percent-encoding, RFC 3986 section 2.1).
constexpr char hex_digit(unsigned v) noexcept
{
    return "0123456789ABCDEF"[v & 15];
}

/// Whether `s` is all DIGITs (and not empty).
constexpr bool all_digits(std::string_view s) noexcept
{
    if (s.empty())
        return false;
    for (char c : s)
        if (!rfc5234::digit.contains(c))
            return false;
    return true;
}

/** The length of the well-formed UTF-8 sequence that starts at `p` (of
    the `n` octets there, n >= 1), or 0 if none does: RFC 3629 section 4's
    UTF8-char, so no overlong form, no surrogate (U+D800-DFFF) and nothing
    above U+10FFFF. 1 for an ASCII octet.
*/
constexpr std::size_t utf8_sequence_length(unsigned char const* p, std::size_t n) noexcept
{
    unsigned char const c = p[0];
    if (c < 0x80)
        return 1;
    std::size_t len = 0;
    unsigned char lo = 0x80, hi = 0xBF; // bounds of the second octet (UTF8-tail, or narrower)
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        if (c == 0xE0)
            lo = 0xA0; // no overlong form
        if (c == 0xED)
            hi = 0x9F; // no surrogate
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        if (c == 0xF0)
            lo = 0x90; // no overlong form
        if (c == 0xF4)
            hi = 0x8F; // nothing above U+10FFFF
    } else {
        return 0;
    }
    if (n < len || p[1] < lo || p[1] > hi)
        return 0;
    for (std::size_t i = 2; i < len; ++i)
        if (p[i] < 0x80 || p[i] > 0xBF)
            return 0;
    return len;
}

/// Whether `s` is well-formed UTF-8 (RFC 3629 section 4), as
/// utf8_sequence_length() reads it.
inline bool valid_utf8(std::string_view s) noexcept
{
    auto const* p = reinterpret_cast<unsigned char const*>(s.data());
    for (std::size_t i = 0; i < s.size();) {
        std::size_t const len = utf8_sequence_length(p + i, s.size() - i);
        if (len == 0)
            return false;
        i += len;
    }
    return true;
}

} // namespace lexical
} // namespace urns

#endif
