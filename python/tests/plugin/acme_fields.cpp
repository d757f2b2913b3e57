// SPDX-License-Identifier: BSL-1.0
//
// A test plugin for the Python package: the example's "acme-ticket"
// namespace (example/user_namespace/acme_ticket.cpp) with a field lister,
// which the example's own plugin does not have. Its fields are the
// example ABNF's rules of a ticket (acme_ticket.abnf):
//   ticket    = project "-" number
// so "CORE-1234" gives project "CORE" and number "1234".
#include "acme_ticket.hpp"

#include <urns/nss/plugin.hpp>

#include <string_view>
#include <vector>

namespace {

std::vector<urns::nss::nss_field> ticket_fields(void const*, std::string_view nss)
{
    if (acme::ticket_rules().check(nss))
        return {};  // rejected: no fields
    // A valid ticket has one "-": project's ALPHA and DIGIT never include it.
    std::size_t const dash = nss.find('-');
    return {{"project", 0, dash}, {"number", dash + 1, nss.size()}};
}

urns::nss::namespace_rules with_fields() noexcept
{
    urns::nss::namespace_rules r = acme::ticket_rules();
    r.fields = &ticket_fields;
    return r;
}

} // namespace

extern "C" URNS_PLUGIN_EXPORT urns_plugin_v1 const* urns_plugin_entry()
{
    static urns::nss::namespace_rules const rules[] = {with_fields()};
    static urns_plugin_v1 const plugin = urns::nss::plugin_of("acme-ticket with fields", rules);
    return &plugin;
}
