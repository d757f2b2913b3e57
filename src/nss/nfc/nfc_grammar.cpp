// SPDX-License-Identifier: BSL-1.0
// X3 layer: the only translation unit that compiles the rules of
// grammar/nss/nfc.abnf; defines the "nfc" validator and the typed reading
// of an NFC URN on them, through the extension surface.
#include "nss/nfc/nfc_grammar_def.hpp"
#include <urns/nss/nfc.hpp>

namespace urns {
namespace nss {
namespace nfc {

verdict validate(std::string_view nss) noexcept
{
    return x3_validator<grammar::nss::nfc::nfc_nss>()(nss);
}

std::optional<parts> parse(std::string_view nss)
{
    if (!validate(nss))
        return std::nullopt;
    auto const r = urns::nss::parse(grammar::nss::nfc::nfc_fields, nss);
    if (!r)
        return std::nullopt;
    return parts{r->resource, r->specific};
}

} // namespace nfc
} // namespace nss
} // namespace urns
