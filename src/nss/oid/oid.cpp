// SPDX-License-Identifier: BSL-1.0
// Semantic layer (X3-free): the equivalence fold and accessors of the "oid"
// namespace (RFC 3061).
#include <urns/nss/oid.hpp>

#include <string_view>
#include <vector>

namespace urns {
namespace nss {

namespace oid {

std::optional<std::vector<std::string_view>> arcs(std::string_view nss)
{
    if (!validate(nss))
        return std::nullopt;
    std::vector<std::string_view> out;
    for (;;) {
        std::size_t const dot = nss.find('.');
        out.push_back(nss.substr(0, dot));
        if (dot == std::string_view::npos)
            return out;
        nss.remove_prefix(dot + 1);
    }
}

} // namespace oid

} // namespace nss
} // namespace urns
