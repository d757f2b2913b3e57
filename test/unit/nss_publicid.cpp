// SPDX-License-Identifier: BSL-1.0
// The "publicid" namespace (grammar/nss/publicid.abnf; RFC 3151): the eight
// transcriptions of the RFC's section 3 both ways, the five FPIs of section
// 1.2 and their fields, normalization (section 1.1), near misses with rule
// and offset, and the identity public identifier -> NSS -> public
// identifier on generated normalized identifiers.
#define BOOST_TEST_MODULE nss_publicid
#include "nss_test.hpp"

#include <urns/nss/publicid.hpp>

#include <random>
#include <string>

using urns_test::check_fault;
using urns_test::check_valid;
namespace publicid = urns::nss::publicid;

namespace {

struct example {
    char const* fpi;
    char const* nss;
};

// RFC 3151 section 3, in order: "<public identifier>" becomes "urn:publicid:<nss>".
example const section3[] = {
    {"ISO/IEC 10179:1996//DTD DSSSL Architecture//EN", "ISO%2FIEC+10179%3A1996:DTD+DSSSL+Architecture:EN"},
    {"ISO 8879:1986//ENTITIES Added Latin 1//EN", "ISO+8879%3A1986:ENTITIES+Added+Latin+1:EN"},
    {"-//OASIS//DTD DocBook XML V4.1.2//EN", "-:OASIS:DTD+DocBook+XML+V4.1.2:EN"},
    {"+//IDN example.org//DTD XML Bookmarks 1.0//EN//XML", "%2B:IDN+example.org:DTD+XML+Bookmarks+1.0:EN:XML"},
    {"-//ArborText::prod//DTD Help Document::19970708//EN", "-:ArborText;prod:DTD+Help+Document;19970708:EN"},
    {"foo", "foo"},
    {"3+3=6", "3%2B3=6"},
    {"-//Acme, Inc.//DTD Book Version 1.0", "-:Acme,+Inc.:DTD+Book+Version+1.0"},
};

struct fields {
    char const* nss;
    char const* owner;
    char const* text_class;
    char const* description;
    char const* language;
    char const* version;
};

/// The NSS of a public identifier, or "<fault>" (a string no NSS is).
std::string nss_of(std::string_view public_id)
{
    auto const n = publicid::to_nss(public_id);
    return n ? *n : std::string("<fault>");
}

void check_fields(fields const& f)
{
    BOOST_TEST_CONTEXT(f.nss)
    {
        auto const p = publicid::parse(f.nss);
        BOOST_TEST_REQUIRE(p.has_value());
        BOOST_TEST(p->formal);
        BOOST_TEST(p->owner == f.owner);
        BOOST_TEST(p->text_class == f.text_class);
        BOOST_TEST(p->description == f.description);
        BOOST_TEST(p->language == f.language);
        BOOST_TEST(p->version == f.version);
    }
}

} // namespace

BOOST_AUTO_TEST_CASE(rfc_examples_both_ways)
{
    for (auto const& e : section3) {
        BOOST_TEST_CONTEXT(e.fpi)
        {
            check_valid(std::string("urn:publicid:") + e.nss);
            auto const n = publicid::to_nss(e.fpi);
            BOOST_TEST_REQUIRE(n.has_value());
            BOOST_TEST(*n == e.nss);
            auto const back = publicid::to_public_id(e.nss);
            BOOST_TEST_REQUIRE(back.has_value());
            BOOST_TEST(*back == e.fpi);
            BOOST_TEST(publicid::parse(e.nss)->public_id == e.fpi);
        }
    }
}

BOOST_AUTO_TEST_CASE(fields_of_section3)
{
    // Section 1.2: "owner//class description//language//version", the
    // owner may begin with "-//" or "+//", the class is delimited from the
    // description by a space.
    check_fields({"ISO%2FIEC+10179%3A1996:DTD+DSSSL+Architecture:EN", "ISO/IEC 10179:1996", "DTD",
                  "DSSSL Architecture", "EN", ""});
    check_fields({"ISO+8879%3A1986:ENTITIES+Added+Latin+1:EN", "ISO 8879:1986", "ENTITIES", "Added Latin 1", "EN",
                  ""});
    check_fields({"-:OASIS:DTD+DocBook+XML+V4.1.2:EN", "-//OASIS", "DTD", "DocBook XML V4.1.2", "EN", ""});
    check_fields({"%2B:IDN+example.org:DTD+XML+Bookmarks+1.0:EN:XML", "+//IDN example.org", "DTD",
                  "XML Bookmarks 1.0", "EN", "XML"});
    check_fields({"-:ArborText;prod:DTD+Help+Document;19970708:EN", "-//ArborText::prod", "DTD",
                  "Help Document::19970708", "EN", ""});
    // No language field in the RFC's last example.
    check_fields({"-:Acme,+Inc.:DTD+Book+Version+1.0", "-//Acme, Inc.", "DTD", "Book Version 1.0", "", ""});
    // Informal public identifiers: no fields.
    for (char const* nss : {"foo", "3%2B3=6", "a:b", "a:b+c:", "a::b+c"}) {
        auto const p = publicid::parse(nss);
        BOOST_TEST_REQUIRE(p.has_value());
        BOOST_TEST(!p->formal, nss);
        BOOST_TEST(p->owner.empty());
    }
    BOOST_TEST(!publicid::parse("a++b"));
}

