// SPDX-License-Identifier: BSL-1.0
//
// The extension surface: what a namespace author includes to write a
// namespace's NSS grammar in Boost.Spirit X3 and register it. It includes
// X3 (the parts a grammar needs, not <boost/spirit/home/x3.hpp> whole):
// include it from the one .cpp file that defines your grammar, never from a
// header. It does not bring in the grammars of the URN documents.
//
// Stability: everything in namespace urns::nss declared here (the building
// blocks of urns::nss::abnf, URNS_NSS_RULE, URNS_NSS_DEFINE, rule, expect,
// bounded_run, check_digit and the check-digit helpers, parse, run,
// x3_validator) is the stable extension API of this major version; its
// names, meanings and error reporting do not change within it. What it is
// built from (urns::grammar::, urns::detail::) is not: use it only through
// these names.
//
// Two things about X3 itself change for the NSS grammars' one iterator
// type (char const*):
//  - x3::raw[p] gives a std::string_view (into the NSS, no copy) when the
//    attribute is one;
//  - X3's throwing expectation (a > b, x3::expect[p]) does not compile: it
//    would report the entry rule at the first failure, not the farthest
//    failure with every name expected there. Write urns::nss::expect(p).
#ifndef URNS_NSS_X3_HPP
#define URNS_NSS_X3_HPP

#include <urns/grammar/nss/check_digit.hpp>
#include <urns/grammar/primitives.hpp>
#include <urns/lexical.hpp>
#include <urns/nss/registry.hpp>

#include <boost/preprocessor/seq/for_each.hpp>
#include <boost/preprocessor/variadic/to_seq.hpp>
#include <boost/system/result.hpp>

#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>

/// @cond
namespace boost {
namespace spirit {
namespace x3 {

// a > b and x3::expect[p] throw this; for the NSS grammars' iterator it
// cannot be made, so that the grammar does not compile.
template <>
struct expectation_failure<urns::grammar::iterator_type> : std::runtime_error {
    template <class Where>
    expectation_failure(Where, std::string const&) : std::runtime_error("")
    {
        static_assert(sizeof(Where) == 0,
                      "urns/nss/x3.hpp: X3's throwing expectation (a > b, x3::expect[p]) is not for NSS "
                      "grammars; write a >> urns::nss::expect(b): its fault is at the farthest failure, "
                      "with every name expected there");
    }
    urns::grammar::iterator_type where() const noexcept { return nullptr; }
    std::string which() const { return {}; }
};

namespace traits {
namespace detail {
// A std::string_view is a value, not a container to append to.
template <>
struct is_container_impl<std::string_view, void> : mpl::false_ {};
} // namespace detail

// x3::raw[p] into a std::string_view: the bytes p took, in place.
template <>
inline void move_to<urns::grammar::iterator_type, std::string_view>(urns::grammar::iterator_type first,
                                                                     urns::grammar::iterator_type last,
                                                                     std::string_view& dest)
{
    dest = std::string_view(first, static_cast<std::size_t>(last - first));
}
} // namespace traits

} // namespace x3
} // namespace spirit
} // namespace boost
/// @endcond

/** Declares an X3 rule `name` with display name `display` (the ABNF name,
    used in errors) and attribute `attr` (`boost::spirit::x3::unused_type`
    for none), for a grammar file of the extension API; define it as usual,
    `auto const name_def = ...;`, and give the rules to URNS_NSS_DEFINE.

    Write a namespace's rules, their definitions and URNS_NSS_DEFINE in
    an unnamed namespace (as example/user_namespace does). Then two
    namespaces' grammar files can use the same rule names: each rule's ID
    type and `parse_rule` are the file's own. With IDs at namespace scope
    (`struct code_class;` in a named namespace, in two files), the two
    definitions would define the same function twice and the linker would
    silently keep one (test `nss_surface`).
*/
#define URNS_NSS_RULE(name, display, attr) \
    struct name##_class;                   \
    ::urns::nss::rule<name##_class, attr> const name = display

