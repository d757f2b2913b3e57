// SPDX-License-Identifier: BSL-1.0
// The "nfc" namespace (grammar/nss/nfc.abnf; RFC 4729): the two URNs of the
// RFC's section 3, their fields as section 2 names them, near misses with
// rule and offset, and no fold.
#define BOOST_TEST_MODULE nss_nfc
#include "nss_test.hpp"

#include <urns/nss/nfc.hpp>

using urns_test::check_fault;
using urns_test::check_fields;
using urns_test::check_valid;
namespace nfc = urns::nss::nfc;

BOOST_AUTO_TEST_CASE(rfc_examples)
{
    // RFC 4729 section 3, in order.
    for (char const* u : {"urn:nfc:wkt:Uri", "urn:nfc:schema:manifest"})
        check_valid(u);
}

BOOST_AUTO_TEST_CASE(fields)
{
    // urn:nfc:{NFCresource}:{ResourceSpecificString} (section 2); section 3
    // names the first example's class "the well-known type identifier" and
    // the second's an XML schema namespace.
    auto const wkt = nfc::parse("wkt:Uri");
    BOOST_TEST_REQUIRE(wkt.has_value());
    BOOST_TEST(wkt->resource == "wkt");
    BOOST_TEST(wkt->specific == "Uri");
    auto const schema = nfc::parse("schema:manifest");
    BOOST_TEST_REQUIRE(schema.has_value());
    BOOST_TEST(schema->resource == "schema");
    BOOST_TEST(schema->specific == "manifest");
    // The ResourceSpecificString may hold ":"; the NFCresource ends at the
    // first one.
    auto const deep = nfc::parse("ext:example.com:a:b");
    BOOST_TEST_REQUIRE(deep.has_value());
    BOOST_TEST(deep->resource == "ext");
    BOOST_TEST(deep->specific == "example.com:a:b");
    BOOST_TEST(!nfc::parse("wkt"));
    BOOST_TEST(!nfc::parse(":Uri"));
}

BOOST_AUTO_TEST_CASE(rule_nfc_nss)
{
    // "urn:nfc:" is 8 bytes.
    check_fault("urn:nfc:wkt", 8 + 3, "\":\"");
    check_fault("urn:nfc::Uri", 8 + 0, "NFCresource");
    check_fault("urn:nfc:schema:", 8 + 7, "ResourceSpecificString");
    check_valid("urn:nfc:wkt::Uri");   // ":" in the ResourceSpecificString
}

BOOST_AUTO_TEST_CASE(no_fold)
{
    // Section 2: "the rules for lexical equivalence of [RFC2141] apply".
    auto const& reg = urns::nss::builtin();
    BOOST_TEST(reg.find("nfc")->fold == nullptr);
    BOOST_TEST(!urns::nss::equivalent_nss(reg, "nfc", "wkt:Uri", "wkt:uri"));
    BOOST_TEST(!urns::nss::equivalent_nss(reg, "nfc", "wkt:Uri", "WKT:Uri"));
    BOOST_TEST(urns::nss::equivalent_nss(reg, "NFC", "wkt:Uri", "wkt:Uri"));
}

BOOST_AUTO_TEST_CASE(named_fields)
{
    // Section 3's examples read by section 2's ABNF:
    // nfc-NSS = NFCresource ":" ResourceSpecificString.
    check_fields("nfc", "wkt:Uri", {{"NFCresource", 0, 3}, {"ResourceSpecificString", 4, 7}});
    check_fields("nfc", "schema:manifest", {{"NFCresource", 0, 6}, {"ResourceSpecificString", 7, 15}});
    check_fields("nfc", "wkt", {});   // rejected: no fields
}
