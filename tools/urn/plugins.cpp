// SPDX-License-Identifier: BSL-1.0
//
// The urn command: namespace plugins (urns/nss/plugin.hpp), loaded with
// dlopen from --plugin PATH and from URNS_PLUGINS (paths separated by ":"),
// their namespaces added to the registry that --namespaces uses.
#include "cli.hpp"

#include <urns/nss/builtin.hpp>
#include <urns/nss/plugin.hpp>

#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <string>

namespace urn_tool {

namespace {

urns::nss::registry& registry_store()
{
    static urns::nss::registry reg = urns::nss::builtin();
    return reg;
}

[[noreturn]] void refuse(std::string_view path, std::string const& why)
{
    throw usage_error{"cannot load plugin " + std::string(path) + ": " + why};
}

bool env_loaded = false;

void load_env_plugins()
{
    env_loaded = true;
    char const* env = std::getenv("URNS_PLUGINS");
    if (!env)
        return;
    std::string_view list(env);
    while (!list.empty()) {
        auto const colon = list.find(':');
        std::string_view const one = list.substr(0, colon);
        if (!one.empty())
            load_plugin(one);
        if (colon == std::string_view::npos)
            break;
        list.remove_prefix(colon + 1);
    }
}

} // namespace

void load_plugin(std::string_view path)
{
    if (!env_loaded)
        load_env_plugins();
    std::string const p(path);
    // Never closed: the registry keeps pointers to the plugin's rules.
    void* const handle = ::dlopen(p.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        char const* e = ::dlerror();
        refuse(path, e ? e : "dlopen failed");
    }
    void* const sym = ::dlsym(handle, URNS_PLUGIN_ENTRY);
    if (!sym)
        refuse(path, "not a urns plugin: no entry point " URNS_PLUGIN_ENTRY);
    urns_plugin_entry_fn entry;
    static_assert(sizeof entry == sizeof sym, "a function pointer and a data pointer differ in size");
    std::memcpy(&entry, &sym, sizeof entry);
    urns_plugin_v1 const* const d = entry();
    if (!d)
        refuse(path, "its entry point returned nothing");
    if (d->abi != URNS_PLUGIN_ABI)
        refuse(path, "incompatible: plugin interface " + std::to_string(d->abi) + ", this urn has " +
                         std::to_string(URNS_PLUGIN_ABI));
    if (!d->cxx_abi || std::strcmp(d->cxx_abi, URNS_PLUGIN_CXX_ABI) != 0 ||
        d->sizeof_rules != sizeof(urns::nss::namespace_rules) || d->sizeof_fault != sizeof(urns::nss::nss_fault))
        refuse(path, std::string("incompatible: built for the C++ library ABI ") + (d->cxx_abi ? d->cxx_abi : "?") +
                         ", this urn uses " + URNS_PLUGIN_CXX_ABI + " (or its urns types differ in size)");
    if (d->error)
        refuse(path, std::string("the plugin reports: ") + d->error);
    if (d->count == 0 || !d->rules)
        refuse(path, "it gives no namespace");
    urns::nss::registry& reg = registry_store();
    for (std::size_t i = 0; i < d->count; ++i) {
        urns::nss::namespace_rules const& r = d->rules[i];
        if (r.nid.empty())
            refuse(path, "a namespace without a NID");
        if (reg.find(r.nid))
            refuse(path, "the NID " + std::string(r.nid) + " is already registered");
    }
    for (std::size_t i = 0; i < d->count; ++i)
        reg.add(d->rules[i]);
}

urns::nss::registry const& tool_registry()
{
    if (!env_loaded)
        load_env_plugins();
    return registry_store();
}

} // namespace urn_tool
