// SPDX-License-Identifier: BSL-1.0
// Rule tests for grammar/rfc8141.abnf (RFC 8141 section 2): one test case per
// rule, in its order.
#define BOOST_TEST_MODULE grammar_rfc8141
#include <boost/test/unit_test.hpp>

#include "grammar/rfc8141_def.hpp"

#include "rule_testing.hpp"

#include <string>

using namespace urns_test;
namespace g = urns::grammar::rfc8141;
using urns::error;
constexpr auto rfc8141 = urns::syntax::rfc8141;

// namestring    = assigned-name
//                 [ rq-components ]
//                 [ "#" f-component ]
BOOST_AUTO_TEST_CASE(namestring)
{
    urns::grammar::ast::namestring a;
    std::string const s = "urn:example:foo-bar-baz-qux?+CCResolve:cc=uk?=op=map#frag";
    BOOST_TEST(run_into(g::namestring, s, a).consumed == s.size());
    BOOST_TEST(text(a.name.nid) == "example");
    BOOST_TEST(text(a.name.nss) == "foo-bar-baz-qux");
    BOOST_TEST(text(*a.rq.r_component) == "CCResolve:cc=uk");
    BOOST_TEST(text(*a.rq.q_component) == "op=map");
    BOOST_TEST(text(*a.f_component) == "frag");

    urns::grammar::ast::namestring b;
    BOOST_TEST(run_into(g::namestring, "urn:example:a#", b).consumed == 14u);
    BOOST_TEST(!b.rq.r_component);
    BOOST_TEST(bool(b.f_component));
    BOOST_TEST(text(*b.f_component).empty());

    BOOST_TEST(accepts(g::namestring, "urn:example:a123,z456"));      // section 3.2
    BOOST_TEST(accepts(g::namestring, "urn:example:weather?=op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z"));
    BOOST_TEST(accepts(g::namestring, "urn:ex:a?=q?+r"));   // "?+" inside q is data
    // Section 2: 'a "?" that is not immediately followed by "=" or "+" ...
    // SHOULD be treated as a syntax error'.
    BOOST_TEST(rejects_at(g::namestring, "urn:ex:a?b", "rq-components", 8));
    BOOST_TEST(rejects_at(g::namestring, "urn:ex:a?", "rq-components", 8));
    BOOST_TEST(run(g::namestring, "urn:ex:a?b").code == static_cast<int>(error::bad_rq));
    BOOST_TEST(rejects_at(g::namestring, "urn:ex:a b", "NSS", 8));
    BOOST_TEST(rejects_at(g::namestring, "urn:ex:a#f#g", "f-component", 10));
    BOOST_TEST(rejects_at(g::namestring, "urn:ex:a#f g", "f-component", 10));
    BOOST_TEST(rejects_at(g::namestring, "urn:ex:a?+r#f#", "f-component", 13));
}

// assigned-name = "urn" ":" NID ":" NSS
BOOST_AUTO_TEST_CASE(assigned_name)
{
    urns::grammar::ast::assigned_name a;
    BOOST_TEST(run_into(g::assigned_name, "URN:ISBN:0-395-36341-1", a).consumed == 22u);
    BOOST_TEST(text(a.nid) == "ISBN");
    BOOST_TEST(text(a.nss) == "0-395-36341-1");
    BOOST_TEST(takes(g::assigned_name, "urn:ex:a?+r", 8));
    BOOST_TEST(rejects_at(g::assigned_name, "", "\"urn\"", 0));
    BOOST_TEST(rejects_at(g::assigned_name, "urn", "\":\"", 3));
    BOOST_TEST(rejects_at(g::assigned_name, "urn:a:b", "NID", 4));   // one-letter NID: RFC 2141 only
    BOOST_TEST(rejects_at(g::assigned_name, "urn:ab:", "NSS", 7));
    BOOST_TEST(rejects_at(g::assigned_name, "urn:ab:/a", "NSS", 7)); // "/" not first
    BOOST_TEST(run(g::assigned_name, "urn:a:b").code == static_cast<int>(error::bad_nid));
}

