// SPDX-License-Identifier: BSL-1.0
//
// The urn command: namespace plugins (urns/nss/plugin.hpp), loaded with
// dlopen from --plugin PATH and from URNS_PLUGINS (paths separated by ":"),
// their namespaces added to the registry that --namespaces uses; and the
// namespaces of --namespace NID=FILE[:ROOT], made from their ABNF.
#include "namespaces.hpp"

#include "command_line.hpp"
#include "messages.hpp"
#include "shown.hpp"
#include "streams.hpp"

#include <urns/nss/abnf.hpp>
#include <urns/nss/builtin.hpp>
#include <urns/nss/plugin.hpp>
#include <urns/lexical.hpp>
#include <urns/parse.hpp>

#include <algorithm>
#include <cerrno>
#include <deque>
#include <exception>
#include <mutex>
#include <new>
#include <optional>
#include <type_traits>
#include <sys/stat.h>
#include <utility>
#include <vector>
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

/// Where a plugin comes from, for messages: "--plugin" or "URNS_PLUGINS".
std::string_view g_loading_from = "--plugin";

[[noreturn]] void refuse(std::string_view path, std::string const& why)
{
    throw plugin_error{std::string(g_loading_from) + ": cannot load plugin " + shown(path) + ": " + why};
}

bool env_loaded = false;
bool any_plugin = false;

/// The plugins loaded so far, by device and inode (a path loaded twice,
/// or by two names, is loaded once).
std::vector<std::pair<dev_t, ino_t>>& loaded_files()
{
    static std::vector<std::pair<dev_t, ino_t>> files;
    return files;
}

/** A plugin's namespace as the registry holds it: its validator, fold
    and field lister are called through the functions below, which catch
    what they throw (they are noexcept by contract, but a plugin's code
    may still throw through a cast pointer): the first failure is kept
    for main (status 2), and the call answers as if the NSS were invalid
    (a fault at 0) or unfolded. What a plugin's noexcept function throws
    inside itself ends the process there (std::terminate): nothing can
    catch it. */
struct guarded_rules {
    urns::nss::namespace_rules plugin;
    std::string path;
};

std::mutex g_failure_m;
std::string g_failure;

void note_failure(guarded_rules const& g, char const* what, char const* why) noexcept
{
    try {
        std::lock_guard<std::mutex> lk(g_failure_m);
        if (g_failure.empty())
            g_failure = "plugin " + g.path + ": the " + what + " of the NID " + std::string(g.plugin.nid) +
                        " threw (" + why + "); its results are not to be trusted";
    } catch (...) {
    }
}

/// What a namespace's validator answers (whatever the registry's type).
using verdict_type = decltype(std::declval<urns::nss::validator>()(std::string_view()));

/** The plugin's validator, called through a pointer of the same type
    without noexcept: a call through the noexcept type lets the compiler
    drop the handler (no exception can come out of it, it assumes), and
    what the plugin throws would then pass it. */
verdict_type call_validator(urns::nss::namespace_rules const& r, std::string_view nss)
{
    if (r.validate_with) {
        auto const loose = reinterpret_cast<verdict_type (*)(void const*, std::string_view)>(r.validate_with);
        return loose(r.context, nss);
    }
    auto const loose = reinterpret_cast<verdict_type (*)(std::string_view)>(r.validate);
    return loose(nss);
}

/// `name` as text output can show it (shown()): a name with a control
/// character is replaced by an escaped copy, kept for the process.
std::string_view safe_rule_name(std::string_view name)
{
    if (shown(name) == name)
        return name;
    static std::mutex m;
    static std::deque<std::pair<std::string, std::string>> copies;  // name, shown name
    std::lock_guard<std::mutex> lk(m);
    for (auto const& c : copies)
        if (c.first == name)
            return c.second;
    copies.emplace_back(std::string(name), shown(name));
    return copies.back().second;
}

