// SPDX-License-Identifier: BSL-1.0
// Internal, X3-free: a regular rule as a Thompson automaton over bytes.
//
// Every rule the rule names is inlined between an `enter` and an `exit`
// mark (epsilon moves that say where a rule's span starts and ends); a
// bounded repetition is expanded (its minimum as copies, the rest as
// nested options), an unbounded one loops; a case-insensitive string is a
// byte set per letter; a code point range is the byte ranges of its UTF-8
// encodings. Each byte state knows the rule whose terminal it belongs to
// and its depth in that terminal (the bytes of the terminal before it), so
// that a failure there is reported where the terminal started, as the
// evaluators report it (docs/abnf.md, "Errors of a match").
#ifndef URNS_SRC_ABNF_NFA_HPP
#define URNS_SRC_ABNF_NFA_HPP

#include "abnf/flat.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace urns {
namespace abnf {
namespace detail {

/// The UTF-8 encodings of a range of code points with the same length,
/// as one byte range per octet.
struct utf8_sequence {
    std::uint8_t len = 0;
    std::uint8_t lo[4] = {0, 0, 0, 0};
    std::uint8_t hi[4] = {0, 0, 0, 0};
};

/** Appends the sequences whose encodings are exactly the well-formed UTF-8
    encodings (RFC 3629 section 4) of the code points lo..hi: shortest
    form, no surrogate, nothing above U+10FFFF.
*/
void utf8_sequences(std::uint32_t lo, std::uint32_t hi, std::vector<utf8_sequence>& out);

struct nfa {
    enum class kind : std::uint8_t {
        byte,   ///< one byte of sets[arg], then next
        split,  ///< any of edges[arg, arg + count), in order of preference
        enter,  ///< the span of rule arg starts here; then next
        exit,   ///< the span of rule arg ends here; then next
        eps,    ///< next
        match   ///< the end of the rule
    };
    struct state {
        kind k = kind::eps;
        std::uint32_t next = none;
        std::uint32_t arg = 0;
        std::uint32_t count = 0;
        std::uint32_t rule = 0;   ///< byte: the rule of its terminal
        std::uint32_t depth = 0;  ///< byte: the bytes of its terminal before it
    };
    std::vector<state> states;
    std::vector<std::uint32_t> edges;
    std::vector<byte_set> sets;
    std::uint32_t start = 0;
    std::uint32_t accept = 0;
};

/** The byte and match states an automaton reaches from some states by
    epsilon moves (split, enter, exit, eps), sorted: a DFA state, or the
    set a simulation is in. Reused from one call to the next.
*/
class epsilon_closure {
public:
    explicit epsilon_closure(nfa const& a) : a_(a), stamp_(a.states.size(), 0) {}

    void operator()(std::vector<std::uint32_t> const& seeds, std::vector<std::uint32_t>& out);

private:
    nfa const& a_;
    std::vector<std::uint32_t> stamp_;
    std::uint32_t gen_ = 0;
    std::vector<std::uint32_t> stack_;
};

/** The automaton of `rule` (regular: rule_facts::regular), or false if it
    would have more than `budget` states.
*/
bool build_nfa(grammar_impl const& g, std::uint32_t rule, std::size_t budget, nfa& out);

} // namespace detail
} // namespace abnf
} // namespace urns

#endif
