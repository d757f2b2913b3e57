// SPDX-License-Identifier: BSL-1.0
// Internal, X3-free: the word-at-a-time helpers that equivalence.cpp and
// check.cpp share (percent-hex case folding, SWAR loads, draft-03 query
// directive walks). The character classes and the ASCII case and hex
// helpers are the lexical layer's (urns/lexical.hpp).
#ifndef URNS_SRC_DETAIL_LEXICAL_HPP
#define URNS_SRC_DETAIL_LEXICAL_HPP

#include <urns/lexical.hpp>
#include <urns/urn_view.hpp>

#include "view_access.hpp"

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

using lexical::ascii_lower;
using lexical::ascii_upper;
using lexical::hex_value;
using lexical::iequals;

/** Whether `v` is a URN, not an empty view: its NID and NSS, the offsets
    the semantic layer reads directly, lie inside its buffer. A view is made
    only by parsing, which sets every offset inside the buffer, or empty (by
    default, or of a moved-from urn), with its NID and NSS empty; the other
    components are read through the accessors, which give an empty string
    for a span outside the buffer.
*/
inline bool well_formed(urn_view const& v) noexcept
{
    parts const& p = view_access::parts_of(v);
    return 4 < p.nid_end && p.nid_end < p.nss_end && p.nss_end <= v.buffer().size();
}

/** Percent-encoding case normalization (RFC 3986 section 6.2.2.1; RFC 2141
    section 5 step 3; draft-03 section 5 step 3; RFC 8141 section 3.1 item
    3): the two characters after each "%" are hex digits whose case does not
    matter, so they are compared, hashed and written upper-case.

    The rule is local: a character is folded when one of the two characters
    before it is "%". In a parsed URN, where every "%" starts a "%HH"
    triplet, those are exactly the triplets' hex digits. canonical(),
    hash() and equivalent() all use the rule, so they agree on every URN
    (equivalent() takes a byte that differs from the other URN's in the
    0x20 bit alone, where the rule folds, for a letter: in a URN it is
    one). Being local, it lets the comparison and the hash skip unfolded
    bytes a word or a block at a time.
*/
class pct_case_folder {
public:
    /// The normalized form of the next character.
    char next(char c) noexcept
    {
        char const out = (prev1_ == '%' || prev2_ == '%') ? ascii_upper(c) : c;
        prev2_ = prev1_;
        prev1_ = c;
        return out;
    }

private:
    char prev1_ = 0;
    char prev2_ = 0;
};

/// The normalized form of `s[i]` (pct_case_folder's rule, at one place).
inline char pct_case_folded(std::string_view s, std::size_t i) noexcept
{
    bool const fold = (i >= 1 && s[i - 1] == '%') || (i >= 2 && s[i - 2] == '%');
    return fold ? ascii_upper(s[i]) : s[i];
}

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
    unsigned __int128 const r = static_cast<unsigned __int128>(a) * b;
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

/** Equality of two strings after percent-encoding case normalization.

    Eight bytes at a time: equal words are equal; unequal ones are equal
    when their folded forms are (pct_fold_word). Strings equal so far have
    their "%"s in the same places (folding never makes or removes one), so
    the "%"s of `a` mark the bytes to fold in both.
*/
inline bool pct_case_equal(std::string_view a, std::string_view b) noexcept
{
    std::size_t const n = a.size();
    if (n != b.size())
        return false;
    char const* const pa = a.data();
    char const* const pb = b.data();
    std::uint64_t last_pct = 0;
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        std::uint64_t const wa = load8_le(pa + i);
        std::uint64_t const wb = load8_le(pb + i);
        std::uint64_t const pct = pct_bytes(wa);
        if (wa != wb && pct_fold_word(wa, pct, last_pct) != pct_fold_word(wb, pct, last_pct))
            return false;
        last_pct = pct;
    }
    if (i == n)
        return true;
    std::uint64_t const wa = load_short(a, pa + i, n - i);
    std::uint64_t const wb = load_short(b, pb + i, n - i);
    std::uint64_t const pct = pct_bytes(wa);
    return wa == wb || pct_fold_word(wa, pct, last_pct) == pct_fold_word(wb, pct, last_pct);
}

/// Three-way comparison of two strings after percent-encoding case normalization.
inline int pct_case_compare(std::string_view a, std::string_view b) noexcept
{
    pct_case_folder fa, fb;
    std::size_t const n = a.size() < b.size() ? a.size() : b.size();
    for (std::size_t i = 0; i < n; ++i) {
        unsigned char const x = static_cast<unsigned char>(fa.next(a[i]));
        unsigned char const y = static_cast<unsigned char>(fb.next(b[i]));
        if (x != y)
            return x < y ? -1 : 1;
    }
    return a.size() == b.size() ? 0 : (a.size() < b.size() ? -1 : 1);
}

/** One draft-03 query directive, `keywd "=" value` (section 2.3), as
    offsets into the query string.
*/
struct directive_span {
    std::size_t begin = 0;   ///< the keyword's first character
    std::size_t eq = 0;      ///< the "=" (== end if there is none)
    std::size_t end = 0;     ///< one past the value

    std::string_view whole(std::string_view q) const noexcept { return q.substr(begin, end - begin); }
    std::string_view keyword(std::string_view q) const noexcept { return q.substr(begin, eq - begin); }
    std::string_view value(std::string_view q) const noexcept
    {
        return eq < end ? q.substr(eq + 1, end - eq - 1) : std::string_view();
    }
};

/** Calls `f(directive_span)` for each "&"-separated directive of a draft-03
    query, in order. A view's query has passed the grammar (`urn-query =
    directive *("&" directive)`), so there is no empty directive; the walk
    is still safe on any string.
*/
template <class F>
void for_each_directive(std::string_view q, F&& f)
{
    std::size_t start = 0;
    for (;;) {
        std::size_t amp = q.find('&', start);
        if (amp == std::string_view::npos)
            amp = q.size();
        std::size_t eq = q.find('=', start);
        if (eq == std::string_view::npos || eq > amp)
            eq = amp;
        f(directive_span{start, eq, amp});
        if (amp == q.size())
            return;
        start = amp + 1;
    }
}

} // namespace detail
} // namespace urns

#endif
