// SPDX-License-Identifier: BSL-1.0
// Test helpers for the X3 layer: run one grammar rule over a string.
// Included only by the per-document rule tests (test/unit/grammar_*.cpp).
#ifndef URNS_TEST_RULE_TESTING_HPP
#define URNS_TEST_RULE_TESTING_HPP

#include <urns/grammar/config.hpp>
#include <urns/parse.hpp>

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace urns_test {

namespace x3 = boost::spirit::x3;

/// What one run of a rule did.
struct outcome {
    bool matched = false;        ///< the parser returned true
    std::size_t consumed = 0;    ///< bytes it took (0 when it failed)
    bool recorded = false;       ///< a must() point recorded a failure
    std::size_t where = 0;       ///< that failure's offset
    std::string which;           ///< and its name
    int code = 0;                ///< and its urns::error value
    std::vector<std::string> also;   ///< further names expected at `where`
};

/// Runs `p` at the start of `s` in the grammars' one context, into `attr`.
template <class P, class Attr>
outcome run_into(P const& p, std::string_view s, Attr& attr)
{
    auto const parser = x3::as_parser(p);
    urns::grammar::error_slot slot;
    urns::grammar::context_type const ctx(slot);
    char const* const begin = s.data();
    char const* first = begin;
    outcome o;
    o.matched = parser.parse(first, begin + s.size(), ctx, x3::unused, attr);
    o.consumed = o.matched ? static_cast<std::size_t>(first - begin) : 0;
    if (slot.which) {
        o.recorded = true;
        o.where = static_cast<std::size_t>(slot.where - begin);
        o.which = slot.which;
        o.code = slot.code;
        for (unsigned i = 0; i < slot.more_count; ++i)
            o.also.emplace_back(slot.more[i]);
    }
    return o;
}

/// Runs `p` at the start of `s` in the grammars' one context.
template <class P>
outcome run(P const& p, std::string_view s)
{
    using attribute = typename x3::traits::attribute_of<
        typename x3::extension::as_parser<P>::value_type, urns::grammar::context_type>::type;
    attribute attr{};
    return run_into(p, s, attr);
}

/// The text of span `r` of a parse of `s`.
template <class Range>
std::string_view text(Range const& r)
{
    return std::string_view(r.begin(), static_cast<std::size_t>(r.end() - r.begin()));
}

/// `p` matches all of `s`.
template <class P>
bool accepts(P const& p, std::string_view s)
{
    outcome const o = run(p, s);
    return o.matched && o.consumed == s.size();
}

/// `p` does not match all of `s`.
template <class P>
bool rejects(P const& p, std::string_view s)
{
    return !accepts(p, s);
}

/// `p` matches exactly the first `n` bytes of `s` (a PEG rule stopping early).
template <class P>
bool takes(P const& p, std::string_view s, std::size_t n)
{
    outcome const o = run(p, s);
    return o.matched && o.consumed == n;
}

/// `p` does not match all of `s`, and its first recorded failure is `which`
/// at `where`.
template <class P>
bool rejects_at(P const& p, std::string_view s, std::string_view which, std::size_t where)
{
    outcome const o = run(p, s);
    bool const ok = !(o.matched && o.consumed == s.size()) && o.recorded && o.which == which &&
                    o.where == where;
    if (!ok)
        BOOST_TEST_MESSAGE("rejects_at(\"" << s << "\"): matched=" << o.matched << " consumed="
                                           << o.consumed << " recorded=" << o.recorded << " which="
                                           << o.which << " where=" << o.where);
    return ok;
}

/// The public parse_urn(s, syn) fails with `code`, `which` expected at
/// `where`: the grammar's farthest failure (grammar/README.md, "Where
/// errors point"). For a
/// rule that records nothing itself: a whole URN with a fault inside it.
inline bool parse_rejects_at(std::string_view s, urns::syntax syn, urns::error code,
                             std::string_view which, std::size_t where)
{
    auto const r = urns::parse_urn(s, syn);
    bool const ok = !r && r.error().code == urns::make_error_code(code) &&
                    r.error().expected == which && r.error().offset == where;
    if (!ok) {
        if (r)
            BOOST_TEST_MESSAGE("parse_rejects_at(\"" << s << "\"): accepted");
        else
            BOOST_TEST_MESSAGE("parse_rejects_at(\"" << s << "\"): code=" << r.error().code.value()
                                                     << " expected=" << r.error().expected
                                                     << " offset=" << r.error().offset);
    }
    return ok;
}

/// The public parse_urn(s, syn) accepts `s`.
inline bool parse_accepts(std::string_view s, urns::syntax syn)
{
    return bool(urns::parse_urn(s, syn));
}

/// For each of the 256 bytes, `p` accepts it alone exactly when `expected` says.
/// Returns the first byte where they disagree, or -1.
template <class P>
int class_mismatch(P const& p, std::function<bool(unsigned char)> const& expected)
{
    for (int c = 0; c < 256; ++c) {
        char const b = static_cast<char>(c);
        if (accepts(p, std::string_view(&b, 1)) != expected(static_cast<unsigned char>(c)))
            return c;
    }
    return -1;
}

inline bool in(unsigned char c, unsigned char lo, unsigned char hi) { return c >= lo && c <= hi; }
inline bool one_of(unsigned char c, std::string_view set) { return c != 0 && set.find(static_cast<char>(c)) != std::string_view::npos; }
inline bool is_alpha(unsigned char c) { return in(c, 0x41, 0x5A) || in(c, 0x61, 0x7A); }
inline bool is_digit(unsigned char c) { return in(c, 0x30, 0x39); }

} // namespace urns_test

#endif
