// SPDX-License-Identifier: BSL-1.0
//
// The namespace plugin loader (urns/nss/plugin_loader.hpp): dlopen, the
// checks of the plugin's description, and the guards its functions are
// called through.
#include <urns/nss/plugin_loader.hpp>

#include "nss/plugin_table.hpp"

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

#include <cerrno>
#include <climits>

#include <dlfcn.h>
#include <sys/auxv.h>
#include <sys/stat.h>

// The directory of the plugins a bare name finds (plugin_directories()):
// CMake defines it from CMAKE_INSTALL_FULL_LIBDIR; b2's default prefix is
// /usr/local.
#ifndef URNS_PLUGIN_DIR
#define URNS_PLUGIN_DIR "/usr/local/lib/urns/plugins"
#endif

namespace urns {
namespace nss {

plugin_error::plugin_error(std::string path, std::string why)
    : std::runtime_error("cannot load plugin " + path + ": " + why), path_(std::move(path)), why_(std::move(why))
{
}

namespace plugin_detail {

/// `s` with each control character (C0, DEL, and C1 as UTF-8), each
/// byte that is not part of a UTF-8 sequence (RFC 3629) and each "\\"
/// escaped ("\\xHH", "\\\\"), so that a plugin's text can neither forge a
/// line of a program's output nor send a terminal an escape sequence, and
/// is always UTF-8.
std::string escaped(std::string_view s)
{
    static char const hex[] = "0123456789ABCDEF";
    auto const* const p = reinterpret_cast<unsigned char const*>(s.data());
    std::string out;
    out.reserve(s.size());
    auto const hex_byte = [&](unsigned char b) {
        out += "\\x";
        out += hex[b >> 4];
        out += hex[b & 15];
    };
    for (std::size_t i = 0; i < s.size();) {
        unsigned char const c = p[i];
        if (c == '\\') {
            out += "\\\\";
            ++i;
        } else if (c < 0x20 || c == 0x7F) {
            hex_byte(c);
            ++i;
        } else if (c < 0x80) {
            out += static_cast<char>(c);
            ++i;
        } else if (std::size_t const n = lexical::utf8_sequence_length(p + i, s.size() - i); n == 0) {
            hex_byte(c); // not UTF-8
            ++i;
        } else if (c == 0xC2 && p[i + 1] <= 0x9F) {
            hex_byte(p[i]); // a C1 control character
            hex_byte(p[i + 1]);
            i += 2;
        } else {
            out.append(s.data() + i, n);
            i += n;
        }
    }
    return out;
}

} // namespace plugin_detail

namespace {

using plugin_detail::escaped;
using plugin_detail::guarded_rules;

/// The longest text of a plugin that is read (a name, an error, a rule
/// name): a longer one is refused at load time, or cut when a rule gives it.
constexpr std::size_t max_text = 256;
/// The most namespaces one plugin may give.
constexpr std::size_t max_namespaces = 1024;
/// The longest reference (a URL or a document's name).
constexpr std::size_t max_reference = 4096;
/// The most names a fault's external list is read for; the rest count as
/// dropped.
constexpr std::size_t max_external_names = 64;

/// The length of the C string `s`, reading at most `limit + 1` bytes:
/// `limit + 1` when it is longer than `limit`.
std::size_t bounded_length(char const* s, std::size_t limit) noexcept
{
    std::size_t n = 0;
    while (n <= limit && s[n] != '\0')
        ++n;
    return n;
}

std::mutex g_failure_m;
std::string g_failure;

/// Keeps the first failure of a plugin's function `what`: it threw `why`,
/// or (`threw` false) it gave what it must not, as `why` says.
void note_failure(guarded_rules const& g, char const* what, char const* why, bool threw = true) noexcept
{
    try {
        std::lock_guard<std::mutex> lk(g_failure_m);
        if (g_failure.empty())
            g_failure = "plugin " + escaped(g.path) + ": the " + what + " of the NID " + escaped(g.plugin.nid) +
                        (threw ? " threw (" : " failed (") + escaped(why) + "); its results are not to be trusted";
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

/// `name` as a fault or field may hold it: at most max_text bytes (a
/// longer one is cut, and "..." marks it), its control characters and
/// bytes that are not UTF-8 escaped. A name that changes is replaced by a
/// copy kept for the process (faults point to static storage).
std::string_view safe_rule_name(std::string_view name)
{
    bool const cut = name.size() > max_text;
    std::string_view const kept = cut ? name.substr(0, max_text) : name;
    if (!cut && escaped(kept) == kept)
        return name;
    static std::mutex m;
    static std::deque<std::pair<std::string, std::string>> copies; // name, safe name
    std::string safe = escaped(kept);
    if (cut)
        safe += "...";
    std::lock_guard<std::mutex> lk(m);
    for (auto const& c : copies)
        if (c.first == kept)
            return c.second;
    copies.emplace_back(std::string(kept), std::move(safe));
    return copies.back().second;
}

/// The names of a plugin's fault beside the first, read within bounds: a
/// list held in the fault has at most its capacity (a larger size is the
/// plugin's error, noted), an external list is read for at most
/// max_external_names; the names not read, and empty ones, count as
/// dropped.
template <class Note>
void copy_also_expected(expected_alternatives const& given, expected_alternatives& out, Note note)
{
    auto const* const self = reinterpret_cast<char const*>(&given);
    auto const* const first = reinterpret_cast<char const*>(given.begin());
    bool const held = first >= self && first < self + sizeof given;
    std::size_t const limit = held ? expected_alternatives::capacity : max_external_names;
    std::size_t const n = std::min(given.size(), limit);
    if (held && given.size() > limit)
        note("its fault says it holds more names than a fault can");
    for (std::size_t i = 0; i < n; ++i) {
        std::string_view const name = given.begin()[i];
        if (name.empty())
            out.note_dropped(1); // no name to show, but one more expected
        else
            out.push_back(safe_rule_name(name));
    }
    out.note_dropped(given.dropped() + (given.size() - n));
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
        copy_also_expected(given.also_expected, f.also_expected,
                           [&](char const* why) { note_failure(g, "validator", why, false); });
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
        note_failure(g, "fold", "it wrote more than the NSS's length", false);
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
            note_failure(g, "field lister", "it gave a field outside the NSS", false);
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

/// The directories of URNS_PLUGIN_PATH, as given (relative ones too).
std::vector<std::string> path_list(char const* env)
{
    std::vector<std::string> out;
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

bool regular_file(std::string const& path)
{
    struct stat st;
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

/// The absolute path without symbolic links of the file that `path`
/// names by the policy of load_plugin() (plugin_loader.hpp), or a
/// plugin_error's cause through `refuse`.
template <class Refuse>
std::string plugin_file(std::string_view path, plugin_source source, Refuse refuse)
{
    if (::getauxval(AT_SECURE) != 0)
        refuse("no plugin is loaded in a set-user-ID or set-group-ID program");
    if (path.empty())
        refuse("an empty path");
    if (path.find('\0') != std::string_view::npos)
        refuse("a path with a NUL byte");
    std::string file;
    if (path.find('/') != std::string_view::npos) {
        if (source == plugin_source::environment && path.front() != '/')
            refuse("a path in URNS_PLUGINS must be absolute (or a bare name, looked up in the plugin directories)");
        file = std::string(path);
    } else {
        std::vector<std::string> const dirs = plugin_directories();
        for (std::string const& d : path_list(::secure_getenv("URNS_PLUGIN_PATH")))
            if (d.front() != '/')
                refuse("URNS_PLUGIN_PATH holds the relative directory \"" + escaped(d) +
                       "\": plugin directories must be absolute");
        for (std::string const& d : dirs) {
            for (std::string const& candidate : {d + "/" + std::string(path), d + "/" + std::string(path) + ".so"})
                if (regular_file(candidate)) {
                    file = candidate;
                    break;
                }
            if (!file.empty())
                break;
        }
        if (file.empty()) {
            std::string where;
            for (std::string const& d : dirs)
                where += (where.empty() ? "" : ", ") + escaped(d);
            refuse("not in the plugin directories (" + where +
                   "); a name without \"/\" is looked up only there: write ./" + escaped(path) +
                   " for the file in the current directory");
        }
    }
    char resolved[PATH_MAX];
    if (!::realpath(file.c_str(), resolved)) {
        int const e = errno;
        refuse(escaped(std::strerror(e)));
    }
    if (!regular_file(resolved))
        refuse("not a regular file");
    return resolved;
}

/// Whether `s` is at most `limit` bytes long (read no further) and UTF-8;
/// else the reason, naming `field`.
std::string text_fault(char const* s, std::size_t limit, char const* field)
{
    std::size_t const n = bounded_length(s, limit);
    if (n > limit)
        return std::string(field) + " is longer than " + std::to_string(limit) + " bytes";
    if (!lexical::valid_utf8(std::string_view(s, n)))
        return std::string(field) + " is not UTF-8";
    return {};
}

/// The same for a std::string_view of the plugin's.
std::string view_fault(std::string_view s, std::size_t limit, std::string const& field)
{
    if (s.size() > limit)
        return field + " is longer than " + std::to_string(limit) + " bytes";
    if (!s.empty() && !s.data())
        return field + " has a size but no data";
    if (!lexical::valid_utf8(s))
        return field + " is not UTF-8";
    return {};
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

namespace plugin_detail {

std::string table_fault(urns_plugin_v1 const& d)
{
    if (d.abi != URNS_PLUGIN_ABI)
        return "incompatible: plugin interface " + std::to_string(d.abi) + ", this program has " +
               std::to_string(URNS_PLUGIN_ABI);
    if (!d.cxx_abi || std::strcmp(d.cxx_abi, URNS_PLUGIN_CXX_ABI) != 0 || d.sizeof_rules != sizeof(namespace_rules) ||
        d.sizeof_fault != sizeof(nss_fault))
        return std::string("incompatible: built for the C++ library ABI ") +
               (d.cxx_abi ? escaped(d.cxx_abi) : std::string("?")) + ", this program uses " + URNS_PLUGIN_CXX_ABI +
               " (or its urns types differ in size)";
    if (d.name)
        if (std::string const f = text_fault(d.name, max_text, "its name"); !f.empty())
            return f;
    if (d.error) {
        if (std::string const f = text_fault(d.error, max_text, "its error"); !f.empty())
            return f;
        return std::string("the plugin reports: ") + escaped(d.error);
    }
    if (d.count == 0 || !d.rules)
        return "it gives no namespace";
    if (d.count > max_namespaces)
        return "it gives " + std::to_string(d.count) + " namespaces, more than " + std::to_string(max_namespaces);
    for (std::size_t i = 0; i < d.count; ++i) {
        namespace_rules const& r = d.rules[i];
        std::string const which = "namespace " + std::to_string(i + 1) + "'s ";
        if (r.nid.empty())
            return "a namespace without a NID";
        // The NID's length first: no more than 32 bytes of it are read.
        if (r.nid.size() > 32)
            return which + "NID is longer than 32 bytes (RFC 8141 section 2)";
        if (!r.nid.data())
            return which + "NID has a size but no data";
        if (!valid_nid(r.nid))
            return "\"" + escaped(r.nid) + "\" is not a valid NID (RFC 8141 section 2)";
        for (std::size_t k = 0; k < i; ++k)
            if (lexical::iequals(d.rules[k].nid, r.nid))
                return "the NID " + std::string(r.nid) + " is given twice";
        if (std::string const f =
                view_fault(r.reference, max_reference, "the NID " + std::string(r.nid) + "'s reference");
            !f.empty())
            return f;
    }
    return {};
}

namespace_rules guarded(guarded_rules const& g)
{
    namespace_rules r = g.plugin;
    r.context = &g;
    r.validate = nullptr;
    r.fold = nullptr;
    r.validate_with = g.plugin.has_validator() ? &guarded_validate : nullptr;
    r.fold_with = g.plugin.has_fold() ? &guarded_fold : nullptr;
    r.fields = g.plugin.fields ? &guarded_fields : nullptr;
    return r;
}

} // namespace plugin_detail

loaded_plugin load_plugin(std::string_view path, plugin_source source)
{
    std::string const shown_path = escaped(path);
    auto const refuse = [&](std::string const& why) { throw plugin_error(shown_path, why); };
    std::lock_guard<std::mutex> lk(g_load_m);
    std::string const p = plugin_file(path, source, refuse);
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
    if (std::string const f = plugin_detail::table_fault(*d); !f.empty())
        refuse(f);
    loaded_plugin out;
    out.name = d->name ? escaped(d->name) : std::string();
    out.file = p;
    for (std::size_t i = 0; i < d->count; ++i) {
        g_guarded.push_back({d->rules[i], p});
        out.rules.push_back(plugin_detail::guarded(g_guarded.back()));
    }
    g_loaded.push_back({handle, out});
    return out;
}

std::vector<std::string> environment_plugins()
{
    return path_list(::secure_getenv("URNS_PLUGINS"));
}

std::vector<std::string> plugin_directories()
{
    std::vector<std::string> out;
    for (std::string& d : path_list(::secure_getenv("URNS_PLUGIN_PATH")))
        if (d.front() == '/')
            out.push_back(std::move(d));
    out.emplace_back(URNS_PLUGIN_DIR);
    return out;
}

std::string plugin_failure()
{
    std::lock_guard<std::mutex> lk(g_failure_m);
    return g_failure;
}

} // namespace nss
} // namespace urns
