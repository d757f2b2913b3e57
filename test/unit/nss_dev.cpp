// SPDX-License-Identifier: BSL-1.0
// The "dev" namespace (grammar/nss/dev.abnf; RFC 9039): the eleven URNs of
// the RFC's section 5 (Table 1), their fields as the table describes them,
// the RFC's LALPHA contradiction, near misses with rule and offset, and no
// fold.
#define BOOST_TEST_MODULE nss_dev
#include "nss_test.hpp"

#include <urns/nss/dev.hpp>

#include <string>
#include <vector>

using urns_test::check_fault;
using urns_test::check_fields;
using urns_test::check_valid;
namespace dev = urns::nss::dev;
using strings = std::vector<std::string>;

BOOST_AUTO_TEST_CASE(rfc_examples)
{
    // RFC 9039 section 5, Table 1, in order; its last row,
    // urn:dev:example:new-1-2-3_comp, is in lalpha_is_lower_case. The SenML
    // example after the table uses urn:dev:ow:10e2073a01080063 again.
    for (char const* u : {"urn:dev:mac:0024beffff804ff1", "urn:dev:mac:0024befffe804ff1",
                          "urn:dev:mac:acde48234567019f", "urn:dev:ow:10e2073a01080063",
                          "urn:dev:ow:264437f5000000ed_humidity", "urn:dev:ow:264437f5000000ed_temperature",
                          "urn:dev:org:32473-foo", "urn:dev:os:32473-123456", "urn:dev:os:32473-12-34-56",
                          "urn:dev:ops:32473-Refrigerator-5002"})
        check_valid(u);
}

BOOST_AUTO_TEST_CASE(fields)
{
    // As Table 1 describes them.
    auto const mac = dev::parse("mac:0024beffff804ff1");
    BOOST_TEST_REQUIRE(mac.has_value());
    BOOST_TEST(mac->subtype == "mac");
    BOOST_TEST(mac->id == "0024beffff804ff1");
    auto const hum = dev::parse("ow:264437f5000000ed_humidity");   // "The humidity part"
    BOOST_TEST_REQUIRE(hum.has_value());
    BOOST_TEST(hum->subtype == "ow");
    BOOST_TEST(hum->id == "264437f5000000ed");
    BOOST_TEST(hum->components == strings{"humidity"});
    auto const org = dev::parse("org:32473-foo");   // organization 32473
    BOOST_TEST_REQUIRE(org.has_value());
    BOOST_TEST(org->pen == "32473");
    BOOST_TEST(org->id == "foo");
    auto const os = dev::parse("os:32473-12-34-56");   // "A serial number with dashes in it"
    BOOST_TEST_REQUIRE(os.has_value());
    BOOST_TEST(os->pen == "32473");
    BOOST_TEST(os->id == "12-34-56");
    auto const ops = dev::parse("ops:32473-Refrigerator-5002");   // "Refrigerator serial number 5002"
    BOOST_TEST_REQUIRE(ops.has_value());
    BOOST_TEST(ops->pen == "32473");
    BOOST_TEST(ops->product == "Refrigerator");
    BOOST_TEST(ops->id == "5002");
    auto const ex = dev::parse("example:new-1-2-3_comp");
    BOOST_TEST_REQUIRE(ex.has_value());
    BOOST_TEST(ex->subtype == "example");
    BOOST_TEST(ex->id == "new-1-2-3");
    BOOST_TEST(ex->components == strings{"comp"});
    auto const more = dev::parse("org:32473-a:b:c_x_y");
    BOOST_TEST_REQUIRE(more.has_value());
    BOOST_TEST(more->id == "a");
    BOOST_TEST(more->more == (strings{"b", "c"}));
    BOOST_TEST(more->components == (strings{"x", "y"}));
    BOOST_TEST(!dev::parse("mac:0024be804ff1"));
}

