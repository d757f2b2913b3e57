// SPDX-License-Identifier: BSL-1.0
// The urn command and the Python module: the count of "\n" bytes, 64 at a time with AVX2 where
// the processor has it, else 16 (SSE2).
#include "newlines.hpp"

#include <algorithm>

#if defined(__GNUC__) && defined(__x86_64__)
#define URNS_COMMON_AVX2_NEWLINES 1
#include <immintrin.h>
#endif

namespace urns_common {

namespace {

#if defined(URNS_COMMON_AVX2_NEWLINES)
/** The "\n"s of the `n` bytes at `p`, 64 at a time with AVX2 (byte
    counters as in count_newlines, two sets of 32), until fewer than 64
    are left: `p` and `n` are moved past those it counted. */
[[gnu::target("avx2")]] std::size_t count_newlines_avx2(char const*& p, std::size_t& n) noexcept
{
    __m256i const nl = _mm256_set1_epi8('\n');
    __m256i const zero = _mm256_setzero_si256();
    std::size_t count = 0;
    while (n >= 64) {
        std::size_t const rounds = std::min<std::size_t>(n / 64, 255);
        __m256i a = zero;
        __m256i b = zero;
        for (std::size_t r = 0; r < rounds; ++r, p += 64) {
            a = _mm256_sub_epi8(a, _mm256_cmpeq_epi8(_mm256_loadu_si256(reinterpret_cast<__m256i const*>(p)), nl));
            b = _mm256_sub_epi8(b, _mm256_cmpeq_epi8(_mm256_loadu_si256(reinterpret_cast<__m256i const*>(p + 32)), nl));
        }
        n -= 64 * rounds;
        __m256i const sums = _mm256_add_epi64(_mm256_sad_epu8(a, zero), _mm256_sad_epu8(b, zero));
        count += static_cast<std::size_t>(_mm256_extract_epi64(sums, 0)) +
                 static_cast<std::size_t>(_mm256_extract_epi64(sums, 1)) +
                 static_cast<std::size_t>(_mm256_extract_epi64(sums, 2)) +
                 static_cast<std::size_t>(_mm256_extract_epi64(sums, 3));
    }
    return count;
}

bool const has_avx2 = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") != 0;
}();
#endif

} // namespace

std::size_t count_newlines(std::string_view s) noexcept
{
    char const* p = s.data();
    std::size_t n = s.size();
    std::size_t count = 0;
#if defined(URNS_COMMON_AVX2_NEWLINES)
    if (has_avx2)
        count += count_newlines_avx2(p, n);
#endif
#if defined(__SSE2__)
    // Sixteen byte counters, each one up by one per "\n" in its lane
    // (the compare gives -1), summed by psadbw before they can overflow:
    // no popcount instruction, which x86-64's baseline lacks.
    __m128i const nl = _mm_set1_epi8('\n');
    __m128i const zero = _mm_setzero_si128();
    while (n >= 16) {
        std::size_t const rounds = std::min<std::size_t>(n / 16, 255);
        __m128i lanes = zero;
        for (std::size_t r = 0; r < rounds; ++r, p += 16)
            lanes = _mm_sub_epi8(lanes, _mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<__m128i const*>(p)), nl));
        n -= 16 * rounds;
        __m128i const sums = _mm_sad_epu8(lanes, zero);
        count += static_cast<std::size_t>(_mm_cvtsi128_si64(sums)) +
                 static_cast<std::size_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums)));
    }
#endif
    for (; n > 0; ++p, --n)
        count += *p == '\n';
    return count;
}

} // namespace urns_common