verdict_type guarded_validate(void const* context, std::string_view nss) noexcept
{
    auto const& g = *static_cast<guarded_rules const*>(context);
    try {
        verdict_type const v = call_validator(g.plugin, nss);
        if (v)
            return v;
        // The plugin's data is not trusted: a fault past the NSS is at its
        // end, and a rule name with control characters is escaped.
        urns::nss::nss_fault const given = v.error();
        urns::nss::nss_fault f{std::min(given.offset, nss.size()), safe_rule_name(given.expected)};
        for (std::string_view also : given.also_expected)
            f.also_expected.push_back(safe_rule_name(also));
        return f;
    } catch (std::exception const& e) {
        note_failure(g, "validator", e.what());
    } catch (...) {
        note_failure(g, "validator", "an exception of an unknown type");
    }
    urns::nss::nss_fault f;
    f.expected = "(the plugin's validator failed)";
    return f;
}

std::size_t guarded_fold(void const* context, std::string_view nss, char* out) noexcept
{
    auto const& g = *static_cast<guarded_rules const*>(context);
    try {
        std::size_t n;
        if (g.plugin.fold_with)
            n = reinterpret_cast<std::size_t (*)(void const*, std::string_view, char*)>(g.plugin.fold_with)(
                g.plugin.context, nss, out);
        else
            n = reinterpret_cast<std::size_t (*)(std::string_view, char*)>(g.plugin.fold)(nss, out);
        if (n <= nss.size())
            return n;
        note_failure(g, "fold", "it wrote more than the NSS's length");
    } catch (std::exception const& e) {
        note_failure(g, "fold", e.what());
    } catch (...) {
        note_failure(g, "fold", "an exception of an unknown type");
    }
    std::memcpy(out, nss.data(), nss.size());
    return nss.size();
}

/// The plugin's fields of `nss`: only those inside the NSS, their names
/// escaped as the validator's rule names are; none if it throws (noted).
std::vector<urns::nss::nss_field> guarded_fields(void const* context, std::string_view nss)
{
    auto const& g = *static_cast<guarded_rules const*>(context);
    std::vector<urns::nss::nss_field> given;
    try {
        given = g.plugin.fields(g.plugin.context, nss);
    } catch (std::bad_alloc const&) {
        throw;  // out of memory: main's guard says so
    } catch (std::exception const& e) {
        note_failure(g, "field lister", e.what());
        return {};
    } catch (...) {
        note_failure(g, "field lister", "an exception of an unknown type");
        return {};
    }
    std::vector<urns::nss::nss_field> kept;
    kept.reserve(given.size());
    for (urns::nss::nss_field const& f : given) {
        if (f.begin > f.end || f.end > nss.size()) {
            note_failure(g, "field lister", "it gave a field outside the NSS");
            continue;
        }
        kept.push_back({safe_rule_name(f.name), f.begin, f.end});
    }
    return kept;
}

/// Whether `nid` is a NID by the library's rules (RFC 8141's, the
/// strictest of the three syntaxes; "urn" is reserved).
bool valid_nid(std::string_view nid)
{
    std::string u = "urn:";
    u += nid;
    u += ":x";
    auto const r = urns::parse_urn(u, urns::syntax::rfc8141);
    return r && r->nid().size() == nid.size();
}

/** The file a --plugin or URNS_PLUGINS path names: a path without "/"
    is first looked up in the current directory (as a shell looks up a
    command with "./"), then left to dlopen, which searches
    LD_LIBRARY_PATH and the system's library directories. */
std::string plugin_file(std::string_view path)
{
    std::string p(path);
    struct stat st;
    if (p.find('/') == std::string::npos && ::stat(p.c_str(), &st) == 0)
        return "./" + p;
    return p;
}

