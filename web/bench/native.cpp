// SPDX-License-Identifier: BSL-1.0
// The C++ side of web/bench/bench.mjs: the time of urns::parse_urn per URN
// over a file of URNs one a line (the same lines the package's isValid is
// timed on), the lines held in memory as std::string_view.
//
// usage: native CORPUS [SYNTAX=rfc2141bis] [ROUNDS=15]
// Prints one JSON line: {"ns_per_urn": median of ROUNDS rounds, "valid": count}.
#include <urns/parse.hpp>
#include <urns/syntax.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::cerr << "usage: native CORPUS [SYNTAX] [ROUNDS]\n";
        return 2;
    }
    std::ifstream in(argv[1], std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    std::string const text = ss.str();
    auto const syn = urns::syntax_from_string(argc > 2 ? argv[2] : "rfc2141bis");
    if (!syn) {
        std::cerr << "native: unknown syntax\n";
        return 2;
    }
    int const rounds = argc > 3 ? std::atoi(argv[3]) : 15;
    std::vector<std::string_view> lines;
    for (std::size_t i = 0; i < text.size();) {
        std::size_t j = text.find('\n', i);
        if (j == std::string::npos)
            j = text.size();
        lines.emplace_back(text.data() + i, j - i);
        i = j + 1;
    }
    std::vector<double> times;
    std::size_t valid = 0;
    for (int r = 0; r < rounds; ++r) {
        std::size_t v = 0;
        auto const t0 = std::chrono::steady_clock::now();
        for (std::string_view l : lines)
            v += urns::parse_urn(l, *syn).has_value();
        auto const t1 = std::chrono::steady_clock::now();
        times.push_back(std::chrono::duration<double, std::nano>(t1 - t0).count() / lines.size());
        valid = v;
    }
    std::sort(times.begin(), times.end());
    std::printf("{\"ns_per_urn\": %.2f, \"valid\": %zu, \"urns\": %zu}\n", times[times.size() / 2], valid, lines.size());
    return 0;
}
