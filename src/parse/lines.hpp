// SPDX-License-Identifier: BSL-1.0
//
// Internal, X3-free: valid_lines' quick reading. A line of a text is
// judged from bit masks of the 64 octets from its start (bit j: octet j):
// where its "\n" is, which octets are not NID octets, not NSS octets, "%",
// and, for a line with a "%", not hex digits and "0". From them, a line
// shorter than 64 octets is vouched for when it is a URN of the fast
// path's simple form (src/parse/scan.hpp: "urn:" NID ":" NSS, the
// same conditions on the same lexical sets), which the grammar accepts;
// every other line is left to parse_urn. The masks are made 32 octets at a
// time (AVX2) or 16 (SSSE3), with the fast path's nibble tables; a
// processor with neither parses every line. Test valid_lines compares
// each reading with the grammar, line by line.
#ifndef URNS_SRC_PARSE_LINES_HPP
#define URNS_SRC_PARSE_LINES_HPP

#include "parse/simd.hpp"
#include "parse/swar.hpp"

#include <urns/parse.hpp>

namespace urns {
namespace detail {
namespace fast {

#if URNS_FAST_SSSE3

/// The masks of the 64 octets from a line's start that frame a line of
/// the simple form.
struct line_masks {
    std::uint64_t nl;        ///< "\n" (not 0: the line ends among them)
    std::uint64_t nid_out;   ///< not a NID octet (nid_mid)
    std::uint64_t nss_out;   ///< not an NSS octet of the syntax ("%" is one)
    std::uint64_t pct;       ///< "%"
};

/// The index of the lowest set bit of `m`, which is not 0.
URNS_ALWAYS_INLINE unsigned lowest(std::uint64_t m) noexcept
{
    return static_cast<unsigned>(__builtin_ctzll(m));
}

/** The line at `p`, of masks `m`, without its triplets: 0 if it is not
    of the simple form in syntax `syn`, else its length with its "\n";
    then `pcts` holds its NSS's "%"s, each of which must start a triplet
    (simple_triplets). The conditions of fast::scan on the masks: "urn:"
    in any case; a NID that does not start with "urn", whose first octet
    is a letter or digit, of 2 to 32 octets (its ":" is the first octet
    from the sixth on that is not a NID octet, by the 37th), not ending in
    "-"; a non-empty NSS, not starting with "/" in RFC 8141, of NSS
    octets. (These make the line at least 8 octets long, scan's first
    condition.) The first eight octets are read as one little-endian word
    (this is x86 code): "urn:" and the NID's first three, a letter's case
    bit set. */
URNS_ALWAYS_INLINE unsigned simple_frame(char const* p, line_masks const& m, syntax syn, std::uint64_t& pcts) noexcept
{
    std::uint64_t const head = load8(p) | 0x0020202000202020u;
    if ((head & 0xffffffffu) != 0x3a6e7275u      // "urn:"
        || (head & 0xffffff00000000u) == 0x6e727500000000u   // a NID "urn..."
        || (m.nid_out & 0x10u) != 0 || p[4] == '-')
        return 0;
    unsigned const e = lowest(m.nl);   // where the "\n" is: the line's length
    // Not 0: the "\n" is not a NID octet.
    unsigned const colon = lowest(m.nid_out & ~std::uint64_t{0x1f});
    if (colon == 5 || colon > 4 + 32 || p[colon] != ':' || p[colon - 1] == '-' || colon + 1 == e)
        return 0;
    if (syn == syntax::rfc8141 && p[colon + 1] == '/')
        return 0;
    // The NSS: the octets after the ":", before the "\n" (e < 64, colon < 37).
    std::uint64_t const nss = ((std::uint64_t{1} << e) - 1) & ~((std::uint64_t{2} << colon) - 1);
    if ((m.nss_out & nss) != 0)
        return 0;
    pcts = m.pct & nss;
    return e + 1;
}

/** Whether each "%" of `pcts` starts a triplet of two hex digits (bits
    clear in `hex_out`), not "%00" where `nul_refused` (`zeros`: the
    octets "0"). A "%" one or two octets before the "\n" has a digit on
    the "\n", which is not hex; no digit that matters is past it. */
URNS_ALWAYS_INLINE bool simple_triplets(std::uint64_t pcts, std::uint64_t hex_out, std::uint64_t zeros,
                                        bool nul_refused) noexcept
{
    std::uint64_t const a = pcts << 1;   // first digits
    std::uint64_t const b = pcts << 2;   // second digits
    if (((a | b) & hex_out) != 0)
        return false;
    return !nul_refused || (b & zeros & ((a & zeros) << 1)) == 0;
}

// simple_lines32 and simple_lines16 are two functions, not one template,
// for the reason faults16 and faults32 are (src/parse/simd.hpp): a
// target attribute cannot depend on a template's argument.

/** The lines from the start of `c` (`n` octets) that simple_frame and
    simple_triplets vouch for, read while 64 octets remain: their length;
    `lines` counts them. It stops at a line it does not vouch for. The
    masks are made from two blocks of 32 octets (AVX2), with the tables
    and constants set up once, before the loop. */
URNS_AVX2 [[gnu::noinline]] inline std::size_t simple_lines32(char const* c, std::size_t n, syntax syn,
                                                             std::size_t& lines) noexcept
{
    nss_sets const sets = sets_of(syn);
    __m256i const hi_t = table32(nid_mid_16.hi);
    __m256i const nid_t = table32(nid_mid_16.lo);
    __m256i const nss_t = table32(sets.set.lo);
    __m256i const low4 = _mm256_set1_epi8(0x0f);
    __m256i const nl = _mm256_set1_epi8('\n');
    __m256i const pct = _mm256_set1_epi8('%');
    std::size_t i = 0;
    std::size_t count = 0;
    while (n - i >= 64) {
        char const* const p = c + i;
        __m256i const v0 = _mm256_loadu_si256(reinterpret_cast<__m256i const*>(p));
        __m256i const v1 = _mm256_loadu_si256(reinterpret_cast<__m256i const*>(p + 32));
        line_masks m;
        m.nl = equal64(v0, v1, nl);
        if (m.nl == 0)
            break;   // 64 octets or more: parse_urn's
        __m256i const h0 = high32(v0, hi_t, low4);
        __m256i const h1 = high32(v1, hi_t, low4);
        m.nid_out = outside64(nid_t, v0, v1, h0, h1);
        m.nss_out = outside64(nss_t, v0, v1, h0, h1);
        m.pct = equal64(v0, v1, pct);
        std::uint64_t pcts = 0;
        unsigned const len = simple_frame(p, m, syn, pcts);
        if (len == 0)
            break;
        if (pcts != 0 && !simple_triplets(pcts, outside64(table32(sets.hex.lo), v0, v1, h0, h1),
                                          equal64(v0, v1, _mm256_set1_epi8('0')), sets.nul_refused))
            break;
        i += len;
        ++count;
    }
    lines += count;
    return i;
}

/// Four blocks of 16 octets, and their octets' high nibbles' bits (SSSE3).
struct blocks16 {
    __m128i v[4];
    __m128i high[4];
};

URNS_SSSE3 URNS_ALWAYS_INLINE blocks16 read16x4(char const* p) noexcept
{
    __m128i const hi_t = _mm_load_si128(reinterpret_cast<__m128i const*>(nid_mid_16.hi));
    blocks16 b;
    for (int k = 0; k < 4; ++k) {
        b.v[k] = _mm_loadu_si128(reinterpret_cast<__m128i const*>(p + 16 * k));
        b.high[k] = _mm_shuffle_epi8(hi_t, _mm_and_si128(_mm_srli_epi16(b.v[k], 4), _mm_set1_epi8(0x0f)));
    }
    return b;
}

/// Bit j set when octet j of `b` is `o`.
URNS_SSSE3 URNS_ALWAYS_INLINE std::uint64_t equal64(blocks16 const& b, char o) noexcept
{
    std::uint64_t r = 0;
    for (int k = 0; k < 4; ++k)
        r |= std::uint64_t{equal16(b.v[k], o)} << (16 * k);
    return r;
}

/// Bit j set when octet j of `b` is not in the set of `t`.
URNS_SSSE3 URNS_ALWAYS_INLINE std::uint64_t outside64(blocks16 const& b, nibble_tables const& t) noexcept
{
    __m128i const lo_t = _mm_load_si128(reinterpret_cast<__m128i const*>(t.lo));
    std::uint64_t r = 0;
    for (int k = 0; k < 4; ++k) {
        __m128i const in = _mm_and_si128(_mm_shuffle_epi8(lo_t, b.v[k]), b.high[k]);
        r |= std::uint64_t{static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(in, _mm_setzero_si128())))}
             << (16 * k);
    }
    return r;
}

/// simple_lines32 with four blocks of 16 octets (SSSE3).
URNS_SSSE3 [[gnu::noinline]] inline std::size_t simple_lines16(char const* c, std::size_t n, syntax syn,
                                                              std::size_t& lines) noexcept
{
    nss_sets const sets = sets_of(syn);
    std::size_t i = 0;
    std::size_t count = 0;
    while (n - i >= 64) {
        char const* const p = c + i;
        blocks16 const b = read16x4(p);
        line_masks m;
        m.nl = equal64(b, '\n');
        if (m.nl == 0)
            break;   // 64 octets or more: parse_urn's
        m.nid_out = outside64(b, nid_mid_16);
        m.nss_out = outside64(b, sets.set);
        m.pct = equal64(b, '%');
        std::uint64_t pcts = 0;
        unsigned const len = simple_frame(p, m, syn, pcts);
        if (len == 0)
            break;
        if (pcts != 0 && !simple_triplets(pcts, outside64(b, sets.hex), equal64(b, '0'), sets.nul_refused))
            break;
        i += len;
        ++count;
    }
    lines += count;
    return i;
}

#endif

} // namespace fast

/// valid_lines with the reading `wide` (the test compares them; valid_lines
/// reads with the widest this processor has).
line_run valid_lines_read(std::string_view text, syntax syn, fast::reading wide) noexcept;

} // namespace detail
} // namespace urns

#endif
