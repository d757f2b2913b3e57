// SPDX-License-Identifier: BSL-1.0
// X3-free public header: the "dev" URN namespace (RFC 9039), device
// identifiers.
#ifndef URNS_NSS_DEV_HPP
#define URNS_NSS_DEV_HPP

#include <urns/config.hpp>
#include <urns/nss/registry.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace urns {
namespace nss {
namespace dev {

/** Checks a "dev" NSS (grammar/nss/dev.abnf): "mac:" or "ow:" and 16 hex
    digits; "org:" PEN "-" identifier; "os:" PEN "-" serial; "ops:" PEN "-"
    product "-" serial; or another lower-case subtype ":" identifier; then
    optional ":" identifiers (not after mac and ow) and "_" components.

    @par Example
    @code
    assert(urns::nss::dev::validate("ow:10e2073a01080063"));   // RFC 9039 section 5
    auto f = urns::nss::dev::validate("mac:0024be804ff1");
    assert(f.error().offset == 16 && f.error().expected == "hexdigit");        // 16 hex digits
    @endcode

    @par Specification
    RFC 9039 section 3.2 (ABNF), section 4 (subtypes). Equivalence is the
    generic one, case-sensitive (section 3.2.1): no fold.
*/
URNS_DECL verdict validate(std::string_view nss) noexcept;

/// The fields of a DEV URN, as written (RFC 9039 section 4).
struct parts {
    std::string subtype;                 ///< "mac", "ow", "org", "os", "ops" or another
    std::string pen;                     ///< org, os, ops: the Private Enterprise Number
    std::string product;                 ///< ops: the product class
    std::string id;                      ///< the hexstring (mac, ow), identifier (org, other) or serial (os, ops)
    std::vector<std::string> more;       ///< the ":"-separated identifiers after it
    std::vector<std::string> components; ///< the "_"-separated components
};

/** The fields of a valid "dev" NSS, or nothing.

    @par Example
    @code
    auto p = urns::nss::dev::parse("ops:32473-Refrigerator-5002");   // RFC 9039 section 5
    assert(p->pen == "32473" && p->product == "Refrigerator" && p->id == "5002");
    @endcode
*/
URNS_DECL std::optional<parts> parse(std::string_view nss);

/// The registration of "dev" for a registry (no fold: section 3.2.1).
URNS_DECL namespace_rules rules() noexcept;

} // namespace dev
} // namespace nss
} // namespace urns

#endif
