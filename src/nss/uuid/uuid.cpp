// SPDX-License-Identifier: BSL-1.0
// Semantic layer (X3-free): equivalence and accessors of the "uuid"
// namespace (RFC 9562).
#include <urns/lexical.hpp>
#include <urns/nss/uuid.hpp>

namespace urns {
namespace nss {
namespace uuid {


std::size_t fold(std::string_view nss, char* out) noexcept
{
    bool const valid = validate(nss).has_value();
    for (std::size_t i = 0; i < nss.size(); ++i) {
        char const c = nss[i];
        out[i] = valid ? lexical::ascii_lower(c) : c;   // a valid UUID's letters are hex digits
    }
    return nss.size();
}

std::optional<std::array<unsigned char, 16>> bytes(std::string_view nss) noexcept
{
    if (!validate(nss))
        return std::nullopt;
    std::array<unsigned char, 16> b{};
    std::size_t n = 0;
    for (std::size_t i = 0; i < nss.size(); i += 2) {
        if (nss[i] == '-')
            ++i;
        b[n++] = static_cast<unsigned char>(lexical::hex_value(nss[i]) << 4 | lexical::hex_value(nss[i + 1]));
    }
    return b;
}

std::optional<unsigned> version(std::string_view nss) noexcept
{
    auto const b = bytes(nss);
    if (!b)
        return std::nullopt;
    return (*b)[6] >> 4;
}

} // namespace uuid
} // namespace nss
} // namespace urns
