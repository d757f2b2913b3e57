// SPDX-License-Identifier: BSL-1.0
//
// Loading namespace plugins (urns/nss/plugin.hpp) into a program at run
// time: the loader that the `urn` tool (--plugin, URNS_PLUGINS) and the
// Python package (urns.load_plugin) share, with one policy. X3-free.
// POSIX only (dlopen); a plugin is never unloaded.
#ifndef URNS_NSS_PLUGIN_LOADER_HPP
#define URNS_NSS_PLUGIN_LOADER_HPP

#include <urns/config.hpp>
#include <urns/nss/registry.hpp>

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace urns {
namespace nss {

/** A plugin that cannot be loaded. what() is "cannot load plugin PATH:
    WHY", `path` the path as given and `why` the cause (a missing file,
    no entry point, another interface or C++ ABI, the plugin's own error,
    no namespace, a NID that is not valid or is given twice). Control
    characters of the plugin's text are escaped as "\\xHH".
*/
class URNS_DECL plugin_error : public std::runtime_error {
public:
    /// The error of the plugin at `path` (as given), for the cause `why`.
    plugin_error(std::string path, std::string why);
    /// The path as given to load_plugin().
    std::string const& path() const noexcept { return path_; }
    /// The cause, without the path.
    std::string const& why() const noexcept { return why_; }

private:
    std::string path_;
    std::string why_;
};

/// What load_plugin() gives.
struct loaded_plugin {
    /// The plugin's name (urns_plugin_v1::name), for messages.
    std::string name;
    /// Its namespaces, ready for registry::add(): each validator, fold and
    /// field lister is called through a guard that turns what the plugin
    /// throws into a fault, an unfolded NSS or no fields (std::bad_alloc
    /// of a field lister passes) and keeps the first such failure for
    /// plugin_failure(); a fault past the NSS is put at its end, a field
    /// outside the NSS is dropped (and noted), and control characters of
    /// rule names are escaped.
    std::vector<namespace_rules> rules;
    /// False when the same shared object was loaded before (by this path or
    /// another): `rules` are then the rules of that first load (the same
    /// contexts), and nothing was run again.
    bool first = true;
};

/** Loads the namespace plugin at `path`, or throws plugin_error.

    A path without "/" is first looked up in the current directory (as a
    shell looks up a command with "./"), then left to dlopen, which
    searches LD_LIBRARY_PATH and the system's library directories. The
    same shared object loaded twice (one path twice, or two paths of one
    file) is loaded once: the second call returns the first's rules with
    `first` false. Loading runs the plugin's code (its constructors and
    entry point). Checks the interface version (URNS_PLUGIN_ABI), the C++
    ABI and the sizes of the shared types before any rule is used, and
    that each NID is valid (RFC 8141) and given once; whether a NID is
    already in a registry is the caller's to check. Thread-safe.
*/
URNS_DECL loaded_plugin load_plugin(std::string_view path);

/** The paths of the URNS_PLUGINS environment variable (separated by ":",
    empty ones skipped), read with secure_getenv: none in a set-user-ID or
    set-group-ID process, whose environment is not to be trusted with code
    to run.
*/
URNS_DECL std::vector<std::string> environment_plugins();

/** Empty, or the first failure of a loaded plugin's validator, fold or
    field lister (it threw, and the guard answered instead): the plugin's
    path, the function, the NID and the exception's text.
*/
URNS_DECL std::string plugin_failure();

} // namespace nss
} // namespace urns

#endif
