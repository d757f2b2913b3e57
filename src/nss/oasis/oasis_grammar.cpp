// SPDX-License-Identifier: BSL-1.0
// X3 layer: the only translation unit that compiles the rules of
// grammar/nss/oasis.abnf; defines the "oasis" validator and the typed
// reading of an OASIS URN on them, through the extension surface.
#include "nss/oasis/oasis_grammar_def.hpp"
#include <urns/nss/oasis.hpp>

namespace urns {
namespace nss {
namespace oasis {

namespace {

/// Fields [from, end) joined again with ":" (a document-id or an opaque
/// string may hold ":").
std::string join(std::vector<std::string> const& f, std::size_t from)
{
    std::string out;
    for (std::size_t i = from; i < f.size(); ++i) {
        if (i > from)
            out += ':';
        out += f[i];
    }
    return out;
}

} // namespace

verdict validate(std::string_view nss) noexcept
{
    return x3_validator<grammar::nss::oasis::oasis_nss>()(nss);
}

std::optional<parts> parse(std::string_view nss)
{
    if (!validate(nss))
        return std::nullopt;
    auto const r = urns::nss::parse(grammar::nss::oasis::oasis_fields, nss);
    if (!r)
        return std::nullopt;
    std::vector<std::string> const& f = *r;
    parts out;
    out.branch = f[0];
    if (out.branch == "member") {   // member:{member-id}:{opaque}
        out.id = f[1];
        out.document_id = join(f, 2);
        return out;
    }
    out.hierarchy = f[1];
    if (out.hierarchy == "technical") {   // names:technical:{document-type}:{document-id}:{amendment-id}
        out.type = f[2];
        out.document_id = f[3];
        out.amendment_id = f[4];
        return out;
    }
    // names:{specification|tc}:{id}:{type}[:{subtype}]:{document-id}; the
    // subtype is the first of two or more fields after the type, if it is
    // not empty (typed-id: subtype = field) and a document-id follows it
    // (document-id = 1*OCTET: "c:" after the type is a document-id).
    out.id = f[2];
    out.type = f[3];
    if (f.size() > 5 && !f[4].empty() && !(f.size() == 6 && f[5].empty())) {
        out.subtype = f[4];
        out.document_id = join(f, 5);
    } else {
        out.document_id = join(f, 4);
    }
    return out;
}

} // namespace oasis
} // namespace nss
} // namespace urns
