// SPDX-License-Identifier: BSL-1.0
// X3 layer: the only translation unit that compiles the rules of
// grammar/nss/epcglobal.abnf; defines the "epcglobal" validator and the
// typed reading of an EPCglobal URN on them, through the extension surface.
#include "nss/epcglobal/epcglobal_grammar_def.hpp"
#include <urns/nss/epcglobal.hpp>

namespace urns {
namespace nss {
namespace epcglobal {

verdict validate(std::string_view nss) noexcept
{
    return x3_validator<grammar::nss::epcglobal::epcglobal_nss>()(nss);
}

std::optional<parts> parse(std::string_view nss)
{
    if (!validate(nss))
        return std::nullopt;
    auto const r = urns::nss::parse(grammar::nss::epcglobal::epcglobal_fields, nss);
    if (!r)
        return std::nullopt;
    return parts{r->name, r->rest};
}

} // namespace epcglobal
} // namespace nss
} // namespace urns