/// @cond
#define URNS_NSS_DEFINE_WITHOUT_ATTRIBUTE_(r, data, rule_name)                                                \
    template <class Iterator, class Context>                                                                 \
    inline bool urns_nss_parse_without_attribute(                                                            \
        ::boost::spirit::x3::detail::rule_id<decltype(rule_name)::id>, Iterator& first, Iterator const& last, \
        Context const& context)                                                                              \
    {                                                                                                        \
        ::boost::spirit::x3::unused_type none;                                                               \
        return ::boost::spirit::x3::detail::rule_parser<::boost::spirit::x3::unused_type,                    \
                                                        decltype(rule_name)::id, true>::                     \
            call_rule_definition(BOOST_JOIN(rule_name, _def), rule_name.name, first, last, context, none,    \
                                 ::boost::mpl::false_());                                                    \
    }
/// @endcond

/** Defines the rules of URNS_NSS_RULE from their `name_def`s: what
    BOOST_SPIRIT_DEFINE does, and the same definition run without an
    attribute, which a rule uses when nothing takes its attribute (run as a
    validator, under x3::omit or x3::raw): its attribute (a std::string, a
    struct) is then never built, and a validator allocates nothing.
*/
#define URNS_NSS_DEFINE(...)         \
    BOOST_SPIRIT_DEFINE(__VA_ARGS__) \
    BOOST_PP_SEQ_FOR_EACH(URNS_NSS_DEFINE_WITHOUT_ATTRIBUTE_, _, BOOST_PP_VARIADIC_TO_SEQ(__VA_ARGS__))

namespace urns {
namespace nss {

namespace x3 = boost::spirit::x3;

/** The building blocks of NSS grammars: X3 rules named after their ABNF
    rules (RFC 5234 Appendix B.1, RFC 3986 section 2), C++ name in lower
    case with "-" as "_", display name verbatim, each built from the class
    of urns/lexical.hpp that bears its name. `expect(abnf::digit)` reports
    "expected DIGIT"; pct_encoded reports a bad triplet at the byte that is
    not a HEXDIG.
*/
namespace abnf {

// clang-format off
x3::rule<struct alpha_class>       const alpha       = "ALPHA";       ///< ALPHA (RFC 5234): A-Z a-z
x3::rule<struct digit_class>       const digit       = "DIGIT";       ///< DIGIT (RFC 5234): 0-9
x3::rule<struct hexdig_class>      const hexdig      = "HEXDIG";      ///< HEXDIG (RFC 5234): 0-9 A-F, either case
x3::rule<struct unreserved_class>  const unreserved  = "unreserved";  ///< unreserved (RFC 3986)
x3::rule<struct sub_delims_class>  const sub_delims  = "sub-delims";  ///< sub-delims (RFC 3986)
x3::rule<struct gen_delims_class>  const gen_delims  = "gen-delims";  ///< gen-delims (RFC 3986)
x3::rule<struct pct_encoded_class> const pct_encoded = "pct-encoded"; ///< pct-encoded (RFC 3986): "%" HEXDIG HEXDIG
x3::rule<struct pchar_class>       const pchar       = "pchar";       ///< pchar (RFC 3986)

// The rules' definitions, for BOOST_SPIRIT_DEFINE: grammars use the rules
// above, so the API reference leaves these out (cond without a label is
// never shown).
/// @cond

// ALPHA       = %x41-5A / %x61-7A
auto const alpha_def = grammar::char_in<lexical::rfc5234::alpha>{};
// DIGIT       = %x30-39
auto const digit_def = grammar::char_in<lexical::rfc5234::digit>{};
// HEXDIG      = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"
auto const hexdig_def = grammar::char_in<lexical::rfc5234::hexdig>{};
// unreserved  = ALPHA / DIGIT / "-" / "." / "_" / "~"
auto const unreserved_def = grammar::char_in<lexical::rfc3986::unreserved>{};
// sub-delims  = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
auto const sub_delims_def = grammar::char_in<lexical::rfc3986::sub_delims>{};
// gen-delims  = ":" / "/" / "?" / "#" / "[" / "]" / "@"
auto const gen_delims_def = grammar::char_in<lexical::rfc3986::gen_delims>{};
// pct-encoded = "%" HEXDIG HEXDIG
auto const pct_encoded_def = x3::lit('%') >> grammar::must(hexdig, error::nss_rejected)
                          >> grammar::must(hexdig, error::nss_rejected);
// pchar       = unreserved / pct-encoded / sub-delims / ":" / "@"
auto const pchar_def = grammar::char_in<lexical::rfc3986::pchar>{} | pct_encoded;

BOOST_SPIRIT_DEFINE(alpha, digit, hexdig, unreserved, sub_delims, gen_delims, pct_encoded, pchar)
/// @endcond
// clang-format on

/// One or more octets of a class of urns/lexical.hpp (or your own charset
/// with static storage), in one fast loop.
template <lexical::charset const& Set>
inline constexpr grammar::run_of<Set> run_of{};

/// One octet of a class of urns/lexical.hpp (or your own charset with
/// static storage).
template <lexical::charset const& Set>
inline constexpr grammar::char_in<Set> one_of{};

} // namespace abnf

/** An X3 rule of a namespace's grammar (declare it with URNS_NSS_RULE,
    define it with URNS_NSS_DEFINE): an x3::rule that, when nothing takes
    its attribute, runs its definition without building one. X3's own rule
    builds its attribute even then (a std::string under x3::omit, or in a
    validator).
*/
template <class ID, class Attribute>
struct rule : x3::rule<ID, Attribute> {
    /// The X3 rule it is.
    using base_type = x3::rule<ID, Attribute>;
    using base_type::base_type;
    using base_type::operator=;
    using base_type::operator%=;

