// SPDX-License-Identifier: BSL-1.0
// Semantic layer (X3-free): equivalence with namespace folds, on top of the
// generic canonical form.
#include <urns/nss/equivalence.hpp>

namespace urns {
namespace nss {

void canonical(urn_view const& v, equivalence_mode m, registry const& reg, std::string& out)
{
    std::size_t const start = out.size();
    urns::canonical(v, m, out);
    if (out.size() == start)
        return;
    namespace_rules const* const rules = reg.find(v.nid());
    if (!rules || !rules->has_fold())
        return;
    // The generic canonical form is "urn:" NID ":" NSS ...: the NSS keeps
    // its length (only hex case changes), so it sits right after the NID.
    std::size_t const at = start + 4 + v.nid().size() + 1;
    std::size_t const len = v.nss().size();
    if (at + len > out.size())
        return;
    std::string folded(len, '\0');
    std::size_t const n = rules->fold_nss(std::string_view(out).substr(at, len), &folded[0]);
    folded.resize(n < len ? n : len);
    out.replace(at, len, folded);
}

bool equivalent(urn_view const& a, urn_view const& b, equivalence_mode m, registry const& reg)
{
    std::string ca, cb;
    canonical(a, m, reg, ca);
    canonical(b, m, reg, cb);
    return ca == cb;
}

} // namespace nss
} // namespace urns
