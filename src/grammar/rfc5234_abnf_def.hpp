// SPDX-License-Identifier: BSL-1.0
// X3 layer. Do not include from public headers; included by
// src/abnf/reader.cpp only.
//
// Defines every rule of grammar/rfc5234-abnf.abnf (RFC 5234 section 4, the
// ABNF of ABNF, with RFC 7405's char-val), in its order, under the ABNF
// lines it implements. Each rule's body is wrapped in node<...>[...], which
// records the rule's span in a concrete syntax tree (a preorder list,
// src/abnf/reader.cpp turns it into the engine's rules) and keeps the stack
// of rules being tried, so that a terminal that fails records the innermost
// section 4 rule at that byte (the farthest failure wins, as in the URN
// grammars). The core rules of Appendix B.1 are terminals here: a failure
// in ALPHA is reported as the section 4 rule that wanted it.
#ifndef URNS_GRAMMAR_RFC5234_ABNF_DEF_HPP
#define URNS_GRAMMAR_RFC5234_ABNF_DEF_HPP

#include <urns/lexical.hpp>

#include <boost/spirit/home/x3/auxiliary/eps.hpp>
#include <boost/spirit/home/x3/core.hpp>
#include <boost/spirit/home/x3/directive/repeat.hpp>
#include <boost/spirit/home/x3/nonterminal/rule.hpp>
#include <boost/spirit/home/x3/operator.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace urns {
namespace grammar {
namespace rfc5234_abnf {

namespace x3 = boost::spirit::x3;

/// The rules of section 4 (and RFC 7405's), as node kinds of the tree.
enum class sym : std::uint8_t {
    rulelist, rule, rulename, defined_as, elements, c_wsp, c_nl, comment, alternation, concatenation,
    repetition, repeat, element, group, option, char_val, case_insensitive_string, case_sensitive_string,
    quoted_string, num_val, bin_val, dec_val, hex_val, prose_val
};

/// The ABNF name of each sym, in order.
inline constexpr char const* sym_names[] = {
    "rulelist", "rule", "rulename", "defined-as", "elements", "c-wsp", "c-nl", "comment", "alternation",
    "concatenation", "repetition", "repeat", "element", "group", "option", "char-val",
    "case-insensitive-string", "case-sensitive-string", "quoted-string", "num-val", "bin-val", "dec-val",
    "hex-val", "prose-val"};

/// One rule matched: its kind, its bytes, and the index one past its
/// subtree in the preorder list (its next sibling).
struct cst_node {
    sym kind;
    std::uint32_t begin;
    std::uint32_t end;
    std::uint32_t next;
};

/** The state of one parse, in the X3 context (tag reader_tag). */
struct reader_state {
    static constexpr std::size_t max_depth = 3000;  ///< rules nested at once (bounds the stack)
    /// Groups and options nested at once (docs/abnf.md, "Limits"): each
    /// nests five rules of RFC 5234 section 4 (element, group or option,
    /// alternation, concatenation, repetition), so that max_depth is never
    /// reached first.
    static constexpr std::size_t max_groups = 500;

    char const* begin = nullptr;
    std::vector<cst_node> nodes;
    std::vector<sym> stack;         ///< the rules being tried, innermost last
    char const* far = nullptr;      ///< farthest byte where a terminal failed
    std::vector<sym> expected;      ///< the innermost rules that failed there
    bool too_deep = false;
    std::size_t groups = 0;  ///< groups and options open

    void fail(char const* at)
    {
        if (stack.empty())
            return;
        sym const s = stack.back();
        if (!far || at > far) {
            far = at;
            expected.assign(1, s);
        } else if (at == far && std::find(expected.begin(), expected.end(), s) == expected.end()) {
            expected.push_back(s);
        }
    }
};

struct reader_tag;

/// The context every rule is parsed with (src/abnf/reader.cpp makes it).
using reader_context = x3::context<reader_tag, reader_state>;

template <class Ctx>
reader_state& state(Ctx const& ctx)
{
    return x3::get<reader_tag>(ctx);
}

/// A byte of a class (a predicate on the byte): a terminal.
template <class Pred>
struct byte_if : x3::parser<byte_if<Pred>> {
    using attribute_type = x3::unused_type;
    static bool const has_attribute = false;
    Pred pred;
    constexpr explicit byte_if(Pred p) : pred(p) {}

