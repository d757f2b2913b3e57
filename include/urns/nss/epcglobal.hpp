// SPDX-License-Identifier: BSL-1.0
// X3-free public header: the "epcglobal" URN namespace (RFC 5134 section
// 3), names of EPCglobal's logical and software constructs (XML schema
// namespaces and the like).
#ifndef URNS_NSS_EPCGLOBAL_HPP
#define URNS_NSS_EPCGLOBAL_HPP

#include <urns/config.hpp>
#include <urns/nss/registry.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace urns {
namespace nss {
namespace epcglobal {

/** Checks an "epcglobal" NSS (grammar/nss/epcglobal.abnf): a
    sub-namespace name (letters, digits, "-", not starting with "-"), ":"
    and a non-empty rest.

    @par Example
    @code
    assert(urns::nss::epcglobal::validate("ale:xsd:1"));   // RFC 5134 section 3
    auto f = urns::nss::epcglobal::validate("ale");
    assert(f.error().offset == 3 && f.error().expected == "\":\"");
    @endcode

    @par Specification
    RFC 5134 section 3 ("Declaration of structure"). Equivalence: "The
    entire URN is case-sensitive": no fold.
*/
URNS_DECL verdict validate(std::string_view nss) noexcept;

/// The two fields of an EPCglobal URN, as written (RFC 5134 section 3).
struct parts {
    std::string sub_namespace;   ///< subnsname ("ale", ...)
    std::string rest;            ///< subns, after the first ":"
};

/** The fields of a valid "epcglobal" NSS, or nothing.

    @par Example
    @code
    auto p = urns::nss::epcglobal::parse("ale:xsd:1");
    assert(p->sub_namespace == "ale" && p->rest == "xsd:1");
    @endcode
*/
URNS_DECL std::optional<parts> parse(std::string_view nss);

/// The registration of "epcglobal" for a registry (no fold: section 3).
URNS_DECL namespace_rules rules() noexcept;

} // namespace epcglobal
} // namespace nss
} // namespace urns

#endif
