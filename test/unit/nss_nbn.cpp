// SPDX-License-Identifier: BSL-1.0
// The "nbn" namespace (grammar/nss/nbn.abnf, RFC 8458): NBNs from the
// document and from the national resolvers, near misses in the prefix
// with rule and offset.
#define BOOST_TEST_MODULE nss_nbn
#include "nss_test.hpp"

using urns_test::check_fault;
using urns_test::check_fields;
using urns_test::check_valid;

BOOST_AUTO_TEST_CASE(valid_nbns)
{
    check_valid("urn:nbn:fi-fe20042357");
    check_valid("URN:NBN:de:101:1-200910131091");
    check_valid("urn:nbn:se:su:diva-1278");
    check_valid("URN:NBN:no-nb_digibok_2010090303019");
    check_valid("URN:NBN:NL:UI:10-1-115852");
    check_valid("urn:nbn:it:unimi-6456");
}

BOOST_AUTO_TEST_CASE(rule_nbn)
{
    // NBN = prefix "-" nbn-string; "urn:nbn:" is 8 bytes. Each fault is
    // the ABNF's farthest failure, under the first of the names expected
    // there (a ":" of prefix, a "-" of NBN, one more ALPHA or DIGIT).
    check_fault("urn:nbn:fin-123", 8 + 2, "prefix");
    check_fault("urn:nbn:de:101", 8 + 6, "ALPHA");
    check_fault("urn:nbn:de:b_z-1", 8 + 4, "ALPHA");
}

BOOST_AUTO_TEST_CASE(rule_country_code)
{
    check_fault("urn:nbn:f-123", 8 + 1, "ALPHA");
    check_fault("urn:nbn:12-345", 8 + 0, "ALPHA");
}

BOOST_AUTO_TEST_CASE(rule_sub_namespace)
{
    check_fault("urn:nbn:de::1-2", 8 + 3, "ALPHA");
    check_fault("urn:nbn:de:-2", 8 + 3, "ALPHA");
}

BOOST_AUTO_TEST_CASE(rule_nbn_string)
{
    check_fault("urn:nbn:fi-", 8 + 3, "OCTET");
}

BOOST_AUTO_TEST_CASE(prefix_accessor)
{
    BOOST_TEST(urns::nss::nbn::prefix("de:101:1-200910131091").value_or("") == "de:101:1");
    BOOST_TEST(urns::nss::nbn::prefix("fi-fe20042357").value_or("") == "fi");
    BOOST_TEST(!urns::nss::nbn::prefix("fin-123"));
}

BOOST_AUTO_TEST_CASE(named_fields)
{
    // NBNs of valid_nbns read by the ABNF: prefix "-" nbn-string, the
    // prefix a country-code and sub-namespaces. A field comes before the
    // fields inside it, also where they have the same span.
    check_fields("nbn", "fi-fe20042357", {{"prefix", 0, 2}, {"country-code", 0, 2}, {"nbn-string", 3, 13}});
    check_fields("nbn", "de:101:1-200910131091",
                 {{"prefix", 0, 8}, {"country-code", 0, 2}, {"sub-namespace", 3, 6}, {"sub-namespace", 7, 8},
                  {"nbn-string", 9, 21}});
    check_fields("nbn", "fin-123", {});   // rejected (a three-letter country code): no fields
}
