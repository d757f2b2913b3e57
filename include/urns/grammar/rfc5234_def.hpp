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

inline constexpr charset alpha_chars  = charset().with_range(0x41, 0x5A).with_range(0x61, 0x7A);
inline constexpr charset ctl_chars    = charset().with_range(0x00, 0x1F).with_range(0x7F, 0x7F);
inline constexpr charset digit_chars  = charset().with_range(0x30, 0x39);
inline constexpr charset dquote_chars = charset().with_range(0x22, 0x22);
// ABNF quoted strings are case-insensitive (RFC 5234 section 2.3): "A"
// matches "a" too, so HEXDIG takes both cases.
inline constexpr charset hexdig_chars = digit_chars | charset("ABCDEFabcdef");
inline constexpr charset sp_chars     = charset().with_range(0x20, 0x20);

struct alpha_class;
struct ctl_class;
struct digit_class;
struct dquote_class;
struct hexdig_class;
struct sp_class;

// ALPHA          =  %x41-5A / %x61-7A   ; A-Z / a-z
x3::rule<alpha_class> const alpha = "ALPHA";
auto const alpha_def = char_in<alpha_chars>{};

// CTL            =  %x00-1F / %x7F
//                        ; controls
x3::rule<ctl_class> const ctl = "CTL";
auto const ctl_def = char_in<ctl_chars>{};

// DIGIT          =  %x30-39
//                        ; 0-9
x3::rule<digit_class> const digit = "DIGIT";
auto const digit_def = char_in<digit_chars>{};

// DQUOTE         =  %x22
//                        ; " (Double Quote)
x3::rule<dquote_class> const dquote = "DQUOTE";
auto const dquote_def = char_in<dquote_chars>{};

// HEXDIG         =  DIGIT / "A" / "B" / "C" / "D" / "E" / "F"
x3::rule<hexdig_class> const hexdig = "HEXDIG";
auto const hexdig_def = char_in<hexdig_chars>{};

// SP             =  %x20
x3::rule<sp_class> const sp = "SP";
auto const sp_def = char_in<sp_chars>{};

BOOST_SPIRIT_DEFINE(alpha, ctl, digit, dquote, hexdig, sp)

// clang-format on

} // namespace rfc5234
} // namespace grammar
} // namespace urns

#endif
