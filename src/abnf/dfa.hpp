// SPDX-License-Identifier: BSL-1.0
// Internal, X3-free: deterministic automata over byte classes, made from a
// rule's Thompson automaton (nfa.hpp).
//
// The forward automaton decides the verdict in one table lookup a byte. It
// is minimized (Hopcroft) with its states told apart by what a failure
// there reports as well as by acceptance: each state keeps the terminals of
// the rule being tried in it (their rule, their depth, their byte set), so
// that a failed match finds its farthest failure and expected names from
// the states it went through. The reverse automaton reads the input from
// its end: its state at a position is the set of the rule's automaton
// states from which the rest of the input can be matched; automaton.cpp
// walks the derivation forwards through it (spans).
#ifndef URNS_SRC_ABNF_DFA_HPP
#define URNS_SRC_ABNF_DFA_HPP

#include "abnf/nfa.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace urns {
namespace abnf {
namespace detail {

/// The bytes of one class are alike in every byte set of an automaton.
struct byte_classes {
    std::uint32_t count = 0;
    std::array<std::uint8_t, 256> of{};       ///< byte -> class
    std::array<std::uint8_t, 256> example{};  ///< class -> a byte of it
};
byte_classes classes_of(std::vector<byte_set> const& sets);

struct dfa {
    byte_classes cls;
    std::uint32_t count = 0;  ///< states; state 0 is the dead state
    std::uint32_t start = 0;
    /// A state's row in `next` is 1 << shift entries (the classes, rounded
    /// up to a power of two).
    std::uint32_t shift = 0;
    /// next[(state << shift) + class]: the next state, shifted likewise
    /// (premultiplied, so that a step is one addition and one load).
    std::vector<std::uint32_t> next;
    /// Per state: 0 not accepting; 1 accepting; 2 accepting whatever
    /// follows (every byte leads back to it: the rest need not be read).
    std::vector<std::uint8_t> accepting;
    /** run[state]: how many states from this one are a chain: each has one
        next state (on every byte it does not die on), the state numbered
        after it. A chain is checked a byte a state, each check independent
        of the others, no step waiting for the one before (the states are
        numbered so that chains are consecutive).
    */
    std::vector<std::uint32_t> run;
    /// dies[state]: bit c is set when the state dies on class c (with at
    /// most 64 classes: chains are checked with it; else empty).
    std::vector<std::uint64_t> dies;
    /// An entry of `next` with this bit goes to a state that starts a
    /// chain of two or more (run[state] > 1), to the dead state, or to one
    /// that accepts whatever follows (with at most 64 classes: a step then
    /// tests one bit for all three).
    static constexpr std::uint32_t chain_flag = 0x80000000u;
    /// The shortest chain checked whole (a shorter one costs more to set
    /// up than its steps).
    static constexpr std::uint32_t min_chain = 8;

    /// The state after `state` on byte `b` (not shifted).
    std::uint32_t step(std::uint32_t state, unsigned char b) const noexcept
    {
        return (next[(std::size_t(state) << shift) + cls.of[b]] & ~chain_flag) >> shift;
    }

    /// A terminal being tried in a state (its byte state's facts).
    /// Ordered by depth first: the terminals of one depth are a range.
    struct terminal {
        std::uint32_t rule, depth, set;
        friend bool operator<(terminal const& a, terminal const& b)
        {
            return a.depth != b.depth ? a.depth < b.depth : a.rule != b.rule ? a.rule < b.rule : a.set < b.set;
        }
        friend bool operator==(terminal const& a, terminal const& b)
        {
            return a.rule == b.rule && a.depth == b.depth && a.set == b.set;
        }
    };
    std::vector<std::vector<terminal>> terms;  ///< per state, sorted
    std::vector<byte_set> sets;                ///< the terminals' byte sets
    /// fail[state * cls.count + class]: the least depth of the state's
    /// terminals that fail on a byte of the class (none: no terminal fails).
    std::vector<std::uint32_t> fail;
    /// end_fail[state]: the least depth of its terminals (every terminal
    /// fails where the input ends), none if it has none.
    std::vector<std::uint32_t> end_fail;
    /// The greatest depth of any state's terminals.
    std::uint32_t max_depth = 0;
};

/// The minimized forward automaton of `a`; false past `max_states` states,
/// or past `max_work` steps of construction (closures and transitions).
bool build_dfa(nfa const& a, std::size_t max_states, std::size_t max_work, dfa& out);

/// The reverse automaton (see the top of the file).
struct reverse_dfa {
    byte_classes cls;
    std::uint32_t count = 0;
    std::uint32_t start = 0;                  ///< the set at the input's end
    std::vector<std::uint32_t> next;          ///< next[state * cls.count + class] (not premultiplied)
    std::uint32_t words = 0;                  ///< 64-bit words per live set
    std::vector<std::uint64_t> live;          ///< live[state * words + w]: the automaton states it holds
    bool has(std::uint32_t state, std::uint32_t nfa_state) const noexcept
    {
        return (live[std::size_t(state) * words + (nfa_state >> 6)] >> (nfa_state & 63)) & 1;
    }
};

/// The reverse automaton of `a`; false past `max_states` states or `max_work` steps.
bool build_reverse_dfa(nfa const& a, std::size_t max_states, std::size_t max_work, reverse_dfa& out);

} // namespace detail
} // namespace abnf
} // namespace urns

#endif
