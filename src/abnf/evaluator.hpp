// SPDX-License-Identifier: BSL-1.0
// Internal, X3-free: the set-of-ends evaluators, for rules that are not
// regular and as the reference the automata are tested against:
//
//   ends(node, pos) = the sorted set of positions where `node`, started at
//   `pos`, can end, memoized per (node, pos) for every alternation,
//   concatenation and repetition node. A concatenation folds its kids'
//   sets, an alternation unites them, a repetition iterates its count
//   (positions already reached at a lower count are not explored again, so
//   an unbounded `*` stops), terminals are deterministic. Left recursion is
//   rejected when compiling, so no (node, pos) depends on itself.
//
// Every evaluation, and every end position it produces, is a step. Past
// the step limit, past a nesting depth that bounds the stack, or past the
// memory budget (memory_budget()), the match stops undecided.
#ifndef URNS_SRC_ABNF_EVALUATOR_HPP
#define URNS_SRC_ABNF_EVALUATOR_HPP

#include "abnf/flat.hpp"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace urns {
namespace abnf {
namespace detail {

/// The most memory an evaluation of an input of n bytes may hold: 64 MiB
/// and 64 bytes per input byte (docs/abnf.md, "Limits").
inline std::size_t memory_budget(std::size_t n) noexcept
{
    return (std::size_t(64) << 20) + (n > (std::size_t(-1) >> 7) ? std::size_t(-1) >> 1 : 64 * n);
}

/// Nested evaluations at most (bounds the stack).
constexpr std::size_t max_depth = 2500;

/// Memo slots x positions kept in a flat table (more: the general
/// evaluator keeps them in a map, the bit-set one is not used).
constexpr std::size_t flat_entries = 1u << 18;

/// A set of ends in the evaluator's arena.
struct set_ref {
    std::uint32_t off = 0, len = 0;
};

/// Per-thread memory reused from one match to the next.
struct scratch {
    stamped_table<set_ref> memo;
    std::unordered_map<std::uint64_t, set_ref> big;
    std::vector<std::uint32_t> arena;
    std::deque<std::vector<std::uint32_t>> bufs;
};
scratch& thread_scratch();

/// The general evaluator: sets of ends as sorted vectors.
class evaluator {
public:
    evaluator(grammar_impl const& g, std::string_view in, std::size_t limit, bool track, scratch& s);
    ~evaluator();
    evaluator(evaluator const&) = delete;
    evaluator& operator=(evaluator const&) = delete;

    set_ref eval(std::uint32_t id, std::uint32_t pos);

    bool contains(set_ref r, std::uint32_t e) const;
    std::uint32_t const* data(set_ref r) const { return s_.arena.data() + r.off; }

    /// Records that the whole input should have ended at `pos`.
    void fail_end(std::uint32_t pos);

    std::size_t steps() const { return steps_; }
    bool stopped() const { return stopped_; }
    /// Counts k steps of work done outside eval().
    void count(std::size_t k);
    /// Counts `bytes` of memory held outside the arena (the deriver's).
    void hold(std::size_t bytes);

    std::uint32_t far_ = 0;
    bool any_ = false, far_end_ = false;
    std::vector<std::uint32_t> far_rules_;

private:
    grammar_impl const& g_;
    std::string_view in_;
    std::uint32_t n_;
    std::size_t limit_;
    std::size_t memory_limit_;
    std::size_t held_ = 0;
    bool track_;
    scratch& s_;
    bool flat_ = true;
    bool stopped_ = false;
    std::size_t steps_ = 0;
    std::size_t depth_ = 0;

    set_ref one(std::uint32_t e);
    set_ref store(std::vector<std::uint32_t> const& v);
    void fail(std::uint32_t pos, std::uint32_t rule);
    bool over_memory();
    std::vector<std::uint32_t>& buf(std::size_t k);
    void step(std::uint32_t kid, std::vector<std::uint32_t> const& cur, std::vector<std::uint32_t>& next);
    set_ref compute(node const& nd, std::uint32_t pos);
};

/// What an evaluation decided.
enum class decision { no, yes, undecided };

/// Whether the node `body` matches all of `in` (matches(): the bit-set
/// evaluator below 256 bytes, the general one above).
decision evaluate(grammar_impl const& g, std::uint32_t body, std::string_view in, std::size_t limit);

} // namespace detail
} // namespace abnf
} // namespace urns

#endif
