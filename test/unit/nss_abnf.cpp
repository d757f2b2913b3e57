// SPDX-License-Identifier: BSL-1.0
// A namespace from the ABNF of its NSS (urns/nss/abnf.hpp): validation with
// ABNF's meaning, faults at the farthest byte, the fold of the rules declared
// case-insensitive, the named fields, and rules that own their grammar.
#define BOOST_TEST_MODULE nss_abnf
#include <boost/test/unit_test.hpp>

#include <urns/nss/abnf.hpp>
#include <urns/nss/builtin.hpp>
#include <urns/nss/equivalence.hpp>
#include <urns/parse.hpp>

#include <algorithm>
#include <string>
#include <thread>
#include <vector>

namespace {

// The Maritime Resource Name (IALA Guideline 1143): "urn:mrn:" OID ":" OSS,
// with OID = alphanum 0*20( alphanum / "-" ) alphanum, the shape of RFC 8141's
// NID rule, whose repetition also accepts what ends it.
constexpr std::string_view mrn_abnf = "; the NSS of a Maritime Resource Name\n"
                                      "MRN = OID \":\" OSS\n"
                                      "OID = alphanum 0*20( alphanum / \"-\" ) alphanum\n"
                                      "OSS = 1*( pchar / \"/\" )\n"
                                      "alphanum = ALPHA / DIGIT\n";

urns::nss::namespace_rules mrn(urns::nss::abnf_namespace_options const& o = {})
{
    urns::nss::abnf_namespace ns = urns::nss::from_abnf("mrn", mrn_abnf, "MRN", o);
    BOOST_TEST_REQUIRE(static_cast<bool>(ns));
    return *ns.rules;
}

urns::result<urns::urn_view> parse(std::string_view text, urns::nss::registry const& reg)
{
    urns::parse_options o;
    o.syntax = urns::syntax::rfc8141;
    o.registry = &reg;
    return urns::parse_urn(text, o);
}

} // namespace

BOOST_AUTO_TEST_CASE(abnf_meaning_not_peg)
{
    urns::nss::namespace_rules const r = mrn();
    BOOST_TEST(r.has_validator());
    BOOST_TEST(!r.has_fold());
    // Each OID is 2 to 22 bytes, starts and ends with alphanum.
    for (std::string_view ok : {"iala:x", "ab:x", "a-b:c/d", "imo:imo-number:9123456", "a1b2c3d4e5f6g7h8i9j0kl:x"})
        BOOST_TEST(!r.check(ok), ok);
    struct bad_case {
        std::string_view nss;
        std::size_t offset;  // the farthest byte the grammar can reach
    };
    for (bad_case const& b : {bad_case{"a:x", 1},      // one alphanum: the OID needs two
                              bad_case{"a-:x", 2},     // ends with "-"
                              bad_case{"-a:x", 0},     // starts with "-"
                              bad_case{"iala:", 5},    // empty OSS
                              bad_case{"iala:a b", 6}, // SP is no pchar
                              bad_case{"a1b2c3d4e5f6g7h8i9j0klm:x", 22}}) { // 23 bytes of OID
        auto const f = r.check(b.nss);
        BOOST_TEST_REQUIRE(f.has_value(), b.nss);
        BOOST_TEST(f->offset == b.offset, b.nss);
        BOOST_TEST(!f->expected.empty(), b.nss);
    }
}

BOOST_AUTO_TEST_CASE(every_name_expected_at_the_fault)
{
    // "a-:x": at offset 2 the OID could go on with a middle byte (alphanum,
    // or its own "-") or end with alphanum; the innermost rules whose
    // terminals failed there are ALPHA and DIGIT (alphanum's) and OID (the
    // "-" it writes itself).
    urns::nss::namespace_rules const r = mrn();  // the names point into its grammar
    auto const v = r.check("a-:x");
    BOOST_TEST_REQUIRE(v.has_value());
    std::vector<std::string_view> names{v->expected};
    for (std::string_view n : v->also_expected)
        names.push_back(n);
    std::sort(names.begin(), names.end());
    BOOST_TEST((names == std::vector<std::string_view>{"ALPHA", "DIGIT", "OID"}));
}

