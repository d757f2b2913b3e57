// SPDX-License-Identifier: BSL-1.0
//
// Internal, X3-free: what the semantic layer's operations share about a
// parsed URN: whether a view holds one (well_formed), and percent-encoding
// case normalization, octet by octet and eight octets at a time
// (equivalence, canonical form, hashing, check). The ASCII case and hex
// helpers are the lexical layer's (<urns/lexical.hpp>), the word-at-a-time
// ones src/parse/swar.hpp's.
#ifndef URNS_SRC_SEMANTIC_PCT_CASE_HPP
#define URNS_SRC_SEMANTIC_PCT_CASE_HPP

#include <urns/lexical.hpp>
#include <urns/urn_view.hpp>

#include "parse/swar.hpp"
#include "parse/view_access.hpp"

#include <cstddef>
#include <string_view>

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

} // namespace detail
} // namespace urns

#endif
