// Semantic layer, X3-free: puts the offset of a grammar failure where a
// reader looks for it (see grammar/README.md, "Where errors point").
#include "detail/error_position.hpp"

namespace urns {
namespace detail {

namespace {

constexpr bool is_ldh(char c) noexcept
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
}

constexpr char lower(char c) noexcept
{
    return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

} // namespace

parse_error refine_position(std::string_view s, parse_error e) noexcept
{
    auto const code = static_cast<error>(e.code.value());
    if (code == error::bad_scheme && e.offset == 0) {
        // The first byte that differs from "urn:" (case-insensitively).
        constexpr std::string_view prefix = "urn:";
        std::size_t i = 0;
        while (i < prefix.size() && i < s.size() && lower(s[i]) == prefix[i])
            ++i;
        if (i < prefix.size())
            e.offset = i;
        return e;
    }
    if (code == error::bad_nid && e.offset >= 4) {
        // The NID is the run of letters, digits and hyphens after "urn:".
        std::size_t k = 4;
        while (k < s.size() && is_ldh(s[k]))
            ++k;
        if (k < s.size() && s[k] != ':') {
            // A byte no NID may hold: point at it.
            if (e.offset != k) {
                e.offset = k;
                e.expected = "NID";
            }
        } else if (k < s.size()) {
            // Ended by ":" and still rejected: the NID is wrong as a whole
            // (length, hyphen placement): point at its first byte.
            e.offset = 4;
            e.expected = "NID";
        }
    }
    return e;
}

} // namespace detail
} // namespace urns
