// SPDX-License-Identifier: BSL-1.0
// Semantic layer (X3-free): the equivalence fold of the "ietf" namespace
// (RFC 2648: the entire URN is case-insensitive).
#include <urns/lexical.hpp>
#include <urns/nss/ietf.hpp>

namespace urns {
namespace nss {
namespace ietf {

std::size_t fold(std::string_view nss, char* out) noexcept
{
    bool const valid = validate(nss).has_value();
    for (std::size_t i = 0; i < nss.size(); ++i) {
        char const c = nss[i];
        if (c == '%' && i + 2 < nss.size()) {
            // A percent-encoding keeps its (upper-case) hex digits.
            out[i] = c;
            out[i + 1] = nss[i + 1];
            out[i + 2] = nss[i + 2];
            i += 2;
            continue;
        }
        out[i] = valid ? lexical::ascii_lower(c) : c;
    }
    return nss.size();
}

} // namespace ietf
} // namespace nss
} // namespace urns
