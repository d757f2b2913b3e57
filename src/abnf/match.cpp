// SPDX-License-Identifier: BSL-1.0
// X3-free: match(), matches() and matcher: a regular rule with its
// automata (automaton.cpp), any other with the evaluators (evaluator.cpp,
// bit_evaluator.cpp, derive.cpp).
#include "abnf/automaton.hpp"
#include "abnf/derive.hpp"
#include "abnf/evaluator.hpp"
#include "abnf/flat.hpp"

#include <algorithm>

namespace urns {
namespace abnf {

namespace detail {
namespace {

unsigned char const* bytes_of(std::string_view s) noexcept { return reinterpret_cast<unsigned char const*>(s.data()); }

/// The longest input the evaluator takes (positions are 32-bit).
constexpr std::size_t max_evaluated = 0xFFFFFFF0u;

void set_expected(grammar_impl const& g, match_result& res, std::vector<std::uint32_t> const& rules, bool end)
{
    res.expected.reserve(rules.size() + (end ? 1 : 0));
    for (std::uint32_t x : rules)
        res.expected.push_back(g.rules[x].name);
    if (end)
        res.expected.push_back("end of input");
    std::sort(res.expected.begin(), res.expected.end());
    res.expected.erase(std::unique(res.expected.begin(), res.expected.end()), res.expected.end());
}

std::vector<char> wanted(grammar_impl const& g, match_options const& opt)
{
    std::vector<char> want(g.rules.size(), opt.tree ? 1 : 0);
    for (auto const& c : opt.capture) {
        std::uint32_t const k = g.find(c);
        if (k != none)
            want[k] = 1;
    }
    return want;
}

/// The spans of a matched input, from the evaluator (its derivation).
bool evaluator_spans(grammar_impl const& g, std::uint32_t r, std::string_view input, std::vector<char> const& want,
                     match_options const& opt, match_result& res)
{
    if (input.size() >= max_evaluated)
        return false;
    evaluator ev(g, input, limit_for(g, opt.step_limit, input.size()), false, thread_scratch());
    auto const n = static_cast<std::uint32_t>(input.size());
    set_ref const ends = ev.eval(g.rules[r].body, 0);
    std::size_t const depth = res.spans.size();
    bool const ok = !ev.stopped() && ev.contains(ends, n) && derive(g, ev, want, g.rules[r].body, n, depth, res.spans);
    res.steps += ev.steps();
    return ok;
}

match_result match_rule(grammar_impl const& g, std::uint32_t r, automaton const* a, std::string_view input,
                        match_options const& opt)
{
    match_result res;
    // The rules whose spans are asked for (none: no table to make).
    std::vector<char> const want = opt.tree || !opt.capture.empty() ? wanted(g, opt) : std::vector<char>{};
    bool const spans = std::find(want.begin(), want.end(), 1) != want.end();
    if (a) {
        if (!a->matches(bytes_of(input), input.size())) {
            automaton::diagnosis const d = a->diagnose(bytes_of(input), input.size());
            res.state = match_result::status::no_match;
            res.offset = d.offset;
            res.expected.assign(d.expected.data, d.expected.data + d.expected.size);
            return res;
        }
        res.state = match_result::status::matched;
        res.offset = input.size();
        if (!spans)
            return res;
        if (want[r])
            res.spans.push_back({g.rules[r].name, 0, input.size(), 0});
        std::size_t const depth = res.spans.size();
        if (a->spans(bytes_of(input), input.size(), want, depth, res.spans, g))
            return res;
        if (!evaluator_spans(g, r, input, want, opt, res)) {
            res.spans.clear();
            res.spans_undecided = true;
        }
        return res;
    }
    if (input.size() >= max_evaluated) {
        res.state = match_result::status::undecided;
        return res;
    }
    evaluator ev(g, input, limit_for(g, opt.step_limit, input.size()), true, thread_scratch());
    auto const n = static_cast<std::uint32_t>(input.size());
    set_ref const ends = ev.eval(g.rules[r].body, 0);
    if (ev.stopped()) {
        res.state = match_result::status::undecided;
        res.steps = ev.steps();
        return res;
    }
    if (!ev.contains(ends, n)) {
        std::uint32_t const* d = ev.data(ends);
        for (std::uint32_t i = 0; i < ends.len; ++i)
            ev.fail_end(d[i]);
        res.state = match_result::status::no_match;
        res.offset = ev.far_;
        set_expected(g, res, ev.far_rules_, ev.far_end_);
        res.steps = ev.steps();
        return res;
    }
    res.state = match_result::status::matched;
    res.offset = input.size();
    if (spans) {
        std::size_t depth = 0;
        if (want[r]) {
            res.spans.push_back({g.rules[r].name, 0, input.size(), 0});
            depth = 1;
        }
        if (!derive(g, ev, want, g.rules[r].body, n, depth, res.spans)) {
            res.spans.clear();
            res.spans_undecided = true;
        }
    }
    res.steps = ev.steps();
    return res;
}

bool matches_rule(grammar_impl const& g, std::uint32_t r, automaton const* a, std::string_view input) noexcept
{
    try {
        if (a)
            return a->matches(bytes_of(input), input.size());
        if (input.size() >= max_evaluated)
            return false;
        return evaluate(g, g.rules[r].body, input, limit_for(g, 0, input.size())) == decision::yes;
    } catch (...) {
        return false;
    }
}

} // namespace
} // namespace detail

using detail::none;

match_result match(grammar const& g, std::string_view rule, std::string_view input, match_options const& opt)
{
    auto const& impl = g.impl();
    std::uint32_t const r = impl && impl->ok ? impl->find(rule) : none;
    if (r == none) {
        match_result res;
        res.state = match_result::status::no_rule;
        return res;
    }
    return detail::match_rule(*impl, r, impl->automaton_of(r), input, opt);
}

bool matches(grammar const& g, std::string_view rule, std::string_view input) noexcept
{
    try {
        auto const& impl = g.impl();
        if (!impl || !impl->ok)
            return false;
        std::uint32_t const r = impl->find(rule);
        if (r == none)
            return false;
        return detail::matches_rule(*impl, r, impl->automaton_of(r), input);
    } catch (...) {
        return false;
    }
}

matcher::matcher(grammar const& g, std::string_view rule)
{
    auto const& impl = g.impl();
    if (!impl || !impl->ok)
        return;
    std::uint32_t const r = impl->find(rule);
    if (r == none)
        return;
    g_ = g;
    rule_ = r;
    automaton_ = impl->automaton_of(r);
}

std::string_view matcher::rule() const noexcept
{
    return rule_ == no_rule_index ? std::string_view{} : std::string_view(g_.impl()->rules[rule_].name);
}

bool matcher::matches(std::string_view input) const noexcept
{
    if (rule_ == no_rule_index)
        return false;
    if (automaton_)
        return automaton_->matches(detail::bytes_of(input), input.size());
    return detail::matches_rule(*g_.impl(), rule_, nullptr, input);
}

matcher::outcome matcher::check(std::string_view input) const noexcept
{
    outcome out;
    if (rule_ == no_rule_index)
        return out;
    try {
        if (automaton_) {
            auto const* in = detail::bytes_of(input);
            if (automaton_->matches(in, input.size())) {
                out.state = match_result::status::matched;
                out.offset = input.size();
                return out;
            }
            detail::automaton::diagnosis const d = automaton_->diagnose(in, input.size());
            out.state = match_result::status::no_match;
            out.offset = d.offset;
            out.expected = d.expected.data;
            out.expected_count = d.expected.size;
            return out;
        }
        // The evaluator's names, interned in the grammar's store.
        match_result const r = detail::match_rule(*g_.impl(), rule_, nullptr, input, {});
        out.state = r.state;
        out.offset = r.offset;
        if (r.state == match_result::status::no_match) {
            std::vector<std::uint32_t> rules;
            bool end = false;
            for (std::string_view e : r.expected) {
                if (e == "end of input")
                    end = true;
                else
                    rules.push_back(g_.impl()->find(e));
            }
            auto const l = g_.impl()->names_of(rules, end);
            out.expected = l.data;
            out.expected_count = l.size;
        }
        return out;
    } catch (...) {
        outcome undecided;
        undecided.state = match_result::status::undecided;
        return undecided;
    }
}

match_result matcher::match(std::string_view input, match_options const& options) const
{
    if (rule_ == no_rule_index) {
        match_result res;
        res.state = match_result::status::no_rule;
        return res;
    }
    return detail::match_rule(*g_.impl(), rule_, automaton_, input, options);
}

} // namespace abnf
} // namespace urns
