// SPDX-License-Identifier: BSL-1.0
// Tests of include/urns/pct.hpp: validate, decode, display, encode.
// Examples first (RFC 2141, draft-ietf-urnbis-rfc2141bis-urn-03, RFC 8141
// as quoted in the project's notes), then near misses, then properties on
// generated inputs (seeded std::mt19937) and 16 MiB inputs.
#define BOOST_TEST_MODULE pct
#include "counting_new.hpp"
#include "test_support.hpp"

#include <urns/parse.hpp>
#include <urns/pct.hpp>

#include <boost/test/unit_test.hpp>

#include <cctype>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace pct = urns::pct;
using urns::error;
using urns::syntax;

namespace {

constexpr syntax all_syntaxes[] = {syntax::rfc2141, syntax::rfc2141bis, syntax::rfc8141};

std::string enc(std::string_view raw, syntax syn = syntax::rfc2141bis, std::string_view extra = {})
{
    auto r = pct::encode(raw, syn, extra);
    BOOST_REQUIRE_MESSAGE(r.has_value(), "encode failed");
    return *r;
}

std::string dec(std::string_view s)
{
    auto r = pct::decode(s);
    BOOST_REQUIRE_MESSAGE(r.has_value(), "decode failed");
    return *r;
}

std::string show(std::string_view nss, syntax syn = syntax::rfc2141bis, pct::display_info* info = nullptr)
{
    std::string out;
    auto r = pct::display(nss, syn, out);
    BOOST_REQUIRE_MESSAGE(r.has_value(), "display failed");
    if (info)
        *info = *r;
    return out;
}

bool valid_utf8(std::string_view s)
{
    std::size_t i = 0;
    while (i < s.size()) {
        unsigned char const b = static_cast<unsigned char>(s[i]);
        std::size_t n = b < 0x80 ? 1 : (b >= 0xC2 && b <= 0xDF) ? 2 : (b >= 0xE0 && b <= 0xEF) ? 3
                                      : (b >= 0xF0 && b <= 0xF4) ? 4 : 0;
        if (n == 0 || i + n > s.size())
            return false;
        unsigned char const b1 = n > 1 ? static_cast<unsigned char>(s[i + 1]) : 0x80;
        if ((b == 0xE0 && b1 < 0xA0) || (b == 0xED && b1 > 0x9F) || (b == 0xF0 && b1 < 0x90) ||
            (b == 0xF4 && b1 > 0x8F))
            return false;
        for (std::size_t k = 1; k < n; ++k)
            if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80)
                return false;
        i += n;
    }
    return true;
}

std::string random_bytes(std::mt19937& g, std::size_t max_len, bool nul)
{
    std::uniform_int_distribution<std::size_t> len(1, max_len);
    std::uniform_int_distribution<int> byte(nul ? 0 : 1, 255);
    std::uniform_int_distribution<int> ascii(0x20, 0x7E);
    std::bernoulli_distribution mostly_ascii(0.7);
    std::string s(len(g), ' ');
    for (char& c : s)
        c = static_cast<char>(mostly_ascii(g) ? ascii(g) : byte(g));
    return s;
}

} // namespace

//------------------------------------------------
// validate

BOOST_AUTO_TEST_CASE(validate_spec_examples)
{
    // RFC 2141 section 6 / draft-03 section 5.1 examples 5 and 6.
    for (syntax syn : all_syntaxes) {
        BOOST_TEST(pct::validate("a123%2C456", syn).has_value());
        BOOST_TEST(pct::validate("a123%2c456", syn).has_value());
        // RFC 8141 section 3.2, sixth example.
        BOOST_TEST(pct::validate("%D0%B0123,z456", syn).has_value());
    }
    // RFC 2141 section 2.4: octet 0 "should NEVER be used, in either
    // unencoded or %-encoded form"; draft-03 section 2.5.3: "MUST NOT".
    for (syntax syn : {syntax::rfc2141, syntax::rfc2141bis}) {
        auto r = pct::validate("ab%00", syn);
        BOOST_REQUIRE(!r);
        BOOST_TEST(r.error().code == urns::make_error_code(error::nul_octet));
        BOOST_TEST(r.error().offset == 2u);
        BOOST_TEST((r.error().syntax == syn));
    }
    // RFC 8141: its grammar allows %00 (project decision, see BRIEF).
    BOOST_TEST(pct::validate("ab%00", syntax::rfc8141).has_value());
}

