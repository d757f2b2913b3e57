// SPDX-License-Identifier: BSL-1.0
//
// Example: the "acme-ticket" namespace as a plugin of the `urn` tool. The
// one C entry point gives the namespace's rules; the tool checks the
// interface version and the C++ ABI before it uses them. Built by
// urns_add_plugin() (example/CMakeLists.txt), with acme_ticket.cpp.
#include "acme_ticket.hpp"

#include <urns/nss/plugin.hpp>

extern "C" URNS_PLUGIN_EXPORT urns_plugin_v1 const* urns_plugin_entry()
{
    static urns::nss::namespace_rules const rules[] = {acme::ticket_rules()};
    static urns_plugin_v1 const plugin = urns::nss::plugin_of("acme-ticket", rules);
    return &plugin;
}
