// SPDX-License-Identifier: BSL-1.0
//
// The extension surface, urns/nss/x3.hpp: an X3 rule becomes a validator
// and a parser of typed values; faults come from expect() points (exact
// byte and rule name, at the farthest failure), from where the rule
// stopped, or from X3's throwing expectation "a > b", which is caught; rules
// of two grammar files with the same names do not collide.
#define BOOST_TEST_MODULE nss_surface
#include <boost/test/unit_test.hpp>

#include <urns/nss/x3_adapter.hpp>
#include <urns/parse.hpp>

#include <boost/spirit/home/x3/numeric/uint.hpp>

#include "nss_surface_other.hpp"

namespace {

namespace x3 = boost::spirit::x3;
using urns::nss::abnf::digit;

template <class P>
auto must(P const& p, urns::error)
{
    return urns::nss::expect(p);
}
template <class P>
auto must(P const& p, char const* name, urns::error)
{
    return urns::nss::expect(p, name);
}

struct strict_class;
struct loose_class;
struct throwing_class;
struct composed_class;

// code = 3DIGIT, with an expectation point on each digit.
x3::rule<strict_class> const strict = "code";
auto const strict_def = x3::repeat(3)[must(digit, urns::error::nss_rejected)];

// The same language without expectation points.
x3::rule<loose_class> const loose = "code";
auto const loose_def = x3::repeat(3)[digit];

// pair = DIGIT DIGIT, with X3's throwing expectation.
x3::rule<throwing_class> const throwing = "pair";
auto const throwing_def = digit > digit;

// Built from the RFC 3986 building blocks: 1*pchar "/" 1*pchar.
x3::rule<composed_class> const composed = "path";
auto const composed_def = +urns::nss::abnf::pchar >> must(x3::lit('/'), "\"/\"", urns::error::nss_rejected)
                       >> +urns::nss::abnf::pchar;

// The farthest failure, with a user rule: ('a' >> DIGIT) / ("ab" "c"), each
// with expectation points, on "abd" fails at 2, where "c" was expected.
URNS_NSS_RULE(farthest, "farthest", x3::unused_type);
auto const farthest_def = (x3::lit('a') >> urns::nss::expect(digit)) |
                          (x3::lit("ab") >> urns::nss::expect(x3::lit('c'), "\"c\""));

// Typed values: a namespace is a parser. serial = 1*DIGIT, as a number.
URNS_NSS_RULE(serial, "serial", unsigned);
auto const serial_def = x3::uint_;

// The same rule name as in nss_surface_other.cpp, with another meaning.
URNS_NSS_RULE(code, "code", x3::unused_type);
auto const code_def = x3::repeat(3)[digit];

BOOST_SPIRIT_DEFINE(strict, loose, throwing, composed, farthest, serial, code)

} // namespace

BOOST_AUTO_TEST_CASE(must_points_name_the_byte)
{
    BOOST_TEST(!urns::nss::run_x3_rule(strict, "123"));
    auto const f = urns::nss::run_x3_rule(strict, "12x");
    BOOST_TEST_REQUIRE(f.has_value());
    BOOST_TEST(f->offset == 2u);
    BOOST_TEST(f->expected == "DIGIT");
}

BOOST_AUTO_TEST_CASE(without_must_the_rule_is_named)
{
    auto const f = urns::nss::run_x3_rule(loose, "12x");
    BOOST_TEST_REQUIRE(f.has_value());
    BOOST_TEST(f->offset == 0u);   // a failed rule consumes nothing
    BOOST_TEST(f->expected == "code");
    auto const g = urns::nss::run_x3_rule(loose, "1234");
    BOOST_TEST_REQUIRE(g.has_value());
    BOOST_TEST(g->offset == 3u);   // where the rule stopped short of the end
    BOOST_TEST(g->expected == "code");
}

BOOST_AUTO_TEST_CASE(throwing_expectation_is_caught)
{
    BOOST_TEST(!urns::nss::run_x3_rule(throwing, "12"));
    auto const f = urns::nss::run_x3_rule(throwing, "1x");
    BOOST_TEST_REQUIRE(f.has_value());
    BOOST_TEST(f->offset == 1u);
    BOOST_TEST(f->expected == "pair");
}

BOOST_AUTO_TEST_CASE(validator_in_a_registry)
{
    urns::nss::registry reg;
    reg.add({"path", urns::nss::x3_validator<composed>(), nullptr, "test"});
    urns::parse_options o;
    o.syntax = urns::syntax::rfc8141;   // "/" is an NSS character in RFC 8141
    o.registry = &reg;
    BOOST_TEST(urns::parse_urn("urn:path:a%41/b", o).has_value());
    std::string const bad = "urn:path:ab";
    auto const r = urns::parse_urn(bad, o);
    BOOST_TEST_REQUIRE(!r.has_value());
    BOOST_TEST(r.error().offset == 11u);   // "urn:path:" is 9 bytes, then "ab"
    BOOST_TEST(r.error().expected == "\"/\"");
}

BOOST_AUTO_TEST_CASE(errors_are_at_the_farthest_failure)
{
    auto const f = urns::nss::run(farthest, "abd");
    BOOST_TEST_REQUIRE(f.has_value());
    BOOST_TEST(f->offset == 2u);
    BOOST_TEST(f->expected == "\"c\"");
    auto const g = urns::nss::run(farthest, "ax");
    BOOST_TEST_REQUIRE(g.has_value());
    BOOST_TEST(g->offset == 1u);
    BOOST_TEST(g->expected == "DIGIT");
}

BOOST_AUTO_TEST_CASE(a_namespace_is_a_parser)
{
    auto const n = urns::nss::parse(serial, "4711");
    BOOST_TEST_REQUIRE(n.has_value());
    BOOST_TEST(*n == 4711u);
    auto const bad = urns::nss::parse(serial, "47x1");
    BOOST_TEST_REQUIRE(!bad.has_value());
    BOOST_TEST(bad.error().offset == 2u);   // where the rule stopped short of the end
    BOOST_TEST(bad.error().expected == "serial");
}

BOOST_AUTO_TEST_CASE(rules_of_two_files_do_not_collide)
{
    // Both files have a rule "code" (ID code_class) in an unnamed namespace:
    // here 3DIGIT, there 2ALPHA. Each file's validator keeps its own.
    BOOST_TEST(!urns::nss::run(code, "123"));
    BOOST_TEST(urns::nss::run(code, "ab").has_value());
    auto const other = nss_surface_other::code_validator();
    BOOST_TEST(!other("ab"));
    BOOST_TEST(other("123").has_value());
    BOOST_TEST(!urns::nss::x3_validator<code>()("123").has_value());
}
