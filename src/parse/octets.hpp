// SPDX-License-Identifier: BSL-1.0
//
// Internal, X3-free: the octet sets of the parse path's fast reading (the
// simple form "urn:" NID ":" NSS, src/parse/scan.hpp) and the table reads
// that the scanner, the fault locator and the wide readings share. Every
// set is made from the lexical layer's classes (<urns/lexical.hpp>), the
// ones the grammars are written with.
#ifndef URNS_SRC_PARSE_OCTETS_HPP
#define URNS_SRC_PARSE_OCTETS_HPP

#include <urns/lexical.hpp>
#include <urns/syntax.hpp>

#include "parse/swar.hpp"

#include <cstddef>

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
/// RFC 8141's NSS octets after the first, "%" left out.
inline constexpr lx::charset nss_rfc8141_plain = lx::rfc3986::pchar | lx::charset("/");
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

/// The octet at `i` of `c`, 0-255.
inline unsigned octet_at(char const* c, std::size_t i) noexcept
{
    return static_cast<unsigned char>(c[i]);
}

} // namespace fast
} // namespace detail
} // namespace urns

#endif
