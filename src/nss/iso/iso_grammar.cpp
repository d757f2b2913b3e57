// SPDX-License-Identifier: BSL-1.0
// X3 layer: the only translation unit that compiles the rules of
// grammar/nss/iso.abnf; defines the "iso" validator and the typed reading
// of an ISO URN on them, through the extension surface.
#include "nss/iso/iso_grammar_def.hpp"
#include <urns/nss/iso.hpp>

#include <cctype>

namespace urns {
namespace nss {
namespace iso {

namespace {

using lexical::iequals;
using lexical::istarts_with;

bool is_language(std::string_view f)
{
    for (char const* l : {"en", "fr", "ru", "es", "ar", "en,fr", "en,ru", "fr,ru", "en,fr,ru"})
        if (iequals(f, l))
            return true;
    return false;
}

bool starts_with_v(std::string_view f)
{
    return !f.empty() && (f[0] == 'v' || f[0] == 'V');
}

} // namespace

verdict validate(std::string_view nss) noexcept
{
    return x3_validator<grammar::nss::iso::iso_nss>()(nss);
}

std::optional<parts> parse(std::string_view nss)
{
    if (!validate(nss))
        return std::nullopt;
    auto const r = urns::nss::parse(grammar::nss::iso::iso_fields, nss);
    if (!r)
        return std::nullopt;
    // The NSS is valid: each field is told by its keyword or its first
    // character, in the order of the ABNF (std-nss, docidentifier).
    std::vector<std::string> const& f = *r;
    std::size_t const n = f.size();
    std::size_t i = 1;   // f[0] is "std"
    parts out;
    out.originator = f[i++];
    if (!std::isdigit(static_cast<unsigned char>(f[i][0])))
        out.type = f[i++];
    out.docnumber = f[i++];
    if (i < n && f[i][0] == '-')
        out.partnumber = f[i++].substr(1);
    if (i < n && (iequals(f[i], "draft") || iequals(f[i], "cancelled") || istarts_with(f[i], "stage-")))
        out.status = f[i++];
    if (i < n && istarts_with(f[i], "ed-"))
        out.edition = f[i++].substr(3);
    if (i < n && starts_with_v(f[i]))
        out.docversion = f[i++].substr(1);
    if (i < n && is_language(f[i]))
        out.language = f[i++];
    while (i < n) {
        std::string const& k = f[i];
        if (iequals(k, "amd") || iequals(k, "cor") || iequals(k, "add")) {
            supplement s{k, f[i + 1], std::nullopt, std::nullopt};
            i += 2;
            if (i < n && starts_with_v(f[i]))
                s.version = f[i++].substr(1);
            if (i < n && is_language(f[i]))
                s.language = f[i++];
            out.supplements.push_back(std::move(s));
        } else if (iequals(k, "clause") || iequals(k, "figure") || iequals(k, "table") || iequals(k, "term")) {
            out.docelements.push_back({k, f[i + 1]});
            i += 2;
        } else {
            // ":tech" and its techelements, which may hold ":", to the end.
            std::string tech = k.substr(4);
            for (++i; i < n; ++i)
                tech += ':' + f[i];
            out.techdefined = std::move(tech);
        }
    }
    return out;
}

} // namespace iso
} // namespace nss
} // namespace urns
