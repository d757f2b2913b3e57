// SPDX-License-Identifier: BSL-1.0
// The "oid" namespace (grammar/nss/oid.abnf, RFC 3061 section 2): valid
// OIDs, near misses (leading zeros, empty arcs) with rule and offset.
#define BOOST_TEST_MODULE nss_oid
#include "nss_test.hpp"

using urns_test::check_fault;
using urns_test::check_fields;
using urns_test::check_valid;

BOOST_AUTO_TEST_CASE(valid_oids)
{
    check_valid("urn:oid:1.3.6.1");   // RFC 3061 section 2's example
    check_valid("URN:OID:0");
    check_valid("urn:oid:2.16.840");
    check_valid("urn:oid:1.0.23");
    check_valid("urn:oid:2.25.329800735698586629295641978511506172918");   // arcs beyond 64 bits
}

BOOST_AUTO_TEST_CASE(rule_oid)
{
    // oid = number *( DOT number ); "urn:oid:" is 8 bytes.
    check_fault("urn:oid:1.3a", 8 + 3, "oid");
    check_fault("urn:oid:1.3.6.1-x", 8 + 7, "oid");
}

BOOST_AUTO_TEST_CASE(rule_number)
{
    // number = DIGIT / ( LEADDIGIT 1*DIGIT ): no leading zeros, no empty arcs.
    // A leading zero: "0" is a whole number (DIGIT), after which the ABNF
    // expects DOT or the end (`urn abnf match grammar/nss/oid.abnf oid
    // 1.3.06.1`: offset 5, as here), so the fault is at the byte after it.
    check_fault("urn:oid:1.3.06.1", 8 + 5, "oid");
    check_fault("urn:oid:01.3", 8 + 1, "oid");
    check_fault("urn:oid:00", 8 + 1, "oid");
    check_fault("urn:oid:1..3", 8 + 2, "number");
    check_fault("urn:oid:1.3.", 8 + 4, "number");
    check_fault("urn:oid:.1", 8 + 0, "number");
    check_fault("urn:oid:a.1", 8 + 0, "number");
}

BOOST_AUTO_TEST_CASE(arcs_accessor)
{
    auto const a = urns::nss::oid::arcs("1.3.6.1");
    BOOST_TEST_REQUIRE(a.has_value());
    BOOST_TEST(a->size() == 4u);
    BOOST_TEST((*a)[0] == "1");
    BOOST_TEST((*a)[3] == "1");
    BOOST_TEST(!urns::nss::oid::arcs("1.03"));
    BOOST_TEST(urns::nss::oid::arcs("0").value().size() == 1u);
}

BOOST_AUTO_TEST_CASE(named_fields)
{
    // RFC 3061 section 2's example, 1.3.6.1, read by its ABNF:
    // oid = number *( DOT number ), each arc a number.
    check_fields("oid", "1.3.6.1", {{"number", 0, 1}, {"number", 2, 3}, {"number", 4, 5}, {"number", 6, 7}});
    check_fields("oid", "2.16.840", {{"number", 0, 1}, {"number", 2, 4}, {"number", 5, 8}});
    check_fields("oid", "1.3.06.1", {});   // rejected (a leading zero): no fields
}
