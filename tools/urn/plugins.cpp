// SPDX-License-Identifier: BSL-1.0
//
// The urn command: namespace plugins (urns/nss/plugin.hpp), loaded with
// dlopen from --plugin PATH and from URNS_PLUGINS (paths separated by ":"),
// their namespaces added to the registry that --namespaces uses; and the
// namespaces of --namespace NID=FILE[:ROOT], made from their ABNF.
#include "cli.hpp"
#include "output.hpp"

#include <urns/nss/abnf.hpp>
#include <urns/nss/builtin.hpp>
#include <urns/nss/plugin.hpp>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <fstream>
#include <sstream>
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

namespace {

/// rulename = ALPHA *(ALPHA / DIGIT / "-") (RFC 5234 section 4).
bool is_rulename(std::string_view s) noexcept
{
    auto alpha = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); };
    if (s.empty() || !alpha(s[0]))
        return false;
    for (char c : s)
        if (!alpha(c) && !(c >= '0' && c <= '9') && c != '-')
            return false;
    return true;
}

bool readable(std::string const& path)
{
    return std::ifstream(path, std::ios::binary).good();
}

} // namespace

void load_abnf_namespace(std::string_view spec)
{
    if (!env_loaded)
        load_env_plugins();
    auto const eq = spec.find('=');
    if (eq == std::string_view::npos || eq == 0 || eq + 1 == spec.size())
        throw usage_error{"--namespace " + std::string(spec) + ": expected NID=FILE or NID=FILE:ROOT"};
    std::string const nid(spec.substr(0, eq));
    std::string path(spec.substr(eq + 1));
    std::string root;
    // FILE:ROOT when what follows the last ":" is a rule name and FILE is a
    // file; else the whole is the file (a path may hold ":").
    if (auto const colon = path.rfind(':'); colon != std::string::npos && !readable(path) &&
                                            is_rulename(std::string_view(path).substr(colon + 1)) &&
                                            readable(path.substr(0, colon))) {
        root = path.substr(colon + 1);
        path.resize(colon);
    }
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw usage_error{"--namespace " + nid + "=" + path + ": cannot read " + path + ": " +
                          std::strerror(errno)};
    std::ostringstream text;
    text << in.rdbuf();
    std::string const abnf = text.str();
    urns::nss::abnf_namespace_options o;
    o.reference = path;
    o.source_name = path;
    if (root.empty()) {
        // The file's first rule: compile once to learn it.
        urns::abnf::grammar const g = urns::abnf::grammar::compile(abnf, o.compile);
        std::vector<std::string> const names = g.rule_names();
        if (g.ok() && !names.empty())
            root = names.front();
    }
    urns::nss::abnf_namespace ns = urns::nss::from_abnf(nid, abnf, root, o);
    std::string problems;
    for (urns::abnf::diagnostic const& d : ns.diagnostics) {
        problems += urns::abnf::to_string(d, abnf);
        if (problems.back() != '\n')
            problems += '\n';
    }
    if (!ns)
        throw usage_error{"--namespace " + nid + "=" + path + ": the grammar is not usable:\n" + problems};
    if (!problems.empty()) {
        begin_message();
        err().write(problems);
        end_message();
    }
    registry_store().add(*ns.rules);
}

urns::nss::registry const& tool_registry()
{
    if (!env_loaded)
        load_env_plugins();
    return registry_store();
}

} // namespace urn_tool
