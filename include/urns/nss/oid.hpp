// SPDX-License-Identifier: BSL-1.0
// X3-free public header: the "oid" URN namespace (RFC 3061).
#ifndef URNS_NSS_OID_HPP
#define URNS_NSS_OID_HPP

#include <urns/config.hpp>
#include <urns/nss/registry.hpp>

#include <optional>
#include <string_view>
#include <vector>

namespace urns {
namespace nss {
namespace oid {

/** Checks that an NSS is a dotted-decimal OID without leading zeros
    (grammar/nss/oid.abnf).

    @par Example
    @code
    assert(urns::nss::oid::validate("1.3.6.1"));
    auto f = urns::nss::oid::validate("1.3.06.1");
    assert(f.error().offset == 4 && f.error().expected == "number");
    @endcode

    @par Specification
    RFC 3061 section 2.
*/
URNS_DECL verdict validate(std::string_view nss) noexcept;

/** The arcs of a valid OID NSS, as written (decimal, any length: arcs of
    UUID-derived OIDs exceed 64 bits); nothing if it is not one.

    @par Example
    @code
    auto a = urns::nss::oid::arcs("1.3.6.1");
    assert(a && a->size() == 4 && (*a)[2] == "6");
    @endcode
*/
URNS_DECL std::optional<std::vector<std::string_view>> arcs(std::string_view nss);

/// The registration of "oid" for a registry: no fold (one spelling per OID).
URNS_DECL namespace_rules rules() noexcept;

} // namespace oid
} // namespace nss
} // namespace urns

#endif
