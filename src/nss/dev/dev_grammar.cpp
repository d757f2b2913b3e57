// SPDX-License-Identifier: BSL-1.0
// X3 layer: the only translation unit that compiles the rules of
// grammar/nss/dev.abnf; defines the "dev" validator and the typed reading
// of a DEV URN on them, through the extension surface.
#include "nss/dev/dev_grammar_def.hpp"
#include <urns/nss/dev.hpp>

namespace urns {
namespace nss {
namespace dev {

namespace {

/// `s` split at each `sep`.
std::vector<std::string> split(std::string const& s, char sep)
{
    std::vector<std::string> out(1);
    for (char const c : s) {
        if (c == sep)
            out.emplace_back();
        else
            out.back() += c;
    }
    return out;
}

} // namespace

verdict validate(std::string_view nss) noexcept
{
    return x3_validator<grammar::nss::dev::dev_nss>()(nss);
}

std::optional<parts> parse(std::string_view nss)
{
    if (!validate(nss))
        return std::nullopt;
    auto const r = urns::nss::parse(grammar::nss::dev::dev_fields, nss);
    if (!r)
        return std::nullopt;
    parts out;
    out.subtype = r->subtype;
    out.components = r->components;
    // body: the colon-separated identifiers; the first holds the fields.
    std::vector<std::string> ids = split(r->body, ':');
    std::string first = ids.front();
    out.more.assign(ids.begin() + 1, ids.end());
    if (out.subtype == "org" || out.subtype == "os" || out.subtype == "ops") {
        auto const dash = first.find('-');   // posnumber has no "-"
        out.pen = first.substr(0, dash);
        first = first.substr(dash + 1);
        if (out.subtype == "ops") {   // product has no "-"
            auto const d2 = first.find('-');
            out.product = first.substr(0, d2);
            first = first.substr(d2 + 1);
        }
    }
    out.id = first;
    return out;
}

} // namespace dev
} // namespace nss
} // namespace urns
