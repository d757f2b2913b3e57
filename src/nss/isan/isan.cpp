// SPDX-License-Identifier: BSL-1.0
// Semantic layer (X3-free): the equivalence fold of the "isan" namespace
// (RFC 4246 section 2: "The ISAN-NSS is case-insensitive").
#include <urns/lexical.hpp>
#include <urns/nss/isan.hpp>

namespace urns {
namespace nss {
namespace isan {

std::size_t fold(std::string_view nss, char* out) noexcept
{
    bool const valid = validate(nss).has_value();
    for (std::size_t i = 0; i < nss.size(); ++i)
        out[i] = valid ? lexical::ascii_upper(nss[i]) : nss[i];   // a valid ISAN has no "%"
    return nss.size();
}

} // namespace isan
} // namespace nss
} // namespace urns
