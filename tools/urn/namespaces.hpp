// SPDX-License-Identifier: BSL-1.0
// The urn command: the namespaces it applies (--namespaces): those shipped
// with urns, those of plugins (--plugin, URNS_PLUGINS) and of --namespace.
#ifndef URN_TOOL_NAMESPACES_HPP
#define URN_TOOL_NAMESPACES_HPP

#include <urns/nss/registry.hpp>
#include <urns/parse.hpp>
#include <urns/syntax.hpp>

#include <string>
#include <string_view>

namespace urn_tool {

/// A plugin that cannot be loaded (--plugin, URNS_PLUGINS): main prints
/// "urn: <what>" (the variable or the option, the path and the cause) and
/// exits with status 2.
struct plugin_error {
    std::string what;
};

/// What parse_urn is given: the syntax, and with `namespaces` the rules of
/// the namespaces of tool_registry().
urns::parse_options parse_options_for(urns::syntax syn, bool namespaces);

/** Loads the namespace plugin at `path` (urns/nss/plugin.hpp) into the
    registry of tool_registry(), from --plugin; a plugin_error (status 2)
    says why not. A path without "/" is looked up in the current directory
    first, then as dlopen looks it up; a plugin already loaded (the same
    file, by device and inode) is not loaded again. */
void load_plugin(std::string_view path);

/// Loads the plugins of URNS_PLUGINS (read once, with secure_getenv);
/// main calls it before every command.
void load_environment_plugins();

/// Whether a plugin was loaded (--plugin or URNS_PLUGINS): it implies
/// --namespaces.
bool plugins_loaded() noexcept;

/// Empty, or why a plugin's validator or fold failed during the command
/// (it threw: the tool caught it at the call and answered a fault), for
/// main to report with status 2.
std::string plugin_failure();

/// Adds the namespace of --namespace NID=FILE[:ROOT] (an ABNF grammar) to
/// the registry of tool_registry(); a usage_error (status 2) says why not,
/// with the grammar's problems.
void load_abnf_namespace(std::string_view spec);

/// The shipped namespaces and those of the plugins (--plugin, URNS_PLUGINS)
/// and of --namespace.
urns::nss::registry const& tool_registry();

/// A namespace of tool_registry() that is not a shipped one (or replaces one).
struct namespace_origin {
    std::string nid;
    std::string kind;  ///< "plugin" or "abnf" (--namespace)
    std::string from;  ///< the plugin's path, or the ABNF file
};
/// Where the namespace `nid` (any case) came from; null for a shipped one.
namespace_origin const* origin_of(std::string_view nid);

} // namespace urn_tool

#endif
