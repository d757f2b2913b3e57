// SPDX-License-Identifier: BSL-1.0
// Rule tests for grammar/rfc3986.abnf: one test case per rule, in its order.
#define BOOST_TEST_MODULE grammar_rfc3986
#include <boost/test/unit_test.hpp>

#include "grammar/rfc3986_def.hpp"

#include "rule_testing.hpp"

using namespace urns_test;
namespace g = urns::grammar::rfc3986;
using urns::error;

// These rules have no entry rule of their own here: their rejections are
// checked in whole URNs through parse_urn, in the syntaxes that use them.
// The draft's URI is "scheme ":" path-rootless [ "?" query ] [ "#" fragment ]"
// with urn-path, NSS = segment-nz and urn-query superimposed; RFC 8141's NSS
// is path-rootless (pchar *(pchar / "/")) and its fragment this fragment.
constexpr auto rfc2141bis = urns::syntax::rfc2141bis;
constexpr auto rfc8141 = urns::syntax::rfc8141;
constexpr auto rfc2141 = urns::syntax::rfc2141;

namespace {
bool unreserved(unsigned char c) { return is_alpha(c) || is_digit(c) || one_of(c, "-._~"); }
bool sub_delim(unsigned char c) { return one_of(c, "!$&'()*+,;="); }
} // namespace

// scheme        = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
BOOST_AUTO_TEST_CASE(scheme)
{
    BOOST_TEST(accepts(g::scheme, "urn"));
    BOOST_TEST(accepts(g::scheme, "a+b-c.d9"));
    BOOST_TEST(rejects(g::scheme, "9urn"));
    BOOST_TEST(rejects(g::scheme, ""));
    BOOST_TEST(takes(g::scheme, "urn:x", 3));
    // Every URN syntax narrows scheme to "urn" (the draft by superimposing
    // scheme = "urn", RFC 8141 and RFC 2141 by the literal); a scheme error
    // points at the first byte that differs from "urn:".
    BOOST_TEST(parse_rejects_at("9urn:ex:a", rfc2141bis, error::bad_scheme, "scheme", 0));   // not an RFC 3986 scheme
    BOOST_TEST(parse_rejects_at("http:ex:a", rfc2141bis, error::bad_scheme, "scheme", 0));   // one, but not "urn"
    BOOST_TEST(parse_rejects_at("u9n:ex:a", rfc2141bis, error::bad_scheme, "scheme", 1));
    BOOST_TEST(parse_rejects_at("urn+x:ex:a", rfc2141bis, error::bad_scheme, "\":\"", 3));  // scheme bytes, but ":" is due
    BOOST_TEST(parse_rejects_at("9urn:ex:a", rfc8141, error::bad_scheme, "\"urn\"", 0));
    BOOST_TEST(parse_rejects_at("u9n:ex:a", rfc8141, error::bad_scheme, "\"urn\"", 1));
    BOOST_TEST(parse_rejects_at("9urn:ex:a", rfc2141, error::bad_scheme, "\"urn:\"", 0));
}

// path-rootless = segment-nz *( "/" segment )
BOOST_AUTO_TEST_CASE(path_rootless)
{
    BOOST_TEST(accepts(g::path_rootless, "a"));
    BOOST_TEST(accepts(g::path_rootless, "isbn:0-395/a//b/"));
    BOOST_TEST(rejects(g::path_rootless, "/a"));
    BOOST_TEST(rejects(g::path_rootless, ""));
    BOOST_TEST(takes(g::path_rootless, "a/b?q", 3));
    BOOST_TEST(parse_accepts("urn:ex:isbn:0-395/a//b/", rfc8141));
    BOOST_TEST(parse_rejects_at("urn:ex:/a", rfc8141, error::bad_nss, "NSS", 7));      // segment-nz first
    BOOST_TEST(parse_rejects_at("urn:ex:a/b c", rfc8141, error::bad_nss, "NSS", 10));
    BOOST_TEST(parse_rejects_at("urn:ex:a/b", rfc2141bis, error::bad_nss, "NSS", 8));   // the draft: one segment
}