// NID           = (alphanum) 0*30(ldh) (alphanum)
BOOST_AUTO_TEST_CASE(NID)
{
    // PEG trap: transcribed literally, the greedy 0*30(ldh) rejects all of these.
    BOOST_TEST(accepts(g::nid, "ab"));
    BOOST_TEST(accepts(g::nid, "isbn"));
    BOOST_TEST(accepts(g::nid, "a-b"));
    BOOST_TEST(accepts(g::nid, "x-y-z-1"));
    BOOST_TEST(rejects(g::nid, "a-"));
    BOOST_TEST(rejects(g::nid, "-a"));
    BOOST_TEST(rejects(g::nid, "a"));
    BOOST_TEST(accepts(g::nid, std::string(32, '7')));
    BOOST_TEST(takes(g::nid, std::string(33, '7'), 32));
    // The NID as a URN checks it (checked_nid): a NID wrong as a whole at its
    // first byte, a byte no NID may hold at that byte.
    BOOST_TEST(rejects_at(g::namestring, "urn:-ab:x", "NID", 4));
    BOOST_TEST(rejects_at(g::namestring, "urn:ab-:x", "NID", 4));
    BOOST_TEST(rejects_at(g::namestring, "urn::x", "NID", 4));
    BOOST_TEST(rejects_at(g::namestring, "urn:a_b:x", "NID", 5));
    BOOST_TEST(rejects_at(g::namestring, "urn:" + std::string(33, '7') + ":x", "NID", 4));
    BOOST_TEST(run(g::namestring, "urn:ab-:x").code == static_cast<int>(error::bad_nid));
    // parse_urn reports the grammar's failure as it is (grammar/README.md
    // "Where errors point").
    BOOST_TEST(parse_rejects_at("urn:a_b:x", rfc8141, error::bad_nid, "NID", 5));
    BOOST_TEST(parse_rejects_at("urn:ab-_:x", rfc8141, error::bad_nid, "NID", 7));
    BOOST_TEST(parse_rejects_at("urn:ab-:x", rfc8141, error::bad_nid, "NID", 4));
    BOOST_TEST(parse_rejects_at("urn:" + std::string(33, '7') + ":x", rfc8141, error::bad_nid, "NID", 4));
}

// ldh           = alphanum / "-"
BOOST_AUTO_TEST_CASE(ldh)
{
    BOOST_TEST(class_mismatch(g::ldh, [](unsigned char c) { return is_alpha(c) || is_digit(c) || c == '-'; }) == -1);
}

// NSS           = pchar *(pchar / "/")
BOOST_AUTO_TEST_CASE(NSS)
{
    BOOST_TEST(accepts(g::nss, "a"));
    BOOST_TEST(accepts(g::nss, "a/b//c/"));
    BOOST_TEST(accepts(g::nss, "&~%2F"));
    BOOST_TEST(rejects(g::nss, "/a"));
    BOOST_TEST(rejects(g::nss, ""));
    BOOST_TEST(takes(g::nss, "a?b", 1));
    // In a URN: at least one pchar, first; then "/" too; the fault at its byte.
    BOOST_TEST(rejects_at(g::namestring, "urn:ex:", "NSS", 7));
    BOOST_TEST(rejects_at(g::namestring, "urn:ex:/a", "NSS", 7));
    BOOST_TEST(rejects_at(g::namestring, "urn:ex:a/b c", "NSS", 10));
    BOOST_TEST(rejects_at(g::namestring, "urn:ex:a/b%zz", "HEXDIG", 11));
    BOOST_TEST(run(g::namestring, "urn:ex:a/b c").code == static_cast<int>(error::bad_nss));
    BOOST_TEST(parse_rejects_at("urn:ex:a/b c", rfc8141, error::bad_nss, "NSS", 10));
}

// rq-components = [ "?+" r-component ]
//                 [ "?=" q-component ]
BOOST_AUTO_TEST_CASE(rq_components)
{
    urns::grammar::ast::rq_components a;
    BOOST_TEST(run_into(g::rq_components, "?+r1?+r2?=q1?=q2", a).consumed == 16u);
    BOOST_TEST(text(*a.r_component) == "r1?+r2");   // "?+" inside r is data
    BOOST_TEST(text(*a.q_component) == "q1?=q2");   // "?=" inside q is data
    BOOST_TEST(accepts(g::rq_components, ""));
    BOOST_TEST(accepts(g::rq_components, "?=q"));
    BOOST_TEST(rejects_at(g::rq_components, "?+", "r-component", 2));
    BOOST_TEST(rejects_at(g::rq_components, "?+?=q", "r-component", 2));
    // DECISION "r-component ends at ?=": so "?+R?=" has an empty q-component.
    BOOST_TEST(rejects_at(g::rq_components, "?+R?=", "q-component", 5));
    BOOST_TEST(rejects_at(g::rq_components, "?=", "q-component", 2));
    BOOST_TEST(rejects_at(g::rq_components, "?+r r", "r-component", 3));
    BOOST_TEST(rejects_at(g::rq_components, "?=q q", "q-component", 3));
}

