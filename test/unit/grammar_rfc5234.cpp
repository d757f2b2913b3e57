// SPDX-License-Identifier: BSL-1.0
// Rule tests for grammar/rfc5234-core.abnf: one test case per rule, in its order.
// Each character class is checked on all 256 bytes against the ABNF's ranges,
// written out again here independently of the grammar's tables.
#define BOOST_TEST_MODULE grammar_rfc5234
#include <boost/test/unit_test.hpp>

#include "grammar/rfc5234_def.hpp"

#include "rule_testing.hpp"

using namespace urns_test;
namespace g = urns::grammar::rfc5234;

// ALPHA          =  %x41-5A / %x61-7A   ; A-Z / a-z
BOOST_AUTO_TEST_CASE(ALPHA)
{
    BOOST_TEST(class_mismatch(g::alpha, [](unsigned char c) { return in(c, 0x41, 0x5A) || in(c, 0x61, 0x7A); }) == -1);
    BOOST_TEST(rejects(g::alpha, ""));
    BOOST_TEST(takes(g::alpha, "ab", 1));
}

// CTL            =  %x00-1F / %x7F
BOOST_AUTO_TEST_CASE(CTL)
{
    BOOST_TEST(class_mismatch(g::ctl, [](unsigned char c) { return c <= 0x1F || c == 0x7F; }) == -1);
}

// DIGIT          =  %x30-39
BOOST_AUTO_TEST_CASE(DIGIT)
{
    BOOST_TEST(class_mismatch(g::digit, [](unsigned char c) { return in(c, 0x30, 0x39); }) == -1);
}

// DQUOTE         =  %x22
BOOST_AUTO_TEST_CASE(DQUOTE)
{
    BOOST_TEST(class_mismatch(g::dquote, [](unsigned char c) { return c == 0x22; }) == -1);
}

// HEXDIG         =  DIGIT / "A" / "B" / "C" / "D" / "E" / "F"
// ABNF strings are case-insensitive (RFC 5234 section 2.3): "a"-"f" too.
BOOST_AUTO_TEST_CASE(HEXDIG)
{
    BOOST_TEST(class_mismatch(g::hexdig, [](unsigned char c) {
                   return in(c, '0', '9') || in(c, 'A', 'F') || in(c, 'a', 'f');
               }) == -1);
}

// SP             =  %x20
BOOST_AUTO_TEST_CASE(SP)
{
    BOOST_TEST(class_mismatch(g::sp, [](unsigned char c) { return c == 0x20; }) == -1);
}
