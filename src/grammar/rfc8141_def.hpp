// SPDX-License-Identifier: BSL-1.0
// X3 layer. Do not include from public headers; include from a .cpp only.
//
// Defines every rule of grammar/rfc8141.abnf (RFC 8141 section 2), in its
// order, under the ABNF line it implements. The general URI rules and the
// core rules the RFC repeats are the same objects as RFC 3986's and
// RFC 5234's, brought in by using-declarations under their quotes.
#ifndef URNS_GRAMMAR_RFC8141_DEF_HPP
#define URNS_GRAMMAR_RFC8141_DEF_HPP

#include "grammar/ast_adapted.hpp"
#include <urns/grammar/primitives.hpp>
#include "grammar/rfc3986_def.hpp"
#include "grammar/rfc5234_def.hpp"
#include "grammar/rfc8141.hpp"

namespace urns {
namespace grammar {
namespace rfc8141 {

// clang-format off

namespace lex = lexical::rfc8141;

/// The single-octet alternatives of *(pchar / "/") and of
/// *( pchar / "/" / "?" ), for the run_of fast paths.
inline constexpr charset pchar_slash          = lexical::rfc3986::pchar | charset("/");
inline constexpr charset pchar_slash_question = lexical::rfc3986::query;

struct assigned_name_class;
struct checked_nid_class;
struct nid_fault_class;
struct not_informal_misuse_class;
struct informalnamespacename_class;
struct number_class;
struct digitnonzero_class;
struct digit_class;
struct nid_class;
struct ldh_class;
struct nss_class;
struct rq_components_class;
struct r_component_class;
struct q_component_class;
struct f_component_class;
struct alphanum_class;

namestring_type                                     const namestring    = "namestring";
nid_alone_type                                      const nid_alone     = "NID";
nid_entry_type                  const nid_entry   = "NID";
informal_entry_type                                 const informal_entry = "InformalNamespaceName";
x3::rule<checked_nid_class>                         const checked_nid   = "NID";
x3::rule<nid_fault_class>                           const nid_fault     = "NID";
x3::rule<not_informal_misuse_class>                 const not_informal_misuse = "InformalNamespaceName";
x3::rule<informalnamespacename_class>               const informalnamespacename = "InformalNamespaceName";
x3::rule<number_class>                              const number        = "Number";
x3::rule<digitnonzero_class>                        const digitnonzero  = "DigitNonZero";
x3::rule<digit_class>                               const digit         = "Digit";
x3::rule<assigned_name_class, ast::assigned_name>   const assigned_name = "assigned-name";
x3::rule<nid_class>                                 const nid           = "NID";
x3::rule<ldh_class>                                 const ldh           = "ldh";
x3::rule<nss_class>                                 const nss           = "NSS";
x3::rule<rq_components_class, ast::rq_components>   const rq_components = "rq-components";
x3::rule<r_component_class>                         const r_component   = "r-component";
x3::rule<q_component_class>                         const q_component   = "q-component";
x3::rule<f_component_class>                         const f_component   = "f-component";
x3::rule<alphanum_class>                            const alphanum      = "alphanum";

// ---- What the prose adds to the NID rule (grammar/README.md, "Rules the
// prose adds"). The quick reading, checked_nid_def, is used inline by the
// URN rule below: a rule boundary there cost 5-10% of the parse.

// Section 5.2: a NID that starts "urn-" (any case) is an InformalNamespaceName.
auto const not_informal_misuse_def = (!quoted("urn-")) | &(informalnamespacename >> (x3::lit(':') | x3::eoi));

// The NID of a URN, with what section 5.2 adds to the rule
// (grammar/README.md, "Where errors point" and decision 13):
//  - a byte after "urn:" that is neither ldh nor the ":" that ends the NID
//    is reported at that byte, expected NID;
//  - a NID that starts "urn-" (any case) is an InformalNamespaceName
//    (reserved_nid at its first byte otherwise);
//  - a NID wrong as a whole (one character, 33 or more, a leading or
//    trailing "-") is reported at its first byte.
auto const checked_nid_def =
       (not_informal_misuse_def >> nid >> &x3::lit(':'))
    | nid_fault;

// ---- The rules of grammar/rfc8141.abnf, in its order.

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
// "urn" is case-insensitive, as every ABNF literal; a failure points at the
// first byte that differs.
auto const assigned_name_def =
       must(quoted("urn"), "\"urn\"", error::bad_scheme)
    >> must(':', "\":\"", error::bad_scheme)
    >> x3::raw[checked_nid_def]
    >> must(':', "\":\"", error::bad_nid)
    >> x3::raw[must(nss, error::bad_nss)];

// NID           = (alphanum) 0*30(ldh) (alphanum)
// PEG: a greedy 0*30(ldh) would also take the last alphanum and never give
// it back, so every NID would fail. Each ldh is taken only if another ldh
// follows it; the last byte is left for the final alphanum, which a hyphen
// cannot be.
auto const nid_def = alphanum >> x3::repeat(0, 30)[ldh >> &ldh] >> alphanum;

// ldh           = alphanum / "-"
auto const ldh_def = char_in<lex::ldh>{};

// NSS           = pchar *(pchar / "/")
// Fast path: run_of takes runs of the single-byte alternatives of
// (pchar / "/") in one step; the alternatives as written take the rest.
auto const nss_def = rfc3986::pchar >> *(run_of<pchar_slash>{} | rfc3986::pchar | '/');

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
    rfc3986::pchar >> *(run_of<pchar_slash_question>{} | rfc3986::pchar | '/' | '?');

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
auto const alphanum_def = char_in<lex::alphanum>{};

// InformalNamespaceName = "urn-" Number
auto const informalnamespacename_def = quoted("urn-") >> number;

// Number        = DigitNonZero 0*Digit
auto const number_def = digitnonzero >> *digit;

// DigitNonZero  = "1" / "2" / "3" / "4" / "5" / "6" / "7" / "8" / "9"
auto const digitnonzero_def = char_in<lex::digit_non_zero>{};

// Digit         = "0" / DigitNonZero
auto const digit_def = char_in<lex::digit>{};

// ---- The NID checked in detail, and the NID entry points.

// checked_nid's slow reading: the same rules, each an expectation point,
// the byte-by-byte look first (so that the farthest failure is the one a
// reader looks for). It succeeds where the NID is right and the input
// ends after it (a NID alone, or "urn:ab" whose ":" is missing). When NID
// characters and a ":" follow "urn:", the quick reading failed on the NID
// rule itself (the other checks are the same), so the NID is wrong as a
// whole: reported at its first byte without reading it again.
auto const nid_fault_def =
       &(-run_of<lex::ldh>{} >> must(&x3::lit(':') | x3::eoi, "NID", error::bad_nid))
    >> must(not_informal_misuse, error::reserved_nid)
    >> must(&(-run_of<lex::ldh>{} >> x3::eoi) >> nid >> x3::eoi, "NID", error::bad_nid);

// The NID rule alone, as the ABNF has it, then the end.
auto const nid_entry_def = nid >> x3::eoi;

// The NID alone, as make_urn checks it: the same rules, then the end.
auto const nid_alone_def = checked_nid >> must(x3::eoi, "NID", error::bad_nid);

// InformalNamespaceName alone (urns::check asks whether a NID is one).
auto const informal_entry_def = informalnamespacename >> x3::eoi;

BOOST_SPIRIT_DEFINE(namestring, assigned_name, nid, ldh, nss, rq_components, r_component,
                    q_component, f_component, alphanum, checked_nid, nid_alone, nid_entry,
                    informalnamespacename, number, digitnonzero, digit, informal_entry, nid_fault,
                    not_informal_misuse)

// clang-format on

} // namespace rfc8141
} // namespace grammar
} // namespace urns

#endif
