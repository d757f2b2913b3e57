// SPDX-License-Identifier: BSL-1.0
//
// Internal (not installed): the parts of the plugin loader
// (src/nss/plugin_loader.cpp) that need no shared object, so that a test or
// a fuzzer can give them a plugin's table directly: the check of the table
// a plugin's entry point returns, and the guards its rules are called
// through once it is accepted.
#ifndef URNS_SRC_NSS_PLUGIN_TABLE_HPP
#define URNS_SRC_NSS_PLUGIN_TABLE_HPP

#include <urns/nss/plugin.hpp>
#include <urns/nss/registry.hpp>

#include <string>
#include <string_view>

namespace urns {
namespace nss {
namespace plugin_detail {

/// `s` with its control characters, the bytes that are not UTF-8 and "\\"
/// escaped ("\\xHH", "\\\\"): a plugin's text as messages show it.
std::string escaped(std::string_view s);

/** Empty if load_plugin() accepts the table `d`, else why not (the cause
    its plugin_error gives): the interface version, the C++ ABI and the
    sizes of the shared types, the name and error texts, the number of
    namespaces, each NID and each reference. Reads no C string further than
    its limit + 1 bytes, no NID longer than 32 bytes, no reference longer
    than 4096 bytes, and no rule past `d.count` once the count is within
    its limit; the pointers themselves are trusted (the plugin's code gave
    them). */
std::string table_fault(urns_plugin_v1 const& d);

/** A plugin's namespace as a registry holds it: the plugin's own rules and
    its path. Its validator, fold and field lister are called through the
    guards of plugin_loader.cpp, which catch what they throw (they are
    noexcept by contract, but a plugin's code may still throw through a
    cast pointer): the first failure is kept for plugin_failure(), and the
    call answers as if the NSS were invalid (a fault at 0) or unfolded.
    What a plugin's noexcept function throws inside itself ends the process
    there (std::terminate): nothing can catch it. */
struct guarded_rules {
    namespace_rules plugin;
    std::string path;
};

/// The rules that call `g`'s through the guards (plugin_loader.hpp,
/// loaded_plugin::rules); their context is `&g`, which must outlive them.
namespace_rules guarded(guarded_rules const& g);

} // namespace plugin_detail
} // namespace nss
} // namespace urns

#endif
