// SPDX-License-Identifier: BSL-1.0
// X3 layer. Do not include from public headers; include from a .cpp only.
//
// Defines every rule of grammar/rfc2141bis-03.abnf
// (draft-ietf-urnbis-rfc2141bis-urn-03 Appendix B, NID from section 2.1,
// excluded from section 2.5.3), in its order, under the ABNF line it
// implements. The generic rules are RFC 3986's (rfc3986_def.hpp).
#ifndef URNS_GRAMMAR_RFC2141BIS_DEF_HPP
#define URNS_GRAMMAR_RFC2141BIS_DEF_HPP

#include "grammar/ast_adapted.hpp"
#include <urns/grammar/primitives.hpp>
#include "grammar/rfc2141bis.hpp"
#include "grammar/rfc3986_def.hpp"
#include "grammar/rfc5234_def.hpp"

namespace urns {
namespace grammar {
namespace rfc2141bis {

using rfc3986::unreserved;
using rfc5234::alpha;
using rfc5234::digit;

// clang-format off

namespace lex = lexical::rfc2141bis;

struct scheme_class;
struct checked_nid_class;
struct nid_fault_class;
struct not_reserved_nid_class;
struct not_nul_class;
struct pct_encoded_class;
struct pchar_class;
struct fragment_class;
struct urn_path_class;
struct nid_class;
struct nss_class;
struct urn_query_class;
struct directive_class;
struct keywd_class;
struct value_class;
struct v_pchar_class;
struct v_subdels_class;
struct excluded_class;

uri_type                                  const uri       = "URI";
nid_alone_type                            const nid_alone = "NID";
nid_entry_type                  const nid_entry   = "NID";
urn_query_entry_type                      const urn_query_entry = "urn-query";
x3::rule<checked_nid_class>               const checked_nid = "NID";
x3::rule<nid_fault_class>       const nid_fault   = "NID";
x3::rule<not_reserved_nid_class>          const not_reserved_nid = "NID";
x3::rule<not_nul_class>                   const not_nul   = "pct-encoded";
x3::rule<pct_encoded_class>               const pct_encoded = "pct-encoded";
x3::rule<pchar_class>                     const pchar     = "pchar";
x3::rule<fragment_class>                  const fragment  = "fragment";
x3::rule<scheme_class>                    const scheme    = "scheme";
x3::rule<urn_path_class, ast::urn_path>   const urn_path  = "urn-path";
x3::rule<nid_class>                       const nid       = "NID";
x3::rule<nss_class>                       const nss       = "NSS";
x3::rule<urn_query_class>                 const urn_query = "urn-query";
x3::rule<directive_class>                 const directive = "directive";
x3::rule<keywd_class>                     const keywd     = "keywd";
x3::rule<value_class>                     const value     = "value";
x3::rule<v_pchar_class>                   const v_pchar   = "v-pchar";
x3::rule<v_subdels_class>                 const v_subdels = "v-subdels";
x3::rule<excluded_class>                  const excluded  = "excluded";

// ---- What the prose adds to the NID rule (grammar/README.md, "Rules the
// prose adds"). The quick reading, checked_nid_def, is used inline by the
// URN rule below: a rule boundary there cost 5-10% of the parse.

// Section 2.1: the NID "urn" is "permanently reserved".
auto const not_reserved_nid_def = !(quoted("urn") >> (x3::lit(':') | x3::eoi));

// The NID of a URN, with what the prose of section 2.1 adds to the rule
// (grammar/README.md, "Where errors point" and decision 12):
//  - a byte after "urn:" that is neither a NID character nor the ":" that
//    ends the NID is reported at that byte, expected NID;
//  - '"urn" is permanently reserved' (reserved_nid);
//  - a NID wrong as a whole (one character, 33 or more, a leading or
//    trailing "-") is reported at its first byte.
// Quick reading: not_reserved_nid where a ":" follows, which the quick
// reading requires anyway; the detailed reading reports the fault.
auto const checked_nid_def =
       (!quoted("urn:") >> nid >> &x3::lit(':'))
    | nid_fault;

// ---- The rules of grammar/rfc2141bis-03.abnf, in its order.

// URI      = scheme ":" path-rootless [ "?" query ] [ "#" fragment ]
// With the draft's superimposed rules: urn-path for path-rootless (section
// 2: "only a single segment is used") and urn-query for query (section 2.3:
// query parts "MUST adhere to the following restricted syntax"). As the
// entry rule it must end the input; after each part, a byte that can
// neither continue it nor start the next part is reported inside that
// part (NSS, urn-query, fragment) at its offset. end_of_input is a
// backstop: an optional part that failed after its must() point has already
// recorded the error, and must not let the rule succeed on a prefix.
auto const uri_def =
       must(scheme, error::bad_scheme)
    >> must(':', "\":\"", error::bad_scheme)
    >> urn_path
    >> must(&x3::lit('?') | &x3::lit('#') | x3::eoi, "NSS", error::bad_nss)
    >> -('?' >> x3::raw[must(urn_query, error::bad_query)]
             >> must(&x3::lit('#') | x3::eoi, "urn-query", error::bad_query))
    >> -('#' >> x3::raw[fragment] >> must(x3::eoi, "fragment", error::bad_fragment))
    >> end_of_input;

// scheme      = "urn"
//               ; specific, fixed (assigned) value
// Case-insensitive, as every ABNF literal (and RFC 3986 section 3.1); a
// failure points at the first byte that differs ("urx:" at 2).
auto const scheme_def = must(quoted("urn"), "scheme", error::bad_scheme);

// urn-path    = NID ":" NSS
//               ; to be superimposed on <path-rootless>,
//               ; which needs to be <segment-nz> only
auto const urn_path_def =
       x3::raw[checked_nid_def]
    >> must(':', "\":\"", error::bad_nid)
    >> x3::raw[must(nss, error::bad_nss)];

// NID = (ALPHA / DIGIT) 0*30(ALPHA / DIGIT / "-") (ALPHA / DIGIT)
// PEG: a greedy 0*30(...) would also take the last letter or digit and
// never give it back, so every NID would fail. Each middle byte is taken
// only if another NID byte follows it; the last one is left for the final
// (ALPHA / DIGIT), which a hyphen cannot be.
auto const nid_def =
       char_in<lex::alnum>{}
    >> x3::repeat(0, 30)[char_in<lex::ldh>{} >> &char_in<lex::ldh>{}]
    >> char_in<lex::alnum>{};

// NSS         = 1*pchar
//               ; or equivalent:    NSS    = segment-nz
// Fast path: run_of takes runs of pchar's single-byte alternatives in one
// step; pchar as written takes the rest (pct-encoded).
auto const nss_def = +(run_of<lex::nss>{} | pchar);

// urn-query   = directive *( "&" directive)
//               ; to be superimposed on <query>
// After "&" a directive is required: "&&" and a trailing "&" are errors.
auto const urn_query_def = directive >> *('&' >> must(directive, error::bad_query));

// urn-query alone, as parse_query checks a query: the same rules as after
// a URN's "?", then the end.
auto const urn_query_entry_def =
    must(urn_query, error::bad_query) >> must(x3::eoi, "urn-query", error::bad_query);

// directive   = keywd "=" value
auto const directive_def = keywd >> must('=', "\"=\"", error::bad_query) >> value;

// keywd       = ALPHA *( ["-"] (ALPHA / DIGIT))
// Rewritten as *( (ALPHA / DIGIT) / "-" (ALPHA / DIGIT) ), the same
// language. A "-" must be followed by a letter or digit, and that is an
// expectation point: in "s-=x" the fault is the "=" after the "-" (offset of
// "="), not the "-". It costs nothing on valid input, where a "-" inside a
// keyword is always followed by a letter or digit.
auto const keywd_def =
    alpha >> *(char_in<lex::alnum>{} | '-' >> must(char_in<lex::alnum>{}, "keywd", error::bad_query));

// value       = *v-pchar
// Fast path as in NSS.
auto const value_def = *(run_of<lex::v_pchar>{} | v_pchar);

// v-pchar     = unreserved / pct-encoded / v-subdels
// One lookup for unreserved / v-subdels; then pct-encoded (no byte starts
// both), without NUL (section 2.5.3: not_nul).
auto const v_pchar_def = char_in<lex::v_pchar>{} | pct_encoded;

// v-subdels   = "!" / "$" /      "'" / "(" / ")"
//               / "*" / "+" / "," / ";" / "="
//               ; this is equivalent to <sub-delims> except "&"
//               / ":" / "@" / "/" / "?"
//               ; plus the extra characters allowed in <pchar>
//               ; and for <query>, as per RFC 3986
auto const v_subdels_def = char_in<lex::v_subdels>{};

// excluded = CTL / SP           ; control characters and space
//           / DQUOTE            ; "
//           / "#"                ; from <gen-delims>
//           / "%"                ; see above
//           / "/"                ; from <gen-delims>
//           / "<" / ">"          ;
//           / "?"                ; from <gen-delims>
//           / "["                ; from <gen-delims>
//           / "\"                ;
//           / "]"                ; from <gen-delims>
//           / "^"                ;
//           / "`"                ;
//           / "{" / "|" / "}"    ;
//           / %x7F               ; DEL (control character)
//           / %x80-FF            ; non-ASCII
auto const excluded_def = char_in<lex::excluded>{};

// Section 2.5.3 on NUL: "It MUST NOT be used in URNs, in either
// unencoded or percent-encoded form" (decision 14). The draft takes pchar,
// pct-encoded and fragment from RFC 3986; its URNs use them without "%00",
// reported at the "%", expected pct-encoded.
auto const not_nul_def = not_octets("%00");

// pct-encoded   = "%" HEXDIG HEXDIG   (RFC 3986), without "%00"
auto const pct_encoded_def = must(not_nul, error::nul_octet) >> rfc3986::pct_encoded;

// pchar         = unreserved / pct-encoded / sub-delims / ":" / "@"   (RFC 3986)
auto const pchar_def = char_in<lexical::rfc3986::pchar>{} | pct_encoded;

// fragment      = *( pchar / "/" / "?" )   (RFC 3986)
auto const fragment_def = *(run_of<lexical::rfc3986::fragment>{} | pchar | '/' | '?');

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
    >> must(not_reserved_nid, error::reserved_nid)
    >> must(&(-run_of<lex::ldh>{} >> x3::eoi) >> nid >> x3::eoi, "NID", error::bad_nid);

// The NID rule alone, as the ABNF has it, then the end.
auto const nid_entry_def = nid >> x3::eoi;

// The NID alone, as make_urn checks it: the same rules, then the end.
auto const nid_alone_def = checked_nid >> must(x3::eoi, "NID", error::bad_nid);

BOOST_SPIRIT_DEFINE(uri, scheme, urn_path, nid, nss, urn_query, directive, keywd, value, v_pchar,
                    v_subdels, excluded, checked_nid, nid_fault, not_reserved_nid, nid_alone, nid_entry,
                    not_nul, pct_encoded, pchar, fragment, urn_query_entry)

// clang-format on

} // namespace rfc2141bis
} // namespace grammar
} // namespace urns

#endif
