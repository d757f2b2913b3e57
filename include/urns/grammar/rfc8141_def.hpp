// X3 layer. Do not include from public headers; include from a .cpp only.
//
// Defines every rule of grammar/rfc8141.abnf (RFC 8141 section 2), in its
// order, under the ABNF line it implements. The general URI rules and the
// core rules the RFC repeats are the same objects as RFC 3986's and
// RFC 5234's, brought in by using-declarations under their quotes.
#ifndef URNS_GRAMMAR_RFC8141_DEF_HPP
#define URNS_GRAMMAR_RFC8141_DEF_HPP

#include <urns/grammar/ast_adapted.hpp>
#include <urns/grammar/primitives.hpp>
#include <urns/grammar/rfc3986_def.hpp>
#include <urns/grammar/rfc5234_def.hpp>
#include <urns/grammar/rfc8141.hpp>

namespace urns {
namespace grammar {
namespace rfc8141 {

// clang-format off

inline constexpr charset alphanum_chars = rfc5234::alpha_chars | rfc5234::digit_chars;
inline constexpr charset ldh_chars      = alphanum_chars | charset("-");

struct assigned_name_class;
struct nid_class;
struct ldh_class;
struct nss_class;
struct rq_components_class;
struct r_component_class;
struct q_component_class;
struct f_component_class;
struct alphanum_class;

namestring_type                                     const namestring    = "namestring";
x3::rule<assigned_name_class, ast::assigned_name>   const assigned_name = "assigned-name";
x3::rule<nid_class>                                 const nid           = "NID";
x3::rule<ldh_class>                                 const ldh           = "ldh";
x3::rule<nss_class>                                 const nss           = "NSS";
x3::rule<rq_components_class, ast::rq_components>   const rq_components = "rq-components";
x3::rule<r_component_class>                         const r_component   = "r-component";
x3::rule<q_component_class>                         const q_component   = "q-component";
x3::rule<f_component_class>                         const f_component   = "f-component";
x3::rule<alphanum_class>                            const alphanum      = "alphanum";

// namestring    = assigned-name
//                 [ rq-components ]
//                 [ "#" f-component ]
// As the entry rule it must end the input. After the NSS, a "?" must start
// "?+" or "?=" (section 2: any other "?" "SHOULD be treated as a syntax
// error"); a byte that can neither continue the NSS nor start the next part
// is reported as a bad NSS byte at its offset; rq-components checks the
// same after r and q; after f only the end may follow.
auto const namestring_def =
       assigned_name
    >> must((!x3::lit('?')) | &x3::lit("?+") | &x3::lit("?="), "rq-components", error::bad_rq)
    >> must(&x3::lit('?') | &x3::lit('#') | x3::eoi, "NSS", error::bad_nss)
    >> rq_components
    >> -('#' >> x3::raw[f_component] >> must(x3::eoi, "f-component", error::bad_fragment))
    >> end_of_input;

// assigned-name = "urn" ":" NID ":" NSS
// "urn" is case-insensitive, as every ABNF literal.
auto const assigned_name_def =
       must(quoted("urn"), "\"urn\"", error::bad_scheme)
    >> must(':', "\":\"", error::bad_scheme)
    >> x3::raw[must(nid, error::bad_nid)]
    >> must(':', "\":\"", error::bad_nid)
    >> x3::raw[must(nss, error::bad_nss)];

// NID           = (alphanum) 0*30(ldh) (alphanum)
// PEG: a greedy 0*30(ldh) would also take the last alphanum and never give
// it back, so every NID would fail. Each ldh is taken only if another ldh
// follows it; the last byte is left for the final alphanum, which a hyphen
// cannot be.
auto const nid_def = alphanum >> x3::repeat(0, 30)[ldh >> &ldh] >> alphanum;

// ldh           = alphanum / "-"
auto const ldh_def = char_in<ldh_chars>{};

// NSS           = pchar *(pchar / "/")
// Fast path: run_of takes runs of the single-byte alternatives of
// (pchar / "/") in one step; the alternatives as written take the rest.
auto const nss_def = rfc3986::pchar >> *(run_of<rfc3986::pchar_slash_chars>{} | rfc3986::pchar | '/');

// rq-components = [ "?+" r-component ]
//                 [ "?=" q-component ]
// After each component, a byte that can neither continue it nor start the
// next part is reported inside it, at its offset.
auto const rq_components_def =
       -("?+" >> x3::raw[must(r_component, error::bad_r_component)]
              >> must(&x3::lit("?=") | &x3::lit('#') | x3::eoi, "r-component", error::bad_r_component))
    >> -("?=" >> x3::raw[must(q_component, error::bad_q_component)]
              >> must(&x3::lit('#') | x3::eoi, "q-component", error::bad_q_component));

// r-component   = pchar *( pchar / "/" / "?" )
// PEG (DECISION, grammar/README.md "r-component ends at ?="): the ABNF lets
// "?" and "=" into an r-component, so it can swallow a following "?=":
// the repeat stops before "?=", which starts the q-component. A "?+" inside
// it is data.
auto const r_component_def = rfc3986::pchar >> *(!x3::lit("?=") >> (rfc3986::pchar | '/' | '?'));

// q-component   = pchar *( pchar / "/" / "?" )
// "?=" and "?+" inside a q-component are data. Fast path as in NSS.
auto const q_component_def =
    rfc3986::pchar >> *(run_of<rfc3986::pchar_slash_question_chars>{} | rfc3986::pchar | '/' | '?');

// f-component   = fragment
auto const f_component_def = rfc3986::fragment;

// fragment      = *( pchar / "/" / "?" )
using rfc3986::fragment;

// pchar         = unreserved / pct-encoded / sub-delims / ":" / "@"
using rfc3986::pchar;

// pct-encoded   = "%" HEXDIG HEXDIG
using rfc3986::pct_encoded;

// unreserved    = ALPHA / DIGIT / "-" / "." / "_" / "~"
using rfc3986::unreserved;

// sub-delims    = "!" / "$" / "&" / "'" / "(" / ")"
//               / "*" / "+" / "," / ";" / "="
using rfc3986::sub_delims;

// alphanum      = ALPHA / DIGIT
auto const alphanum_def = char_in<alphanum_chars>{};

BOOST_SPIRIT_DEFINE(namestring, assigned_name, nid, ldh, nss, rq_components, r_component,
                    q_component, f_component, alphanum)

// clang-format on

} // namespace rfc8141
} // namespace grammar
} // namespace urns

#endif