// r-component   = pchar *( pchar / "/" / "?" )
BOOST_AUTO_TEST_CASE(r_component)
{
    BOOST_TEST(accepts(g::r_component, "CCResolve:cc=uk"));
    BOOST_TEST(accepts(g::r_component, "a/b?c?+d"));
    BOOST_TEST(takes(g::r_component, "a?=b", 1));
    BOOST_TEST(rejects(g::r_component, "/a"));
    BOOST_TEST(rejects(g::r_component, "?a"));
    // In a URN (recorded by rq-components and namestring):
    BOOST_TEST(rejects_at(g::namestring, "urn:ex:a?+", "r-component", 10));     // empty
    BOOST_TEST(rejects_at(g::namestring, "urn:ex:a?+/r", "r-component", 10));   // starts with pchar
    BOOST_TEST(rejects_at(g::namestring, "urn:ex:a?+?=q", "r-component", 10));  // empty, then q
    BOOST_TEST(rejects_at(g::namestring, "urn:ex:a?+r/?^", "r-component", 13));
    BOOST_TEST(rejects_at(g::namestring, "urn:ex:a?+r%4", "HEXDIG", 13));
    BOOST_TEST(run(g::namestring, "urn:ex:a?+r/?^").code == static_cast<int>(error::bad_r_component));
    BOOST_TEST(parse_rejects_at("urn:ex:a?+r/?^", rfc8141, error::bad_r_component, "r-component", 13));
}

// q-component   = pchar *( pchar / "/" / "?" )
BOOST_AUTO_TEST_CASE(q_component)
{
    BOOST_TEST(accepts(g::q_component, "op=map&lat=39.56"));
    BOOST_TEST(accepts(g::q_component, "a?=b?+c/d"));
    BOOST_TEST(takes(g::q_component, "a#b", 1));
    BOOST_TEST(rejects(g::q_component, "/a"));
    // In a URN (recorded by rq-components and namestring):
    BOOST_TEST(rejects_at(g::namestring, "urn:ex:a?=", "q-component", 10));      // empty
    BOOST_TEST(rejects_at(g::namestring, "urn:ex:a?+r?=", "q-component", 13));   // empty, after r
    BOOST_TEST(rejects_at(g::namestring, "urn:ex:a?=/q", "q-component", 10));    // starts with pchar
    BOOST_TEST(rejects_at(g::namestring, "urn:ex:a?=q/?[", "q-component", 13));
    BOOST_TEST(rejects_at(g::namestring, "urn:ex:a?=q%zz", "HEXDIG", 12));
    BOOST_TEST(run(g::namestring, "urn:ex:a?=q/?[").code == static_cast<int>(error::bad_q_component));
    BOOST_TEST(parse_rejects_at("urn:ex:a?=q/?[", rfc8141, error::bad_q_component, "q-component", 13));
}

// f-component   = fragment
BOOST_AUTO_TEST_CASE(f_component)
{
    BOOST_TEST(accepts(g::f_component, ""));
    BOOST_TEST(accepts(g::f_component, "a/b?c"));
    BOOST_TEST(takes(g::f_component, "a#", 1));
    // In a URN (recorded by namestring): only the end may follow it.
    BOOST_TEST(rejects_at(g::namestring, "urn:ex:a# ", "f-component", 9));       // empty, then a space
    BOOST_TEST(rejects_at(g::namestring, "urn:ex:a#a[b", "f-component", 10));
    BOOST_TEST(rejects_at(g::namestring, "urn:ex:a?+r/?#x y", "f-component", 15));
    BOOST_TEST(rejects_at(g::namestring, "urn:ex:a#f%", "HEXDIG", 11));         // at the end
    BOOST_TEST(run(g::namestring, "urn:ex:a#a[b").code == static_cast<int>(error::bad_fragment));
    BOOST_TEST(parse_rejects_at("urn:ex:a#a[b", rfc8141, error::bad_fragment, "f-component", 10));
}

// fragment      = *( pchar / "/" / "?" )
BOOST_AUTO_TEST_CASE(fragment)
{
    BOOST_TEST(std::addressof(g::fragment) == std::addressof(urns::grammar::rfc3986::fragment));   // the RFC 3986 rule itself
    BOOST_TEST(accepts(g::fragment, "sec?x=1"));
    // In a URN the fragment is the f-component, and is reported by that name.
    BOOST_TEST(rejects_at(g::namestring, "urn:ex:a#sec?x/y#", "f-component", 16));   // "#" is not in it
    BOOST_TEST(rejects_at(g::namestring, "urn:ex:a#%zz", "HEXDIG", 10));
    BOOST_TEST(parse_rejects_at("urn:ex:a#sec?x/y#", rfc8141, error::bad_fragment, "f-component", 16));
}

