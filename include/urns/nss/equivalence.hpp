// SPDX-License-Identifier: BSL-1.0
// X3-free public header: lexical equivalence with namespace knowledge, the
// generic equivalence (urns/equivalence.hpp) plus each registered
// namespace's fold.
#ifndef URNS_NSS_EQUIVALENCE_HPP
#define URNS_NSS_EQUIVALENCE_HPP

#include <urns/config.hpp>
#include <urns/equivalence.hpp>
#include <urns/nss/registry.hpp>
#include <urns/urn_view.hpp>

#include <string>

namespace urns {
namespace nss {

/** Appends the canonical form of `v` in mode `m` with the NSS folded by
    its namespace: urns::canonical(v, m), whose NSS part is then replaced
    by the namespace's fold of it (if `v`'s NID is registered and has
    one). Because the fold is applied to the generic canonical form, two
    URNs that urns::equivalent() calls equal get the same string here: a
    namespace's equivalence only removes false negatives.

    @par Example
    @code
    std::string s;
    urns::nss::canonical(urns::parse_urn("URN:UUID:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6").value(),
                         urns::equivalence_mode::rfc2141bis_drop_query, urns::nss::builtin(), s);
    assert(s == "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6");
    @endcode

    @par Specification
    RFC 2141 section 5 and draft-03 section 5 (namespaces may add
    equivalences that "only have the effect of eliminating some of the
    false negatives"); RFC 8141 section 3.1.
*/
URNS_DECL void canonical(urn_view const& v, equivalence_mode m, registry const& reg, std::string& out);

/** Whether two URNs are equivalent in mode `m` once their namespaces'
    folds are applied: canonical(a) == canonical(b) above. Whatever
    urns::equivalent(a, b, m) accepts, this accepts too. Allocates the two
    canonical forms.

    @par Example
    @code
    auto a = urns::parse_urn("urn:isbn:0-395-36341-1").value();
    auto b = urns::parse_urn("URN:ISBN:0395363411").value();
    assert(!urns::equivalent(a, b, urns::equivalence_mode::rfc2141));
    assert(urns::nss::equivalent(a, b, urns::equivalence_mode::rfc2141, urns::nss::builtin()));
    @endcode

    @par Specification
    As canonical().
*/
URNS_DECL bool equivalent(urn_view const& a, urn_view const& b, equivalence_mode m, registry const& reg);

} // namespace nss
} // namespace urns

#endif
