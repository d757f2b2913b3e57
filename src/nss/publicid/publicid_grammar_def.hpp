// SPDX-License-Identifier: BSL-1.0
// X3 layer. Do not include from public headers; include from a .cpp only.
//
// Defines every rule of grammar/nss/publicid.abnf (RFC 3151 section 2), in
// its order, under the ABNF line it implements, with the extension surface
// <urns/nss/x3.hpp> only, in an unnamed namespace (this header is included
// by publicid_grammar.cpp only).
//
// Faults: a byte that starts no unit (a "+" first, last or after another
// "+", a literal "'", a character outside the transcription's) is reported
// at its offset, expected unit; a "%" not followed by one of the eight
// escapes at the byte after the "%", expected escape.
#ifndef URNS_GRAMMAR_NSS_PUBLICID_DEF_HPP
#define URNS_GRAMMAR_NSS_PUBLICID_DEF_HPP

#include "nss/publicid/publicid_grammar.hpp"
#include <urns/nss/x3.hpp>

namespace urns {
namespace grammar {
namespace nss {
namespace publicid {
namespace {

namespace abnf = urns::nss::abnf;
using urns::nss::expect;

inline constexpr lexical::charset literal_chars =
    lexical::rfc5234::alpha | lexical::rfc5234::digit | lexical::charset("-(),.=!*@$_");
// The second hex digit of the escapes, after "%2" (+ / # % ') and "%3" (: ; ?).
inline constexpr lexical::charset after_2 = lexical::charset("BbFf357");
inline constexpr lexical::charset after_3 = lexical::charset("AaBbFf");

// clang-format off

URNS_NSS_RULE(publicid_nss, "publicid-NSS", x3::unused_type);
URNS_NSS_RULE(unit,         "unit",         x3::unused_type);
URNS_NSS_RULE(literal,      "literal",      x3::unused_type);
URNS_NSS_RULE(escape,       "escape",       x3::unused_type);

/// The typed reading of a valid publicid-NSS: its units and its "+"s, each
/// as written (publicid.cpp decodes them).
URNS_NSS_RULE(publicid_tokens, "publicid-NSS", publicid_attr);

// publicid-NSS = unit *( [ "+" ] unit )
// A "+" must be followed by a unit; the NSS ends after a unit.
auto const publicid_nss_def = expect(unit) >> *((x3::lit('+') >> expect(unit)) | unit)
                           >> expect(x3::eoi, "unit");

// unit         = literal / ":" / ";" / escape
auto const unit_def = literal | x3::lit(':') | x3::lit(';') | escape;

// literal      = ALPHA / DIGIT / "-" / "(" / ")" / "," / "." / "=" / "!"
//                / "*" / "@" / "$" / "_"
auto const literal_def = abnf::one_of<literal_chars>;

// escape       = "%2B" / "%3A" / "%2F" / "%3B" / "%27" / "%3F" / "%23"
//                / "%25"
auto const escape_def = x3::lit('%') >> expect((x3::lit('2') >> abnf::one_of<after_2>)
                                               | (x3::lit('3') >> abnf::one_of<after_3>), "escape");

// ALPHA        = %x41-5A / %x61-7A
using abnf::alpha;

// DIGIT        = %x30-39
using abnf::digit;

auto const publicid_tokens_def = *x3::raw[x3::lit('+') | unit] >> x3::eoi;

URNS_NSS_DEFINE(publicid_nss, unit, literal, escape, publicid_tokens)

// clang-format on

} // namespace
} // namespace publicid
} // namespace nss
} // namespace grammar
} // namespace urns

#endif