BOOST_AUTO_TEST_CASE(the_nid_must_be_one)
{
    // RFC 8141 section 2: NID = (alphanum) 0*30(ldh) (alphanum).
    for (std::string_view bad : {"", "a", "-ab", "ab-", "a_b", "a:b", "abcdefghijklmnopqrstuvwxyz0123456"})
        BOOST_TEST(!urns::nss::from_abnf(bad, mrn_abnf, "MRN"), bad);
    for (std::string_view ok : {"ab", "mrn", "a-b", "abcdefghijklmnopqrstuvwxyz012345"})
        BOOST_TEST(static_cast<bool>(urns::nss::from_abnf(ok, mrn_abnf, "MRN")), ok);
}

BOOST_AUTO_TEST_CASE(in_a_registry_beside_the_builtins)
{
    urns::nss::registry reg = urns::nss::builtin();
    reg.add(mrn());
    BOOST_TEST(parse("urn:mrn:iala:aton:x", reg).has_value());
    auto const r = parse("urn:MRN:iala-:x", reg);
    BOOST_TEST_REQUIRE(!r);
    BOOST_TEST(r.error().offset == 13u);  // the ":" where the OID's last alphanum was due
    // The shipped namespaces still apply: RFC 3187's example with a wrong check digit.
    BOOST_TEST(!parse("urn:isbn:0-395-36341-2", reg));
    BOOST_TEST(parse("urn:isbn:0-395-36341-1", reg).has_value());
}

BOOST_AUTO_TEST_CASE(rules_own_their_grammar)
{
    urns::nss::registry reg;
    {
        std::string text(mrn_abnf);  // the text dies before the rules are used
        urns::nss::abnf_namespace ns = urns::nss::from_abnf("mrn", text, "MRN");
        BOOST_TEST_REQUIRE(static_cast<bool>(ns));
        reg.add(*ns.rules);
        text.assign(text.size(), 'x');
    }
    urns::nss::registry const copy = reg;  // copies share the compiled grammar
    reg = urns::nss::registry();
    BOOST_TEST(copy.find("MRN") != nullptr);
    BOOST_TEST(parse("urn:mrn:iala:x", copy).has_value());
    BOOST_TEST(!parse("urn:mrn:i:x", copy));

    // Many threads at once on one registry.
    std::vector<std::thread> threads;
    std::vector<int> wrong(4, 0);
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&, t] {
            for (int i = 0; i < 500; ++i) {
                if (!parse("urn:mrn:iala:aton:" + std::to_string(i), copy))
                    ++wrong[static_cast<std::size_t>(t)];
                if (parse("urn:mrn:iala-:" + std::to_string(i), copy))
                    ++wrong[static_cast<std::size_t>(t)];
            }
        });
    for (auto& th : threads)
        th.join();
    for (int w : wrong)
        BOOST_TEST(w == 0);
}

