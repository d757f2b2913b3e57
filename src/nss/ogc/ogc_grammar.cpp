// SPDX-License-Identifier: BSL-1.0
// X3 layer: the only translation unit that compiles the rules of
// grammar/nss/ogc.abnf; defines the "ogc" validator and the typed reading
// of an OGC URN on them, through the extension surface.
#include "nss/ogc/ogc_grammar_def.hpp"
#include <urns/nss/ogc.hpp>

namespace urns {
namespace nss {
namespace ogc {

verdict validate(std::string_view nss) noexcept
{
    return x3_validator<grammar::nss::ogc::ogc_nss>()(nss);
}

std::optional<parts> parse(std::string_view nss)
{
    if (!validate(nss))
        return std::nullopt;
    auto const r = urns::nss::parse(grammar::nss::ogc::ogc_fields, nss);
    if (!r)
        return std::nullopt;
    return parts{r->resource, r->specific};
}

} // namespace ogc
} // namespace nss
} // namespace urns
