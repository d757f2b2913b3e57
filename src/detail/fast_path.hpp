// SPDX-License-Identifier: BSL-1.0
//
// Internal, X3-free: the quick answer for the commonest URNs. A URN of the
// form "urn:" NID ":" NSS whose NID and NSS need no decision of the
// grammar's is recognized here with the lexical tables in one pass: a NID
// that does not start with "urn", an NSS of the syntax's NSS octets and
// "%" HEXDIG HEXDIG triplets (not "%00" where the syntax refuses NUL), with
// no component after it ("?", "#" end the NSS in the draft and RFC 8141).
// Everything else, valid or not, goes to the grammar, which stays the
// authority: the fast path says only "valid, with these offsets" when the
// grammar would say the same (test fast_path compares the two over every
// vector and generated inputs; the differential fuzzer does too).
#ifndef URNS_SRC_DETAIL_FAST_PATH_HPP
#define URNS_SRC_DETAIL_FAST_PATH_HPP

#include <urns/detail/parts.hpp>
#include <urns/lexical.hpp>
#include <urns/syntax.hpp>

#include <cstddef>
#include <string_view>

namespace urns {
namespace detail {
namespace fast {

namespace lx = urns::lexical;

// The octets that are NSS characters on their own in each syntax: RFC
// 2141's trans (its URN-chars without the "%" triplet; "/", "?" and "#"
// are among them: RFC 2141 has no components), and pchar without its
// pct-encoded for the draft ("NSS = 1*pchar") and RFC 8141 ("NSS = pchar
// *(pchar / "/")", whose "/" is taken below, after the first octet).
inline constexpr lx::charset nss_rfc2141 = lx::rfc2141::trans;
inline constexpr lx::charset nss_pchar = lx::rfc3986::pchar;
// The NID: (ALPHA / DIGIT) 0*30(ALPHA / DIGIT / "-") (ALPHA / DIGIT), the
// rule of RFC 8141 and of the draft's section 2.1, and a subset of RFC
// 2141's let-num [ 1*31let-num-hyp ].
inline constexpr lx::charset nid_end = lx::rfc8141::alphanum;
inline constexpr lx::charset nid_mid = lx::rfc8141::ldh;

// Inlined into parse_urn whatever the compiler's size estimate: as a call
// it costs a sixth of a short URN's parse.
#if defined(__GNUC__)
#define URNS_FAST_PATH_INLINE [[gnu::always_inline]] inline
#else
#define URNS_FAST_PATH_INLINE inline
#endif

/** The offsets of `s` when it is a URN of the simple form above in syntax
    `syn`, with `p` filled; false when the grammar must decide. */
URNS_FAST_PATH_INLINE bool simple_urn(std::string_view s, syntax syn, parts& p) noexcept
{
    std::size_t const n = s.size();
    char const* const c = s.data();
    // "urn:" (any case), then a NID that does not start with "urn": the
    // reserved NID "urn" (RFC 2141, draft) and RFC 8141's "urn-<n>" are the
    // grammar's to judge.
    if (n < 8 || (c[0] | 0x20) != 'u' || (c[1] | 0x20) != 'r' || (c[2] | 0x20) != 'n' || c[3] != ':')
        return false;
    if ((c[4] | 0x20) == 'u' && (c[5] | 0x20) == 'r' && (c[6] | 0x20) == 'n')
        return false;
    if (!nid_end.contains(c[4]))
        return false;
    std::size_t i = 5;
    std::size_t const nid_limit = n < 4 + 32 ? n : 4 + 32;
    while (i < nid_limit && nid_mid.contains(c[i]))
        ++i;
    // At least two NID octets, the last not "-", then ":" and a non-empty NSS.
    if (i == 5 || i >= n - 1 || c[i] != ':' || c[i - 1] == '-')
        return false;
    std::size_t const colon = i;
    lx::charset const& nss = syn == syntax::rfc2141 ? nss_rfc2141 : nss_pchar;
    // RFC 2141's "%" hex hex and RFC 3986's pct-encoded: the same octets.
    lx::charset const& hex = syn == syntax::rfc2141 ? lx::rfc2141::hex : lx::rfc5234::hexdig;
    // RFC 2141 section 2.4 and draft-03 section 2.5.3 refuse octet 0 even
    // as "%00"; RFC 8141 does not (grammar/README.md, decision 14).
    bool const nul_refused = syn != syntax::rfc8141;
    i = colon + 1;
    for (;;) {
        // The run of plain octets (the whole NSS, mostly), then what ends it.
        while (i < n && nss.contains(c[i]))
            ++i;
        if (i == n)
            break;
        if (c[i] == '%') {
            if (i + 2 >= n || !hex.contains(c[i + 1]) || !hex.contains(c[i + 2]))
                return false;
            if (nul_refused && c[i + 1] == '0' && c[i + 2] == '0')
                return false;
            i += 3;
        } else if (c[i] == '/' && syn == syntax::rfc8141 && i > colon + 1) {
            ++i;
        } else {
            return false;
        }
    }
    p.syntax = syn;
    p.nid_end = colon;
    p.nss_end = n;
    return true;
}

} // namespace fast
} // namespace detail
} // namespace urns

#endif
