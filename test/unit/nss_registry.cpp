// SPDX-License-Identifier: BSL-1.0
// The namespace registry (urns/nss/registry.hpp): explicit registration,
// case-insensitive lookup, and parse_urn running a namespace's rule with
// the fault's offset in the whole input.
#define BOOST_TEST_MODULE nss_registry
#include <boost/test/unit_test.hpp>

#include <urns/nss/builtin.hpp>
#include <urns/nss/shipped.hpp>
#include <urns/check.hpp>
#include <urns/extract.hpp>
#include <urns/parse.hpp>
#include <urns/urn.hpp>

#include <algorithm>
#include <string>
#include <vector>

namespace {

/// A hand-written rule (no X3): the NSS is digits only.
urns::nss::verdict digits_only(std::string_view nss) noexcept
{
    for (std::size_t i = 0; i < nss.size(); ++i)
        if (nss[i] < '0' || nss[i] > '9')
            return urns::nss::nss_fault{i, "DIGIT"};
    return {};
}

/// Folds away leading zeros (a test fold: "007" ~ "7").
std::size_t strip_zeros(std::string_view nss, char* out) noexcept
{
    std::size_t i = 0;
    while (i + 1 < nss.size() && nss[i] == '0')
        ++i;
    nss.remove_prefix(i);
    nss.copy(out, nss.size());
    return nss.size();
}

urns::nss::namespace_rules const digits{"digits", &digits_only, &strip_zeros, "test"};

} // namespace

BOOST_AUTO_TEST_CASE(empty_registry)
{
    urns::nss::registry reg;
    BOOST_TEST(reg.size() == 0u);
    BOOST_TEST(reg.find("uuid") == nullptr);
    urns::parse_options o;
    o.registry = &reg;
    BOOST_TEST(urns::parse_urn("urn:uuid:not-a-uuid", o).has_value());
}

BOOST_AUTO_TEST_CASE(lookup_is_case_insensitive)
{
    urns::nss::registry reg;
    reg.add(digits);
    for (char const* nid : {"digits", "DIGITS", "Digits", "dIgItS"}) {
        auto const* r = reg.find(nid);
        BOOST_TEST_REQUIRE(r != nullptr);
        BOOST_TEST(r->nid == "digits");
    }
    BOOST_TEST(reg.find("digit") == nullptr);
    BOOST_TEST(reg.find("digitss") == nullptr);
}

BOOST_AUTO_TEST_CASE(add_replaces_and_remove)
{
    urns::nss::registry reg;
    reg.add(digits);
    reg.add({"DIGITS", nullptr, nullptr, "replacement"});
    BOOST_TEST(reg.size() == 1u);
    BOOST_TEST(reg.find("digits")->reference == "replacement");
    BOOST_TEST(reg.remove("Digits"));
    BOOST_TEST(!reg.remove("digits"));
    BOOST_TEST(reg.size() == 0u);
}

BOOST_AUTO_TEST_CASE(builtin_set)
{
    auto const& reg = urns::nss::builtin();
    BOOST_TEST(&reg == &urns::nss::builtin());
    for (char const* nid : {"uuid", "isbn", "issn", "oid", "ietf", "nbn", "example", "gsma", "isan", "dev",
                            "ogc", "mpeg", "oasis",
                            "publicid", "epc", "epcglobal", "nfc", "xmpp", "iso"}) {
        BOOST_TEST_CONTEXT(nid)
        {
            auto const* r = reg.find(nid);
            BOOST_TEST_REQUIRE(r != nullptr);
            BOOST_TEST(r->validate != nullptr);
            BOOST_TEST(!r->reference.empty());
        }
    }
    BOOST_TEST(reg.size() == urns::nss::shipped().size());  // every formal NID (test nss_builtin)
    BOOST_TEST(reg.size() >= 71u);
    // Copy and extend: the shipped set is unchanged.
    urns::nss::registry mine = reg;
    mine.add(digits);
    BOOST_TEST(mine.size() == reg.size() + 1);
    BOOST_TEST(reg.find("digits") == nullptr);
}

BOOST_AUTO_TEST_CASE(parse_runs_the_namespace_rule)
{
    urns::nss::registry reg;
    reg.add(digits);
    urns::parse_options o;
    o.registry = &reg;
    for (auto syn : {urns::syntax::rfc2141, urns::syntax::rfc2141bis, urns::syntax::rfc8141}) {
        o.syntax = syn;
        BOOST_TEST(urns::parse_urn("urn:digits:0123", o).has_value());
        BOOST_TEST(urns::parse_urn("URN:DiGiTs:0123", o).has_value());
        BOOST_TEST(urns::parse_urn("urn:other:abc", o).has_value());
        // The fault's offset is in the whole input: "urn:digits:" is 11 bytes.
        std::string const bad = "urn:digits:01a3";
        auto const r = urns::parse_urn(bad, o);
        BOOST_TEST_REQUIRE(!r.has_value());
        BOOST_TEST(r.error().code == urns::make_error_code(urns::error::nss_rejected));
        BOOST_TEST(r.error().offset == 13u);
        BOOST_TEST(r.error().expected == "DIGIT");
        BOOST_TEST((r.error().syntax == syn));
        // Without the registry, the same URN is valid.
        BOOST_TEST(urns::parse_urn(bad, syn).has_value());
        // A generic syntax error is reported as before, before the namespace rule runs.
        auto const g = urns::parse_urn("urn:digits:1 2", o);
        BOOST_TEST_REQUIRE(!g.has_value());
        BOOST_TEST(g.error().code != urns::make_error_code(urns::error::nss_rejected));
    }
}

