// SPDX-License-Identifier: BSL-1.0
// Semantic layer (X3-free): accessors of the "nbn" namespace (RFC 8458).
#include <urns/nss/nbn.hpp>

namespace urns {
namespace nss {
namespace nbn {

std::optional<std::string_view> prefix(std::string_view nss) noexcept
{
    if (!validate(nss))
        return std::nullopt;
    return nss.substr(0, nss.find('-'));
}

} // namespace nbn
} // namespace nss
} // namespace urns
