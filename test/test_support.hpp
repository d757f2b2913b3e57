// SPDX-License-Identifier: BSL-1.0
// Test helpers shared by the Boost.Test executables in unit/.
#ifndef URNS_TEST_SUPPORT_HPP
#define URNS_TEST_SUPPORT_HPP

#include <boost/test/unit_test.hpp>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace urns_test {

/// The source tree's root: the argument after "--" that ctest and b2 pass.
inline std::string source_dir()
{
    auto& m = boost::unit_test::framework::master_test_suite();
    if (m.argc < 2)
        throw std::runtime_error("usage: test -- <source dir>");
    return m.argv[1];
}

/// The whole of a file under the source tree.
inline std::string read_file(std::string const& relative)
{
    std::ifstream in(source_dir() + "/" + relative, std::ios::binary);
    if (!in)
        throw std::runtime_error("cannot open " + relative);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

/// Undoes the escaping of the TSV vector files (test/vectors/README.md):
/// \\ \t \n \r and \xHH.
inline std::string unescape(std::string const& s)
{
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '\\' || i + 1 >= s.size()) {
            out += s[i];
            continue;
        }
        char const c = s[++i];
        switch (c) {
        case '\\': out += '\\'; break;
        case 't': out += '\t'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 'x':
            if (i + 2 < s.size()) {
                out += static_cast<char>(std::stoi(s.substr(i + 1, 2), nullptr, 16));
                i += 2;
            }
            break;
        default: out += '\\'; out += c; break;
        }
    }
    return out;
}

/// The rows of a tab-separated file, header first; "#" lines and blank lines skipped.
inline std::vector<std::vector<std::string>> read_tsv(std::string const& relative)
{
    std::vector<std::vector<std::string>> rows;
    std::istringstream in(read_file(relative));
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (line.empty() || line[0] == '#')
            continue;
        std::vector<std::string> cells;
        std::size_t start = 0;
        for (;;) {
            std::size_t const tab = line.find('\t', start);
            cells.push_back(line.substr(start, tab - start));
            if (tab == std::string::npos)
                break;
            start = tab + 1;
        }
        rows.push_back(std::move(cells));
    }
    return rows;
}

} // namespace urns_test

#endif
