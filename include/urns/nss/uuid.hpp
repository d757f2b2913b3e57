// SPDX-License-Identifier: BSL-1.0
// X3-free public header: the "uuid" URN namespace (RFC 9562).
#ifndef URNS_NSS_UUID_HPP
#define URNS_NSS_UUID_HPP

#include <urns/config.hpp>
#include <urns/nss/registry.hpp>

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace urns {
namespace nss {
namespace uuid {

/** Checks that an NSS is a UUID in its string form: 8-4-4-4-12 hex digits
    in any case (grammar/nss/uuid.abnf).

    @par Example
    @code
    assert(urns::nss::uuid::validate("f81d4fae-7dec-11d0-a765-00a0c91e6bf6"));
    auto f = urns::nss::uuid::validate("f81d4fae-7dec-11d0-a765-00a0c91e6bf");
    assert(f.error().offset == 35 && f.error().expected == "HEXDIG");
    @endcode

    @par Specification
    RFC 9562 section 4 (ABNF) and section 7 (URN namespace registration);
    RFC 4122 section 3.
*/
URNS_DECL verdict validate(std::string_view nss) noexcept;

/** Folds a valid UUID NSS to lower-case hex (RFC 4122 section 3, "Rules
    for Lexical Equivalence": UUIDs compare by value, so the case of the
    hex digits does not matter). An invalid NSS is copied unchanged.
    See urns::nss::folder.
*/
URNS_DECL std::size_t fold(std::string_view nss, char* out) noexcept;

/** The 16 bytes of a UUID NSS, in network order (the order written), or
    nothing if `nss` is not a valid UUID.

    @par Example
    @code
    auto b = urns::nss::uuid::bytes("f81d4fae-7dec-11d0-a765-00a0c91e6bf6");
    assert(b && (*b)[0] == 0xF8 && (*b)[15] == 0xF6);
    @endcode

    @par Specification
    RFC 9562 section 4 ("the hex-and-dash string format"), section 5
    (field layout, most significant byte first).
*/
URNS_DECL std::optional<std::array<unsigned char, 16>> bytes(std::string_view nss) noexcept;

/** The version field (the high nibble of byte 6, RFC 9562 section 4.2) of
    a UUID NSS, or nothing if `nss` is not a valid UUID.
*/
URNS_DECL std::optional<unsigned> version(std::string_view nss) noexcept;

/// The registration of "uuid" for a registry.
URNS_DECL namespace_rules rules() noexcept;

} // namespace uuid
} // namespace nss
} // namespace urns

#endif
