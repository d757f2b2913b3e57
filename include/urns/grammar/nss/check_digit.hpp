// SPDX-License-Identifier: BSL-1.0
// X3 layer, internal: the pieces the grammars and the extension surface
// (urns/nss/x3.hpp) are built from, in namespace urns::grammar like the
// grammars of src/grammar/; not API (docs/namespaces.md). Include from a
// .cpp only.
//
// check_digit<Check>(p, name): parses p, then runs Check over the bytes p
// consumed; if Check says no, records the last byte (the check digit) in
// the error slot under `name` alone and fails, consuming nothing. Check digits
// are arithmetic that ABNF cannot say; this keeps them inside the rule
// that the namespace's ABNF names, with an exact offset.
#ifndef URNS_GRAMMAR_NSS_CHECK_DIGIT_HPP
#define URNS_GRAMMAR_NSS_CHECK_DIGIT_HPP

/// \cond URNS_INTERNAL

#include <urns/grammar/primitives.hpp>

namespace urns {
namespace grammar {
namespace nss {

/// A check over [first, last): true if the check digit is right.
using check_fn = bool (*)(char const* first, char const* last) noexcept;

template <class Subject, check_fn Check>
struct check_digit_directive : x3::unary_parser<Subject, check_digit_directive<Subject, Check>> {
    using base_type = x3::unary_parser<Subject, check_digit_directive<Subject, Check>>;
    static bool const is_pass_through_unary = true;

    constexpr check_digit_directive(Subject const& subject, char const* name)
        : base_type(subject), name(name)
    {
    }

    template <class It, class Ctx, class RCtx, class Attr>
    bool parse(It& first, It const& last, Ctx const& ctx, RCtx& rctx, Attr& attr) const
    {
        It const start = first;
        if (!this->subject.parse(first, last, ctx, rctx, attr))
            return false;
        if (Check(start, first))
            return true;
        error_slot& slot = x3::get<error_slot_tag>(ctx);
        // The check digit's byte was accepted: what a syntax alternative
        // expected there (an optional "-" before it) did not fail there, the
        // check did, and it is the one name.
        if (slot.which && slot.where == first - 1)
            slot.which = nullptr;
        slot.record(first - 1, name, static_cast<int>(error::nss_rejected));
        first = start;
        return false;
    }

    char const* name;
};

/// See check_digit_directive.
template <check_fn Check, class P>
constexpr auto check_digit(P const& p, char const* name)
{
    using subject = typename x3::extension::as_parser<P>::value_type;
    return check_digit_directive<subject, Check>(x3::as_parser(p), name);
}

/// The value of a digit, or 10 for "X"/"x"; hyphens are skipped by callers.
constexpr unsigned digit_value(char c) noexcept
{
    return (c == 'X' || c == 'x') ? 10u : static_cast<unsigned>(c - '0');
}

/** ISO 7064 MOD 11-2 style weighted sum used by ISBN-10 (weights 10..1)
    and ISSN (weights 8..1): the digits of [first, last) (hyphens
    skipped), weighted from `n` down to 1, sum to a multiple of 11.
*/
constexpr bool mod11_ok(char const* first, char const* last, unsigned n) noexcept
{
    unsigned sum = 0;
    for (; first != last; ++first) {
        if (*first == '-')
            continue;
        sum += n-- * digit_value(*first);
    }
    return sum % 11 == 0;
}

} // namespace nss
} // namespace grammar
} // namespace urns

/// \endcond

#endif
