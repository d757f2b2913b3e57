// SPDX-License-Identifier: BSL-1.0
// Benchmark support (bench/ only): the seeded corpus generator.
//
// Every string is made here from a fixed seed by our own generator (a
// splitmix64 stream, not std::*_distribution, whose output differs between
// standard libraries), so every machine benchmarks the same bytes.
#ifndef URNS_BENCH_CORPUS_HPP
#define URNS_BENCH_CORPUS_HPP

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace urns_bench {

/// splitmix64: small, fast, and the same on every platform.
class rng {
public:
    explicit rng(std::uint64_t seed) : s_(seed) {}

    std::uint64_t next()
    {
        std::uint64_t z = (s_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }

    /// Uniform in [0, n) (n > 0; the modulo bias is irrelevant here).
    std::uint32_t below(std::uint32_t n) { return static_cast<std::uint32_t>(next() % n); }

    /// Uniform in [lo, hi].
    std::uint32_t between(std::uint32_t lo, std::uint32_t hi) { return lo + below(hi - lo + 1); }

    /// True with probability num/den.
    bool chance(std::uint32_t num, std::uint32_t den) { return below(den) < num; }

private:
    std::uint64_t s_;
};

/// Strings stored back to back in one buffer, as views (cache-friendly).
struct corpus {
    std::string storage;
    std::vector<std::string_view> items;

    std::size_t bytes() const { return storage.size(); }
    std::size_t size() const { return items.size(); }
};

/// Packs `v` into a corpus.
corpus pack(std::vector<std::string> const& v);

/// The default seed of every generator.
inline constexpr std::uint64_t default_seed = 8141;

/** The realistic mix, by weight (of 104): uuid 24, isbn 8,
    issn 4, ietf rfc/bcp/std 4, ietf params 8, oid 8, nbn 6, epc 6, ogc 5,
    lex 4, mpeg 4, other registered namespaces 9, percent-encoded 3,
    RFC 8141 "?+"/"?="/"#" forms 4, long (200-2000 bytes) 2, invalid 5.
    Mean length about 50 bytes.
*/
std::vector<std::string> mixed(std::size_t n, std::uint64_t seed = default_seed);

/// The name of each category of mixed(), in weight order (for --describe).
std::vector<std::pair<std::string, unsigned>> mix_weights();

/// Fixed small sets.
std::vector<std::string> short_valid();
std::vector<std::string> long_valid(std::uint64_t seed = default_seed);
/// Invalid inputs, one group per kind of error: (kind, inputs).
std::vector<std::pair<std::string, std::vector<std::string>>> invalid_by_kind();

/** About `bytes` bytes of English-like text (words, punctuation, newlines)
    with one URN from mixed() every `urn_every` bytes on average: the input
    of find_urns. It also holds "urn" and ":" in ordinary words and
    sentences, as prose does.
*/
std::string prose_with_urns(std::size_t bytes, std::size_t urn_every, std::uint64_t seed = default_seed);

} // namespace urns_bench

#endif
