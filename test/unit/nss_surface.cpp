// SPDX-License-Identifier: BSL-1.0
//
// The extension surface, urns/nss/x3.hpp: an X3 rule becomes a validator
// and a parser of typed values; faults come from expect() points (exact
// byte and every name expected there, at the farthest failure) or from
// where the rule stopped; a validator's verdict is true when the NSS is
// valid; a rule run as a validator never builds its attribute; x3::raw
// gives a std::string_view; bounded_run gives ABNF's meaning to
// `A m*n(B) A`; rules of two grammar files with the same names do not
// collide. (X3's throwing "a > b" does not compile: test
// nss_surface_refuses_throwing_expectation, nss_surface_throwing.cpp.)
#define BOOST_TEST_MODULE nss_surface
#include <boost/test/unit_test.hpp>

#include "counting_new.hpp"
#include "nss_surface_other.hpp"

#include <urns/abnf.hpp>
#include <urns/abnf_diff.hpp>
#include <urns/nss/x3.hpp>
#include <urns/parse.hpp>

#include <boost/fusion/include/adapt_struct.hpp>
#include <boost/spirit/home/x3/numeric/uint.hpp>

#include <string>
#include <string_view>

namespace surface_test {
/// Two fields of "name/rest", as views into the NSS.
struct name_and_rest {
    std::string_view name;
    std::string_view rest;
};
/// A record whose attribute allocates: a name and its text.
struct owned {
    std::string name;
    std::string text;
};
} // namespace surface_test

BOOST_FUSION_ADAPT_STRUCT(surface_test::name_and_rest, name, rest)
BOOST_FUSION_ADAPT_STRUCT(surface_test::owned, name, text)

