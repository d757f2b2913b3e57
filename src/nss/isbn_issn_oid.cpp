// SPDX-License-Identifier: BSL-1.0
// Semantic layer (X3-free): equivalence folds and accessors of the "isbn"
// (RFC 3187), "issn" (RFC 3044) and "oid" (RFC 3061) namespaces.
#include <urns/nss/isbn.hpp>
#include <urns/nss/issn.hpp>
#include <urns/nss/oid.hpp>

namespace urns {
namespace nss {

namespace isbn {

std::size_t fold(std::string_view nss, char* out) noexcept
{
    if (validate(nss)) {
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
    if (validate(nss))
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

namespace issn {

std::size_t fold(std::string_view nss, char* out) noexcept
{
    bool const valid = !validate(nss);
    for (std::size_t i = 0; i < nss.size(); ++i)
        out[i] = (valid && nss[i] == 'x') ? 'X' : nss[i];
    return nss.size();
}

} // namespace issn

namespace oid {

std::optional<std::vector<std::string_view>> arcs(std::string_view nss)
{
    if (validate(nss))
        return std::nullopt;
    std::vector<std::string_view> out;
    for (;;) {
        std::size_t const dot = nss.find('.');
        out.push_back(nss.substr(0, dot));
        if (dot == std::string_view::npos)
            return out;
        nss.remove_prefix(dot + 1);
    }
}

} // namespace oid

} // namespace nss
} // namespace urns
