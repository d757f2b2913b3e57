// SPDX-License-Identifier: BSL-1.0
//
// Internal, X3-free: the wide readings of a long NSS. Where the processor
// can, an NSS of 32 octets or more is read a block at a time with nibble
// tables made from the octet sets of src/parse/octets.hpp: sixty-four
// octets, then thirty-two, with AVX2, else sixteen with SSSE3; the
// processor is asked once (best_reading). Each reading answers as the
// tables do (test fast_path compares them on every input). valid_lines'
// line masks (src/parse/lines.hpp) are made with the same tables.
#ifndef URNS_SRC_PARSE_SIMD_HPP
#define URNS_SRC_PARSE_SIMD_HPP

#include <urns/lexical.hpp>
#include <urns/syntax.hpp>

#include "parse/octets.hpp"

#include <cstddef>
#include <cstdint>

// SSSE3 (pshufb) in functions of their own, chosen at run time.
#if defined(__SSE2__) && defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#define URNS_FAST_SSSE3 1
#define URNS_SSSE3 [[gnu::target("ssse3")]]
#define URNS_AVX2 [[gnu::target("avx2")]]
#include <immintrin.h>
#else
#define URNS_FAST_SSSE3 0
#endif

namespace urns {
namespace detail {
namespace fast {

/// What the block readers of a long NSS (long_nss16, long_nss32) return
/// when it is valid: no place.
inline constexpr std::size_t nss_valid = static_cast<std::size_t>(-1);

#if URNS_FAST_SSSE3

// ---- A long NSS sixteen octets at a time, for processors with SSSE3
// (not in x86-64's baseline: parse.cpp asks the processor once, and scan
// is told).

/** A set of ASCII octets as two tables of sixteen for pshufb: octet o is
    in it when lo[o & 15] & hi[o >> 4] is not 0. Bit h of lo[l] says
    whether octet 16 h + l is in the set; hi[h] is bit h for h < 8 and 0
    above, so that no octet from 0x80 up is in it (pshufb gives 0 for
    them in the lo lookup too). */
struct nibble_tables {
    alignas(16) std::uint8_t lo[16] = {};
    alignas(16) std::uint8_t hi[16] = {};
};

constexpr nibble_tables nibbles_of(lx::charset const& set)
{
    nibble_tables t;
    for (unsigned h = 0; h < 8; ++h) {
        t.hi[h] = static_cast<std::uint8_t>(1u << h);
        for (unsigned l = 0; l < 16; ++l)
            if (set.table[16 * h + l])
                t.lo[l] = static_cast<std::uint8_t>(t.lo[l] | (1u << h));
    }
    return t;
}

/// Whether `set` holds no octet from 0x80 up (which nibble_tables cannot).
constexpr bool ascii_only(lx::charset const& set)
{
    for (unsigned o = 0x80; o < 256; ++o)
        if (set.table[o])
            return false;
    return true;
}

static_assert(ascii_only(nss_rfc2141) && ascii_only(nss_rfc2141bis) && ascii_only(nss_rfc8141) &&
                  ascii_only(lx::rfc2141::hex) && ascii_only(lx::rfc5234::hexdig),
              "the fast path's sets are ASCII");

// The sets the tables reading uses (above), as nibble tables.
inline constexpr nibble_tables nss_rfc2141_16 = nibbles_of(nss_rfc2141);
inline constexpr nibble_tables nss_rfc2141bis_16 = nibbles_of(nss_rfc2141bis);
inline constexpr nibble_tables nss_rfc8141_16 = nibbles_of(nss_rfc8141);
inline constexpr nibble_tables hex_rfc2141_16 = nibbles_of(lx::rfc2141::hex);
inline constexpr nibble_tables hexdig_16 = nibbles_of(lx::rfc5234::hexdig);

/// Bit j set when octet j of `v` is not in the set of `t`.
URNS_SSSE3 URNS_ALWAYS_INLINE unsigned outside16(__m128i v, nibble_tables const& t) noexcept
{
    __m128i const lo = _mm_shuffle_epi8(_mm_load_si128(reinterpret_cast<__m128i const*>(t.lo)), v);
    __m128i const hi = _mm_shuffle_epi8(_mm_load_si128(reinterpret_cast<__m128i const*>(t.hi)),
                                        _mm_and_si128(_mm_srli_epi16(v, 4), _mm_set1_epi8(0x0f)));
    return static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(lo, hi), _mm_setzero_si128())));
}

/// Bit j set when octet j of `v` is `o`.
URNS_SSSE3 URNS_ALWAYS_INLINE unsigned equal16(__m128i v, char o) noexcept
{
    return static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(o))));
}

