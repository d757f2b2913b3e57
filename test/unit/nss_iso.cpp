// SPDX-License-Identifier: BSL-1.0
// The "iso" namespace (grammar/nss/iso.abnf; RFC 5141): every URN of the
// RFC's sections 2.4.2 and 2.8 and the docversion examples of 2.4.1, their
// elements as the RFC's text describes them, the three places where the
// text and its ABNF part, near misses with rule and offset, and the fold of
// section 2.9.
#define BOOST_TEST_MODULE nss_iso
#include "nss_test.hpp"

#include <urns/nss/iso.hpp>

#include <string>

using urns_test::check_fault;
using urns_test::check_fields;
using urns_test::check_valid;
namespace iso = urns::nss::iso;

namespace {

/// "urn:iso:" is 8 bytes: offsets below are 8 + the offset in the NSS.
constexpr std::size_t nid = 8;

iso::parts parsed(std::string const& nss)
{
    auto const p = iso::parse(nss);
    BOOST_TEST_REQUIRE(p.has_value(), nss);
    return *p;
}

} // namespace

BOOST_AUTO_TEST_CASE(rfc_examples)
{
    // Section 2.4.2, in order, the two URNs it breaks over two lines joined
    // again; one more, urn:iso:std:iso:9999:1:ed-2:en,fr:amd:2:en, is in
    // partnumber_needs_hyphen.
    for (char const* u : {
             "urn:iso:std:iso:9999:-1:ed-1:en",
             "urn:iso:std:iso:9999:-1:ed-1:en,fr",
             "urn:iso:std:iso-iec:tr:9999:-1:ed-1:en",
             "urn:iso:std:iso-iec:9075:-3:cancelled:ed-2:en",
             "urn:iso:std:iso-iec:9075:-3:stage-95.99:ed-2:en",
             "urn:iso:std:iso-iec:9075:-3:draft:ed-4:en",
             "urn:iso:std:iso-iec:9075:-3:stage-30.60:ed-4:en",
             "urn:iso:std:iso:128:-20:en",
             "urn:iso:std:iso:128:-20:stage-90.20:ed-1:en",
             "urn:iso:std:iso:128:-71:cancelled:ed-1:en",
             "urn:iso:std:iso:128:-71:stage-30.98.v2:ed-1:en",
             "urn:iso:std:iso:9999:-A02:ed-1:en",
             "urn:iso:std:iso:20022:tech:xsd:camt.001.001.01",
             "urn:iso:std:iso:9999:-1:ed-1:v2:en",
             "urn:iso:std:iso:9999:-1:ed-1:v1-amd1:en",
             "urn:iso:std:iso:9999:-1:ed-1:v1:en,fr:amd:1:v2:en",
             "urn:iso:std:iso:9999:-1:ed-1:v1-amd1.v1:en,fr:amd:2:v2:en",
             "urn:iso:std:iso:5817:ed-2:v2:en:cor:1:en",
             "urn:iso:std:iso:9999:-1:ed-2:en:amd:1",
             "urn:iso:std:iso:9999:-1:ed-2:en:amd:1:v2",
             "urn:iso:std:iso:9999:-1:ed-2:en:amd:1:cor:1",
             "urn:iso:std:iso:105:-c12:ed-1:en:clause:a.1,a.2",
             "urn:iso:std:iso:105:-c12:ed-1:en:clause:a.1-a.2",
             "urn:iso:std:iso:9999:-1:ed-1:v1-amd1.v1:en,fr:amd:2:v2:en:clause:3.1,a.2-b.9",
             "urn:iso:std:iso:9999:-1:ed-2:en:amd:1:term:3.2,3.3,3.4.1-3.4.4,3.12",
             // Section 2.8 (without the ":" before "corresponds", see
             // addition_is_techdefined_only).
             "urn:iso:std:iso-iec:tr:9999:-1:ed-1:en",
             "urn:iso:std:iso:9999:-1:ed-2:en,fr:amd:2",
         })
        check_valid(u);
    // Section 2.4.1's isoversion examples, as the docversion of a URN.
    for (char const* v : {"1", "1-amd1.v1", "1-amd1.v1-amd2.v1", "1-amd1.v2-amd2.v1-amd3", "1-cor3", "1-amd1-cor3"})
        check_valid(std::string("urn:iso:std:iso:9999:-1:ed-1:v") + v);
}

