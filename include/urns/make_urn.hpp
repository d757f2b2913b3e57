// SPDX-License-Identifier: BSL-1.0
// X3-free public header: a builder that cannot produce an invalid URN.
#ifndef URNS_MAKE_URN_HPP
#define URNS_MAKE_URN_HPP

#include <urns/config.hpp>
#include <urns/error.hpp>
#include <urns/syntax.hpp>
#include <urns/urn.hpp>

#include <string_view>

namespace urns {

/** Builds "urn:" NID ":" NSS from a NID and a raw identifier.

    The NID is checked against the syntax's NID rule and its reserved
    names; the identifier (any octets, normally UTF-8 text) is encoded with
    pct::encode(identifier, syn, extra_reserved); the result is then parsed
    with parse_urn(s, syn) as a last guard, so a value is always a valid URN
    of `syn` whose nss() is pct::encode(identifier, syn, extra_reserved) and
    whose nid() is `nid` as given (case kept).

    @param nid The namespace identifier, as it should be written.
    @param identifier The identifier to embed, not yet encoded: "%" in it is
    a literal percent sign and becomes "%25".
    @param syn The syntax the URN must conform to.
    @param extra_reserved Characters the namespace reserves (draft-03
    section 2.5.2): they are percent-encoded as well.

    @return The URN, or a parse_error whose offset is into the argument
    named by `expected`:
    - error::bad_nid, `expected` = "NID": a NID that breaks the syntax's
      NID rule (RFC 2141: 1 to 32 letters, digits, hyphens, first not a
      hyphen; draft-03 and RFC 8141: 2 to 32, first and last a letter or
      digit); offset = the first offending byte (`nid.size()` if too short);
    - error::reserved_nid: "urn" under rfc2141 and rfc2141bis (`expected`
      = "NID"), a NID starting "urn-" that is not "urn-" Number under
      rfc8141 (`expected` = "InformalNamespaceName"), offset 0;
    - the errors of pct::encode (empty identifier, NUL), `expected` =
      "NSS", offset into `identifier`.
    If the parse of the built string ever failed (a bug), its error is
    returned with offsets into the built string. Only std::bad_alloc is
    ever thrown.

    @par Example
    @code
    urns::urn u = urns::make_urn("example", "Straße 1/2").value();
    assert(u.buffer() == "urn:example:Stra%C3%9Fe%201%2F2");
    auto u8141 = urns::make_urn("example", "a/b?", urns::syntax::rfc8141).value();
    assert(u8141.nss() == "a/b%3F");
    assert(!urns::make_urn("urn", "x"));   // reserved NID
    @endcode

    @par Specification
    RFC 2141 sections 2.1-2.4 and 3; draft-ietf-urnbis-rfc2141bis-urn-03
    sections 2.1, 2.2, 2.5 and 3 ("If names ... contain characters other
    than those defined for the URN character set, they MUST be translated
    into canonical form"); RFC 8141 sections 2 and 5.2.
*/
URNS_DECL result<urn> make_urn(std::string_view nid, std::string_view identifier,
                               urns::syntax syn = urns::syntax::rfc2141bis,
                               std::string_view extra_reserved = {});

} // namespace urns

#endif
