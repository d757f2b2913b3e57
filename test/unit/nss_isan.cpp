// SPDX-License-Identifier: BSL-1.0
// The "isan" namespace (grammar/nss/isan.abnf; RFC 4246, ISO 15706, ISO
// 7064 MOD 37,36): the RFC's two examples (whose check characters are
// wrong), the same ISANs with the right ones, fields, near misses with rule
// and offset, equivalence.
#define BOOST_TEST_MODULE nss_isan
#include "nss_test.hpp"

#include <urns/nss/isan.hpp>

using urns_test::check_fault;
using urns_test::check_fields;
using urns_test::check_valid;
namespace isan = urns::nss::isan;

// Decision (grammar/README.md): check characters are checked, so the
// examples of RFC 4246 section 2 are rejected. MOD 37,36 over
// 0123123032102310 gives "J", not "1"; over 188166C734206541, "Y", not "9";
// over 188166C7342065419F3A0245, "O", not "U".
BOOST_AUTO_TEST_CASE(rfc_examples_have_wrong_check_characters)
{
    // "URN:ISAN:" is 9 bytes; the first check character is at NSS offset 20.
    check_fault("URN:ISAN:0123-1230-3210-2310-1", 9 + 20, "check");
    check_fault("URN:ISAN:1881-66C7-3420-6541-9-9F3A-0245-U", 9 + 20, "check");
    // The same numbers with the right check characters.
    check_valid("URN:ISAN:0123-1230-3210-2310-J");
    check_valid("URN:ISAN:1881-66C7-3420-6541-Y-9F3A-0245-O");
    check_fault("URN:ISAN:1881-66C7-3420-6541-Y-9F3A-0245-U", 9 + 32, "check");
}

BOOST_AUTO_TEST_CASE(fields)
{
    // The groups as section 2's second example writes them: root
    // 1881-66C7-3420, episode 6541, version 9F3A-0245.
    auto const p = isan::parse("1881-66C7-3420-6541-Y-9F3A-0245-O");
    BOOST_TEST_REQUIRE(p.has_value());
    BOOST_TEST(p->root == "188166C73420");
    BOOST_TEST(p->episode == "6541");
    BOOST_TEST(p->version.value_or("") == "9F3A0245");
    auto const q = isan::parse("0123-1230-3210-2310-j");
    BOOST_TEST_REQUIRE(q.has_value());
    BOOST_TEST(q->root == "012312303210");
    BOOST_TEST(q->episode == "2310");
    BOOST_TEST(!q->version.has_value());
    BOOST_TEST(!isan::parse("0123-1230-3210-2310-1"));
}

BOOST_AUTO_TEST_CASE(case_insensitive)
{
    check_valid("urn:isan:1881-66c7-3420-6541-y-9f3a-0245-o");
    check_valid("urn:isan:0000-0000-D07A-0090-Q-0000-0000-X");
}

BOOST_AUTO_TEST_CASE(rule_root_and_hexnum)
{
    check_fault("urn:isan:0123-1230-321-2310-J", 9 + 13, "hex");    // a 3-digit group
    check_fault("urn:isan:0123-1230-3G10-2310-J", 9 + 11, "hex");
    check_fault("urn:isan:0123-1230-3210-231-J", 9 + 18, "hex");
    check_fault("urn:isan:0123", 9 + 4, "root");
}

BOOST_AUTO_TEST_CASE(rule_episode)
{
    check_fault("urn:isan:0123-1230-3210-2310", 9 + 19, "episode");
    check_fault("urn:isan:0123-1230-3210-2310-", 9 + 20, "upper"); // check = upper / lower / number
    check_fault("urn:isan:0123-1230-3210-2310-.", 9 + 20, "upper");
}

BOOST_AUTO_TEST_CASE(rule_version)
{
    check_fault("urn:isan:0123-1230-3210-2310-J-", 9 + 22, "hex");
    check_fault("urn:isan:0123-1230-3210-2310-J-0000", 9 + 26, "version");
    check_fault("urn:isan:0123-1230-3210-2310-J-0000-0000", 9 + 31, "version");
    check_fault("urn:isan:0123-1230-3210-2310-J-0000-0000-", 9 + 32, "upper");
}

BOOST_AUTO_TEST_CASE(rule_isan_nss)
{
    check_fault("urn:isan:0123-1230-3210-2310-J0", 9 + 21, "version"); // or the end of input
    check_fault("urn:isan:1881-66C7-3420-6541-Y-9F3A-0245-O-", 9 + 33, "end of input");
}

BOOST_AUTO_TEST_CASE(equivalence)
{
    auto const& reg = urns::nss::builtin();
    BOOST_TEST(urns::nss::equivalent_nss(reg, "isan", "1881-66c7-3420-6541-y-9f3a-0245-o",
                                         "1881-66C7-3420-6541-Y-9F3A-0245-O"));
    BOOST_TEST(urns::nss::equivalent_nss(reg, "ISAN", "0123-1230-3210-2310-j", "0123-1230-3210-2310-J"));
    // Invalid (wrong check character): the generic rule only.
    BOOST_TEST(!urns::nss::equivalent_nss(reg, "isan", "1881-66c7-3420-6541-9", "1881-66C7-3420-6541-9"));
    // With and without the version: different names.
    BOOST_TEST(!urns::nss::equivalent_nss(reg, "isan", "1881-66C7-3420-6541-Y",
                                          "1881-66C7-3420-6541-Y-9F3A-0245-O"));
}

BOOST_AUTO_TEST_CASE(named_fields)
{
    // Section 2's examples with their right check characters, read by
    // the ABNF: root episode [version], episode and version ending in a
    // check character.
    check_fields("isan", "1881-66C7-3420-6541-Y-9F3A-0245-O",
                 {{"root", 0, 15}, {"episode", 15, 21}, {"check", 20, 21}, {"version", 21, 33}, {"check", 32, 33}});
    check_fields("isan", "0123-1230-3210-2310-J", {{"root", 0, 15}, {"episode", 15, 21}, {"check", 20, 21}});
    check_fields("isan", "0123-1230-3210-2310-1", {});   // rejected (the RFC's check character): no fields
}