BOOST_AUTO_TEST_CASE(fields_of_the_document)
{
    // "refers to the 1st edition of ISO 9999-1, in English"
    auto const a = parsed("std:iso:9999:-1:ed-1:en");
    BOOST_TEST(a.originator == "iso");
    BOOST_TEST(!a.type.has_value());
    BOOST_TEST(a.docnumber == "9999");
    BOOST_TEST(a.partnumber.value_or("") == "1");
    BOOST_TEST(!a.status.has_value());
    BOOST_TEST(a.edition.value_or("") == "1");
    BOOST_TEST(!a.docversion.has_value());
    BOOST_TEST(a.language.value_or("") == "en");
    BOOST_TEST(a.supplements.empty());
    BOOST_TEST(a.docelements.empty());
    BOOST_TEST(!a.techdefined.has_value());
    // "in English/French (bilingual document)"
    BOOST_TEST(parsed("std:iso:9999:-1:ed-1:en,fr").language.value_or("") == "en,fr");
    // "ISO/IEC TR 9999-1"
    auto const tr = parsed("std:iso-iec:tr:9999:-1:ed-1:en");
    BOOST_TEST(tr.originator == "iso-iec");
    BOOST_TEST(tr.type.value_or("") == "tr");
    BOOST_TEST(tr.docnumber == "9999");
    // "the cancelled 2nd edition of ISO/IEC 9075-3", twice
    auto const cancelled = parsed("std:iso-iec:9075:-3:cancelled:ed-2:en");
    BOOST_TEST(cancelled.partnumber.value_or("") == "3");
    BOOST_TEST(cancelled.status.value_or("") == "cancelled");
    BOOST_TEST(cancelled.edition.value_or("") == "2");
    BOOST_TEST(parsed("std:iso-iec:9075:-3:stage-95.99:ed-2:en").status.value_or("") == "stage-95.99");
    // "the draft 4th edition"
    auto const draft = parsed("std:iso-iec:9075:-3:draft:ed-4:en");
    BOOST_TEST(draft.status.value_or("") == "draft");
    BOOST_TEST(draft.edition.value_or("") == "4");
    // "ISO 128-20, in English", no edition given
    auto const undated = parsed("std:iso:128:-20:en");
    BOOST_TEST(undated.docnumber == "128");
    BOOST_TEST(undated.partnumber.value_or("") == "20");
    BOOST_TEST(!undated.edition.has_value());
    BOOST_TEST(undated.language.value_or("") == "en");
    // "the 2nd iteration (projectversion) at stage 30"
    BOOST_TEST(parsed("std:iso:128:-71:stage-30.98.v2:ed-1:en").status.value_or("") == "stage-30.98.v2");
    // "ISO 9999-A02"
    BOOST_TEST(parsed("std:iso:9999:-A02:ed-1:en").partnumber.value_or("") == "A02");
    // "associated with ISO 20022 in its entirety; [...] the techdefined part
    // comprises ":xsd:camt.001.001.01""
    auto const tech = parsed("std:iso:20022:tech:xsd:camt.001.001.01");
    BOOST_TEST(tech.docnumber == "20022");
    BOOST_TEST(!tech.partnumber.has_value());
    BOOST_TEST(tech.techdefined.value_or("") == ":xsd:camt.001.001.01");
    // "the corrected English version of the 1st edition"
    auto const v2 = parsed("std:iso:9999:-1:ed-1:v2:en");
    BOOST_TEST(v2.docversion.value_or("") == "2");
    BOOST_TEST(v2.language.value_or("") == "en");
    BOOST_TEST(parsed("std:iso:9999:-1:ed-1:v1-amd1:en").docversion.value_or("") == "1-amd1");
}