BOOST_AUTO_TEST_CASE(validate_near_misses)
{
    struct row {
        char const* s;
        std::size_t offset;
    };
    // RFC 2141 section 2.3.1 / draft-03 section 2.5.2: "%" MUST be followed
    // by two hex digits; the offset is of the byte that is not one.
    for (row const& r : {row{"%", 1}, row{"a%", 2}, row{"a%4", 3}, row{"%G0", 1}, row{"%0G", 2},
                         row{"%%41", 1}, row{"a%2 b", 3}, row{"%41%", 4}, row{"x%-1", 2}}) {
        for (syntax syn : all_syntaxes) {
            auto e = pct::validate(r.s, syn);
            BOOST_REQUIRE_MESSAGE(!e, r.s);
            BOOST_TEST(e.error().code == urns::make_error_code(error::bad_pct_encoded), r.s);
            BOOST_TEST(e.error().offset == r.offset, r.s);
            // Each document's own rule name, as parse_urn reports it.
            BOOST_TEST(e.error().expected == (syn == syntax::rfc2141 ? "hex" : "HEXDIG"), r.s);
        }
    }
    // Not faults: lower-case hex, no "%", "%000" (a NUL triplet... no: "%00" then "0").
    BOOST_TEST(pct::validate("", syntax::rfc2141).has_value());
    BOOST_TEST(pct::validate("%af%AF%0a", syntax::rfc2141).has_value());
    BOOST_TEST(pct::validate("%010", syntax::rfc2141).has_value());   // %01 then "0"
    BOOST_TEST(!pct::validate("%000", syntax::rfc2141));
    BOOST_TEST(pct::validate("0%30%300", syntax::rfc2141bis).has_value());
    // A bad triplet before a %00 is the first fault.
    BOOST_TEST(pct::validate("%0x%00", syntax::rfc2141).error().code ==
               urns::make_error_code(error::bad_pct_encoded));
}

BOOST_AUTO_TEST_CASE(validate_agrees_with_parse_urn)
{
    // validate() accepts an NSS (of these bytes, all NSS characters) exactly
    // when parse_urn accepts the URN. A bad triplet is reported alike
    // (offsets shifted by the "urn:ex:" prefix). validate() reports the
    // first fault in order, where parse_urn reports grammar faults before
    // "%00": so a %00 that validate() reports is either parse_urn's too, or
    // comes before parse_urn's bad triplet.
    std::mt19937 g(2141);
    std::string const alphabet = "%0aF9gZ-";
    std::uniform_int_distribution<std::size_t> pick(0, alphabet.size() - 1), len(1, 8);
    int checked = 0;
    auto const bad_pct = urns::make_error_code(error::bad_pct_encoded);
    auto const nul = urns::make_error_code(error::nul_octet);
    for (int n = 0; n < 20000; ++n) {
        std::string nss(len(g), ' ');
        for (char& c : nss)
            c = alphabet[pick(g)];
        std::string const buf = "urn:ex:" + nss;
        for (syntax syn : all_syntaxes) {
            auto v = pct::validate(nss, syn);
            auto p = urns::parse_urn(buf, syn);
            BOOST_TEST(v.has_value() == p.has_value(), nss);
            if (v || p)
                continue;
            ++checked;
            if (v.error().code == bad_pct) {
                BOOST_TEST(p.error().code == bad_pct, nss);
                BOOST_TEST(v.error().offset + 7 == p.error().offset, nss);
            } else {
                BOOST_TEST(v.error().code == nul, nss);
                BOOST_TEST((p.error().code == nul || p.error().code == bad_pct), nss);
                if (p.error().code == nul)
                    BOOST_TEST(v.error().offset + 7 == p.error().offset, nss);
                else
                    BOOST_TEST(v.error().offset + 7 < p.error().offset, nss);
            }
        }
    }
    BOOST_TEST(checked > 1000);
}

//------------------------------------------------
// decode

BOOST_AUTO_TEST_CASE(decode_examples)
{
    BOOST_TEST(dec("a123%2C456") == "a123,456");   // RFC 2141 section 6 example 5
    BOOST_TEST(dec("a123%2c456") == "a123,456");   // example 6
    BOOST_TEST(dec("%D0%B0123,z456") == "\xD0\xB0" "123,z456");   // RFC 8141 section 3.2
    BOOST_TEST(dec("%25") == "%");                 // RFC 2141 section 2.3.1: "%25"
    BOOST_TEST(dec("") == "");
    BOOST_TEST(dec("%00") == std::string(1, '\0'));   // decoding knows no syntax
    std::string out = "keep:";
    BOOST_TEST(pct::decode("x%41", out).has_value());
    BOOST_TEST(out == "keep:xA");
    // On error the output is unchanged.
    BOOST_TEST(!pct::decode("x%4", out));
    BOOST_TEST(out == "keep:xA");
    BOOST_TEST(pct::decode("ab%zz").error().offset == 3u);
}

