// SPDX-License-Identifier: BSL-1.0
// The "oasis" namespace (grammar/nss/oasis.abnf; RFC 3121): the four URNs
// of the RFC's section 3, their fields as section 2 names them, the two
// places where the examples differ from section 2's patterns, near misses
// with rule and offset, and no fold.
#define BOOST_TEST_MODULE nss_oasis
#include "nss_test.hpp"

#include <urns/nss/oasis.hpp>

using urns_test::check_fault;
using urns_test::check_fields;
using urns_test::check_valid;
namespace oasis = urns::nss::oasis;

BOOST_AUTO_TEST_CASE(rfc_examples)
{
    // RFC 3121 section 3, in order; the last is also section 2's member
    // example.
    for (char const* u : {"urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
                          "urn:oasis:names:tc:docbook:dtd:xml:docbook:5.0b1",
                          "urn:oasis:names:technical:memo:9502:1995", "urn:oasis:member:A00024:x"})
        check_valid(u);
}

BOOST_AUTO_TEST_CASE(fields)
{
    // {specification-id}:{type}{:subtype}?:{document-id} (section 2).
    auto const spec = oasis::parse("names:specification:docbook:dtd:xml:4.1.2");
    BOOST_TEST_REQUIRE(spec.has_value());
    BOOST_TEST(spec->branch == "names");
    BOOST_TEST(spec->hierarchy == "specification");
    BOOST_TEST(spec->id == "docbook");
    BOOST_TEST(spec->type == "dtd");
    BOOST_TEST_REQUIRE(spec->subtype.has_value());
    BOOST_TEST(*spec->subtype == "xml");
    BOOST_TEST(spec->document_id == "4.1.2");
    // {document-type}:{document-id}:{amendment-id}
    auto const memo = oasis::parse("names:technical:memo:9502:1995");
    BOOST_TEST_REQUIRE(memo.has_value());
    BOOST_TEST(memo->hierarchy == "technical");
    BOOST_TEST(memo->type == "memo");
    BOOST_TEST(memo->document_id == "9502");
    BOOST_TEST(memo->amendment_id == "1995");
    BOOST_TEST(!memo->subtype.has_value());
    // member:{member-id}:{opaque string}
    auto const member = oasis::parse("member:A00024:x");
    BOOST_TEST_REQUIRE(member.has_value());
    BOOST_TEST(member->branch == "member");
    BOOST_TEST(member->hierarchy.empty());
    BOOST_TEST(member->id == "A00024");
    BOOST_TEST(member->document_id == "x");
    // No subtype: one field after the type.
    auto const plain = oasis::parse("names:tc:docbook:dtd:5.0");
    BOOST_TEST_REQUIRE(plain.has_value());
    BOOST_TEST(!plain->subtype.has_value());
    BOOST_TEST(plain->document_id == "5.0");
    auto const empty_field = oasis::parse("names:tc:docbook:dtd::x");
    BOOST_TEST_REQUIRE(empty_field.has_value());
    BOOST_TEST(!empty_field->subtype.has_value());
    BOOST_TEST(empty_field->document_id == ":x");
    BOOST_TEST(!oasis::parse("names:tc:docbook"));
}

// Decision (grammar/README.md): section 2's pattern has {type}{:subtype}?
// and one {document-id}, but section 3's tc example has four fields after
// its tc-id. The document-id may hold ":"; the subtype is the first of two
// or more fields after the type.
BOOST_AUTO_TEST_CASE(document_id_may_hold_colons)
{
    check_valid("urn:oasis:names:tc:docbook:dtd:xml:docbook:5.0b1");
    auto const tc = oasis::parse("names:tc:docbook:dtd:xml:docbook:5.0b1");
    BOOST_TEST_REQUIRE(tc.has_value());
    BOOST_TEST(tc->hierarchy == "tc");
    BOOST_TEST(tc->id == "docbook");
    BOOST_TEST(tc->type == "dtd");
    BOOST_TEST_REQUIRE(tc->subtype.has_value());
    BOOST_TEST(*tc->subtype == "xml");
    BOOST_TEST(tc->document_id == "docbook:5.0b1");
    // A field followed by ":" and nothing more is not a subtype: the
    // document-id (1*OCTET) is the field and its ":" (test abnf_diff).
    check_valid("urn:oasis:names:tc:a:b:c:");
    auto const bare = oasis::parse("names:tc:a:b:c:");
    BOOST_TEST_REQUIRE(bare.has_value());
    BOOST_TEST(!bare->subtype.has_value());
    BOOST_TEST(bare->document_id == "c:");
}