BOOST_AUTO_TEST_CASE(fields_of_supplements_and_elements)
{
    // "the 2nd version of Amendment 1, in English, which amends the 1st
    // version of edition 1 of ISO 9999-1, in English/French"
    auto const a = parsed("std:iso:9999:-1:ed-1:v1:en,fr:amd:1:v2:en");
    BOOST_TEST(a.docversion.value_or("") == "1");
    BOOST_TEST(a.language.value_or("") == "en,fr");
    BOOST_TEST_REQUIRE(a.supplements.size() == 1u);
    BOOST_TEST(a.supplements[0].type == "amd");
    BOOST_TEST(a.supplements[0].number == "1");
    BOOST_TEST(a.supplements[0].version.value_or("") == "2");
    BOOST_TEST(a.supplements[0].language.value_or("") == "en");
    // "the corrected version of Amendment 2 [...] incorporating the 1st
    // version of Amendment 1"
    auto const b = parsed("std:iso:9999:-1:ed-1:v1-amd1.v1:en,fr:amd:2:v2:en");
    BOOST_TEST(b.docversion.value_or("") == "1-amd1.v1");
    BOOST_TEST_REQUIRE(b.supplements.size() == 1u);
    BOOST_TEST(b.supplements[0].number == "2");
    BOOST_TEST(b.supplements[0].version.value_or("") == "2");
    // "Technical Corrigendum 1, in English, which amends the corrected
    // version of edition 2 of ISO 5817, in English"
    auto const c = parsed("std:iso:5817:ed-2:v2:en:cor:1:en");
    BOOST_TEST(c.docnumber == "5817");
    BOOST_TEST(!c.partnumber.has_value());
    BOOST_TEST(c.edition.value_or("") == "2");
    BOOST_TEST(c.docversion.value_or("") == "2");
    BOOST_TEST(c.language.value_or("") == "en");
    BOOST_TEST_REQUIRE(c.supplements.size() == 1u);
    BOOST_TEST(c.supplements[0].type == "cor");
    BOOST_TEST(c.supplements[0].number == "1");
    BOOST_TEST(!c.supplements[0].version.has_value());
    BOOST_TEST(c.supplements[0].language.value_or("") == "en");
    // "Corrigendum 1 to Amendment 1 to the 2nd edition"
    auto const d = parsed("std:iso:9999:-1:ed-2:en:amd:1:cor:1");
    BOOST_TEST_REQUIRE(d.supplements.size() == 2u);
    BOOST_TEST(d.supplements[0].type == "amd");
    BOOST_TEST(d.supplements[0].number == "1");
    BOOST_TEST(!d.supplements[0].language.has_value());
    BOOST_TEST(d.supplements[1].type == "cor");
    BOOST_TEST(d.supplements[1].number == "1");
    // "clauses A.1 and A.2 in the 1st edition of ISO 105-C12"
    auto const e = parsed("std:iso:105:-c12:ed-1:en:clause:a.1,a.2");
    BOOST_TEST(e.partnumber.value_or("") == "c12");
    BOOST_TEST_REQUIRE(e.docelements.size() == 1u);
    BOOST_TEST(e.docelements[0].kind == "clause");
    BOOST_TEST(e.docelements[0].items == "a.1,a.2");
    // "the terms 3.2, 3.3, 3.4.1 to 3.4.4, and 3.12 in Amendment 1"
    auto const f = parsed("std:iso:9999:-1:ed-2:en:amd:1:term:3.2,3.3,3.4.1-3.4.4,3.12");
    BOOST_TEST_REQUIRE(f.supplements.size() == 1u);
    BOOST_TEST_REQUIRE(f.docelements.size() == 1u);
    BOOST_TEST(f.docelements[0].kind == "term");
    BOOST_TEST(f.docelements[0].items == "3.2,3.3,3.4.1-3.4.4,3.12");
    BOOST_TEST(!iso::parse("std:iso:9999:1:ed-2"));
}

