// SPDX-License-Identifier: BSL-1.0
// A plugin built for another plugin interface: the loader refuses it.
#include <urns/nss/plugin.hpp>

extern "C" URNS_PLUGIN_EXPORT urns_plugin_v1 const* urns_plugin_entry()
{
    static urns::nss::namespace_rules const rules[] = {{"incompatible", nullptr, nullptr, "test"}};
    static urns_plugin_v1 plugin = urns::nss::plugin_of("incompatible", rules);
    plugin.abi = URNS_PLUGIN_ABI + 1;
    return &plugin;
}
