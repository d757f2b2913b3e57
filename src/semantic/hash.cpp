// SPDX-License-Identifier: BSL-1.0
// Semantic layer (X3-free): the hash of a URN's canonical form (RFC 2141
// section 5, draft-03 section 5, RFC 8141 section 3.1), without making it:
// equivalent URNs (equivalence.cpp) hash the same.
#include <urns/equivalence.hpp>

#include "semantic/compared.hpp"
#include "semantic/pct_case.hpp"
#include "semantic/query_directives.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>

namespace urns {

namespace {

using detail::compared_end;
using detail::directive_span;
using detail::lower_first;
using detail::sorts_query;

//----------------------------------------------------------------------------
// Hashing: the canonical bytes of a piece, sixteen at a time, each pair of
// words folded by one 64 x 64 -> 128-bit multiply, then a final mix. The
// pieces are "NID:tail" (one stretch of the buffer: the NID lower-cased,
// the tail percent-hex folded) and each directive of a sorted query:
// equal canonical forms have equal pieces.

using detail::fold_mul;

// The word reader is called four times in the folded hash's loop and tail;
// left to itself the compiler makes it a call, which costs a third of the
// time (URNS_ALWAYS_INLINE).

/** Reads the words of a piece `s` (which lies in `whole`) as the hash
    sees them: its first `lowered` bytes (a NID, which has no "%")
    lower-cased, and the bytes that the rule of pct_case_folder marks (one
    of the two bytes before it in `s` is "%") with their 0x20 bit cleared
    (pct_clear_case), which makes equal whatever that rule's upper-casing
    makes equal; eight bytes at a time with no branch on the bytes.
*/
class canonical_words {
public:
    canonical_words(std::string_view whole, std::string_view s, std::size_t lowered) noexcept
        : whole_(whole), s_(s), lowered_(lowered)
    {
    }

    /// The `k` (1 to 8) bytes from `i`, zeros above; called with `i`
    /// rising by eight.
    URNS_ALWAYS_INLINE std::uint64_t at(std::size_t i, std::size_t k) noexcept
    {
        char const* const p = s_.data() + i;
        std::uint64_t w = k == 8 ? detail::load8_le(p) : detail::load_short(whole_, p, k);
        // The "%"s of this word mark the one and two bytes after them; the
        // last word's last two bytes mark this word's first two.
        std::uint64_t const pct = detail::pct_bytes(w);   // the zeros above are never "%"
        w = detail::pct_clear_case(w, pct, last_pct_);
        last_pct_ = pct;
        // Folding touches only bytes after a "%", lowering only the NID's,
        // which come before any: the two do not meet.
        return i < lowered_ ? lower_first(w, i, lowered_) : w;
    }