// Decision (grammar/README.md): by ABNF precedence the printed docelement
// is ":" type ":" elementnumber, or a list without ":" type ":"; the
// examples have ":" type ":" and a list of numbers and ranges.
BOOST_AUTO_TEST_CASE(docelement_lists_and_ranges)
{
    check_valid("urn:iso:std:iso:105:-c12:ed-1:en:clause:a.1-a.2");
    check_valid("urn:iso:std:iso:9999:-1:ed-2:en:figure:1,2-4,b.1");
    check_valid("urn:iso:std:iso:9999:-1:ed-2:en:table:3:term:3.1");
    // A list without the ":" type ":" in front: "std:iso:9999:-1:ed-2:" is
    // 21 bytes; the first element allowed there is a docversion.
    check_fault("urn:iso:std:iso:9999:-1:ed-2:a.1,a.2", nid + 21, "docversion");
    check_fault("urn:iso:std:iso:9999:-1:ed-2:en:a.1,a.2", nid + 24, "suppltype");
    // "std:iso:105:-c12:ed-1:en:clause:" is 32 bytes.
    check_fault("urn:iso:std:iso:105:-c12:ed-1:en:clause:", nid + 32, "elementnumber");
    check_fault("urn:iso:std:iso:105:-c12:ed-1:en:clause:a.1-", nid + 36, "elementnumber");
    check_fault("urn:iso:std:iso:105:-c12:ed-1:en:clause:a.1,", nid + 36, "elementnumber");
    check_fault("urn:iso:std:iso:105:-c12:ed-1:en:clause:a.x", nid + 34, "DIGITS");
    check_fault("urn:iso:std:iso:105:-c12:ed-1:en:clause:ab", nid + 33, "\":\"");
    // After a docelement, only docelements and the addition.
    check_fault("urn:iso:std:iso:105:-c12:ed-1:en:clause:1:amd:1", nid + 34, "docelement");
}

// Decision (grammar/README.md): section 2.4.2 gives
// urn:iso:std:iso:9999:1:ed-2:en,fr:amd:2:en for "Amendment 2 [...] of ISO
// 9999-1"; partnumber = "-" 1*( DIGIT / ALPHA / "-" ), as in every other
// example.
BOOST_AUTO_TEST_CASE(partnumber_needs_hyphen)
{
    // "std:iso:9999:" is 13 bytes.
    check_fault("urn:iso:std:iso:9999:1:ed-2:en,fr:amd:2:en", nid + 13, "partnumber");
    check_valid("urn:iso:std:iso:9999:-1:ed-2:en,fr:amd:2:en");
    auto const p = parsed("std:iso:9999:-1:ed-2:en,fr:amd:2:en");
    BOOST_TEST(p.partnumber.value_or("") == "1");
    BOOST_TEST(p.language.value_or("") == "en,fr");
    BOOST_TEST_REQUIRE(p.supplements.size() == 1u);
    BOOST_TEST(p.supplements[0].number == "2");
    BOOST_TEST(p.supplements[0].language.value_or("") == "en");
    check_fault("urn:iso:std:iso:9999:-:ed-1", nid + 14, "partnumber");
}

// Decision (grammar/README.md): techelement and isodefined are
// <unspecified>. A techdefined addition is ":tech" and then anything; no
// isodefined addition is defined, so none is accepted. Section 2.8 writes
// its three URNs with a ":" before "corresponds to", which no rule ends
// with: read as the sentence's.
BOOST_AUTO_TEST_CASE(addition_is_techdefined_only)
{
    check_valid("urn:iso:std:iso:20022:tech:xsd:camt.001.001.01");
    check_valid("urn:iso:std:iso:20022:tech");
    check_valid("urn:iso:std:iso:9999:-1:ed-1:en:clause:3:tech:a%2Fb::c");
    // "std:iso:9999:-1:ed-1:en:" is 24 bytes.
    check_fault("urn:iso:std:iso:9999:-1:ed-1:en:pdf", nid + 24, "suppltype");
    check_fault("urn:iso:std:iso:9999:-1:ed-1:en:", nid + 24, "suppltype");
    check_fault("urn:iso:std:iso-iec:tr:9999:-1:ed-1:en:", nid + 31, "suppltype");
    check_fault("urn:iso:std:iso:9999:-1:ed-2:en,fr:amd:2:", nid + 33, "supplversion");
}

