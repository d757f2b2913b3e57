// SPDX-License-Identifier: BSL-1.0
//
// Internal, X3-free: what an equivalence mode compares of a URN after
// "urn:" NID ":" (RFC 2141 section 5, draft-03 section 5, RFC 8141 section
// 3.1), and the NID's lower-casing eight octets at a time: shared by the
// comparison (equivalence.cpp), the canonical form (canonical.cpp) and the
// hash (hash.cpp), which must agree on every URN.
#ifndef URNS_SRC_SEMANTIC_COMPARED_HPP
#define URNS_SRC_SEMANTIC_COMPARED_HPP

#include <urns/equivalence.hpp>
#include <urns/urn_view.hpp>

#include "parse/swar.hpp"
#include "parse/view_access.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace urns {
namespace detail {

/// Where what mode `m` compares of `v` after "urn:" NID ":" ends: the end
/// of the NSS, or of the whole URN (RFC 2141 compares all of it).
inline std::size_t compared_end(urn_view const& v, equivalence_mode m) noexcept
{
    return m == equivalence_mode::rfc2141 ? v.buffer().size() : detail::view_access::parts_of(v).nss_end;
}

/// The part after the NID that mode `m` compares as one string.
inline std::string_view compared_tail(urn_view const& v, equivalence_mode m) noexcept
{
    std::size_t const start = detail::view_access::parts_of(v).nid_end + 1;
    return v.buffer().substr(start, compared_end(v, m) - start);
}

/// Whether mode `m` compares the draft-03 query of `v` (step 5b).
inline bool sorts_query(urn_view const& v, equivalence_mode m) noexcept
{
    return m == equivalence_mode::rfc2141bis_keep_query && v.has_query();
}

/// 0xff in each byte of a word read at offset `at` that lies before offset
/// `end` (the lowest byte first).
constexpr std::uint64_t bytes_before(std::size_t at, std::size_t end) noexcept
{
    std::size_t const c = end > at ? end - at : 0;
    return c >= 8 ? ~std::uint64_t(0) : (std::uint64_t(1) << (8 * c)) - 1;
}

/// The word `w`, read from offset `at` of a piece, with the bytes of it
/// that lie before offset `lowered` (the NID's) lower-cased.
constexpr std::uint64_t lower_first(std::uint64_t w, std::size_t at, std::size_t lowered) noexcept
{
    std::uint64_t const m = bytes_before(at, lowered);
    return (detail::lower8(w) & m) | (w & ~m);
}

} // namespace detail
} // namespace urns

#endif
