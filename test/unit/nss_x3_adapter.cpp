// urns/nss/x3_adapter.hpp: an X3 rule becomes a validator; faults come from
// must() points (exact byte and rule name), from where the rule stopped,
// or from X3's throwing expectation "a > b", which is caught.
#define BOOST_TEST_MODULE nss_x3_adapter
#include <boost/test/unit_test.hpp>

#include <urns/nss/x3_adapter.hpp>
#include <urns/parse.hpp>

namespace {

namespace x3 = boost::spirit::x3;
using urns::grammar::must;
using urns::grammar::rfc5234::digit;

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
auto const composed_def = +urns::grammar::rfc3986::pchar >> must(x3::lit('/'), "\"/\"", urns::error::nss_rejected)
                       >> +urns::grammar::rfc3986::pchar;

BOOST_SPIRIT_DEFINE(strict, loose, throwing, composed)

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
