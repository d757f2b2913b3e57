// Public header THAT INCLUDES BOOST.SPIRIT X3: include it only from the one
// .cpp file that defines your namespace's grammar, never from a header.
// (Every other public header of urns is X3-free; an X3 include costs about
// 1.5 s and 250 MB of compiler memory per translation unit.)
//
// It turns an X3 rule into a urns::nss::validator, so that a namespace's
// NSS grammar can be written from the same building blocks as the URN
// grammars (urns::grammar::rfc3986::pchar, pct_encoded, unreserved, ...,
// urns::grammar::rfc5234::alpha, digit, hexdig) and registered in a
// urns::nss::registry.
#ifndef URNS_NSS_X3_ADAPTER_HPP
#define URNS_NSS_X3_ADAPTER_HPP

#include <urns/grammar/config.hpp>
#include <urns/grammar/primitives.hpp>
#include <urns/grammar/rfc3986_def.hpp>
#include <urns/grammar/rfc5234_def.hpp>
#include <urns/nss/registry.hpp>

#include <boost/spirit/home/x3.hpp>

#include <optional>
#include <string_view>

namespace urns {
namespace nss {

/** Runs `rule` over the whole of `nss` and reports the first fault.

    The rule is parsed in urns' one context (grammar::context_type), so
    `urns::grammar::must(p, name, code)` expectation points inside it
    record the byte and the rule that failed; the first one recorded is
    the fault. Without one, the fault is where the rule stopped (or the
    start, if it failed), named by the rule's display name. A rule that
    uses X3's throwing expectation `a > b` works too: the exception is
    caught and its position reported under the rule's name.

    @par Example
    @code
    namespace x3 = boost::spirit::x3;
    x3::rule<struct code_class> const code = "code";
    auto const code_def = x3::repeat(3)[urns::grammar::rfc5234::digit];
    BOOST_SPIRIT_DEFINE(code)

    auto f = urns::nss::run_x3_rule(code, "12x");   // f->offset == 2, f->expected == "code"
    @endcode
*/
template <class Rule>
std::optional<nss_fault> run_x3_rule(Rule const& rule, std::string_view nss) noexcept
{
    namespace x3 = boost::spirit::x3;
    using it_type = grammar::iterator_type;
    it_type const first = nss.data();
    it_type const last = first + nss.size();
    it_type it = first;
    grammar::error_slot slot;
    grammar::context_type const ctx(slot);
    x3::unused_type attr;
    bool ok = false;
    try {
        ok = rule.parse(it, last, ctx, x3::unused, attr);
    } catch (x3::expectation_failure<it_type> const& e) {
        return nss_fault{static_cast<std::size_t>(e.where() - first), rule.name};
    } catch (...) {
        return nss_fault{0, rule.name};
    }
    if (ok && it == last)
        return std::nullopt;
    if (slot.which)
        return nss_fault{static_cast<std::size_t>(slot.where - first), slot.which};
    return nss_fault{static_cast<std::size_t>(it - first), rule.name};
}

namespace detail {
template <auto const& Rule>
std::optional<nss_fault> x3_validate(std::string_view nss) noexcept
{
    return run_x3_rule(Rule, nss);
}
} // namespace detail

/** The validator of an X3 rule object with static storage duration (a
    namespace-scope `x3::rule<...> const`, defined with
    BOOST_SPIRIT_DEFINE in the same translation unit).

    @par Example
    @code
    // my_namespace.cpp: the only file that includes X3.
    #include <urns/nss/x3_adapter.hpp>
    namespace g = urns::grammar;
    x3::rule<struct ticket_class> const ticket = "ticket";
    auto const ticket_def = +g::rfc5234::alpha >> '-' >> +g::rfc5234::digit;
    BOOST_SPIRIT_DEFINE(ticket)

    urns::nss::namespace_rules ticket_rules()
    {
        return {"ticket", urns::nss::x3_validator<ticket>(), nullptr, "our ticket spec"};
    }
    @endcode
*/
template <auto const& Rule>
constexpr validator x3_validator() noexcept
{
    return &detail::x3_validate<Rule>;
}

} // namespace nss
} // namespace urns

#endif
