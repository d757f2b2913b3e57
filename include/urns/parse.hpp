// SPDX-License-Identifier: BSL-1.0
// X3-free public header.
#ifndef URNS_PARSE_HPP
#define URNS_PARSE_HPP

#include <urns/config.hpp>
#include <urns/error.hpp>
#include <urns/syntax.hpp>
#include <urns/urn_view.hpp>

#include <string_view>

namespace urns {

namespace nss {
class registry;
}

/// What parse_urn checks, beyond the choice of syntax.
struct parse_options {
    /// The URN syntax.
    urns::syntax syntax = urns::syntax::rfc2141bis;

    /** Namespace rules (urns/nss/registry.hpp), or null. If set and the
        NID is registered, the NSS must also satisfy the namespace's rule;
        a fault is reported as error::nss_rejected at its offset in the
        whole input, `expected` naming the namespace's ABNF rule. The
        registry must outlive the call.
    */
    nss::registry const* registry = nullptr;
};

/** Parses a URN. Never throws, never allocates.

    On success the view refers to `s`. On failure the error gives the code,
    the byte offset of the first byte that could not be accepted, and the
    ABNF rule that was expected there (the farthest failure, with
    `also_expected` naming what else would have been accepted there). The
    grammar includes the rules its document states in prose: the reserved
    NID "urn" (RFC 2141, draft-03), informal NIDs (RFC 8141
    "urn-<number>"), and no "%00" (RFC 2141 section 2.4, draft-03 section
    2.5.3).

    @par Example
    @code
    auto r = urns::parse_urn("urn:ISBN:0-395-36341-1");
    if (r) std::cout << r->nid() << '\n';                       // ISBN
    auto e = urns::parse_urn("urn:ex:a b");
    std::cout << urns::to_string(e.error(), "urn:ex:a b");     // caret under the space
    @endcode

    @par Specification
    RFC 2141 section 2; draft-ietf-urnbis-rfc2141bis-urn-03 section 2;
    RFC 8141 section 2.
*/
URNS_DECL result<urn_view> parse_urn(std::string_view s,
                                     urns::syntax syn = urns::syntax::rfc2141bis) noexcept;

/// Parses with options.
URNS_DECL result<urn_view> parse_urn(std::string_view s, parse_options const& opts) noexcept;

} // namespace urns

#endif
