// SPDX-License-Identifier: BSL-1.0
// X3-free: subset construction over byte classes, Hopcroft's minimization,
// and the reverse automaton (dfa.hpp).
#include "abnf/dfa.hpp"

#include <algorithm>
#include <map>
#include <unordered_map>
#include <utility>

namespace urns {
namespace abnf {
namespace detail {

namespace {

struct vector_hash {
    std::size_t operator()(std::vector<std::uint32_t> const& v) const noexcept
    {
        std::uint64_t h = 0xcbf29ce484222325ull ^ v.size();
        for (std::uint32_t x : v) {
            h ^= x;
            h *= 0x100000001b3ull;
        }
        return static_cast<std::size_t>(h ^ (h >> 29));
    }
};

using interner = std::unordered_map<std::vector<std::uint32_t>, std::uint32_t, vector_hash>;

/// member[set * classes + class]: whether the set holds the class's bytes.
std::vector<char> membership(std::vector<byte_set> const& sets, byte_classes const& cls)
{
    std::vector<char> m(sets.size() * cls.count, 0);
    for (std::size_t s = 0; s < sets.size(); ++s)
        for (std::uint32_t c = 0; c < cls.count; ++c)
            m[s * cls.count + c] = has(sets[s], cls.example[c]) ? 1 : 0;
    return m;
}

/** Hopcroft's algorithm on a refinable partition: the coarsest partition
    of the states, finer than `initial` (a block number per state), that
    the transitions respect. Returns each state's block.
*/
std::vector<std::uint32_t> minimize(std::uint32_t n, std::uint32_t k, std::vector<std::uint32_t> const& delta,
                                    std::vector<std::uint32_t> const& initial)
{
    // Sources of each (target, class), compressed rows.
    std::vector<std::uint32_t> inv_start(std::size_t(n) * k + 1, 0), inv;
    for (std::uint32_t s = 0; s < n; ++s)
        for (std::uint32_t c = 0; c < k; ++c)
            ++inv_start[std::size_t(delta[std::size_t(s) * k + c]) * k + c + 1];
    for (std::size_t i = 1; i < inv_start.size(); ++i)
        inv_start[i] += inv_start[i - 1];
    inv.resize(inv_start.back());
    {
        std::vector<std::uint32_t> fill(inv_start.begin(), inv_start.end() - 1);
        for (std::uint32_t s = 0; s < n; ++s)
            for (std::uint32_t c = 0; c < k; ++c)
                inv[fill[std::size_t(delta[std::size_t(s) * k + c]) * k + c]++] = s;
    }
    // The partition: elems grouped by block, [first, end) each.
    std::vector<std::uint32_t> elems(n), loc(n), blk(n);
    for (std::uint32_t s = 0; s < n; ++s)
        elems[s] = s;
    std::stable_sort(elems.begin(), elems.end(), [&](std::uint32_t a, std::uint32_t b) { return initial[a] < initial[b]; });
    std::vector<std::uint32_t> first, end, marked;
    for (std::uint32_t i = 0; i < n; ++i) {
        if (i == 0 || initial[elems[i]] != initial[elems[i - 1]]) {
            first.push_back(i);
            end.push_back(i);
            marked.push_back(0);
        }
        std::uint32_t const b = static_cast<std::uint32_t>(first.size() - 1);
        blk[elems[i]] = b;
        loc[elems[i]] = i;
        end[b] = i + 1;
    }
    std::vector<std::pair<std::uint32_t, std::uint32_t>> work;
    std::vector<char> in_work;
    auto enqueue = [&](std::uint32_t b, std::uint32_t c) {
        if (in_work.size() < (std::size_t(b) + 1) * k)
            in_work.resize((std::size_t(b) + 1) * k, 0);
        if (!in_work[std::size_t(b) * k + c]) {
            in_work[std::size_t(b) * k + c] = 1;
            work.push_back({b, c});
        }
    };
    for (std::uint32_t b = 0; b < first.size(); ++b)
        for (std::uint32_t c = 0; c < k; ++c)
            enqueue(b, c);
    std::vector<std::uint32_t> touched, splitter;
    while (!work.empty()) {
        auto const [a, c] = work.back();
        work.pop_back();
        in_work[std::size_t(a) * k + c] = 0;
        // The states that go into block a on class c.
        splitter.assign(elems.begin() + first[a], elems.begin() + end[a]);
        touched.clear();
        for (std::uint32_t t : splitter)
            for (std::uint32_t i = inv_start[std::size_t(t) * k + c]; i < inv_start[std::size_t(t) * k + c + 1]; ++i) {
                std::uint32_t const s = inv[i];
                std::uint32_t const b = blk[s];
                std::uint32_t const at = first[b] + marked[b];
                if (loc[s] < at)
                    continue;  // already marked
                if (marked[b] == 0)
                    touched.push_back(b);
                // Swap s to the end of b's marked front.
                std::uint32_t const other = elems[at];
                std::swap(elems[loc[s]], elems[at]);
                loc[other] = loc[s];
                loc[s] = at;
                ++marked[b];
            }
        for (std::uint32_t b : touched) {
            std::uint32_t const m = marked[b];
            marked[b] = 0;
            if (m == end[b] - first[b])
                continue;  // the whole block goes into a: no split
            // The marked front becomes a new block.
            auto const nb = static_cast<std::uint32_t>(first.size());
            first.push_back(first[b]);
            end.push_back(first[b] + m);
            marked.push_back(0);
            first[b] += m;
            for (std::uint32_t i = first[nb]; i < end[nb]; ++i)
                blk[elems[i]] = nb;
            std::uint32_t const smaller = end[nb] - first[nb] <= end[b] - first[b] ? nb : b;
            for (std::uint32_t d = 0; d < k; ++d) {
                if (in_work.size() > std::size_t(b) * k + d && in_work[std::size_t(b) * k + d])
                    enqueue(nb, d);
                else
                    enqueue(smaller, d);
            }
        }
    }
    return blk;
}

} // namespace

byte_classes classes_of(std::vector<byte_set> const& sets)
{
    byte_classes out;
    std::size_t const words = (sets.size() + 63) / 64;
    std::map<std::vector<std::uint64_t>, std::uint8_t> seen;
    std::vector<std::uint64_t> key(words);
    for (unsigned b = 0; b < 256; ++b) {
        std::fill(key.begin(), key.end(), 0);
        for (std::size_t s = 0; s < sets.size(); ++s)
            if (has(sets[s], b))
                key[s >> 6] |= std::uint64_t(1) << (s & 63);
        auto const it = seen.find(key);
        if (it != seen.end()) {
            out.of[b] = it->second;
            continue;
        }
        auto const c = static_cast<std::uint8_t>(out.count++);
        seen.emplace(key, c);
        out.of[b] = c;
        out.example[c] = static_cast<std::uint8_t>(b);
    }
    return out;
}

bool build_dfa(nfa const& a, std::size_t max_states, std::size_t max_work, dfa& out)
{
    std::size_t work = 0;
    out = dfa{};
    out.cls = classes_of(a.sets);
    std::uint32_t const k = out.cls.count;
    std::vector<char> const member = membership(a.sets, out.cls);
    epsilon_closure closure(a);

    // Subset construction; raw state 0 is the empty set (dead).
    std::vector<std::vector<std::uint32_t>> raw;
    interner ids;
    auto intern = [&](std::vector<std::uint32_t> const& s) {
        auto const it = ids.find(s);
        if (it != ids.end())
            return it->second;
        auto const id = static_cast<std::uint32_t>(raw.size());
        raw.push_back(s);
        ids.emplace(s, id);
        return id;
    };
    intern({});
    std::vector<std::uint32_t> seeds, set;
    closure({a.start}, set);
    std::uint32_t const raw_start = intern(set);
    std::vector<std::uint32_t> delta;
    for (std::uint32_t s = 0; s < raw.size(); ++s) {
        if (raw.size() > max_states || work > max_work)
            return false;
        for (std::uint32_t c = 0; c < k; ++c) {
            seeds.clear();
            work += raw[s].size() + set.size();
            for (std::uint32_t q : raw[s]) {
                nfa::state const& st = a.states[q];
                if (st.k == nfa::kind::byte && member[std::size_t(st.arg) * k + c])
                    seeds.push_back(st.next);
            }
            closure(seeds, set);
            delta.push_back(intern(set));
        }
    }
    auto const n = static_cast<std::uint32_t>(raw.size());
    if (n > max_states)
        return false;

    // What a failure in each state reports, and acceptance: the initial partition.
    std::vector<std::vector<dfa::terminal>> terms(n);
    std::vector<std::uint32_t> initial(n);
    std::map<std::pair<bool, std::vector<dfa::terminal>>, std::uint32_t> signatures;
    std::vector<char> accept(n, 0);
    for (std::uint32_t s = 0; s < n; ++s) {
        for (std::uint32_t q : raw[s]) {
            nfa::state const& st = a.states[q];
            if (st.k == nfa::kind::match)
                accept[s] = 1;
            else
                terms[s].push_back({st.rule, st.depth, st.arg});
        }
        std::sort(terms[s].begin(), terms[s].end());
        terms[s].erase(std::unique(terms[s].begin(), terms[s].end()), terms[s].end());
        auto const key = std::make_pair(accept[s] != 0, terms[s]);
        auto const it = signatures.find(key);
        initial[s] = it != signatures.end() ? it->second : signatures.emplace(key, static_cast<std::uint32_t>(signatures.size())).first->second;
    }
    std::vector<std::uint32_t> const block = minimize(n, k, delta, initial);

    // Number the blocks: the dead state's 0, then from the start, each
    // chain's states one after another (a chain state has one next block
    // but the dead state's, not itself), the rest breadth first.
    std::uint32_t blocks = 0;
    for (std::uint32_t b : block)
        blocks = std::max(blocks, b + 1);
    std::vector<std::uint32_t> number(blocks, none), rep(blocks, none);
    for (std::uint32_t s = 0; s < n; ++s)
        if (rep[block[s]] == none)
            rep[block[s]] = s;
    std::uint32_t const dead = block[0];
    auto successor = [&](std::uint32_t b) {  // a chain block's next block, else none
        std::uint32_t only = none;
        for (std::uint32_t c = 0; c < k; ++c) {
            std::uint32_t const t = block[delta[std::size_t(rep[b]) * k + c]];
            if (t == dead)
                continue;
            if (t == b || (only != none && only != t))
                return none;
            only = t;
        }
        return only;
    };
    std::vector<std::uint32_t> order{dead}, queue{block[raw_start]};
    number[dead] = 0;
    for (std::size_t q = 0; q < queue.size(); ++q) {
        for (std::uint32_t b = queue[q]; b != none && number[b] == none;) {
            number[b] = static_cast<std::uint32_t>(order.size());
            order.push_back(b);
            for (std::uint32_t c = 0; c < k; ++c)
                queue.push_back(block[delta[std::size_t(rep[b]) * k + c]]);
            b = successor(b);
        }
    }
    out.count = static_cast<std::uint32_t>(order.size());
    out.start = number[block[raw_start]];
    while ((1u << out.shift) < k)
        ++out.shift;
    out.next.assign(std::size_t(out.count) << out.shift, 0);
    out.accepting.resize(out.count);
    out.run.assign(out.count, 0);
    out.terms.resize(out.count);
    out.fail.assign(std::size_t(out.count) * k, none);
    out.end_fail.assign(out.count, none);
    out.sets = a.sets;
    for (std::uint32_t ns = 0; ns < out.count; ++ns) {
        std::uint32_t const r = rep[order[ns]];
        out.accepting[ns] = accept[r];
        out.terms[ns] = terms[r];
        for (std::uint32_t c = 0; c < k; ++c) {
            out.next[(std::size_t(ns) << out.shift) + c] = number[block[delta[std::size_t(r) * k + c]]] << out.shift;
            for (dfa::terminal const& t : terms[r])
                if (!member[std::size_t(t.set) * k + c])
                    out.fail[std::size_t(ns) * k + c] = std::min(out.fail[std::size_t(ns) * k + c], t.depth);
        }
        for (dfa::terminal const& t : terms[r]) {
            out.end_fail[ns] = std::min(out.end_fail[ns], t.depth);
            out.max_depth = std::max(out.max_depth, t.depth);
        }
    }
    for (std::uint32_t ns = out.count; ns-- > 1;) {
        std::uint32_t const b = successor(order[ns]);
        if (b != none && number[b] == ns + 1)
            out.run[ns] = 1 + out.run[ns + 1];
    }
    for (std::uint32_t ns = 1; ns < out.count; ++ns) {
        bool stays = out.accepting[ns] != 0;
        for (std::uint32_t c = 0; c < k && stays; ++c)
            stays = out.next[(std::size_t(ns) << out.shift) + c] == ns << out.shift;
        if (stays)
            out.accepting[ns] = 2;
    }
    if (k <= 64) {
        out.dies.assign(out.count, 0);
        for (std::uint32_t ns = 0; ns < out.count; ++ns)
            for (std::uint32_t c = 0; c < k; ++c)
                if (out.next[(std::size_t(ns) << out.shift) + c] == 0)
                    out.dies[ns] |= std::uint64_t(1) << c;
        for (std::uint32_t& e : out.next)
            if (e == 0 || out.run[e >> out.shift] >= dfa::min_chain || out.accepting[e >> out.shift] == 2)
                e |= dfa::chain_flag;
    }
    return true;
}

bool build_reverse_dfa(nfa const& a, std::size_t max_states, std::size_t max_work, reverse_dfa& out)
{
    std::size_t work = 0;
    out = reverse_dfa{};
    out.cls = classes_of(a.sets);
    std::uint32_t const k = out.cls.count;
    auto const m = static_cast<std::uint32_t>(a.states.size());
    out.words = (m + 63) / 64;
    std::vector<char> const member = membership(a.sets, out.cls);
    // Epsilon predecessors, and the byte states of each class.
    std::vector<std::vector<std::uint32_t>> pred(m);
    std::vector<std::vector<std::uint32_t>> by_class(k);
    for (std::uint32_t q = 0; q < m; ++q) {
        nfa::state const& s = a.states[q];
        switch (s.k) {
        case nfa::kind::byte:
            for (std::uint32_t c = 0; c < k; ++c)
                if (member[std::size_t(s.arg) * k + c])
                    by_class[c].push_back(q);
            break;
        case nfa::kind::split:
            for (std::uint32_t e = s.arg; e < s.arg + s.count; ++e)
                pred[a.edges[e]].push_back(q);
            break;
        case nfa::kind::match: break;
        default: pred[s.next].push_back(q); break;
        }
    }
    std::vector<std::vector<std::uint32_t>> cores;
    interner ids;
    std::vector<std::uint32_t> stack;
    auto intern = [&](std::vector<std::uint32_t> const& core) {
        auto const it = ids.find(core);
        if (it != ids.end())
            return it->second;
        auto const id = static_cast<std::uint32_t>(cores.size());
        cores.push_back(core);
        ids.emplace(core, id);
        // Its live set: the core and what reaches it by epsilon moves.
        std::size_t const base = out.live.size();
        out.live.resize(base + out.words, 0);
        stack.assign(core.begin(), core.end());
        while (!stack.empty()) {
            std::uint32_t const q = stack.back();
            stack.pop_back();
            std::uint64_t& w = out.live[base + (q >> 6)];
            std::uint64_t const bit = std::uint64_t(1) << (q & 63);
            if (w & bit)
                continue;
            w |= bit;
            for (std::uint32_t p : pred[q])
                stack.push_back(p);
        }
        return id;
    };
    intern({});
    out.start = intern({a.accept});
    std::vector<std::uint32_t> core;
    for (std::uint32_t s = 0; s < cores.size(); ++s) {
        if (cores.size() > max_states || work > max_work)
            return false;
        for (std::uint32_t c = 0; c < k; ++c) {
            core.clear();
            work += by_class[c].size() + out.words;
            for (std::uint32_t q : by_class[c])
                if (out.has(s, a.states[q].next))
                    core.push_back(q);
            out.next.push_back(intern(core));
        }
    }
    out.count = static_cast<std::uint32_t>(cores.size());
    return out.count <= max_states;
}

} // namespace detail
} // namespace abnf
} // namespace urns
