// SPDX-License-Identifier: BSL-1.0
//
// The extension surface: what a namespace author includes to write a
// namespace's NSS grammar in Boost.Spirit X3 and register it. It includes
// X3 (the parts a grammar needs, not <boost/spirit/home/x3.hpp> whole):
// include it from the one .cpp file that defines your grammar, never from a
// header. It does not bring in the grammars of the URN documents.
//
// Stability: everything in namespace urns::nss declared here (the building
// blocks of urns::nss::abnf, URNS_NSS_RULE, expect, check_digit and the
// check-digit helpers, parse, run, x3_validator) is the stable extension API
// of this major version; its names, meanings and error reporting do not
// change within it. What it is built from (urns::grammar::, urns::detail::)
// is not: use it only through these names.
#ifndef URNS_NSS_X3_HPP
#define URNS_NSS_X3_HPP

#include <urns/detail/x3/check_digit.hpp>
#include <urns/detail/x3/primitives.hpp>
#include <urns/lexical.hpp>
#include <urns/nss/registry.hpp>

#include <boost/system/result.hpp>

#include <optional>
#include <string_view>

/** Declares an X3 rule `name` with display name `display` (the ABNF name,
    used in errors) and attribute `attr` (`boost::spirit::x3::unused_type`
    for none), for a grammar file of the extension API; define it as usual,
    `auto const name_def = ...;` and `BOOST_SPIRIT_DEFINE(name)`.

    Write a namespace's rules, their definitions and BOOST_SPIRIT_DEFINE in
    an unnamed namespace (as example/user_namespace does). Then two
    namespaces' grammar files can use the same rule names: each rule's ID
    type and `parse_rule` are the file's own. With IDs at namespace scope
    (`struct code_class;` in a named namespace, in two files), the two
    BOOST_SPIRIT_DEFINEs would define the same function twice and the
    linker would silently keep one (test `nss_surface`).
*/
#define URNS_NSS_RULE(name, display, attr) \
    struct name##_class;                   \
    ::boost::spirit::x3::rule<name##_class, attr> const name = display

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

/** An expectation point: if `p` fails here, the fault is reported at this
    byte (or farther, where `p` itself got to an expectation point) as
    "expected `name`". Errors are at the farthest failure of the grammar,
    with every name expected there, as for the URN grammars.
*/
template <class P>
constexpr auto expect(P const& p, char const* name)
{
    return grammar::must(p, name, error::nss_rejected);
}

/// An expectation point on a rule, named by its display name.
template <class ID, class A, bool F>
constexpr auto expect(x3::rule<ID, A, F> const& r)
{
    return grammar::must(r, error::nss_rejected);
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
    (offset into the NSS, name expected there).
*/
template <class T>
using parsed = boost::system::result<T, nss_fault>;

namespace detail {

template <class Rule, class Attr>
std::optional<nss_fault> run_into(Rule const& rule, std::string_view nss, Attr& attr)
{
    using it_type = grammar::iterator_type;
    it_type const first = nss.data();
    it_type const last = first + nss.size();
    it_type it = first;
    grammar::error_slot slot;
    grammar::context_type const ctx(slot);
    bool ok = false;
    // X3's throwing expectation (a > b) works too; only that exception is
    // a fault of the NSS. Anything else (std::bad_alloc from an attribute)
    // is not a judgement on the NSS and goes on to the caller.
    try {
        ok = rule.parse(it, last, ctx, x3::unused, attr);
    } catch (x3::expectation_failure<it_type> const& e) {
        return nss_fault{static_cast<std::size_t>(e.where() - first), rule.name};
    }
    if (ok && it == last)
        return std::nullopt;
    if (slot.which)
        return nss_fault{static_cast<std::size_t>(slot.where - first), slot.which};
    return nss_fault{static_cast<std::size_t>(it - first), rule.name};
}

template <auto const& Rule>
std::optional<nss_fault> validate(std::string_view nss) noexcept
{
    // A validator is noexcept: a rule whose attribute allocates (a
    // std::string) could end the program on std::bad_alloc here; give
    // x3_validator rules without attributes, and parse() for values.
    x3::unused_type unused;
    return run_into(Rule, nss, unused);
}

} // namespace detail

/** Parses the whole of `nss` with `rule` and gives its attribute back: a
    namespace is a parser, not only a yes/no.

    @par Example
    @code
    URNS_NSS_RULE(serial, "serial", unsigned);
    auto const serial_def = x3::uint_;
    BOOST_SPIRIT_DEFINE(serial)
    urns::nss::parsed<unsigned> n = urns::nss::parse(serial, "1234");   // 1234
    @endcode
*/
template <class ID, class Attr, bool F>
parsed<Attr> parse(x3::rule<ID, Attr, F> const& rule, std::string_view nss)
{
    Attr attr{};
    if (auto f = detail::run_into(rule, nss, attr))
        return *f;
    return attr;
}

/// The first fault of `nss` under `rule`, or nothing: the validator's check.
template <class Rule>
std::optional<nss_fault> run(Rule const& rule, std::string_view nss)
{
    x3::unused_type unused;
    return detail::run_into(rule, nss, unused);
}

/** The registry's validator of a rule with static storage (a
    namespace-scope rule, defined with BOOST_SPIRIT_DEFINE in the same
    file). The rule is run without its attribute.
*/
template <auto const& Rule>
constexpr validator x3_validator() noexcept
{
    return &detail::validate<Rule>;
}

} // namespace nss
} // namespace urns

#endif