    template <class It, class Ctx, class RCtx, class Attr>
    bool parse(It& first, It const& last, Ctx const& ctx, RCtx&, Attr&) const
    {
        if (first != last && pred(static_cast<unsigned char>(*first))) {
            ++first;
            return true;
        }
        state(ctx).fail(first);
        return false;
    }
};
template <class Pred>
constexpr byte_if<Pred> byte_where(Pred p) { return byte_if<Pred>(p); }

/// A quoted string of the grammar: ASCII case-insensitive (RFC 5234 section 2.3).
struct lit_ci : x3::parser<lit_ci> {
    using attribute_type = x3::unused_type;
    static bool const has_attribute = false;
    char const* text;
    constexpr explicit lit_ci(char const* t) : text(t) {}

    template <class It, class Ctx, class RCtx, class Attr>
    bool parse(It& first, It const& last, Ctx const& ctx, RCtx&, Attr&) const
    {
        It i = first;
        for (char const* t = text; *t; ++t, ++i) {
            if (i == last || lexical::ascii_lower(*i) != lexical::ascii_lower(*t)) {
                state(ctx).fail(first);
                return false;
            }
        }
        first = i;
        return true;
    }
};

/// RFC 5234's CRLF, and (a deviation, grammar/README.md) a lone LF.
struct newline_parser : x3::parser<newline_parser> {
    using attribute_type = x3::unused_type;
    static bool const has_attribute = false;

    template <class It, class Ctx, class RCtx, class Attr>
    bool parse(It& first, It const& last, Ctx const& ctx, RCtx&, Attr&) const
    {
        if (first != last && *first == '\n') {
            ++first;
            return true;
        }
        if (last - first >= 2 && first[0] == '\r' && first[1] == '\n') {
            first += 2;
            return true;
        }
        state(ctx).fail(first);
        return false;
    }
};

/// Records the rule `S` around its body (see the top of the file).
template <sym S, class Subject>
struct tracked : x3::unary_parser<Subject, tracked<S, Subject>> {
    using base = x3::unary_parser<Subject, tracked<S, Subject>>;
    using attribute_type = x3::unused_type;
    static bool const has_attribute = false;
    constexpr explicit tracked(Subject const& s) : base(s) {}

