// SPDX-License-Identifier: BSL-1.0
// Semantic layer (X3-free): the fields of a valid "epc" NSS. The validator
// has checked the structure, so the fields are found by their separators:
// the prefix and the references are digits, so the first "." after the
// prefix ends the reference and the rest is the serial.
#include <urns/nss/epc.hpp>

namespace urns {
namespace nss {
namespace epc {

std::optional<parts> parse(std::string_view nss)
{
    if (!validate(nss))
        return std::nullopt;
    parts out;
    std::size_t const colon = nss.find(':');
    out.sub_namespace = std::string(nss.substr(0, colon));
    std::string_view rest = nss.substr(colon + 1);
    if (out.sub_namespace != "id") {
        out.rest = std::string(rest);
        return out;
    }
    std::size_t const scheme_end = rest.find(':');
    out.scheme = std::string(rest.substr(0, scheme_end));
    rest.remove_prefix(scheme_end + 1);
    out.rest = std::string(rest);
    static constexpr std::string_view with_serial[] = {"sgtin", "sgln", "grai", "gdti"};
    static constexpr std::string_view without_serial[] = {"sscc", "giai", "gsrn", "gsrnp", "pgln", "gsin"};
    bool serial = false;
    for (auto s : with_serial)
        serial = serial || out.scheme == s;
    bool known = serial;
    for (auto s : without_serial)
        known = known || out.scheme == s;
    if (!known)
        return out;
    out.checked = true;
    std::size_t const dot = rest.find('.');
    out.company_prefix = std::string(rest.substr(0, dot));
    rest.remove_prefix(dot + 1);
    if (serial) {
        std::size_t const second = rest.find('.');
        out.reference = std::string(rest.substr(0, second));
        out.serial = std::string(rest.substr(second + 1));
    } else {
        out.reference = std::string(rest);   // giai: the asset reference, "." and all
    }
    return out;
}

} // namespace epc
} // namespace nss
} // namespace urns
