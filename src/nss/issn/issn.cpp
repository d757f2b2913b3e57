// SPDX-License-Identifier: BSL-1.0
// Semantic layer (X3-free): the equivalence fold and accessors of the "issn"
// namespace (RFC 3044).
#include <urns/nss/issn.hpp>

namespace urns {
namespace nss {

namespace issn {

std::size_t fold(std::string_view nss, char* out) noexcept
{
    bool const valid = validate(nss).has_value();
    for (std::size_t i = 0; i < nss.size(); ++i)
        out[i] = (valid && nss[i] == 'x') ? 'X' : nss[i];
    return nss.size();
}

} // namespace issn

} // namespace nss
} // namespace urns
