// SPDX-License-Identifier: BSL-1.0
// A plugin that gives a NID urns already has (isbn): the loader refuses it.
#include <urns/nss/plugin.hpp>

extern "C" URNS_PLUGIN_EXPORT urns_plugin_v1 const* urns_plugin_entry()
{
    static urns::nss::namespace_rules const rules[] = {{"ISBN", nullptr, nullptr, "test"}};
    static urns_plugin_v1 const plugin = urns::nss::plugin_of("duplicate", rules);
    return &plugin;
}
