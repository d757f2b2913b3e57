// SPDX-License-Identifier: BSL-1.0
// valid_lines: runs of lines that are valid URNs, the common ones judged
// from bit masks (src/parse/lines.hpp), the rest by parse_urn.
#include <urns/parse.hpp>

#include "parse/lines.hpp"

#include <cstring>

namespace urns {

namespace detail {

line_run valid_lines_read(std::string_view text, syntax syn, fast::reading wide) noexcept
{
    char const* const c = text.data();
    std::size_t const n = text.size();
    line_run r;
    std::size_t i = 0;
    while (i != n) {
#if URNS_FAST_SSSE3
        if (wide != fast::reading::tables) {
            auto const masks = [wide, syn, &r](char const* p, std::size_t len) {
                return wide == fast::reading::avx2 ? fast::simple_lines32(p, len, syn, r.lines)
                                                   : fast::simple_lines16(p, len, syn, r.lines);
            };
            if (n - i >= 64)
                i += masks(c + i, n - i);
            // The last 63 octets or fewer, from a copy followed by 64 NULs
            // (none of them a "\n", so no line it vouches for reaches them).
            if (n - i < 64 && i != n) {
                char tail[127] = {};
                std::memcpy(tail, c + i, n - i);
                i += masks(tail, n - i + 64);
            }
            if (i == n)
                break;
        }
#else
        (void)wide;
#endif
        // A line the masks did not vouch for (or any line, without them).
        void const* const nl = std::memchr(c + i, '\n', n - i);
        if (nl == nullptr)
            break;
        std::size_t const end = static_cast<std::size_t>(static_cast<char const*>(nl) - c);
        auto const line = parse_urn(std::string_view(c + i, end - i), syn);
        if (!line) {
            r.refused = line.error();
            break;
        }
        i = end + 1;
        ++r.lines;
    }
    r.bytes = i;
    return r;
}

} // namespace detail

namespace {

/// The widest reading this processor has; the tables (every line parsed)
/// until this file's dynamic initialization.
detail::fast::reading const lines_reading = detail::fast::best_reading();

} // namespace

line_run valid_lines(std::string_view text, syntax syn) noexcept
{
    return detail::valid_lines_read(text, syn, lines_reading);
}

} // namespace urns
