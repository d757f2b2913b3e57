// SPDX-License-Identifier: BSL-1.0
//
// Internal, X3-free: the quick answer for the commonest URNs. A URN of the
// form "urn:" NID ":" NSS whose NID and NSS need no decision of the
// grammar's is recognized here with the lexical tables in one pass: a NID
// that does not start with "urn", an NSS of the syntax's NSS octets and
// "%" HEXDIG HEXDIG triplets (not "%00" where the syntax refuses NUL), with
// no component after it ("?", "#" end the NSS in the draft and RFC 8141).
// Where that reading fails it places the fault (src/parse/fault_location.hpp),
// when the fault is of a kind whose error src/parse/learnt_errors.hpp
// learns from the grammar. Everything else, valid or not, goes to the
// grammar, which stays the authority: the scan says "valid, with these
// offsets" only when the grammar would say the same, and a learnt error is
// the grammar's (test fast_path compares the two over every vector,
// generated inputs and every octet at every kind of fault; the
// differential fuzzer does too). The NSS is read with the lexical tables
// eight octets at a time; one of 32 octets or more, where the processor
// can, a block at a time (src/parse/simd.hpp). docs/fast-path.md explains
// the design.
#ifndef URNS_SRC_PARSE_SCAN_HPP
#define URNS_SRC_PARSE_SCAN_HPP

#include <urns/detail/parts.hpp>
#include <urns/lexical.hpp>
#include <urns/syntax.hpp>

