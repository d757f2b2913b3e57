// SPDX-License-Identifier: BSL-1.0
// The "epcglobal" namespace (grammar/nss/epcglobal.abnf; RFC 5134 section
// 3): the section's example and its fields, near misses with rule and
// offset, no fold ("The entire URN is case-sensitive").
#define BOOST_TEST_MODULE nss_epcglobal
#include "nss_test.hpp"

#include <urns/nss/epcglobal.hpp>

using urns_test::check_fault;
using urns_test::check_fields;
using urns_test::check_valid;
namespace epcglobal = urns::nss::epcglobal;

BOOST_AUTO_TEST_CASE(rfc_example)
{
    // Section 3: "urn:epcglobal:ale:xsd:1" (Application Level Events 1.0).
    check_valid("urn:epcglobal:ale:xsd:1");
    auto const p = epcglobal::parse("ale:xsd:1");
    BOOST_TEST_REQUIRE(p.has_value());
    BOOST_TEST(p->sub_namespace == "ale");
    BOOST_TEST(p->rest == "xsd:1");
    // subnsname = let-num [ 1*let-num-hyp ]: upper, lower, digits, "-".
    check_valid("urn:epcglobal:A-1-:x");
    BOOST_TEST(epcglobal::parse("A-1-:x")->sub_namespace == "A-1-");
    BOOST_TEST(!epcglobal::parse("ale"));
}

BOOST_AUTO_TEST_CASE(rule_epcglobal_nss)
{
    // "urn:epcglobal:" is 14 bytes.
    check_fault("urn:epcglobal:ale", 14 + 3, "\":\"");
    check_fault("urn:epcglobal:-ale:xsd:1", 14 + 0, "subnsname");
    check_fault("urn:epcglobal::xsd", 14 + 0, "subnsname");
    check_fault("urn:epcglobal:ale:", 14 + 4, "subns");
    check_fault("urn:epcglobal:a.le:xsd", 14 + 1, "\":\"");
}

BOOST_AUTO_TEST_CASE(no_fold)
{
    auto const& reg = urns::nss::builtin();
    BOOST_TEST(reg.find("epcglobal")->fold == nullptr);
    BOOST_TEST(!urns::nss::equivalent_nss(reg, "epcglobal", "ALE:xsd:1", "ale:xsd:1"));
    BOOST_TEST(urns::nss::equivalent_nss(reg, "EPCglobal", "ale:xsd:1", "ale:xsd:1"));
}

BOOST_AUTO_TEST_CASE(named_fields)
{
    // Section 3's example, urn:epcglobal:ale:xsd:1, read by its ABNF:
    // subnsname ":" subns.
    check_fields("epcglobal", "ale:xsd:1", {{"subnsname", 0, 3}, {"subns", 4, 9}});
    check_fields("epcglobal", "ale", {});   // rejected: no fields
}
