// SPDX-License-Identifier: BSL-1.0
// Semantic layer (X3-free): lexical equivalence of two URNs (RFC 2141
// section 5, draft-03 section 5, RFC 8141 section 3.1), without making
// their canonical forms: it agrees with canonical.cpp and hash.cpp.
#include <urns/equivalence.hpp>

#include "semantic/compared.hpp"
#include "semantic/pct_case.hpp"
#include "semantic/query_directives.hpp"

#include <cstddef>
#include <cstdint>

namespace urns {

namespace {

using detail::bytes_before;
using detail::compared_end;
using detail::sorts_query;

//----------------------------------------------------------------------------
// Steps 1 to 3 in one pass: "NID:tail" of two URNs compared as the
// canonical form sees it

/** Whether two words of URNs are equal once the bytes marked in `foldable`
    (0x80 in each) are case-folded: each byte that differs is marked and
    differs in the 0x20 bit alone. The bytes marked are NID characters and
    hex digits, where a URN's only such pairs are a letter's two cases (a
    digit, "-" or "%" with that bit changed is a control character).
*/
constexpr bool equal_folded(std::uint64_t x, std::uint64_t y, std::uint64_t foldable) noexcept
{
    std::uint64_t const d = x ^ y;
    return (d & ~(detail::ones8 * 0x20)) == 0 && ((d << 2) & ~foldable) == 0;   // 0x20 << 2 == 0x80
}

/** equal_folded for two words that differ, `x` read at offset `j` of
    "NID:tail" of one URN (`pa`: its offset 4) and `y` of the other, with
    the bytes the canonical form folds marked: those of the NID (its first
    `nid` bytes) and the two after each "%" of `x`.

    The "%"s are looked for only when a byte outside the NID differs, in
    the word and the two bytes before it: at `j` = 0 those are "urn:"'s
    last two, never "%", as the NID's bytes and its ":" are not.
*/
[[gnu::noinline]] bool same_folded(std::uint64_t x, std::uint64_t y, char const* pa, std::size_t j,
                                   std::size_t nid) noexcept
{
    std::uint64_t foldable = bytes_before(j, nid) & detail::highs8;
    if ((((x ^ y) << 2) & ~foldable) != 0)
        foldable |= detail::pct_bytes(detail::load8_le(pa + j - 1)) | detail::pct_bytes(detail::load8_le(pa + j - 2));
    return equal_folded(x, y, foldable);
}

/** Whether two URNs `a` and `b`, whose NIDs end at `nid_end` and whose
    compared tails end at `end` (offsets in both), are equal in "NID:tail"
    as the canonical form sees it: the NID lower-cased, the tail's
    percent-encoding case folded (the rule of pct_case_folder; the NID and
    its ":" hold no "%", so the tail's marks are those of all of it).

    Sixteen bytes at a time compared as they are, which is most of any
    pair; a pair of words that differs is compared by same_folded. The
    last bytes are read as a word that overlaps the ones before.
*/
bool same_nid_and_tail(std::string_view a, std::string_view b, std::size_t nid_end, std::size_t end) noexcept
{
    char const* const pa = a.data() + 4;
    char const* const pb = b.data() + 4;
    std::size_t const n = end - 4, nid = nid_end - 4;
    auto same_at = [pa, pb, nid](std::size_t j) {
        std::uint64_t const x = detail::load8_le(pa + j), y = detail::load8_le(pb + j);
        return x == y || same_folded(x, y, pa, j, nid);
    };
    if (n < 8) {
        // The bytes before and after are not read: the marks are this
        // word's own (zeros above: never "%", equal in both).
        std::uint64_t const x = detail::load_short(a, pa, n), y = detail::load_short(b, pb, n);
        return x == y || equal_folded(x, y, detail::pct_marks(detail::pct_bytes(x), 0) | (bytes_before(0, nid) & detail::highs8));
    }
    std::size_t j = 0;
    for (; j + 16 <= n; j += 16) {
        std::uint64_t const d = (detail::load8(pa + j) ^ detail::load8(pb + j)) |
                                (detail::load8(pa + j + 8) ^ detail::load8(pb + j + 8));
        if (d != 0 && !(same_at(j) && same_at(j + 8)))
            return false;
    }
    if (j + 8 <= n) {
        if (!same_at(j))
            return false;
        j += 8;
    }
    return j == n || same_at(n - 8);
}

} // namespace

//----------------------------------------------------------------------------

bool equivalent(urn_view const& a, urn_view const& b, equivalence_mode m) noexcept
{
    bool const wa = detail::well_formed(a), wb = detail::well_formed(b);
    if (!wa || !wb)
        return !wa && !wb && a.buffer() == b.buffer();
    // Steps 1 to 3, over what the mode keeps (the scheme is "urn" in some
    // case, always).
    detail::parts const& pa = detail::view_access::parts_of(a);
    detail::parts const& pb = detail::view_access::parts_of(b);
    std::size_t const end = compared_end(a, m);
    if (pa.nid_end != pb.nid_end || end != compared_end(b, m) ||
        !same_nid_and_tail(a.buffer(), b.buffer(), pa.nid_end, end))
        return false;
    // Step 5b.
    bool const qa = sorts_query(a, m), qb = sorts_query(b, m);
    if (qa != qb)
        return false;
    return !qa || detail::same_directives(a.query(), b.query());
}

bool equivalent(urn_view const& a, urn_view const& b) noexcept
{
    return equivalent(a, b, default_equivalence(a.syntax()));
}

} // namespace urns
