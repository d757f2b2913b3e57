// SPDX-License-Identifier: BSL-1.0
// Rule tests for grammar/rfc2141.abnf (RFC 2141's BNF in ABNF): one test case
// per rule, in its order.
#define BOOST_TEST_MODULE grammar_rfc2141
#include <boost/test/unit_test.hpp>

#include "grammar/rfc2141_def.hpp"

#include "rule_testing.hpp"

#include <string>

using namespace urns_test;
namespace g = urns::grammar::rfc2141;
using urns::error;
constexpr auto rfc2141 = urns::syntax::rfc2141;

namespace {
bool other(unsigned char c) { return one_of(c, "()+,-.:=@;$_!*'"); }
bool let_num(unsigned char c) { return is_alpha(c) || is_digit(c); }
} // namespace

// URN           = "urn:" NID ":" NSS
BOOST_AUTO_TEST_CASE(URN)
{
    urns::grammar::ast::rfc2141_urn a;
    BOOST_TEST(run_into(g::urn, "URN:foo:a123,456", a).consumed == 16u);
    BOOST_TEST(text(a.nid) == "foo");
    BOOST_TEST(text(a.nss) == "a123,456");

    BOOST_TEST(accepts(g::urn, "urn:a:b"));             // one-letter NID: RFC 2141 only
    BOOST_TEST(accepts(g::urn, "uRn:a-:b"));            // trailing hyphen: RFC 2141 only
    BOOST_TEST(accepts(g::urn, "urn:x:a/b?c#d"));       // <reserved> "/" "?" "#" are NSS bytes
    BOOST_TEST(rejects_at(g::urn, "", "\"urn:\"", 0));
    BOOST_TEST(rejects_at(g::urn, "urn", "\"urn:\"", 3));
    BOOST_TEST(rejects_at(g::urn, "urn:", "NID", 4));
    BOOST_TEST(rejects_at(g::urn, "urn:-a:b", "NID", 4));
    BOOST_TEST(rejects_at(g::urn, "urn:ab", "\":\"", 6));
    BOOST_TEST(rejects_at(g::urn, "urn:ab:", "NSS", 7));
    BOOST_TEST(rejects_at(g::urn, "urn:ab:a&b", "NSS", 8));   // "&" is <excluded>
    BOOST_TEST(rejects_at(g::urn, "urn:ab:a~b", "NSS", 8));   // "~" is <excluded>
    BOOST_TEST(rejects_at(g::urn, "urn:ab:a b", "NSS", 8));
    BOOST_TEST(rejects_at(g::urn, "urn:ab:a%2", "hex", 10));
    BOOST_TEST(run(g::urn, "urn:ab:a%2").code == static_cast<int>(error::bad_pct_encoded));
}

// NID           = let-num [ 1*31let-num-hyp ]
BOOST_AUTO_TEST_CASE(NID)
{
    BOOST_TEST(accepts(g::nid, "a"));
    BOOST_TEST(accepts(g::nid, "isbn"));
    BOOST_TEST(accepts(g::nid, "a-"));
    BOOST_TEST(accepts(g::nid, "9--"));
    BOOST_TEST(rejects(g::nid, "-a"));
    BOOST_TEST(rejects(g::nid, ""));
    std::string const n32(32, 'a');
    BOOST_TEST(accepts(g::nid, n32));
    BOOST_TEST(takes(g::nid, n32 + "a", 32));   // 33 bytes: the rule stops at 32
    BOOST_TEST(accepts(g::urn, "urn:" + n32 + ":x"));
    BOOST_TEST(rejects_at(g::urn, "urn:" + n32 + "a:x", "NID", 4));
}

// let-num-hyp   = upper / lower / number / "-"
BOOST_AUTO_TEST_CASE(let_num_hyp)
{
    BOOST_TEST(class_mismatch(g::let_num_hyp, [](unsigned char c) { return let_num(c) || c == '-'; }) == -1);
}

// let-num       = upper / lower / number
BOOST_AUTO_TEST_CASE(let_num_rule)
{
    BOOST_TEST(class_mismatch(g::let_num, let_num) == -1);
}

// upper         = %x41-5A   ; "A" to "Z"
BOOST_AUTO_TEST_CASE(upper)
{
    BOOST_TEST(class_mismatch(g::upper, [](unsigned char c) { return in(c, 'A', 'Z'); }) == -1);
}

// lower         = %x61-7A   ; "a" to "z"
BOOST_AUTO_TEST_CASE(lower)
{
    BOOST_TEST(class_mismatch(g::lower, [](unsigned char c) { return in(c, 'a', 'z'); }) == -1);
}