BOOST_AUTO_TEST_CASE(decoded_view_and_decode_to)
{
    auto d = pct::decoded("a%2Cb%e2%82%ac").value();
    BOOST_TEST(d.size() == 6u);
    BOOST_TEST(!d.empty());
    BOOST_TEST(d.encoded() == "a%2Cb%e2%82%ac");
    BOOST_TEST(std::string(d.begin(), d.end()) == "a,b\xE2\x82\xAC");
    std::vector<char> v;
    auto it = pct::decode_to("a%2Cb", std::back_inserter(v));
    BOOST_TEST(it.has_value());
    BOOST_TEST(std::string(v.begin(), v.end()) == "a,b");
    v.clear();
    BOOST_TEST(!pct::decode_to("a%2", std::back_inserter(v)));
    BOOST_TEST(v.empty());
    BOOST_TEST(!pct::decoded("%"));
    pct::decoded_view empty;
    BOOST_TEST(empty.size() == 0u);
    BOOST_TEST((empty.begin() == empty.end()));
}

//------------------------------------------------
// encode

BOOST_AUTO_TEST_CASE(encode_spec_examples)
{
    for (syntax syn : all_syntaxes) {
        // RFC 2141 section 2.3.1: 'Literal use of the "%" character in a
        // namespace must be encoded using "%25"'.
        BOOST_TEST(enc("100%", syn) == "100%25");
        // RFC 2141 section 6 / draft-03 section 5.1 example 5, with ","
        // reserved by the namespace (section 2.3.1 / 2.5.2).
        BOOST_TEST(enc("a123,456", syn, ",") == "a123%2C456");
        BOOST_TEST(enc("a123,456", syn) == "a123,456");
        // RFC 8141 section 3.2, sixth example: U+0430 CYRILLIC SMALL LETTER A.
        BOOST_TEST(enc("\xD0\xB0" "123,z456", syn) == "%D0%B0123,z456");
        // draft-03 section 2.2: UTF-8, then each octet percent-encoded
        // with upper-case hex (RFC 3986 section 2.1).
        BOOST_TEST(enc("\xC3\xA4", syn) == "%C3%A4");
        // draft-03 section 2.5.1: "?" and "#" MUST NOT appear unencoded
        // in the NSS (RFC 2141 section 2.3.2: SHOULD NOT); "[" and "]"
        // MUST be percent-encoded.
        BOOST_TEST(enc("a?b#c", syn) == "a%3Fb%23c");
        BOOST_TEST(enc("[x]", syn) == "%5Bx%5D");
        // RFC 2141 section 2.3.1: a character MUST NOT be encoded if it is
        // not reserved: letters, digits and <other> are left alone.
        BOOST_TEST(enc("AZaz09()+,-.:=@;$_!*'", syn) == "AZaz09()+,-.:=@;$_!*'");
        BOOST_TEST(enc("a b", syn) == "a%20b");
    }
    // "/": RFC 2141 reserves it (SHOULD be encoded, section 2.3.2), the
    // draft forbids it literally (section 2.5.1), RFC 8141 allows it after
    // the first character (NSS = pchar *(pchar / "/")).
    BOOST_TEST(enc("1/406/47452/2", syntax::rfc2141) == "1%2F406%2F47452%2F2");
    BOOST_TEST(enc("1/406/47452/2", syntax::rfc2141bis) == "1%2F406%2F47452%2F2");
    BOOST_TEST(enc("1/406/47452/2", syntax::rfc8141) == "1/406/47452/2");   // RFC 8141 section 2.2
    BOOST_TEST(enc("/a/", syntax::rfc8141) == "%2Fa/");
    BOOST_TEST(enc("//", syntax::rfc8141) == "%2F/");
    // "&" and "~": excluded by RFC 2141 section 2.4, allowed by draft-03
    // (Appendix C, D.5) and RFC 8141 (pchar).
    BOOST_TEST(enc("a&b~c", syntax::rfc2141) == "a%26b%7Ec");
    BOOST_TEST(enc("a&b~c", syntax::rfc2141bis) == "a&b~c");
    BOOST_TEST(enc("a&b~c", syntax::rfc8141) == "a&b~c");
}

BOOST_AUTO_TEST_CASE(encode_excluded_lists)
{
    // RFC 2141 section 2.4 <excluded>: octets 1-32, "\" """ "&" "<" ">" "["
    // "]" "^" "`" "{" "|" "}" "~", octets 127-255: every one is encoded
    // under rfc2141.
    std::string excluded2141 = "\\\"&<>[]^`{|}~";
    for (int c = 1; c <= 32; ++c)
        excluded2141 += static_cast<char>(c);
    for (int c = 127; c <= 255; ++c)
        excluded2141 += static_cast<char>(c);
    for (char c : excluded2141)
        BOOST_TEST(pct::needs_encoding(static_cast<unsigned char>(c), syntax::rfc2141), int(static_cast<unsigned char>(c)));
    // draft-03 section 2.5.3 <excluded>: CTL / SP / DQUOTE / "#" / "%" /
    // "/" / "<" / ">" / "?" / "[" / "\" / "]" / "^" / "`" / "{" / "|" / "}"
    // / %x7F / %x80-FF "MUST be percent-encoded".
    std::string excluded_draft = "\"#%/<>?[\\]^`{|} ";
    for (int c = 0; c < 32; ++c)
        excluded_draft += static_cast<char>(c);
    for (int c = 127; c <= 255; ++c)
        excluded_draft += static_cast<char>(c);
    for (char c : excluded_draft)
        BOOST_TEST(pct::needs_encoding(static_cast<unsigned char>(c), syntax::rfc2141bis), int(static_cast<unsigned char>(c)));
    // And the complement: draft-03's printable ASCII that is not excluded
    // is exactly pchar's literal set (section 2.5: "The remaining
    // printable characters not included in the <pchar> repertoire comprise
    // the generic delimiters and the reserved characters").
    for (int c = 0x21; c < 0x7F; ++c) {
        bool const excl = excluded_draft.find(static_cast<char>(c)) != std::string::npos;
        BOOST_TEST(pct::needs_encoding(static_cast<unsigned char>(c), syntax::rfc2141bis) == excl, c);
    }
}