    /// @cond
    template <class It, class Ctx, class A>
    bool parse(It& first, It const& last, Ctx const& ctx, x3::unused_type, A& attr) const
    {
        return base_type::parse(first, last, ctx, x3::unused, attr);
    }

    template <class It, class Ctx>
    bool parse(It& first, It const& last, Ctx const& ctx, x3::unused_type, x3::unused_type) const
    {
        if constexpr (!base_type::has_attribute) {
            return base_type::parse(first, last, ctx, x3::unused, x3::unused);
        } else {
            static_assert(defined_without_attribute<It, Ctx>(0),
                          "urns::nss::rule: define the rules with URNS_NSS_DEFINE, not BOOST_SPIRIT_DEFINE "
                          "(a rule with an attribute run without one would build it)");
            return urns_nss_parse_without_attribute(x3::detail::rule_id<ID>{}, first, last, ctx);
        }
    }

private:
    template <class It, class Ctx>
    static constexpr auto defined_without_attribute(int)
        -> decltype(urns_nss_parse_without_attribute(x3::detail::rule_id<ID>{}, std::declval<It&>(),
                                                     std::declval<It const&>(), std::declval<Ctx const&>()),
                    true)
    {
        return true;
    }
    template <class It, class Ctx>
    static constexpr bool defined_without_attribute(...)
    {
        return false;
    }
    /// @endcond
};

/** An expectation point: if `p` fails here, the fault is reported at this
    byte (or farther, where `p` itself got to an expectation point) as
    "expected `name`". Errors are at the farthest failure of the grammar,
    with every name expected there (nss_fault::also_expected), as for the
    URN grammars.
*/
template <class P>
constexpr auto expect(P const& p, char const* name)
{
    return grammar::must(p, name, error::nss_rejected);
}

/// An expectation point on a rule, named by its display name.
template <class ID, class A>
constexpr auto expect(rule<ID, A> const& r)
{
    return grammar::must_directive<rule<ID, A>>(r, r.name, error::nss_rejected);
}

/// An expectation point on an X3 rule (the building blocks of abnf::),
/// named by its display name.
template <class ID, class A, bool F>
constexpr auto expect(x3::rule<ID, A, F> const& r)
{
    return grammar::must(r, error::nss_rejected);
}

/// The `max` of bounded_run() for ABNF's `*` without an upper bound.
inline constexpr std::size_t unbounded = static_cast<std::size_t>(-1);

/// @cond
template <class First, class Middle, class Last>
struct bounded_run_parser : x3::parser<bounded_run_parser<First, Middle, Last>> {
    using attribute_type = x3::unused_type;
    static bool const has_attribute = false;

