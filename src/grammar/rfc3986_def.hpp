// SPDX-License-Identifier: BSL-1.0
// X3 layer. Do not include from public headers; include from a .cpp only.
//
// Defines the RFC 3986 rules of grammar/rfc3986.abnf, in its order. These
// are the building blocks for namespace grammars (pchar, pct-encoded, ...);
// nothing here is instantiated on its own.
//
// Character classes that are alternatives of single characters are one
// table lookup (char_in), built from the same alternatives the ABNF lists.
#ifndef URNS_GRAMMAR_RFC3986_DEF_HPP
#define URNS_GRAMMAR_RFC3986_DEF_HPP

#include <urns/grammar/primitives.hpp>
#include "grammar/rfc5234_def.hpp"

namespace urns {
namespace grammar {
namespace rfc3986 {

using rfc5234::alpha;
using rfc5234::digit;
using rfc5234::hexdig;

// clang-format off

namespace lex = lexical::rfc3986;

/// The single-octet alternatives of *( ALPHA / DIGIT / "+" / "-" / "." ).
inline constexpr charset scheme_tail = lexical::rfc5234::alpha | lexical::rfc5234::digit | charset("+-.");

struct scheme_class;
struct path_rootless_class;
struct segment_class;
struct segment_nz_class;
struct pchar_class;
struct query_class;
struct fragment_class;
struct pct_encoded_class;
struct unreserved_class;
struct gen_delims_class;
struct sub_delims_class;

x3::rule<scheme_class>        const scheme        = "scheme";
x3::rule<path_rootless_class> const path_rootless = "path-rootless";
x3::rule<segment_class>       const segment       = "segment";
x3::rule<segment_nz_class>    const segment_nz    = "segment-nz";
x3::rule<pchar_class>         const pchar         = "pchar";
x3::rule<query_class>         const query         = "query";
x3::rule<fragment_class>      const fragment      = "fragment";
x3::rule<pct_encoded_class>   const pct_encoded   = "pct-encoded";
x3::rule<unreserved_class>    const unreserved    = "unreserved";
x3::rule<gen_delims_class>    const gen_delims    = "gen-delims";
x3::rule<sub_delims_class>    const sub_delims    = "sub-delims";

// scheme        = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
auto const scheme_def = alpha >> *char_in<scheme_tail>{};

// path-rootless = segment-nz *( "/" segment )
auto const path_rootless_def = segment_nz >> *('/' >> segment);

// segment       = *pchar
auto const segment_def = *pchar;

// segment-nz    = 1*pchar
auto const segment_nz_def = +pchar;

// pchar         = unreserved / pct-encoded / sub-delims / ":" / "@"
// One lookup for unreserved / sub-delims / ":" / "@"; then pct-encoded.
// No byte starts both, so the order of the choice does not matter.
auto const pchar_def = char_in<lex::pchar>{} | pct_encoded;

// query         = *( pchar / "/" / "?" )
// Fast path: run_of takes runs of the single-byte alternatives in one step;
// the alternatives as written take the rest (pct-encoded).
auto const query_def = *(run_of<lex::query>{} | pchar | '/' | '?');

// fragment      = *( pchar / "/" / "?" )
// Fast path as in query.
auto const fragment_def = *(run_of<lex::fragment>{} | pchar | '/' | '?');

// pct-encoded   = "%" HEXDIG HEXDIG
// Once "%" is seen, two HEXDIG are required: a failure is recorded at the
// first byte that is not one (error::bad_pct_encoded, "HEXDIG").
auto const pct_encoded_def = x3::lit('%') >> must(hexdig, error::bad_pct_encoded) >> must(hexdig, error::bad_pct_encoded);

// unreserved    = ALPHA / DIGIT / "-" / "." / "_" / "~"
auto const unreserved_def = char_in<lex::unreserved>{};

// gen-delims    = ":" / "/" / "?" / "#" / "[" / "]" / "@"
auto const gen_delims_def = char_in<lex::gen_delims>{};

// sub-delims    = "!" / "$" / "&" / "'" / "(" / ")"
//               / "*" / "+" / "," / ";" / "="
auto const sub_delims_def = char_in<lex::sub_delims>{};

BOOST_SPIRIT_DEFINE(scheme, path_rootless, segment, segment_nz, pchar, query, fragment,
                    pct_encoded, unreserved, gen_delims, sub_delims)

// clang-format on

} // namespace rfc3986
} // namespace grammar
} // namespace urns

#endif