BOOST_AUTO_TEST_CASE(encode_errors)
{
    for (syntax syn : all_syntaxes) {
        auto e = pct::encode("", syn);
        BOOST_REQUIRE(!e);
        BOOST_TEST(e.error().code == urns::make_error_code(error::bad_identifier));
        BOOST_TEST(e.error().offset == 0u);
        BOOST_TEST(pct::encoded_size("", syn) == 0u);
    }
    std::string const with_nul("ab\0c", 4);
    for (syntax syn : all_syntaxes) {
        std::string out = "x";
        auto e = pct::encode(with_nul, out, syn);
        BOOST_REQUIRE(!e);
        BOOST_TEST(e.error().code == urns::make_error_code(error::nul_octet));
        BOOST_TEST(e.error().offset == 2u);
        BOOST_TEST(out == "x");   // unchanged
        BOOST_TEST(pct::encoded_size(with_nul, syn) == 0u);
    }
    // RFC 8141 accepts %00 when it parses; the builder still refuses NUL
    // (docs/pct-and-query.md says why).
    BOOST_TEST(urns::parse_urn("urn:ex:ab%00c", syntax::rfc8141).has_value());
}

BOOST_AUTO_TEST_CASE(encode_extra_reserved)
{
    BOOST_TEST(enc("a:b:c", syntax::rfc2141bis, ":") == "a%3Ab%3Ac");
    BOOST_TEST(enc("a:b", syntax::rfc2141bis, "") == "a:b");
    // Extra characters that are encoded anyway change nothing.
    BOOST_TEST(enc("a b%", syntax::rfc2141bis, " %") == "a%20b%25");
    BOOST_TEST(enc("abc", syntax::rfc2141bis, "b") == "a%62c");
    BOOST_TEST(pct::encoded_size("a:b:c", syntax::rfc2141bis, ":") == 9u);
}

//------------------------------------------------
// display

BOOST_AUTO_TEST_CASE(display_examples)
{
    pct::display_info i;
    // RFC 8141 section 3.2 sixth example: U+0430 is shown as itself (the
    // point of that example is that it looks like "a": the canonical form
    // stays available; display is for people).
    BOOST_TEST(show("%D0%B0123,z456", syntax::rfc8141, &i) == "\xD0\xB0" "123,z456");
    BOOST_TEST(i.valid_utf8);
    BOOST_TEST(i.kept_encoded == 0u);
    // RFC 2141 section 6 example 5: "," is a repertoire character, so %2C
    // means the namespace reserves it: shown encoded, as written (draft-03
    // section 4 Note: blind decoding "might introduce ambiguity").
    BOOST_TEST(show("a123%2C456", syntax::rfc2141, &i) == "a123%2C456");
    BOOST_TEST(i.kept_encoded == 1u);
    BOOST_TEST(show("a123%2c456") == "a123%2c456");
    // draft-03 section 2.5.2: "%" stays "%25"; "/", "?", "#" stay encoded.
    BOOST_TEST(show("100%25") == "100%25");
    BOOST_TEST(show("a%2Fb%3Fc%23d", syntax::rfc2141bis, &i) == "a%2Fb%3Fc%23d");
    BOOST_TEST(i.kept_encoded == 3u);
    BOOST_TEST(show("a%2Fb", syntax::rfc8141) == "a%2Fb");
    // Excluded printable characters have no literal form: decoded.
    BOOST_TEST(show("%22%3C%3E%5B%5C%5D%5E%60%7B%7C%7D") == "\"<>[\\]^`{|}");
    // "&" and "~": literal in the draft (so encoded = reserved, kept),
    // excluded in RFC 2141 (decoded).
    BOOST_TEST(show("%26%7E", syntax::rfc2141bis) == "%26%7E");
    BOOST_TEST(show("%26%7E", syntax::rfc2141) == "&~");
    // Space and controls stay encoded.
    BOOST_TEST(show("a%20b%0A%7F%09") == "a%20b%0A%7F%09");
    // Valid UTF-8 decoded, as written otherwise.
    BOOST_TEST(show("Stra%C3%9Fe%201", syntax::rfc2141bis, &i) == "Stra\xC3\x9F" "e%201");
    BOOST_TEST(i.valid_utf8);
    BOOST_TEST(i.kept_encoded == 1u);
    BOOST_TEST(show("%E2%82%AC%F0%9F%98%80") == "\xE2\x82\xAC\xF0\x9F\x98\x80");
}

