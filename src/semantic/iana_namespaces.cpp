// SPDX-License-Identifier: BSL-1.0
// Semantic layer (X3-free): the IANA URN namespace registry snapshot.
// The rows are generated at build time from data/iana-urn-namespaces.tsv
// (its header says the date and the sources) by tools/iana_registry.py;
// test/unit/check.cpp checks the table against the file.
#include <urns/check.hpp>

#include "semantic/pct_case.hpp"

#include <algorithm>
#include <iterator>

namespace urns {

namespace {

// Sorted by nid, byte order (find_registered_namespace searches it).
constexpr registered_namespace registry[] = {
#include "iana_registry.inc"
};

/// Byte order of `a` lower-cased against `b` (already lower case).
int compare_folded(std::string_view a, std::string_view b) noexcept
{
    std::size_t const n = std::min(a.size(), b.size());
    for (std::size_t i = 0; i < n; ++i) {
        unsigned char const x = static_cast<unsigned char>(detail::ascii_lower(a[i]));
        unsigned char const y = static_cast<unsigned char>(b[i]);
        if (x != y)
            return x < y ? -1 : 1;
    }
    return a.size() == b.size() ? 0 : (a.size() < b.size() ? -1 : 1);
}

} // namespace

registered_namespace_list registered_namespaces() noexcept
{
    return {std::begin(registry), std::end(registry)};
}

std::optional<registered_namespace> find_registered_namespace(std::string_view nid) noexcept
{
    auto const it = std::lower_bound(std::begin(registry), std::end(registry), nid,
                                     [](registered_namespace const& e, std::string_view key) {
                                         return compare_folded(key, e.nid) > 0;
                                     });
    if (it != std::end(registry) && compare_folded(nid, it->nid) == 0)
        return *it;
    return std::nullopt;
}

} // namespace urns