BOOST_AUTO_TEST_CASE(rule_std_nss_and_docidentifier)
{
    check_fault("urn:iso:standard:iso:9999", nid + 0, "std-nss");
    check_fault("urn:iso:std:ansi:9999", nid + 4, "originator");
    check_fault("urn:iso:std:iso-din:9999", nid + 7, "\":\"");
    // After a type, the ":" of docidentifier (the ABNF reads on from "tr").
    check_fault("urn:iso:std:iso:trx:9999", nid + 10, "docidentifier");
    check_fault("urn:iso:std:iso:tr", nid + 10, "docidentifier");
    check_fault("urn:iso:std:iso:99a9", nid + 10, "\":\"");
    check_fault("urn:iso:std:iso:9999:-1:ed-1:en,de", nid + 23, "\":\"");
    check_fault("urn:iso:std:iso:9999:-1:ed-1:de", nid + 21, "docversion");
}

BOOST_AUTO_TEST_CASE(rule_status_edition_docversion)
{
    // "std:iso:9999:-1:" is 16 bytes.
    check_fault("urn:iso:std:iso:9999:-1:draft", nid + 21, "\":\"");   // a status needs an edition
    check_fault("urn:iso:std:iso:9999:-1:draft:en", nid + 22, "edition");
    check_fault("urn:iso:std:iso:9999:-1:ed-x", nid + 19, "DIGITS");
    check_fault("urn:iso:std:iso:9999:-1:stage-9.99:ed-1", nid + 23, "DIGIT");
    check_fault("urn:iso:std:iso:9999:-1:stage-90-20:ed-1", nid + 24, "\".\"");
    check_fault("urn:iso:std:iso:9999:-1:stage-90.20.x:ed-1", nid + 28, "iteration");
    check_fault("urn:iso:std:iso:9999:-1:ed-1:vx", nid + 22, "docversion");
    check_fault("urn:iso:std:iso:9999:-1:ed-1:v1-amd", nid + 27, "supplnumber");
    check_fault("urn:iso:std:iso:9999:-1:ed-1:v1-xyz1", nid + 24, "suppltype");
}

BOOST_AUTO_TEST_CASE(literals_in_either_case)
{
    // RFC 5234 section 2.3; section 2.4.1's note on language codes.
    check_valid("urn:iso:STD:ISO-IEC:TR:9999:-1:ED-1:V1-AMD1.V1:EN,FR:AMD:2:V2:EN:CLAUSE:A.1:TECH:X");
    auto const p = parsed("STD:ISO:9999:-1:ED-1:EN");
    BOOST_TEST(p.originator == "ISO");
    BOOST_TEST(p.edition.value_or("") == "1");
    BOOST_TEST(p.language.value_or("") == "EN");
}

