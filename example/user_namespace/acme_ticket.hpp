// SPDX-License-Identifier: BSL-1.0
// Example, X3-free header: the "acme-ticket" namespace of a (fictional)
// issue tracker, as a user of urns would add it. Include this where you
// build your registry; only acme_ticket.cpp sees X3.
#ifndef ACME_TICKET_HPP
#define ACME_TICKET_HPP

#include <urns/nss/registry.hpp>

#include <optional>
#include <string_view>

namespace acme {

/** The rules of urn:acme-ticket: NSS = project "-" number, e.g.
    "CORE-1234"; project keys are case-insensitive.
*/
urns::nss::namespace_rules ticket_rules() noexcept;

/** The ticket number of a valid ticket NSS ("CORE-1234" gives 1234), read
    by the namespace's own grammar (a namespace is a parser); nothing if the
    NSS is not a ticket or the number does not fit.
*/
std::optional<unsigned long> ticket_number(std::string_view nss);

} // namespace acme

#endif
