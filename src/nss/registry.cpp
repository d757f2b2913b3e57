// SPDX-License-Identifier: BSL-1.0
// Semantic layer (X3-free): the namespace registry, the shipped set, and
// the namespace-aware NSS comparison.
#include <urns/lexical.hpp>
#include <urns/nss/registry.hpp>

#include <urns/nss/abnf.hpp>
#include <urns/nss/builtin.hpp>
#include <urns/nss/shipped.hpp>
#include <urns/urn_view.hpp>

#include "nss/lower_fold.hpp"

#include <algorithm>
#include <memory>
#include <mutex>
#include <optional>

namespace urns {
namespace nss {

namespace {

using lexical::ascii_upper;

bool iequal(std::string_view a, std::string_view b) noexcept
{
    return lexical::iequals(a, b);
}

/// Copies `nss` to `out` with the two hex digits after each "%" in upper case.
void upper_pct_hex(std::string_view nss, char* out) noexcept
{
    for (std::size_t i = 0; i < nss.size(); ++i) {
        out[i] = nss[i];
        if (nss[i] == '%') {
            for (std::size_t k = 1; k <= 2 && i + 1 < nss.size(); ++k) {
                ++i;
                out[i] = ascii_upper(nss[i]);
            }
        }
    }
}

/// The namespace-canonical form of `nss` in `buf` (room for nss.size()); its length.
std::size_t canonical_into(namespace_rules const* rules, std::string_view nss, char* buf,
                           char* tmp) noexcept
{
    if (!rules || !rules->has_fold()) {
        upper_pct_hex(nss, buf);
        return nss.size();
    }
    upper_pct_hex(nss, tmp);
    std::size_t const n = rules->fold_nss(std::string_view(tmp, nss.size()), buf);
    return std::min(n, nss.size());
}

} // namespace

namespace {

/// A NID's hash, ASCII case ignored (NIDs compare so, RFC 8141 section 2.1).
std::size_t nid_hash(std::string_view nid) noexcept
{
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (char c : nid) {
        h ^= static_cast<unsigned char>(lexical::ascii_lower(c));
        h *= 0x100000001b3ull;
    }
    return static_cast<std::size_t>(h ^ (h >> 32));
}

} // namespace

void registry::reindex()
{
    std::size_t size = 16;
    while (size < 2 * entries_.size())
        size *= 2;
    slots_.assign(size, no_slot);
    for (std::uint32_t i = 0; i < entries_.size(); ++i) {
        std::size_t k = nid_hash(entries_[i].nid) & (size - 1);
        while (slots_[k] != no_slot)
            k = (k + 1) & (size - 1);
        slots_[k] = i;
    }
}

void registry::add(namespace_rules const& rules)
{
    if (namespace_rules const* e = find(rules.nid)) {
        entries_[static_cast<std::size_t>(e - entries_.data())] = rules;
        return;
    }
    entries_.push_back(rules);
    if (2 * entries_.size() > slots_.size())
        reindex();
    else {
        std::size_t const mask = slots_.size() - 1;
        std::size_t k = nid_hash(rules.nid) & mask;
        while (slots_[k] != no_slot)
            k = (k + 1) & mask;
        slots_[k] = static_cast<std::uint32_t>(entries_.size() - 1);
    }
}

bool registry::remove(std::string_view nid) noexcept
{
    namespace_rules const* e = find(nid);
    if (!e)
        return false;
    entries_.erase(entries_.begin() + (e - entries_.data()));
    try {
        reindex();
    } catch (...) {
        // Out of memory: a linear search from now on (find() says so).
        slots_.clear();
    }
    return true;
}

namespace_rules const* registry::find(std::string_view nid) const noexcept
{
    if (slots_.empty()) {
        for (auto const& e : entries_)
            if (iequal(e.nid, nid))
                return &e;
        return nullptr;
    }
    std::size_t const mask = slots_.size() - 1;
    for (std::size_t k = nid_hash(nid) & mask;; k = (k + 1) & mask) {
        std::uint32_t const i = slots_[k];
        if (i == no_slot)
            return nullptr;
        if (iequal(entries_[i].nid, nid))
            return &entries_[i];
    }
}

// ---- the shipped namespaces -------------------------------------------------

namespace {

/// One shipped namespace and, for an x3 one, its compiled-in rules.
struct shipped_entry {
    shipped_namespace info;
    namespace_rules (*x3)();
};

shipped_entry const entries_of_shipped[] = {
#include "nss_registry.inc"
};

constexpr std::size_t shipped_count = sizeof entries_of_shipped / sizeof entries_of_shipped[0];

std::vector<std::string> words(std::string_view v)
{
    std::vector<std::string> out;
    for (std::size_t i = 0; i < v.size();) {
        std::size_t const end = std::min(v.find(' ', i), v.size());
        if (end > i)
            out.emplace_back(v.substr(i, end - i));
        i = end + 1;
    }
    return out;
}

/** A shipped namespace checked by its ABNF: compiled by the first call
    that needs it (not when builtin() is made: most programs meet few of
    them), once, on any thread.
*/
struct lazy_abnf {
    shipped_namespace const* info = nullptr;
    std::once_flag once;
    namespace_rules rules;  // from from_abnf; an empty validator if that failed (test nss_registered says it does not)

