// SPDX-License-Identifier: BSL-1.0
// The "xmpp" namespace (grammar/nss/xmpp.abnf; RFC 4854): the two URNs
// section 2 makes of its own examples, their fields as section 2 names
// them, sub-trees, near misses with rule and offset, and no fold.
#define BOOST_TEST_MODULE nss_xmpp
#include "nss_test.hpp"

#include <urns/nss/xmpp.hpp>

#include <string>
#include <vector>

using urns_test::check_fault;
using urns_test::check_fields;
using urns_test::check_valid;
namespace xmpp = urns::nss::xmpp;

BOOST_AUTO_TEST_CASE(rfc_examples)
{
    // RFC 4854 section 2, "Identifier Uniqueness Considerations": the
    // registrar's names "http://jabber.org/protocol/pubsub" and
    // "http://jabber.org/protocol/disco#info" become "urn:xmpp:{ShortName}"
    // and "urn:xmpp:{ShortName}:{SubName}".
    check_valid("urn:xmpp:pubsub");
    check_valid("urn:xmpp:disco:info");
}

BOOST_AUTO_TEST_CASE(fields)
{
    auto const pubsub = xmpp::parse("pubsub");
    BOOST_TEST_REQUIRE(pubsub.has_value());
    BOOST_TEST(pubsub->short_name == "pubsub");
    BOOST_TEST(!pubsub->sub_name.has_value());
    BOOST_TEST(pubsub->sub_tree.empty());
    auto const info = xmpp::parse("disco:info");
    BOOST_TEST_REQUIRE(info.has_value());
    BOOST_TEST(info->short_name == "disco");
    BOOST_TEST_REQUIRE(info->sub_name.has_value());
    BOOST_TEST(*info->sub_name == "info");
    BOOST_TEST(info->sub_tree.empty());
    BOOST_TEST(!xmpp::parse("disco:"));
    BOOST_TEST(!xmpp::parse(":info"));
}

// Decision (grammar/README.md): section 2's pattern has two names, but the
// registrar "may also assign URNs in sub-trees below the level of the
// ShortName or SubName": any number of further names, none empty.
BOOST_AUTO_TEST_CASE(sub_trees)
{
    check_valid("urn:xmpp:disco:info:a:b");
    auto const deep = xmpp::parse("disco:info:a:b");
    BOOST_TEST_REQUIRE(deep.has_value());
    BOOST_TEST(deep->short_name == "disco");
    BOOST_TEST_REQUIRE(deep->sub_name.has_value());
    BOOST_TEST(*deep->sub_name == "info");
    std::vector<std::string> const below{"a", "b"};
    BOOST_TEST(deep->sub_tree == below, boost::test_tools::per_element());
    // "urn:xmpp:" is 9 bytes; "disco:info:" 11 more.
    check_fault("urn:xmpp:disco:info:", 9 + 11, "sub-tree-name");
    check_fault("urn:xmpp:disco:info::b", 9 + 11, "sub-tree-name");
}

BOOST_AUTO_TEST_CASE(rule_xmpp_nss)
{
    check_fault("urn:xmpp::info", 9 + 0, "ShortName");
    check_fault("urn:xmpp:disco:", 9 + 6, "SubName");   // an optional SubName goes with its ":"
    check_fault("urn:xmpp:disco::a", 9 + 6, "SubName");
}

BOOST_AUTO_TEST_CASE(no_fold)
{
    // Section 2: "the rules for lexical equivalence specified in RFC 2141
    // apply".
    auto const& reg = urns::nss::builtin();
    BOOST_TEST(reg.find("xmpp")->fold == nullptr);
    BOOST_TEST(!urns::nss::equivalent_nss(reg, "xmpp", "disco:info", "DISCO:info"));
    BOOST_TEST(urns::nss::equivalent_nss(reg, "XMPP", "disco:info", "disco:info"));
}

BOOST_AUTO_TEST_CASE(named_fields)
{
    // Section 2's examples read by its ABNF:
    // xmpp-NSS = ShortName [ ":" SubName *( ":" sub-tree-name ) ].
    check_fields("xmpp", "pubsub", {{"ShortName", 0, 6}});
    check_fields("xmpp", "disco:info", {{"ShortName", 0, 5}, {"SubName", 6, 10}});
    check_fields("xmpp", "disco:info:a:b",
                 {{"ShortName", 0, 5}, {"SubName", 6, 10}, {"sub-tree-name", 11, 12}, {"sub-tree-name", 13, 14}});
    check_fields("xmpp", "disco:", {});   // rejected: no fields
}
