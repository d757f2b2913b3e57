// SPDX-License-Identifier: BSL-1.0
//
// Errors at the farthest failure: the error slot keeps the failure that
// reached farthest into the input, with the names expected there, whatever
// the order the alternatives were tried in (include/urns/grammar/config.hpp,
// grammar/README.md "Where errors point").
#define BOOST_TEST_MODULE farthest_failure
#include "test_support.hpp"
#include "rule_testing.hpp"

#include <urns/grammar/primitives.hpp>
#include "grammar/rfc5234_def.hpp"

namespace {

namespace g = urns::grammar;
namespace x3 = boost::spirit::x3;
using urns::error;
using urns::syntax;
using urns_test::run;

auto const digit = g::rfc5234::digit;
constexpr auto code = error::nss_rejected;

} // namespace

BOOST_AUTO_TEST_CASE(a_later_alternative_that_goes_farther_wins)
{
    // ('a' >> must(DIGIT)) | ("ab" >> must("c")) on "abd": the first
    // alternative fails at 1, the second at 2, which is what is reported.
    auto const p = ('a' >> g::must(digit, code)) | (x3::lit("ab") >> g::must(x3::lit('c'), "\"c\"", code));
    auto const o = run(p, "abd");
    BOOST_TEST(!o.matched);
    BOOST_TEST(o.where == 2u);
    BOOST_TEST(o.which == "\"c\"");
    BOOST_TEST(o.also.empty());
}

BOOST_AUTO_TEST_CASE(an_earlier_alternative_that_went_farther_is_kept)
{
    // The other order: the failure at 2 comes first and the one at 1,
    // nearer the start, does not replace it.
    auto const p = (x3::lit("ab") >> g::must(x3::lit('c'), "\"c\"", code)) | ('a' >> g::must(digit, code));
    auto const o = run(p, "abd");
    BOOST_TEST(o.where == 2u);
    BOOST_TEST(o.which == "\"c\"");
}

BOOST_AUTO_TEST_CASE(names_expected_at_the_same_byte_are_collected)
{
    auto const p = ('a' >> g::must(digit, code)) | ('a' >> g::must(x3::lit('-'), "\"-\"", code));
    auto const o = run(p, "ax");
    BOOST_TEST(o.where == 1u);
    BOOST_TEST(o.which == "DIGIT");
    BOOST_TEST((o.also == std::vector<std::string>{"\"-\""}));
    // The same name twice is one name.
    auto const twice = ('a' >> g::must(digit, code)) | ('a' >> g::must(digit, code));
    BOOST_TEST(run(twice, "ax").also.empty());
    // A different kind of fault at the same byte does not join the set.
    auto const other = ('a' >> g::must(digit, code)) | ('a' >> g::must(x3::lit('-'), "\"-\"", error::bad_nid));
    auto const o2 = run(other, "ax");
    BOOST_TEST(o2.also.empty());
    BOOST_TEST(o2.code == static_cast<int>(code));
}

BOOST_AUTO_TEST_CASE(no_state_survives_a_successful_alternative)
{
    // A failure recorded inside an alternative that was abandoned is nearer
    // the start than where a later failure happens, so it is replaced.
    auto const p = (('a' >> g::must(digit, code)) | x3::lit("ab")) >> g::must(x3::lit('!'), "\"!\"", code);
    auto const o = run(p, "abx");
    BOOST_TEST(o.where == 2u);
    BOOST_TEST(o.which == "\"!\"");
}

BOOST_AUTO_TEST_CASE(parse_error_carries_and_renders_the_set)
{
    urns::parse_error e{urns::make_error_code(error::bad_nid), 5, "NID", syntax::rfc2141};
    e.also_expected.push_back("\":\"");
    std::string const s = urns::to_string(e, "urn:a_b:x");
    BOOST_TEST(s.find("(expected NID or \":\")") != std::string::npos, s);
    urns::parse_error f = e;
    BOOST_TEST((f == e));
    f.also_expected.push_back("x");
    BOOST_TEST((f != e));
}

BOOST_AUTO_TEST_CASE(each_syntax_reports_the_farthest_failure)
{
    // "urn:a_b:x": the NID rule fails at its first byte (4), but the byte no
    // NID may hold is at 5, farther: that is the error, in every syntax.
    for (syntax syn : {syntax::rfc2141, syntax::rfc2141bis, syntax::rfc8141}) {
        auto const r = urns::parse_urn("urn:a_b:x", syn);
        BOOST_REQUIRE(!r);
        BOOST_TEST(r.error().offset == 5u, urns::to_string(syn));
        BOOST_TEST(r.error().expected == "NID");
    }
    // A scheme literal is expected octet by octet: "urx:" fails at the "x".
    for (syntax syn : {syntax::rfc2141, syntax::rfc2141bis, syntax::rfc8141})
        BOOST_TEST(urns::parse_urn("urx:a:b", syn).error().offset == 2u, urns::to_string(syn));
    // The draft's query: after "s-" a letter or digit, at the "=".
    auto const q = urns::parse_urn("urn:ex:a?s-=x", syntax::rfc2141bis);
    BOOST_TEST(q.error().offset == 11u);
    BOOST_TEST(q.error().expected == "keywd");
}
