// SPDX-License-Identifier: BSL-1.0
// X3 layer. Do not include from public headers; include from a .cpp only.
//
// Defines every rule of grammar/rfc2141.abnf (RFC 2141's BNF in ABNF), in
// its order, under the ABNF line it implements.
#ifndef URNS_GRAMMAR_RFC2141_DEF_HPP
#define URNS_GRAMMAR_RFC2141_DEF_HPP

#include "grammar/ast_adapted.hpp"
#include <urns/grammar/primitives.hpp>
#include "grammar/rfc2141.hpp"

namespace urns {
namespace grammar {
namespace rfc2141 {

// clang-format off

namespace lex = lexical::rfc2141;

struct checked_nid_class;
struct nid_fault_class;
struct not_reserved_nid_class;
struct nid_class;
struct let_num_hyp_class;
struct let_num_class;
struct upper_class;
struct lower_class;
struct number_class;
struct nss_class;
struct urn_chars_class;
struct not_nul_class;
struct trans_class;
struct hex_class;
struct other_class;
struct reserved_class;
struct excluded_class;

urn_type                        const urn         = "URN";
nid_alone_type                  const nid_alone   = "NID";
nid_entry_type                  const nid_entry   = "NID";
x3::rule<checked_nid_class>     const checked_nid = "NID";
x3::rule<nid_fault_class>       const nid_fault   = "NID";
x3::rule<not_reserved_nid_class> const not_reserved_nid = "NID";
x3::rule<nid_class>             const nid         = "NID";
x3::rule<let_num_hyp_class>     const let_num_hyp = "let-num-hyp";
x3::rule<let_num_class>         const let_num     = "let-num";
x3::rule<upper_class>           const upper       = "upper";
x3::rule<lower_class>           const lower       = "lower";
x3::rule<number_class>          const number      = "number";
x3::rule<nss_class>             const nss         = "NSS";
x3::rule<urn_chars_class>       const urn_chars   = "URN-chars";
x3::rule<not_nul_class>         const not_nul     = "URN-chars";
x3::rule<trans_class>           const trans       = "trans";
x3::rule<hex_class>             const hex         = "hex";
x3::rule<other_class>           const other       = "other";
x3::rule<reserved_class>        const reserved    = "reserved";
x3::rule<excluded_class>        const excluded    = "excluded";

// ---- What the prose adds to the NID rule (grammar/README.md, "Rules the
// prose adds"). The quick reading, checked_nid_def, is used inline by the
// URN rule below: a rule boundary there cost 5-10% of the parse.

// Section 2.1: 'the NID "urn" is reserved and MUST NOT be used'.
auto const not_reserved_nid_def = !(quoted("urn") >> (x3::lit(':') | x3::eoi));

// The NID of a URN, with what the prose of section 2.1 adds to its BNF
// (grammar/README.md, "Where errors point" and decision 12):
//  - a byte after "urn:" that is neither let-num-hyp nor the ":" that ends
//    the NID is reported at that byte, expected NID;
//  - 'the NID "urn" is reserved and MUST NOT be used' (reserved_nid);
//  - a NID wrong as a whole (33 or more characters before the ":") is
//    reported at its first byte.
// Quick reading: not_reserved_nid where a ":" follows, which the quick
// reading requires anyway; the detailed reading reports the fault.
auto const checked_nid_def =
       (!quoted("urn:") >> nid >> &x3::lit(':'))
    | nid_fault;

// ---- The rules of grammar/rfc2141.abnf, in its order.

// URN           = "urn:" NID ":" NSS
// As an entry rule it must also end the input: a byte that stops the NSS
// and is not the end is reported as a bad NSS byte at its offset.
auto const urn_def =
       must(quoted("urn:"), "\"urn:\"", error::bad_scheme)
    >> x3::raw[checked_nid_def]
    >> must(':', "\":\"", error::bad_nid)
    >> x3::raw[must(nss, error::bad_nss)]
    >> must(x3::eoi, "NSS", error::bad_nss);

// NID           = let-num [ 1*31let-num-hyp ]
// A greedy repeat is right here: ":" is not a let-num-hyp, so nothing that
// follows a NID could be taken by the repeat.
auto const nid_def = let_num >> -x3::repeat(1, 31)[let_num_hyp];

// let-num-hyp   = upper / lower / number / "-"
auto const let_num_hyp_def = char_in<lex::let_num_hyp>{};

// let-num       = upper / lower / number
auto const let_num_def = char_in<lex::let_num>{};

// upper         = %x41-5A   ; "A" to "Z"
auto const upper_def = char_in<lex::upper>{};

// lower         = %x61-7A   ; "a" to "z"
auto const lower_def = char_in<lex::lower>{};

// number        = %x30-39   ; "0" to "9"
auto const number_def = char_in<lex::number>{};

// NSS           = 1*URN-chars
// Fast path: run_of takes runs of <trans> in one step; URN-chars as
// written takes the rest ("%" hex hex).
auto const nss_def = +(run_of<lex::trans>{} | urn_chars);

// URN-chars     = trans / "%" hex hex
// After "%", two hex are required (section 2.3.1: "The presence of an "%"
// character in an URN MUST be followed by two characters from the <hex>
// character set"); see reserved for why "%" is never a <trans>. Section
// 2.4: "octet 0 (0 hex) should NEVER be used, in either unencoded or
// %-encoded form" (decision 14): not_nul.
auto const urn_chars_def =
    trans | (must(not_nul, error::nul_octet) >> '%' >> must(hex, error::bad_pct_encoded) >> must(hex, error::bad_pct_encoded));

// Section 2.4: no "%00" (NUL, %-encoded); reported at the "%".
auto const not_nul_def = not_octets("%00");

// trans         = upper / lower / number / other / reserved
auto const trans_def = char_in<lex::trans>{};

// hex           = number / %x41-46 / %x61-66   ; "A" to "F", "a" to "f"
auto const hex_def = char_in<lex::hex>{};

// other         = "(" / ")" / "+" / "," / "-" / "." /
//                 ":" / "=" / "@" / ";" / "$" /
//                 "_" / "!" / "*" / "'"
auto const other_def = char_in<lex::other>{};

// reserved      = "%" / "/" / "?" / "#"
// DECISION (grammar/README.md, "bare %"): "%" is not taken here. Read
// literally, <trans> would accept a lone "%" and "%zz", against section
// 2.3.1's MUST; draft-03 Appendix C drops this "dangling alternative".
auto const reserved_def = char_in<lex::reserved>{};

// excluded      = %x01-20 / "\" / %x22 / "&" / "<"
//                 / ">" / "[" / "]" / "^" / "`" / "{" / "|" / "}" / "~"
//                 / %x7F-FF
auto const excluded_def = char_in<lex::excluded>{};

// ---- The NID checked in detail, and the NID entry points.

// checked_nid's slow reading: the same rules, each an expectation point,
// the byte-by-byte look first (so that the farthest failure is the one a
// reader looks for). It succeeds where the NID is right and the input
// ends after it (a NID alone, or "urn:ab" whose ":" is missing). When NID
// characters and a ":" follow "urn:", the quick reading failed on the NID
// rule itself (the other checks are the same), so the NID is wrong as a
// whole: reported at its first byte without reading it again.
auto const nid_fault_def =
       &(-run_of<lex::let_num_hyp>{} >> must(&x3::lit(':') | x3::eoi, "NID", error::bad_nid))
    >> must(not_reserved_nid, error::reserved_nid)
    >> must(&(-run_of<lex::let_num_hyp>{} >> x3::eoi) >> nid >> x3::eoi, "NID", error::bad_nid);

// The NID rule alone, as the ABNF has it, then the end.
auto const nid_entry_def = nid >> x3::eoi;

// The NID alone, as make_urn checks it: the same rules, then the end.
auto const nid_alone_def = checked_nid >> must(x3::eoi, "NID", error::bad_nid);

BOOST_SPIRIT_DEFINE(urn, checked_nid, nid_fault, not_reserved_nid, nid_alone, nid_entry, nid, let_num_hyp, let_num, upper, lower, number, nss, urn_chars, not_nul, trans,
                    hex, other, reserved, excluded)

// clang-format on

} // namespace rfc2141
} // namespace grammar
} // namespace urns

#endif