namespace {

namespace x3 = boost::spirit::x3;
using urns::nss::expect;
using urns::nss::abnf::alpha;
using urns::nss::abnf::digit;

// code = 3DIGIT, with an expectation point on each digit.
URNS_NSS_RULE(strict, "code", x3::unused_type);
auto const strict_def = x3::repeat(3)[expect(digit)];

// The same language without expectation points.
URNS_NSS_RULE(loose, "code", x3::unused_type);
auto const loose_def = x3::repeat(3)[digit];

// Built from the RFC 3986 building blocks: 1*pchar "/" 1*pchar.
URNS_NSS_RULE(composed, "path", x3::unused_type);
auto const composed_def = +urns::nss::abnf::pchar >> expect(x3::lit('/'), "\"/\"") >> +urns::nss::abnf::pchar;

// The farthest failure, with a user rule: ('a' >> DIGIT) / ("ab" "c"), each
// with expectation points, on "abd" fails at 2, where "c" was expected.
URNS_NSS_RULE(farthest, "farthest", x3::unused_type);
auto const farthest_def = (x3::lit('a') >> expect(digit)) | (x3::lit("ab") >> expect(x3::lit('c'), "\"c\""));

// Two alternatives that fail at the same byte: ('a' DIGIT) / ('a' "c").
URNS_NSS_RULE(both, "both", x3::unused_type);
auto const both_def = (x3::lit('a') >> expect(digit)) | (x3::lit('a') >> expect(x3::lit('c'), "\"c\""));

// Ten alternatives that fail at the same byte: "x" followed by one of the
// digits "0" to "9", each its own expectation point.
URNS_NSS_RULE(ten, "ten", x3::unused_type);
auto const ten_def = (x3::lit('x') >> expect(x3::lit('0'), "\"0\"")) | (x3::lit('x') >> expect(x3::lit('1'), "\"1\"")) |
                     (x3::lit('x') >> expect(x3::lit('2'), "\"2\"")) | (x3::lit('x') >> expect(x3::lit('3'), "\"3\"")) |
                     (x3::lit('x') >> expect(x3::lit('4'), "\"4\"")) | (x3::lit('x') >> expect(x3::lit('5'), "\"5\"")) |
                     (x3::lit('x') >> expect(x3::lit('6'), "\"6\"")) | (x3::lit('x') >> expect(x3::lit('7'), "\"7\"")) |
                     (x3::lit('x') >> expect(x3::lit('8'), "\"8\"")) | (x3::lit('x') >> expect(x3::lit('9'), "\"9\""));

// Typed values: a namespace is a parser. serial = 1*DIGIT, as a number.
URNS_NSS_RULE(serial, "serial", unsigned);
auto const serial_def = x3::uint_;

// The same rule name as in nss_surface_other.cpp, with another meaning.
URNS_NSS_RULE(code, "code", x3::unused_type);
auto const code_def = x3::repeat(3)[digit];

// Views into the NSS, no copy: name = 1*ALPHA, then "/" and the rest.
URNS_NSS_RULE(name, "name", std::string_view);
auto const name_def = x3::raw[+alpha];
URNS_NSS_RULE(name_rest, "name-rest", surface_test::name_and_rest);
auto const name_rest_def = name >> '/' >> x3::raw[+(urns::nss::abnf::pchar | '/')];

// A rule whose attribute allocates (two std::strings of 40 letters), and
// rules that use it without its attribute.
URNS_NSS_RULE(record, "record", surface_test::owned);
auto const record_def = x3::raw[+alpha] >> '=' >> x3::raw[+alpha];
URNS_NSS_RULE(record_check, "record", x3::unused_type);
auto const record_check_def = x3::omit[record];
URNS_NSS_RULE(record_span, "record", std::string_view);
auto const record_span_def = x3::raw[record];

// The MRN (urn:mrn, IALA) as its registration writes it:
//   MRN = OID ":" OSS
//   OID = alphanum 0*20( alphanum / "-" ) alphanum
//   OSS = 1*( pchar / "/" )
// OID transcribed literally with bounded_run; the same OID as the literal
// PEG sequence (the trap), which accepts nothing.
URNS_NSS_RULE(alphanum, "alphanum", x3::unused_type);
auto const alphanum_def = alpha | digit;
URNS_NSS_RULE(oid, "OID", x3::unused_type);
auto const oid_def = urns::nss::bounded_run(alphanum, alphanum | '-', alphanum, 0, 20);
URNS_NSS_RULE(oss, "OSS", x3::unused_type);
auto const oss_def = +(urns::nss::abnf::pchar | '/');
URNS_NSS_RULE(mrn, "MRN", x3::unused_type);
auto const mrn_def = expect(oid) >> expect(x3::lit(':'), "\":\"") >> expect(oss);
URNS_NSS_RULE(peg_oid, "OID", x3::unused_type);
auto const peg_oid_def = alphanum >> x3::repeat(0, 20)[alphanum | '-'] >> alphanum;

// RFC 5031's service URN, section 4.2 (the lines of docs/namespaces.md,
// "Faults that agree with the ABNF"):
//   service     = top-level *("." sub-service)
//   top-level   = let-dig [ *25let-dig-hyp let-dig ]
//   sub-service = let-dig [ *let-dig-hyp let-dig ]
//   let-dig-hyp = let-dig / "-"
//   let-dig     = ALPHA / DIGIT
URNS_NSS_RULE(let_dig, "let-dig", x3::unused_type);
auto const let_dig_def = expect(alpha) | expect(digit);
URNS_NSS_RULE(let_dig_hyp, "let-dig-hyp", x3::unused_type);
auto const let_dig_hyp_def = let_dig | expect(x3::lit('-'), "let-dig-hyp");
URNS_NSS_RULE(top_level, "top-level", x3::unused_type);
auto const top_level_def = urns::nss::bounded_run(let_dig, let_dig_hyp, let_dig, 0, 25) | let_dig;
URNS_NSS_RULE(sub_service, "sub-service", x3::unused_type);
auto const sub_service_def = urns::nss::bounded_run(let_dig, let_dig_hyp, let_dig, 0, urns::nss::unbounded) | let_dig;
URNS_NSS_RULE(service, "service", x3::unused_type);
auto const service_def =
    top_level >> *(x3::lit('.') >> sub_service) >> expect(x3::eoi, "end of input");

URNS_NSS_DEFINE(strict, loose, composed, farthest, both, ten, serial, code, name, name_rest, record, record_check,
                record_span, alphanum, oid, oss, mrn, peg_oid, let_dig, let_dig_hyp, top_level, sub_service, service)

} // namespace

BOOST_AUTO_TEST_CASE(a_verdict_is_true_when_valid)
{
    urns::nss::verdict const ok = urns::nss::run(strict, "123");
    BOOST_TEST(ok.has_value());
    BOOST_TEST(static_cast<bool>(ok));
    urns::nss::verdict const bad = urns::nss::run(strict, "12x");
    BOOST_TEST_REQUIRE(!bad);
    BOOST_TEST(bad.error().offset == 2u);
    BOOST_TEST(bad.error().expected == "DIGIT");
    BOOST_TEST(bad.error().also_expected.empty());
}