BOOST_AUTO_TEST_CASE(fpis_of_section1_2)
{
    // The five FPIs of section 1.2 (section 3 transcribes others); the NSS
    // by the rules of section 2.
    example const fpis[] = {
        {"+//IDN python.org//DTD XML Bookmark Exchange Language 1.0//EN//XML",
         "%2B:IDN+python.org:DTD+XML+Bookmark+Exchange+Language+1.0:EN:XML"},
        {"-//OASIS//DTD DocBook XML V4.1.2//EN", "-:OASIS:DTD+DocBook+XML+V4.1.2:EN"},
        {"-//ArborText::prod//DTD Help Navigation Document::19970708//EN",
         "-:ArborText;prod:DTD+Help+Navigation+Document;19970708:EN"},
        {"ISO/IEC 10179:1996//DTD DSSSL Architecture//EN", "ISO%2FIEC+10179%3A1996:DTD+DSSSL+Architecture:EN"},
        {"ISO 8879:1986//ENTITIES Added Latin 1//EN", "ISO+8879%3A1986:ENTITIES+Added+Latin+1:EN"},
    };
    for (auto const& e : fpis) {
        BOOST_TEST(nss_of(e.fpi) == e.nss);
        BOOST_TEST(publicid::to_public_id(e.nss).value() == e.fpi);
    }
    check_fields({"%2B:IDN+python.org:DTD+XML+Bookmark+Exchange+Language+1.0:EN:XML", "+//IDN python.org", "DTD",
                  "XML Bookmark Exchange Language 1.0", "EN", "XML"});
}

BOOST_AUTO_TEST_CASE(normalization_first)
{
    // Section 1.1: runs of #x20, #x9, #xD, #xA are one space; leading and
    // trailing whitespace removed.
    BOOST_TEST(nss_of("  ISO 8879:1986//ENTITIES\tAdded \r\n Latin 1//EN \n") ==
               "ISO+8879%3A1986:ENTITIES+Added+Latin+1:EN");
    BOOST_TEST(nss_of("a\n\nb") == "a+b");
    // Every character the rules name.
    BOOST_TEST(nss_of("a+b:c/d;e'f?g#h%i") == "a%2Bb%3Ac%2Fd%3Be%27f%3Fg%23h%25i");
    BOOST_TEST(nss_of("-(),.=!*@$_") == "-(),.=!*@$_");
}

BOOST_AUTO_TEST_CASE(not_a_public_identifier)
{
    // Not a PubidChar (XML 1.0 production 13): offset in the input.
    for (auto const& [in, at] : {std::pair<std::string, std::size_t>{"caf\xC3\xA9", 3}, {"a<b", 1}, {"a\"b", 1},
                                 {"a&b", 1}, {"[x]", 0}, {"a~", 1}}) {
        auto const n = publicid::to_nss(in);
        BOOST_TEST_REQUIRE(!n.has_value(), in);
        BOOST_TEST(n.error().offset == at, in);
        BOOST_TEST(n.error().expected == "PubidChar", in);
    }
    // Empty, or only whitespace: no NSS (RFC 2141: an NSS is not empty).
    BOOST_TEST(publicid::to_nss("").error().offset == 0u);
    BOOST_TEST(publicid::to_nss(" \t\r\n").error().offset == 4u);
    BOOST_TEST(!publicid::to_public_id("a++b"));
    BOOST_TEST(!publicid::to_public_id(""));
}

