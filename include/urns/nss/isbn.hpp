// SPDX-License-Identifier: BSL-1.0
// X3-free public header: the "isbn" URN namespace (RFC 3187, RFC 8254).
#ifndef URNS_NSS_ISBN_HPP
#define URNS_NSS_ISBN_HPP

#include <urns/config.hpp>
#include <urns/nss/registry.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace urns {
namespace nss {
namespace isbn {

/** Checks that an NSS is an ISBN-10 or ISBN-13 with the right check
    digit, hyphens allowed between digits (grammar/nss/isbn.abnf).

    @par Example
    @code
    assert(urns::nss::isbn::validate("0-395-36341-1"));           // RFC 3187 section 3.2
    auto f = urns::nss::isbn::validate("0-395-36341-2");
    assert(f.error().offset == 12 && f.error().expected == "check-digit-10");
    @endcode

    @par Specification
    RFC 3187 section 3; RFC 8254 (registration moved to the ISBN agency);
    ISO 2108 check digits.
*/
URNS_DECL verdict validate(std::string_view nss) noexcept;

/** Folds a valid ISBN to its digits, hyphens removed and "x" as "X"
    (ISO 2108: hyphens only separate groups). An invalid NSS is copied
    unchanged. See urns::nss::folder.
*/
URNS_DECL std::size_t fold(std::string_view nss, char* out) noexcept;

/** The 13 digits of a valid ISBN: an ISBN-13 without hyphens, or an
    ISBN-10 as "978" + its first 9 digits + the ISBN-13 check digit;
    nothing if `nss` is not a valid ISBN.

    @par Example
    @code
    assert(urns::nss::isbn::to_isbn13("0-395-36341-1") == "9780395363416");
    @endcode

    @par Specification
    ISO 2108:2005 (the 978 prefix for every ISBN-10).
*/
URNS_DECL std::optional<std::string> to_isbn13(std::string_view nss);

/// The registration of "isbn" for a registry.
URNS_DECL namespace_rules rules() noexcept;

} // namespace isbn
} // namespace nss
} // namespace urns

#endif
