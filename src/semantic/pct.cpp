// SPDX-License-Identifier: BSL-1.0
// Semantic layer (X3-free): percent-encoding of the NSS.
#include <urns/pct.hpp>

#include <urns/lexical.hpp>

#include <array>
#include <cstdint>
#include <cstring>
#include <optional>

namespace urns {
namespace pct {

namespace {

using lexical::charset;

// The octets each syntax's NSS takes literally (its "character repertoire").
//
// RFC 2141 section 2.2: <trans> ::= <upper> | <lower> | <number> | <other>
// | <reserved>. <reserved> ("%" "/" "?" "#") is left out: "%" only starts
// a triplet, and section 2.3.2 says of "/", "?", "#": "Namespace developers
// SHOULD NOT use these characters in unencoded form, but rather use the
// appropriate %-encoding for each character." Encoding a <reserved>
// character does not break section 2.3.1's "a character MUST NOT be
// "%"-encoded if the character is not a reserved character".
constexpr charset rfc2141_repertoire = lexical::rfc2141::let_num | lexical::rfc2141::other;

// draft-03 section 2.2 and RFC 8141 section 2 (RFC 3986 section 3.3):
// pchar, but for pct-encoded: lexical::rfc3986::pchar.
constexpr charset const& pchar_repertoire = lexical::rfc3986::pchar;

// Characters kept percent-encoded in the display form whatever the syntax:
// "%" (section 2.5.2), "/" "?" "#" (RFC 2141 <reserved>, RFC 3986
// gen-delims that separate URI components), and space.
constexpr charset display_kept = charset("%/?# ");

/// The names of the percent-encoding rules as each document spells them,
/// for the `expected` of an error (as parse_urn reports them): RFC 2141
/// writes `<URN chars> ::= <trans> | "%" <hex> <hex>`; draft-03 and RFC
/// 8141 use RFC 3986's `pct-encoded = "%" HEXDIG HEXDIG`.
constexpr std::string_view pct_rule_name(syntax syn) noexcept
{
    return syn == syntax::rfc2141 ? "URN-chars" : "pct-encoded";
}
constexpr std::string_view hex_rule_name(syntax syn) noexcept
{
    return syn == syntax::rfc2141 ? "hex" : "HEXDIG";
}

bool in_repertoire(unsigned char c, syntax syn, bool first) noexcept
{
    switch (syn) {
    case syntax::rfc2141: return rfc2141_repertoire.contains(c);
    case syntax::rfc8141:
        // RFC 8141 section 2: NSS = pchar *(pchar / "/")
        return pchar_repertoire.contains(c) || (c == '/' && !first);
    case syntax::rfc2141bis: break;
    }
    return pchar_repertoire.contains(c);
}

bool forbids_nul(syntax syn) noexcept
{
    return syn == syntax::rfc2141 || syn == syntax::rfc2141bis;
}

parse_error make(error e, std::size_t offset, std::string_view expected, syntax syn) noexcept
{
    return parse_error{make_error_code(e), offset, expected, syn};
}

void append_triplet(std::string& out, unsigned char c)
{
    char const t[3] = {'%', lexical::hex_digit(c >> 4), lexical::hex_digit(c & 15)};
    out.append(t, 3);
}

/// The first fault of the triplets of `s` (ignoring NUL), or nothing;
/// `count` receives the number of triplets.
std::optional<parse_error> check_triplets(std::string_view s, syntax syn, bool nul_is_fault,
                                          std::size_t& count) noexcept
{
    // A plain loop, not memchr per "%": an NSS full of triplets would pay
    // a call per triplet.
    count = 0;
    std::size_t const n = s.size();
    for (std::size_t i = 0; i < n; ++i) {
        if (s[i] != '%')
            continue;
        for (std::size_t k = 1; k <= 2; ++k)
            if (i + k >= n || detail::hex_value(s[i + k]) < 0)
                return make(error::bad_pct_encoded, i + k, hex_rule_name(syn), syn);
        if (nul_is_fault && s[i + 1] == '0' && s[i + 2] == '0')
            return make(error::nul_octet, i, pct_rule_name(syn), syn);
        ++count;
        i += 2;
    }
    return std::nullopt;
}

/// The code points display() keeps encoded although they are valid UTF-8:
/// C1 controls and the invisible or reordering format characters.
bool hidden_code_point(std::uint32_t cp) noexcept
{
    return (cp >= 0x80 && cp <= 0x9F) || cp == 0xAD || cp == 0x061C ||
           (cp >= 0x200B && cp <= 0x200F) || (cp >= 0x2028 && cp <= 0x202E) ||
           (cp >= 0x2060 && cp <= 0x206F) || cp == 0xFEFF;
}

/// At s[i] (a valid triplet of octet >= 0x80), the length in octets of a
/// valid UTF-8 sequence written entirely as triplets, and its code point;
/// 0 if the octets there are not valid UTF-8 (RFC 3629 section 4).
std::size_t utf8_triplets(std::string_view s, std::size_t i, std::uint32_t& cp) noexcept
{
    // The octets of up to four triplets in a row, read as one UTF-8 sequence.
    unsigned char b[4];
    std::size_t have = 0;
    for (std::size_t at = i; have < 4 && at + 2 < s.size() && s[at] == '%'; at += 3)
        b[have++] = static_cast<unsigned char>(detail::triplet_octet(s.data() + at));
    std::size_t const n = have == 0 || b[0] < 0x80 ? 0 : lexical::utf8_sequence_length(b, have);
    if (n == 0)
        return 0;
    cp = b[0] & (0xFFu >> (n + 1)); // the lead octet's payload: 5, 4 or 3 bits
    for (std::size_t k = 1; k < n; ++k)
        cp = (cp << 6) | (b[k] & 0x3F);
    return n;
}

} // namespace

//------------------------------------------------

result<void> validate(std::string_view s, syntax syn) noexcept
{
    std::size_t n = 0;
    if (auto e = check_triplets(s, syn, forbids_nul(syn), n))
        return *e;
    return {};
}

result<decoded_view> decoded(std::string_view s) noexcept
{
    std::size_t n = 0;
    if (auto e = check_triplets(s, syntax::rfc2141bis, false, n))
        return *e;
    return decoded_view(s, s.size() - 2 * n);
}

result<void> decode(std::string_view s, std::string& out)
{
    auto d = decoded(s);
    if (!d)
        return d.error();
    std::size_t const old = out.size();
    out.resize(old + d->size());
    char* w = &out[old];
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%') {
            *w++ = detail::triplet_octet(s.data() + i);
            i += 2;
        } else {
            *w++ = s[i];
        }
    }
    return {};
}

