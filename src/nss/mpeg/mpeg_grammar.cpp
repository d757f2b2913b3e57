// SPDX-License-Identifier: BSL-1.0
// X3 layer: the only translation unit that compiles the rules of
// grammar/nss/mpeg.abnf; defines the "mpeg" validator and the typed
// reading of an MPEG URN on them, through the extension surface.
#include "nss/mpeg/mpeg_grammar_def.hpp"
#include <urns/nss/mpeg.hpp>

namespace urns {
namespace nss {
namespace mpeg {

verdict validate(std::string_view nss) noexcept
{
    return x3_validator<grammar::nss::mpeg::mpeg_nss>()(nss);
}

std::optional<parts> parse(std::string_view nss)
{
    if (!validate(nss))
        return std::nullopt;
    auto const r = urns::nss::parse(grammar::nss::mpeg::mpeg_fields, nss);
    if (!r)
        return std::nullopt;
    return parts{r->standard, r->assigned};
}

} // namespace mpeg
} // namespace nss
} // namespace urns
