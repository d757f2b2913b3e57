// SPDX-License-Identifier: BSL-1.0
// X3-free: matching a regular rule with its automata (automaton.hpp).
#include "abnf/automaton.hpp"

#include <algorithm>
#include <map>

namespace urns {
namespace abnf {
namespace detail {

std::unique_ptr<automaton> build_automaton(grammar_impl const& g, std::uint32_t rule)
{
    if (rule >= g.facts.size() || !g.facts[rule].regular || g.facts[rule].states > automaton_budget::nfa_states)
        return nullptr;
    auto a = std::make_unique<automaton>();
    a->rule = rule;
    if (!build_nfa(g, rule, automaton_budget::nfa_states, a->thompson))
        return nullptr;
    a->grammar = &g;
    a->deterministic = build_dfa(a->thompson, automaton_budget::dfa_states, automaton_budget::dfa_work, a->forward) &&
                       3 * a->forward.next.size() * sizeof(std::uint32_t) <= automaton_budget::dfa_bytes;
    if (!a->deterministic) {
        a->forward = dfa{};
        return a;
    }
    // The names of each failure known where the match stops: a terminal of
    // the state fails there at its first byte (or none is left, and the
    // input could have ended).
    dfa const& d = a->forward;
    std::uint32_t const k = d.cls.count;
    std::map<std::pair<std::vector<std::uint32_t>, bool>, std::uint32_t> seen;
    auto list_of = [&](std::vector<std::uint32_t> rules, bool end) {
        std::sort(rules.begin(), rules.end());
        rules.erase(std::unique(rules.begin(), rules.end()), rules.end());
        auto const key = std::make_pair(rules, end);
        auto const it = seen.find(key);
        if (it != seen.end())
            return it->second;
        auto const i = static_cast<std::uint32_t>(a->ready_lists.size());
        a->ready_lists.push_back(g.names_of(rules, end));
        seen.emplace(key, i);
        return i;
    };
    a->ready.assign(std::size_t(d.count) * k, none);
    a->ready_end.assign(d.count, none);
    std::vector<std::uint32_t> rules;
    for (std::uint32_t st = 1; st < d.count; ++st) {
        for (std::uint32_t c = 0; c < k; ++c) {
            std::uint32_t const f = d.fail[std::size_t(st) * k + c];
            if (f != 0 && !(f == none && d.accepting[st]))
                continue;
            rules.clear();
            for (auto const& t : d.terms[st])
                if (t.depth == 0 && !has(d.sets[t.set], d.cls.example[c]))
                    rules.push_back(t.rule);
            a->ready[std::size_t(st) * k + c] = list_of(rules, d.accepting[st] != 0);
        }
        if (d.end_fail[st] == 0) {
            rules.clear();
            for (auto const& t : d.terms[st])
                if (t.depth == 0)
                    rules.push_back(t.rule);
            a->ready_end[st] = list_of(rules, false);
        }
    }
    return a;
}

reverse_dfa const* automaton::reverse() const
{
    std::call_once(reverse_once, [this] {
        auto r = std::make_unique<reverse_dfa>();
        if (build_reverse_dfa(thompson, automaton_budget::dfa_states, automaton_budget::dfa_work, *r) &&
            r->live.size() * sizeof(std::uint64_t) + r->next.size() * sizeof(std::uint32_t) <= automaton_budget::dfa_bytes)
            reverse_ = std::move(r);
    });
    return reverse_.get();
}

bool automaton::simulate(unsigned char const* in, std::size_t n, failure* f) const noexcept
{
    try {
        epsilon_closure closure(thompson);
        std::vector<std::uint32_t> cur, seeds;
        closure({thompson.start}, cur);
        bool any = false;
        auto record = [&](std::size_t at, std::uint32_t rule, bool end) {
            if (!any || at > f->offset) {
                any = true;
                f->offset = at;
                f->rules.clear();
                f->end = false;
            }
            if (at != f->offset)
                return;
            if (end)
                f->end = true;
            else
                f->rules.push_back(rule);
        };
        bool read = false;  // the whole input, with states left
        for (std::size_t p = 0;; ++p) {
            if (f)
                for (std::uint32_t q : cur) {
                    nfa::state const& st = thompson.states[q];
                    if (st.k == nfa::kind::byte && (p == n || !has(thompson.sets[st.arg], in[p])))
                        record(p - st.depth, st.rule, false);
                    else if (st.k == nfa::kind::match && p < n)
                        record(p, 0, true);
                }
            if (p == n) {
                read = true;
                break;
            }
            seeds.clear();
            for (std::uint32_t q : cur) {
                nfa::state const& st = thompson.states[q];
                if (st.k == nfa::kind::byte && has(thompson.sets[st.arg], in[p]))
                    seeds.push_back(st.next);
            }
            closure(seeds, cur);
            if (cur.empty())
                break;
        }
        if (f) {
            std::sort(f->rules.begin(), f->rules.end());
            f->rules.erase(std::unique(f->rules.begin(), f->rules.end()), f->rules.end());
        }
        return read && std::binary_search(cur.begin(), cur.end(), thompson.accept);
    } catch (...) {
        return false;
    }
}

automaton::diagnosis automaton::diagnose(unsigned char const* in, std::size_t n) const
{
    diagnosis out;
    if (!deterministic) {
        failure f;
        out.matched = simulate(in, n, &f);
        if (!out.matched) {
            out.offset = f.offset;
            out.expected = grammar->names_of(f.rules, f.end);
        }
        return out;
    }
    // Where the match stops: a byte of no way on, or the end. Chains are
    // checked whole first, as matches() does, and byte by byte only where
    // one fails. The states of the last max_depth + 1 positions are kept:
    // the farthest failure is among them.
    std::uint32_t const k = forward.cls.count;
    std::size_t const w = forward.max_depth + 1;
    std::size_t mask = 1;  // the ring's size less one, a power of two: no division a byte
    while (mask < w)
        mask = mask << 1 | 1;
    thread_local std::vector<std::uint32_t> ring;  // ring[q & mask]: the state at position q
    if (ring.size() < mask + 1)
        ring.resize(mask + 1);
    std::uint32_t s = forward.start;
    std::size_t p = 0;
    ring[0] = s;
    // The farthest failure so far: where a terminal tried at a byte failed
    // (d bytes into it: d before), or where the input could have ended.
    bool any = false;
    std::size_t far = 0;
    auto failed_at = [&](std::size_t at) {
        if (!any || at > far) {
            far = at;
            any = true;
        }
    };
    auto step_one = [&]() {
        std::uint32_t const d = forward.fail[std::size_t(s) * k + forward.cls.of[in[p]]];
        if (d != none)
            failed_at(p - d);
        if (forward.accepting[s])
            failed_at(p);
        return forward.step(s, in[p]);
    };
    while (p < n) {
        std::uint32_t const chain = forward.dies.empty() ? 0 : forward.run[s];
        std::size_t m = 1;  // bytes to step one by one
        if (chain >= dfa::min_chain) {
            m = std::min<std::size_t>(chain, n - p);
            std::uint64_t dead = 0;
            for (std::size_t j = 0; j < m; ++j)
                dead |= forward.dies[s + j] >> forward.cls.of[in[p + j]];
            if (!(dead & 1)) {
                // A chain's states follow one another. One of each state's
                // terminals matched; others may have failed there.
                for (std::size_t j = m > w ? m - w : 0; j < m; ++j)
                    ring[(p + j + 1) & mask] = s + static_cast<std::uint32_t>(j + 1);
                for (std::size_t j = 0; j < m; ++j) {
                    std::uint32_t const d = forward.fail[std::size_t(s + j) * k + forward.cls.of[in[p + j]]];
                    if (d != none)
                        failed_at(p + j - d);
                    if (forward.accepting[s + j])
                        failed_at(p + j);
                }
                s += static_cast<std::uint32_t>(m);
                p += m;
                continue;
            }
        }
        std::size_t const stop = p + m;
        for (; p < stop; ++p) {
            std::uint32_t const t = step_one();
            if (t == 0)
                break;
            s = t;
            ring[(p + 1) & mask] = s;
        }
        if (p < stop)
            break;  // died at p
    }
    if (p == n && forward.accepting[s]) {
        out.matched = true;
        return out;
    }
    // Known when the automaton was built: a terminal fails here at its first byte.
    std::uint32_t const l = p < n ? ready[std::size_t(s) * k + forward.cls.of[in[p]]] : ready_end[s];
    if (l != none) {
        out.offset = p;
        out.expected = ready_lists[l];
        return out;
    }
    // Else the farthest failure found on the way, and what failed there:
    // the terminals tried at far + depth (the states of the window).
    if (p == n && forward.end_fail[s] != none)
        failed_at(n - forward.end_fail[s]);
    std::size_t const from = p + 1 > w ? p + 1 - w : 0;
    thread_local std::vector<std::uint32_t> rules;
    rules.clear();
    bool end = false;
    for (std::size_t q = std::max(far, from); q <= p && q <= far + forward.max_depth; ++q) {
        std::uint32_t const st = ring[q & mask];
        if (q == far && q < n && forward.accepting[st])
            end = true;
        auto const& terms = forward.terms[st];
        auto const depth = static_cast<std::uint32_t>(q - far);
        auto it = std::lower_bound(terms.begin(), terms.end(), depth,
                                   [](dfa::terminal const& t, std::uint32_t d) { return t.depth < d; });
        for (; it != terms.end() && it->depth == depth; ++it)
            if (q == n || !has(forward.sets[it->set], in[q]))
                rules.push_back(it->rule);
    }
    out.offset = far;
    out.expected = grammar->names_of(rules, end);
    return out;
}

bool automaton::spans(unsigned char const* in, std::size_t n, std::vector<char> const& want, std::size_t depth0,
                      std::vector<span>& out, grammar_impl const& g) const
{
    reverse_dfa const* const rev = reverse();
    if (!rev)
        return false;
    // Backward: at[p] is the reverse automaton's state after reading the
    // input from its end down to p: the states the rest can be matched from.
    std::uint32_t const k = rev->cls.count;
    std::vector<std::uint32_t> at(n + 1);
    at[n] = rev->start;
    for (std::size_t p = n; p-- > 0;)
        at[p] = rev->next[std::size_t(at[p + 1]) * k + rev->cls.of[in[p]]];
    if (!rev->has(at[0], thompson.start))
        return false;
    // Forward: follow the one way on at each choice; two ways on mean two
    // derivations, which the evaluator chooses between.
    std::size_t const base = out.size();
    std::vector<std::size_t> open;
    std::size_t p = 0, moves = 0;
    std::uint32_t q = thompson.start;
    for (;;) {
        if (++moves > thompson.states.size()) {
            out.resize(base);  // a loop of empty moves: two derivations
            return false;
        }
        nfa::state const& st = thompson.states[q];
        switch (st.k) {
        case nfa::kind::byte:
            ++p;
            q = st.next;
            moves = 0;
            break;
        case nfa::kind::match:
            return p == n;
        case nfa::kind::enter:
            if (want[st.arg]) {
                open.push_back(out.size());
                out.push_back({g.rules[st.arg].name, p, p, depth0 + open.size() - 1});
            }
            q = st.next;
            break;
        case nfa::kind::exit:
            if (want[st.arg]) {
                out[open.back()].end = p;
                open.pop_back();
            }
            q = st.next;
            break;
        case nfa::kind::eps: q = st.next; break;
        case nfa::kind::split: {
            std::uint32_t chosen = none;
            for (std::uint32_t e = st.arg; e < st.arg + st.count; ++e) {
                std::uint32_t const t = thompson.edges[e];
                if (!rev->has(at[p], t))
                    continue;
                if (chosen != none) {
                    out.resize(base);
                    return false;
                }
                chosen = t;
            }
            if (chosen == none) {
                out.resize(base);
                return false;
            }
            q = chosen;
            break;
        }
        }
    }
}

} // namespace detail
} // namespace abnf
} // namespace urns
