// SPDX-License-Identifier: BSL-1.0
// The "epc" namespace (grammar/nss/epc.abnf; RFC 5134 section 2, GS1 EPC Tag
// Data Standard section 6.3): the RFC's example and its fields, pure
// identities of the ten checked schemes with their digit totals, serials
// of GS3A3 characters, other schemes and sub-namespaces accepted by RFC
// 5134's rule, near misses with rule and offset, no fold.
#define BOOST_TEST_MODULE nss_epc
#include "nss_test.hpp"

#include <urns/nss/epc.hpp>

using urns_test::check_fault;
using urns_test::check_valid;
namespace epc = urns::nss::epc;

namespace {

void check_fields(char const* nss, char const* scheme, char const* prefix, char const* reference,
                  char const* serial)
{
    BOOST_TEST_CONTEXT(nss)
    {
        check_valid(std::string("urn:epc:") + nss);
        auto const p = epc::parse(nss);
        BOOST_TEST_REQUIRE(p.has_value());
        BOOST_TEST(p->sub_namespace == "id");
        BOOST_TEST(p->checked);
        BOOST_TEST(p->scheme == scheme);
        BOOST_TEST(p->company_prefix == prefix);
        BOOST_TEST(p->reference == reference);
        BOOST_TEST(p->serial == serial);
    }
}

} // namespace

BOOST_AUTO_TEST_CASE(rfc_example)
{
    // RFC 5134 section 2: "The first series is a company prefix, the second
    // denotes a product reference assigned by that company, and the third
    // is a serial number"; "leading zeros are significant".
    check_fields("id:sgtin:900100.0003456.1234567", "sgtin", "900100", "0003456", "1234567");
}

BOOST_AUTO_TEST_CASE(tag_data_standard_examples)
{
    // The SGTIN and SSCC of example/epc_namespace (TDS's), and SGTINs that
    // GS1 EPC libraries document (the gs1 crate, pyepc, the GS1 EPC URI to
    // Digital Link translator).
    check_fields("id:sgtin:0614141.112345.400", "sgtin", "0614141", "112345", "400");
    check_fields("id:sscc:0614141.1234567890", "sscc", "0614141", "1234567890", "");
    check_fields("id:sgtin:0614141.812345.6789", "sgtin", "0614141", "812345", "6789");
    check_fields("id:sgtin:0614141.812345.12345", "sgtin", "0614141", "812345", "12345");
    check_fields("id:sgtin:4012345.011111.987", "sgtin", "4012345", "011111", "987");
}

BOOST_AUTO_TEST_CASE(digit_totals)
{
    // Built here from TDS's totals (prefix and reference without the check
    // digit): SGLN 12, GRAI 12, GIAI up to 30 characters, GSRN and GSRNP 17,
    // GDTI 12, PGLN 12, GSIN 16; a 12-digit prefix leaves an empty
    // reference where the reference may be empty.
    check_fields("id:sgln:0614141.12345.400", "sgln", "0614141", "12345", "400");
    check_fields("id:sgln:061414112345..0", "sgln", "061414112345", "", "0");
    check_fields("id:grai:0614141.12345.400", "grai", "0614141", "12345", "400");
    check_fields("id:giai:0614141.12345400", "giai", "0614141", "12345400", "");
    check_fields("id:giai:061414112345.ABCDEFGHIJKLMNOPQR", "giai", "061414112345", "ABCDEFGHIJKLMNOPQR", "");
    check_fields("id:gsrn:0614141.1234567890", "gsrn", "0614141", "1234567890", "");
    check_fields("id:gsrnp:0614141.1234567890", "gsrnp", "0614141", "1234567890", "");
    check_fields("id:gdti:0614141.12345.400", "gdti", "0614141", "12345", "400");
    check_fields("id:pgln:0614141.12345", "pgln", "0614141", "12345", "");
    check_fields("id:pgln:061414112345.", "pgln", "061414112345", "", "");
    check_fields("id:gsin:0614141.123456789", "gsin", "0614141", "123456789", "");
    // "urn:epc:" is 8 bytes; "id:sgtin:0614141." 17 more: 12 digits where
    // 13 are needed, at the item reference's last digit.
    check_fault("urn:epc:id:sgtin:0614141.11234.400", 8 + 21, "item-reference");
    check_fault("urn:epc:id:sgtin:0614141.1123456.400", 8 + 23, "item-reference");
    check_fault("urn:epc:id:sscc:0614141.123456789", 8 + 24, "serial-reference");
    check_fault("urn:epc:id:sgln:0614141.1234.0", 8 + 19, "location-reference");
    // 11 prefix digits and one of location reference: the 12 are complete,
    // the "." before the extension is missing.
    check_fault("urn:epc:id:sgln:06141411234.0", 8 + 21, "\".\"");
    check_fault("urn:epc:id:grai:0614141.123456.7", 8 + 21, "asset-type");
    check_fault("urn:epc:id:gsrn:0614141.123456789", 8 + 24, "service-reference");
    check_fault("urn:epc:id:gsrnp:0614141.12345678901", 8 + 27, "service-reference");
    check_fault("urn:epc:id:gdti:0614141.1234.5", 8 + 19, "document-type");
    check_fault("urn:epc:id:pgln:0614141.1234", 8 + 19, "party-reference");
    check_fault("urn:epc:id:gsin:0614141.12345678", 8 + 23, "shipper-reference");
    // GIAI: 12 prefix digits and 19 characters are 31.
    check_fault("urn:epc:id:giai:061414112345.ABCDEFGHIJKLMNOPQRS", 8 + 39, "asset-reference");
    // A prefix of 5 digits, or 13.
    check_fault("urn:epc:id:sgtin:06141.1234567.1", 8 + 9, "company-prefix");
    check_fault("urn:epc:id:sscc:0614141234567.1234", 8 + 8 + 12, "\".\"");
}

