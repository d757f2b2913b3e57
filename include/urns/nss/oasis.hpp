// SPDX-License-Identifier: BSL-1.0
// X3-free public header: the "oasis" URN namespace (RFC 3121), resources
// of OASIS.
#ifndef URNS_NSS_OASIS_HPP
#define URNS_NSS_OASIS_HPP

#include <urns/config.hpp>
#include <urns/nss/registry.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace urns {
namespace nss {
namespace oasis {

/** Checks an "oasis" NSS (grammar/nss/oasis.abnf): "names:specification:"
    or "names:tc:" an id, a type, an optional subtype and a document id;
    "names:technical:" a document type, a legacy document id (digits) and an
    amendment year; or "member:" a member id and an opaque string.

    @par Example
    @code
    assert(urns::nss::oasis::validate("names:tc:docbook:dtd:xml:docbook:5.0b1"));   // RFC 3121 section 3
    auto f = urns::nss::oasis::validate("names:paper:x");
    assert(f.error().offset == 6 && f.error().expected == "names-nss");
    @endcode

    @par Specification
    RFC 3121 section 2 ("Declaration of structure"). Equivalence is
    "lexically identical" (section 2): no fold.
*/
URNS_DECL verdict validate(std::string_view nss) noexcept;

/// The fields of an OASIS URN, as written (RFC 3121 section 2).
struct parts {
    std::string branch;                  ///< "names" or "member"
    std::string hierarchy;               ///< names: "specification", "tc" or "technical"; member: empty
    std::string id;                      ///< the specification-id, tc-id or member-id; technical: empty
    std::string type;                    ///< specification, tc: the type; technical: the document type
    std::optional<std::string> subtype;  ///< specification, tc: the subtype, if any
    std::string document_id;             ///< the document-id (technical: year and number); member: the opaque string
    std::string amendment_id;            ///< technical: the year of the amendment
};

/** The fields of a valid "oasis" NSS, or nothing.

    @par Example
    @code
    auto p = urns::nss::oasis::parse("names:specification:docbook:dtd:xml:4.1.2");
    assert(p->id == "docbook" && p->type == "dtd" && *p->subtype == "xml" && p->document_id == "4.1.2");
    @endcode
*/
URNS_DECL std::optional<parts> parse(std::string_view nss);

/// The registration of "oasis" for a registry (no fold: section 2).
URNS_DECL namespace_rules rules() noexcept;

} // namespace oasis
} // namespace nss
} // namespace urns

#endif
