// SPDX-License-Identifier: BSL-1.0
// X3 layer: the only translation unit that compiles the rules of
// grammar/nss/isan.abnf; defines the "isan" validator and the typed
// reading of an ISAN on them, through the extension surface.
#include "nss/isan/isan_grammar_def.hpp"
#include <urns/lexical.hpp>
#include <urns/nss/isan.hpp>

namespace urns {
namespace nss {
namespace isan {

namespace {

/// Hex digits of `s` in upper case, hyphens dropped.
std::string hex_of(std::string const& s)
{
    std::string out;
    for (char const c : s)
        if (c != '-')
            out += lexical::ascii_upper(c);
    return out;
}

} // namespace

verdict validate(std::string_view nss) noexcept
{
    return x3_validator<grammar::nss::isan::isan_nss>()(nss);
}

std::optional<parts> parse(std::string_view nss)
{
    if (!validate(nss))
        return std::nullopt;
    auto const r = urns::nss::parse(grammar::nss::isan::isan_fields, nss);
    if (!r)
        return std::nullopt;
    parts out;
    out.root = hex_of(r->root);
    out.episode = hex_of(r->episode);
    if (r->version)
        out.version = hex_of(*r->version);
    return out;
}

} // namespace isan
} // namespace nss
} // namespace urns