BOOST_AUTO_TEST_CASE(serials_are_gs3a3)
{
    // TDS section 5: letters, digits, !'()*+,-.:;=_ and escapes of the 82
    // characters; an escape counts as one character.
    check_fields("id:sgtin:0614141.112345.A!'()*+,-.:;=_z", "sgtin", "0614141", "112345", "A!'()*+,-.:;=_z");
    check_fields("id:sgtin:0614141.112345.4%2F%22%25%26%3C%3E%3F", "sgtin", "0614141", "112345",
                 "4%2F%22%25%26%3C%3E%3F");
    check_valid("urn:epc:id:sgtin:0614141.112345.%41%2f");   // "A" escaped, lower-case hex
    check_valid("urn:epc:id:sgtin:0614141.112345.12345678901234567890");
    check_valid("urn:epc:id:sgtin:0614141.112345.%2F2345678901234567890");   // 20 with an escape
    check_valid("urn:epc:id:grai:0614141.12345.1234567890123456");
    check_valid("urn:epc:id:gdti:0614141.12345.12345678901234567");
    // "id:sgtin:0614141.112345." is 24 bytes.
    check_fault("urn:epc:id:sgtin:0614141.112345.123456789012345678901", 8 + 44, "serial");
    // "id:grai:0614141.12345." and "id:gdti:0614141.12345." are 22 bytes.
    check_fault("urn:epc:id:grai:0614141.12345.12345678901234567", 8 + 38, "grai-serial");
    check_fault("urn:epc:id:gdti:0614141.12345.123456789012345678", 8 + 39, "gdti-serial");
    check_fault("urn:epc:id:sgtin:0614141.112345.4@5", 8 + 25, "serial");
    check_fault("urn:epc:id:sgtin:0614141.112345.4$", 8 + 25, "serial");
    check_fault("urn:epc:id:sgtin:0614141.112345.", 8 + 24, "serial");
    // Escapes outside the 82: a space, DEL, "#"; and a short escape.
    check_fault("urn:epc:id:sgtin:0614141.112345.4%20", 8 + 27, "escape");
    check_fault("urn:epc:id:sgtin:0614141.112345.4%7F", 8 + 27, "escape");
    check_fault("urn:epc:id:sgtin:0614141.112345.4%23", 8 + 27, "escape");
    // A short escape (the URN grammars reject it first).
    auto const f = epc::validate("id:sgtin:0614141.112345.4%2");
    BOOST_TEST_REQUIRE(!f);
    BOOST_TEST(f.error().offset == 27u);
    BOOST_TEST(f.error().expected == "HEXDIG");
}

