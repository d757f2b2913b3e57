// SPDX-License-Identifier: BSL-1.0
// Semantic layer (X3-free): the equivalence fold of the "iso" namespace
// (RFC 5141 section 2.9, "Rules for Lexical Equivalence").
#include "nss/lower_fold.hpp"
#include <urns/nss/iso.hpp>

namespace urns {
namespace nss {
namespace iso {

std::size_t fold(std::string_view nss, char* out) noexcept
{
    nss.copy(out, nss.size());
    if (!validate(nss))
        return nss.size();
    // "4. normalize the case of all elements": every element, the
    // techdefined addition too, is case-insensitive.
    detail::lower_outside_pct(nss, nss.size(), out);
    return nss.size();
}

} // namespace iso
} // namespace nss
} // namespace urns