    constexpr bounded_run_parser(First const& f, Middle const& m, Last const& l, std::size_t min,
                                 std::size_t max)
        : first_(f), middle_(m), last_(l), min_(min), max_(max)
    {
    }

    template <class It, class Ctx, class RCtx, class Attr>
    bool parse(It& first, It const& last, Ctx const& ctx, RCtx& rctx, Attr&) const
    {
        It i = first;
        if (!first_.parse(i, last, ctx, rctx, x3::unused))
            return false;
        // Every middle it can take (at most max_), greedily, keeping where
        // each one ends; then `last` after as many of them as possible.
        It ends[kept];
        ends[0] = i;
        std::size_t n = 0;
        for (It at = i; n < max_;) {
            It next = at;
            if (!middle_.parse(next, last, ctx, rctx, x3::unused) || next == at)
                break;
            at = next;
            if (++n < kept)
                ends[n] = at;
        }
        for (std::size_t k = n + 1; k-- > min_;) {
            It j = ends[k < kept ? k : kept - 1];
            for (std::size_t m = kept - 1; m < k; ++m)   // beyond the kept ends: again from the last kept
                middle_.parse(j, last, ctx, rctx, x3::unused);
            if (last_.parse(j, last, ctx, rctx, x3::unused)) {
                first = j;
                return true;
            }
        }
        return false;
    }