/** The triplets' part of a wide reading of an NSS, on bit masks of its
    octets (bit j: octet j of the current block, 16 or 32 octets), so
    that the SSSE3 and the AVX2 readings share it: the octets that must
    be a triplet's first and second hex digit are the "%" mask shifted by
    one and by two, carried into the next block. */
class triplet_masks {
public:
    /// Whether the block needs step(): it holds a "%" or octets carried in.
    URNS_ALWAYS_INLINE bool pending(std::uint64_t pct) const noexcept { return (pct | first_ | second_) != 0; }

    /** The octets of the block, `len` octets long, that break a triplet:
        a first or second digit not in the hex set (`not_hex`), or "%00"
        where `nul_refused` (`zeros`: the octets "0"). */
    URNS_ALWAYS_INLINE std::uint64_t step(std::uint64_t pct, std::uint64_t not_hex, std::uint64_t zeros,
                                          unsigned len, bool nul_refused) noexcept
    {
        std::uint64_t const a = (pct << 1) | first_;
        std::uint64_t const b = (pct << 2) | second_;
        std::uint64_t const mine = (std::uint64_t{1} << len) - 1;
        std::uint64_t bad = (a | b) & mine & not_hex;
        if (nul_refused) {
            std::uint64_t const az = a & zeros & mine;   // a first digit "0"
            std::uint64_t const bz = b & zeros & mine;   // a second digit "0"
            bad |= (az & (bz >> 1)) | (zero_ & bz & 1u);
            zero_ = (az >> (len - 1)) & 1u;
        }
        first_ = a >> len;
        second_ = b >> len;
        return bad;
    }

    /// step() for a block of 64 octets (a shift by 64 is not defined,
    /// so its own function), without a branch on the block's "%"s.
    URNS_ALWAYS_INLINE std::uint64_t step64(std::uint64_t pct, std::uint64_t not_hex, std::uint64_t zeros,
                                            bool nul_refused) noexcept
    {
        std::uint64_t const a = (pct << 1) | first_;
        std::uint64_t const b = (pct << 2) | second_;
        std::uint64_t bad = (a | b) & not_hex;
        if (nul_refused) {
            std::uint64_t const az = a & zeros;
            std::uint64_t const bz = b & zeros;
            bad |= (az & (bz >> 1)) | (zero_ & bz & 1u);
            zero_ = az >> 63;
        }
        first_ = pct >> 63;
        second_ = pct >> 62;
        return bad;
    }

    /// How a block reading goes on after a block.
    enum class next { on, valid, fault };

    /** After the block [i, i + len) of the NSS [.., n), whose faulty
        octets are `bad`: on to the next block (`i` moved past this one),
        or the end, valid or a fault. At a fault `clean` is set two octets
        before the block (the place of a "%" whose digits are in it):
        nothing before that is a fault. */
    URNS_ALWAYS_INLINE next after(std::uint64_t bad, std::size_t& i, unsigned len, std::size_t n,
                                  std::size_t& clean) const noexcept
    {
        if (bad != 0) {
            clean = i - 2;
            return next::fault;
        }
        i += len;
        if (i != n)
            return next::on;
        if ((first_ | second_) == 0)
            return next::valid;
        clean = i - len - 2;   // a triplet cut short by the end
        return next::fault;
    }

private:
    std::uint64_t first_ = 0;    // octets of the next block that must be a triplet's first digit
    std::uint64_t second_ = 0;   // and its second
    std::uint64_t zero_ = 0;     // 1: the last block ended with a triplet's first digit "0"
};

/// What a block reading of an NSS in syntax `syn` reads for.
struct nss_sets {
    nibble_tables const& set;   ///< the NSS's octets, "%" among them
    nibble_tables const& hex;   ///< a triplet's digits
    bool nul_refused;           ///< "%00" refused
};

/// Those of syntax `syn`.
inline nss_sets sets_of(syntax syn) noexcept
{
    return {syn == syntax::rfc2141      ? nss_rfc2141_16
            : syn == syntax::rfc2141bis ? nss_rfc2141bis_16
                                        : nss_rfc8141_16,
            syn == syntax::rfc2141 ? hex_rfc2141_16 : hexdig_16, syn != syntax::rfc8141};
}

// The two block readings below differ only in their vector type and its
// intrinsics, yet they are two functions, not one template: GCC and Clang
// refuse to inline a function compiled for an instruction set into one
// that is not, and a template's target attribute cannot depend on its
// argument.

/** The faulty octets of [i, i + len) of `c` (len <= 16), read as the
    sixteen that end at i + len (those before `i` shifted out): octets
    outside the set and broken triplets (`t` carries them on). */
