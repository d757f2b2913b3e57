// SPDX-License-Identifier: BSL-1.0
// X3-free public header: the ABNF engine. Reads grammars written in ABNF
// (RFC 5234, with RFC 7405's %s"..." and %i"..."), checks them, and matches
// input against a rule with ABNF's meaning (a context-free grammar: every
// alternative, every repetition count), not PEG's. docs/abnf.md has the
// details: the deviations from RFC 5234, the derivation spans describe, the
// step limit and the cost.
#ifndef URNS_ABNF_HPP
#define URNS_ABNF_HPP

#include <urns/config.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace urns {

/** Executable ABNF: grammar::compile() reads and checks a grammar, match()
    and matches() run one of its rules on an input, generate() makes inputs
    that a rule accepts (or, near misses, rejects).
*/
namespace abnf {

/// One text of a grammar: `name` is used in diagnostics (e.g. "mrn.abnf").
struct source {
    std::string_view name;  ///< the name diagnostics give the text
    std::string_view text;  ///< the ABNF
};

/** A finding of grammar::compile(): a syntax error, a fault of the rule set
    (an undefined rule, left recursion, a rule that never matches, a rule
    defined twice), or a warning (an unused rule, prose).
*/
struct diagnostic {
    /// How grave a finding is.
    enum class level {
        error,   ///< the grammar is unusable (grammar::ok() is false)
        warning  ///< worth a look; the grammar is usable
    };
    /// An error makes the grammar unusable (grammar::ok() is false); a warning does not.
    level severity = level::error;
    std::string source;       ///< the name of the source text
    std::size_t offset = 0;   ///< byte offset in that text
    std::size_t line = 1;     ///< 1-based line of `offset`
    std::size_t column = 1;   ///< 1-based column of `offset`, in bytes
    std::string rule;         ///< the rule concerned ("" if none)
    /// What is wrong: "undefined rule \"foo\"", "left recursion: a -> b -> a",
    /// "never matches", "unused rule", "prose: cannot be matched", or for a
    /// syntax error "expected " and the names in `expected`.
    std::string message;
    /// For a syntax error: the RFC 5234 section 4 rules expected at `offset`
    /// ("rulename", "c-wsp", "elements", ...), sorted.
    std::vector<std::string> expected;
};

/** What to_string() shows of the line of `text` that holds `d`'s offset:
    at most 60 bytes before the offset and 40 from it ("..." where the line
    is cut), each byte that is not printable ASCII as `\xHH` (a tab as
    itself), and the spaces (and tabs) that put a caret under the offset.
*/
struct excerpt {
    std::string line;   ///< the shown part of the line
    std::string under;  ///< what goes before the caret on the next line
};
/// The excerpt of `d`'s line in `text`, the source `d` is about.
URNS_DECL excerpt excerpt_of(diagnostic const& d, std::string_view text);

/** `d` as "name:line:col: error: message" (the name and message with bytes
    that are not printable ASCII as `\xHH`), then its excerpt of `text`
    (the source `d` is about) indented by two spaces, and a caret under the
    column.
*/
URNS_DECL std::string to_string(diagnostic const& d, std::string_view text);

/// How grammar::compile() reads a grammar.
struct compile_options {
    /// RFC 5234 Appendix B.1's core rules (ALPHA, DIGIT, HEXDIG, ...) are
    /// available by name, unless the grammar defines the name itself.
    bool core_rules = true;
    /// RFC 3986's rules of grammar/rfc3986.abnf (pchar, unreserved,
    /// pct-encoded, sub-delims, ...) likewise.
    bool rfc3986_rules = false;
    /// Warn about rules that no other rule references (but the first).
    bool warn_unused = true;
    /// The default step limit of match() (0: max(1,000,000, 200 x input size)).
    std::size_t step_limit = 0;
    /// Match the rules that are regular with automata (docs/abnf.md): true,
    /// the default; false matches every rule with the set-of-ends
    /// evaluator, as a reference to compare the automata with.
    bool automata = true;
};

namespace detail {
struct grammar_impl;
struct automaton;
}

/** A compiled grammar: immutable, copies share it; safe to match from many
    threads at once.
*/
class URNS_DECL grammar {
public:
    /// An empty grammar: !ok(), no rules.
    grammar();

