// SPDX-License-Identifier: BSL-1.0
// X3-free public header: the "nbn" URN namespace (RFC 8458).
#ifndef URNS_NSS_NBN_HPP
#define URNS_NSS_NBN_HPP

#include <urns/config.hpp>
#include <urns/nss/registry.hpp>

#include <optional>
#include <string_view>

namespace urns {
namespace nss {
namespace nbn {

/** Checks the prefix of an NBN NSS (grammar/nss/nbn.abnf): a two-letter
    country code, optional ":"-separated sub-namespace codes, then "-" and
    a non-empty NBN string.

    @par Example
    @code
    assert(urns::nss::nbn::validate("de:101:1-200910131091"));
    auto f = urns::nss::nbn::validate("fin-123");
    assert(f.error().offset == 2 && f.error().expected == "\"-\"");
    @endcode

    @par Specification
    RFC 8458 (namespace registration, version 4).
*/
URNS_DECL verdict validate(std::string_view nss) noexcept;

/** The prefix of a valid NBN NSS (country code and sub-namespaces, before
    the "-"), or nothing.

    @par Example
    @code
    assert(urns::nss::nbn::prefix("de:101:1-200910131091") == "de:101:1");
    @endcode
*/
URNS_DECL std::optional<std::string_view> prefix(std::string_view nss) noexcept;

/// The registration of "nbn" for a registry: no fold.
URNS_DECL namespace_rules rules() noexcept;

} // namespace nbn
} // namespace nss
} // namespace urns

#endif