// Decision (grammar/README.md): section 2 lists the document types "note",
// "resolution", "memorandum" and "researchpaper"; section 3's example uses
// "memo". Both "memorandum" and "memo" are accepted; other words are not.
BOOST_AUTO_TEST_CASE(memo_is_a_document_type)
{
    check_valid("urn:oasis:names:technical:memo:9502:1995");
    check_valid("urn:oasis:names:technical:memorandum:9502:1995");
    check_valid("urn:oasis:names:technical:researchpaper:9901:99");
    // "urn:oasis:" is 10 bytes, "names:technical:" 16 more.
    check_fault("urn:oasis:names:technical:paper:9502:1995", 10 + 16, "document-type");
    check_fault("urn:oasis:names:technical:Note:9502:1995", 10 + 16, "document-type");
}

BOOST_AUTO_TEST_CASE(rule_oasis_nss_and_names_nss)
{
    check_fault("urn:oasis:NAMES:tc:docbook:dtd:5.0", 10 + 0, "oasis-NSS");   // "lexically identical"
    check_fault("urn:oasis:other:x", 10 + 0, "oasis-NSS");
    check_fault("urn:oasis:names:paper:x", 10 + 6, "names-nss");
    check_fault("urn:oasis:member:A00024", 10 + 13, "\":\"");
    check_fault("urn:oasis:member::x", 10 + 7, "member-id");
}

BOOST_AUTO_TEST_CASE(rule_specification_tc_typed_id)
{
    check_fault("urn:oasis:names:specification::dtd:x", 10 + 20, "specification-id");
    check_fault("urn:oasis:names:tc:docbook", 10 + 16, "\":\"");
    check_fault("urn:oasis:names:tc:docbook:dtd", 10 + 20, "\":\"");
    check_fault("urn:oasis:names:tc:docbook:dtd:", 10 + 21, "document-id");
    // "xml:" is the document-id (1*OCTET), not a subtype without one.
    check_valid("urn:oasis:names:tc:docbook:dtd:xml:");
}

BOOST_AUTO_TEST_CASE(rule_technical)
{
    // "names:technical:note:" is 21 bytes.
    check_fault("urn:oasis:names:technical:note:95:1995", 10 + 23, "DIGIT");   // a year and a number
    check_fault("urn:oasis:names:technical:note:9502:199", 10 + 29, "DIGIT");  // 4DIGIT / 2DIGIT
    check_fault("urn:oasis:names:technical:note:9502", 10 + 25, "\":\"");
    check_fault("urn:oasis:names:technical:note:9502:1995:x", 10 + 30, "end of input");
}

BOOST_AUTO_TEST_CASE(no_fold)
{
    // Section 2: "URNs are lexically equivalent if they are lexically
    // identical."
    auto const& reg = urns::nss::builtin();
    BOOST_TEST(reg.find("oasis")->fold == nullptr);
    BOOST_TEST(!urns::nss::equivalent_nss(reg, "oasis", "member:A00024:x", "member:a00024:x"));
    BOOST_TEST(urns::nss::equivalent_nss(reg, "OASIS", "member:A00024:x", "member:A00024:x"));
}

BOOST_AUTO_TEST_CASE(named_fields)
{
    // Section 3's examples read by the ABNF: the alternatives taken and
    // the named rules inside them.
    check_fields("oasis", "names:specification:docbook:dtd:xml:4.1.2",
                 {{"names-nss", 0, 41}, {"specification", 6, 41}, {"specification-id", 20, 27}, {"typed-id", 28, 41},
                  {"type", 28, 31}, {"subtype", 32, 35}, {"document-id", 36, 41}});
    check_fields("oasis", "names:tc:docbook:dtd:xml:docbook:5.0b1",
                 {{"names-nss", 0, 38}, {"tc", 6, 38}, {"tc-id", 9, 16}, {"typed-id", 17, 38}, {"type", 17, 20},
                  {"subtype", 21, 24}, {"document-id", 25, 38}});
    check_fields("oasis", "names:technical:memo:9502:1995",
                 {{"names-nss", 0, 30}, {"technical", 6, 30}, {"document-type", 16, 20}, {"legacy-id", 21, 25},
                  {"amendment-id", 26, 30}});
    check_fields("oasis", "member:A00024:x", {{"member-nss", 0, 15}, {"member-id", 7, 13}, {"opaque-string", 14, 15}});
    // No subtype where no field and ":" come before the document-id: the
    // look-ahead leaves no subtype field behind.
    check_fields("oasis", "names:tc:docbook:dtd::x",
                 {{"names-nss", 0, 23}, {"tc", 6, 23}, {"tc-id", 9, 16}, {"typed-id", 17, 23}, {"type", 17, 20},
                  {"document-id", 21, 23}});
    check_fields("oasis", "names:technical:memo:9502:199", {});   // rejected: no fields
}