URNS_SSSE3 URNS_ALWAYS_INLINE std::uint64_t faults16(char const* c, std::size_t i, unsigned len,
                                                     nss_sets const& sets, triplet_masks& t) noexcept
{
    unsigned const skip = 16 - len;
    __m128i const v = _mm_loadu_si128(reinterpret_cast<__m128i const*>(c + i - skip));
    std::uint64_t const pct = equal16(v, '%') >> skip;
    std::uint64_t bad = outside16(v, sets.set) >> skip;
    // Most blocks hold no triplet's octet: they are only read for the set.
    if (t.pending(pct))
        bad |= t.step(pct, outside16(v, sets.hex) >> skip, equal16(v, '0') >> skip, len, sets.nul_refused);
    return bad;
}

/** Whether the octets [i, n) of `c` (n >= 16), an NSS in syntax `syn`,
    are all NSS octets and each "%" among them starts a triplet of two
    hex digits, not "%00" where the syntax refuses it. Sixteen octets at
    a time (SSSE3), as bit masks (triplet_masks); the last, partial,
    sixteen are read as those that end at `n`, the octets before `i`
    shifted out. Returns nss_valid if they are, else the place
    triplet_masks::after sets as `clean`: the answer is returned, not
    written through a reference, so that the caller's `clean` stays in a
    register. A call of its own, compiled for SSSE3, that scan makes for a
    long NSS. */
URNS_SSSE3 [[gnu::noinline]] inline std::size_t long_nss16(char const* c, std::size_t i, std::size_t n,
                                                           syntax syn) noexcept
{
    nss_sets const sets = sets_of(syn);
    std::size_t clean = 0;
    for (triplet_masks t;;) {
        unsigned const len = n - i >= 16 ? 16 : static_cast<unsigned>(n - i);
        auto const x = t.after(faults16(c, i, len, sets, t), i, len, n, clean);
        if (x != triplet_masks::next::on)
            return x == triplet_masks::next::valid ? nss_valid : clean;
    }
}

/// Bit j set when octet j of `v` is not in the set of `t` (outside16 on
/// two sixteens, the tables in both halves).
URNS_AVX2 URNS_ALWAYS_INLINE std::uint64_t outside32(__m256i v, nibble_tables const& t) noexcept
{
    __m256i const lo_t = _mm256_broadcastsi128_si256(_mm_load_si128(reinterpret_cast<__m128i const*>(t.lo)));
    __m256i const hi_t = _mm256_broadcastsi128_si256(_mm_load_si128(reinterpret_cast<__m128i const*>(t.hi)));
    __m256i const lo = _mm256_shuffle_epi8(lo_t, v);
    __m256i const hi = _mm256_shuffle_epi8(hi_t, _mm256_and_si256(_mm256_srli_epi16(v, 4), _mm256_set1_epi8(0x0f)));
    return static_cast<std::uint32_t>(
        _mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_and_si256(lo, hi), _mm256_setzero_si256())));
}

/// Bit j set when octet j of `v` is `o`.
URNS_AVX2 URNS_ALWAYS_INLINE std::uint64_t equal32(__m256i v, char o) noexcept
{
    return static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(o))));
}

/// The NID's octets as nibble tables.
inline constexpr nibble_tables nid_mid_16 = nibbles_of(nid_mid);

// Every set's nibble tables have the same `hi` (bit h for the high nibble
// h): a block's lookup in it is made once and shared by the sets.
static_assert(nid_mid_16.hi[0] == 1 && nid_mid_16.hi[7] == 0x80 && nid_mid_16.hi[8] == 0, "hi is bit h");

/// A nibble table in both halves of a vector (AVX2).
URNS_AVX2 URNS_ALWAYS_INLINE __m256i table32(std::uint8_t const* t) noexcept
{
    return _mm256_broadcastsi128_si256(_mm_load_si128(reinterpret_cast<__m128i const*>(t)));
}

/// Each octet's bit of its high nibble (0 from 0x80 up), which every set's
/// lookup shares: `hi_t` is table32(nid_mid_16.hi), `low4` 0x0f in each octet.
URNS_AVX2 URNS_ALWAYS_INLINE __m256i high32(__m256i v, __m256i hi_t, __m256i low4) noexcept
{
    return _mm256_shuffle_epi8(hi_t, _mm256_and_si256(_mm256_srli_epi16(v, 4), low4));
}

/// The bit masks of two vectors of compares, as one of 64 bits.
URNS_AVX2 URNS_ALWAYS_INLINE std::uint64_t mask64(__m256i m0, __m256i m1) noexcept
{
    return std::uint64_t{static_cast<std::uint32_t>(_mm256_movemask_epi8(m0))} |
           (std::uint64_t{static_cast<std::uint32_t>(_mm256_movemask_epi8(m1))} << 32);
}