BOOST_AUTO_TEST_CASE(rule_publicid_nss)
{
    // "urn:publicid:" is 13 bytes. Section 2: "adjacent "+" characters
    // never occur"; normalization leaves no space at either end.
    check_fault("urn:publicid:a++b", 13 + 2, "unit");
    check_fault("urn:publicid:+a", 13 + 0, "unit");
    check_fault("urn:publicid:a+", 13 + 2, "unit");
    // "'" is transcribed "%27": a literal one never occurs.
    check_fault("urn:publicid:it's", 13 + 2, "unit");
    // Only the eight escapes: "A" and "," are written literally. Each
    // escape is one three-byte terminal, which fails at its "%".
    check_fault("urn:publicid:a%41", 13 + 1, "escape");
    check_fault("urn:publicid:a%2Cb", 13 + 1, "escape");
    check_fault("urn:publicid:%20", 13 + 0, "escape");
    check_fault("urn:publicid:a%3C", 13 + 1, "escape");
}

BOOST_AUTO_TEST_CASE(escapes_and_pairs)
{
    // ABNF strings are case-insensitive: "%2b" is the escape "%2B".
    check_valid("urn:publicid:3%2b3=6");
    BOOST_TEST(publicid::to_public_id("3%2b3=6").value() == "3+3=6");
    // Characters, not one scanner's output: both readings of "///" and a
    // "::" written as two "%3A" are accepted.
    BOOST_TEST(nss_of("a///b") == "a:%2Fb");
    BOOST_TEST(publicid::to_public_id("a:%2Fb").value() == "a///b");
    BOOST_TEST(publicid::to_public_id("a%2F:b").value() == "a///b");
    BOOST_TEST(publicid::to_public_id("a%3A%3Ab").value() == "a::b");
    BOOST_TEST(nss_of("a:::b") == "a;%3Ab");
    BOOST_TEST(publicid::to_public_id("a;%3Ab").value() == "a:::b");
}

BOOST_AUTO_TEST_CASE(no_fold)
{
    // Section 2: "lexically equivalent if and only if they are lexically
    // identical".
    auto const& reg = urns::nss::builtin();
    BOOST_TEST(reg.find("publicid")->fold == nullptr);
    BOOST_TEST(!urns::nss::equivalent_nss(reg, "publicid", "-:OASIS:DTD+DocBook+XML+V4.1.2:EN",
                                          "-:oasis:DTD+DocBook+XML+V4.1.2:EN"));
    BOOST_TEST(urns::nss::equivalent_nss(reg, "publicid", "3%2b3=6", "3%2B3=6"));   // the generic rule
}

BOOST_AUTO_TEST_CASE(round_trip_on_generated_identifiers)
{
    // Public identifiers from PubidChars (spaces, "/" and ":" often, to
    // make "//", "::" and runs of three), normalized here as section 1.1
    // says; then identifier -> NSS -> identifier is the identity, the NSS
    // is valid, and a messier spelling of the identifier gives the same NSS.
    std::string const pubid = " abcXYZ019-'()+,./:=?;!*#@$_%";
    std::mt19937 rng(3151);
    std::uniform_int_distribution<std::size_t> len(1, 40), pick(0, pubid.size() - 1), bias(0, 5);
    std::string const whites[] = {" ", "\t", "\r\n", "  ", "\n"};
    std::uniform_int_distribution<std::size_t> white(0, 4);
    std::size_t checked = 0;
    for (int n = 0; n < 5000; ++n) {
        std::string raw;
        for (std::size_t k = len(rng); k > 0; --k) {
            std::size_t const b = bias(rng);
            raw += b == 0 ? ' ' : b == 1 ? '/' : b == 2 ? ':' : pubid[pick(rng)];
        }
        std::string norm, messy;
        for (char c : raw) {
            if (c == ' ') {
                messy += whites[white(rng)];
                if (!norm.empty() && norm.back() != ' ')
                    norm += ' ';
            } else {
                messy += c;
                norm += c;
            }
        }
        if (!norm.empty() && norm.back() == ' ')
            norm.pop_back();
        if (norm.empty())
            continue;
        ++checked;
        BOOST_TEST_CONTEXT(norm)
        {
            auto const nss = publicid::to_nss(norm);
            BOOST_TEST_REQUIRE(nss.has_value());
            BOOST_TEST(publicid::validate(*nss).has_value());
            BOOST_TEST(publicid::to_public_id(*nss).value() == norm);
            BOOST_TEST(nss_of(messy) == *nss);
            BOOST_TEST(urns_test::parse_ns("urn:publicid:" + *nss, urns::syntax::rfc2141).has_value());
        }
    }
    BOOST_TEST(checked > 4000u);
}
