// SPDX-License-Identifier: BSL-1.0
// The "isbn" namespace (grammar/nss/isbn.abnf; RFC 3187, RFC 8254,
// ISO 2108 check digits): the RFC's example, more valid ISBNs whose check
// digits are worked out in the comments, near misses with rule and offset.
#define BOOST_TEST_MODULE nss_isbn
#include "nss_test.hpp"

using urns_test::check_fault;
using urns_test::check_fields;
using urns_test::check_valid;

BOOST_AUTO_TEST_CASE(rfc_example_and_valid_isbns)
{
    check_valid("URN:ISBN:0-395-36341-1");   // RFC 3187 section 3.2
    check_valid("urn:isbn:0395363411");      // the same, without hyphens
    // 0,8,0,4,4,2,9,5,7,X: 0+72+0+28+24+10+36+15+14+10 = 209 = 19*11.
    check_valid("urn:isbn:0-8044-2957-X");
    check_valid("urn:isbn:0-8044-2957-x");   // ABNF "X" is case-insensitive
    // 978-0-395-36341-?: 9+21+8+0+3+27+5+9+6+9+4+3 = 104, so 6.
    check_valid("urn:isbn:978-0-395-36341-6");
    check_valid("urn:isbn:9780395363416");
    // 9,7,9,1,0,...: a 979 ISBN-13: 9+21+9+3+0+0+0+0+0+0+0+0 = 42, so 8.
    check_valid("urn:isbn:979-10-00-00000-8");
}

BOOST_AUTO_TEST_CASE(rule_isbn)
{
    // ISBN = ISBN-13 / ISBN-10: the farthest failure of either form;
    // bytes after a whole ISBN: the end of input. "urn:isbn:" is 9 bytes.
    check_fault("urn:isbn:-0-395-36341-1", 9 + 0, "EAN-prefix");
    check_fault("urn:isbn:0-395-36341-1-", 9 + 13, "end of input");
    check_fault("urn:isbn:0-395-36341-12", 9 + 13, "end of input");
}

BOOST_AUTO_TEST_CASE(rule_isbn_13)
{
    // Wrong check digit (6 is right): reported at the check digit.
    check_fault("urn:isbn:978-0-395-36341-5", 9 + 16, "check-digit-13");
    check_fault("urn:isbn:9780395363417", 9 + 12, "check-digit-13");
}

BOOST_AUTO_TEST_CASE(rule_isbn_10)
{
    check_fault("urn:isbn:0-395-36341-2", 9 + 12, "check-digit-10");   // 1 is right
    check_fault("urn:isbn:0395363412", 9 + 9, "check-digit-10");
    check_fault("urn:isbn:0-395-3634", 9 + 10, "DIGIT");               // 8 digits
    check_fault("urn:isbn:0-395-3634a-1", 9 + 10, "DIGIT");
    check_fault("urn:isbn:0--395-36341-1", 9 + 2, "DIGIT");            // two hyphens
    check_fault("urn:isbn:0-39X-36341-1", 9 + 4, "DIGIT");             // X not last
}

BOOST_AUTO_TEST_CASE(rule_check_digit_10)
{
    check_fault("urn:isbn:0-395-36341-", 9 + 12, "check-digit-10");    // missing
    check_fault("urn:isbn:0-395-36341-Y", 9 + 12, "check-digit-10");
}

BOOST_AUTO_TEST_CASE(equivalence_and_isbn13)
{
    auto const& reg = urns::nss::builtin();
    BOOST_TEST(urns::nss::equivalent_nss(reg, "isbn", "0-395-36341-1", "0395363411"));
    BOOST_TEST(urns::nss::equivalent_nss(reg, "ISBN", "0-8044-2957-x", "080442957X"));
    BOOST_TEST(urns::nss::equivalent_nss(reg, "isbn", "978-0-395-36341-6", "9780395363416"));
    // ISBN-10 and its ISBN-13 are different strings: not lexically equivalent.
    BOOST_TEST(!urns::nss::equivalent_nss(reg, "isbn", "0395363411", "9780395363416"));
    // Invalid ISBNs are not folded.
    BOOST_TEST(!urns::nss::equivalent_nss(reg, "isbn", "0-395-36341-2", "0395363412"));
    BOOST_TEST(urns::nss::isbn::to_isbn13("0-395-36341-1").value_or("") == "9780395363416");
    BOOST_TEST(urns::nss::isbn::to_isbn13("978-0-395-36341-6").value_or("") == "9780395363416");
    BOOST_TEST(!urns::nss::isbn::to_isbn13("0-395-36341-2"));
}

BOOST_AUTO_TEST_CASE(named_fields)
{
    // RFC 3187 section 3.2's example, then its ISBN-13 form, read by the
    // ABNF: the form, the EAN-prefix of an ISBN-13, the check digit.
    check_fields("isbn", "0-395-36341-1", {{"ISBN-10", 0, 13}, {"check-digit-10", 12, 13}});
    check_fields("isbn", "978-0-395-36341-6",
                 {{"ISBN-13", 0, 17}, {"EAN-prefix", 0, 3}, {"check-digit-13", 16, 17}});
    check_fields("isbn", "9780395363416", {{"ISBN-13", 0, 13}, {"EAN-prefix", 0, 3}, {"check-digit-13", 12, 13}});
    // An ISBN-10 that starts with 978 (9*10+7*9+8*8+3 = 220 = 20*11) has
    // no EAN-prefix: the ISBN-13 that was tried first leaves no field.
    check_fields("isbn", "9780000003", {{"ISBN-10", 0, 10}, {"check-digit-10", 9, 10}});
    check_fields("isbn", "0-395-36341-2", {});   // rejected (check digit): no fields
}