BOOST_AUTO_TEST_CASE(display_invalid_utf8_and_hidden)
{
    pct::display_info i;
    struct row {
        char const* in;
        char const* why;
    };
    for (row const& r : {row{"%C3", "truncated"}, row{"%C3a", "interrupted by a literal"},
                         row{"%80", "lone continuation"}, row{"%C0%80", "overlong NUL"},
                         row{"%C1%BF", "overlong"}, row{"%E0%80%80", "overlong 3"},
                         row{"%ED%A0%80", "surrogate"}, row{"%F4%90%80%80", "above U+10FFFF"},
                         row{"%F5%80%80%80", "bad lead"}, row{"%FF", "bad lead"},
                         row{"%F0%80%80%80", "overlong 4"}}) {
        std::string const out = show(r.in, syntax::rfc2141bis, &i);
        BOOST_TEST(!i.valid_utf8, r.why);
        // Nothing invalid is let through: the output is valid UTF-8, and
        // it decodes to the same octets.
        BOOST_TEST(valid_utf8(out), r.why);
        BOOST_TEST(dec(out) == dec(r.in), r.why);
    }
    // Invisible and reordering code points: valid, but kept encoded.
    for (char const* s : {"%C2%85", "%C2%AD", "%E2%80%8B", "%E2%80%AE", "%E2%81%A6", "%EF%BB%BF",
                          "%D8%9C", "%E2%80%A8"}) {
        BOOST_TEST(show(s, syntax::rfc2141bis, &i) == s);
        BOOST_TEST(i.valid_utf8, s);
        BOOST_TEST(i.kept_encoded == std::strlen(s) / 3, s);
    }
    // A valid character after an invalid octet is still decoded.
    BOOST_TEST(show("%FF%C3%A9", syntax::rfc2141bis, &i) == "%FF\xC3\xA9");
    BOOST_TEST(!i.valid_utf8);
}

// Literal bytes that no NSS holds (display() takes any text that validates):
// space, controls and bytes 0x7F-0xFF become triplets, so that the display
// form never shows them raw; other literal bytes are copied.
BOOST_AUTO_TEST_CASE(display_of_literal_bytes)
{
    std::string out;
    BOOST_TEST(pct::display(std::string("a b\x01\x7F\xFF~\"", 8), syntax::rfc2141, out).has_value());
    BOOST_TEST(out == "a%20b%01%7F%FF~\"");
}

BOOST_AUTO_TEST_CASE(display_errors_and_urn)
{
    std::string out = "x";
    BOOST_TEST(!pct::display("a%2", syntax::rfc2141bis, out));
    BOOST_TEST(!pct::display("a%00", syntax::rfc2141, out));
    BOOST_TEST(out == "x");
    BOOST_TEST(show("a%00", syntax::rfc8141) == "a%00");   // allowed there, a control: kept

    auto v = urns::parse_urn("URN:ex:%E2%82%AC1%2F?s=I2L#f%20").value();
    std::string s;
    auto i = pct::display(v, s);
    BOOST_REQUIRE(i.has_value());
    BOOST_TEST(s == "URN:ex:\xE2\x82\xAC" "1%2F?s=I2L#f%20");
    urns::urn_view empty;
    BOOST_TEST(!pct::display(empty, s));
}

// The functions that write into a caller's string append to what it held
// (pct.hpp: "Appends"): each is given a string that already holds bytes,
// and must leave them, then write what it writes into an empty one.
BOOST_AUTO_TEST_CASE(writing_into_a_string_appends)
{
    auto v = urns::parse_urn("URN:ex:%E2%82%AC1%2F?s=I2L#f%20").value();
    std::string s = "kept|";
    BOOST_REQUIRE(pct::display(v, s).has_value());
    BOOST_TEST(s == "kept|URN:ex:\xE2\x82\xAC" "1%2F?s=I2L#f%20");
    s = "kept|";
    BOOST_REQUIRE(pct::display("Stra%C3%9Fe%2F1%20a", syntax::rfc2141bis, s).has_value());
    BOOST_TEST(s == "kept|Stra\xC3\x9F" "e%2F1%20a");
    s = "urn:ex:";
    BOOST_REQUIRE(pct::encode("a b/c", s, syntax::rfc8141).has_value());
    BOOST_TEST(s == "urn:ex:a%20b/c");
    s = "kept|";
    BOOST_REQUIRE(pct::decode("a%2fb", s).has_value());
    BOOST_TEST(s == "kept|a/b");
}