BOOST_AUTO_TEST_CASE(namespace_rule_sees_only_the_nss)
{
    urns::nss::registry reg;
    reg.add(digits);
    urns::parse_options o;
    o.registry = &reg;
    o.syntax = urns::syntax::rfc8141;
    BOOST_TEST(urns::parse_urn("urn:digits:42?+r?=q#f", o).has_value());
    o.syntax = urns::syntax::rfc2141bis;
    BOOST_TEST(urns::parse_urn("urn:digits:42?s=I2L#frag", o).has_value());
}

BOOST_AUTO_TEST_CASE(validate_a_view)
{
    urns::nss::registry reg;
    reg.add(digits);
    auto const v = urns::parse_urn("urn:digits:12x");
    BOOST_TEST_REQUIRE(v.has_value());
    auto const f = urns::nss::validate(reg, *v);
    BOOST_TEST_REQUIRE(f.has_value());
    BOOST_TEST(f->offset == 13u);
    BOOST_TEST(f->expected == "DIGIT");
    BOOST_TEST(!urns::nss::validate(urns::nss::registry{}, *v));
}

BOOST_AUTO_TEST_CASE(equivalence_through_the_fold)
{
    urns::nss::registry reg;
    reg.add(digits);
    BOOST_TEST(urns::nss::equivalent_nss(reg, "digits", "007", "7"));
    BOOST_TEST(!urns::nss::equivalent_nss(reg, "digits", "007", "70"));
    // An unregistered NID: only the generic rule (percent-hex case).
    BOOST_TEST(!urns::nss::equivalent_nss(reg, "other", "007", "7"));
    BOOST_TEST(urns::nss::equivalent_nss(reg, "other", "a%2cb", "a%2Cb"));
    BOOST_TEST(!urns::nss::equivalent_nss(reg, "other", "a%2cb", "a,b"));
    BOOST_TEST(!urns::nss::equivalent_nss(reg, "other", "A", "a"));
    // Long NSSs take the heap path.
    std::string const long_a = std::string(300, '0') + "5";
    BOOST_TEST(urns::nss::equivalent_nss(reg, "digits", long_a, "5"));
    std::string out = "x";
    urns::nss::append_canonical_nss(reg, "digits", "0042", out);
    BOOST_TEST(out == "x42");
}

// A registry is accepted wherever the built-ins are used: the owning parse,
// check, and find_urns. RFC 2141's ISBN 0-395-36341-1 is valid: weights
// 10..1 give 0*10+3*9+9*8+5*7+3*6+6*5+3*4+4*3+1*2 = 208, and 208 + 1 = 209
// = 11*19. With a last digit of 2 the sum is 210: the check digit, at
// offset 21 of the URN, is wrong.
BOOST_AUTO_TEST_CASE(registry_everywhere)
{
    std::string_view const good = "urn:isbn:0-395-36341-1";
    std::string_view const bad = "urn:isbn:0-395-36341-2";
    urns::parse_options opts;
    opts.registry = &urns::nss::builtin();

    // urn::parse
    BOOST_TEST(urns::urn::parse(good, opts).has_value());
    auto const u = urns::urn::parse(bad, opts);
    BOOST_TEST_REQUIRE(!u.has_value());
    BOOST_TEST(u.error().code == urns::make_error_code(urns::error::nss_rejected));
    BOOST_TEST(u.error().offset == 21u);
    BOOST_TEST(urns::urn::parse(bad, urns::syntax::rfc2141bis).has_value());   // without the registry

    // check
    urns::check_options co;
    co.registry = &urns::nss::builtin();
    auto const v = urns::parse_urn(bad).value();
    auto const d = urns::check(v, co);
    auto const it = std::find_if(d.begin(), d.end(), [](urns::diagnostic const& x) {
        return x.code == urns::diagnostic_code::namespace_rule;
    });
    BOOST_TEST_REQUIRE((it != d.end()));
    BOOST_TEST(it->offset == 21u);
    BOOST_TEST((it->severity == urns::severity::error));
    BOOST_TEST(urns::to_string(urns::diagnostic_code::namespace_rule) == "namespace-rule");
    auto const none = urns::check(urns::parse_urn(good).value(), co);
    BOOST_TEST(std::none_of(none.begin(), none.end(), [](urns::diagnostic const& x) {
        return x.code == urns::diagnostic_code::namespace_rule;
    }));
    auto const without = urns::check(v);
    BOOST_TEST(std::none_of(without.begin(), without.end(), [](urns::diagnostic const& x) {
        return x.code == urns::diagnostic_code::namespace_rule;
    }));

    // find_urns: both are found; the bad one says why its namespace rejects it.
    std::string const text = "see " + std::string(bad) + " and " + std::string(good) + ".";
    urns::extract_options eo;
    eo.registry = &urns::nss::builtin();
    std::vector<urns::urn_match> found;
    for (auto const& m : urns::find_urns(text, eo))
        found.push_back(m);
    BOOST_TEST_REQUIRE(found.size() == 2u);
    BOOST_TEST(found[0].view.buffer() == bad);
    BOOST_TEST_REQUIRE(found[0].namespace_fault.has_value());
    BOOST_TEST(found[0].namespace_fault->offset == 21u);
    BOOST_TEST(found[0].namespace_fault->expected == "check-digit-10");
    BOOST_TEST(!found[1].namespace_fault.has_value());
    for (auto const& m : urns::find_urns(text))
        BOOST_TEST(!m.namespace_fault.has_value());
}
