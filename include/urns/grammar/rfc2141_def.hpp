// X3 layer. Do not include from public headers; include from a .cpp only.
//
// Defines every rule of grammar/rfc2141.abnf (RFC 2141's BNF in ABNF), in
// its order, under the ABNF line it implements.
#ifndef URNS_GRAMMAR_RFC2141_DEF_HPP
#define URNS_GRAMMAR_RFC2141_DEF_HPP

#include <urns/grammar/ast_adapted.hpp>
#include <urns/grammar/primitives.hpp>
#include <urns/grammar/rfc2141.hpp>

namespace urns {
namespace grammar {
namespace rfc2141 {

// clang-format off

inline constexpr charset upper_chars       = charset().with_range(0x41, 0x5A);
inline constexpr charset lower_chars       = charset().with_range(0x61, 0x7A);
inline constexpr charset number_chars      = charset().with_range(0x30, 0x39);
inline constexpr charset let_num_chars     = upper_chars | lower_chars | number_chars;
inline constexpr charset let_num_hyp_chars = let_num_chars | charset("-");
inline constexpr charset hex_chars         = number_chars | charset("ABCDEFabcdef");
inline constexpr charset other_chars       = charset("()+,-.:=@;$_!*'");
// "%" is left out of the table: see reserved below.
inline constexpr charset reserved_chars    = charset("/?#");
inline constexpr charset trans_chars       = let_num_chars | other_chars | reserved_chars;
inline constexpr charset excluded_chars    = charset("\\\"&<>[]^`{|}~").with_range(0x01, 0x20).with_range(0x7F, 0xFF);

struct nid_class;
struct let_num_hyp_class;
struct let_num_class;
struct upper_class;
struct lower_class;
struct number_class;
struct nss_class;
struct urn_chars_class;
struct trans_class;
struct hex_class;
struct other_class;
struct reserved_class;
struct excluded_class;

urn_type                        const urn         = "URN";
x3::rule<nid_class>             const nid         = "NID";
x3::rule<let_num_hyp_class>     const let_num_hyp = "let-num-hyp";
x3::rule<let_num_class>         const let_num     = "let-num";
x3::rule<upper_class>           const upper       = "upper";
x3::rule<lower_class>           const lower       = "lower";
x3::rule<number_class>          const number      = "number";
x3::rule<nss_class>             const nss         = "NSS";
x3::rule<urn_chars_class>       const urn_chars   = "URN-chars";
x3::rule<trans_class>           const trans       = "trans";
x3::rule<hex_class>             const hex         = "hex";
x3::rule<other_class>           const other       = "other";
x3::rule<reserved_class>        const reserved    = "reserved";
x3::rule<excluded_class>        const excluded    = "excluded";

// URN           = "urn:" NID ":" NSS
// As an entry rule it must also end the input: a byte that stops the NSS
// and is not the end is reported as a bad NSS byte at its offset.
auto const urn_def =
       must(quoted("urn:"), "\"urn:\"", error::bad_scheme)
    >> x3::raw[must(nid, error::bad_nid)]
    >> must(':', "\":\"", error::bad_nid)
    >> x3::raw[must(nss, error::bad_nss)]
    >> must(x3::eoi, "NSS", error::bad_nss);

// NID           = let-num [ 1*31let-num-hyp ]
// A greedy repeat is right here: ":" is not a let-num-hyp, so nothing that
// follows a NID could be taken by the repeat.
auto const nid_def = let_num >> -x3::repeat(1, 31)[let_num_hyp];

// let-num-hyp   = upper / lower / number / "-"
auto const let_num_hyp_def = char_in<let_num_hyp_chars>{};

// let-num       = upper / lower / number
auto const let_num_def = char_in<let_num_chars>{};

// upper         = %x41-5A   ; "A" to "Z"
auto const upper_def = char_in<upper_chars>{};

// lower         = %x61-7A   ; "a" to "z"
auto const lower_def = char_in<lower_chars>{};

// number        = %x30-39   ; "0" to "9"
auto const number_def = char_in<number_chars>{};

// NSS           = 1*URN-chars
// Fast path: run_of takes runs of <trans> in one step; URN-chars as
// written takes the rest ("%" hex hex).
auto const nss_def = +(run_of<trans_chars>{} | urn_chars);

// URN-chars     = trans / "%" hex hex
// After "%", two hex are required (section 2.3.1: "The presence of an "%"
// character in an URN MUST be followed by two characters from the <hex>
// character set"); see reserved for why "%" is never a <trans>. pct_sign is
// "%" that also tells the "%00" check to look (primitives.hpp).
auto const urn_chars_def = trans | (pct_sign{} >> must(hex, error::bad_pct_encoded) >> must(hex, error::bad_pct_encoded));

// trans         = upper / lower / number / other / reserved
auto const trans_def = char_in<trans_chars>{};

// hex           = number / %x41-46 / %x61-66   ; "A" to "F", "a" to "f"
auto const hex_def = char_in<hex_chars>{};

// other         = "(" / ")" / "+" / "," / "-" / "." /
//                 ":" / "=" / "@" / ";" / "$" /
//                 "_" / "!" / "*" / "'"
auto const other_def = char_in<other_chars>{};

// reserved      = "%" / "/" / "?" / "#"
// DECISION (grammar/README.md, "bare %"): "%" is not taken here. Read
// literally, <trans> would accept a lone "%" and "%zz", against section
// 2.3.1's MUST; draft-03 Appendix C drops this "dangling alternative".
auto const reserved_def = char_in<reserved_chars>{};

// excluded      = %x01-20 / "\" / %x22 / "&" / "<"
//                 / ">" / "[" / "]" / "^" / "`" / "{" / "|" / "}" / "~"
//                 / %x7F-FF
auto const excluded_def = char_in<excluded_chars>{};

BOOST_SPIRIT_DEFINE(urn, nid, let_num_hyp, let_num, upper, lower, number, nss, urn_chars, trans,
                    hex, other, reserved, excluded)

// clang-format on

} // namespace rfc2141
} // namespace grammar
} // namespace urns

#endif