BOOST_AUTO_TEST_CASE(fold)
{
    // Section 2.9: "normalize the case of all elements".
    auto const& reg = urns::nss::builtin();
    BOOST_TEST(reg.find("iso")->fold != nullptr);
    BOOST_TEST(urns::nss::equivalent_nss(reg, "iso", "std:iso:9999:-1:ed-1:en", "STD:ISO:9999:-1:ED-1:EN"));
    BOOST_TEST(urns::nss::equivalent_nss(reg, "iso", "std:iso:105:-c12:ed-1:en:clause:a.1",
                                         "std:iso:105:-C12:ed-1:en:clause:A.1"));
    BOOST_TEST(urns::nss::equivalent_nss(reg, "iso", "std:iso:20022:tech:xsd:Camt", "std:iso:20022:TECH:XSD:camt"));
    BOOST_TEST(!urns::nss::equivalent_nss(reg, "iso", "std:iso:9999:-1:ed-1:en", "std:iso:9999:-1:ed-2:en"));
    // Percent-hex is the generic rule's; an invalid NSS is not folded.
    BOOST_TEST(urns::nss::equivalent_nss(reg, "iso", "std:iso:1:tech:%2f", "std:iso:1:tech:%2F"));
    BOOST_TEST(urns::nss::equivalent_nss(reg, "iso", "std:iso:1:tech:%2fa", "std:iso:1:tech:%2FA"));
    BOOST_TEST(!urns::nss::equivalent_nss(reg, "iso", "std:iso:9999:1:En", "std:iso:9999:1:en"));
    std::string out(23, '\0');
    out.resize(iso::fold("STD:ISO:9999:-1:ED-1:EN", out.data()));
    BOOST_TEST(out == "std:iso:9999:-1:ed-1:en");
    std::string bad(19, '\0');
    bad.resize(iso::fold("STD:ISO:9999:1:ED-1", bad.data()));
    BOOST_TEST(bad == "STD:ISO:9999:1:ED-1");
}

BOOST_AUTO_TEST_CASE(named_fields)
{
    // Section 2.4.2's examples read by section 2.4.1's ABNF: the
    // docidentifier and its elements, then each supplement (and its
    // elements), docelement and addition.
    check_fields("iso", "std:iso:9999:-1:ed-1:en",
                 {{"docidentifier", 4, 23}, {"originator", 4, 7}, {"docnumber", 8, 12}, {"partnumber", 13, 15},
                  {"edition", 16, 20}, {"language", 21, 23}});
    check_fields("iso", "std:iso-iec:tr:9999:-1:ed-1:en",
                 {{"docidentifier", 4, 30}, {"originator", 4, 11}, {"type", 12, 14}, {"docnumber", 15, 19},
                  {"partnumber", 20, 22}, {"edition", 23, 27}, {"language", 28, 30}});
    check_fields("iso", "std:iso-iec:9075:-3:stage-95.99:ed-2:en",
                 {{"docidentifier", 4, 39}, {"originator", 4, 11}, {"docnumber", 12, 16}, {"partnumber", 17, 19},
                  {"status", 20, 31}, {"edition", 32, 36}, {"language", 37, 39}});
    check_fields("iso", "std:iso:5817:ed-2:v2:en:cor:1:en",
                 {{"docidentifier", 4, 23}, {"originator", 4, 7}, {"docnumber", 8, 12}, {"edition", 13, 17},
                  {"docversion", 18, 20}, {"language", 21, 23}, {"supplement", 23, 32}, {"suppltype", 24, 27},
                  {"supplnumber", 28, 29}, {"language", 30, 32}});
    // A docversion's includedsuppl and a supplement name the same rules:
    // suppltype, supplnumber, supplversion.
    check_fields("iso", "std:iso:5817:v1-amd2.v3:cor:1:v2",
                 {{"docidentifier", 4, 23}, {"originator", 4, 7}, {"docnumber", 8, 12}, {"docversion", 13, 23},
                  {"suppltype", 16, 19}, {"supplnumber", 19, 20}, {"supplversion", 21, 23}, {"supplement", 23, 32},
                  {"suppltype", 24, 27}, {"supplnumber", 28, 29}, {"supplversion", 30, 32}});
    check_fields("iso", "std:iso:105:-c12:ed-1:en:clause:a.1,a.2",
                 {{"docidentifier", 4, 24}, {"originator", 4, 7}, {"docnumber", 8, 11}, {"partnumber", 12, 16},
                  {"edition", 17, 21}, {"language", 22, 24}, {"docelement", 24, 39}});
    check_fields("iso", "std:iso:20022:tech:xsd:camt.001.001.01",
                 {{"docidentifier", 4, 13}, {"originator", 4, 7}, {"docnumber", 8, 13}, {"addition", 13, 38}});
    check_fields("iso", "std:iso:9999:-1:ed-1:de", {});   // rejected ("de" is no language): no fields
}
