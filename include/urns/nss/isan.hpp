// SPDX-License-Identifier: BSL-1.0
// X3-free public header: the "isan" URN namespace (RFC 4246).
#ifndef URNS_NSS_ISAN_HPP
#define URNS_NSS_ISAN_HPP

#include <urns/config.hpp>
#include <urns/nss/registry.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace urns {
namespace nss {
namespace isan {

/** Checks that an NSS is an ISAN (grammar/nss/isan.abnf): root (3 groups
    of 4 hex digits), episode (4 hex digits) and its check character,
    optionally a version (2 groups) and its check character, "-" between,
    both check characters right (ISO 7064 MOD 37,36).

    @par Example
    @code
    assert(urns::nss::isan::validate("0000-0000-D07A-0090-Q-0000-0000-X"));
    auto f = urns::nss::isan::validate("0123-1230-3210-2310-1");   // RFC 4246 section 2
    assert(f.error().offset == 20 && f.error().expected == "check");             // "J" is right
    @endcode

    @par Specification
    RFC 4246 section 3 (syntax), section 2 (equivalence, validation);
    ISO 15706; ISO 7064.
*/
URNS_DECL verdict validate(std::string_view nss) noexcept;

/** Folds a valid ISAN to upper case (RFC 4246 section 2: "The ISAN-NSS is
    case-insensitive"). An invalid NSS is copied unchanged. See
    urns::nss::folder.
*/
URNS_DECL std::size_t fold(std::string_view nss, char* out) noexcept;

/// The fields of an ISAN, hex digits in upper case without hyphens.
struct parts {
    std::string root;                   ///< 12 hex digits (48 bits): the work
    std::string episode;                ///< 4 hex digits: episode or part
    std::optional<std::string> version; ///< 8 hex digits, if the NSS has a version
};

/** The fields of a valid ISAN NSS, or nothing.

    @par Example
    @code
    auto p = urns::nss::isan::parse("0000-0000-d07a-0090-q");
    assert(p->root == "00000000D07A" && p->episode == "0090" && !p->version);
    @endcode
*/
URNS_DECL std::optional<parts> parse(std::string_view nss);

/// The registration of "isan" for a registry.
URNS_DECL namespace_rules rules() noexcept;

} // namespace isan
} // namespace nss
} // namespace urns

#endif