    namespace_rules const& get()
    {
        std::call_once(once, [this] {
            abnf_namespace_options o;
            o.reference = std::string(info->reference);
            o.source_name = std::string(info->file);
            abnf_namespace ns = from_abnf(info->nid, info->abnf, info->root, o);
            if (ns)
                rules = *ns.rules;
            else
                rules.nid = info->nid;
        });
        return rules;
    }
};

lazy_abnf lazies[shipped_count];

verdict lazy_validate(void const* context, std::string_view nss) noexcept
{
    try {
        namespace_rules const& r = static_cast<lazy_abnf*>(const_cast<void*>(context))->get();
        if (auto f = r.check(nss))
            return *f;
        return {};
    } catch (...) {
        nss_fault f{0, "(out of memory)"};
        f.undecided = true;
        return f;
    }
}

std::size_t lazy_fold(void const* context, std::string_view nss, char* out) noexcept
{
    try {
        return static_cast<lazy_abnf*>(const_cast<void*>(context))->get().fold_nss(nss, out);
    } catch (...) {
        std::copy(nss.begin(), nss.end(), out);  // out of memory: no extra equivalence
        return nss.size();
    }
}

std::vector<nss_field> lazy_fields(void const* context, std::string_view nss)
{
    return static_cast<lazy_abnf*>(const_cast<void*>(context))->get().fields_of(nss);
}

std::size_t fold_whole(std::string_view nss, char* out) noexcept
{
    std::copy(nss.begin(), nss.end(), out);
    detail::lower_outside_pct(nss, nss.size(), out);
    return nss.size();
}

/// Whether `info` says the whole NSS compares without case.
bool folds_whole(shipped_namespace const& info)
{
    for (std::string const& w : words(info.case_insensitive))
        if (lexical::iequals(w, "NSS") || lexical::iequals(w, info.root))
            return true;
    return false;
}

namespace_rules rules_of(std::size_t i)
{
    shipped_entry const& e = entries_of_shipped[i];
    if (e.x3) {
        namespace_rules r = e.x3();
        r.nid = e.info.nid;  // one X3 namespace may be listed under each of its NIDs
        return r;
    }
    namespace_rules r;
    r.nid = e.info.nid;
    r.reference = e.info.reference;
    if (e.info.check == checked_by::opaque) {
        if (folds_whole(e.info))
            r.fold = &fold_whole;
        return r;
    }
    lazies[i].info = &e.info;
    r.context = &lazies[i];
    r.validate_with = &lazy_validate;
    if (folds_whole(e.info))
        r.fold = &fold_whole;
    else if (!e.info.case_insensitive.empty())
        r.fold_with = &lazy_fold;
    r.fields = &lazy_fields;
    return r;
}

} // namespace

std::string_view to_string(checked_by c) noexcept
{
    switch (c) {
    case checked_by::grammar: return "grammar";
    case checked_by::x3: return "x3";
    case checked_by::opaque: return "opaque";
    }
    return "opaque";
}

shipped_list shipped() noexcept
{
    static shipped_namespace const* const infos = [] {
        static shipped_namespace list[shipped_count];
        for (std::size_t i = 0; i < shipped_count; ++i)
            list[i] = entries_of_shipped[i].info;
        return list;
    }();
    return {infos, shipped_count};
}

shipped_namespace const* find_shipped(std::string_view nid) noexcept
{
    shipped_list const all = shipped();
    for (shipped_namespace const& s : all)
        if (iequal(s.nid, nid))
            return &s;
    return nullptr;
}

registry const& builtin()
{
    static registry const instance = [] {
        registry r;
        for (std::size_t i = 0; i < shipped_count; ++i)
            r.add(rules_of(i));
        return r;
    }();
    return instance;
}

std::optional<nss_fault> validate(registry const& reg, urn_view const& u) noexcept
{
    namespace_rules const* const rules = reg.find(u.nid());
    if (!rules || !rules->has_validator())
        return std::nullopt;
    std::string_view const nss = u.nss();
    auto fault = rules->check(nss);
    if (fault) {
        // A validator may come from outside the library (a plugin's): a
        // fault past the NSS is taken to be at its end, so that it stays
        // inside the URN and adding the NSS's start cannot wrap.
        if (fault->offset > nss.size())
            fault->offset = nss.size();
        fault->offset += static_cast<std::size_t>(nss.data() - u.buffer().data());
    }
    return fault;
}

void append_canonical_nss(registry const& reg, std::string_view nid, std::string_view nss,
                          std::string& out)
{
    std::size_t const at = out.size();
    std::string tmp(nss.size(), '\0');
    out.resize(at + nss.size());
    std::size_t const n = canonical_into(reg.find(nid), nss, &out[at], &tmp[0]);
    out.resize(at + n);
}

bool equivalent_nss(registry const& reg, std::string_view nid, std::string_view a,
                    std::string_view b)
{
    namespace_rules const* const rules = reg.find(nid);
    constexpr std::size_t small = 256;
    char stack[4][small];
    std::unique_ptr<char[]> heap;
    char* bufs[4] = {stack[0], stack[1], stack[2], stack[3]};
    std::size_t const longest = std::max(a.size(), b.size());
    if (longest > small) {
        heap.reset(new char[4 * longest]);
        for (std::size_t i = 0; i < 4; ++i)
            bufs[i] = heap.get() + i * longest;
    }
    std::size_t const na = canonical_into(rules, a, bufs[0], bufs[1]);
    std::size_t const nb = canonical_into(rules, b, bufs[2], bufs[3]);
    return std::string_view(bufs[0], na) == std::string_view(bufs[2], nb);
}

} // namespace nss
} // namespace urns
