// SPDX-License-Identifier: BSL-1.0
// X3-free public header: the "mpeg" URN namespace (RFC 3614), resources of
// the Moving Picture Experts Group.
#ifndef URNS_NSS_MPEG_HPP
#define URNS_NSS_MPEG_HPP

#include <urns/config.hpp>
#include <urns/nss/registry.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace urns {
namespace nss {
namespace mpeg {

/** Checks an "mpeg" NSS (grammar/nss/mpeg.abnf): a standard name without
    ":", then ":" and a non-empty assigned string.

    @par Example
    @code
    assert(urns::nss::mpeg::validate("mpeg7:schema:2001"));   // RFC 3614 section 3
    auto f = urns::nss::mpeg::validate("mpeg7");
    assert(f.error().offset == 5 && f.error().expected == "\":\"");
    @endcode

    @par Specification
    RFC 3614 section 2 ("Declaration of structure").
*/
URNS_DECL verdict validate(std::string_view nss) noexcept;

/** Folds a valid "mpeg" NSS for comparison (RFC 3614 section 2: the
    standard name is case-insensitive, the remainder case-sensitive): the
    standard name's letters in lower case outside percent-encodings. Any
    other NSS is copied unchanged. See urns::nss::folder.
*/
URNS_DECL std::size_t fold(std::string_view nss, char* out) noexcept;

/// The two fields of an MPEG URN, as written (RFC 3614 section 2).
struct parts {
    std::string standard;   ///< the standard name ("mpeg7", ...)
    std::string assigned;   ///< the assigned string
};

/** The fields of a valid "mpeg" NSS, or nothing.

    @par Example
    @code
    auto p = urns::nss::mpeg::parse("mpeg7:cs:GenreCS:2001");
    assert(p->standard == "mpeg7" && p->assigned == "cs:GenreCS:2001");
    @endcode
*/
URNS_DECL std::optional<parts> parse(std::string_view nss);

/// The registration of "mpeg" for a registry.
URNS_DECL namespace_rules rules() noexcept;

} // namespace mpeg
} // namespace nss
} // namespace urns

#endif