BOOST_AUTO_TEST_CASE(named_fields)
{
    // RFC 9039 section 5, Table 1, read by the ABNF of section 3.2: the
    // body's alternative, the rules inside it, and the componentpart and
    // its identifiers. A serial is an identifier (serial = identifier):
    // both are listed. An empty componentpart (no "_") takes no byte and
    // is not listed.
    check_fields("dev", "mac:0024beffff804ff1", {{"macbody", 0, 20}, {"hexstring", 4, 20}});
    check_fields("dev", "ow:264437f5000000ed_humidity",
                 {{"owbody", 0, 19}, {"hexstring", 3, 19}, {"componentpart", 19, 28}, {"identifier", 20, 28}});
    check_fields("dev", "org:32473-foo", {{"orgbody", 0, 13}, {"posnumber", 4, 9}, {"identifier", 10, 13}});
    check_fields("dev", "os:32473-12-34-56", {{"osbody", 0, 17}, {"posnumber", 3, 8}, {"serial", 9, 17},
                                                 {"identifier", 9, 17}});
    check_fields("dev", "ops:32473-Refrigerator-5002",
                 {{"opsbody", 0, 27}, {"posnumber", 4, 9}, {"product", 10, 22}, {"serial", 23, 27},
                  {"identifier", 23, 27}});
    check_fields("dev", "example:new-1-2-3_comp",
                 {{"otherbody", 0, 17}, {"subtype", 0, 7}, {"identifier", 8, 17}, {"componentpart", 17, 22},
                  {"identifier", 18, 22}});
    // More identifiers, each its own field; two components, one
    // componentpart, an identifier each.
    check_fields("dev", "org:32473-a:b:c_x_y",
                 {{"orgbody", 0, 15}, {"posnumber", 4, 9}, {"identifier", 10, 11}, {"identifier", 12, 13},
                  {"identifier", 14, 15}, {"componentpart", 15, 19}, {"identifier", 16, 17},
                  {"identifier", 18, 19}});
    check_fields("dev", "mac:0024be804ff1", {});   // rejected (12 hex digits): no fields
}

// Decision (grammar/README.md): RFC 9039 prints LALPHA = %x41-5A (upper
// case), but its example urn:dev:example:new-1-2-3_comp (Table 1) has a
// lower-case subtype. LALPHA is read as %x61-7A.
BOOST_AUTO_TEST_CASE(lalpha_is_lower_case)
{
    check_valid("urn:dev:example:new-1-2-3_comp");
    check_valid("urn:dev:x25:a");
    check_fault("urn:dev:Example:new-1-2-3_comp", 8 + 0, "body");   // "urn:dev:" is 8 bytes
    check_fault("urn:dev:MAC:0024beffff804ff1", 8 + 0, "body");     // %s"mac:" is case-sensitive
}

// Decision (grammar/README.md): "mac" and "ow" take exactly 16 hex digits
// (sections 4.1, 4.2), and no defined subtype is read as an otherbody.
BOOST_AUTO_TEST_CASE(defined_subtypes)
{
    check_valid("urn:dev:mac:0024BEFFFF804FF1");                      // hexdigit: either case
    check_fault("urn:dev:mac:0024be804ff1", 8 + 16, "hexdigit");      // a MAC-48 not converted
    check_fault("urn:dev:mac:xyz", 8 + 4, "hexstring");
    check_fault("urn:dev:ow:10e2073a0108006300", 8 + 19, "componentpart");
    check_fault("urn:dev:mac:0024beffff804ff1:a", 8 + 20, "componentpart");   // no identifiers after mac
}

BOOST_AUTO_TEST_CASE(rule_orgbody_osbody_opsbody)
{
    check_fault("urn:dev:org:0-foo", 8 + 4, "posnumber");
    check_fault("urn:dev:org:32473", 8 + 9, "\"-\"");
    check_fault("urn:dev:org:32473-foo:", 8 + 14, "identifier");
    check_fault("urn:dev:os:32473-", 8 + 9, "serial");
    check_fault("urn:dev:ops:32473-Refrigerator", 8 + 22, "\"-\"");
    check_fault("urn:dev:ops:32473--5002", 8 + 10, "product");
}

BOOST_AUTO_TEST_CASE(rule_otherbody_and_componentpart)
{
    check_fault("urn:dev:example", 8 + 7, "\":\"");
    check_fault("urn:dev:example:", 8 + 8, "identifier");
    check_fault("urn:dev:ow:10e2073a01080063_", 8 + 20, "identifier");
    check_fault("urn:dev:example:new+1", 8 + 11, "componentpart");
}

BOOST_AUTO_TEST_CASE(no_fold)
{
    // Section 3.2.1: compared case-sensitively beyond "urn" and the NID.
    auto const& reg = urns::nss::builtin();
    BOOST_TEST(reg.find("dev")->fold == nullptr);
    BOOST_TEST(!urns::nss::equivalent_nss(reg, "dev", "mac:0024BEFFFF804FF1", "mac:0024beffff804ff1"));
    BOOST_TEST(urns::nss::equivalent_nss(reg, "DEV", "ow:10e2073a01080063", "ow:10e2073a01080063"));
}
