// SPDX-License-Identifier: BSL-1.0
//
// The namespace plugin loader (urns/nss/plugin_loader.hpp): dlopen, the
// checks of the plugin's description, and the guards its functions are
// called through.
#include <urns/nss/plugin_loader.hpp>

#include <urns/lexical.hpp>
#include <urns/nss/plugin.hpp>
#include <urns/parse.hpp>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <exception>
#include <mutex>
#include <new>
#include <utility>

#include <dlfcn.h>
#include <sys/stat.h>

namespace urns {
namespace nss {

plugin_error::plugin_error(std::string path, std::string why)
    : std::runtime_error("cannot load plugin " + path + ": " + why), path_(std::move(path)), why_(std::move(why))
{
}

namespace {

/// `s` with each control character (C0, DEL, and C1 as UTF-8) and each
/// "\\" escaped, so that a plugin's text can neither forge a line of a
/// program's output nor send a terminal an escape sequence.
std::string escaped(std::string_view s)
{
    static char const hex[] = "0123456789ABCDEF";
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        auto const c = static_cast<unsigned char>(s[i]);
        std::size_t n = 0;
        if (c < 0x20 || c == 0x7F || c == '\\')
            n = 1;
        else if (c == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) >= 0x80 &&
                 static_cast<unsigned char>(s[i + 1]) <= 0x9F)
            n = 2;
        if (n == 0) {
            out += s[i];
            continue;
        }
        if (c == '\\') {
            out += "\\\\";
            continue;
        }
        for (std::size_t k = 0; k < n; ++k) {
            auto const b = static_cast<unsigned char>(s[i + k]);
            out += "\\x";
            out += hex[b >> 4];
            out += hex[b & 15];
        }
        i += n - 1;
    }
    return out;
}

/** A plugin's namespace as a registry holds it: its validator, fold and
    field lister are called through the functions below, which catch what
    they throw (they are noexcept by contract, but a plugin's code may
    still throw through a cast pointer): the first failure is kept for
    plugin_failure(), and the call answers as if the NSS were invalid (a
    fault at 0) or unfolded. What a plugin's noexcept function throws
    inside itself ends the process there (std::terminate): nothing can
    catch it. */
struct guarded_rules {
    namespace_rules plugin;
    std::string path;
};

std::mutex g_failure_m;
std::string g_failure;

void note_failure(guarded_rules const& g, char const* what, char const* why) noexcept
{
    try {
        std::lock_guard<std::mutex> lk(g_failure_m);
        if (g_failure.empty())
            g_failure = "plugin " + escaped(g.path) + ": the " + what + " of the NID " + std::string(g.plugin.nid) +
                        " threw (" + escaped(why) + "); its results are not to be trusted";
    } catch (...) {
    }
}

/** The plugin's validator, called through a pointer of the same type
    without noexcept: a call through the noexcept type lets the compiler
    drop the handler (no exception can come out of it, it assumes), and
    what the plugin throws would then pass it. */
verdict call_validator(namespace_rules const& r, std::string_view nss)
{
    if (r.validate_with) {
        auto const loose = reinterpret_cast<verdict (*)(void const*, std::string_view)>(r.validate_with);
        return loose(r.context, nss);
    }
    auto const loose = reinterpret_cast<verdict (*)(std::string_view)>(r.validate);
    return loose(nss);
}

/// `name` with its control characters escaped: a name that has one is
/// replaced by an escaped copy, kept for the process (faults point to
/// static storage).
std::string_view safe_rule_name(std::string_view name)
{
    if (escaped(name) == name)
        return name;
    static std::mutex m;
    static std::deque<std::pair<std::string, std::string>> copies; // name, escaped name
    std::lock_guard<std::mutex> lk(m);
    for (auto const& c : copies)
        if (c.first == name)
            return c.second;
    copies.emplace_back(std::string(name), escaped(name));
    return copies.back().second;
}

verdict guarded_validate(void const* context, std::string_view nss) noexcept
{
    auto const& g = *static_cast<guarded_rules const*>(context);
    try {
        verdict const v = call_validator(g.plugin, nss);
        if (v)
            return v;
        // The plugin's data is not trusted: a fault past the NSS is at its
        // end, and a rule name with control characters is escaped.
        nss_fault const given = v.error();
        nss_fault f{std::min(given.offset, nss.size()), safe_rule_name(given.expected)};
        for (std::string_view also : given.also_expected)
            f.also_expected.push_back(safe_rule_name(also));
        f.also_expected.note_dropped(given.also_expected.dropped());
        return f;
    } catch (std::exception const& e) {
        note_failure(g, "validator", e.what());
    } catch (...) {
        note_failure(g, "validator", "an exception of an unknown type");
    }
    nss_fault f;
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
/// escaped as the validator's rule names are; none if it throws (noted),
/// but for std::bad_alloc, which reaches the caller (a field lister may
/// throw it, field_lister says).
std::vector<nss_field> guarded_fields(void const* context, std::string_view nss)
{
    auto const& g = *static_cast<guarded_rules const*>(context);
    std::vector<nss_field> given;
    try {
        given = g.plugin.fields(g.plugin.context, nss);
    } catch (std::bad_alloc const&) {
        throw;
    } catch (std::exception const& e) {
        note_failure(g, "field lister", e.what());
        return {};
    } catch (...) {
        note_failure(g, "field lister", "an exception of an unknown type");
        return {};
    }
    std::vector<nss_field> kept;
    kept.reserve(given.size());
    for (nss_field const& f : given) {
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
    auto const r = parse_urn(u, syntax::rfc8141);
    return r && r->nid().size() == nid.size();
}

/// The file a path names: a path without "/" that names a file in the
/// current directory is that file; else dlopen's own search.
std::string plugin_file(std::string_view path)
{
    std::string p(path);
    struct stat st;
    if (p.find('/') == std::string::npos && ::stat(p.c_str(), &st) == 0)
        return "./" + p;
    return p;
}

std::mutex g_load_m;

/// The plugins loaded, by dlopen's handle (dlopen gives one handle for
/// one shared object, whatever the path). Stable addresses: the rules'
/// contexts point into `guarded`.
struct loaded_entry {
    void* handle;
    loaded_plugin result;
};
std::deque<loaded_entry> g_loaded;
std::deque<guarded_rules> g_guarded;

} // namespace

loaded_plugin load_plugin(std::string_view path)
{
    std::string const shown_path = escaped(path);
    auto const refuse = [&](std::string const& why) { throw plugin_error(shown_path, why); };
    std::lock_guard<std::mutex> lk(g_load_m);
    std::string const p = plugin_file(path);
    // dlopen runs the plugin's constructors (its static objects' and
    // those marked so), and the entry point is the plugin's code too: the
    // interface and ABI it says it was built for can only be checked
    // after both ran. Everything else is checked before any of its rules
    // is used. Never closed: registries keep pointers to its rules.
    void* const handle = ::dlopen(p.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        char const* e = ::dlerror();
        refuse(e ? escaped(e) : std::string("dlopen failed")); // dlerror() quotes the path as given
    }
    for (loaded_entry const& e : g_loaded)
        if (e.handle == handle) {
            ::dlclose(handle); // the reference this call took; the first load keeps its own
            loaded_plugin again = e.result;
            again.first = false;
            return again;
        }
    void* const sym = ::dlsym(handle, URNS_PLUGIN_ENTRY);
    if (!sym)
        refuse("not a urns plugin: no entry point " URNS_PLUGIN_ENTRY);
    urns_plugin_entry_fn entry;
    static_assert(sizeof entry == sizeof sym, "a function pointer and a data pointer differ in size");
    std::memcpy(&entry, &sym, sizeof entry);
    urns_plugin_v1 const* d = nullptr;
    try {
        d = entry();
    } catch (std::exception const& e) {
        refuse(std::string("its entry point threw: ") + escaped(e.what()));
    } catch (...) {
        refuse("its entry point threw (an exception of an unknown type)");
    }
    if (!d)
        refuse("its entry point returned nothing");
    if (d->abi != URNS_PLUGIN_ABI)
        refuse("incompatible: plugin interface " + std::to_string(d->abi) + ", this program has " +
               std::to_string(URNS_PLUGIN_ABI));
    if (!d->cxx_abi || std::strcmp(d->cxx_abi, URNS_PLUGIN_CXX_ABI) != 0 ||
        d->sizeof_rules != sizeof(namespace_rules) || d->sizeof_fault != sizeof(nss_fault))
        refuse(std::string("incompatible: built for the C++ library ABI ") +
               (d->cxx_abi ? escaped(d->cxx_abi) : std::string("?")) + ", this program uses " +
               URNS_PLUGIN_CXX_ABI + " (or its urns types differ in size)");
    if (d->error)
        refuse(std::string("the plugin reports: ") + escaped(d->error));
    if (d->count == 0 || !d->rules)
        refuse("it gives no namespace");
    for (std::size_t i = 0; i < d->count; ++i) {
        namespace_rules const& r = d->rules[i];
        if (r.nid.empty())
            refuse("a namespace without a NID");
        if (!valid_nid(r.nid))
            refuse("\"" + escaped(r.nid) + "\" is not a valid NID (RFC 8141 section 2)");
        for (std::size_t k = 0; k < i; ++k)
            if (lexical::iequals(d->rules[k].nid, r.nid))
                refuse("the NID " + std::string(r.nid) + " is given twice");
    }
    loaded_plugin out;
    out.name = d->name ? escaped(d->name) : std::string();
    for (std::size_t i = 0; i < d->count; ++i) {
        g_guarded.push_back({d->rules[i], std::string(path)});
        guarded_rules const& g = g_guarded.back();
        namespace_rules r = g.plugin;
        r.context = &g;
        r.validate = nullptr;
        r.fold = nullptr;
        r.validate_with = g.plugin.has_validator() ? &guarded_validate : nullptr;
        r.fold_with = g.plugin.has_fold() ? &guarded_fold : nullptr;
        r.fields = g.plugin.fields ? &guarded_fields : nullptr;
        out.rules.push_back(r);
    }
    g_loaded.push_back({handle, out});
    return out;
}

std::vector<std::string> environment_plugins()
{
    std::vector<std::string> out;
    char const* env = ::secure_getenv("URNS_PLUGINS");
    if (!env)
        return out;
    std::string_view list(env);
    while (!list.empty()) {
        auto const colon = list.find(':');
        std::string_view const one = list.substr(0, colon);
        if (!one.empty())
            out.emplace_back(one);
        if (colon == std::string_view::npos)
            break;
        list.remove_prefix(colon + 1);
    }
    return out;
}

std::string plugin_failure()
{
    std::lock_guard<std::mutex> lk(g_failure_m);
    return g_failure;
}

} // namespace nss
} // namespace urns
