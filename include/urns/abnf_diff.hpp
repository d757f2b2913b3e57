// SPDX-License-Identifier: BSL-1.0
// X3-free public header: the differential checker of an ABNF rule against
// another recognizer of the same language (a transcription of the rule, a
// namespace's validator, parse_urn). It makes inputs the rule accepts with
// urns::abnf::generate() and near misses of them, asks both sides, and
// reports where they differ, shortest inputs first.
#ifndef URNS_ABNF_DIFF_HPP
#define URNS_ABNF_DIFF_HPP

#include <urns/abnf.hpp>
#include <urns/config.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace urns {
namespace abnf {

/// What diff() tries.
struct diff_options {
    /// Inputs that the rule accepts, from generate() with successive seeds
    /// (deduplicated); fewer when the rule's language has no more within
    /// max_length.
    std::size_t valid = 10000;
    /// Near misses of each valid input as well: one-byte substitutions,
    /// insertions and deletions (see mutations).
    bool near_misses = true;
    /// Near misses made from each valid input, at most: every deletion,
    /// insertion and substitution place when there are no more places than
    /// this, else a sample of them. The bytes put in are the bytes of the
    /// valid inputs, their neighbours (to cross the bounds of a range such
    /// as %x30-39), the other case of a letter, and bytes outside most
    /// alphabets: ' ', '%', '/', ':', '\0', 0x80, 0xFF.
    std::size_t mutations = 10;
    /// The same seed, grammar, rule and options give the same inputs.
    std::uint64_t seed = 1;
    /// No valid input is longer (a near miss may be one byte longer).
    std::size_t max_length = 64;
    /// What the judge is given around each input (e.g. "urn:isbn:"); the
    /// ABNF rule gets the input alone.
    std::string prefix;
    /// Likewise after the input.
    std::string suffix;
    /// Disagreements kept in diff_report::first.
    std::size_t max_reported = 20;
    /** A condition the rule's text adds in prose (a check digit, a reserved
        word) and the judge is meant to apply: the language compared with
        the judge's is then the rule's inputs that `prose` also accepts.
        Empty: none. */
    std::function<bool(std::string_view)> prose;
    /// With a judge that says where it failed (judgement): compare the
    /// names expected there as well as the offset. False: the verdict and
    /// the offset only.
    bool compare_expected = true;
};

/** What a judge that says where it failed answers (the second form of
    diff()). */
struct judgement {
    /// The judge accepts the input.
    bool accepted = false;
    /// Rejected: the byte where it failed, in what the judge was given
    /// (diff_options::prefix included).
    std::size_t offset = 0;
    /// Rejected: the names of what it expected there, in any order.
    std::vector<std::string> expected;
};

/// An input the two sides judge differently.
struct disagreement {
    /// How the two sides differ.
    enum class kind {
        verdict,  ///< one accepts, the other rejects
        offset,   ///< both reject, at different bytes
        expected  ///< both reject at one byte, expecting different names
    };
    std::string input;  ///< without the prefix and suffix
    bool abnf;          ///< the rule (and options' prose) accepts it
    bool judge;         ///< the judge accepts it
    kind what = kind::verdict;  ///< how they differ
    /// offset, expected: where the rule failed, in the input (without the
    /// prefix).
    std::size_t abnf_offset = 0;
    /// offset, expected: where the judge failed, in the input (SIZE_MAX:
    /// in the prefix).
    std::size_t judge_offset = 0;
    /// expected: what the rule expected there, sorted.
    std::vector<std::string> abnf_expected;
    /// expected: what the judge expected there, sorted, unique.
    std::vector<std::string> judge_expected;
};

/// What diff() found.
struct diff_report {
    std::size_t inputs = 0;         ///< distinct inputs judged by both sides
    std::size_t valid = 0;          ///< of which the rule accepts (before prose)
    std::size_t explained = 0;      ///< the rule accepts but the prose rejects
    std::size_t undecided = 0;      ///< the engine's step limit ran out (not compared)
    std::size_t disagreements = 0;  ///< inputs the two sides judge differently (all kinds)
    std::size_t offset_disagreements = 0;    ///< of which both reject, at different bytes
    std::size_t expected_disagreements = 0;  ///< of which both reject at one byte, expecting other names
    /// The first disagreements, at most diff_options::max_reported: of
    /// verdict, then of offset, then of expected names, each kind by size,
    /// then bytes.
    std::vector<disagreement> first;

    /// No disagreement.
    explicit operator bool() const noexcept { return disagreements == 0; }
};

/** Compares the language of `root` in `g` with `judge`'s on generated
    inputs: each distinct input is matched with matches(g, root, input)
    (and, if set, diff_options::prose) and given to `judge` as prefix +
    input + suffix. Deterministic for a seed; the cost is about
    (1 + mutations) x valid matches and judge calls, plus generate()'s.
    An empty report (no inputs) if `g` is not ok() or has no `root`.
*/
URNS_DECL diff_report diff(grammar const& g, std::string_view root,
                           std::function<bool(std::string_view)> const& judge, diff_options const& = {});

/** The same with a judge that says where it failed and what it expected
    there: an input both sides reject is a disagreement too when they
    fail at different bytes (match()'s farthest failure against the
    judge's offset, less the prefix) or, with
    diff_options::compare_expected, expect different sets of names there.
    An input the prose alone rejects is compared by its verdict only.
*/
URNS_DECL diff_report diff(grammar const& g, std::string_view root,
                           std::function<judgement(std::string_view)> const& judge, diff_options const& = {});

} // namespace abnf
} // namespace urns

#endif
