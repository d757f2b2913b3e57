// SPDX-License-Identifier: BSL-1.0
// X3 layer. Do not include from public headers; include from a .cpp only.
//
// Defines the RFC 5234 core rules of grammar/rfc5234-core.abnf, in its
// order. Building blocks only: nothing here is instantiated on its own.
#ifndef URNS_GRAMMAR_RFC5234_DEF_HPP
#define URNS_GRAMMAR_RFC5234_DEF_HPP

#include <urns/grammar/primitives.hpp>

namespace urns {
namespace grammar {
namespace rfc5234 {

// clang-format off

namespace lex = lexical::rfc5234;

struct alpha_class;
struct ctl_class;
struct digit_class;
struct dquote_class;
struct hexdig_class;
struct sp_class;

// ALPHA          =  %x41-5A / %x61-7A   ; A-Z / a-z
x3::rule<alpha_class> const alpha = "ALPHA";
auto const alpha_def = char_in<lex::alpha>{};

// CTL            =  %x00-1F / %x7F
//                        ; controls
x3::rule<ctl_class> const ctl = "CTL";
auto const ctl_def = char_in<lex::ctl>{};

// DIGIT          =  %x30-39
//                        ; 0-9
x3::rule<digit_class> const digit = "DIGIT";
auto const digit_def = char_in<lex::digit>{};

// DQUOTE         =  %x22
//                        ; " (Double Quote)
x3::rule<dquote_class> const dquote = "DQUOTE";
auto const dquote_def = char_in<lex::dquote>{};

// HEXDIG         =  DIGIT / "A" / "B" / "C" / "D" / "E" / "F"
x3::rule<hexdig_class> const hexdig = "HEXDIG";
auto const hexdig_def = char_in<lex::hexdig>{};

// SP             =  %x20
x3::rule<sp_class> const sp = "SP";
auto const sp_def = char_in<lex::sp>{};

BOOST_SPIRIT_DEFINE(alpha, ctl, digit, dquote, hexdig, sp)

// clang-format on

} // namespace rfc5234
} // namespace grammar
} // namespace urns

#endif