// segment       = *pchar
BOOST_AUTO_TEST_CASE(segment)
{
    BOOST_TEST(accepts(g::segment, ""));
    BOOST_TEST(accepts(g::segment, "a:b@c%41"));
    BOOST_TEST(takes(g::segment, "ab/c", 2));
    // The segments after the first "/" of an RFC 8141 NSS: empty ones too.
    BOOST_TEST(parse_accepts("urn:ex:a//b:c@d%41/", rfc8141));
    BOOST_TEST(parse_rejects_at("urn:ex:a/ b", rfc8141, error::bad_nss, "NSS", 9));
    BOOST_TEST(parse_rejects_at("urn:ex:a/b%zz", rfc8141, error::bad_pct_encoded, "HEXDIG", 11));
    BOOST_TEST(parse_rejects_at("urn:ex:a//%", rfc8141, error::bad_pct_encoded, "HEXDIG", 11));
}

// segment-nz    = 1*pchar
BOOST_AUTO_TEST_CASE(segment_nz)
{
    BOOST_TEST(rejects(g::segment_nz, ""));
    BOOST_TEST(accepts(g::segment_nz, "a"));
    BOOST_TEST(takes(g::segment_nz, "a#b", 1));
    // The draft's NSS is segment-nz; RFC 8141's starts with one.
    BOOST_TEST(parse_rejects_at("urn:ex:", rfc2141bis, error::bad_nss, "NSS", 7));
    BOOST_TEST(parse_rejects_at("urn:ex:", rfc8141, error::bad_nss, "NSS", 7));
    BOOST_TEST(parse_rejects_at("urn:ex:%4", rfc2141bis, error::bad_pct_encoded, "HEXDIG", 9));
    BOOST_TEST(parse_rejects_at("urn:ex:a^", rfc2141bis, error::bad_nss, "NSS", 8));
}

// pchar         = unreserved / pct-encoded / sub-delims / ":" / "@"
BOOST_AUTO_TEST_CASE(pchar)
{
    BOOST_TEST(class_mismatch(g::pchar, [](unsigned char c) {
                   return unreserved(c) || sub_delim(c) || c == ':' || c == '@';
               }) == -1);
    BOOST_TEST(accepts(g::pchar, "%41"));
    BOOST_TEST(accepts(g::pchar, "%fF"));
    BOOST_TEST(rejects_at(g::pchar, "%4", "HEXDIG", 2));
    BOOST_TEST(rejects_at(g::pchar, "%g1", "HEXDIG", 1));
    BOOST_TEST(takes(g::pchar, "%414", 3));
}

// query         = *( pchar / "/" / "?" )
BOOST_AUTO_TEST_CASE(query)
{
    BOOST_TEST(accepts(g::query, ""));
    BOOST_TEST(accepts(g::query, "s=I2L&c=ToC/x?y"));
    BOOST_TEST(takes(g::query, "a#b", 1));
    // The draft superimposes urn-query on query; RFC 8141's q-component has
    // query's repertoire. A byte outside it is reported inside the part.
    BOOST_TEST(parse_accepts("urn:ex:a?s=a/b?c:@", rfc2141bis));
    BOOST_TEST(parse_rejects_at("urn:ex:a?s=a[", rfc2141bis, error::bad_query, "urn-query", 12));   // "[" is gen-delims
    BOOST_TEST(parse_rejects_at("urn:ex:a?s=%zz", rfc2141bis, error::bad_pct_encoded, "HEXDIG", 12));
    BOOST_TEST(parse_rejects_at("urn:ex:a?=q/?[", rfc8141, error::bad_q_component, "q-component", 13));
}

