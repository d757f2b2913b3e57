// SPDX-License-Identifier: BSL-1.0
//
// The urn command: namespace plugins (urns/nss/plugin.hpp), loaded by the
// library's loader (urns/nss/plugin_loader.hpp) from --plugin PATH and from
// URNS_PLUGINS (paths separated by ":"), their namespaces added to the
// registry that --namespaces uses; and the
// namespaces of --namespace NID=FILE[:ROOT], made from their ABNF.
#include "namespaces.hpp"

#include "command_line.hpp"
#include "messages.hpp"
#include "shown.hpp"
#include "streams.hpp"

#include <urns/nss/abnf.hpp>
#include <urns/nss/builtin.hpp>
#include <urns/nss/plugin_loader.hpp>
#include <urns/lexical.hpp>

#include <cerrno>
#include <vector>
#include <cstring>
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

/// Where each namespace that is not a shipped one came from: a plugin's
/// path, or a --namespace file (for urn namespaces).
std::vector<namespace_origin>& origins()
{
    static std::vector<namespace_origin> all;
    return all;
}

void note_origin(std::string_view nid, std::string_view kind, std::string_view from)
{
    auto& all = origins();
    for (auto& o : all)
        if (urns::lexical::iequals(o.nid, nid)) {
            o.kind = std::string(kind);
            o.from = std::string(from);
            return;
        }
    all.push_back({std::string(nid), std::string(kind), std::string(from)});
}

/// Where a plugin comes from, for messages: "--plugin" or "URNS_PLUGINS".
std::string_view g_loading_from = "--plugin";

[[noreturn]] void refuse(std::string_view path, std::string const& why)
{
    throw plugin_error{std::string(g_loading_from) + ": cannot load plugin " + shown(path) + ": " + why};
}

bool env_loaded = false;
bool any_plugin = false;

/// The library's loader (urns/nss/plugin_loader.hpp, which says the
/// policy); the namespaces go into the tool's registry, where a NID
/// already there is refused. The same file again adds nothing.
void load_one(std::string_view path, urns::nss::plugin_source source)
{
    urns::nss::loaded_plugin p;
    try {
        p = urns::nss::load_plugin(path, source);
    } catch (urns::nss::plugin_error const& e) {
        refuse(path, e.why());
    }
    if (!p.first)
        return;
    urns::nss::registry& reg = registry_store();
    for (urns::nss::namespace_rules const& r : p.rules)
        if (reg.find(r.nid))
            refuse(path, "the NID " + std::string(r.nid) + " is already registered");
    for (urns::nss::namespace_rules const& r : p.rules) {
        reg.add(r);
        note_origin(r.nid, "plugin", p.file);
    }
    any_plugin = true;
}

} // namespace

void load_environment_plugins()
{
    if (env_loaded)
        return;
    env_loaded = true;
    // Not in a set-user-ID or set-group-ID run (secure_getenv), where
    // the environment is not to be trusted with code to run.
    std::vector<std::string> const paths = urns::nss::environment_plugins();
    g_loading_from = "URNS_PLUGINS";
    for (std::string const& one : paths)
        load_one(one, urns::nss::plugin_source::environment);
    g_loading_from = "--plugin";
}

void load_plugin(std::string_view path)
{
    load_environment_plugins();
    load_one(path, urns::nss::plugin_source::caller);
}

bool plugins_loaded() noexcept
{
    return any_plugin;
}

std::string plugin_failure()
{
    return urns::nss::plugin_failure();
}

namespace {

/// rulename = ALPHA *(ALPHA / DIGIT / "-") (RFC 5234 section 4).
bool is_rulename(std::string_view s) noexcept
{
    using urns::lexical::rfc5234::alpha;
    using urns::lexical::rfc5234::digit;
    if (s.empty() || !alpha.contains(s[0]))
        return false;
    for (char c : s)
        if (!alpha.contains(c) && !digit.contains(c) && c != '-')
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
    load_environment_plugins();
    auto const eq = spec.find('=');
    if (eq == std::string_view::npos || eq == 0 || eq + 1 == spec.size())
        throw usage_error{"--namespace " + shown(spec) + ": expected NID=FILE or NID=FILE:ROOT"};
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
        throw usage_error{"--namespace " + shown(nid) + "=" + shown(path) + ": cannot read " + shown(path) + ": " +
                          std::strerror(errno)};
    std::ostringstream text;
    text << in.rdbuf();
    std::string const abnf = text.str();
    urns::nss::abnf_namespace_options o;
    o.source_name = path;
    if (urns::nss::read_header(abnf).reference.empty())
        o.reference = path;
    // Without ROOT: the file header's root, else its first rule.
    urns::nss::abnf_namespace ns = urns::nss::from_abnf(nid, abnf, root, o);
    std::string problems;
    for (urns::abnf::diagnostic const& d : ns.diagnostics) {
        problems += urns::abnf::to_string(d, abnf);
        if (problems.back() != '\n')
            problems += '\n';
    }
    if (!ns)
        throw usage_error{"--namespace " + shown(nid) + "=" + shown(path) + ": the grammar is not usable:\n" + problems};
    if (!problems.empty()) {
        begin_message();
        err().write(problems);
        end_message();
    }
    registry_store().add(*ns.rules);
    note_origin(nid, "abnf", path);
}

namespace_origin const* origin_of(std::string_view nid)
{
    for (auto const& o : origins())
        if (urns::lexical::iequals(o.nid, nid))
            return &o;
    return nullptr;
}

urns::parse_options parse_options_for(urns::syntax syn, bool namespaces)
{
    urns::parse_options o;
    o.syntax = syn;
    if (namespaces)
        o.registry = &tool_registry();
    return o;
}

urns::nss::registry const& tool_registry()
{
    return registry_store();
}

} // namespace urn_tool
