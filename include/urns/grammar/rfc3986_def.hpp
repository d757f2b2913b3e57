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
#include <urns/grammar/rfc5234_def.hpp>

namespace urns {
namespace grammar {
namespace rfc3986 {

using rfc5234::alpha;
using rfc5234::digit;
using rfc5234::hexdig;

// clang-format off

inline constexpr charset unreserved_chars = rfc5234::alpha_chars | rfc5234::digit_chars | charset("-._~");
inline constexpr charset gen_delims_chars = charset(":/?#[]@");
inline constexpr charset sub_delims_chars = charset("!$&'()*+,;=");
/// pchar without pct-encoded: unreserved / sub-delims / ":" / "@".
inline constexpr charset pchar_chars      = unreserved_chars | sub_delims_chars | charset(":@");
inline constexpr charset scheme_chars     = rfc5234::alpha_chars | rfc5234::digit_chars | charset("+-.");
/// The single-byte alternatives of *( pchar / "/" ) and of *( pchar / "/" / "?" ),
/// for run_of fast paths (primitives.hpp).
inline constexpr charset pchar_slash_chars          = pchar_chars | charset("/");
inline constexpr charset pchar_slash_question_chars = pchar_chars | charset("/?");

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
auto const scheme_def = alpha >> *char_in<scheme_chars>{};

// path-rootless = segment-nz *( "/" segment )
auto const path_rootless_def = segment_nz >> *('/' >> segment);

// segment       = *pchar
auto const segment_def = *pchar;

// segment-nz    = 1*pchar
auto const segment_nz_def = +pchar;

// pchar         = unreserved / pct-encoded / sub-delims / ":" / "@"
// One lookup for unreserved / sub-delims / ":" / "@"; then pct-encoded.
// No byte starts both, so the order of the choice does not matter.
auto const pchar_def = char_in<pchar_chars>{} | pct_encoded;

// query         = *( pchar / "/" / "?" )
// Fast path: run_of takes runs of the single-byte alternatives in one step;
// the alternatives as written take the rest (pct-encoded).
auto const query_def = *(run_of<pchar_slash_question_chars>{} | pchar | '/' | '?');

// fragment      = *( pchar / "/" / "?" )
// Fast path as in query.
auto const fragment_def = *(run_of<pchar_slash_question_chars>{} | pchar | '/' | '?');

// pct-encoded   = "%" HEXDIG HEXDIG
// Once "%" is seen, two HEXDIG are required: a failure is recorded at the
// first byte that is not one (error::bad_pct_encoded, "HEXDIG"). pct_sign
// is "%" that also tells the "%00" check to look (primitives.hpp).
auto const pct_encoded_def = pct_sign{} >> must(hexdig, error::bad_pct_encoded) >> must(hexdig, error::bad_pct_encoded);

// unreserved    = ALPHA / DIGIT / "-" / "." / "_" / "~"
auto const unreserved_def = char_in<unreserved_chars>{};

// gen-delims    = ":" / "/" / "?" / "#" / "[" / "]" / "@"
auto const gen_delims_def = char_in<gen_delims_chars>{};

// sub-delims    = "!" / "$" / "&" / "'" / "(" / ")"
//               / "*" / "+" / "," / ";" / "="
auto const sub_delims_def = char_in<sub_delims_chars>{};

BOOST_SPIRIT_DEFINE(scheme, path_rootless, segment, segment_nz, pchar, query, fragment,
                    pct_encoded, unreserved, gen_delims, sub_delims)

// clang-format on

} // namespace rfc3986
} // namespace grammar
} // namespace urns

#endif