//------------------------------------------------
// properties on generated inputs

BOOST_AUTO_TEST_CASE(property_round_trip)
{
    std::mt19937 g(8141);
    int n_checked = 0;
    for (int n = 0; n < 3000; ++n) {
        for (syntax syn : all_syntaxes) {
            std::string const x = random_bytes(g, 24, false);
            std::string const e = enc(x, syn);
            // decode(encode(x)) == x
            BOOST_TEST(dec(e) == x);
            BOOST_TEST(pct::encoded_size(x, syn) == e.size());
            BOOST_TEST(pct::validate(e, syn).has_value());
            // The result is an NSS of the syntax, taken whole.
            std::string const buf = "urn:ex:" + e;
            auto p = urns::parse_urn(buf, syn);
            BOOST_REQUIRE_MESSAGE(p.has_value(), e);
            BOOST_TEST(p->nss() == e);
            // Minimal: each literal byte is one the syntax takes literally,
            // each triplet is upper-case and stands for an octet that needs
            // encoding.
            for (std::size_t i = 0; i < e.size();) {
                if (e[i] == '%') {
                    unsigned char const b = static_cast<unsigned char>(pct::detail::triplet_octet(e.data() + i));
                    BOOST_TEST(pct::needs_encoding(b, syn, i == 0));
                    BOOST_TEST(!std::islower(static_cast<unsigned char>(e[i + 1])));
                    BOOST_TEST(!std::islower(static_cast<unsigned char>(e[i + 2])));
                    i += 3;
                } else {
                    BOOST_TEST(!pct::needs_encoding(static_cast<unsigned char>(e[i]), syn, i == 0));
                    ++i;
                }
            }
            // encode(decode(e)) == e: the canonical form is a fixed point.
            BOOST_TEST(enc(dec(e), syn) == e);
            // The lazy view agrees.
            auto d = pct::decoded(e).value();
            BOOST_TEST(std::string(d.begin(), d.end()) == x);
            BOOST_TEST(d.size() == x.size());
            ++n_checked;
        }
    }
    BOOST_TEST(n_checked == 9000);
}

BOOST_AUTO_TEST_CASE(property_display_is_lossless)
{
    // For any valid NSS: the display decodes to the same octets (it never
    // drops or adds one), it is valid UTF-8, it has no control character,
    // and it shows exactly the literal repertoire characters of the input
    // literally (an encoded repertoire character is never shown bare).
    std::mt19937 g(3986);
    for (int n = 0; n < 3000; ++n) {
        for (syntax syn : all_syntaxes) {
            std::string const x = random_bytes(g, 16, false);   // encode refuses NUL
            // Mix encodings: the canonical one, plus lower-case and needless triplets.
            std::string nss = enc(x, syn, n % 3 == 0 ? ",:a" : "");
            if (n % 5 == 0)
                for (char& c : nss)
                    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            if (!pct::validate(nss, syn))
                continue;   // lower-casing can make "%00" out of nothing else; skip
            pct::display_info info;
            std::string const out = show(nss, syn, &info);
            BOOST_TEST(dec(out) == dec(nss));
            BOOST_TEST(info.valid_utf8 == valid_utf8(dec(nss)));
            BOOST_TEST(valid_utf8(out));
            std::size_t lit_in = 0, lit_out = 0;
            for (std::size_t i = 0; i < out.size(); ++i) {
                unsigned char const c = static_cast<unsigned char>(out[i]);
                BOOST_TEST((c >= 0x20 && c != 0x7F), n);
                if (c == '%')
                    i += 2;
                else if (c < 0x80 && !pct::needs_encoding(c, syn))
                    ++lit_out;
            }
            for (std::size_t i = 0; i < nss.size(); ++i) {
                if (nss[i] == '%')
                    i += 2;
                else if (!pct::needs_encoding(static_cast<unsigned char>(nss[i]), syn))
                    ++lit_in;
            }
            BOOST_TEST(lit_in == lit_out);
        }
    }
}

//------------------------------------------------
// 16 MiB inputs, linear: each function is one pass; the work is counted
// as the octets produced or stepped over, never timed.

