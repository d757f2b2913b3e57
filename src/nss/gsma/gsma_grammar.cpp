// SPDX-License-Identifier: BSL-1.0
// X3 layer: the only translation unit that compiles the rules of
// grammar/nss/gsma.abnf; defines the "gsma" validator and the typed
// reading of an IMEI URN on them, through the extension surface.
#include "nss/gsma/gsma_grammar_def.hpp"
#include <urns/nss/gsma.hpp>

namespace urns {
namespace nss {
namespace gsma {

verdict validate(std::string_view nss) noexcept
{
    return x3_validator<grammar::nss::gsma::gsma_nss>()(nss);
}

std::optional<imei> parse_imei(std::string_view nss)
{
    if (!validate(nss))
        return std::nullopt;
    auto const r = urns::nss::parse(grammar::nss::gsma::imei_fields, nss);
    if (!r)   // a valid NSS that is not an imeival: ext-imei or a future specifier
        return std::nullopt;
    imei out;
    out.tac = r->tac;
    out.snr = r->snr;
    out.spare = static_cast<unsigned>(r->spare - '0');
    if (r->svn)
        out.svn = static_cast<unsigned>(((*r->svn)[0] - '0') * 10 + ((*r->svn)[1] - '0'));
    if (r->vers)
        out.vers = static_cast<unsigned>(*r->vers - '0');
    return out;
}

} // namespace gsma
} // namespace nss
} // namespace urns
