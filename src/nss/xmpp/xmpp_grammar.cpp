// SPDX-License-Identifier: BSL-1.0
// X3 layer: the only translation unit that compiles the rules of
// grammar/nss/xmpp.abnf; defines the "xmpp" validator and the typed
// reading of an XMPP URN on them, through the extension surface.
#include "nss/xmpp/xmpp_grammar_def.hpp"
#include <urns/nss/xmpp.hpp>

namespace urns {
namespace nss {
namespace xmpp {

verdict validate(std::string_view nss) noexcept
{
    return x3_validator<grammar::nss::xmpp::xmpp_nss>()(nss);
}

std::optional<parts> parse(std::string_view nss)
{
    if (!validate(nss))
        return std::nullopt;
    auto const r = urns::nss::parse(grammar::nss::xmpp::xmpp_fields, nss);
    if (!r)
        return std::nullopt;
    std::vector<std::string> const& f = *r;
    // {ShortName}[:{SubName}[:{sub-tree name}]...]
    parts out;
    out.short_name = f[0];
    if (f.size() > 1)
        out.sub_name = f[1];
    if (f.size() > 2)
        out.sub_tree.assign(f.begin() + 2, f.end());
    return out;
}

} // namespace xmpp
} // namespace nss
} // namespace urns