void load_one(std::string_view path)
{
    std::string const p = plugin_file(path);
    struct stat st;
    bool const known = p.find('/') != std::string::npos && ::stat(p.c_str(), &st) == 0;
    if (known) {
        for (auto const& f : loaded_files())
            if (f.first == st.st_dev && f.second == st.st_ino)
                return;  // the same file again: harmless
    }
    // dlopen runs the plugin's constructors (its static objects' and
    // those marked so), and the entry point is the plugin's code too: the
    // interface and ABI it says it was built for can only be checked
    // after both ran. Everything else is checked before any of its rules
    // is used. Never closed: the registry keeps pointers to its rules.
    void* const handle = ::dlopen(p.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        char const* e = ::dlerror();
        refuse(path, e ? shown(e) : std::string("dlopen failed"));  // dlerror() quotes the path as given
    }
    void* const sym = ::dlsym(handle, URNS_PLUGIN_ENTRY);
    if (!sym)
        refuse(path, "not a urns plugin: no entry point " URNS_PLUGIN_ENTRY);
    urns_plugin_entry_fn entry;
    static_assert(sizeof entry == sizeof sym, "a function pointer and a data pointer differ in size");
    std::memcpy(&entry, &sym, sizeof entry);
    urns_plugin_v1 const* d = nullptr;
    try {
        d = entry();
    } catch (std::exception const& e) {
        refuse(path, std::string("its entry point threw: ") + e.what());
    } catch (...) {
        refuse(path, "its entry point threw (an exception of an unknown type)");
    }
    if (!d)
        refuse(path, "its entry point returned nothing");
    if (d->abi != URNS_PLUGIN_ABI)
        refuse(path, "incompatible: plugin interface " + std::to_string(d->abi) + ", this urn has " +
                         std::to_string(URNS_PLUGIN_ABI));
    if (!d->cxx_abi || std::strcmp(d->cxx_abi, URNS_PLUGIN_CXX_ABI) != 0 ||
        d->sizeof_rules != sizeof(urns::nss::namespace_rules) || d->sizeof_fault != sizeof(urns::nss::nss_fault))
        refuse(path, std::string("incompatible: built for the C++ library ABI ") +
                         (d->cxx_abi ? shown(d->cxx_abi) : std::string("?")) + ", this urn uses " +
                         URNS_PLUGIN_CXX_ABI + " (or its urns types differ in size)");
    if (d->error)
        refuse(path, std::string("the plugin reports: ") + shown(d->error));
    if (d->count == 0 || !d->rules)
        refuse(path, "it gives no namespace");
    urns::nss::registry& reg = registry_store();
    for (std::size_t i = 0; i < d->count; ++i) {
        urns::nss::namespace_rules const& r = d->rules[i];
        if (r.nid.empty())
            refuse(path, "a namespace without a NID");
        if (!valid_nid(r.nid))
            refuse(path, "\"" + shown(r.nid) + "\" is not a valid NID (RFC 8141 section 2)");
        if (reg.find(r.nid))
            refuse(path, "the NID " + std::string(r.nid) + " is already registered");
        for (std::size_t k = 0; k < i; ++k)
            if (urns::lexical::iequals(d->rules[k].nid, r.nid))
                refuse(path, "the NID " + std::string(r.nid) + " is given twice");
    }
    static std::deque<guarded_rules> guarded;  // stable addresses: the contexts
    for (std::size_t i = 0; i < d->count; ++i) {
        guarded.push_back({d->rules[i], std::string(path)});
        guarded_rules const& g = guarded.back();
        urns::nss::namespace_rules r = g.plugin;
        r.context = &g;
        r.validate = nullptr;
        r.fold = nullptr;
        r.validate_with = g.plugin.has_validator() ? &guarded_validate : nullptr;
        r.fold_with = g.plugin.has_fold() ? &guarded_fold : nullptr;
        r.fields = g.plugin.fields ? &guarded_fields : nullptr;
        reg.add(r);
    }
    if (known)
        loaded_files().emplace_back(st.st_dev, st.st_ino);
    any_plugin = true;
}

} // namespace

void load_environment_plugins()
{
    if (env_loaded)
        return;
    env_loaded = true;
    // secure_getenv: not in a set-user-ID or set-group-ID run, where the
    // environment is not to be trusted with code to run.
    char const* env = ::secure_getenv("URNS_PLUGINS");
    if (!env)
        return;
    g_loading_from = "URNS_PLUGINS";
    std::string_view list(env);
    while (!list.empty()) {
        auto const colon = list.find(':');
        std::string_view const one = list.substr(0, colon);
        if (!one.empty())
            load_one(one);
        if (colon == std::string_view::npos)
            break;
        list.remove_prefix(colon + 1);
    }
    g_loading_from = "--plugin";
}

void load_plugin(std::string_view path)
{
    load_environment_plugins();
    load_one(path);
}

bool plugins_loaded() noexcept
{
    return any_plugin;
}

std::string plugin_failure()
{
    std::lock_guard<std::mutex> lk(g_failure_m);
    return g_failure;
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
        throw usage_error{"--namespace " + shown(nid) + "=" + shown(path) + ": cannot read " + shown(path) + ": " +
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
