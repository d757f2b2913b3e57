// SPDX-License-Identifier: BSL-1.0
// X3-free public header: the "nfc" URN namespace (RFC 4729), resources of
// the Near Field Communication Forum.
#ifndef URNS_NSS_NFC_HPP
#define URNS_NSS_NFC_HPP

#include <urns/config.hpp>
#include <urns/nss/registry.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace urns {
namespace nss {
namespace nfc {

/** Checks an "nfc" NSS (grammar/nss/nfc.abnf): an NFCresource without
    ":", then ":" and a non-empty ResourceSpecificString.

    @par Example
    @code
    assert(urns::nss::nfc::validate("wkt:Uri"));   // RFC 4729 section 3
    auto f = urns::nss::nfc::validate("wkt");
    assert(f.error().offset == 3 && f.error().expected == "\":\"");
    @endcode

    @par Specification
    RFC 4729 section 2 ("Declaration of syntactic structure"). Equivalence
    is the generic one (section 2): no fold.
*/
URNS_DECL verdict validate(std::string_view nss) noexcept;

/// The two fields of an NFC Forum URN, as written (RFC 4729 section 2).
struct parts {
    std::string resource;   ///< the NFCresource, the class of resource ("wkt", "schema", ...)
    std::string specific;   ///< the ResourceSpecificString, the resource's label in that class
};

/** The fields of a valid "nfc" NSS, or nothing.

    @par Example
    @code
    auto p = urns::nss::nfc::parse("schema:manifest");
    assert(p->resource == "schema" && p->specific == "manifest");
    @endcode
*/
URNS_DECL std::optional<parts> parse(std::string_view nss);

/// The registration of "nfc" for a registry (no fold: section 2).
URNS_DECL namespace_rules rules() noexcept;

} // namespace nfc
} // namespace nss
} // namespace urns

#endif
