// SPDX-License-Identifier: BSL-1.0
// Internal, X3-free: what compile.cpp works out about a flattened grammar.
// Each analysis is a worklist over the nodes' users (or a pass over the
// rules in the order of their strongly connected components), so that it
// costs time linear in the grammar's size whatever order the rules are
// written in (a chain of 100,000 rules, each naming the next, included).
#ifndef URNS_SRC_ABNF_ANALYSIS_HPP
#define URNS_SRC_ABNF_ANALYSIS_HPP

#include "abnf/flat.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace urns {
namespace abnf {
namespace detail {

/// The nodes that use each node: its parent, and for a rule's body every
/// reference to the rule (compressed rows: users of i are
/// list[start[i], start[i + 1])).
struct node_users {
    std::vector<std::uint32_t> start, list;
};
node_users users_of(grammar_impl const& g);

/// Runs `recompute(i)` (true when node i's value changed) until nothing
/// changes: first every node in order (kids come before their parents),
/// then the users of each node that changed.
template <class F>
void fixpoint(grammar_impl const& g, node_users const& u, F recompute)
{
    std::size_t const count = g.nodes.size();
    std::vector<std::uint32_t> work;
    std::vector<char> queued(count, 0);
    auto changed = [&](std::uint32_t i) {
        for (std::uint32_t k = u.start[i]; k < u.start[i + 1]; ++k) {
            std::uint32_t const user = u.list[k];
            if (!queued[user]) {
                queued[user] = 1;
                work.push_back(user);
            }
        }
    };
    for (std::uint32_t i = 0; i < count; ++i)
        if (recompute(i))
            changed(i);
    while (!work.empty()) {
        std::uint32_t const i = work.back();
        work.pop_back();
        queued[i] = 0;
        if (recompute(i))
            changed(i);
    }
}


/// Per node: whether it can match the empty string.
std::vector<char> nullable_nodes(grammar_impl const& g, node_users const& u);

/// Per node: whether it has a finite derivation (matches some string).
std::vector<char> productive_nodes(grammar_impl const& g, node_users const& u);

/// Per node: the length of its shortest string (none: it has none).
std::vector<std::uint32_t> min_lengths(grammar_impl const& g, node_users const& u);

/// A cycle of left recursion: the rules of one strongly connected
/// component of "calls at its own start", as a path back to the first.
struct recursion_cycle {
    std::vector<std::uint32_t> path;  ///< first rule, ..., the rule that calls the first
    std::size_t rules = 0;            ///< the component's size
};
std::vector<recursion_cycle> left_recursion(grammar_impl const& g, std::vector<char> const& nullable);

/// "left recursion: a -> b -> a", at most a few names of a long cycle.
std::string describe(grammar_impl const& g, recursion_cycle const& c);

/// Per rule: whether its language is regular (rule_facts) and the size
/// of its automaton.
std::vector<rule_facts> rule_facts_of(grammar_impl const& g);

/// The states nfa.cpp makes for one utf8 node (its byte sequences).
std::uint64_t utf8_states(std::uint32_t lo, std::uint32_t hi);

} // namespace detail
} // namespace abnf
} // namespace urns

#endif