BOOST_AUTO_TEST_CASE(case_insensitive_rules_fold)
{
    urns::nss::abnf_namespace_options o;
    o.case_insensitive = {"OID"};
    urns::nss::namespace_rules const r = mrn(o);
    BOOST_TEST(r.has_fold());
    urns::nss::registry reg;
    reg.add(r);
    auto const a = parse("urn:mrn:IALA:Aton", reg);
    auto const b = parse("urn:mrn:iala:Aton", reg);
    auto const c = parse("urn:mrn:iala:aton", reg);
    BOOST_TEST_REQUIRE((a && b && c));
    auto const m = urns::equivalence_mode::rfc8141;
    BOOST_TEST(urns::nss::equivalent(*a, *b, m, reg));   // the OID folds
    BOOST_TEST(!urns::nss::equivalent(*b, *c, m, reg));  // the OSS does not
    std::string canon;
    urns::nss::canonical(*a, m, reg, canon);
    BOOST_TEST(canon == "urn:mrn:iala:Aton");
    // A "%hh" inside a folded rule keeps its upper-case hex (the generic
    // canonical form); OID has no "%", so use a grammar whose rule does.
    urns::nss::abnf_namespace_options p;
    p.case_insensitive = {"word"};
    auto ns = urns::nss::from_abnf("pw", "NSS = word\nword = 1*( ALPHA / pct-encoded )\n", "NSS", p);
    BOOST_TEST_REQUIRE(static_cast<bool>(ns));
    std::string out(6, '\0');
    BOOST_TEST(ns.rules->fold_nss("AB%4Ac", &out[0]) == 6u);
    BOOST_TEST(out == "ab%4Ac");
}

BOOST_AUTO_TEST_CASE(named_fields)
{
    urns::nss::abnf_namespace_options o;
    o.fields = {"OID", "OSS"};
    urns::nss::namespace_rules const r = mrn(o);
    std::vector<urns::nss::nss_field> const f = r.fields_of("iala:aton:x");
    BOOST_TEST_REQUIRE(f.size() == 2u);
    BOOST_TEST(f[0].name == "OID");
    BOOST_TEST(f[0].begin == 0u);
    BOOST_TEST(f[0].end == 4u);
    BOOST_TEST(f[1].name == "OSS");
    BOOST_TEST(f[1].begin == 5u);
    BOOST_TEST(f[1].end == 11u);
    BOOST_TEST(r.fields_of("iala-:x").empty());  // an NSS the namespace rejects has no fields

    // By default: the rules the text defines, but the root.
    urns::nss::namespace_rules const plain = mrn();  // the names point into its grammar
    std::vector<urns::nss::nss_field> const all = plain.fields_of("ab:c");
    bool oid = false, oss = false;
    for (auto const& x : all) {
        BOOST_TEST(x.name != "MRN");
        BOOST_TEST(x.name != "ALPHA");  // RFC 5234's, not the text's
        oid |= x.name == "OID" && x.begin == 0 && x.end == 2;
        oss |= x.name == "OSS" && x.begin == 3 && x.end == 4;
    }
    BOOST_TEST(oid);
    BOOST_TEST(oss);
}

BOOST_AUTO_TEST_CASE(unusable_grammars)
{
    // A syntax error: the line and column of the place.
    auto bad = urns::nss::from_abnf("ex", "NSS = ( \"a\"\n", "NSS");
    BOOST_TEST(!bad);
    BOOST_TEST_REQUIRE(!bad.diagnostics.empty());
    BOOST_TEST((bad.diagnostics[0].severity == urns::abnf::diagnostic::level::error));
    // An undefined rule.
    auto undefined = urns::nss::from_abnf("ex", "NSS = thing\n", "NSS");
    BOOST_TEST(!undefined);
    // The root is not in the grammar.
    auto no_root = urns::nss::from_abnf("ex", "NSS = ALPHA\n", "Root");
    BOOST_TEST(!no_root);
    BOOST_TEST_REQUIRE(!no_root.diagnostics.empty());
    BOOST_TEST(no_root.diagnostics.back().rule == "Root");
    // A case-insensitive rule the grammar does not have.
    urns::nss::abnf_namespace_options o;
    o.case_insensitive = {"nothing"};
    BOOST_TEST(!urns::nss::from_abnf("mrn", mrn_abnf, "MRN", o));
    // The diagnostics carry the source name given.
    urns::nss::abnf_namespace_options named;
    named.source_name = "mine.abnf";
    auto n = urns::nss::from_abnf("ex", "NSS = thing\n", "NSS", named);
    BOOST_TEST_REQUIRE(!n.diagnostics.empty());
    BOOST_TEST(n.diagnostics[0].source == "mine.abnf");
}
