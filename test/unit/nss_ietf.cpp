// SPDX-License-Identifier: BSL-1.0
// The "ietf" namespace (grammar/nss/ietf.abnf: RFC 2648, RFC 3553) and its
// SCIM sub-namespace (grammar/nss/ietf-params-scim.abnf: RFC 7643
// section 10.2.1): the documents' examples, near misses with rule and
// offset, and the case fold.
#define BOOST_TEST_MODULE nss_ietf
#include "nss_test.hpp"

using urns_test::check_fault;
using urns_test::check_fields;
using urns_test::check_valid;

BOOST_AUTO_TEST_CASE(rfc2648_series)
{
    // One URN per alternative of RFC 2648's NSS rule (section 2).
    check_valid("urn:ietf:rfc:2648");
    check_valid("URN:IETF:RFC:2648");
    check_valid("urn:ietf:std:50");
    check_valid("urn:ietf:bcp:9");
    check_valid("urn:ietf:fyi:36");
    check_valid("urn:ietf:id:ietf-urn-ietf-06");
    check_valid("urn:ietf:mtg:41-urn");
    // other-nss: a string "beginning with a prefix other than one of those above".
    check_valid("urn:ietf:newseries");
    check_valid("urn:ietf:mtg-41-urn");
}

BOOST_AUTO_TEST_CASE(rfc3553_params)
{
    check_valid("urn:ietf:params:xml:ns:yang:ietf-interfaces");
    check_valid("urn:ietf:params:oauth:token-type:jwt");
    check_valid("urn:ietf:params:xml:ns:a%2Fb");
}

BOOST_AUTO_TEST_CASE(rfc7643_scim_examples)
{
    check_valid("urn:ietf:params:scim:schemas:core:2.0:User");
    check_valid("urn:ietf:params:scim:schemas:core:2.0:Group");
    check_valid("urn:ietf:params:scim:schemas:extension:enterprise:2.0:User");
    check_valid("urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig");
    check_valid("urn:ietf:params:scim:api:messages:2.0:ListResponse");   // RFC 7644
    check_valid("urn:ietf:params:scim:api:messages:2.0:Error");
    check_valid("urn:ietf:params:scim:schemas:core");                    // other is optional
    // "param": reserved by RFC 7643 section 10.2.1 (Process of Identifier
    // Assignment) with "api" for IETF-approved specifications; none assigned yet.
    check_valid("urn:ietf:params:scim:param:core");
    check_valid("urn:ietf:params:scim:PARAM:core:2.0:x");
    BOOST_TEST(urns::nss::ietf::validate_scim("params:scim:schemas:core:2.0:User").has_value());
}

BOOST_AUTO_TEST_CASE(rule_rfc_fyi_std_bcp_nss)
{
    // rfc-nss = "rfc:" 1*DIGIT (and fyi-, std-, bcp-nss). "urn:ietf:" is 9 bytes.
    check_fault("urn:ietf:rfc:26x8", 9 + 6, "rfc-nss");
    check_fault("urn:ietf:rfc:", 9 + 4, "DIGIT");
    check_fault("urn:ietf:RFC:abc", 9 + 4, "DIGIT");
    check_fault("urn:ietf:std:5.0", 9 + 5, "std-nss");
    check_fault("urn:ietf:bcp:x", 9 + 4, "DIGIT");
    check_fault("urn:ietf:fyi:3:6", 9 + 5, "fyi-nss");
}

BOOST_AUTO_TEST_CASE(rule_draft_mtg_nss_and_string)
{
    // draft-nss = "id:" string; mtg-nss = "mtg:" string; string = 1*(DIGIT / ALPHA / "-")
    check_fault("urn:ietf:id:", 9 + 3, "string");
    check_fault("urn:ietf:id:draft.txt", 9 + 8, "draft-nss");
    check_fault("urn:ietf:mtg:", 9 + 4, "string");
    check_fault("urn:ietf:mtg:41:urn", 9 + 6, "mtg-nss");
}

BOOST_AUTO_TEST_CASE(rule_other_nss)
{
    check_fault("urn:ietf:newseries:x", 9 + 9, "other-nss");
    check_fault("urn:ietf:new.series", 9 + 3, "other-nss");
    check_fault("urn:ietf:%41", 9 + 0, "NSS");
}