    /// Reads and checks one ABNF text (its diagnostics name it "<abnf>").
    static grammar compile(std::string_view text, compile_options const& = {});
    /// Several texts that form one rule set (`=/` may extend a rule of another text).
    static grammar compile(std::vector<source> const& sources, compile_options const& = {});

    /// Compiled with no error-level diagnostic.
    bool ok() const noexcept;
    /// ok().
    explicit operator bool() const noexcept { return ok(); }
    /// The diagnostics, errors and warnings, in the order found: the first
    /// 100, then (if there were more) one that says how many more.
    std::vector<diagnostic> const& diagnostics() const noexcept;
    /// How many diagnostics were found but left out of diagnostics().
    std::size_t diagnostics_left_out() const noexcept;
    /// Whether a rule of that name exists (case-insensitively, as ABNF rule
    /// names are), including the core and RFC 3986 rules the grammar uses.
    bool has_rule(std::string_view name) const noexcept;
    /// The rules of the source texts, as first spelled, in order of first definition.
    std::vector<std::string> rule_names() const;
    /// The spelling of `name` in the grammar; empty if there is no such rule.
    std::string_view canonical_name(std::string_view name) const noexcept;
    /// The rules that the definition of `name` names itself (not those they
    /// name), each once, in the order first named; empty if there is no
    /// such rule.
    std::vector<std::string> rules_named_by(std::string_view name) const;

    /// Internal: the compiled form.
    std::shared_ptr<detail::grammar_impl const> const& impl() const noexcept { return impl_; }

private:
    explicit grammar(std::shared_ptr<detail::grammar_impl const> p) noexcept;
    std::shared_ptr<detail::grammar_impl const> impl_;
};

/** A rule's place in the derivation match() chose. `rule` points into the
    grammar (valid while a copy of it lives); `depth` is the number of spans
    of the same result that enclose it.
*/
struct span {
    std::string_view rule;  ///< the rule's name as the grammar spells it
    std::size_t begin = 0;  ///< first byte
    std::size_t end = 0;    ///< one past the last byte
    std::size_t depth = 0;  ///< enclosing spans in the result
};

/// What match() reports besides the verdict.
struct match_options {
    /// Rules whose spans to return (any case); empty: none.
    std::vector<std::string> capture;
    /// Return the span of every rule of the derivation (preorder, with depth).
    bool tree = false;
    /// The step limit (0: the grammar's, compile_options::step_limit).
    std::size_t step_limit = 0;
};

/// The outcome of match().
struct match_result {
    /// What a match found.
    enum class status {
        matched,    ///< the rule matches the whole input
        no_match,   ///< it does not; `offset` and `expected` say where and what
        undecided,  ///< a rule that is not regular ran out of steps or memory before a verdict
        no_rule,    ///< the grammar has no such rule, or is not ok()
        step_limit = undecided  ///< the former name of `undecided`
    };
    /// The verdict.
    status state = status::no_match;
    /// no_match: the farthest byte where a terminal failed or the end of the
    /// input was required; matched: the input's size.
    std::size_t offset = 0;
    /// no_match: the innermost rules whose terminals failed at `offset`, and
    /// "end of input" where the input should have ended there; sorted, unique.
    std::vector<std::string_view> expected;
    /// matched: the captured (or, with tree, all) rules' spans, preorder.
    std::vector<span> spans;
    /// matched, spans asked for: the input has more than one derivation and
    /// choosing one ran out of steps or memory, so `spans` is empty. Only
    /// an input hundreds of bytes long, of an ambiguous grammar, can do that.
    bool spans_undecided = false;
    /// Work done: memoized evaluations and end positions produced.
    std::size_t steps = 0;

