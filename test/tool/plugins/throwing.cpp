// SPDX-License-Identifier: BSL-1.0
// A plugin whose code throws: its entry point when URNS_TEST_THROW_ENTRY
// is set, else its validator (declared without noexcept and given through
// a cast, as a careless plugin might), on an NSS that starts with "boom".
#include <urns/nss/plugin.hpp>

#include <cstdlib>
#include <stdexcept>
#include <string_view>
#include <utility>

namespace {

using verdict = urns::nss::verdict;

verdict validate(std::string_view nss)
{
    if (nss.substr(0, 4) == "boom")
        throw std::runtime_error("boom in the validator");
    return verdict{};
}

} // namespace

extern "C" URNS_PLUGIN_EXPORT urns_plugin_v1 const* urns_plugin_entry()
{
    if (std::getenv("URNS_TEST_THROW_ENTRY"))
        throw std::runtime_error("boom in the entry point");
    static urns::nss::namespace_rules const rules[] = {
        {"throwing", reinterpret_cast<urns::nss::validator>(&validate), nullptr, "test"}};
    static urns_plugin_v1 const plugin = urns::nss::plugin_of("throwing", rules);
    return &plugin;
}
