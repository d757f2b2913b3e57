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

#include "lexical.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace urns {
namespace detail {
namespace fast {

namespace lx = urns::lexical;

// The octets an NSS is made of in each syntax, "%" among them (whether
// each "%" starts a triplet is checked afterwards, see simple_urn): RFC
// 2141's trans ("/", "?" and "#" are among them: RFC 2141 has no
// components); pchar for the draft ("NSS = 1*pchar"); pchar and "/" for
// RFC 8141 ("NSS = pchar *(pchar / "/")", so not "/" first).
inline constexpr lx::charset nss_rfc2141 = lx::rfc2141::trans | lx::charset("%");
inline constexpr lx::charset nss_rfc2141bis = lx::rfc3986::pchar | lx::charset("%");
inline constexpr lx::charset nss_rfc8141 = lx::rfc3986::pchar | lx::charset("%/");
// The NID: (ALPHA / DIGIT) 0*30(ALPHA / DIGIT / "-") (ALPHA / DIGIT), the
// rule of RFC 8141 and of the draft's section 2.1, and a subset of RFC
// 2141's let-num [ 1*31let-num-hyp ].
inline constexpr lx::charset nid_end = lx::rfc8141::alphanum;
inline constexpr lx::charset nid_mid = lx::rfc8141::ldh;

// The fast path and its helpers are always inlined into parse_urn: as
// calls they cost a sixth of a short URN's parse.
/// Whether eight octets from `c` are all in `set` (their table entries
/// and-ed: one branch for the eight).
URNS_ALWAYS_INLINE bool all8(char const* c, lx::charset const& set) noexcept
{
    auto in = [c, &set](int j) -> unsigned { return set.contains(c[j]); };
    return (in(0) & in(1) & in(2) & in(3) & in(4) & in(5) & in(6) & in(7)) != 0;
}

/** Whether the octets [i, n) of `c` are all in `set`, eight at a time;
    `has_pct` is set when one of them is "%" (found by SWAR on the same
    words). The last, partial, eight are read as the eight octets that end
    at `n`: they overlap octets already read, which are in `set` too, and
    `min_start` <= n - 8 bounds them below (octets before it are not the
    caller's to judge). So the NSS, "%" triplets and all, is one pass with
    no branch per octet.
*/
URNS_ALWAYS_INLINE bool all_in(char const* c, std::size_t i, std::size_t n, std::size_t min_start, lx::charset const& set,
                   bool& has_pct) noexcept
{
    std::uint64_t pct = 0;
    for (; n - i >= 8; i += 8) {
        if (!all8(c + i, set))
            return false;
        pct |= pct_bytes(load8(c + i));
    }
    if (i < n) {
        if (n - min_start >= 8) {
            if (!all8(c + n - 8, set))
                return false;
            pct |= pct_bytes(load8(c + n - 8));
        } else {
            for (; i < n; ++i) {
                if (!set.contains(c[i]))
                    return false;
                pct |= c[i] == '%';
            }
        }
    }
    has_pct = pct != 0;
    return true;
}

/** Whether every "%" in [i, n) of `c` starts a triplet of two `hex`
    octets, and, where `nul_refused`, not "%00". */
inline bool triplets(char const* c, std::size_t i, std::size_t n, lx::charset const& hex, bool nul_refused) noexcept
{
    char const* const end = c + n;
    char const* at = c + i;
    while ((at = static_cast<char const*>(std::memchr(at, '%', static_cast<std::size_t>(end - at)))) != nullptr) {
        if (end - at < 3 || !hex.contains(at[1]) || !hex.contains(at[2]))
            return false;
        if (nul_refused && at[1] == '0' && at[2] == '0')
            return false;
        at += 3;
    }
    return true;
}

/** The offsets of `s` when it is a URN of the simple form above in syntax
    `syn`, with `p` filled; false when the grammar must decide. */
URNS_ALWAYS_INLINE bool simple_urn(std::string_view s, syntax syn, parts& p) noexcept
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
    lx::charset const& nss = syn == syntax::rfc2141      ? nss_rfc2141
                             : syn == syntax::rfc2141bis ? nss_rfc2141bis
                                                         : nss_rfc8141;
    // The overlapping last word may reach back over the NID and the ":"
    // (all NSS octets in every syntax, and no "%"), not over "urn:".
    bool has_pct = false;
    if (!all_in(c, colon + 1, n, 4, nss, has_pct) || (syn == syntax::rfc8141 && c[colon + 1] == '/'))
        return false;
    // RFC 2141's "%" hex hex and RFC 3986's pct-encoded: the same octets.
    // RFC 2141 section 2.4 and draft-03 section 2.5.3 refuse octet 0 even
    // as "%00"; RFC 8141 does not (grammar/README.md, decision 14).
    if (has_pct && !triplets(c, colon + 1, n, syn == syntax::rfc2141 ? lx::rfc2141::hex : lx::rfc5234::hexdig,
                                syn != syntax::rfc8141))
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