    /// state == matched.
    explicit operator bool() const noexcept { return state == status::matched; }
};

/** Whether `input` as a whole is in the language of `rule` of `g`, with
    where and what failed if it is not, and the spans asked for.
*/
URNS_DECL match_result match(grammar const& g, std::string_view rule, std::string_view input,
                             match_options const& = {});

/// match(g, rule, input).state == matched, without spans or errors: false
/// when the rule does not match, and when a rule that is not regular is
/// undecided or memory runs out (match() tells these apart).
URNS_DECL bool matches(grammar const& g, std::string_view rule, std::string_view input) noexcept;

/** One rule of a grammar, looked up once: match() and matches() without
    the name lookup, and what decides the rule. Copies share the grammar,
    which a matcher keeps alive; safe to use from many threads at once.

    @par Example
    @code
    urns::abnf::matcher const oid(g, "oid");
    if (oid.matches("1.3.6.1")) ...
    @endcode
*/
class URNS_DECL matcher {
public:
    /// A matcher of no rule: matches nothing, match() says no_rule.
    matcher() = default;
    /// The rule `rule` (any case) of `g`; empty if `g` is not ok() or has no such rule.
    matcher(grammar const& g, std::string_view rule);

    /// Whether it has a rule.
    explicit operator bool() const noexcept { return rule_ != no_rule_index; }
    /// The rule's name as the grammar spells it ("" when empty).
    std::string_view rule() const noexcept;
    /// The grammar.
    grammar const& source() const noexcept { return g_; }
    /** Whether the rule is matched by an automaton: its language is
        regular (it reaches no recursive rule) and its automaton is within
        the budget. Such a rule is matched in time linear in the input, in
        memory bounded by its automaton, and is never undecided
        (docs/abnf.md, "Limits").
    */
    bool regular() const noexcept { return automaton_ != nullptr; }

    /// As urns::abnf::matches(source(), rule(), input).
    bool matches(std::string_view input) const noexcept;

    /** What match() would say of `input`, but spans: the state, and for
        no_match the offset and the names expected there (sorted, in
        storage the grammar keeps: valid while a copy of it lives). A
        regular rule gives it without allocating, but the first time the
        grammar meets a failure of a new kind; a rule that is not regular
        may allocate and be undecided. Never throws: out of memory, it says
        undecided.
    */
    struct outcome {
        match_result::status state = match_result::status::no_rule;  ///< as match_result::state
        std::size_t offset = 0;                       ///< no_match: as match_result::offset
        std::string_view const* expected = nullptr;   ///< no_match: as match_result::expected
        std::size_t expected_count = 0;               ///< the number of names at `expected`
    };
    /// The outcome of `input` (see outcome).
    outcome check(std::string_view input) const noexcept;
    /// As urns::abnf::match(source(), rule(), input, options).
    match_result match(std::string_view input, match_options const& options = {}) const;

private:
    static constexpr std::uint32_t no_rule_index = 0xFFFFFFFFu;
    grammar g_;
    std::uint32_t rule_ = no_rule_index;
    detail::automaton const* automaton_ = nullptr;
};

/// What generate() makes.
struct generate_options {
    std::uint64_t seed = 1;         ///< the same seed, grammar and rule give the same strings
    std::size_t max_length = 64;    ///< no string is longer
    /// Near misses instead: a one-byte substitution, insertion or deletion
    /// of a string the rule accepts, that the rule rejects.
    bool invalid = false;
};

/** Up to `count` strings that `rule` matches (or, with invalid, rejects),
    each checked with matches(); fewer when the rule's language has no more
    within max_length or they are hard to find.
*/
URNS_DECL std::vector<std::string> generate(grammar const& g, std::string_view rule, std::size_t count,
                                            generate_options const& = {});

} // namespace abnf
} // namespace urns

#endif