result<std::string> decode(std::string_view s)
{
    std::string out;
    if (auto r = decode(s, out); !r)
        return r.error();
    return out;
}

//------------------------------------------------

result<display_info> display(std::string_view nss, syntax syn, std::string& out)
{
    if (auto r = validate(nss, syn); !r)
        return r.error();
    // Validated: nothing below can fail, so write straight into `out`.
    display_info info;
    std::string& text = out;
    text.reserve(text.size() + nss.size());
    std::size_t i = 0;
    while (i < nss.size()) {
        unsigned char const c = static_cast<unsigned char>(nss[i]);
        if (c != '%') {
            // Not expected in an NSS; never let such a byte through raw.
            if (c <= 0x20 || c >= 0x7F)
                append_triplet(text, c);
            else
                text += static_cast<char>(c);
            ++i;
            continue;
        }
        unsigned char const b = static_cast<unsigned char>(detail::triplet_octet(nss.data() + i));
        if (b < 0x80) {
            // Controls, DEL, "%", "/", "?", "#", space, and characters of the
            // repertoire (encoded only when a namespace reserves them).
            bool const keep = lexical::rfc5234::ctl.contains(b) || display_kept.contains(b) || in_repertoire(b, syn, false);
            if (keep) {
                text.append(nss.data() + i, 3);
                ++info.kept_encoded;
            } else {
                text += static_cast<char>(b);
            }
            i += 3;
            continue;
        }
        std::uint32_t cp = 0;
        std::size_t const n = utf8_triplets(nss, i, cp);
        if (n == 0) {
            info.valid_utf8 = false;
            text.append(nss.data() + i, 3);
            ++info.kept_encoded;
            i += 3;
        } else if (hidden_code_point(cp)) {
            text.append(nss.data() + i, 3 * n);
            info.kept_encoded += n;
            i += 3 * n;
        } else {
            for (std::size_t k = 0; k < n; ++k)
                text += detail::triplet_octet(nss.data() + i + 3 * k);
            i += 3 * n;
        }
    }
    return info;
}

