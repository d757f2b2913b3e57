// SPDX-License-Identifier: BSL-1.0
// Internal, X3-free: the case fold of the namespaces whose NSS, or a part
// of it, is case-insensitive by their documents (mpeg, iso).
#ifndef URNS_SRC_NSS_LOWER_FOLD_HPP
#define URNS_SRC_NSS_LOWER_FOLD_HPP

#include <urns/lexical.hpp>

#include <cstddef>
#include <string_view>

namespace urns {
namespace nss {
namespace detail {

/** Writes the letters of nss[0, end) to `out` in lower case, except the
    two characters after each "%": percent-hex stays as the generic form
    has it. `out` already holds a copy of `nss`.
*/
inline void lower_outside_pct(std::string_view nss, std::size_t end, char* out) noexcept
{
    if (end > nss.size())
        end = nss.size();
    for (std::size_t i = 0; i < end; ++i) {
        if (nss[i] == '%') {
            i += 2;
            continue;
        }
        out[i] = lexical::ascii_lower(nss[i]);
    }
}

} // namespace detail
} // namespace nss
} // namespace urns

#endif
