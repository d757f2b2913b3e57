// SPDX-License-Identifier: BSL-1.0
// Semantic layer (X3-free): the equivalence fold and accessors of the "isbn"
// namespace (RFC 3187).
#include <urns/nss/isbn.hpp>

#include <string>

namespace urns {
namespace nss {

namespace isbn {

std::size_t fold(std::string_view nss, char* out) noexcept
{
    if (!validate(nss)) {
        nss.copy(out, nss.size());
        return nss.size();
    }
    std::size_t n = 0;
    for (char const c : nss)
        if (c != '-')
            out[n++] = c == 'x' ? 'X' : c;
    return n;
}

std::optional<std::string> to_isbn13(std::string_view nss)
{
    if (!validate(nss))
        return std::nullopt;
    std::string d;
    for (char const c : nss)
        if (c != '-')
            d += c;
    if (d.size() == 13)
        return d;
    d = "978" + d.substr(0, 9);
    unsigned sum = 0;
    for (std::size_t i = 0; i < 12; ++i)
        sum += (i % 2 ? 3u : 1u) * static_cast<unsigned>(d[i] - '0');
    d += static_cast<char>('0' + (10 - sum % 10) % 10);
    return d;
}

} // namespace isbn

} // namespace nss
} // namespace urns