BOOST_AUTO_TEST_CASE(numeric_component_of_rfc5134)
{
    // RFC 5134's SGTIN ABNF ("non-normative") makes the serial a
    // NumericComponent (no leading zero, digits only) after two or more
    // padded components; TDS, which the RFC calls normative, makes it a
    // GS3A3 component after exactly two. TDS is followed.
    check_valid("urn:epc:id:sgtin:900100.0003456.01234567");
    check_valid("urn:epc:id:sgtin:900100.0003456.A1");
    check_valid("urn:epc:id:sgtin:900100.0003456.1.2");   // "1.2" is one serial
    check_fault("urn:epc:id:sgtin:900100.000345.6.1234567", 8 + 21, "item-reference");
}

BOOST_AUTO_TEST_CASE(other_schemes_and_sub_namespaces)
{
    // RFC 5134: "a set of sub-namespaces that can be extended in the
    // future"; name = let-num [ 1*let-num-hyp ], then ":" and a rest.
    // Their syntax is not checked here.
    for (char const* nss : {"id:cpi:0614141.123ABC.123456", "id:gid:95100000.12345.400", "id:SGTIN:1",
                            "tag:sgtin-96:3.0614141.812345.6789", "tag:sgtin-96:1.0614141.812345.12345",
                            "idpat:sgtin:0614141.112345.*", "raw:96.x3074257BF7194E4000001A85",
                            "class:lgtin:4012345.012345.998877", "ID:sgtin:0614141.11234.400"}) {
        check_valid(std::string("urn:epc:") + nss);
        auto const p = epc::parse(nss);
        BOOST_TEST_REQUIRE(p.has_value(), nss);
        BOOST_TEST(!p->checked, nss);
    }
    auto const tag = epc::parse("tag:sgtin-96:3.0614141.812345.6789");
    BOOST_TEST(tag->sub_namespace == "tag");
    BOOST_TEST(tag->scheme.empty());
    BOOST_TEST(tag->rest == "sgtin-96:3.0614141.812345.6789");
    auto const cpi = epc::parse("id:cpi:0614141.123ABC.123456");
    BOOST_TEST(cpi->scheme == "cpi");
    BOOST_TEST(cpi->rest == "0614141.123ABC.123456");
    check_fault("urn:epc:tag", 8 + 3, "\":\"");
    check_fault("urn:epc:-tag:x", 8 + 0, "epc-NSS");
    check_fault("urn:epc:tag:", 8 + 4, "rest");
    check_fault("urn:epc:id:cpi", 8 + 6, "\":\"");
    check_fault("urn:epc:id:", 8 + 3, "pure-identity");
}

BOOST_AUTO_TEST_CASE(no_fold)
{
    // RFC 5134 section 2: "The entire URN is case-sensitive."
    auto const& reg = urns::nss::builtin();
    BOOST_TEST(reg.find("epc")->fold == nullptr);
    BOOST_TEST(!urns::nss::equivalent_nss(reg, "epc", "id:sgtin:0614141.112345.a", "id:sgtin:0614141.112345.A"));
    BOOST_TEST(urns::nss::equivalent_nss(reg, "epc", "id:sgtin:0614141.112345.%2f", "id:sgtin:0614141.112345.%2F"));
}

BOOST_AUTO_TEST_CASE(named_fields)
{
    // RFC 5134 section 2's example and the standard's SSCC, read by the
    // ABNF: the alternatives taken and the named rules inside them.
    urns_test::check_fields("epc", "id:sgtin:0614141.112345.400",
                            {{"pure-identity", 0, 27}, {"sgtin", 3, 27}, {"company-prefix", 9, 16},
                             {"item-reference", 17, 23}, {"serial", 24, 27}});
    urns_test::check_fields("epc", "id:sscc:0614141.1234567890",
                            {{"pure-identity", 0, 26}, {"sscc", 3, 26}, {"company-prefix", 8, 15},
                             {"serial-reference", 16, 26}});
    // Another scheme, and another sub-namespace: their names and rests.
    urns_test::check_fields("epc", "id:cpi:0614141.123ABC.123456",
                            {{"pure-identity", 0, 28}, {"other-scheme", 3, 28}, {"scheme-name", 3, 6}, {"rest", 7, 28}});
    urns_test::check_fields("epc", "tag:sgtin-96:3.0614141.812345.6789",
                            {{"sub-namespace", 0, 34}, {"sub-ns-name", 0, 3}, {"rest", 4, 34}});
    // Rejected (7 + 7 digits, not 13): no fields.
    urns_test::check_fields("epc", "id:sgtin:0614141.1123456.400", {});
}