/// Bit j set when octet j of `v0` then `v1` is `o` (a vector of it).
URNS_AVX2 URNS_ALWAYS_INLINE std::uint64_t equal64(__m256i v0, __m256i v1, __m256i o) noexcept
{
    return mask64(_mm256_cmpeq_epi8(v0, o), _mm256_cmpeq_epi8(v1, o));
}

/// Bit j set when octet j of `v0` then `v1` is not in the set whose lo
/// table is `t` (table32), their high32() being `h0` and `h1`.
URNS_AVX2 URNS_ALWAYS_INLINE std::uint64_t outside64(__m256i t, __m256i v0, __m256i v1, __m256i h0,
                                                     __m256i h1) noexcept
{
    __m256i const zero = _mm256_setzero_si256();
    return mask64(_mm256_cmpeq_epi8(_mm256_and_si256(_mm256_shuffle_epi8(t, v0), h0), zero),
                  _mm256_cmpeq_epi8(_mm256_and_si256(_mm256_shuffle_epi8(t, v1), h1), zero));
}

/// faults16 for thirty-two octets (AVX2).
URNS_AVX2 URNS_ALWAYS_INLINE std::uint64_t faults32(char const* c, std::size_t i, unsigned len,
                                                    nss_sets const& sets, triplet_masks& t) noexcept
{
    unsigned const skip = 32 - len;
    __m256i const v = _mm256_loadu_si256(reinterpret_cast<__m256i const*>(c + i - skip));
    std::uint64_t const pct = equal32(v, '%') >> skip;
    std::uint64_t bad = outside32(v, sets.set) >> skip;
    if (t.pending(pct))
        bad |= t.step(pct, outside32(v, sets.hex) >> skip, equal32(v, '0') >> skip, len, sets.nul_refused);
    return bad;
}

/** long_nss16 with AVX2 (n >= 32), with the same answer: sixty-four
    octets at a time while there are as many, their triplets checked
    without a branch (a long NSS often has a "%" in every block), then
    thirty-two or what is left. */
URNS_AVX2 [[gnu::noinline]] inline std::size_t long_nss32(char const* c, std::size_t i, std::size_t n,
                                                         syntax syn) noexcept
{
    nss_sets const sets = sets_of(syn);
    std::size_t clean = 0;
    __m256i const hi_t = table32(nid_mid_16.hi);
    __m256i const set_t = table32(sets.set.lo);
    __m256i const hex_t = table32(sets.hex.lo);
    __m256i const low4 = _mm256_set1_epi8(0x0f);
    __m256i const pct = _mm256_set1_epi8('%');
    __m256i const digit0 = _mm256_set1_epi8('0');
    for (triplet_masks t;;) {
        triplet_masks::next x;
        if (n - i >= 64) {
            __m256i const v0 = _mm256_loadu_si256(reinterpret_cast<__m256i const*>(c + i));
            __m256i const v1 = _mm256_loadu_si256(reinterpret_cast<__m256i const*>(c + i + 32));
            __m256i const h0 = high32(v0, hi_t, low4);
            __m256i const h1 = high32(v1, hi_t, low4);
            std::uint64_t const bad = outside64(set_t, v0, v1, h0, h1) |
                                      t.step64(equal64(v0, v1, pct), outside64(hex_t, v0, v1, h0, h1),
                                               equal64(v0, v1, digit0), sets.nul_refused);
            x = t.after(bad, i, 64, n, clean);
        } else {
            unsigned const len = n - i >= 32 ? 32 : static_cast<unsigned>(n - i);
            x = t.after(faults32(c, i, len, sets, t), i, len, n, clean);
        }
        if (x != triplet_masks::next::on)
            return x == triplet_masks::next::valid ? nss_valid : clean;
    }
}

/// Whether this processor has AVX2 (and the system saves its registers).
inline bool avx2_supported() noexcept
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
}

/// Whether this processor has SSSE3.
inline bool ssse3_supported() noexcept
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("ssse3");
}

#endif

/// How scan reads a long NSS: with the tables, or a block at a time with
/// nibble tables, sixteen octets (SSSE3) or thirty-two (AVX2).
enum class reading : std::uint8_t { tables, ssse3, avx2 };

/// The widest reading this processor has.
inline reading best_reading() noexcept
{
#if URNS_FAST_SSSE3
    return avx2_supported() ? reading::avx2 : ssse3_supported() ? reading::ssse3 : reading::tables;
#else
    return reading::tables;
#endif
}

} // namespace fast
} // namespace detail
} // namespace urns

#endif
