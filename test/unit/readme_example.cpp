// The API example of README.md, compiled and run. The lines between the
// markers below are the README's first C++ block, byte for byte; the test
// `readme_shows_this_file` fails if the two drift apart.
#define BOOST_TEST_MODULE readme_example
#include "test_support.hpp"

#include <sstream>
#include <string>

//[readme
#include <urns/urns.hpp>

#include <iostream>

int parse_and_print(std::string_view text, std::ostream& out)
{
    // Parse without allocating; the view points into `text`.
    urns::result<urns::urn_view> r = urns::parse_urn(text, urns::syntax::rfc8141);
    if (!r) {
        // "urn:example:a b" gives:
        //   urn:example:a b
        //                ^ offset 13: invalid namespace-specific string (NSS) (expected NSS) [rfc8141]
        out << urns::to_string(r.error(), text) << '\n';
        return 1;
    }
    out << "NID " << r->nid() << ", NSS " << r->nss();
    if (r->has_q_component())
        out << ", q " << r->q_component();
    out << '\n';
    urns::urn owned(*r); // one allocation; outlives `text`
    return owned.nid() == r->nid() ? 0 : 2;
}
//]

BOOST_AUTO_TEST_CASE(the_example_runs)
{
    std::ostringstream ok;
    BOOST_TEST(parse_and_print("urn:example:weather?=op=map&lat=39.56", ok) == 0);
    BOOST_TEST(ok.str() == "NID example, NSS weather, q op=map&lat=39.56\n");

    std::ostringstream bad;
    BOOST_TEST(parse_and_print("urn:example:a b", bad) == 1);
    BOOST_TEST(bad.str() == "urn:example:a b\n"
                            "             ^ offset 13: invalid namespace-specific string (NSS) (expected NSS) [rfc8141]\n");
}

BOOST_AUTO_TEST_CASE(readme_shows_this_file)
{
    std::string const self = urns_test::read_file("test/unit/readme_example.cpp");
    auto const from = self.find("//[readme\n");
    auto const to = self.find("//]\n");
    BOOST_REQUIRE(from != std::string::npos && to != std::string::npos);
    std::string const snippet = self.substr(from + 10, to - from - 10);
    std::string const readme = urns_test::read_file("README.md");
    auto const block = readme.find("```cpp\n");
    BOOST_REQUIRE(block != std::string::npos);
    auto const end = readme.find("```\n", block + 7);
    BOOST_REQUIRE(end != std::string::npos);
    BOOST_TEST(readme.substr(block + 7, end - block - 7) == snippet);
}
