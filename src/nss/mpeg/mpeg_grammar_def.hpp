// SPDX-License-Identifier: BSL-1.0
// X3 layer. Do not include from public headers; include from a .cpp only.
//
// Defines every rule of grammar/nss/mpeg.abnf (RFC 3614 section 2), in its
// order, under the ABNF line it implements, with the extension surface
// <urns/nss/x3.hpp> only, in an unnamed namespace (this header is included
// by mpeg_grammar.cpp only).
//
// Faults: an NSS that starts with ":" is reported at offset 0, expected
// standard-name; one without a ":" at its end, expected ":"; one that ends
// with the ":" there, expected assigned-string.
#ifndef URNS_GRAMMAR_NSS_MPEG_DEF_HPP
#define URNS_GRAMMAR_NSS_MPEG_DEF_HPP

#include "nss/mpeg/mpeg_grammar.hpp"
#include <urns/nss/x3.hpp>

namespace urns {
namespace grammar {
namespace nss {
namespace mpeg {
namespace {

namespace abnf = urns::nss::abnf;
using urns::nss::expect;

inline constexpr lexical::charset octet_chars = lexical::charset().with_range(0x00, 0xFF);
inline constexpr lexical::charset name_chars = octet_chars - lexical::charset(":");

// clang-format off

URNS_NSS_RULE(mpeg_nss,        "mpeg-NSS",        x3::unused_type);
URNS_NSS_RULE(standard_name,   "standard-name",   x3::unused_type);
URNS_NSS_RULE(name_char,       "name-char",       x3::unused_type);
URNS_NSS_RULE(assigned_string, "assigned-string", x3::unused_type);
URNS_NSS_RULE(octet,           "OCTET",           x3::unused_type);

/// The typed reading of a valid mpeg-NSS.
URNS_NSS_RULE(mpeg_fields,     "mpeg-NSS",        mpeg_attr);

// mpeg-NSS        = standard-name ":" assigned-string
auto const mpeg_nss_def = expect(standard_name) >> expect(x3::lit(':'), "\":\"")
                       >> expect(assigned_string);

// standard-name   = 1*name-char
auto const standard_name_def = abnf::run_of<name_chars>;

// name-char       = %x00-39 / %x3B-FF ; any octet but ":"
auto const name_char_def = abnf::one_of<name_chars>;

// assigned-string = 1*OCTET
auto const assigned_string_def = abnf::run_of<octet_chars>;

// OCTET           = %x00-FF
auto const octet_def = abnf::one_of<octet_chars>;

auto const mpeg_fields_def = x3::raw[abnf::run_of<name_chars>] >> ':'
                          >> x3::raw[abnf::run_of<octet_chars>] >> x3::eoi;

URNS_NSS_DEFINE(mpeg_nss, standard_name, name_char, assigned_string, octet, mpeg_fields)

// clang-format on

} // namespace
} // namespace mpeg
} // namespace nss
} // namespace grammar
} // namespace urns

#endif
