// SPDX-License-Identifier: BSL-1.0
// The "issn" namespace (grammar/nss/issn.abnf; RFC 3044, RFC 8254, ISO 3297
// check digit): the RFC's examples, near misses with rule and offset.
#define BOOST_TEST_MODULE nss_issn
#include "nss_test.hpp"

using urns_test::check_fault;
using urns_test::check_fields;
using urns_test::check_valid;

BOOST_AUTO_TEST_CASE(rfc_examples)
{
    // RFC 3044's examples per secondary sources, not read in the RFC text (see
    // grammar/nss/issn.abnf); the check digits are worked out here.
    // 1,5,6,0,1,5,6: 8+35+36+0+4+15+12 = 110 = 10*11, so 0.
    check_valid("URN:ISSN:1560-1560");
    // 0,2,5,9,0,0,0: 0+14+30+45 = 89 = 8*11+1, so 11-1 = 10 = X.
    check_valid("URN:ISSN:0259-000X");
    check_valid("urn:issn:0259-000x");
}

BOOST_AUTO_TEST_CASE(rule_issn)
{
    // "urn:issn:" is 9 bytes. The "-" is ISSN's.
    check_fault("urn:issn:15601560", 9 + 4, "ISSN");
    check_fault("urn:issn:156-01560", 9 + 3, "DIGIT");
    check_fault("urn:issn:0259-00X0", 9 + 7, "DIGIT");
    check_fault("urn:issn:1560-15600", 9 + 9, "end of input");
    check_fault("urn:issn:1560-1561", 9 + 8, "check-digit");   // wrong check digit
    check_fault("urn:issn:0259-0000", 9 + 8, "check-digit");
}

BOOST_AUTO_TEST_CASE(rule_check_digit)
{
    check_fault("urn:issn:1560-156", 9 + 8, "check-digit");    // missing
    check_fault("urn:issn:1560-156Y", 9 + 8, "check-digit");
}

BOOST_AUTO_TEST_CASE(equivalence)
{
    auto const& reg = urns::nss::builtin();
    BOOST_TEST(urns::nss::equivalent_nss(reg, "issn", "0259-000x", "0259-000X"));
    BOOST_TEST(!urns::nss::equivalent_nss(reg, "issn", "1560-1560", "15601560"));
}

BOOST_AUTO_TEST_CASE(named_fields)
{
    // The examples above read by the ABNF: 4DIGIT "-" 3DIGIT check-digit.
    check_fields("issn", "1560-1560", {{"check-digit", 8, 9}});
    check_fields("issn", "0259-000X", {{"check-digit", 8, 9}});
    check_fields("issn", "1560-1561", {});   // rejected (check digit): no fields
}
