// SPDX-License-Identifier: BSL-1.0
// The public headers do not include X3, Fusion or the grammar layer, directly
// or through each other; only the extension surface (include/urns/nss/x3.hpp) and the internal
// X3 pieces it is built from (include/urns/grammar/**) may. This keeps X3's
// compile cost out of every user translation unit.
#define BOOST_TEST_MODULE public_headers
#include "test_support.hpp"

#include <urns/urns.hpp>

#include <filesystem>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#if defined(BOOST_SPIRIT_X3_MARCH_04_2007_0852PM) || defined(BOOST_SPIRIT_X3_PARSER_OCTOBER_16_2008_0254PM) || \
    defined(BOOST_FUSION_INCLUDE_ADAPT_STRUCT_HPP)
#error "<urns/urns.hpp> pulled in Spirit X3 or Fusion"
#endif

namespace {

namespace fs = std::filesystem;

bool x3_allowed(std::string const& rel)
{
    return rel.rfind("urns/grammar/", 0) == 0 || rel == "urns/nss/x3.hpp";
}

} // namespace

BOOST_AUTO_TEST_CASE(no_public_header_reaches_x3)
{
    fs::path const inc = fs::path(urns_test::source_dir()) / "include";
    std::regex const include_line(R"(^\s*#\s*include\s*[<"]([^>"]+)[>"])");
    std::size_t checked = 0;
    for (auto const& e : fs::recursive_directory_iterator(inc / "urns")) {
        if (!e.is_regular_file() || e.path().extension() != ".hpp")
            continue;
        std::string const rel = fs::relative(e.path(), inc).generic_string();
        if (x3_allowed(rel))
            continue;
        ++checked;
        // Follow our own includes transitively; look at every include line.
        std::set<std::string> seen{rel};
        std::vector<std::string> todo{rel};
        while (!todo.empty()) {
            std::string const cur = todo.back();
            todo.pop_back();
            std::istringstream in(urns_test::read_file("include/" + cur));
            std::string line;
            while (std::getline(in, line)) {
                std::smatch m;
                if (!std::regex_search(line, m, include_line))
                    continue;
                std::string const target = m[1];
                BOOST_TEST_CONTEXT(rel << " via " << cur)
                {
                    BOOST_TEST(target.find("boost/spirit") == std::string::npos, target);
                    BOOST_TEST(target.find("boost/fusion") == std::string::npos, target);
                    BOOST_TEST(!x3_allowed(target), target);
                }
                if (target.rfind("urns/", 0) == 0 && seen.insert(target).second &&
                    fs::exists(inc / target))
                    todo.push_back(target);
            }
        }
    }
    BOOST_TEST(checked >= 7u); // the core headers alone are 7
}
