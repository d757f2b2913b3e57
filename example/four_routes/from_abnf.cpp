// SPDX-License-Identifier: BSL-1.0
//
// Example, route 3 of four (four_routes.py): the acme-ticket namespace from
// its ABNF in C++, urns::nss::from_abnf. Reads the grammar file named by
// the first argument and NSSs from standard input, one a line; prints for
// each "valid", or the fault's offset and every name expected there,
// sorted: "OFFSET<TAB>NAME,NAME...".
#include <urns/nss/abnf.hpp>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::cerr << "usage: urns_example_from_abnf ACME_TICKET.ABNF < NSS lines\n";
        return 2;
    }
    std::ifstream file(argv[1], std::ios::binary);
    std::stringstream text;
    text << file.rdbuf();
    if (!file) {
        std::cerr << "cannot read " << argv[1] << '\n';
        return 2;
    }
    urns::nss::abnf_namespace const ns = urns::nss::from_abnf("acme-ticket", text.str(), "ticket");
    if (!ns) {
        std::cerr << argv[1] << ": the grammar cannot be used\n";
        return 2;
    }
    std::string line;
    while (std::getline(std::cin, line)) {
        std::optional<urns::nss::nss_fault> const f = ns.rules->check(line);
        if (!f) {
            std::cout << "valid\n";
            continue;
        }
        std::vector<std::string> names{std::string(f->expected)};
        for (std::string_view n : f->also_expected)
            names.emplace_back(n);
        std::sort(names.begin(), names.end());
        std::cout << f->offset << '\t';
        for (std::size_t i = 0; i < names.size(); ++i)
            std::cout << (i ? "," : "") << names[i];
        std::cout << '\n';
    }
    return 0;
}
