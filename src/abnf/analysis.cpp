// SPDX-License-Identifier: BSL-1.0
// X3-free: the analyses of a flattened grammar (analysis.hpp), each linear
// in its size.
#include "abnf/analysis.hpp"

#include "abnf/nfa.hpp"

#include <algorithm>
#include <functional>
#include <queue>
#include <utility>

namespace urns {
namespace abnf {
namespace detail {

namespace {

/// The kids of a node: alt and cat their list, rep its kid, ref the
/// body of its rule (when defined).
template <class F>
void for_each_kid(grammar_impl const& g, node const& nd, F f)
{
    switch (nd.kind) {
    case op::alt:
    case op::cat:
        for (std::uint32_t k = 0; k < nd.list.count; ++k)
            f(g.kids[nd.list.first + k]);
        break;
    case op::rep: f(nd.rep.kid); break;
    case op::ref:
        if (nd.ref.target != none && g.rules[nd.ref.target].body != none)
            f(g.rules[nd.ref.target].body);
        break;
    default: break;
    }
}

/// Tarjan's strongly connected components of a graph of `count` vertices
/// (edges(v, f) calls f(w) for each edge v -> w), without recursion. The
/// components come out callees first (a component after every one it
/// reaches); comp[v] is v's component.
template <class Edges>
std::vector<std::uint32_t> components(std::uint32_t count, Edges edges, std::vector<std::vector<std::uint32_t>>& out)
{
    std::vector<std::uint32_t> index(count, none), low(count, 0), comp(count, none);
    std::vector<char> on_stack(count, 0);
    std::vector<std::uint32_t> stack;
    std::vector<std::vector<std::uint32_t>> adj(count);
    for (std::uint32_t v = 0; v < count; ++v)
        edges(v, [&](std::uint32_t w) { adj[v].push_back(w); });
    struct frame {
        std::uint32_t v;
        std::size_t next;
    };
    std::vector<frame> frames;
    std::uint32_t counter = 0;
    for (std::uint32_t root = 0; root < count; ++root) {
        if (index[root] != none)
            continue;
        frames.push_back({root, 0});
        index[root] = low[root] = counter++;
        stack.push_back(root);
        on_stack[root] = 1;
        while (!frames.empty()) {
            frame& f = frames.back();
            std::uint32_t const v = f.v;
            if (f.next < adj[v].size()) {
                std::uint32_t const w = adj[v][f.next++];
                if (index[w] == none) {
                    index[w] = low[w] = counter++;
                    stack.push_back(w);
                    on_stack[w] = 1;
                    frames.push_back({w, 0});
                } else if (on_stack[w]) {
                    low[v] = std::min(low[v], index[w]);
                }
                continue;
            }
            if (low[v] == index[v]) {
                std::vector<std::uint32_t> c;
                std::uint32_t w;
                do {
                    w = stack.back();
                    stack.pop_back();
                    on_stack[w] = 0;
                    comp[w] = static_cast<std::uint32_t>(out.size());
                    c.push_back(w);
                } while (w != v);
                std::sort(c.begin(), c.end());
                out.push_back(std::move(c));
            }
            frames.pop_back();
            if (!frames.empty())
                low[frames.back().v] = std::min(low[frames.back().v], low[v]);
        }
    }
    return comp;
}

/// The rules a node may call at its own start position (none twice in a row).
void first_refs(grammar_impl const& g, std::vector<char> const& nul, std::uint32_t id, std::vector<std::uint32_t>& out)
{
    node const& nd = g.nodes[id];
    switch (nd.kind) {
    case op::ref:
        if (nd.ref.target != none)
            out.push_back(nd.ref.target);
        break;
    case op::alt:
        for (std::uint32_t k = 0; k < nd.list.count; ++k)
            first_refs(g, nul, g.kids[nd.list.first + k], out);
        break;
    case op::cat:
        for (std::uint32_t k = 0; k < nd.list.count; ++k) {
            std::uint32_t const kid = g.kids[nd.list.first + k];
            first_refs(g, nul, kid, out);
            if (!nul[kid])
                break;
        }
        break;
    case op::rep:
        if (nd.rep.max > 0)
            first_refs(g, nul, nd.rep.kid, out);
        break;
    default: break;
    }
}

/// Every rule a node names, anywhere in it.
void all_refs(grammar_impl const& g, std::uint32_t id, std::vector<std::uint32_t>& out)
{
    node const& nd = g.nodes[id];
    switch (nd.kind) {
    case op::ref:
        if (nd.ref.target != none)
            out.push_back(nd.ref.target);
        break;
    case op::alt:
    case op::cat:
        for (std::uint32_t k = 0; k < nd.list.count; ++k)
            all_refs(g, g.kids[nd.list.first + k], out);
        break;
    case op::rep: all_refs(g, nd.rep.kid, out); break;
    default: break;
    }
}

void sort_unique(std::vector<std::uint32_t>& v)
{
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
}

constexpr std::uint64_t state_cap = std::uint64_t(1) << 40;

std::uint64_t sat_add64(std::uint64_t a, std::uint64_t b) { return std::min(state_cap, a + b); }
std::uint64_t sat_mul64(std::uint64_t a, std::uint64_t b)
{
    if (a == 0 || b == 0)
        return 0;
    return a > state_cap / b ? state_cap : std::min(state_cap, a * b);
}

} // namespace

node_users users_of(grammar_impl const& g)
{
    std::size_t const count = g.nodes.size();
    node_users u;
    u.start.assign(count + 1, 0);
    // Who refers to each rule's body: the ref nodes naming the rule.
    auto each_edge = [&](auto f) {
        for (std::uint32_t i = 0; i < count; ++i)
            for_each_kid(g, g.nodes[i], [&](std::uint32_t kid) { f(kid, i); });
    };
    each_edge([&](std::uint32_t kid, std::uint32_t) { ++u.start[kid + 1]; });
    for (std::size_t i = 0; i < count; ++i)
        u.start[i + 1] += u.start[i];
    u.list.resize(u.start[count]);
    std::vector<std::uint32_t> fill(u.start.begin(), u.start.end() - 1);
    each_edge([&](std::uint32_t kid, std::uint32_t user) { u.list[fill[kid]++] = user; });
    return u;
}

namespace {

/** The nodes with a property that holds of a concatenation when it holds
    of all its kids, of an alternation when of one, of a repetition when its
    minimum is 0 or it holds of its kid, of a reference when of the body
    (or `undefined` when the rule has none), and of a terminal as
    `terminal` says: the least fixpoint.
*/
template <class Terminal>
std::vector<char> closure_property(grammar_impl const& g, node_users const& u, Terminal terminal, bool undefined)
{
    std::vector<char> has(g.nodes.size(), 0);
    fixpoint(g, u, [&](std::uint32_t i) {
        if (has[i])
            return false;
        node const& nd = g.nodes[i];
        bool v = false;
        switch (nd.kind) {
        case op::cat:
            v = true;
            for (std::uint32_t k = 0; k < nd.list.count && v; ++k)
                v = has[g.kids[nd.list.first + k]] != 0;
            break;
        case op::alt:
            for (std::uint32_t k = 0; k < nd.list.count && !v; ++k)
                v = has[g.kids[nd.list.first + k]] != 0;
            break;
        case op::rep: v = nd.rep.min == 0 || has[nd.rep.kid]; break;
        case op::ref: {
            bool const defined = nd.ref.target != none && g.rules[nd.ref.target].body != none;
            v = defined ? has[g.rules[nd.ref.target].body] != 0 : undefined;
            break;
        }
        default: v = terminal(nd); break;
        }
        has[i] = v;
        return v;
    });
    return has;
}

} // namespace

std::vector<char> nullable_nodes(grammar_impl const& g, node_users const& u)
{
    return closure_property(g, u, [&](node const& nd) { return nd.kind == op::str && g.strs[nd.str.text].empty(); },
                            false);
}

std::vector<char> productive_nodes(grammar_impl const& g, node_users const& u)
{
    // Prose is reported as prose, not as a rule that never matches.
    return closure_property(g, u, [](node const&) { return true; }, true);
}

std::vector<std::uint32_t> min_lengths(grammar_impl const& g, node_users const& u)
{
    // Knuth's generalization of Dijkstra's algorithm (1977): every node's
    // length is a monotone function of its kids' at least as large as each
    // (a sum, a minimum, a multiple, a copy), so taking the smallest
    // tentative value first fixes each node once.
    std::size_t const count = g.nodes.size();
    std::vector<std::uint32_t> len(count, none);
    std::vector<char> fixed(count, 0);
    std::vector<std::uint32_t> left(count, 0);      // cat: kids not yet fixed
    std::vector<std::uint64_t> sum(count, 0);       // cat: the fixed kids' lengths
    using item = std::pair<std::uint64_t, std::uint32_t>;
    std::priority_queue<item, std::vector<item>, std::greater<item>> heap;
    auto cap = [](std::uint64_t v) { return v >= none ? std::uint64_t(none) : v; };
    for (std::uint32_t i = 0; i < count; ++i) {
        node const& nd = g.nodes[i];
        switch (nd.kind) {
        case op::bytes: heap.push({1, i}); break;
        case op::str: heap.push({g.strs[nd.str.text].size(), i}); break;
        case op::utf8: heap.push({utf8_len(nd.utf8.lo), i}); break;
        case op::cat:
            left[i] = nd.list.count;
            if (nd.list.count == 0)
                heap.push({0, i});
            break;
        case op::rep:
            if (nd.rep.min == 0)
                heap.push({0, i});
            break;
        default: break;  // alt, ref: from a kid; prose: never
        }
    }
    while (!heap.empty()) {
        auto const [v, i] = heap.top();
        heap.pop();
        if (fixed[i] || v >= none)
            continue;
        fixed[i] = 1;
        len[i] = static_cast<std::uint32_t>(v);
        for (std::uint32_t k = u.start[i]; k < u.start[i + 1]; ++k) {
            std::uint32_t const user = u.list[k];
            if (fixed[user])
                continue;
            node const& nd = g.nodes[user];
            switch (nd.kind) {
            case op::cat:
                sum[user] += v;
                if (--left[user] == 0)
                    heap.push({cap(sum[user]), user});
                break;
            case op::alt:
            case op::ref: heap.push({v, user}); break;
            case op::rep: heap.push({cap(std::uint64_t(nd.rep.min) * v), user}); break;
            default: break;
            }
        }
    }
    return len;
}

std::vector<recursion_cycle> left_recursion(grammar_impl const& g, std::vector<char> const& nullable)
{
    auto const count = static_cast<std::uint32_t>(g.rules.size());
    std::vector<std::vector<std::uint32_t>> firsts(count);
    for (std::uint32_t r = 0; r < count; ++r)
        if (g.rules[r].body != none) {
            first_refs(g, nullable, g.rules[r].body, firsts[r]);
            sort_unique(firsts[r]);
        }
    std::vector<std::vector<std::uint32_t>> comps;
    std::vector<std::uint32_t> const comp = components(count, [&](std::uint32_t v, auto f) {
        for (std::uint32_t w : firsts[v])
            f(w);
    }, comps);
    std::vector<recursion_cycle> out;
    for (auto const& c : comps) {
        std::uint32_t const first = c.front();  // the first rule defined
        bool const cyclic = c.size() > 1 || std::binary_search(firsts[first].begin(), firsts[first].end(), first);
        if (!cyclic)
            continue;
        // A shortest path back to `first` inside the component (breadth first).
        std::vector<std::uint32_t> parent(count, none);
        std::vector<std::uint32_t> queue{first};
        std::uint32_t last = none;
        for (std::size_t q = 0; q < queue.size() && last == none; ++q) {
            std::uint32_t const v = queue[q];
            for (std::uint32_t w : firsts[v]) {
                if (comp[w] != comp[first])
                    continue;
                if (w == first) {
                    last = v;
                    break;
                }
                if (parent[w] == none) {
                    parent[w] = v;
                    queue.push_back(w);
                }
            }
        }
        recursion_cycle cyc;
        cyc.rules = c.size();
        for (std::uint32_t v = last; v != first && v != none; v = parent[v])
            cyc.path.push_back(v);
        cyc.path.push_back(first);
        std::reverse(cyc.path.begin(), cyc.path.end());
        out.push_back(std::move(cyc));
    }
    return out;
}

std::string describe(grammar_impl const& g, recursion_cycle const& c)
{
    constexpr std::size_t shown = 4;
    std::string s = "left recursion: ";
    for (std::size_t i = 0; i < c.path.size() && i < shown; ++i)
        s += g.rules[c.path[i]].name + " -> ";
    if (c.path.size() > shown)
        s += "... (" + std::to_string(c.path.size() - shown) + " more) -> ";
    s += g.rules[c.path.front()].name;
    if (c.rules > c.path.size())
        s += " (one of " + std::to_string(c.rules) + " mutually left-recursive rules)";
    return s;
}

std::uint64_t utf8_states(std::uint32_t lo, std::uint32_t hi)
{
    std::vector<utf8_sequence> seqs;
    utf8_sequences(lo, hi, seqs);
    std::uint64_t n = seqs.size() > 1 ? 1 : 0;  // the split between them
    for (auto const& s : seqs)
        n += s.len;
    return seqs.empty() ? 1 : n;  // none: a byte state that never matches
}

std::vector<rule_facts> rule_facts_of(grammar_impl const& g)
{
    auto const count = static_cast<std::uint32_t>(g.rules.size());
    std::vector<rule_facts> facts(count);
    std::vector<std::vector<std::uint32_t>> refs(count);
    for (std::uint32_t r = 0; r < count; ++r)
        if (g.rules[r].body != none) {
            all_refs(g, g.rules[r].body, refs[r]);
            sort_unique(refs[r]);
        }
    std::vector<std::vector<std::uint32_t>> comps;
    components(count, [&](std::uint32_t v, auto f) {
        for (std::uint32_t w : refs[v])
            f(w);
    }, comps);
    // Components come callees first: a rule's callees are settled before it.
    std::vector<std::uint64_t> size(g.nodes.size(), 0);
    std::vector<std::uint32_t> depth(g.nodes.size(), 0);
    for (auto const& c : comps) {
        bool const recursive = c.size() > 1 || std::binary_search(refs[c[0]].begin(), refs[c[0]].end(), c[0]);
        for (std::uint32_t r : c) {
            bool regular = !recursive && g.rules[r].body != none;
            for (std::uint32_t w : refs[r])
                regular = regular && facts[w].regular;
            facts[r].regular = regular;
            if (!regular)
                continue;
            // The automaton's states (nfa.cpp): nodes of one body are
            // flattened kids first, so one pass in index order from the
            // body's first node settles them (a body's nodes are contiguous).
            std::uint32_t const body = g.rules[r].body;
            std::uint32_t from = body;
            while (from > 0 && g.nodes[from - 1].rule == r)
                --from;
            for (std::uint32_t i = from; i <= body; ++i) {
                node const& nd = g.nodes[i];
                std::uint64_t s = 0;
                std::uint32_t d = 0;
                switch (nd.kind) {
                case op::bytes:
                case op::prose: s = 1; break;
                case op::str: s = g.strs[nd.str.text].size(); break;
                case op::utf8: s = utf8_states(nd.utf8.lo, nd.utf8.hi); break;
                case op::cat:
                case op::alt:
                    s = nd.kind == op::alt ? 1 : 0;
                    for (std::uint32_t k = 0; k < nd.list.count; ++k) {
                        std::uint32_t const kid = g.kids[nd.list.first + k];
                        s = sat_add64(s, size[kid]);
                        d = std::max(d, depth[kid]);
                    }
                    break;
                case op::rep: {
                    std::uint64_t const k = size[nd.rep.kid];
                    s = sat_mul64(nd.rep.min, k);
                    s = sat_add64(s, nd.rep.max == unbounded ? 1 + k : sat_mul64(nd.rep.max - nd.rep.min, 1 + k));
                    d = depth[nd.rep.kid];
                    break;
                }
                case op::ref:
                    s = sat_add64(2, facts[nd.ref.target].states);
                    d = facts[nd.ref.target].depth + 1;
                    break;
                }
                size[i] = s;
                depth[i] = d;
            }
            facts[r].states = sat_add64(size[body], 1);  // and the final state
            facts[r].depth = depth[body];
        }
    }
    return facts;
}

} // namespace detail
} // namespace abnf
} // namespace urns
