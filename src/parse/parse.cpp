// SPDX-License-Identifier: BSL-1.0
// The parse path's glue: the one place that runs the grammars (X3) and
// turns their spans into urn_views, after the scan of the commonest URNs
// (src/parse/scan.hpp) and the learnt errors of the commonest faults
// (src/parse/learnt_errors.hpp). docs/fast-path.md explains the design.
#include <urns/nss/registry.hpp>
#include <urns/parse.hpp>
#include <urns/urn.hpp>

#include "grammar/ast_adapted.hpp"
#include <urns/grammar/config.hpp>
#include "grammar/rfc2141.hpp"
#include "grammar/rfc2141bis.hpp"
#include "grammar/rfc8141.hpp"

#include "parse/grammar_entry.hpp"
#include "parse/learnt_errors.hpp"
#include "parse/scan.hpp"
#include "parse/view_access.hpp"

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
    more.note_dropped(slot.more_dropped);
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

namespace fast = detail::fast;

/// The tables, by syntax, in static storage (zero until learnt): their
/// address is a constant, so the lookup waits for one load, not two.
fast::fault_errors tables[3];

/// How the fast path reads a long NSS on this processor. The tables until
/// this file's dynamic initialization: a parse from another file's static
/// initializer before it reads with them, which answer the same.
fast::reading const wide_reading = fast::best_reading();

/// The commonest URNs by the scan (src/parse/scan.hpp), the commonest
/// faults by the learnt errors (src/parse/learnt_errors.hpp), the rest by
/// the grammar. One
/// function for each syntax: the fast path's choices by syntax (its sets,
/// the table of errors) are made when it is compiled, not at each octet.
template <syntax syn>
URNS_ALWAYS_INLINE result<urn_view> parse_as(std::string_view s) noexcept
{
    detail::parts p;
    fast::fault f;
    fast::outcome const o = fast::scan(s, syn, p, f, wide_reading);
    if (o == fast::outcome::simple)
        return result<urn_view>(boost::system::in_place_value, detail::view_access::made(s, p));
    if (o == fast::outcome::fault) {
        if (parse_error const* e = tables[static_cast<unsigned>(syn)].find(syn, f))
            return result<urn_view>(boost::system::in_place_error, fast::at_fault{e, f.at});
    }
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

result<urn_view> parse_rfc2141bis(std::string_view s) noexcept
{
    return parse_as<syntax::rfc2141bis>(s);
}

result<urn_view> parse_rfc2141(std::string_view s) noexcept
{
    return parse_as<syntax::rfc2141>(s);
}

result<urn_view> parse_rfc8141(std::string_view s) noexcept
{
    return parse_as<syntax::rfc8141>(s);
}

result<urn_view> parse_by_grammar(std::string_view s, syntax syn) noexcept
{
    return by_grammar(s, syn);
}

result<urn_view> parse_unknown_syntax(std::string_view s, syntax syn) noexcept
{
    return parse_by_grammar(s, syn);
}

std::optional<parse_error> learnt_fault(std::string_view s, syntax syn) noexcept
{
    detail::parts p;
    fast::fault f;
    if (fast::scan(s, syn, p, f, wide_reading) != fast::outcome::fault || static_cast<unsigned>(syn) >= 3)
        return std::nullopt;
    parse_error const* const e = tables[static_cast<unsigned>(syn)].find(syn, f);
    if (!e)
        return std::nullopt;
    parse_error r = *e;
    r.offset += f.at;
    return r;
}

bool informal_namespace_name(std::string_view nid) noexcept
{
    g::error_slot slot;
    return run<g::rfc8141::informal_entry_type>("InformalNamespaceName", nid.data(), nid.data() + nid.size(), slot);
}

} // namespace detail

result<urn_view> parse_urn(std::string_view s, parse_options const& opts) noexcept
{
    // One result, returned from every path, so that it is made in the
    // caller's place: a copy of a view just written would stall on
    // store-to-load forwarding (it was a tenth of `urn check -q`).
    result<urn_view> r = parse_urn(s, opts.syntax);
    // The namespace's rule runs on the NSS of a URN the generic syntax
    // accepted; its fault's offset is made relative to the whole input.
    if (r && opts.registry) {
        if (auto f = nss::validate(*opts.registry, *r))
            r = parse_error{make_error_code(f->undecided ? error::nss_undecided : error::nss_rejected), f->offset,
                            f->expected, opts.syntax, f->also_expected};
    }
    return r;
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