BOOST_AUTO_TEST_CASE(large_inputs)
{
    std::size_t const n = std::size_t(16) << 20;
    std::mt19937 g(16);
    std::uniform_int_distribution<int> byte(1, 255);
    std::string raw(n, ' ');
    for (char& c : raw)
        c = static_cast<char>(byte(g));

    for (syntax syn : all_syntaxes) {
        std::string const e = enc(raw, syn);
        BOOST_TEST(pct::encoded_size(raw, syn) == e.size());
        BOOST_TEST(pct::validate(e, syn).has_value());
        auto d = pct::decoded(e).value();
        std::size_t steps = 0;
        bool same = true;
        for (auto it = d.begin(); it != d.end(); ++it, ++steps)
            same = same && *it == raw[steps];
        BOOST_TEST(steps == n);   // one step per octet
        BOOST_TEST(same);
        BOOST_TEST(dec(e) == raw);
        if (syn == syntax::rfc2141bis) {
            pct::display_info info;
            std::string const shown = show(e, syn, &info);
            BOOST_TEST(dec(shown) == raw);
        }
    }
    // Worst cases for look-ahead: all "%", long runs of UTF-8 lead bytes.
    std::string const percents(n, '%');
    std::string const e = enc(percents);
    BOOST_TEST(e.size() == 3 * n);
    BOOST_TEST(show(e).size() == 3 * n);
    std::string leads;
    leads.reserve(3 * n);
    for (std::size_t i = 0; i < n; ++i)
        leads += "%C3";
    pct::display_info info;
    BOOST_TEST(show(leads, syntax::rfc2141bis, &info).size() == 3 * n);
    BOOST_TEST(!info.valid_utf8);
    BOOST_TEST(info.kept_encoded == n);
    std::string bad = std::string(n, 'a') + "%";
    BOOST_TEST(pct::validate(bad, syntax::rfc2141bis).error().offset == n + 1);
}

//------------------------------------------------

BOOST_AUTO_TEST_CASE(noexcept_paths)
{
    static_assert(noexcept(pct::validate(std::string_view(), syntax::rfc2141)));
    static_assert(noexcept(pct::decoded(std::string_view())));
    static_assert(noexcept(pct::needs_encoding(0, syntax::rfc2141)));
    static_assert(noexcept(pct::encoded_size(std::string_view())));
    static_assert(noexcept(*pct::decoded_view().begin()));
    // On any bytes, each call's outcome against a naive reading of its
    // contract (pct.hpp): a "%" must start two hex digits; "%00" is refused
    // except in RFC 8141; encode takes non-empty text without NUL.
    auto hex = [](char c) -> int {
        char const* const digits = "0123456789ABCDEF";
        for (int v = 0; v < 16; ++v)
            if (c == digits[v] || c == std::tolower(static_cast<unsigned char>(digits[v])))
                return v;
        return -1;
    };
    auto shown = [](std::string const& s) {
        std::string out;
        for (unsigned char c : s)
            out += std::to_string(c) + ' ';
        return out;
    };
    std::mt19937 g(1);
    std::size_t well_formed = 0, with_nul = 0;
    for (int n = 0; n < 20000; ++n) {
        std::string const s = random_bytes(g, 12, true);
        bool triplets = true, pct00 = false;
        std::string raw;
        for (std::size_t i = 0; i < s.size(); ++i) {
            if (s[i] != '%') {
                raw += s[i];
                continue;
            }
            if (i + 2 >= s.size() || hex(s[i + 1]) < 0 || hex(s[i + 2]) < 0) {
                triplets = false;
                break;
            }
            raw += static_cast<char>(hex(s[i + 1]) * 16 + hex(s[i + 2]));
            pct00 = pct00 || raw.back() == '\0';
            i += 2;
        }
        well_formed += triplets;
        bool const nul = s.find('\0') != std::string::npos;
        with_nul += nul;
        for (syntax syn : all_syntaxes) {
            bool const valid = triplets && (syn == syntax::rfc8141 || !pct00);
            BOOST_TEST(pct::validate(s, syn).has_value() == valid, shown(s));
            auto d = pct::decoded(s);
            BOOST_TEST_REQUIRE(d.has_value() == triplets, shown(s));
            if (triplets)
                BOOST_TEST(std::string(d->begin(), d->end()) == raw, shown(s));
            std::string out = "x";
            BOOST_TEST(pct::display(s, syn, out).has_value() == valid, shown(s));
            out.clear();
            BOOST_TEST(pct::encode(s, out, syn, s).has_value() == (!s.empty() && !nul), shown(s));
            if (!nul)
                BOOST_TEST(out.size() == pct::encoded_size(s, syn, s));
            out.clear();
            BOOST_TEST(pct::decode(s, out).has_value() == triplets, shown(s));
            if (triplets)
                BOOST_TEST(out == raw, shown(s));
        }
    }
    // Both outcomes occur often enough to count.
    BOOST_TEST(well_formed > 2000u);
    BOOST_TEST(well_formed < 19500u);
    BOOST_TEST(with_nul > 100u);
}

//------------------------------------------------
// The examples in the doc comments of include/urns/pct.hpp, as written there.

