// SPDX-License-Identifier: BSL-1.0
// X3-free public header: the "example" URN namespace (RFC 6963).
#ifndef URNS_NSS_EXAMPLE_HPP
#define URNS_NSS_EXAMPLE_HPP

#include <urns/config.hpp>
#include <urns/nss/registry.hpp>

#include <optional>
#include <string_view>

namespace urns {
namespace nss {
namespace example {

/** Accepts every non-empty NSS (grammar/nss/example.abnf): RFC 6963
    gives "example" no structure beyond the generic URN syntax, which
    parse_urn has checked before a namespace rule runs.

    @par Specification
    RFC 6963 (BCP 183), the namespace registration template.
*/
URNS_DECL verdict validate(std::string_view nss) noexcept;

/// The registration of "example" for a registry: no rule, no fold.
URNS_DECL namespace_rules rules() noexcept;

} // namespace example
} // namespace nss
} // namespace urns

#endif
