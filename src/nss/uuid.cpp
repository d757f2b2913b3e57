// Semantic layer (X3-free): equivalence and accessors of the "uuid"
// namespace (RFC 9562).
#include <urns/nss/uuid.hpp>

namespace urns {
namespace nss {
namespace uuid {

namespace {

unsigned hex_value(char c) noexcept
{
    if (c >= '0' && c <= '9')
        return static_cast<unsigned>(c - '0');
    if (c >= 'a' && c <= 'f')
        return static_cast<unsigned>(c - 'a' + 10);
    return static_cast<unsigned>(c - 'A' + 10);
}

} // namespace

std::size_t fold(std::string_view nss, char* out) noexcept
{
    bool const valid = !validate(nss);
    for (std::size_t i = 0; i < nss.size(); ++i) {
        char const c = nss[i];
        out[i] = (valid && c >= 'A' && c <= 'F') ? static_cast<char>(c - 'A' + 'a') : c;
    }
    return nss.size();
}

std::optional<std::array<unsigned char, 16>> bytes(std::string_view nss) noexcept
{
    if (validate(nss))
        return std::nullopt;
    std::array<unsigned char, 16> b{};
    std::size_t n = 0;
    for (std::size_t i = 0; i < nss.size(); i += 2) {
        if (nss[i] == '-')
            ++i;
        b[n++] = static_cast<unsigned char>(hex_value(nss[i]) << 4 | hex_value(nss[i + 1]));
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
