// SPDX-License-Identifier: BSL-1.0
// X3-free public header: the "xmpp" URN namespace (RFC 4854), XML formats
// and protocols that extend XMPP, as the XMPP Standards Foundation assigns
// them.
#ifndef URNS_NSS_XMPP_HPP
#define URNS_NSS_XMPP_HPP

#include <urns/config.hpp>
#include <urns/nss/registry.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace urns {
namespace nss {
namespace xmpp {

/** Checks an "xmpp" NSS (grammar/nss/xmpp.abnf): a ShortName, then
    optionally ":" and a SubName, then ":" and the name of each level of a
    sub-tree; no name holds ":" or is empty.

    @par Example
    @code
    assert(urns::nss::xmpp::validate("disco:info"));   // RFC 4854 section 2
    auto f = urns::nss::xmpp::validate("disco:");
    assert(f.error().offset == 6 && f.error().expected == "SubName");
    @endcode

    @par Specification
    RFC 4854 section 2 ("Declaration of Syntactic Structure"). Equivalence
    is the generic one (section 2): no fold.
*/
URNS_DECL verdict validate(std::string_view nss) noexcept;

/// The fields of an XMPP URN, as written (RFC 4854 section 2).
struct parts {
    std::string short_name;                ///< the ShortName: the protocol or format
    std::optional<std::string> sub_name;   ///< the SubName: a subset of it, if any
    std::vector<std::string> sub_tree;     ///< the names of the levels below the SubName, in order
};

/** The fields of a valid "xmpp" NSS, or nothing.

    @par Example
    @code
    auto p = urns::nss::xmpp::parse("disco:info");
    assert(p->short_name == "disco" && *p->sub_name == "info" && p->sub_tree.empty());
    @endcode
*/
URNS_DECL std::optional<parts> parse(std::string_view nss);

/// The registration of "xmpp" for a registry (no fold: section 2).
URNS_DECL namespace_rules rules() noexcept;

} // namespace xmpp
} // namespace nss
} // namespace urns

#endif
