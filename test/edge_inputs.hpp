// SPDX-License-Identifier: BSL-1.0
//
// Inputs made to sit on the fast path's edges (src/parse/scan.hpp),
// and the readings of this processor, for the tests that compare the fast
// path, and what is built on it, with the grammar.
#ifndef URNS_TEST_EDGE_INPUTS_HPP
#define URNS_TEST_EDGE_INPUTS_HPP

#include "parse/scan.hpp"

#include <cstddef>
#include <random>
#include <string>
#include <vector>

namespace urns_test {

/// The block readings this processor has (SSSE3, AVX2), after the tables
/// if `tables`.
inline std::vector<urns::detail::fast::reading> readings(bool tables)
{
    using urns::detail::fast::reading;
    std::vector<reading> v;
    if (tables)
        v.push_back(reading::tables);
    reading const best = urns::detail::fast::best_reading();
    if (best >= reading::ssse3)
        v.push_back(reading::ssse3);
    if (best >= reading::avx2)
        v.push_back(reading::avx2);
    return v;
}

/// Inputs near the fast path's edges: "urn:" in any case or not quite;
/// NIDs of 1 to 34 octets, with "-" at either end, starting "urn" or
/// "urn-"; NSSs from the octets of every class, "%", "?", "#", "/" among
/// them, and "%" triplets whole, cut short, of NUL or not hex; empty or not.
inline std::string edge_input(std::mt19937_64& rnd)
{
    static char const* const schemes[] = {"urn:", "URN:", "uRn:", "urn", "urx:", "urn;", "ur:"};
    static char const* const starts[] = {"", "", "", "", "urn", "URN", "urn-", "uRn-1", "ur", "x-"};
    static std::string const nid_octets = "abcXYZ019-";
    static std::string const nss_octets = "aZ09-._~!$&'()*+,;=:@%/?#\"<>[]\\^`{|} \x7f\x80\xff" + std::string(1, '\0');
    auto pick = [&rnd](std::size_t n) { return static_cast<std::size_t>(rnd() % n); };
    std::string s = schemes[pick(sizeof schemes / sizeof *schemes)];
    s += starts[pick(sizeof starts / sizeof *starts)];
    std::size_t const nid_len = pick(36);
    for (std::size_t i = 0; i < nid_len; ++i)
        s += nid_octets[pick(nid_octets.size())];
    if (pick(10) != 0)
        s += ':';
    std::size_t const nss_len = pick(4) == 0 ? 0 : 1 + pick(20);
    static char const* const triplets[] = {"%41", "%7e", "%C3", "%00", "%0", "%g1", "%2F", "%a", "%%"};
    for (std::size_t i = 0; i < nss_len; ++i) {
        // Mostly NSS characters of every syntax, now and then any octet or
        // a "%" triplet, well made or not.
        std::size_t const k = pick(8);
        if (k == 0)
            s += nss_octets[pick(nss_octets.size())];
        else if (k == 1)
            s += triplets[pick(sizeof triplets / sizeof *triplets)];
        else
            s += nss_octets[pick(12)];
    }
    return s;
}

} // namespace urns_test

#endif