BOOST_AUTO_TEST_CASE(without_expect_the_rule_is_named)
{
    auto const f = urns::nss::run(loose, "12x");
    BOOST_TEST_REQUIRE(!f);
    BOOST_TEST(f.error().offset == 0u);   // a failed rule consumes nothing
    BOOST_TEST(f.error().expected == "code");
    auto const g = urns::nss::run(loose, "1234");
    BOOST_TEST_REQUIRE(!g);
    BOOST_TEST(g.error().offset == 3u);   // where the rule stopped short of the end
    BOOST_TEST(g.error().expected == "code");
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
    // check() keeps giving the fault itself.
    auto const f = reg.find("path")->check("ab");
    BOOST_TEST_REQUIRE(f.has_value());
    BOOST_TEST(f->offset == 2u);
}

BOOST_AUTO_TEST_CASE(errors_are_at_the_farthest_failure)
{
    auto const f = urns::nss::run(farthest, "abd");
    BOOST_TEST_REQUIRE(!f);
    BOOST_TEST(f.error().offset == 2u);
    BOOST_TEST(f.error().expected == "\"c\"");
    BOOST_TEST(f.error().also_expected.empty());
    auto const g = urns::nss::run(farthest, "ax");
    BOOST_TEST_REQUIRE(!g);
    BOOST_TEST(g.error().offset == 1u);
    BOOST_TEST(g.error().expected == "DIGIT");
}

BOOST_AUTO_TEST_CASE(a_fault_names_everything_expected_there)
{
    // Both alternatives fail at offset 1: DIGIT and "c" were expected there.
    auto const f = urns::nss::run(both, "ab");
    BOOST_TEST_REQUIRE(!f);
    BOOST_TEST(f.error().offset == 1u);
    BOOST_TEST(f.error().expected == "DIGIT");
    BOOST_TEST_REQUIRE(f.error().also_expected.size() == 1u);
    BOOST_TEST(f.error().also_expected[0] == "\"c\"");
    // parse_urn passes them on: "urn:both:ab" fails at 10 with both names.
    urns::nss::registry reg;
    reg.add({"both", urns::nss::x3_validator<both>(), nullptr, "test"});
    urns::parse_options o;
    o.registry = &reg;
    auto const r = urns::parse_urn("urn:both:ab", o);
    BOOST_TEST_REQUIRE(!r.has_value());
    BOOST_TEST(r.error().offset == 10u);
    BOOST_TEST(r.error().expected == "DIGIT");
    BOOST_TEST_REQUIRE(r.error().also_expected.size() == 1u);
    BOOST_TEST(r.error().also_expected[0] == "\"c\"");
}

