// SPDX-License-Identifier: BSL-1.0
// The urn command and the Python module (urns.dask): the search for "\n" in a block of lines, 64 bytes at a
// time (a bit mask of the "\n" positions, SSE2 where there is SSE2), runs
// of "\n" (blank lines) and their count.
#ifndef URNS_COMMON_NEWLINES_HPP
#define URNS_COMMON_NEWLINES_HPP

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace urns_common {

/// The number of "\n" bytes in `s`.
std::size_t count_newlines(std::string_view s) noexcept;

/// Bit i set if p[i] == '\n', for i in [0, 64).
inline std::uint64_t newline_mask(char const* p) noexcept
{
#if defined(__SSE2__)
    __m128i const nl = _mm_set1_epi8('\n');
    std::uint64_t m = 0;
    for (int k = 0; k < 4; ++k) {
        __m128i const v = _mm_loadu_si128(reinterpret_cast<__m128i const*>(p + 16 * k));
        m |= static_cast<std::uint64_t>(static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, nl)))) << (16 * k);
    }
    return m;
#else
    std::uint64_t m = 0;
    for (int i = 0; i < 64; ++i)
        m |= static_cast<std::uint64_t>(p[i] == '\n') << i;
    return m;
#endif
}

/// The index of the lowest set bit of `m`, which is not 0.
inline unsigned lowest_bit(std::uint64_t m) noexcept
{
#if defined(__GNUC__)
    return static_cast<unsigned>(__builtin_ctzll(m));
#else
    unsigned i = 0;
    while (!(m & 1)) {
        m >>= 1;
        ++i;
    }
    return i;
#endif
}

/** The number of "\n" bytes at the start of the `n` bytes at `p` (a run
    of blank lines), 16 at a time where there is SSE2: a run is passed
    over at memchr's speed, not a line at a time. */
inline std::size_t newline_run(char const* p, std::size_t n) noexcept
{
    std::size_t i = 0;
#if defined(__SSE2__)
    __m128i const nl = _mm_set1_epi8('\n');
    for (; n - i >= 16; i += 16) {
        __m128i const v = _mm_loadu_si128(reinterpret_cast<__m128i const*>(p + i));
        unsigned const other = ~static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, nl))) & 0xFFFFu;
        if (other != 0)
            return i + lowest_bit(other);
    }
#endif
    while (i != n && p[i] == '\n')
        ++i;
    return i;
}

/** The "\n"s of a string in order, found 64 bytes at a time as the
    reader finds them (a call to memchr per line costs more for short
    lines); it reads only inside the string (the last, partial 64 bytes
    from a copy). */
class newline_finder {
public:
    static constexpr std::size_t npos = static_cast<std::size_t>(-1);

    explicit newline_finder(std::string_view s) noexcept : p_(s.data()), n_(s.size()) {}

    /// The offset of the next "\n", or npos.
    std::size_t next() noexcept
    {
        while (bits_ == 0) {
            if (next_ >= n_)
                return npos;
            base_ = next_;
            if (n_ - next_ >= 64) {
                bits_ = newline_mask(p_ + next_);
            } else {
                char tail[64] = {};
                std::memcpy(tail, p_ + next_, n_ - next_);
                bits_ = newline_mask(tail);
            }
            next_ += 64;
        }
        std::size_t const at = base_ + lowest_bit(bits_);
        bits_ &= bits_ - 1;
        return at;
    }

    /// Passes over the "\n"s before offset `at`, which is not before the
    /// last one next() gave.
    void skip_to(std::size_t at) noexcept
    {
        if (at < next_) {
            bits_ &= ~std::uint64_t(0) << (at - base_); // at is in [base_, base_ + 64)
        } else {
            bits_ = 0;
            next_ = at;
        }
    }

private:
    char const* p_;
    std::size_t n_;
    std::size_t base_ = 0; // offset of the 64 bytes in bits_
    std::size_t next_ = 0; // offset of the next 64 bytes to look at
    std::uint64_t bits_ = 0;
};

} // namespace urns_common

#endif