// fragment      = *( pchar / "/" / "?" )
BOOST_AUTO_TEST_CASE(fragment)
{
    BOOST_TEST(accepts(g::fragment, ""));
    BOOST_TEST(accepts(g::fragment, "sec/1?x=%20"));
    BOOST_TEST(takes(g::fragment, "a#b", 1));
    BOOST_TEST(takes(g::fragment, "a b", 1));
    // The draft and RFC 8141 use this rule itself; after it only the end may
    // follow. RFC 8141 names it f-component.
    BOOST_TEST(parse_rejects_at("urn:ex:a#sec/1?x=%20 ", rfc2141bis, error::bad_fragment, "fragment", 20));
    BOOST_TEST(parse_rejects_at("urn:ex:a#a#b", rfc2141bis, error::bad_fragment, "fragment", 10));
    BOOST_TEST(parse_rejects_at("urn:ex:a#%2", rfc2141bis, error::bad_pct_encoded, "HEXDIG", 11));
    BOOST_TEST(parse_rejects_at("urn:ex:a#a[b", rfc8141, error::bad_fragment, "f-component", 10));
}

// pct-encoded   = "%" HEXDIG HEXDIG
BOOST_AUTO_TEST_CASE(pct_encoded)
{
    BOOST_TEST(accepts(g::pct_encoded, "%00"));
    BOOST_TEST(accepts(g::pct_encoded, "%aF"));
    BOOST_TEST(rejects(g::pct_encoded, "41"));
    BOOST_TEST(rejects_at(g::pct_encoded, "%", "HEXDIG", 1));
    BOOST_TEST(rejects_at(g::pct_encoded, "%zz", "HEXDIG", 1));
    BOOST_TEST(rejects_at(g::pct_encoded, "%4z", "HEXDIG", 2));
    BOOST_TEST(run(g::pct_encoded, "%4z").code == static_cast<int>(urns::error::bad_pct_encoded));
}

// unreserved    = ALPHA / DIGIT / "-" / "." / "_" / "~"
BOOST_AUTO_TEST_CASE(unreserved_rule)
{
    BOOST_TEST(class_mismatch(g::unreserved, unreserved) == -1);
}

// gen-delims    = ":" / "/" / "?" / "#" / "[" / "]" / "@"
BOOST_AUTO_TEST_CASE(gen_delims)
{
    BOOST_TEST(class_mismatch(g::gen_delims, [](unsigned char c) { return one_of(c, ":/?#[]@"); }) == -1);
}

// sub-delims    = "!" / "$" / "&" / "'" / "(" / ")"
//               / "*" / "+" / "," / ";" / "="
BOOST_AUTO_TEST_CASE(sub_delims)
{
    BOOST_TEST(class_mismatch(g::sub_delims, sub_delim) == -1);
}

// Not an ABNF rule: the fast path run_of<S> (primitives.hpp) in front of the
// repetitions of query, fragment and the NSS rules. It must take exactly
// what +char_in<S> takes, wherever the run ends: inside an 8-byte step, in
// the last 1-7 bytes (looked up in the eight bytes that end the input), or
// at the end, for a run that starts anywhere in the input.
BOOST_AUTO_TEST_CASE(run_of_fast_path)
{
    namespace gg = urns::grammar;
    using run = gg::run_of<urns::lexical::rfc3986::pchar>;
    using one = gg::char_in<urns::lexical::rfc3986::pchar>;
    long cases = 0;
    for (std::size_t len = 0; len <= 24; ++len)
        for (std::size_t stop = 0; stop <= len; ++stop)   // stop == len: no byte outside the class
            for (char outside : {'%', '/', '\0', '\xff'}) {
                std::string s(len, 'a');
                for (std::size_t i = 0; i < len; ++i)
                    s[i] = "aZ9-._~!$&'()*+,;=:@"[i % 20];
                if (stop < len)
                    s[stop] = outside;
                for (std::size_t start = 0; start <= len; ++start) {
                    std::string_view const tail = std::string_view(s).substr(start);
                    auto const fast = urns_test::run(run{}, tail);
                    auto const slow = urns_test::run(+one{}, tail);
                    BOOST_TEST(fast.matched == slow.matched, "len " << len << " stop " << stop << " start " << start);
                    BOOST_TEST(fast.consumed == slow.consumed, "len " << len << " stop " << stop << " start " << start);
                    ++cases;
                }
            }
    BOOST_TEST(cases > 10000);
}
