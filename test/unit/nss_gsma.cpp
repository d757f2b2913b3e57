// SPDX-License-Identifier: BSL-1.0
// The "gsma" namespace (grammar/nss/gsma.abnf; RFC 7254): the RFC's two
// examples (section 4.1), the fields read off them, the prose rules on
// ext-imei and "imei:", near misses with rule and offset, equivalence.
#define BOOST_TEST_MODULE nss_gsma
#include "nss_test.hpp"

#include <urns/nss/gsma.hpp>

using urns_test::check_fault;
using urns_test::check_fields;
using urns_test::check_valid;
namespace gsma = urns::nss::gsma;

BOOST_AUTO_TEST_CASE(rfc_examples)
{
    // RFC 7254 section 4.1, the two examples.
    check_valid("urn:gsma:imei:90420156-025763-0;vers=0");
    check_valid("urn:gsma:imei:90420156-025763-0;svn=42");
    // The fields as section 4.1 describes them: TAC 90420156, SNR 025763,
    // Spare 0; the IMEISV's SVN 42; vers 0.
    auto const a = gsma::parse_imei("imei:90420156-025763-0;vers=0");
    BOOST_TEST_REQUIRE(a.has_value());
    BOOST_TEST(a->tac == "90420156");
    BOOST_TEST(a->snr == "025763");
    BOOST_TEST(a->spare == 0u);
    BOOST_TEST(!a->svn.has_value());
    BOOST_TEST(a->vers.value_or(9) == 0u);
    auto const b = gsma::parse_imei("imei:90420156-025763-0;svn=42");
    BOOST_TEST_REQUIRE(b.has_value());
    BOOST_TEST(b->tac == "90420156");
    BOOST_TEST(b->snr == "025763");
    BOOST_TEST(b->svn.value_or(0) == 42u);
    BOOST_TEST(!b->vers.has_value());
}

BOOST_AUTO_TEST_CASE(more_valid)
{
    check_valid("urn:gsma:imei:90420156-025763-0");
    check_valid("urn:gsma:IMEI:90420156-025763-0;SVN=42;VERS=0");   // ABNF strings: any case
    check_valid("urn:gsma:imei:90420156-025763-0;svn=42;vers=0");
    check_valid("urn:gsma:imei:A1-B2:C3;vers=1");                   // ext-imei, non-zero vers
    check_valid("urn:gsma:imei:A1-B2:C3;svn=01;vers=1");
    check_valid("urn:gsma:future:a.b_c;p;q=v%41");                   // a future-gsma-specifier
    BOOST_TEST(!gsma::parse_imei("imei:A1-B2:C3;vers=1"));            // not an imeival
    BOOST_TEST(!gsma::parse_imei("future:a"));
    BOOST_TEST(!gsma::parse_imei("imei:9042015-025763-0"));
}

// Decision (grammar/README.md): the Spare is any DIGIT (the ABNF), and no
// check digit is computed. The Luhn check digit of TAC+SNR 90420156025763
// (3GPP TS 23.003 Annex B) is 7; the RFC's own examples carry 0 (section
// 4.2.3: the Spare is sent as zero), and both are accepted.
BOOST_AUTO_TEST_CASE(spare_is_not_a_check_digit)
{
    check_valid("urn:gsma:imei:90420156-025763-0");
    check_valid("urn:gsma:imei:90420156-025763-7");
    BOOST_TEST(gsma::parse_imei("imei:90420156-025763-7")->spare == 7u);
}

// Decision (grammar/README.md): a value that is not an imeival is an
// ext-imei only with a non-zero "vers" (section 4.1), and an NSS that
// starts "imei:" is never read as a future-gsma-specifier.
BOOST_AUTO_TEST_CASE(ext_imei_needs_vers)
{
    // "urn:gsma:" is 9 bytes, "imei:" 5 more. A value that is no imeival
    // is read on as an ext-imei, which a ";" and a non-zero vers must
    // follow: the fault is the farther of the two readings, as the
    // ABNF's in the decision's language (test abnf_diff_nss_gsma).
    check_fault("urn:gsma:imei:1234", 9 + 9, "DIGIT"); // the tac's 5th digit, or a ";"
    check_fault("urn:gsma:imei:ABC;vers=0", 9 + 14, "imei-version-val");
    check_fault("urn:gsma:imei:ABC", 9 + 8, "imei-specifier");
    check_fault("urn:gsma:imei:A1-B2:C3;svn=01", 9 + 20, "imei-specifier");
}