BOOST_AUTO_TEST_CASE(rule_params_nss_and_param_name)
{
    // params-nss = "params:" param-name *( ":" param-name )
    check_fault("urn:ietf:params:", 9 + 7, "param-name");
    check_fault("urn:ietf:params:xml::ns", 9 + 11, "param-name");
    check_fault("urn:ietf:params:xml:", 9 + 11, "param-name");
}

BOOST_AUTO_TEST_CASE(rule_scim_nss)
{
    // scim-nss = "params:scim:" type ":" name [ ":" other ]
    check_fault("urn:ietf:params:scim:", 9 + 12, "type");
    check_fault("urn:ietf:params:scim:users:core", 9 + 12, "type");
    // A type ends at a ":", which is expected after it (the ABNF reads on).
    check_fault("urn:ietf:params:scim:schemas", 9 + 19, "scim-nss");
    check_fault("urn:ietf:params:scim:apis:x", 9 + 15, "scim-nss");
    check_fault("urn:ietf:params:scim:params:x", 9 + 17, "scim-nss"); // "param", not "params"
    check_fault("urn:ietf:params:scim:param", 9 + 17, "scim-nss");
    check_fault("urn:ietf:params:scim:schemas:", 9 + 20, "name");
    check_fault("urn:ietf:params:scim:schemas::2.0", 9 + 20, "name");
    check_fault("urn:ietf:params:scim:schemas:core:", 9 + 25, "other");
}

BOOST_AUTO_TEST_CASE(equivalence_is_case_insensitive)
{
    auto const& reg = urns::nss::builtin();
    BOOST_TEST(urns::nss::equivalent_nss(reg, "ietf", "rfc:2648", "RFC:2648"));
    BOOST_TEST(urns::nss::equivalent_nss(reg, "ietf", "params:scim:schemas:core:2.0:User",
                                         "PARAMS:SCIM:Schemas:Core:2.0:user"));
    // Percent-encodings keep upper-case hex; the rest folds.
    BOOST_TEST(urns::nss::equivalent_nss(reg, "ietf", "params:xml:ns:a%2fb", "PARAMS:XML:NS:A%2Fb"));
    std::string out;
    urns::nss::append_canonical_nss(reg, "ietf", "PARAMS:XML:NS:A%2fB", out);
    BOOST_TEST(out == "params:xml:ns:a%2Fb");
    // Invalid NSSs are not folded; different numbers stay different.
    BOOST_TEST(!urns::nss::equivalent_nss(reg, "ietf", "rfc:12a", "RFC:12A"));
    BOOST_TEST(!urns::nss::equivalent_nss(reg, "ietf", "rfc:2648", "rfc:2649"));
}

BOOST_AUTO_TEST_CASE(named_fields)
{
    // RFC 2648 section 2's and RFC 3553's series read by the ABNF: the
    // alternative, and the named rules inside it.
    check_fields("ietf", "rfc:2648", {{"rfc-nss", 0, 8}});
    check_fields("ietf", "id:ietf-urn-ietf-06", {{"draft-nss", 0, 19}, {"string", 3, 19}});
    check_fields("ietf", "mtg:41-urn", {{"mtg-nss", 0, 10}, {"string", 4, 10}});
    check_fields("ietf", "newseries", {{"other-nss", 0, 9}, {"string", 0, 9}});
    // RFC 3553: params, its class (xml) and the names after it.
    check_fields("ietf", "params:xml:ns:yang:ietf-interfaces",
                 {{"params-nss", 0, 34}, {"param-name", 7, 10}, {"param-name", 11, 13}, {"param-name", 14, 18},
                  {"param-name", 19, 34}});
    // RFC 7643 section 10.2.1: the SCIM sub-namespace's type, name, other.
    // Its rules are ietf-params-scim.abnf's (ietf.abnf's header): a
    // scim-nss, not a params-nss, and no param-name.
    check_fields("ietf", "params:scim:schemas:core:2.0:User",
                 {{"scim-nss", 0, 33}, {"type", 12, 19}, {"name", 20, 24}, {"other", 25, 33}});
    check_fields("ietf", "PARAMS:SCIM:api:messages",
                 {{"scim-nss", 0, 24}, {"type", 12, 15}, {"name", 16, 24}});
    check_fields("ietf", "rfc:12a", {});   // rejected: no fields
}
