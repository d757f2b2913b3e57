// SPDX-License-Identifier: BSL-1.0
// The API examples of README.md, compiled and run. The lines between each
// pair of markers below are the README's C++ blocks, byte for byte and in
// order; the test `readme_shows_this_file` fails if the two drift apart.
// The second example states its facts with assert(): keep them on in every
// build of this test, Release too.
#undef NDEBUG
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
    urns::urn owned(*r); // a copy (inline up to 63 bytes); outlives `text`
    return owned.nid() == r->nid() ? 0 : 2;
}
//]

//[readme
#include <urns/urns.hpp>

#include <cassert>
#include <string>
#include <unordered_set>
#include <vector>

void semantic_layer()
{
    // Lexical equivalence (RFC 8141 section 3): "urn", the NID and %hh in
    // any case; the r-, q- and f-components do not count.
    auto a = urns::parse_urn("URN:Example:a%2cb?=x", urns::syntax::rfc8141).value();
    auto b = urns::parse_urn("urn:example:a%2Cb", urns::syntax::rfc8141).value();
    auto const m = urns::equivalence_mode::rfc8141;
    assert(urns::equivalent(a, b, m));
    assert(urns::canonical(a, m) == "urn:example:a%2Cb");
    assert(urns::hash(a, m) == urns::hash(b, m));

    // Containers of owning URNs, by equivalence or by exact octets.
    std::unordered_set<urns::urn, urns::equivalent_hash<urns::equivalence_mode::rfc8141>,
                       urns::equivalent_to<urns::equivalence_mode::rfc8141>> seen;
    seen.emplace(a);
    assert(!seen.emplace(b).second); // already there

    // A builder that cannot make an invalid URN: the identifier is encoded.
    urns::urn built = urns::make_urn("example", "Straße 1/2").value();
    assert(built.buffer() == "urn:example:Stra%C3%9Fe%201%2F2");

    // Checks beyond syntax: lower-case hex is valid but not canonical.
    auto const d = urns::check(a);
    assert(!d.empty() && d.front().code == urns::diagnostic_code::lower_case_hex);

    // Percent-encoding: decoded bytes, and a display form for people that
    // keeps encoded what would read as a delimiter ("/" here) or a space.
    std::string shown;
    auto info = urns::pct::display(built.nss(), urns::syntax::rfc2141bis, shown).value();
    assert(shown == "Straße%201%2F2" && info.valid_utf8);
    assert(urns::pct::decode(built.nss()).value() == "Straße 1/2");

    // The draft's query directives: "s" asks for a resolution service; a
    // keyword given twice voids all its directives (draft-03 section 2.3).
    auto q = urns::parse_urn("urn:isbn:0-395-36341-1?s=I2L&c=ToC&c=x").value();
    assert(*urns::requested_service(q).value() == urns::resolution_service::i2l);
    std::vector<urns::directive> kept;
    urns::effective_directives(urns::directives(q).value(), kept);
    assert(kept.size() == 1 && kept[0].keyword == "s");
}
//]

BOOST_AUTO_TEST_CASE(the_second_example_runs)
{
    semantic_layer();   // its asserts run in every build of the tests
    auto a = urns::parse_urn("URN:Example:a%2cb?=x", urns::syntax::rfc8141).value();
    auto const d = urns::check(a);
    BOOST_TEST(!d.empty());
    BOOST_TEST((d.front().code == urns::diagnostic_code::lower_case_hex));
}

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
    std::string const readme = urns_test::read_file("README.md");
    std::size_t from = 0, block = 0;
    int blocks = 0;
    for (;;) {
        from = self.find("//[readme\n", from);
        if (from == std::string::npos)
            break;
        auto const to = self.find("//]\n", from);
        BOOST_REQUIRE(to != std::string::npos);
        std::string const snippet = self.substr(from + 10, to - from - 10);
        block = readme.find("```cpp\n", block);
        BOOST_REQUIRE_MESSAGE(block != std::string::npos, "README.md has fewer C++ blocks than this file");
        auto const end = readme.find("```\n", block + 7);
        BOOST_REQUIRE(end != std::string::npos);
        BOOST_TEST(readme.substr(block + 7, end - block - 7) == snippet, "C++ block " << blocks + 1);
        block = end;
        from = to;
        ++blocks;
    }
    BOOST_TEST(blocks == 2);
    BOOST_TEST(readme.find("```cpp\n", block) == std::string::npos, "README.md has more C++ blocks than this file");
}
