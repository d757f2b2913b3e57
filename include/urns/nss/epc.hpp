// SPDX-License-Identifier: BSL-1.0
// X3-free public header: the "epc" URN namespace (RFC 5134; the syntax is
// GS1's EPC Tag Data Standard), Electronic Product Codes.
#ifndef URNS_NSS_EPC_HPP
#define URNS_NSS_EPC_HPP

#include <urns/config.hpp>
#include <urns/nss/registry.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace urns {
namespace nss {
namespace epc {

/** Checks an "epc" NSS (grammar/nss/epc.abnf): a sub-namespace name, ":"
    and a non-empty rest (RFC 5134 section 2); for the pure identities
    ("id:") of the schemes sgtin, sscc, sgln, grai, giai, gsrn, gsrnp, gdti,
    pgln and gsin, the syntax of the EPC Tag Data Standard: a GS1 Company
    Prefix of 6 to 12 digits, a reference making the GS1 key's digit total
    (SGTIN 13, SSCC 17, SGLN 12, GRAI 12, GSRN and GSRNP 17, GDTI 12, PGLN
    12, GSIN 16), and serials of GS3A3 characters. Other sub-namespaces
    and schemes are accepted with RFC 5134's rules only.

    @par Example
    @code
    assert(urns::nss::epc::validate("id:sgtin:900100.0003456.1234567"));   // RFC 5134 section 2
    auto f = urns::nss::epc::validate("id:sgtin:0614141.11234.400");        // 12 digits
    assert(f.error().offset == 21 && f.error().expected == "item-reference");
    @endcode

    @par Specification
    RFC 5134 section 2 ("Declaration of structure"); GS1 EPC Tag Data
    Standard section 6.3. Equivalence: "The entire URN is case-sensitive"
    (section 2): no fold.
*/
URNS_DECL verdict validate(std::string_view nss) noexcept;

/// The fields of an EPC URN, as written.
struct parts {
    std::string sub_namespace;    ///< "id", "tag", "idpat", ...
    std::string scheme;           ///< "id": the scheme ("sgtin", ...); other sub-namespaces: empty
    bool checked = false;         ///< one of the ten schemes whose syntax is checked; the fields below are read
    std::string company_prefix;   ///< the GS1 Company Prefix (6 to 12 digits)
    std::string reference;        ///< the item reference (with indicator), serial, location, asset, service, document, party or shipper reference
    std::string serial;           ///< the serial (sgtin, grai, gdti), the extension (sgln), as written (escapes kept); else empty
    std::string rest;             ///< after "<sub-namespace>:" (and "<scheme>:" for "id")
};

/** The fields of a valid "epc" NSS, or nothing.

    @par Example
    @code
    auto p = urns::nss::epc::parse("id:sgtin:900100.0003456.1234567");
    assert(p->checked && p->company_prefix == "900100" && p->reference == "0003456" && p->serial == "1234567");
    @endcode
*/
URNS_DECL std::optional<parts> parse(std::string_view nss);

/// The registration of "epc" for a registry (no fold: section 2).
URNS_DECL namespace_rules rules() noexcept;

} // namespace epc
} // namespace nss
} // namespace urns

#endif