BOOST_AUTO_TEST_CASE(rule_imeival)
{
    // Digits and hyphens are also an ext-imei's: a value that is no
    // imeival is an ext-imei without its vers, at the value's end.
    check_fault("urn:gsma:imei:9042015-025763-0", 9 + 21, "imei-specifier"); // 7-digit tac
    check_fault("urn:gsma:imei:90420156025763-0", 9 + 21, "imei-specifier");
    check_fault("urn:gsma:imei:90420156-02576-0", 9 + 21, "imei-specifier");   // 5-digit snr
    check_fault("urn:gsma:imei:90420156-025763-", 9 + 21, "DIGIT");            // no spare
    check_fault("urn:gsma:imei:90420156-025763-0x", 9 + 23, "imei-specifier"); // value too long
    check_fault("urn:gsma:imei:90420156-025763-00", 9 + 23, "imei-specifier");
}

BOOST_AUTO_TEST_CASE(rule_sw_version_param)
{
    check_fault("urn:gsma:imei:90420156-025763-0;svn=4", 9 + 28, "DIGIT");
    check_fault("urn:gsma:imei:90420156-025763-0;svn=", 9 + 27, "DIGIT");
    check_fault("urn:gsma:imei:90420156-025763-0;foo=1", 9 + 23, "sw-version-param");
}

BOOST_AUTO_TEST_CASE(rule_imei_version_param)
{
    check_fault("urn:gsma:imei:90420156-025763-0;vers=", 9 + 28, "DIGIT");
    // vers comes after svn (the ABNF's order): bytes left over.
    check_fault("urn:gsma:imei:90420156-025763-0;vers=0;svn=42", 9 + 29, "end of input");
}

BOOST_AUTO_TEST_CASE(rule_future_gsma_specifier)
{
    check_fault("urn:gsma:foo;", 9 + 4, "gsma-urn-char");
    check_fault("urn:gsma:foo;a=", 9 + 6, "gsma-urn-char");
    check_fault("urn:gsma:foo+bar", 9 + 3, "future-gsma-specifier"); // "+" is not a gsma-urn-char
}

BOOST_AUTO_TEST_CASE(equivalence)
{
    auto const& reg = urns::nss::builtin();
    // Section 3: same imeival and parameters, "vers=0" ignored, any case.
    BOOST_TEST(urns::nss::equivalent_nss(reg, "gsma", "imei:90420156-025763-0;vers=0",
                                         "imei:90420156-025763-0"));
    BOOST_TEST(urns::nss::equivalent_nss(reg, "GSMA", "IMEI:90420156-025763-0;SVN=42",
                                         "imei:90420156-025763-0;svn=42"));
    BOOST_TEST(urns::nss::equivalent_nss(reg, "gsma", "imei:90420156-025763-0;svn=42;vers=0",
                                         "imei:90420156-025763-0;svn=42"));
    BOOST_TEST(!urns::nss::equivalent_nss(reg, "gsma", "imei:90420156-025763-0;svn=42",
                                          "imei:90420156-025763-0;svn=43"));
    BOOST_TEST(!urns::nss::equivalent_nss(reg, "gsma", "imei:90420156-025763-0;vers=1",
                                          "imei:90420156-025763-0"));
    // Not an IMEI URN, or invalid: the generic rule only.
    BOOST_TEST(!urns::nss::equivalent_nss(reg, "gsma", "future:A", "future:a"));
    BOOST_TEST(!urns::nss::equivalent_nss(reg, "gsma", "IMEI:1234", "imei:1234"));
}

BOOST_AUTO_TEST_CASE(named_fields)
{
    // Section 4.1's two examples read by section 3's ABNF: the specifier,
    // the imeival's tac, snr and spare, and the parameters' values.
    check_fields("gsma", "imei:90420156-025763-0;vers=0",
                 {{"imei-specifier", 0, 29}, {"imeival", 5, 22}, {"tac", 5, 13}, {"snr", 14, 20}, {"spare", 21, 22},
                  {"imei-version-val", 28, 29}});
    check_fields("gsma", "imei:90420156-025763-0;svn=42",
                 {{"imei-specifier", 0, 29}, {"imeival", 5, 22}, {"tac", 5, 13}, {"snr", 14, 20}, {"spare", 21, 22},
                  {"software-version", 27, 29}});
    // An ext-imei (a non-zero vers), and a future specifier's parameters.
    check_fields("gsma", "imei:A1-B2:C3;vers=1",
                 {{"imei-specifier", 0, 20}, {"ext-imei", 5, 13}, {"imei-version-val", 19, 20}});
    check_fields("gsma", "future:a.b_c;p;q=v%41",
                 {{"future-gsma-specifier", 0, 21}, {"future-specifier", 0, 12}, {"future-param", 13, 14},
                  {"par-name", 13, 14}, {"future-param", 15, 21}, {"par-name", 15, 16}, {"par-value", 17, 21}});
    check_fields("gsma", "imei:9042015-025763-0", {});   // rejected (a 7-digit TAC): no fields
}