// pchar         = unreserved / pct-encoded / sub-delims / ":" / "@"
BOOST_AUTO_TEST_CASE(pchar)
{
    BOOST_TEST(std::addressof(g::pchar) == std::addressof(urns::grammar::rfc3986::pchar));
    BOOST_TEST(accepts(g::pchar, "%7e"));
    BOOST_TEST(rejects(g::pchar, "/"));
    // A broken pct-encoded pchar, in each part of a URN: at the bad hex digit,
    // or at the end.
    BOOST_TEST(rejects_at(g::namestring, "urn:ex:a%4g", "HEXDIG", 10));
    BOOST_TEST(rejects_at(g::namestring, "urn:ex:a?+r%", "HEXDIG", 12));
    BOOST_TEST(rejects_at(g::namestring, "urn:ex:a?=q%g0", "HEXDIG", 12));
    BOOST_TEST(rejects_at(g::namestring, "urn:ex:a#%zz", "HEXDIG", 10));
    BOOST_TEST(run(g::namestring, "urn:ex:a%4g").code == static_cast<int>(error::bad_pct_encoded));
    BOOST_TEST(parse_rejects_at("urn:ex:a?+r%", rfc8141, error::bad_pct_encoded, "HEXDIG", 12));
}

// pct-encoded   = "%" HEXDIG HEXDIG
BOOST_AUTO_TEST_CASE(pct_encoded)
{
    BOOST_TEST(std::addressof(g::pct_encoded) == std::addressof(urns::grammar::rfc3986::pct_encoded));
    BOOST_TEST(accepts(g::pct_encoded, "%00"));   // RFC 8141 does not forbid %00
    BOOST_TEST(rejects_at(g::pct_encoded, "%z0", "HEXDIG", 1));
}

// unreserved    = ALPHA / DIGIT / "-" / "." / "_" / "~"
BOOST_AUTO_TEST_CASE(unreserved)
{
    BOOST_TEST(std::addressof(g::unreserved) == std::addressof(urns::grammar::rfc3986::unreserved));
    BOOST_TEST(accepts(g::unreserved, "~"));
    BOOST_TEST(accepts(g::namestring, "urn:ex:-._~?+-._~?=-._~#-._~"));
    // Bytes next to its ranges ("`" after "_" and before "a", "{" after "z",
    // "^" before "_") are none of pchar: the fault is inside the part.
    BOOST_TEST(rejects_at(g::namestring, "urn:ex:a`b", "NSS", 8));
    BOOST_TEST(rejects_at(g::namestring, "urn:ex:a{b", "NSS", 8));
    BOOST_TEST(rejects_at(g::namestring, "urn:ex:a?+r^", "r-component", 11));
    BOOST_TEST(parse_rejects_at("urn:ex:a`b", rfc8141, error::bad_nss, "NSS", 8));
}

// sub-delims    = "!" / "$" / "&" / "'" / "(" / ")"
//               / "*" / "+" / "," / ";" / "="
BOOST_AUTO_TEST_CASE(sub_delims)
{
    BOOST_TEST(std::addressof(g::sub_delims) == std::addressof(urns::grammar::rfc3986::sub_delims));
    BOOST_TEST(accepts(g::sub_delims, "&"));
    BOOST_TEST(accepts(g::namestring, "urn:ex:!$&'()*+,;=?+!$&'()*+,;=?=!$&'()*+,;=#!$&'()*+,;="));
    // Bytes next to its members ('"' between "!" and "$", "<" and ">" around
    // "=") are none of pchar: the fault is inside the part.
    BOOST_TEST(rejects_at(g::namestring, "urn:ex:a\"b", "NSS", 8));
    BOOST_TEST(rejects_at(g::namestring, "urn:ex:a?=q<", "q-component", 11));
    BOOST_TEST(rejects_at(g::namestring, "urn:ex:a#f>", "f-component", 10));
    BOOST_TEST(parse_rejects_at("urn:ex:a?=q<", rfc8141, error::bad_q_component, "q-component", 11));
}

// alphanum      = ALPHA / DIGIT
BOOST_AUTO_TEST_CASE(alphanum)
{
    BOOST_TEST(class_mismatch(g::alphanum, [](unsigned char c) { return is_alpha(c) || is_digit(c); }) == -1);
}
