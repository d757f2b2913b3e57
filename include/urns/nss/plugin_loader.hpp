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
    /// The file loaded: an absolute path without symbolic links.
    std::string file;
    /// Its namespaces, ready for registry::add(): each validator, fold and
    /// field lister is called through a guard that turns what the plugin
    /// throws into a fault, an unfolded NSS or no fields (std::bad_alloc
    /// of a field lister passes) and keeps the first such failure for
    /// plugin_failure(); a fault past the NSS is put at its end, a field
    /// outside the NSS is dropped (and noted), more names than a fault can
    /// hold are counted as dropped (and noted), and rule names are cut at
    /// 256 bytes with their control characters and bytes that are not
    /// UTF-8 escaped as "\\xHH".
    std::vector<namespace_rules> rules;
    /// False when the same shared object was loaded before (by this path or
    /// another): `rules` are then the rules of that first load (the same
    /// contexts), and nothing was run again.
    bool first = true;
};

/// Who named a plugin, which decides how its path is read (load_plugin()).
enum class plugin_source {
    caller,      ///< the program's user: a command-line option, a call
    environment  ///< the environment (URNS_PLUGINS): only absolute paths
};

/** Loads the namespace plugin at `path`, or throws plugin_error.

    The policy:
    - No plugin is loaded in a set-user-ID or set-group-ID process (or any
      the kernel marks AT_SECURE), whoever names it: its user is not to be
      trusted with code to run there.
    - A path with a "/" names a file: from the caller it may be relative
      to the current directory (the user typed it); from the environment
      it must be absolute.
    - A bare name (no "/") is looked up only in the plugin directories
      (plugin_directories()): DIR/NAME, then DIR/NAME.so, in their order;
      never in the current directory, and never by dlopen's own search
      (LD_LIBRARY_PATH, the system's library directories). Write
      "./NAME" for a file in the current directory.
    - The file is loaded by its absolute path without symbolic links
      (loaded_plugin::file).

    The same shared object loaded twice (one path twice, or two paths of
    one file) is loaded once: the second call returns the first's rules
    with `first` false. Loading runs the plugin's code (its constructors
    and entry point), so its pointers are trusted within limits: before
    any rule is used, the loader checks the interface version
    (URNS_PLUGIN_ABI), the C++ ABI and the sizes of the shared types, the
    name and error texts (at most 256 bytes, UTF-8), the number of
    namespaces (1 to 1024), each NID (at most 32 bytes, valid by RFC 8141,
    given once) and each reference (at most 4096 bytes, UTF-8); what the
    rules give when called is checked by the guards (`rules`). Whether a
    NID is already in a registry is the caller's to check. Thread-safe.
*/
URNS_DECL loaded_plugin load_plugin(std::string_view path, plugin_source source = plugin_source::caller);

/** The paths of the URNS_PLUGINS environment variable (separated by ":",
    empty ones skipped), read with secure_getenv: none in a set-user-ID or
    set-group-ID process, whose environment is not to be trusted with code
    to run. Load them with plugin_source::environment.
*/
URNS_DECL std::vector<std::string> environment_plugins();

/** The directories a plugin's bare name is looked up in, in order: those
    of the URNS_PLUGIN_PATH environment variable (separated by ":", read
    with secure_getenv; each must be absolute, and load_plugin() refuses
    a bare name while one is not), then the directory this library was
    built to install plugins to, LIBDIR/urns/plugins (CMake's
    CMAKE_INSTALL_FULL_LIBDIR; `urns_add_plugin` installs there).
*/
URNS_DECL std::vector<std::string> plugin_directories();

/** Empty, or the first failure of a loaded plugin's validator, fold or
    field lister (it threw, and the guard answered instead): the plugin's
    path, the function, the NID and the exception's text.
*/
URNS_DECL std::string plugin_failure();

} // namespace nss
} // namespace urns

#endif
