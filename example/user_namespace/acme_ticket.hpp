// Example, X3-free header: the "acme-ticket" namespace of a (fictional)
// issue tracker, as a user of urns would add it. Include this where you
// build your registry; only acme_ticket.cpp sees X3.
#ifndef ACME_TICKET_HPP
#define ACME_TICKET_HPP

#include <urns/nss/registry.hpp>

namespace acme {

/** The rules of urn:acme-ticket: NSS = project "-" number, e.g.
    "CORE-1234"; project keys are case-insensitive.
*/
urns::nss::namespace_rules ticket_rules() noexcept;

} // namespace acme

#endif
