// SPDX-License-Identifier: BSL-1.0
// A plugin that cannot give its rules and says why.
#include <urns/nss/plugin.hpp>

extern "C" URNS_PLUGIN_EXPORT urns_plugin_v1 const* urns_plugin_entry()
{
    static urns::nss::namespace_rules const rules[] = {{"failing", nullptr, nullptr, "test"}};
    static urns_plugin_v1 plugin = urns::nss::plugin_of("failing", rules);
    plugin.error = "its configuration file is missing";
    return &plugin;
}