BOOST_AUTO_TEST_CASE(header_examples)
{
    BOOST_TEST(urns::pct::validate("a%2Fb").has_value());
    BOOST_TEST(urns::pct::validate("a%2xb").error().offset == 3u);
    BOOST_TEST(!urns::pct::validate("a%00", urns::syntax::rfc2141bis));
    BOOST_TEST(urns::pct::validate("a%00", urns::syntax::rfc8141).has_value());

    auto d = urns::pct::decoded("a%2Cb").value();
    std::string s(d.begin(), d.end());
    BOOST_TEST(s == "a,b");
    BOOST_TEST(d.size() == 3u);

    std::string raw;
    urns::pct::decode("caf%C3%A9", raw).value();
    BOOST_TEST(raw == "caf\xC3\xA9");

    std::string shown;
    auto i = urns::pct::display("Stra%C3%9Fe%2F1%20a", urns::syntax::rfc2141bis, shown).value();
    BOOST_TEST(shown == "Stra\xC3\x9F" "e%2F1%20a");
    BOOST_TEST(i.valid_utf8);
    BOOST_TEST(i.kept_encoded == 2u);

    std::string whole;
    urns::pct::display(urns::parse_urn("urn:ex:%E2%82%AC1?s=I2L").value(), whole).value();
    BOOST_TEST(whole == "urn:ex:\xE2\x82\xAC" "1?s=I2L");

    BOOST_TEST(urns::pct::needs_encoding('~', urns::syntax::rfc2141));
    BOOST_TEST(!urns::pct::needs_encoding('~', urns::syntax::rfc2141bis));
    BOOST_TEST(!urns::pct::needs_encoding('/', urns::syntax::rfc8141, false));
    BOOST_TEST(urns::pct::needs_encoding('/', urns::syntax::rfc8141, true));

    std::string nss;
    urns::pct::encode("a b/c~d", nss, urns::syntax::rfc2141).value();
    BOOST_TEST(nss == "a%20b%2Fc%7Ed");
    BOOST_TEST(urns::pct::encoded_size("a b") == 5u);
    BOOST_TEST(urns::pct::encode("Stra\xC3\x9F" "e 1/2").value() == "Stra%C3%9Fe%201%2F2");
    BOOST_TEST(urns::pct::decode("a%2Cb").value() == "a,b");
}

// The noexcept functions never allocate, and the appending ones allocate
// nothing when the caller's string already has the room (counted).
BOOST_AUTO_TEST_CASE(allocation_free_paths)
{
    std::string long_nss;
    for (int i = 0; i < 300; ++i)
        long_nss += "ab%2Cc%E2%82%AC-";
    std::string const raw_long(4000, '\xe9');
    std::vector<std::string> const nsses{"a%2Cb", "%41%42%43", "x", long_nss};
    std::string out;
    out.reserve(64 * 1024);
    char buf[16 * 1024];
    std::size_t sink = 0;
    for (syntax syn : all_syntaxes) {
        long const before = urns_test::allocations;
        for (std::string const& n : nsses) {
            sink += pct::validate(n, syn).has_value();
            auto d = pct::decoded(n);
            BOOST_REQUIRE(d.has_value());
            for (char c : *d)
                sink += static_cast<unsigned char>(c);
            sink += d->size();
            char* end = pct::decode_to(n, buf).value();
            sink += static_cast<std::size_t>(end - buf);
            out.clear();
            sink += pct::decode(n, out).has_value();
            out.clear();
            sink += pct::display(n, syn, out).has_value();
            sink += pct::encoded_size(n, syn);
        }
        for (int c = 0; c < 256; ++c)
            sink += pct::needs_encoding(static_cast<unsigned char>(c), syn);
        sink += pct::encoded_size(raw_long, syn, ",:");
        out.clear();
        sink += pct::encode(raw_long, out, syn, ",:").has_value();
        BOOST_TEST(urns_test::allocations.load() == before, urns::to_string(syn));
    }
    BOOST_TEST(sink > 0u);
}

// Errors name each document's own rule: RFC 2141's "%" <hex> <hex> is part
// of URN-chars (our ABNF: `URN-chars = trans / "%" hex hex`), the draft's and
// RFC 8141's is RFC 3986's pct-encoded; parse_urn and validate agree.
BOOST_AUTO_TEST_CASE(rule_names_per_document)
{
    struct fault {
        char const* nss;       // after "urn:ab:"
        std::size_t offset;    // in the NSS
        char const* rfc2141;   // the rule's name in RFC 2141
        char const* others;    // in draft-03 and RFC 8141
    };
    for (fault const& f : {fault{"a%00", 1, "URN-chars", "pct-encoded"}, fault{"a%4g", 3, "hex", "HEXDIG"}}) {
        for (syntax syn : {syntax::rfc2141, syntax::rfc2141bis}) {
            std::string const rule = syn == syntax::rfc2141 ? f.rfc2141 : f.others;
            auto p = urns::parse_urn(std::string("urn:ab:") + f.nss, syn);
            auto v = pct::validate(f.nss, syn);
            BOOST_REQUIRE(!p);
            BOOST_REQUIRE(!v);
            BOOST_TEST(p.error().expected == rule, f.nss);
            BOOST_TEST(v.error().expected == rule, f.nss);
            BOOST_TEST(p.error().offset == f.offset + 7, f.nss);
            BOOST_TEST(v.error().offset == f.offset, f.nss);
        }
    }
}
