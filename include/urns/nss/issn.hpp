// SPDX-License-Identifier: BSL-1.0
// X3-free public header: the "issn" URN namespace (RFC 3044, RFC 8254).
#ifndef URNS_NSS_ISSN_HPP
#define URNS_NSS_ISSN_HPP

#include <urns/config.hpp>
#include <urns/nss/registry.hpp>

#include <cstddef>
#include <optional>
#include <string_view>

namespace urns {
namespace nss {
namespace issn {

/** Checks that an NSS is an ISSN, "NNNN-NNNC", with the right check digit
    C (a digit or "X") (grammar/nss/issn.abnf).

    @par Example
    @code
    assert(urns::nss::issn::validate("0259-000X"));
    auto f = urns::nss::issn::validate("1560-1561");
    assert(f.error().offset == 8 && f.error().expected == "check-digit");
    @endcode

    @par Specification
    RFC 3044 section 5; RFC 8254; ISO 3297 check digit.
*/
URNS_DECL verdict validate(std::string_view nss) noexcept;

/// Folds a valid ISSN's "x" check digit to "X". See urns::nss::folder.
URNS_DECL std::size_t fold(std::string_view nss, char* out) noexcept;

/// The registration of "issn" for a registry.
URNS_DECL namespace_rules rules() noexcept;

} // namespace issn
} // namespace nss
} // namespace urns

#endif
