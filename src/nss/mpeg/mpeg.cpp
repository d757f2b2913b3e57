// SPDX-License-Identifier: BSL-1.0
// Semantic layer (X3-free): the equivalence fold of the "mpeg" namespace
// (RFC 3614 section 2, "Rules for Lexical Equivalence").
#include <urns/lexical.hpp>
#include <urns/nss/mpeg.hpp>

namespace urns {
namespace nss {
namespace mpeg {

std::size_t fold(std::string_view nss, char* out) noexcept
{
    nss.copy(out, nss.size());
    if (validate(nss))
        return nss.size();
    // The standard name (up to the first ":") is case-insensitive; the
    // remainder is case-sensitive and stays as written.
    std::size_t const end = nss.find(':');
    for (std::size_t i = 0; i < end; ++i) {
        if (nss[i] == '%') {   // percent-hex stays as the generic form has it
            i += 2;
            continue;
        }
        out[i] = lexical::ascii_lower(nss[i]);
    }
    return nss.size();
}

} // namespace mpeg
} // namespace nss
} // namespace urns
