// SPDX-License-Identifier: BSL-1.0
// Semantic layer (X3-free): the namespace registry, the shipped set, and
// the namespace-aware NSS comparison.
#include <urns/lexical.hpp>
#include <urns/nss/registry.hpp>

#include <urns/nss/builtin.hpp>
#include <urns/urn_view.hpp>

#include <algorithm>
#include <memory>

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

void registry::add(namespace_rules const& rules)
{
    for (auto& e : entries_) {
        if (iequal(e.nid, rules.nid)) {
            e = rules;
            return;
        }
    }
    entries_.push_back(rules);
}

bool registry::remove(std::string_view nid) noexcept
{
    auto const it = std::find_if(entries_.begin(), entries_.end(),
                                 [&](namespace_rules const& e) { return iequal(e.nid, nid); });
    if (it == entries_.end())
        return false;
    entries_.erase(it);
    return true;
}

namespace_rules const* registry::find(std::string_view nid) const noexcept
{
    for (auto const& e : entries_)
        if (iequal(e.nid, nid))
            return &e;
    return nullptr;
}

registry const& builtin()
{
    static registry const instance = [] {
        registry r;
        r.add(uuid::rules());
        r.add(isbn::rules());
        r.add(issn::rules());
        r.add(oid::rules());
        r.add(ietf::rules());
        r.add(nbn::rules());
        r.add(example::rules());
        r.add(gsma::rules());
        r.add(isan::rules());
        r.add(dev::rules());
        r.add(ogc::rules());
        r.add(mpeg::rules());
        r.add(oasis::rules());
        r.add(publicid::rules());
        r.add(epc::rules());
        r.add(epcglobal::rules());
        r.add(nfc::rules());
        r.add(xmpp::rules());
        r.add(iso::rules());
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
