// SPDX-License-Identifier: BSL-1.0
//
// Internal, X3-free: the quick answer for the commonest URNs. A URN of the
// form "urn:" NID ":" NSS whose NID and NSS need no decision of the
// grammar's (no "%", no "?", "#" or "/", no NID that starts with "urn") is
// recognized here with the lexical tables in one pass; everything else,
// valid or not, goes to the grammar, which stays the authority: the fast
// path says only "valid, with these offsets" when the grammar would say the
// same (test fast_path compares the two over every vector and generated
// inputs; the differential fuzzer does too).
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

// The NSS octets that are NSS characters on their own in each syntax,
// without "%" (which needs the grammar: RFC 2141 and the draft refuse
// "%00") and without the delimiters of components ("?", "#", "/").
inline constexpr lx::charset nss_rfc2141 = lx::rfc2141::trans - lx::rfc2141::reserved;
inline constexpr lx::charset nss_pchar = lx::rfc3986::pchar;
// The NID: (ALPHA / DIGIT) 0*30(ALPHA / DIGIT / "-") (ALPHA / DIGIT), the
// rule of RFC 8141 and of the draft's section 2.1, and a subset of RFC
// 2141's let-num [ 1*31let-num-hyp ].
inline constexpr lx::charset nid_end = lx::rfc8141::alphanum;
inline constexpr lx::charset nid_mid = lx::rfc8141::ldh;

/** The offsets of `s` when it is a URN of the simple form above in syntax
    `syn`, with `p` filled; false when the grammar must decide. */
inline bool simple_urn(std::string_view s, syntax syn, parts& p) noexcept
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
    for (i = colon + 1; i < n; ++i)
        if (!nss.contains(c[i]))
            return false;
    p.syntax = syn;
    p.nid_end = colon;
    p.nss_end = n;
    return true;
}

} // namespace fast
} // namespace detail
} // namespace urns

#endif