result<display_info> display(urn_view v, std::string& out)
{
    if (v.buffer().empty())
        return make(error::bad_scheme, 0, "URI", v.syntax());
    if (auto r = validate(v.nss(), v.syntax()); !r)
        return r.error();
    out += v.buffer().substr(0, v.nid().size() + 5);   // "urn:" NID ":"
    auto r = display(v.nss(), v.syntax(), out);
    out += v.buffer().substr(v.assigned_name().size());
    return r;
}

//------------------------------------------------

bool needs_encoding(unsigned char c, syntax syn, bool first) noexcept
{
    return !in_repertoire(c, syn, first);
}

namespace {

/// The octets encode() copies as they are: the syntax's repertoire (with
/// "/" for RFC 8141, whose first-octet rule the callers apply) minus the
/// extra reserved characters.
charset literal_table(syntax syn, std::string_view extra) noexcept
{
    charset t = syn == syntax::rfc2141 ? rfc2141_repertoire : pchar_repertoire;
    if (syn == syntax::rfc8141)
        t = t | charset("/");
    for (char c : extra)
        t.table[static_cast<unsigned char>(c)] = false;
    return t;
}

/// Whether the first octet of `raw` (not empty) is copied as it is.
bool first_literal(std::string_view raw, syntax syn, charset const& t) noexcept
{
    unsigned char const c = static_cast<unsigned char>(raw[0]);
    return t.contains(c) && in_repertoire(c, syn, true);
}

/// encoded_size() with the table made.
std::size_t size_with(std::string_view raw, syntax syn, charset const& t) noexcept
{
    std::size_t n = first_literal(raw, syn, t) ? 1 : 3;
    for (std::size_t i = 1; i < raw.size(); ++i)
        n += t.contains(raw[i]) ? 1 : 3;
    return n;
}

/** The offset of the first NUL octet of `raw`. The builder refuses NUL in
    every syntax: RFC 2141 section
    2.4 and draft-03 section 2.5.3 forbid it even as "%00", and although RFC
    8141's ABNF accepts "%00" (parse_urn does), a NUL in a raw identifier is
    far more often a C string gone wrong than an octet meant to be named.
*/
std::optional<std::size_t> forbidden_nul(std::string_view raw) noexcept
{
    void const* p = std::memchr(raw.data(), 0, raw.size());
    if (!p)
        return std::nullopt;
    return static_cast<std::size_t>(static_cast<char const*>(p) - raw.data());
}

} // namespace

std::size_t encoded_size(std::string_view raw, syntax syn, std::string_view extra_reserved) noexcept
{
    if (raw.empty() || forbidden_nul(raw))
        return 0;
    return size_with(raw, syn, literal_table(syn, extra_reserved));
}

result<void> encode(std::string_view raw, std::string& out, syntax syn,
                    std::string_view extra_reserved)
{
    if (raw.empty())
        return make(error::bad_identifier, 0, "NSS", syn);
    if (auto at = forbidden_nul(raw))
        return make(error::nul_octet, *at, "NSS", syn);
    charset const t = literal_table(syn, extra_reserved);
    // Size exactly once, then write through a pointer: no capacity check
    // per octet.
    std::size_t const old = out.size();
    out.resize(old + size_with(raw, syn, t));
    char* w = &out[old];
    for (std::size_t i = 0; i < raw.size(); ++i) {
        unsigned char const c = static_cast<unsigned char>(raw[i]);
        if (i == 0 ? first_literal(raw, syn, t) : t.contains(c)) {
            *w++ = static_cast<char>(c);
        } else {
            w[0] = '%';
            w[1] = lexical::hex_digit(c >> 4u);
            w[2] = lexical::hex_digit(c & 15u);
            w += 3;
        }
    }
    return {};
}

result<std::string> encode(std::string_view raw, syntax syn, std::string_view extra_reserved)
{
    std::string out;
    if (auto r = encode(raw, out, syn, extra_reserved); !r)
        return r.error();
    return out;
}

} // namespace pct
} // namespace urns
