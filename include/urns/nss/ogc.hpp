// SPDX-License-Identifier: BSL-1.0
// X3-free public header: the "ogc" URN namespace (RFC 5165), Open
// Geospatial Consortium resources.
#ifndef URNS_NSS_OGC_HPP
#define URNS_NSS_OGC_HPP

#include <urns/config.hpp>
#include <urns/nss/registry.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace urns {
namespace nss {
namespace ogc {

/** Checks an "ogc" NSS (grammar/nss/ogc.abnf): an OGCresource without
    ":", then ":" and a non-empty ResourceSpecificString.

    @par Example
    @code
    assert(urns::nss::ogc::validate("def:crs:EPSG:6.3:26986"));   // RFC 5165 section 3
    auto f = urns::nss::ogc::validate("specification");
    assert(f.error().offset == 13 && f.error().expected == "\":\"");
    @endcode

    @par Specification
    RFC 5165 section 2 ("Declaration of syntactic structure"). Equivalence
    is the generic one; the OGCresource is case sensitive: no fold.
*/
URNS_DECL verdict validate(std::string_view nss) noexcept;

/// The two fields of an OGC URN, as written (RFC 5165 section 2).
struct parts {
    std::string resource;   ///< the OGCresource, the class of resource type
    std::string specific;   ///< the ResourceSpecificString, the resource's label in that class
};

/** The fields of a valid "ogc" NSS, or nothing.

    @par Example
    @code
    auto p = urns::nss::ogc::parse("def:crs:EPSG:6.3:26986");
    assert(p->resource == "def" && p->specific == "crs:EPSG:6.3:26986");
    @endcode
*/
URNS_DECL std::optional<parts> parse(std::string_view nss);

/// The registration of "ogc" for a registry (no fold: section 2).
URNS_DECL namespace_rules rules() noexcept;

} // namespace ogc
} // namespace nss
} // namespace urns

#endif
