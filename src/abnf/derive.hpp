// SPDX-License-Identifier: BSL-1.0
// Internal, X3-free: one derivation of a matched input from the
// evaluator's sets of ends: the reference the automaton's spans are tested
// against, and the spans of rules that are not regular or of inputs with
// more than one derivation (docs/abnf.md, "Spans").
#ifndef URNS_SRC_ABNF_DERIVE_HPP
#define URNS_SRC_ABNF_DERIVE_HPP

#include "abnf/evaluator.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace urns {
namespace abnf {
namespace detail {

/** Appends to `out` the spans of the rules `want` names in the derivation
    of all of the input (which `ev` read, n bytes) from the node `body`,
    the outermost at depth `depth`. False when the evaluator stopped.
*/
bool derive(grammar_impl const& g, evaluator& ev, std::vector<char> const& want, std::uint32_t body,
            std::uint32_t n, std::size_t depth, std::vector<span>& out);

} // namespace detail
} // namespace abnf
} // namespace urns

#endif
