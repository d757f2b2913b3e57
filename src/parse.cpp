// SPDX-License-Identifier: BSL-1.0
// Glue: the one place that runs the grammars (X3) and turns their spans
// into urn_views.
#include <urns/nss/registry.hpp>
#include <urns/parse.hpp>
#include <urns/urn.hpp>

#include "grammar/ast_adapted.hpp"
#include <urns/detail/x3/config.hpp>
#include "grammar/rfc2141.hpp"
#include "grammar/rfc2141bis.hpp"
#include "grammar/rfc8141.hpp"

#include "detail/fast_path.hpp"
#include "detail/grammar_entry.hpp"
#include "detail/view_access.hpp"

namespace urns {

namespace {

namespace g = grammar;
using g::ast::span;

detail::parts::span offsets(char const* base, boost::optional<span> const& s) noexcept
{
    detail::parts::span r;
    if (s) {
        r.begin = static_cast<std::size_t>(s->begin() - base);
        r.end = static_cast<std::size_t>(s->end() - base);
    }
    return r;
}

void set_nid_nss(detail::parts& p, char const* base, span const& nid, span const& nss) noexcept
{
    p.nid_end = static_cast<std::size_t>(nid.end() - base);
    p.nss_end = static_cast<std::size_t>(nss.end() - base);
}

/// Runs the entry rule `Rule` over [first, last); true if it took it all.
template <class Rule, class Attr = g::x3::unused_type const>
bool run(char const* name, char const* first, char const* last, g::error_slot& slot, Attr& attr = g::x3::unused)
{
    Rule const rule{name};
    g::context_type const ctx(slot);
    return rule.parse(first, last, ctx, g::x3::unused, attr) && first == last;
}

/// The error the slot holds, for a parse of [first, ...) that failed, made
/// in place in a result (a parse_error is a few cache lines: no copies on
/// the error path).
template <class T>
result<T> error_of(g::error_slot const& slot, char const* first, syntax syn) noexcept
{
    // The entry rules end with a must() on the end of input, so a failed
    // parse has always recorded where and what; the test suite checks it.
    if (!slot.which)
        return result<T>(boost::system::in_place_error, make_error_code(error::bad_scheme), 0, "end of input", syn);
    expected_alternatives more;
    for (unsigned i = 0; i < slot.more_count; ++i)
        more.push_back(slot.more[i]);
    return result<T>(boost::system::in_place_error, make_error_code(static_cast<error>(slot.code)),
                     static_cast<std::size_t>(slot.where - first), slot.which, syn, more);
}

/// The parse, for both overloads of parse_urn (inlined into each: the
/// common one, by syntax, pays no extra call nor a parse_options in memory).
inline result<urn_view> by_grammar(std::string_view s, syntax const syn) noexcept
{
    char const* const first = s.data();
    char const* const last = first + s.size();
    g::error_slot slot;
    detail::parts p;
    p.syntax = syn;
    bool ok = false;

    switch (syn) {
    case syntax::rfc2141: {
        g::ast::rfc2141_urn a;
        ok = run<g::rfc2141::urn_type>("URN", first, last, slot, a);
        if (ok)
            set_nid_nss(p, first, a.nid, a.nss);
        break;
    }
    case syntax::rfc2141bis: {
        g::ast::rfc2141bis_urn a;
        ok = run<g::rfc2141bis::uri_type>("URI", first, last, slot, a);
        if (ok) {
            set_nid_nss(p, first, a.path.nid, a.path.nss);
            p.query = offsets(first, a.query);
            p.fragment = offsets(first, a.fragment);
        }
        break;
    }
    case syntax::rfc8141: {
        g::ast::namestring a;
        ok = run<g::rfc8141::namestring_type>("namestring", first, last, slot, a);
        if (ok) {
            set_nid_nss(p, first, a.name.nid, a.name.nss);
            p.r_component = offsets(first, a.rq.r_component);
            p.q_component = offsets(first, a.rq.q_component);
            p.fragment = offsets(first, a.f_component);
        }
        break;
    }
    }

    if (!ok)
        return error_of<urn_view>(slot, first, syn);
    // Made in place in the result: copying a view just written would stall on
    // store-to-load forwarding.
    return result<urn_view>(boost::system::in_place_value, detail::view_access::made(s, p));
}

/// The commonest URNs by the fast path (src/detail/fast_path.hpp), the
/// rest by the grammar.
inline result<urn_view> parse(std::string_view s, syntax const syn) noexcept
{
    detail::parts p;
    if (detail::fast::simple_urn(s, syn, p))
        return result<urn_view>(boost::system::in_place_value, detail::view_access::made(s, p));
    return by_grammar(s, syn);
}

} // namespace

namespace detail {

std::optional<parse_error> nid_fault(std::string_view nid, syntax syn) noexcept
{
    char const* const first = nid.data();
    char const* const last = first + nid.size();
    g::error_slot slot;
    bool ok = false;
    switch (syn) {
    case syntax::rfc2141: ok = run<g::rfc2141::nid_alone_type>("NID", first, last, slot); break;
    case syntax::rfc2141bis: ok = run<g::rfc2141bis::nid_alone_type>("NID", first, last, slot); break;
    case syntax::rfc8141: ok = run<g::rfc8141::nid_alone_type>("NID", first, last, slot); break;
    }
    if (ok)
        return std::nullopt;
    return error_of<void>(slot, first, syn).error();
}

bool nid_rule(std::string_view nid, syntax syn) noexcept
{
    char const* const first = nid.data();
    char const* const last = first + nid.size();
    g::error_slot slot;
    switch (syn) {
    case syntax::rfc2141: return run<g::rfc2141::nid_entry_type>("NID", first, last, slot);
    case syntax::rfc2141bis: return run<g::rfc2141bis::nid_entry_type>("NID", first, last, slot);
    case syntax::rfc8141: return run<g::rfc8141::nid_entry_type>("NID", first, last, slot);
    }
    return false;
}

std::optional<parse_error> urn_query_fault(std::string_view query) noexcept
{
    char const* const first = query.data();
    g::error_slot slot;
    if (run<g::rfc2141bis::urn_query_entry_type>("urn-query", first, first + query.size(), slot))
        return std::nullopt;
    return error_of<void>(slot, first, syntax::rfc2141bis).error();
}

result<urn_view> parse_by_grammar(std::string_view s, syntax syn) noexcept
{
    return by_grammar(s, syn);
}

bool informal_namespace_name(std::string_view nid) noexcept
{
    g::error_slot slot;
    return run<g::rfc8141::informal_entry_type>("InformalNamespaceName", nid.data(), nid.data() + nid.size(), slot);
}

} // namespace detail

result<urn_view> parse_urn(std::string_view s, parse_options const& opts) noexcept
{
    auto r = parse(s, opts.syntax);
    // The namespace's rule runs on the NSS of a URN the generic syntax
    // accepted; its fault's offset is made relative to the whole input.
    if (r && opts.registry) {
        if (auto f = nss::validate(*opts.registry, *r))
            return parse_error{make_error_code(error::nss_rejected), f->offset, f->expected,
                               opts.syntax};
    }
    return r;
}

result<urn_view> parse_urn(std::string_view s, syntax syn) noexcept
{
    return parse(s, syn);
}

result<urn> urn::parse(std::string_view s, parse_options const& opts)
{
    auto r = parse_urn(s, opts);
    if (!r)
        return r.error();
    return result<urn>(boost::system::in_place_value, *r);
}

result<urn> urn::parse(std::string_view s, urns::syntax syn)
{
    auto r = parse_urn(s, syn);
    if (!r)
        return r.error();
    // Made in place in the result: no move of the urn, and no allocation
    // unless the URN is longer than urn::inline_capacity.
    return result<urn>(boost::system::in_place_value, *r);
}

} // namespace urns
