// SPDX-License-Identifier: BSL-1.0
// Test-only reference implementation: a second, independent URN recognizer.
//
// Hand-written from grammar/*.abnf (and the syntax decisions recorded in
// test/vectors/README.md), one function per syntax, with plain loops over
// the bytes. It shares no code with the library (no urns header, no X3) and
// is never used by it: the differential test (test/unit/differential.cpp)
// and fuzz target (fuzz/differential.cpp) compare its verdict and component
// spans with urns::parse_urn. Clarity over speed; every rule it checks is
// marked with the ABNF line it comes from.
#ifndef URNS_TEST_REFERENCE_URN_REFERENCE_HPP
#define URNS_TEST_REFERENCE_URN_REFERENCE_HPP

#include <cstddef>
#include <string_view>

namespace urns_reference {

inline constexpr std::size_t npos = static_cast<std::size_t>(-1);

/// A component's [begin, end) byte offsets; begin == npos when absent.
struct span {
    std::size_t begin = npos;
    std::size_t end = npos;
    bool present() const { return begin != npos; }
    friend bool operator==(span a, span b) { return a.begin == b.begin && a.end == b.end; }
    friend bool operator!=(span a, span b) { return !(a == b); }
};

/// The verdict and, when valid, where each component lies.
struct result {
    bool ok = false;
    span nid;
    span nss;
    span query;        // draft-03 only, after "?"
    span r_component;  // RFC 8141 only, after "?+"
    span q_component;  // RFC 8141 only, after "?="
    span fragment;     // draft-03 and RFC 8141, after "#"
};

enum class which { rfc2141, rfc2141bis, rfc8141 };

namespace detail {

inline bool is_alpha(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }
inline bool is_digit(char c) { return c >= '0' && c <= '9'; }
inline bool is_alnum(char c) { return is_alpha(c) || is_digit(c); }
inline bool is_hex(char c)
{
    return is_digit(c) || (c >= 'A' && c <= 'F') || (c >= 'a' && c <= 'f');
}
inline bool one_of(char c, char const* set)
{
    for (; *set; ++set)
        if (*set == c)
            return true;
    return false;
}
/// `a` equals the lower-case literal `lit`, ignoring the case of letters.
inline bool iequal(std::string_view a, std::string_view lit)
{
    std::size_t i = 0;
    while (i < a.size() && i < lit.size() &&
           (a[i] == lit[i] || (is_alpha(a[i]) && (a[i] | 0x20) == lit[i])))
        ++i;
    return i == a.size() && i == lit.size();
}

/// "%" HEXDIG HEXDIG at i (HEXDIG: RFC 5234, case-insensitive literals).
inline bool pct_at(std::string_view s, std::size_t i)
{
    return i + 2 < s.size() && s[i] == '%' && is_hex(s[i + 1]) && is_hex(s[i + 2]);
}

/// RFC 3986: pchar = unreserved / pct-encoded / sub-delims / ":" / "@".
/// Returns the number of bytes of the pchar at i, 0 if there is none.
inline std::size_t pchar_len(std::string_view s, std::size_t i)
{
    if (i >= s.size())
        return 0;
    char const c = s[i];
    if (is_alnum(c) || one_of(c, "-._~"))  // unreserved
        return 1;
    if (one_of(c, "!$&'()*+,;="))  // sub-delims
        return 1;
    if (c == ':' || c == '@')
        return 1;
    return pct_at(s, i) ? 3 : 0;
}

/// Length of the NID run starting at 4: letters, digits and hyphens.
inline std::size_t ldh_run(std::string_view s)
{
    std::size_t i = 4;
    while (i < s.size() && (is_alnum(s[i]) || s[i] == '-'))
        ++i;
    return i - 4;
}

/// "%00" anywhere (RFC 2141 section 2.4, draft-03 section 2.5.3).
inline bool has_pct00(std::string_view s)
{
    for (std::size_t i = 0; i + 2 < s.size(); ++i)
        if (s[i] == '%' && s[i + 1] == '0' && s[i + 2] == '0')
            return true;
    return false;
}

/// NID = (ALPHA / DIGIT) 0*30(ALPHA / DIGIT / "-") (ALPHA / DIGIT),
/// followed by ":". The NID cannot contain ":", so it is the whole run of
/// letters, digits and hyphens after "urn:". Returns the NID's end or npos.
inline std::size_t nid_2_to_32(std::string_view s)
{
    std::size_t const n = ldh_run(s);
    if (n < 2 || n > 32)
        return npos;
    if (!is_alnum(s[4]) || !is_alnum(s[4 + n - 1]))
        return npos;
    if (4 + n >= s.size() || s[4 + n] != ':')
        return npos;
    return 4 + n;
}

/// "urn" ":" NID ":" with the 2-to-32 NID of draft-03 and RFC 8141;
/// returns the NID's end or npos.
inline std::size_t scheme_and_nid(std::string_view s)
{
    if (s.size() < 4 || !iequal(s.substr(0, 4), "urn:"))
        return npos;
    return nid_2_to_32(s);
}

/// fragment = *( pchar / "/" / "?" ) from i; returns its span.
inline span fragment_at(std::string_view s, std::size_t& i)
{
    span f{i, i};
    for (;;) {
        if (std::size_t k = pchar_len(s, i))
            i += k;
        else if (i < s.size() && (s[i] == '/' || s[i] == '?'))
            ++i;
        else
            break;
    }
    f.end = i;
    return f;
}

} // namespace detail

/// RFC 2141:  URN = "urn:" NID ":" NSS;  NID = let-num [ 1*31let-num-hyp ];
/// NSS = 1*URN-chars;  URN-chars = trans / "%" hex hex;
/// trans = upper / lower / number / other / reserved (reserved without "%").
/// Plus section 2.1 (NID "urn" reserved) and 2.4 ("%00" never used).
inline result check_rfc2141(std::string_view s)
{
    using namespace detail;
    result r;
    if (s.size() < 4 || !iequal(s.substr(0, 4), "urn:"))
        return r;
    std::size_t const n = ldh_run(s);  // let-num-hyp = upper / lower / number / "-"
    if (n < 1 || n > 32 || !is_alnum(s[4]))
        return r;
    std::size_t const nid_end = 4 + n;
    if (nid_end >= s.size() || s[nid_end] != ':')
        return r;
    std::size_t i = nid_end + 1;
    if (i == s.size())  // NSS = 1*URN-chars
        return r;
    while (i < s.size()) {
        char const c = s[i];
        // other = "(" / ")" / "+" / "," / "-" / "." / ":" / "=" / "@" / ";" / "$" / "_" / "!" / "*" / "'"
        // reserved = "/" / "?" / "#" (and "%", only as "%" hex hex)
        if (is_alnum(c) || one_of(c, "()+,-.:=@;$_!*'") || one_of(c, "/?#"))
            ++i;
        else if (pct_at(s, i))
            i += 3;
        else
            return r;
    }
    if (iequal(s.substr(4, n), "urn") || has_pct00(s))
        return r;
    r.ok = true;
    r.nid = {4, nid_end};
    r.nss = {nid_end + 1, s.size()};
    return r;
}

/// draft-ietf-urnbis-rfc2141bis-urn-03:
///   URI = "urn" ":" NID ":" NSS [ "?" urn-query ] [ "#" fragment ]
///   NSS = 1*pchar;  urn-query = directive *( "&" directive )
///   directive = keywd "=" value;  keywd = ALPHA *( ["-"] (ALPHA / DIGIT) )
///   value = *v-pchar;  v-pchar = unreserved / pct-encoded / v-subdels
///   v-subdels = "!" / "$" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "=" / ":" / "@" / "/" / "?"
///   fragment = *( pchar / "/" / "?" )
/// Plus section 2.1 (NID "urn" reserved) and 2.5.3 ("%00" MUST NOT be used).
inline result check_rfc2141bis(std::string_view s)
{
    using namespace detail;
    result r;
    std::size_t const nid_end = scheme_and_nid(s);
    if (nid_end == npos)
        return r;
    std::size_t i = nid_end + 1;
    std::size_t const nss_begin = i;
    while (std::size_t k = pchar_len(s, i))
        i += k;
    if (i == nss_begin)
        return r;
    std::size_t const nss_end = i;
    span query, fragment;
    if (i < s.size() && s[i] == '?') {
        ++i;
        query.begin = i;
        for (;;) {  // one directive per turn
            if (i >= s.size() || !is_alpha(s[i]))
                return r;
            ++i;
            for (;;) {  // *( ["-"] (ALPHA / DIGIT) )
                if (i < s.size() && is_alnum(s[i]))
                    ++i;
                else if (i + 1 < s.size() && s[i] == '-' && is_alnum(s[i + 1]))
                    i += 2;
                else
                    break;
            }
            if (i >= s.size() || s[i] != '=')
                return r;
            ++i;
            for (;;) {  // *v-pchar
                if (i < s.size() && (is_alnum(s[i]) || one_of(s[i], "-._~") ||
                                     one_of(s[i], "!$'()*+,;=:@/?")))
                    ++i;
                else if (pct_at(s, i))
                    i += 3;
                else
                    break;
            }
            if (i < s.size() && s[i] == '&') {
                ++i;
                continue;
            }
            break;
        }
        query.end = i;
    }
    if (i < s.size() && s[i] == '#')
        fragment = fragment_at(s, ++i);
    if (i != s.size())
        return r;
    if (iequal(s.substr(4, nid_end - 4), "urn") || has_pct00(s))
        return r;
    r.ok = true;
    r.nid = {4, nid_end};
    r.nss = {nss_begin, nss_end};
    r.query = query;
    r.fragment = fragment;
    return r;
}

/// RFC 8141 section 2:
///   namestring = assigned-name [ rq-components ] [ "#" f-component ]
///   assigned-name = "urn" ":" NID ":" NSS;  NSS = pchar *(pchar / "/")
///   rq-components = [ "?+" r-component ] [ "?=" q-component ]
///   r-component = pchar *( pchar / "/" / "?" )   (ends before the first "?=")
///   q-component = pchar *( pchar / "/" / "?" )
///   f-component = fragment = *( pchar / "/" / "?" )
/// Plus section 5.2: a NID starting "urn-" must be "urn-" DigitNonZero *Digit.
inline result check_rfc8141(std::string_view s)
{
    using namespace detail;
    result r;
    std::size_t const nid_end = scheme_and_nid(s);
    if (nid_end == npos)
        return r;
    std::size_t i = nid_end + 1;
    std::size_t const nss_begin = i;
    if (!pchar_len(s, i))
        return r;
    for (;;) {
        if (std::size_t k = pchar_len(s, i))
            i += k;
        else if (i < s.size() && s[i] == '/')
            ++i;
        else
            break;
    }
    std::size_t const nss_end = i;
    span rc, qc, fc;
    // One of r / q: a non-empty run that starts with a pchar and goes on
    // with pchar / "/" / "?"; an r-component also stops before "?=".
    auto component = [&](bool stop_at_q) -> bool {
        std::size_t const b = i;
        if (!pchar_len(s, i))
            return false;
        for (;;) {
            if (stop_at_q && i + 1 < s.size() && s[i] == '?' && s[i + 1] == '=')
                break;
            if (std::size_t k = pchar_len(s, i))
                i += k;
            else if (i < s.size() && (s[i] == '/' || s[i] == '?'))
                ++i;
            else
                break;
        }
        return i > b;
    };
    if (i + 1 < s.size() && s[i] == '?' && s[i + 1] == '+') {
        i += 2;
        rc.begin = i;
        if (!component(true))
            return r;
        rc.end = i;
    }
    if (i + 1 < s.size() && s[i] == '?' && s[i + 1] == '=') {
        i += 2;
        qc.begin = i;
        if (!component(false))
            return r;
        qc.end = i;
    }
    if (i < s.size() && s[i] == '#')
        fc = fragment_at(s, ++i);
    if (i != s.size())
        return r;
    std::string_view const nid = s.substr(4, nid_end - 4);
    if (nid.size() >= 4 && iequal(nid.substr(0, 4), "urn-")) {
        // InformalNamespaceName = "urn-" Number; Number = DigitNonZero 0*Digit
        std::string_view const num = nid.substr(4);
        if (num.empty() || num[0] == '0')
            return r;
        for (char c : num)
            if (!is_digit(c))
                return r;
    }
    r.ok = true;
    r.nid = {4, nid_end};
    r.nss = {nss_begin, nss_end};
    r.r_component = rc;
    r.q_component = qc;
    r.fragment = fc;
    return r;
}

inline result check(std::string_view s, which w)
{
    switch (w) {
    case which::rfc2141: return check_rfc2141(s);
    case which::rfc8141: return check_rfc8141(s);
    case which::rfc2141bis: break;
    }
    return check_rfc2141bis(s);
}

} // namespace urns_reference

#endif