#include "parse/fault_location.hpp"
#include "parse/octets.hpp"
#include "parse/simd.hpp"
#include "parse/swar.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace urns {
namespace detail {
namespace fast {

/** Whether the octets [i, n) of `c` are all in `set`, eight at a time;
    `has_pct` is set when one of them is "%" (found by SWAR on the same
    words). The last, partial, eight are read as the eight octets that end
    at `n`: they overlap octets already read, which are in `set` too, and
    `min_start` <= n - 8 bounds them below (octets before it are not the
    caller's to judge). So the NSS, "%" triplets and all, is one pass with
    no branch per octet. When it returns false and no "%" came before the
    eight octets (or the octet) it failed on, `clean` is set to their start:
    nothing before it is a fault, so the fault's reader may start there.
*/
URNS_ALWAYS_INLINE bool all_in(char const* c, std::size_t i, std::size_t n, std::size_t min_start, lx::charset const& set,
                   bool& has_pct, std::size_t& clean) noexcept
{
    std::uint64_t pct = 0;
    for (; n - i >= 8; i += 8) {
        if (!all8(c + i, set)) {
            if (pct == 0)
                clean = i;
            return false;
        }
        pct |= pct_bytes(load8(c + i));
    }
    if (i < n) {
        if (n - min_start >= 8) {
            if (!all8(c + n - 8, set)) {
                if (pct == 0)
                    clean = n - 8;
                return false;
            }
            pct |= pct_bytes(load8(c + n - 8));
        } else {
            for (; i < n; ++i) {
                if (!set.contains(c[i])) {
                    if (pct == 0)
                        clean = i;
                    return false;
                }
                pct |= c[i] == '%';
            }
        }
    }
    has_pct = pct != 0;
    return true;
}

/// Whether the "%" at `p` of `c`, whose length is `n`, starts a triplet of
/// two `hex` octets, and, where `nul_refused`, not "%00".
URNS_ALWAYS_INLINE bool triplet_at(char const* c, std::size_t p, std::size_t n, lx::charset const& hex,
                                   bool nul_refused) noexcept
{
    return n - p >= 3 && hex.contains(c[p + 1]) && hex.contains(c[p + 2]) &&
           !(nul_refused && c[p + 1] == '0' && c[p + 2] == '0');
}

/** Whether every "%" in [i, n) of `c` starts a triplet of two `hex`
    octets, and, where `nul_refused`, not "%00". A "%" is never a hex
    octet, so each "%" is checked where it stands, in any order. The "%"s
    are found sixteen octets at a time (SSE2, x86-64's baseline), else
    with memchr. */
inline bool triplets(char const* c, std::size_t i, std::size_t n, lx::charset const& hex, bool nul_refused) noexcept
{
#if defined(__SSE2__)
    auto const each = [&](unsigned m, std::size_t at) {
        for (; m != 0; m &= m - 1)
            if (!triplet_at(c, at + static_cast<std::size_t>(__builtin_ctz(m)), n, hex, nul_refused))
                return false;
        return true;
    };
    std::size_t j = i;
    for (; n - j >= 16; j += 16)
        if (!each(pct_bits16(c + j), j))
            return false;
    if (j == n)
        return true;
    // The last sixteen octets, less those already read ([n - 16, j)); the
    // caller's NSS is at least that long with what comes before it.
    if (n >= 16)
        return each(pct_bits16(c + n - 16) & (0xffffu << (j - (n - 16))), n - 16);
    for (; j < n; ++j)
        if (c[j] == '%' && !triplet_at(c, j, n, hex, nul_refused))
            return false;
    return true;
#else
    char const* const end = c + n;
    char const* at = c + i;
    while ((at = static_cast<char const*>(std::memchr(at, '%', static_cast<std::size_t>(end - at)))) != nullptr) {
        if (!triplet_at(c, static_cast<std::size_t>(at - c), n, hex, nul_refused))
            return false;
        at += 3;
    }
    return true;
#endif
}
/// From this length on, the tables' reading checks an NSS's "%" triplets with triplets().
inline constexpr std::size_t long_nss = 40;

/// What scan found.
enum class outcome : std::uint8_t {
    simple,    ///< a URN of the simple form above, its parts filled
    fault,     ///< a fault of a phase above, placed
    grammar,   ///< for the grammar to decide
};

/// From this NSS length on, scan reads the NSS a block at a time where the
/// processor can: a shorter one gains less than the call costs.
inline constexpr std::size_t wide_nss = 32;

/** Whether `s` is a URN of the simple form above in syntax `syn` (with `p`
    filled), has a fault locate_fault places (with `f` filled), or is the
    grammar's to decide. One reading of a simple URN; the fault is looked
    for only where the simple form failed: from the NID or the NSS on
    when the scheme, or the scheme and the NID, were right, and from where
    that part's reader found no fault before. A long NSS is read as
    `wide` says. */
URNS_ALWAYS_INLINE outcome scan(std::string_view s, syntax syn, parts& p, fault& f, reading wide) noexcept
{
    std::size_t const n = s.size();
    char const* const c = s.data();
    std::size_t colon = 0;    // where the NSS's fault is looked for; 0: before the NSS
    bool scheme_ok = false;   // the fault is looked for from the NID on
    std::size_t clean = 0;    // the fault is looked for from here on (the part's reader found none before)
    do {
        // "urn:" (any case), then a NID that does not start with "urn": the
        // reserved NID "urn" (RFC 2141, draft) and RFC 8141's "urn-<n>" are
        // the grammar's to judge. Read as one word, the first octet lowest:
        // an octet or-ed with 0x20 is "u" only for "u" and "U", and so on.
        if (n < 8)
            break;
        std::uint64_t const head = load8_le(c) | 0x0000000000202020u;
        if ((head & 0xffffffffu) != 0x3a6e7275u)   // "urn:"
            break;
        scheme_ok = true;
        if (((head >> 32 | 0x202020u) & 0xffffffu) == 0x6e7275u)   // "urn"
            return outcome::grammar;
        if (!nid_end.contains(c[4]))
            break;
        std::size_t i = 5;
        std::size_t const nid_limit = n < 4 + 32 ? n : 4 + 32;
        while (i < nid_limit && nid_mid.contains(c[i]))
            ++i;
        clean = i;
        // At least two NID octets, the last not "-", then ":" and a non-empty NSS.
        if (i == 5 || i == n || c[i] != ':' || c[i - 1] == '-')
            break;
        colon = i;
        if (i == n - 1 || (syn == syntax::rfc8141 && c[colon + 1] == '/'))
            break;
#if URNS_FAST_SSSE3
        if (n - colon > wide_nss && wide != reading::tables) {
            clean = wide == reading::avx2 ? long_nss32(c, colon + 1, n, syn) : long_nss16(c, colon + 1, n, syn);
            if (clean != nss_valid)
                break;
        } else
#endif
        {
            (void)wide;
            lx::charset const& nss = syn == syntax::rfc2141      ? nss_rfc2141
                                     : syn == syntax::rfc2141bis ? nss_rfc2141bis
                                                                 : nss_rfc8141;
            // The overlapping last word may reach back over the NID and the
            // ":" (all NSS octets in every syntax, and no "%"), not over "urn:".
            bool has_pct = false;
            if (!all_in(c, colon + 1, n, 4, nss, has_pct, clean))
                break;
            // Each "%" must start a triplet of RFC 2141's hex or RFC 3986's
            // HEXDIG (the same octets), and not "%00" where refused: RFC 2141
            // section 2.4 and draft-03 section 2.5.3 refuse octet 0 even as
            // "%00"; RFC 8141 does not (grammar/README.md, decision 14). A
            // long NSS is searched for its "%"s by triplets(); a short one, or
            // one with a bad triplet, is read by the fault's reader.
            if (has_pct &&
                !(n - colon > long_nss &&
                  triplets(c, colon + 1, n, syn == syntax::rfc2141 ? lx::rfc2141::hex : lx::rfc5234::hexdig,
                           syn != syntax::rfc8141)) &&
                locate_nss_fault(s, syn, colon + 1, f))
                return outcome::fault;
        }
        p.syntax = syn;
        p.nid_end = colon;
        p.nss_end = n;
        return outcome::simple;
    } while (false);
    bool const placed = colon       ? locate_nss_fault(s, syn, colon + 1, f, clean)
                        : scheme_ok ? locate_nid_fault(s, syn, f, clean)
                                    : locate_fault(s, syn, f);
    return placed ? outcome::fault : outcome::grammar;
}

/** The offsets of `s` when it is a URN of the simple form above in syntax
    `syn`, with `p` filled; false when it is not (scan by the tables,
    without its answer for the rest). */
inline bool simple_urn(std::string_view s, syntax syn, parts& p) noexcept
{
    fault f;
    return scan(s, syn, p, f, reading::tables) == outcome::simple;
}

} // namespace fast
} // namespace detail
} // namespace urns

#endif
