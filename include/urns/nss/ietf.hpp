// SPDX-License-Identifier: BSL-1.0
// X3-free public header: the "ietf" URN namespace (RFC 2648), with its
// "params" sub-namespace (RFC 3553) and the SCIM sub-namespace
// "params:scim" (RFC 7643).
#ifndef URNS_NSS_IETF_HPP
#define URNS_NSS_IETF_HPP

#include <urns/config.hpp>
#include <urns/nss/registry.hpp>

#include <cstddef>
#include <optional>
#include <string_view>

namespace urns {
namespace nss {
namespace ietf {

/** Checks an NSS of "urn:ietf:" (grammar/nss/ietf.abnf, RFC 2648's ABNF):
    "rfc:", "std:", "bcp:", "fyi:" and digits; "id:" or "mtg:" and a name
    (letters, digits, "-"); RFC 3553's "params:" and colon-separated names,
    where "params:scim:" must follow RFC 7643 (validate_scim); or a bare
    name (RFC 2648's other-nss, "for future expansion").

    @par Example
    @code
    assert(urns::nss::ietf::validate("rfc:2648"));
    auto f = urns::nss::ietf::validate("rfc:26x8");
    assert(f.error().offset == 6 && f.error().expected == "rfc-nss");
    @endcode

    @par Specification
    RFC 2648 section 2; RFC 3553 section 3; RFC 7643 section 10.2.1.
*/
URNS_DECL verdict validate(std::string_view nss) noexcept;

/** Checks an NSS of the form "params:scim:{type}:{name}{:other}"
    (grammar/nss/ietf-params-scim.abnf), type "schemas", "api" or
    "param".

    @par Example
    @code
    assert(urns::nss::ietf::validate_scim("params:scim:schemas:core:2.0:User"));
    @endcode

    @par Specification
    RFC 7643 section 10.2.1.
*/
URNS_DECL verdict validate_scim(std::string_view nss) noexcept;

/** Folds a valid "ietf" NSS to lower case, percent-encodings excepted
    (RFC 2648: the entire URN is case-insensitive). An invalid NSS is
    copied unchanged. See urns::nss::folder.
*/
URNS_DECL std::size_t fold(std::string_view nss, char* out) noexcept;

/// The registration of "ietf" for a registry.
URNS_DECL namespace_rules rules() noexcept;

} // namespace ietf
} // namespace nss
} // namespace urns

#endif
