// SPDX-License-Identifier: BSL-1.0
// Internal, X3-free: matching a regular rule with its automata (dfa.hpp):
// the verdict in one pass; on failure a second pass for the farthest
// failure and the names expected there; spans by a backward pass with the
// reverse automaton and a forward walk of the derivation, in time linear
// in the input, when the input has one derivation (docs/abnf.md).
#ifndef URNS_SRC_ABNF_AUTOMATON_HPP
#define URNS_SRC_ABNF_AUTOMATON_HPP

#include "abnf/dfa.hpp"
#include "abnf/nfa.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string_view>
#include <vector>

namespace urns {
namespace abnf {
namespace detail {

/// The budgets of one rule's automata (docs/abnf.md, "Limits").
struct automaton_budget {
    static constexpr std::size_t nfa_states = 1u << 18;   ///< Thompson states
    static constexpr std::size_t dfa_states = 1u << 14;   ///< states of each deterministic automaton
    static constexpr std::size_t dfa_bytes = 32u << 20;   ///< table bytes of each
    static constexpr std::size_t dfa_work = 1u << 26;     ///< steps to build each
};

struct automaton {
    std::uint32_t rule = 0;
    nfa thompson;
    /// The deterministic automaton, unless it would exceed its budget:
    /// then the Thompson automaton is simulated (a set of states a byte:
    /// still linear in the input, memory bounded by the automaton).
    bool deterministic = false;
    dfa forward;

    /// The reverse automaton, built on the first match that asks for
    /// spans; null if it would exceed the budget.
    reverse_dfa const* reverse() const;

    /// Whether the rule matches all of `in`.
    bool matches(unsigned char const* in, std::size_t n) const noexcept
    {
        if (!deterministic)
            return simulate(in, n, nullptr);
        std::uint32_t const shift = forward.shift;
        std::uint32_t const* const next = forward.next.data();
        std::uint8_t const* const of = forward.cls.of.data();
        std::uint32_t p = forward.start << shift;
        if (!forward.dies.empty() && (forward.run[forward.start] >= dfa::min_chain || forward.accepting[forward.start] == 2))
            p |= dfa::chain_flag;
        std::size_t i = 0;
        for (;;) {
            while (!(p & dfa::chain_flag)) {
                if (i == n)
                    return forward.accepting[p >> shift] != 0;
                p = next[p + of[in[i++]]];
            }
            p &= ~dfa::chain_flag;
            if (p == 0)
                return false;  // the dead state (without chains: never flagged)
            std::uint32_t const s = p >> shift;
            if (forward.accepting[s] == 2)
                return true;
            // A chain: every byte checked against its own state, no check
            // waiting for the one before.
            std::size_t const m = std::min<std::size_t>(forward.run[s], n - i);
            std::uint64_t const* const dies = forward.dies.data() + s;
            std::uint64_t dead = 0;
            for (std::size_t j = 0; j < m; ++j)
                dead |= dies[j] >> of[in[i + j]];
            if (dead & 1)
                return false;
            p += static_cast<std::uint32_t>(m << shift);
            i += m;
            if (i < n && forward.run[p >> shift] >= dfa::min_chain)
                p |= dfa::chain_flag;
        }
    }

    /// The farthest failure of an input the rule does not match: its
    /// offset, the rules whose terminals failed there, and whether the
    /// input could have ended there (docs/abnf.md, "Errors of a match").
    struct failure {
        std::size_t offset = 0;
        std::vector<std::uint32_t> rules;
        bool end = false;
    };

    using name_list = detail::name_list;
    /// The verdict, and for an input the rule does not match the farthest
    /// failure with its names: at once, without allocating, when the
    /// failure is where the match stopped (the names of that state and
    /// byte were listed when the automaton was built), else from the states
    /// of the last positions and an interned list.
    struct diagnosis {
        bool matched = false;
        std::size_t offset = 0;
        name_list expected;
    };
    diagnosis diagnose(unsigned char const* in, std::size_t n) const;


    /// The spans of the derivation of a matched input: `want[r]` for the
    /// rules to report, `depth0` the depth of the outermost. False when the
    /// input has more than one derivation (or the reverse automaton is over
    /// its budget): the caller then asks the evaluator (derive.cpp).
    bool spans(unsigned char const* in, std::size_t n, std::vector<char> const& want, std::size_t depth0,
               std::vector<span>& out, grammar_impl const& g) const;

    /// Runs the Thompson automaton on `in`: whether it matches, and with
    /// `f` the farthest failure. Allocates; false when out of memory.
    bool simulate(unsigned char const* in, std::size_t n, failure* f) const noexcept;

    mutable std::once_flag reverse_once;
    mutable std::unique_ptr<reverse_dfa> reverse_;

    grammar_impl const* grammar = nullptr;
    /// ready[state * classes + class] (deterministic only): the list of a
    /// failure where the match stops there (none: see fail()); ready_end
    /// likewise where the input ends in the state.
    std::vector<std::uint32_t> ready, ready_end;
    std::vector<name_list> ready_lists;
};

/// The automaton of `rule`, or null (not regular, or over the budget).
std::unique_ptr<automaton> build_automaton(grammar_impl const& g, std::uint32_t rule);

} // namespace detail
} // namespace abnf
} // namespace urns

#endif
