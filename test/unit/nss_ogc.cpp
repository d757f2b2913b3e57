// SPDX-License-Identifier: BSL-1.0
// The "ogc" namespace (grammar/nss/ogc.abnf; RFC 5165): the three URNs of
// the RFC's section 3, their fields as section 2 names them, near misses
// with rule and offset, and no fold.
#define BOOST_TEST_MODULE nss_ogc
#include "nss_test.hpp"

#include <urns/nss/ogc.hpp>

using urns_test::check_fault;
using urns_test::check_fields;
using urns_test::check_valid;
namespace ogc = urns::nss::ogc;

BOOST_AUTO_TEST_CASE(rfc_examples)
{
    // RFC 5165 section 3, in order.
    for (char const* u : {"urn:ogc:specification:gml:doc-is(02-023r4):3.0.0",
                          "urn:ogc:serviceType:CatalogueService:2.0.2:HTTP", "urn:ogc:def:crs:EPSG:6.3:26986"})
        check_valid(u);
}

BOOST_AUTO_TEST_CASE(fields)
{
    // urn:ogc:{OGCresource}:{ResourceSpecificString} (section 2).
    auto const gml = ogc::parse("specification:gml:doc-is(02-023r4):3.0.0");
    BOOST_TEST_REQUIRE(gml.has_value());
    BOOST_TEST(gml->resource == "specification");
    BOOST_TEST(gml->specific == "gml:doc-is(02-023r4):3.0.0");
    auto const cat = ogc::parse("serviceType:CatalogueService:2.0.2:HTTP");
    BOOST_TEST_REQUIRE(cat.has_value());
    BOOST_TEST(cat->resource == "serviceType");
    BOOST_TEST(cat->specific == "CatalogueService:2.0.2:HTTP");
    auto const crs = ogc::parse("def:crs:EPSG:6.3:26986");
    BOOST_TEST_REQUIRE(crs.has_value());
    BOOST_TEST(crs->resource == "def");
    BOOST_TEST(crs->specific == "crs:EPSG:6.3:26986");
    BOOST_TEST(!ogc::parse("def"));
}

BOOST_AUTO_TEST_CASE(rule_ogc_nss)
{
    // "urn:ogc:" is 8 bytes.
    check_fault("urn:ogc:specification", 8 + 13, "\":\"");
    check_fault("urn:ogc::gml", 8 + 0, "OGCresource");
    check_fault("urn:ogc:def:", 8 + 4, "ResourceSpecificString");
    check_valid("urn:ogc:def:crs:EPSG::4326");   // ":" in the ResourceSpecificString
}

BOOST_AUTO_TEST_CASE(no_fold)
{
    // Section 2: the rules of RFC 2141 apply, and "OGCresource" is case
    // sensitive.
    auto const& reg = urns::nss::builtin();
    BOOST_TEST(reg.find("ogc")->fold == nullptr);
    BOOST_TEST(!urns::nss::equivalent_nss(reg, "ogc", "def:crs:EPSG:6.3:26986", "DEF:crs:EPSG:6.3:26986"));
    BOOST_TEST(urns::nss::equivalent_nss(reg, "OGC", "def:crs:EPSG:6.3:26986", "def:crs:EPSG:6.3:26986"));
}

BOOST_AUTO_TEST_CASE(named_fields)
{
    // Section 3's examples read by section 2's ABNF:
    // ogc-NSS = OGCresource ":" ResourceSpecificString.
    check_fields("ogc", "specification:gml:doc-is(02-023r4):3.0.0",
                 {{"OGCresource", 0, 13}, {"ResourceSpecificString", 14, 40}});
    check_fields("ogc", "def:crs:EPSG:6.3:26986", {{"OGCresource", 0, 3}, {"ResourceSpecificString", 4, 22}});
    check_fields("ogc", "def", {});   // rejected: no fields
}