// number        = %x30-39   ; "0" to "9"
BOOST_AUTO_TEST_CASE(number)
{
    BOOST_TEST(class_mismatch(g::number, [](unsigned char c) { return in(c, '0', '9'); }) == -1);
}

// NSS           = 1*URN-chars
BOOST_AUTO_TEST_CASE(NSS)
{
    BOOST_TEST(accepts(g::nss, "a123,456"));
    BOOST_TEST(accepts(g::nss, "a123%2C456"));
    BOOST_TEST(accepts(g::nss, "/?#"));
    BOOST_TEST(rejects(g::nss, ""));
    BOOST_TEST(takes(g::nss, "ab&c", 2));
    // In a URN: an <excluded> byte at its offset, after "/?#" too (they are
    // NSS bytes here); a broken "%" hex hex at the bad digit or the end.
    BOOST_TEST(rejects_at(g::urn, "urn:ab:/?#a<", "NSS", 11));
    BOOST_TEST(rejects_at(g::urn, "urn:ab:a|b", "NSS", 8));
    BOOST_TEST(rejects_at(g::urn, "urn:ab:%2g", "hex", 9));
    BOOST_TEST(rejects_at(g::urn, "urn:ab:%", "hex", 8));
    BOOST_TEST(run(g::urn, "urn:ab:/?#a<").code == static_cast<int>(error::bad_nss));
    BOOST_TEST(parse_rejects_at("urn:ab:/?#a<", rfc2141, error::bad_nss, "NSS", 11));
    BOOST_TEST(parse_rejects_at("urn:ab:a\\b", rfc2141, error::bad_nss, "NSS", 8));
}

// URN-chars     = trans / "%" hex hex
BOOST_AUTO_TEST_CASE(URN_chars)
{
    BOOST_TEST(accepts(g::urn_chars, "%2c"));
    BOOST_TEST(accepts(g::urn_chars, "%FF"));
    BOOST_TEST(accepts(g::urn_chars, "a"));
    // DECISION "bare %": a "%" must start a %HH triple (section 2.3.1).
    BOOST_TEST(rejects_at(g::urn_chars, "%", "hex", 1));
    BOOST_TEST(rejects_at(g::urn_chars, "%zz", "hex", 1));
    BOOST_TEST(rejects_at(g::urn_chars, "%2", "hex", 2));
}

// trans         = upper / lower / number / other / reserved
BOOST_AUTO_TEST_CASE(trans)
{
    // reserved without "%": see the reserved test case.
    BOOST_TEST(class_mismatch(g::trans, [](unsigned char c) { return let_num(c) || other(c) || one_of(c, "/?#"); }) == -1);
}

// hex           = number / %x41-46 / %x61-66   ; "A" to "F", "a" to "f"
BOOST_AUTO_TEST_CASE(hex)
{
    BOOST_TEST(class_mismatch(g::hex, [](unsigned char c) { return is_digit(c) || in(c, 'A', 'F') || in(c, 'a', 'f'); }) == -1);
}

// other         = "(" / ")" / "+" / "," / "-" / "." /
//                 ":" / "=" / "@" / ";" / "$" /
//                 "_" / "!" / "*" / "'"
BOOST_AUTO_TEST_CASE(other_rule)
{
    BOOST_TEST(class_mismatch(g::other, other) == -1);
}

// reserved      = "%" / "/" / "?" / "#"
BOOST_AUTO_TEST_CASE(reserved)
{
    // DECISION "bare %" (grammar/README.md): "%" is only ever the start of
    // "%" hex hex, so the rule takes "/" "?" "#".
    BOOST_TEST(class_mismatch(g::reserved, [](unsigned char c) { return one_of(c, "/?#"); }) == -1);
    BOOST_TEST(rejects(g::reserved, "%"));
}

// excluded      = %x01-20 / "\" / %x22 / "&" / "<"
//                 / ">" / "[" / "]" / "^" / "`" / "{" / "|" / "}" / "~"
//                 / %x7F-FF
BOOST_AUTO_TEST_CASE(excluded)
{
    BOOST_TEST(class_mismatch(g::excluded, [](unsigned char c) {
                   return in(c, 0x01, 0x20) || one_of(c, "\\\"&<>[]^`{|}~") || c >= 0x7F;
               }) == -1);
    // Every byte is exactly one of: URN-chars start, excluded, "%" or NUL.
    for (int c = 0; c < 256; ++c) {
        char const b = static_cast<char>(c);
        std::string_view const s(&b, 1);
        int const n = accepts(g::trans, s) + accepts(g::excluded, s) + (c == '%') + (c == 0);
        BOOST_TEST(n == 1, "byte " << c);
    }
}
