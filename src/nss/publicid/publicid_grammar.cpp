// SPDX-License-Identifier: BSL-1.0
// X3 layer: the only translation unit that compiles the rules of
// grammar/nss/publicid.abnf; defines the "publicid" validator and the
// reading of an NSS back into its public identifier on them, through the
// extension surface.
#include "nss/publicid/publicid_grammar_def.hpp"
#include <urns/nss/publicid.hpp>

namespace urns {
namespace nss {
namespace publicid {

verdict validate(std::string_view nss) noexcept
{
    return x3_validator<grammar::nss::publicid::publicid_nss>()(nss);
}

std::optional<std::string> to_public_id(std::string_view nss)
{
    if (!validate(nss))
        return std::nullopt;
    auto const r = urns::nss::parse(grammar::nss::publicid::publicid_tokens, nss);
    if (!r)
        return std::nullopt;
    // RFC 3151 section 2, read backwards.
    std::string out;
    for (std::string const& t : *r) {
        if (t == "+")
            out += ' ';
        else if (t == ":")
            out += "//";
        else if (t == ";")
            out += "::";
        else if (t.size() == 3)   // an escape: "%" and two hex digits
            out += static_cast<char>(lexical::hex_value(t[1]) * 16 + lexical::hex_value(t[2]));
        else
            out += t;
    }
    return out;
}

} // namespace publicid
} // namespace nss
} // namespace urns