    /// The sixteen bytes from `i` as two words, what at(i, 8) and then
    /// at(i + 8, 8) give; read as they are (the NID's lowered) when no "%"
    /// is among them or the last word's last two bytes, as in most.
    URNS_ALWAYS_INLINE std::pair<std::uint64_t, std::uint64_t> at16(std::size_t i) noexcept
    {
        if ((last_pct_ >> 48) != 0 || detail::pct_bits16(s_.data() + i) != 0) {
            std::uint64_t const a = at(i, 8);
            return {a, at(i + 8, 8)};
        }
        last_pct_ = 0;
        std::uint64_t const a = detail::load8_le(s_.data() + i), b = detail::load8_le(s_.data() + i + 8);
        if (i >= lowered_)
            return {a, b};
        return {lower_first(a, i, lowered_), lower_first(b, i + 8, lowered_)};
    }

private:
    std::string_view whole_;
    std::string_view s_;
    std::size_t lowered_;
    std::uint64_t last_pct_ = 0;   // pct_bytes of the last word
};

constexpr std::uint64_t k0 = 0xa0761d6478bd642fULL;
constexpr std::uint64_t k1 = 0xe7037ed1a0b428dbULL;
constexpr std::uint64_t k2 = 0x8ebc6af09c88c6e3ULL;
constexpr std::uint64_t k3 = 0x589965cc75374cc3ULL;

/// The state to start a piece of `n` bytes from: the length enters through
/// a multiply of its own, not by xor into a word of text, where a byte that
/// differs could cancel a length that differs.
inline std::uint64_t start(std::uint64_t h, std::size_t n) noexcept
{
    return h ^ fold_mul(n ^ k2, k3);
}

/** The rest of the hash of a piece `s` (in `whole`) from offset `i`, a
    multiple of sixteen, with state `h`: its words as canonical_words reads
    them, sixteen bytes at a time, the last 1 to 15 with zeros above.
*/
std::uint64_t hash_folded(std::string_view whole, std::string_view s, std::size_t lowered, std::size_t i,
                          std::uint64_t h) noexcept
{
    canonical_words words(whole, s, lowered);
    std::size_t const n = s.size();
    for (; i + 16 <= n; i += 16) {
        auto const [a, b] = words.at16(i);
        h = fold_mul(a ^ h ^ k0, b ^ k1);
    }
    std::size_t const r = n - i;   // 0 to 15 bytes left
    std::uint64_t a = 0, b = 0;
    if (r > 8) {
        a = words.at(i, 8);
        b = words.at(i + 8, r - 8);
    } else if (r > 0) {
        a = words.at(i, r);
    }
    return fold_mul(a ^ h ^ k0, b ^ k1);
}

/** Hash of the canonical bytes of a piece `s` (in `whole`), from state
    `h`: its first `lowered` bytes (a NID, which has no "%") lower-cased,
    and the percent-encoding case folded.

    Sixteen bytes at a time, as they are while no "%" has been met: its
    canonical bytes are then the bytes themselves, the NID's lower-cased.
    A piece with no "%" ends in two words that overlap the ones before (the
    last sixteen bytes), so that every piece of eight bytes or more is read
    in full words with few branches. At the first sixteen bytes that hold a
    "%", hash_folded takes over from there with the same state, the words
    read before being the same folded or not. Equivalent pieces have their
    "%"s in the same places, so they always take the same of the two ends.
*/
URNS_ALWAYS_INLINE std::uint64_t hash_piece(std::string_view whole, std::string_view s, std::size_t lowered,
                                            std::uint64_t h) noexcept
{
    std::size_t const n = s.size();
    char const* const p = s.data();
    h = start(h, n);
    std::uint64_t a, b;
    if (n >= 16) {
        // The NID's bytes are lower-cased only in the words that hold some:
        // the first sixteen bytes, further on only for a NID longer than
        // that, and the last two words when they reach back into it.
        std::size_t i = 0;
        for (; i + 16 < n; i += 16) {
            std::uint64_t x = detail::load8_le(p + i), y = detail::load8_le(p + i + 8);
            if (detail::pct_bits16(p + i) != 0)
                return hash_folded(whole, s, lowered, i, h);
            if (i < lowered) {
                x = lower_first(x, i, lowered);
                y = lower_first(y, i + 8, lowered);
            }
            h = fold_mul(x ^ h ^ k0, y ^ k1);
        }
        a = detail::load8_le(p + n - 16);
        b = detail::load8_le(p + n - 8);
        if (detail::pct_bits16(p + n - 16) != 0)
            return hash_folded(whole, s, lowered, i, h);
        if (n - 16 < lowered) {
            a = lower_first(a, n - 16, lowered);
            b = lower_first(b, n - 8, lowered);
        }
    } else if (n >= 8) {
        a = detail::load8_le(p);
        b = detail::load8_le(p + n - 8);
        if (detail::pct_bytes(a) | detail::pct_bytes(b))
            return hash_folded(whole, s, lowered, 0, h);
        a = lower_first(a, 0, lowered);
        b = lower_first(b, n - 8, lowered);
    } else {
        a = detail::load_short(whole, p, n);   // zeros above: never "%"
        if (detail::pct_bytes(a))
            return hash_folded(whole, s, lowered, 0, h);
        a = lower_first(a, 0, lowered);
        b = 0;
    }
    return fold_mul(a ^ h ^ k0, b ^ k1);
}

/// The finalizer of splitmix64: spreads every input bit over the result.
constexpr std::uint64_t mix(std::uint64_t x) noexcept
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

} // namespace

//----------------------------------------------------------------------------

std::size_t hash(urn_view const& v, equivalence_mode m) noexcept
{
    constexpr std::uint64_t seed = 0x6a09e667f3bcc908ULL;
    std::string_view const whole = v.buffer();
    if (!detail::well_formed(v))
        return static_cast<std::size_t>(mix(hash_piece(whole, whole, 0, ~seed)));
    // "NID:tail" is one stretch of the buffer, from offset 4 to the end of
    // what the mode compares.
    detail::parts const& p = detail::view_access::parts_of(v);
    std::size_t const end = compared_end(v, m);
    // A piece's hash ends in a 128-bit multiply folded, which spreads its
    // bits well enough alone; the directives' sum below needs the finalizer.
    std::uint64_t r = hash_piece(whole, whole.substr(4, end - 4), p.nid_end - 4, seed);
    if (sorts_query(v, m)) {
        // The directives in any order: a sum of their own hashes.
        std::string_view const q = v.query();
        std::uint64_t sum = 0;
        detail::for_each_directive(q, [&](directive_span d) { sum += mix(hash_piece(whole, d.whole(q), 0, seed)); });
        r = mix(mix(r) ^ mix(sum + 0x9e3779b97f4a7c15ULL));
    }
    return static_cast<std::size_t>(r);
}

} // namespace urns