    template <class It, class Ctx, class RCtx, class Attr>
    bool parse(It& first, It const& last, Ctx const& ctx, RCtx& rctx, Attr&) const
    {
        reader_state& st = state(ctx);
        // (A group is tried at every element: inside the 500th, the try
        // that fails on its first byte is the 501st open.)
        constexpr bool group = S == sym::group || S == sym::option;
        if (st.stack.size() >= reader_state::max_depth || (group && st.groups > reader_state::max_groups)) {
            st.too_deep = true;
            return false;
        }
        st.groups += group;
        std::size_t const at = st.nodes.size();
        st.nodes.push_back({S, static_cast<std::uint32_t>(first - st.begin), 0, 0});
        st.stack.push_back(S);
        It const save = first;
        bool const ok = !st.too_deep && this->subject.parse(first, last, ctx, rctx, x3::unused);
        st.stack.pop_back();
        st.groups -= group;
        if (ok && !st.too_deep) {
            st.nodes[at].end = static_cast<std::uint32_t>(first - st.begin);
            st.nodes[at].next = static_cast<std::uint32_t>(st.nodes.size());
            return true;
        }
        st.nodes.resize(at);
        first = save;
        return false;
    }
};

template <sym S>
struct node_gen {
    template <class Subject>
    constexpr auto operator[](Subject const& s) const
    {
        using p = typename x3::extension::as_parser<Subject>::value_type;
        return tracked<S, p>(x3::as_parser(s));
    }
};
template <sym S>
inline constexpr node_gen<S> node{};

// clang-format off

// The core rules of RFC 5234 Appendix B.1 that section 4 uses, as terminals.
// ALPHA  =  %x41-5A / %x61-7A
inline constexpr auto alpha  = byte_where([](unsigned char c) { return lexical::rfc5234::alpha.contains(static_cast<char>(c)); });
// DIGIT  =  %x30-39
inline constexpr auto digit  = byte_where([](unsigned char c) { return lexical::rfc5234::digit.contains(static_cast<char>(c)); });
// HEXDIG =  DIGIT / "A" / "B" / "C" / "D" / "E" / "F"   (quoted: either case)
inline constexpr auto hexdig = byte_where([](unsigned char c) { return lexical::rfc5234::hexdig.contains(static_cast<char>(c)); });
// BIT    =  "0" / "1"
inline constexpr auto bit    = byte_where([](unsigned char c) { return c == '0' || c == '1'; });
// WSP    =  SP / HTAB
inline constexpr auto wsp    = byte_where([](unsigned char c) { return c == 0x20 || c == 0x09; });
// VCHAR  =  %x21-7E
inline constexpr auto vchar  = byte_where([](unsigned char c) { return c >= 0x21 && c <= 0x7E; });
// DQUOTE =  %x22
inline constexpr auto dquote = byte_where([](unsigned char c) { return c == 0x22; });
// CRLF   =  CR LF   (and LF alone, see newline_parser)
inline constexpr newline_parser crlf{};

struct rulelist_class;
struct rule_class;
struct rulename_class;
struct defined_as_class;
struct elements_class;
struct c_wsp_class;
struct c_nl_class;
struct comment_class;
struct alternation_class;
struct concatenation_class;
struct repetition_class;
struct repeat_class;
struct element_class;
struct group_class;
struct option_class;
struct char_val_class;
struct case_insensitive_string_class;
struct case_sensitive_string_class;
struct quoted_string_class;
struct num_val_class;
struct bin_val_class;
struct dec_val_class;
struct hex_val_class;
struct prose_val_class;

x3::rule<rulelist_class>                const rulelist                = "rulelist";
x3::rule<rule_class>                    const rule                    = "rule";
x3::rule<rulename_class>                const rulename                = "rulename";
x3::rule<defined_as_class>              const defined_as              = "defined-as";
x3::rule<elements_class>                const elements                = "elements";
x3::rule<c_wsp_class>                   const c_wsp                   = "c-wsp";
x3::rule<c_nl_class>                    const c_nl                    = "c-nl";
x3::rule<comment_class>                 const comment                 = "comment";
x3::rule<alternation_class>             const alternation             = "alternation";
x3::rule<concatenation_class>           const concatenation           = "concatenation";
x3::rule<repetition_class>              const repetition              = "repetition";
x3::rule<repeat_class>                  const repeat                  = "repeat";
x3::rule<element_class>                 const element                 = "element";
x3::rule<group_class>                   const group                   = "group";
x3::rule<option_class>                  const option                  = "option";
x3::rule<char_val_class>                const char_val                = "char-val";
x3::rule<case_insensitive_string_class> const case_insensitive_string = "case-insensitive-string";
x3::rule<case_sensitive_string_class>   const case_sensitive_string   = "case-sensitive-string";
x3::rule<quoted_string_class>           const quoted_string           = "quoted-string";
x3::rule<num_val_class>                 const num_val                 = "num-val";
x3::rule<bin_val_class>                 const bin_val                 = "bin-val";
x3::rule<dec_val_class>                 const dec_val                 = "dec-val";
x3::rule<hex_val_class>                 const hex_val                 = "hex-val";
x3::rule<prose_val_class>               const prose_val               = "prose-val";

// rulelist       =  1*( rule / (*c-wsp c-nl) )
auto const rulelist_def = node<sym::rulelist>[ +( rule | (*c_wsp >> c_nl) ) ];

// rule           =  rulename defined-as elements c-nl
//                        ; continues if next line starts
//                        ;  with white space
auto const rule_def = node<sym::rule>[ rulename >> defined_as >> elements >> c_nl ];

// rulename       =  ALPHA *(ALPHA / DIGIT / "-")
auto const rulename_def = node<sym::rulename>[ alpha >> *(alpha | digit | lit_ci("-")) ];

// defined-as     =  *c-wsp ("=" / "=/") *c-wsp
//                        ; basic rules definition and
//                        ;  incremental alternatives
// PEG: "=/" is tried first, or "=" would take its "=" and leave the "/".
auto const defined_as_def = node<sym::defined_as>[ *c_wsp >> (lit_ci("=/") | lit_ci("=")) >> *c_wsp ];

// elements       =  alternation *c-wsp
auto const elements_def = node<sym::elements>[ alternation >> *c_wsp ];

// c-wsp          =  WSP / (c-nl WSP)
auto const c_wsp_def = node<sym::c_wsp>[ wsp | (c_nl >> wsp) ];

// c-nl           =  comment / CRLF
//                        ; comment or newline
auto const c_nl_def = node<sym::c_nl>[ comment | crlf ];

// comment        =  ";" *(WSP / VCHAR) CRLF
auto const comment_def = node<sym::comment>[ lit_ci(";") >> *(wsp | vchar) >> crlf ];

// alternation    =  concatenation
//                   *(*c-wsp "/" *c-wsp concatenation)
auto const alternation_def = node<sym::alternation>[ concatenation >> *(*c_wsp >> lit_ci("/") >> *c_wsp >> concatenation) ];

// concatenation  =  repetition *(1*c-wsp repetition)
auto const concatenation_def = node<sym::concatenation>[ repetition >> *(+c_wsp >> repetition) ];

// repetition     =  [repeat] element
auto const repetition_def = node<sym::repetition>[ -repeat >> element ];

// repeat         =  1*DIGIT / (*DIGIT "*" *DIGIT)
// PEG: the second alternative is tried first: "1*DIGIT" would take the "2"
// of "2*3" and never give it back.
auto const repeat_def = node<sym::repeat>[ (*digit >> lit_ci("*") >> *digit) | +digit ];

// element        =  rulename / group / option /
//                   char-val / num-val / prose-val
auto const element_def = node<sym::element>[ rulename | group | option | char_val | num_val | prose_val ];

// group          =  "(" *c-wsp alternation *c-wsp ")"
auto const group_def = node<sym::group>[ lit_ci("(") >> *c_wsp >> alternation >> *c_wsp >> lit_ci(")") ];

// option         =  "[" *c-wsp alternation *c-wsp "]"
auto const option_def = node<sym::option>[ lit_ci("[") >> *c_wsp >> alternation >> *c_wsp >> lit_ci("]") ];

// char-val       =  case-insensitive-string /
//                   case-sensitive-string
auto const char_val_def = node<sym::char_val>[ case_insensitive_string | case_sensitive_string ];

// case-insensitive-string =
//                   [ "%i" ] quoted-string
auto const case_insensitive_string_def = node<sym::case_insensitive_string>[ -lit_ci("%i") >> quoted_string ];

// case-sensitive-string =
//                   "%s" quoted-string
auto const case_sensitive_string_def = node<sym::case_sensitive_string>[ lit_ci("%s") >> quoted_string ];

// quoted-string  =  DQUOTE *(%x20-21 / %x23-7E) DQUOTE
//                        ; quoted string of SP and VCHAR
//                        ;  without DQUOTE
auto const quoted_string_def = node<sym::quoted_string>[
    dquote >> *byte_where([](unsigned char c) { return (c >= 0x20 && c <= 0x21) || (c >= 0x23 && c <= 0x7E); }) >> dquote ];

// num-val        =  "%" (bin-val / dec-val / hex-val)
auto const num_val_def = node<sym::num_val>[ lit_ci("%") >> (bin_val | dec_val | hex_val) ];

// bin-val        =  "b" 1*BIT
//                   [ 1*("." 1*BIT) / ("-" 1*BIT) ]
//                        ; series of concatenated bit values
//                        ;  or single ONEOF range
auto const bin_val_def = node<sym::bin_val>[ lit_ci("b") >> +bit >> -( +(lit_ci(".") >> +bit) | (lit_ci("-") >> +bit) ) ];

// dec-val        =  "d" 1*DIGIT
//                   [ 1*("." 1*DIGIT) / ("-" 1*DIGIT) ]
auto const dec_val_def = node<sym::dec_val>[ lit_ci("d") >> +digit >> -( +(lit_ci(".") >> +digit) | (lit_ci("-") >> +digit) ) ];

// hex-val        =  "x" 1*HEXDIG
//                   [ 1*("." 1*HEXDIG) / ("-" 1*HEXDIG) ]
auto const hex_val_def = node<sym::hex_val>[ lit_ci("x") >> +hexdig >> -( +(lit_ci(".") >> +hexdig) | (lit_ci("-") >> +hexdig) ) ];

// prose-val      =  "<" *(%x20-3D / %x3F-7E) ">"
//                        ; bracketed string of SP and VCHAR
//                        ;  without angles
//                        ; prose description, to be used as
//                        ;  last resort
auto const prose_val_def = node<sym::prose_val>[
    lit_ci("<") >> *byte_where([](unsigned char c) { return (c >= 0x20 && c <= 0x3D) || (c >= 0x3F && c <= 0x7E); }) >> lit_ci(">") ];

BOOST_SPIRIT_DEFINE(rulelist, rule, rulename, defined_as, elements, c_wsp, c_nl, comment, alternation,
                    concatenation, repetition, repeat, element, group, option, char_val,
                    case_insensitive_string, case_sensitive_string, quoted_string, num_val, bin_val, dec_val,
                    hex_val, prose_val)

// clang-format on

} // namespace rfc5234_abnf
} // namespace grammar
} // namespace urns

#endif
