// SPDX-License-Identifier: BSL-1.0
// Semantic layer (X3-free): the equivalence fold of the "gsma" namespace
// (RFC 7254 section 3, "Rules for Lexical Equivalence").
#include <urns/lexical.hpp>
#include <urns/nss/gsma.hpp>

namespace urns {
namespace nss {
namespace gsma {

std::size_t fold(std::string_view nss, char* out) noexcept
{
    // Only a valid imei-specifier is folded: the rules are for "GSMA IMEI
    // URNs"; other specifiers compare as the generic rule says.
    bool const imei = nss.size() >= 5 && lexical::iequals(nss.substr(0, 5), "imei:");
    if (!imei || !validate(nss)) {
        nss.copy(out, nss.size());
        return nss.size();
    }
    std::size_t n = 0;
    for (std::size_t i = 0; i < nss.size(); ++i) {
        // ";vers=0" is ignored for comparison (only as a whole parameter).
        if (nss[i] == ';' && nss.size() - i >= 7 && lexical::iequals(nss.substr(i, 7), ";vers=0") &&
            (i + 7 == nss.size() || nss[i + 7] == ';')) {
            i += 6;
            continue;
        }
        if (nss[i] == '%' && i + 2 < nss.size()) {   // percent-hex stays as the generic form has it
            out[n++] = nss[i++];
            out[n++] = nss[i++];
            out[n++] = nss[i];
            continue;
        }
        out[n++] = lexical::ascii_lower(nss[i]);
    }
    return n;
}

} // namespace gsma
} // namespace nss
} // namespace urns