    static constexpr std::size_t kept = 64;
    First first_;
    Middle middle_;
    Last last_;
    std::size_t min_;
    std::size_t max_;
};
/// @endcond

/** ABNF's `first min*max(middle) last` where `last` may also match as a
    `middle`, as RFC 8141's NID and the MRN's OID do
    (`alphanum 0*20( alphanum / "-" ) alphanum`): the repetition with ABNF's
    meaning, which the X3 sequence `first >> repeat(min, max)[middle] >>
    last` cannot give (the repetition takes the last `alphanum` too and never
    gives it back: the PEG trap, docs/namespaces.md). It takes `first`, then
    as many `middle`s as it can (at most `max`; `unbounded` for none), then
    `last` after the most of them it can be after, backing off one `middle`
    at a time but never below `min`. So it matches the longest run of that
    shape: ABNF's meaning wherever what follows cannot begin with a
    `middle` (a ":" after the OID). No attribute (x3::raw[] gives the span).

    @par Example
    @code
    // OID = alphanum 0*20( alphanum / "-" ) alphanum
    auto const oid_def = urns::nss::bounded_run(alphanum, alphanum | '-', alphanum, 0, 20);
    @endcode
*/
template <class First, class Middle, class Last>
constexpr auto bounded_run(First const& first, Middle const& middle, Last const& last, std::size_t min,
                           std::size_t max)
{
    using f = typename x3::extension::as_parser<First>::value_type;
    using m = typename x3::extension::as_parser<Middle>::value_type;
    using l = typename x3::extension::as_parser<Last>::value_type;
    return bounded_run_parser<f, m, l>(x3::as_parser(first), x3::as_parser(middle), x3::as_parser(last), min,
                                       max);
}

/// A check over the octets a parser took: true if its check digit (its
/// last octet) is right.
using check_fn = grammar::nss::check_fn;

/** Parses `p`, then runs `Check` over the octets it took; if the check
    fails, the fault is the last of them (the check digit), expected `name`.
*/
template <check_fn Check, class P>
constexpr auto check_digit(P const& p, char const* name)
{
    return grammar::nss::check_digit<Check>(p, name);
}

/// Check-digit arithmetic for the common schemes (hyphens are skipped).
using grammar::nss::digit_value;
using grammar::nss::mod11_ok;

/** What a namespace's parse gives: the rule's attribute, or the fault
    (offset into the NSS, names expected there).
*/
template <class T>
using parsed = boost::system::result<T, nss_fault>;

namespace detail {

/// The fault of a failed parse: the farthest failure recorded, with every
/// name expected there, else where the rule stopped, under its name. A rule
/// that matched a prefix (`matched`) fails where it stopped, under its
/// name, unless a failure was recorded past that byte: as ABNF's farthest
/// failure, the input should have ended there, which no failure recorded
/// before it explains.
inline nss_fault fault_of(grammar::error_slot const& slot, char const* first, char const* stopped,
                          char const* rule_name, bool matched = false) noexcept
{
    auto const at = [first](char const* p) { return static_cast<std::size_t>(p - first); };
    if (!slot.which || (matched && slot.where < stopped))
        return nss_fault{at(stopped), rule_name};
    nss_fault f{at(slot.where), slot.which};
    for (unsigned i = 0; i < slot.more_count; ++i)
        f.also_expected.push_back(slot.more[i]);
    f.also_expected.note_dropped(slot.more_dropped);
    return f;
}

template <class Rule, class Attr>
verdict run_into(Rule const& rule, std::string_view nss, Attr& attr)
{
    grammar::iterator_type const first = nss.data();
    grammar::iterator_type const last = first + nss.size();
    grammar::iterator_type it = first;
    grammar::error_slot slot{};
    grammar::context_type const ctx(slot);
    // Anything a rule throws (std::bad_alloc from an attribute) is not a
    // judgement on the NSS and goes on to the caller; X3's throwing
    // expectation, which would be, does not compile here (above).
    bool const matched = rule.parse(it, last, ctx, x3::unused, attr);
    if (matched && it == last)
        return {};
    return fault_of(slot, first, it, rule.name, matched);
}

template <auto const& Rule>
verdict validate(std::string_view nss) noexcept
{
    // The rule runs without its attribute (URNS_NSS_DEFINE): nothing here
    // builds one, so nothing allocates or throws.
    return run_into(Rule, nss, x3::unused);
}

} // namespace detail

/** Parses the whole of `nss` with `rule` and gives its attribute back: a
    namespace is a parser, not only a yes/no.

    @par Example
    @code
    URNS_NSS_RULE(serial, "serial", unsigned);
    auto const serial_def = x3::uint_;
    URNS_NSS_DEFINE(serial)
    urns::nss::parsed<unsigned> n = urns::nss::parse(serial, "1234");   // 1234
    @endcode
*/
template <class Rule>
parsed<typename Rule::attribute_type> parse(Rule const& rule, std::string_view nss)
{
    typename Rule::attribute_type attr{};
    if (verdict v = detail::run_into(rule, nss, attr); !v)
        return v.error();
    return attr;
}

/// Whether the whole of `nss` matches `rule` (run without its attribute),
/// else the fault: a validator's verdict.
template <class Rule>
verdict run(Rule const& rule, std::string_view nss)
{
    return detail::run_into(rule, nss, x3::unused);
}

/** The registry's validator of a rule with static storage (a
    namespace-scope rule, defined with URNS_NSS_DEFINE in the same file).
    The rule is run without its attribute: the validator neither throws nor
    allocates.
*/
template <auto const& Rule>
constexpr validator x3_validator() noexcept
{
    return &detail::validate<Rule>;
}

} // namespace nss
} // namespace urns

#endif
