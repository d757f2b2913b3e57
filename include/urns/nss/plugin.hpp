// SPDX-License-Identifier: BSL-1.0
//
// Namespace plugins: a shared object that gives namespace rules to a program
// that loads it at run time (the `urn` tool: `--plugin PATH`, or the
// URNS_PLUGINS environment variable), without rebuilding the program.
// X3-free. Build one with the CMake function urns_add_plugin() that the
// urns package installs (docs/namespaces.md, "Plugins").
#ifndef URNS_NSS_PLUGIN_HPP
#define URNS_NSS_PLUGIN_HPP

#include <urns/nss/registry.hpp>

#include <cstddef>

/// The version of the plugin interface below; a loader refuses any other.
#define URNS_PLUGIN_ABI 3

/// The name of the one entry point a plugin exports.
#define URNS_PLUGIN_ENTRY "urns_plugin_entry"

/// The C++ standard library's ABI a plugin and its loader must share (the
/// rules hold std::string_view and function pointers).
#if defined(_LIBCPP_VERSION)
#define URNS_PLUGIN_CXX_ABI "libc++"
#elif defined(_GLIBCXX_USE_CXX11_ABI) && _GLIBCXX_USE_CXX11_ABI
#define URNS_PLUGIN_CXX_ABI "libstdc++/cxx11"
#elif defined(__GLIBCXX__)
#define URNS_PLUGIN_CXX_ABI "libstdc++"
#else
#define URNS_PLUGIN_CXX_ABI "unknown"
#endif

#if defined(_WIN32)
#define URNS_PLUGIN_EXPORT __declspec(dllexport)
#else
#define URNS_PLUGIN_EXPORT __attribute__((visibility("default")))
#endif

extern "C" {

/** What a plugin's entry point returns: a description that the loader
    checks field by field before it uses `rules`. Static storage: the loader
    never unloads a plugin, and keeps pointers into it.
*/
struct urns_plugin_v1 {
    unsigned abi;                   ///< URNS_PLUGIN_ABI when the plugin was built
    char const* cxx_abi;            ///< URNS_PLUGIN_CXX_ABI when the plugin was built
    std::size_t sizeof_rules;       ///< sizeof(urns::nss::namespace_rules)
    std::size_t sizeof_fault;       ///< sizeof(urns::nss::nss_fault)
    char const* name;               ///< the plugin's name, for messages
    char const* error;              ///< null, or why the plugin cannot give its rules
    std::size_t count;              ///< the number of namespaces
    urns::nss::namespace_rules const* rules;   ///< `count` namespaces
};

/// The type of the entry point: `extern "C" urns_plugin_v1 const* urns_plugin_entry()`.
using urns_plugin_entry_fn = urns_plugin_v1 const* (*)();

} // extern "C"

namespace urns {
namespace nss {

/** The description of a plugin whose namespaces are `rules` (an array with
    static storage).

    @par Example
    @code
    extern "C" URNS_PLUGIN_EXPORT urns_plugin_v1 const* urns_plugin_entry()
    {
        static urns::nss::namespace_rules const rules[] = {acme::ticket_rules()};
        static urns_plugin_v1 const plugin = urns::nss::plugin_of("acme", rules);
        return &plugin;
    }
    @endcode
*/
template <std::size_t N>
constexpr urns_plugin_v1 plugin_of(char const* name, namespace_rules const (&rules)[N]) noexcept
{
    return {URNS_PLUGIN_ABI, URNS_PLUGIN_CXX_ABI, sizeof(namespace_rules), sizeof(nss_fault), name,
            nullptr,         N,                   rules};
}

} // namespace nss
} // namespace urns

#endif
