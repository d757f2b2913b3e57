// SPDX-License-Identifier: BSL-1.0
// Semantic layer (X3-free): the equivalence fold of the "mpeg" namespace
// (RFC 3614 section 2, "Rules for Lexical Equivalence").
#include "nss/lower_fold.hpp"
#include <urns/nss/mpeg.hpp>

namespace urns {
namespace nss {
namespace mpeg {

std::size_t fold(std::string_view nss, char* out) noexcept
{
    nss.copy(out, nss.size());
    if (!validate(nss))
        return nss.size();
    // The standard name (up to the first ":") is case-insensitive; the
    // remainder is case-sensitive and stays as written.
    detail::lower_outside_pct(nss, nss.find(':'), out);
    return nss.size();
}

} // namespace mpeg
} // namespace nss
} // namespace urns