BOOST_AUTO_TEST_CASE(names_past_what_a_fault_keeps_are_counted)
{
    // Ten names expected at offset 1: the grammar's record keeps eight (the
    // first and seven more), and counts the two it has no room for; the
    // message says so.
    auto const f = urns::nss::run(ten, "xa");
    BOOST_TEST_REQUIRE(!f);
    BOOST_TEST(f.error().offset == 1u);
    BOOST_TEST(f.error().expected == "\"0\"");
    BOOST_TEST_REQUIRE(f.error().also_expected.size() == 7u);
    for (std::size_t i = 0; i < 7; ++i)
        BOOST_TEST(f.error().also_expected[i] == "\"" + std::to_string(i + 1) + "\"");
    BOOST_TEST(f.error().also_expected.dropped() == 2u);
    urns::nss::registry reg;
    reg.add({"ten", urns::nss::x3_validator<ten>(), nullptr, "test"});
    urns::parse_options o;
    o.registry = &reg;
    auto const r = urns::parse_urn("urn:ten:xa", o);
    BOOST_TEST_REQUIRE(!r.has_value());
    BOOST_TEST(r.error().offset == 9u);
    BOOST_TEST(r.error().also_expected.size() == 7u);
    BOOST_TEST(r.error().also_expected.dropped() == 2u);
    std::string const text = urns::to_string(r.error(), "urn:ten:xa");
    BOOST_TEST(text.find("(expected \"0\" or \"1\" or \"2\" or \"3\" or \"4\" or \"5\" or \"6\" or \"7\" or 2 more)") !=
               std::string::npos, text);
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

BOOST_AUTO_TEST_CASE(raw_gives_string_views_into_the_nss)
{
    std::string const nss = "abc/d%41/e";
    long const before = urns_test::allocations;
    auto const v = urns::nss::parse(name_rest, nss);
    long const after = urns_test::allocations;
    BOOST_TEST_REQUIRE(v.has_value());
    BOOST_TEST(v->name == "abc");
    BOOST_TEST(v->rest == "d%41/e");
    BOOST_TEST(v->name.data() == nss.data());        // in place, not a copy
    BOOST_TEST(v->rest.data() == nss.data() + 4);
    BOOST_TEST(after == before);
    auto const n = urns::nss::parse(name, "xyz");
    BOOST_TEST_REQUIRE(n.has_value());
    BOOST_TEST(*n == "xyz");
}

BOOST_AUTO_TEST_CASE(a_rule_run_without_its_attribute_does_not_build_it)
{
    std::string const nss = std::string(40, 'a') + "=" + std::string(40, 'b');   // past any small-string buffer
    long const parse_before = urns_test::allocations;
    auto const full = urns::nss::parse(record, nss);
    BOOST_TEST_REQUIRE(full.has_value());
    BOOST_TEST(full->text == std::string(40, 'b'));
    BOOST_TEST(urns_test::allocations > parse_before);   // the attribute is built when asked for

    std::string const bad = nss + "=";
    long const before = urns_test::allocations;
    bool const valid = urns::nss::x3_validator<record>()(nss) && urns::nss::x3_validator<record_check>()(nss) &&
                       urns::nss::run(record, nss);
    bool const invalid = !urns::nss::x3_validator<record>()(bad) && !urns::nss::run(record_check, bad);
    auto const span = urns::nss::parse(record_span, nss);
    long const after = urns_test::allocations;
    BOOST_TEST(valid);
    BOOST_TEST(invalid);
    BOOST_TEST(after == before);
    BOOST_TEST_REQUIRE(span.has_value());
    BOOST_TEST(span->size() == nss.size());
}

BOOST_AUTO_TEST_CASE(bounded_run_reads_abnf_repetitions)
{
    // The literal PEG sequence accepts nothing: its repetition takes the
    // last alphanum too.
    BOOST_TEST(!urns::nss::run(peg_oid, "iala"));
    BOOST_TEST(!urns::nss::run(peg_oid, "ab"));
    // The same line with bounded_run: 2 to 22 characters, first and last
    // alphanum.
    BOOST_TEST(static_cast<bool>(urns::nss::run(oid, "ab")));
    BOOST_TEST(static_cast<bool>(urns::nss::run(oid, "iala")));
    BOOST_TEST(static_cast<bool>(urns::nss::run(oid, "a-b")));
    BOOST_TEST(static_cast<bool>(urns::nss::run(oid, "a--9")));
    BOOST_TEST(static_cast<bool>(urns::nss::run(oid, std::string(22, 'a'))));
    BOOST_TEST(!urns::nss::run(oid, std::string(23, 'a')));
    BOOST_TEST(!urns::nss::run(oid, "a"));
    BOOST_TEST(!urns::nss::run(oid, "a-"));
    BOOST_TEST(!urns::nss::run(oid, "-a"));
    // MRNs of IALA's examples, and near misses.
    BOOST_TEST(static_cast<bool>(urns::nss::run(mrn, "iala:aton:x")));
    BOOST_TEST(static_cast<bool>(urns::nss::run(mrn, "imo:imo-number:9123456")));
    BOOST_TEST(static_cast<bool>(urns::nss::run(mrn, std::string(22, 'a') + ":x")));
    auto const long_oid = urns::nss::run(mrn, std::string(23, 'a') + ":x");
    BOOST_TEST_REQUIRE(!long_oid);
    BOOST_TEST(long_oid.error().offset == 22u);   // the 23rd character, where ":" was expected
    BOOST_TEST(long_oid.error().expected == "\":\"");
    auto const dash = urns::nss::run(mrn, "iala-:x");
    BOOST_TEST_REQUIRE(!dash);
    BOOST_TEST(dash.error().offset == 4u);   // the OID is "iala", then ":" was expected
    BOOST_TEST(dash.error().expected == "\":\"");
    BOOST_TEST(!urns::nss::run(mrn, "iala:"));
}

BOOST_AUTO_TEST_CASE(bounded_run_agrees_with_the_abnf)
{
    auto const g = urns::abnf::grammar::compile(
        "MRN = OID \":\" OSS\n"
        "OID = alphanum 0*20( alphanum / \"-\" ) alphanum\n"
        "OSS = 1*( pchar / \"/\" )\n"
        "alphanum = ALPHA / DIGIT\n",
        [] {
            urns::abnf::compile_options c;
            c.rfc3986_rules = true;   // pchar
            return c;
        }());
    BOOST_TEST_REQUIRE(g.ok());
    urns::abnf::diff_options o;
    o.valid = 10000;
    o.mutations = 12;
    auto const agree = [&](char const* root, urns::nss::validator v) {
        BOOST_TEST_CONTEXT(root)
        {
            auto const report =
                urns::abnf::diff(g, root, [v](std::string_view s) { return static_cast<bool>(v(s)); }, o);
            BOOST_TEST(report.inputs >= 100000u);
            BOOST_TEST(report.disagreements == 0u);
            for (auto const& d : report.first)
                BOOST_TEST_MESSAGE("\"" << d.input << "\": abnf " << d.abnf << ", x3 " << d.judge);
        }
    };
    agree("OID", urns::nss::x3_validator<oid>());
    agree("MRN", urns::nss::x3_validator<mrn>());
    // The literal PEG transcription disagrees on every valid OID.
    auto const trap = urns::abnf::diff(
        g, "OID", [](std::string_view s) { return static_cast<bool>(urns::nss::run(peg_oid, s)); }, o);
    BOOST_TEST(trap.disagreements >= trap.valid);
}

// The documented transcription of RFC 5031's top-level, and the service
// rule around it, against the RFC's lines: verdicts and offsets on every
// generated input and near miss.
BOOST_AUTO_TEST_CASE(rfc5031_top_level_agrees_with_the_abnf)
{
    auto const g = urns::abnf::grammar::compile("service     = top-level *(\".\" sub-service)\n"
                                                "top-level   = let-dig [ *25let-dig-hyp let-dig ]\n"
                                                "sub-service = let-dig [ *let-dig-hyp let-dig ]\n"
                                                "let-dig-hyp = let-dig / \"-\"\n"
                                                "let-dig     = ALPHA / DIGIT\n");
    BOOST_TEST_REQUIRE(g.ok());
    urns::abnf::diff_options o;
    o.valid = 5000;
    o.mutations = 12;
    o.compare_expected = false;
    auto const judge = [](auto const& rule) {
        return [&rule](std::string_view s) {
            urns::nss::verdict const v = urns::nss::run(rule, s);
            if (v)
                return urns::abnf::judgement{true, 0, {}};
            urns::abnf::judgement j{false, v.error().offset, {std::string(v.error().expected)}};
            for (std::string_view n : v.error().also_expected)
                j.expected.emplace_back(n);
            return j;
        };
    };
    for (char const* root : {"top-level", "service"}) {
        BOOST_TEST_CONTEXT(root)
        {
            auto const report = std::string_view(root) == "service" ? urns::abnf::diff(g, root, judge(service), o)
                                                                    : urns::abnf::diff(g, root, judge(top_level), o);
            BOOST_TEST(report.inputs >= 20000u);
            BOOST_TEST(report.disagreements == 0u);
            for (auto const& d : report.first)
                BOOST_TEST_MESSAGE("\"" << d.input << "\": abnf " << d.abnf << " at " << d.abnf_offset << ", x3 "
                                         << d.judge << " at " << d.judge_offset);
        }
    }
}

BOOST_AUTO_TEST_CASE(rules_of_two_files_do_not_collide)
{
    // Both files have a rule "code" (ID code_class) in an unnamed namespace:
    // here 3DIGIT, there 2ALPHA. Each file's validator keeps its own.
    BOOST_TEST(static_cast<bool>(urns::nss::run(code, "123")));
    BOOST_TEST(!urns::nss::run(code, "ab"));
    auto const other = nss_surface_other::code_validator();
    BOOST_TEST(static_cast<bool>(other("ab")));
    BOOST_TEST(!other("123"));
    BOOST_TEST(static_cast<bool>(urns::nss::x3_validator<code>()("123")));
}
