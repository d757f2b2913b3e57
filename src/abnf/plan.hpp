// SPDX-License-Identifier: BSL-1.0
// Internal, X3-free: the plan of the bit-set evaluator (bit_evaluator.cpp) for
// a compiled grammar.
#ifndef URNS_SRC_ABNF_PLAN_HPP
#define URNS_SRC_ABNF_PLAN_HPP

#include "abnf/analysis.hpp"

#include <vector>

namespace urns {
namespace abnf {
namespace detail {

/** The nodes that match exactly one byte of a class (a %x range, a
    one-byte string, an alternation or rule of such), the fixed sequences
    of classes and strings, the bytes each node that cannot match the empty
    string starts with, and the memo slots of the composite nodes worth
    memoizing: not those whose subtree is terminals, classes, repetitions
    of classes and rules of those only (evaluating one again costs about
    what looking it up would).
*/
bit_plan make_plan(grammar_impl const& g, node_users const& u, std::vector<char> const& nullable);

} // namespace detail
} // namespace abnf
} // namespace urns

#endif
