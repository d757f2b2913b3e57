// SPDX-License-Identifier: BSL-1.0
// Internal, X3-free: word-at-a-time (SWAR) helpers: loads of eight, four
// or fewer octets as a word, the lowest octet first; masks of the octets
// of a word that are zero, "%" or letters; percent-hex case folding of a
// word; the multiply that the hashes mix with. The parse path's scan reads
// with them, and so does the semantic layer (comparison, canonical form,
// hashing). The character classes are the lexical layer's
// (<urns/lexical.hpp>).
#ifndef URNS_SRC_PARSE_SWAR_HPP
#define URNS_SRC_PARSE_SWAR_HPP

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// Inlined whatever the compiler's size estimate: for the small helpers
/// of the hot loops (the fast path, the hash's word reader), which as
/// calls cost a sixth to a third of the work they do.
#if defined(__GNUC__)
#define URNS_ALWAYS_INLINE [[gnu::always_inline]] inline
#else
#define URNS_ALWAYS_INLINE inline
#endif

namespace urns {
namespace detail {

/// Eight bytes of `p` as an integer (any alignment).
inline std::uint64_t load8(char const* p) noexcept
{
    std::uint64_t w;
    std::memcpy(&w, p, sizeof w);
    return w;
}

constexpr std::uint64_t ones8 = 0x0101010101010101ULL;
constexpr std::uint64_t highs8 = 0x8080808080808080ULL;

/// 0x80 in each byte of `w` that is zero, nothing elsewhere (exact).
constexpr std::uint64_t zero_bytes(std::uint64_t w) noexcept
{
    return ~(((w & ~highs8) + ~highs8) | w | ~highs8);
}

/// 0x80 in each byte of `w` that is "%".
constexpr std::uint64_t pct_bytes(std::uint64_t w) noexcept
{
    return zero_bytes(w ^ (ones8 * '%'));
}

/// `w` with its ASCII upper-case letters made lower-case.
constexpr std::uint64_t lower8(std::uint64_t w) noexcept
{
    std::uint64_t const seven = w & ~highs8;
    std::uint64_t const ge_a = seven + ones8 * (0x80 - 'A');   // 0x80 set where byte >= 'A'
    std::uint64_t const gt_z = seven + ones8 * (0x7f - 'Z');   // 0x80 set where byte > 'Z'
    std::uint64_t const upper = (ge_a ^ gt_z) & ~w & highs8;
    return w | (upper >> 2);                                   // 0x80 >> 2 == 'a' - 'A'
}

/// 0x80 in each byte of `w` that is an ASCII lower-case letter.
constexpr std::uint64_t lower_letters(std::uint64_t w) noexcept
{
    std::uint64_t const seven = w & ~highs8;
    std::uint64_t const ge_a = seven + ones8 * (0x80 - 'a');   // 0x80 set where byte >= 'a'
    std::uint64_t const gt_z = seven + ones8 * (0x7f - 'z');   // 0x80 set where byte > 'z'
    return (ge_a ^ gt_z) & ~w & highs8;
}

/// 0x80 in each byte of a word that one of the two bytes before it marks
/// as "%" (see pct_fold_word): `pct` the word's pct_bytes, `last_pct` those
/// of the eight bytes before it.
constexpr std::uint64_t pct_marks(std::uint64_t pct, std::uint64_t last_pct) noexcept
{
    return (pct << 8) | (pct << 16) | (last_pct >> 56) | (last_pct >> 48);
}

/** Eight bytes of a string after percent-encoding case normalization (the
    rule of pct_case_folder), with no branch on the bytes: `w` is the word
    (the first byte lowest), `pct` its pct_bytes, `last_pct` the pct_bytes
    of the eight bytes before it (0 at the start). A "%" marks the one and
    two bytes after it; marked lower-case letters become upper-case.
*/
constexpr std::uint64_t pct_fold_word(std::uint64_t w, std::uint64_t pct, std::uint64_t last_pct) noexcept
{
    return w ^ ((lower_letters(w) & pct_marks(pct, last_pct)) >> 2);   // 0x80 >> 2 == 'a' - 'A'
}

/** A cheaper fold for hashing, with the marks of pct_fold_word: every
    marked byte has its 0x20 bit cleared, letter or not. Bytes equal after
    pct_fold_word are equal after this (a marked letter and its other case
    differ only in that bit), which is all a hash needs; the converse fails
    only for marked bytes that are not hex digits, never in a parsed URN.
*/
constexpr std::uint64_t pct_clear_case(std::uint64_t w, std::uint64_t pct, std::uint64_t last_pct) noexcept
{
    return w & ~(pct_marks(pct, last_pct) >> 2);
}

/** The `n` < 8 bytes at `p` as a word, the first byte lowest, zeros above.
    `p` lies in `whole`, a string that holds them: when `whole` has eight
    bytes from `p`, or eight ending at `p + n`, they are read in one load
    and masked or shifted (on a little-endian machine); else byte by byte.
    Every path gives the same word, so a piece hashes the same wherever it
    lies.
*/
inline std::uint64_t load_short(std::string_view whole, char const* p, std::size_t n) noexcept
{
    if (n == 0)
        return 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    char const* const b = whole.data();
    char const* const e = b + whole.size();
    if (e - p >= 8)
        return load8(p) & ((std::uint64_t(1) << (8 * n)) - 1);
    if (p + n - b >= 8)
        return load8(p + n - 8) >> (64 - 8 * n);
#else
    (void)whole;
#endif
    std::uint64_t w = 0;
    for (std::size_t j = 0; j < n; ++j)
        w |= std::uint64_t(static_cast<unsigned char>(p[j])) << (8 * j);
    return w;
}

/// The eight bytes at `p` as a word, the first byte lowest (as load_short).
inline std::uint64_t load8_le(char const* p) noexcept
{
    std::uint64_t w = load8(p);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    w = __builtin_bswap64(w);
#endif
    return w;
}

/// The four bytes at `p` as a word, the first byte lowest.
inline std::uint32_t load4_le(char const* p) noexcept
{
    std::uint32_t w;
    std::memcpy(&w, p, sizeof w);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    w = __builtin_bswap32(w);
#endif
    return w;
}

/// The two halves of the 128-bit product of `a` and `b`, xor-ed together,
/// from 64-bit multiplies only (where the compiler has no 128-bit integer).
constexpr std::uint64_t fold_mul_portable(std::uint64_t a, std::uint64_t b) noexcept
{
    std::uint64_t const al = a & 0xffffffffu, ah = a >> 32, bl = b & 0xffffffffu, bh = b >> 32;
    std::uint64_t const ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
    std::uint64_t const mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
    std::uint64_t const lo = (mid << 32) | (ll & 0xffffffffu);
    std::uint64_t const hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
    return lo ^ hi;
}

/// The two halves of the 128-bit product of `a` and `b`, xor-ed together
/// (the mixing step of the hashes in equivalence.cpp).
inline std::uint64_t fold_mul(std::uint64_t a, std::uint64_t b) noexcept
{
#if defined(__SIZEOF_INT128__)
    __extension__ typedef unsigned __int128 u128; // GCC's and clang's, not ISO C++'s
    u128 const r = static_cast<u128>(a) * b;
    return static_cast<std::uint64_t>(r) ^ static_cast<std::uint64_t>(r >> 64);
#else
    return fold_mul_portable(a, b);
#endif
}

/// Stores `w` at `p` as load8_le reads it (the lowest byte first).
inline void store8_le(char* p, std::uint64_t w) noexcept
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    w = __builtin_bswap64(w);
#endif
    std::memcpy(p, &w, sizeof w);
}

/// One bit for each 0x80 of `m` (0x80 or 0 in each byte): bit `k` for
/// byte `k`, the lowest byte first.
constexpr unsigned byte_bits(std::uint64_t m) noexcept
{
    return static_cast<unsigned>(((m >> 7) * 0x0102040810204080ULL) >> 56);
}

/// Bit `k` set where byte `k` of the sixteen at `p` is "%" (SSE2 where
/// the compiler has it, else two words by SWAR).
inline unsigned pct_bits16(char const* p) noexcept
{
#if defined(__SSE2__)
    __m128i const v = _mm_loadu_si128(reinterpret_cast<__m128i const*>(p));
    return static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('%'))));
#else
    return byte_bits(pct_bytes(load8_le(p))) | byte_bits(pct_bytes(load8_le(p + 8))) << 8;
#endif
}

} // namespace detail
} // namespace urns

#endif
