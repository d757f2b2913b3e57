// SPDX-License-Identifier: BSL-1.0
// Internal, X3-free: the flattened form of a compiled grammar, which every
// part of the engine reads (docs/abnf.md, "Design"):
//
//   compile.cpp    merges the texts reader.cpp read into rules and nodes
//   grammar.cpp    the compiled grammar: lookups, expected names interned,
//                  automata made on first use; the public grammar
//   analysis.cpp   nullable, productive, left recursion, min lengths,
//                  which rules are regular (linear in the grammar's size)
//   plan.cpp       the bit-set evaluator's plan (classes, sequences, memo)
//   nfa.cpp        a regular rule as a Thompson automaton over bytes
//   dfa.cpp        that automaton made deterministic and minimized
//   automaton.cpp  matching with it: verdict, farthest failure, spans
//   evaluator.cpp  the set-of-ends evaluators (rules that are not regular):
//                  the general one; bit_evaluator.cpp the bit-set one
//   derive.cpp     spans from the evaluator: the reference derivation
//   generate.cpp   random derivations and near misses
//   match.cpp      the public match(), matches() and rule handles
#ifndef URNS_SRC_ABNF_FLAT_HPP
#define URNS_SRC_ABNF_FLAT_HPP

#include <urns/abnf.hpp>
#include <urns/lexical.hpp>

#include "abnf/ast.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace urns {
namespace abnf {
namespace detail {

constexpr std::uint32_t none = 0xFFFFFFFFu;

/// A set of bytes: bit c of word c / 64.
using byte_set = std::array<std::uint64_t, 4>;

inline bool has(byte_set const& s, unsigned c) noexcept { return (s[c >> 6] >> (c & 63)) & 1; }
inline void add(byte_set& s, unsigned c) noexcept { s[c >> 6] |= std::uint64_t(1) << (c & 63); }
inline void unite(byte_set& a, byte_set const& b) noexcept
{
    for (int w = 0; w < 4; ++w)
        a[w] |= b[w];
}

inline char lower(char c) noexcept { return lexical::ascii_lower(c); }

/** One node of the flattened grammar. `kind` says which member of the
    union holds its fields; `rule` is the rule whose body holds the node
    (the name a failure of one of its terminals reports).
*/
struct node {
    /// alt, cat: the kids are grammar_impl::kids[first, first + count).
    struct list_fields {
        std::uint32_t first, count;
    };
    /// rep: `kid`, from `min` to `max` times (max == unbounded: any number).
    struct rep_fields {
        std::uint32_t kid, min, max;
    };
    /// ref: the rule it names.
    struct ref_fields {
        std::uint32_t target;
    };
    /// bytes: one byte of grammar_impl::sets[set].
    struct bytes_fields {
        std::uint32_t set;
    };
    /// str: the bytes of grammar_impl::strs[text]: exactly when
    /// `sensitive`, else in any ASCII case (the text is then lower case).
    struct str_fields {
        std::uint32_t text;
        bool sensitive;
    };
    /// utf8: one UTF-8 encoded code point from lo to hi.
    struct utf8_fields {
        std::uint32_t lo, hi;
    };

    op kind = op::cat;
    std::uint32_t rule = 0;
    union {
        list_fields list;
        rep_fields rep;
        ref_fields ref;
        bytes_fields bytes;
        str_fields str;
        utf8_fields utf8;
    };

    node() noexcept : list{0, 0} {}
};

struct rule_info {
    std::string name;          ///< as first spelled
    std::uint32_t body = none; ///< its node (none: undefined)
    bool library = false;      ///< a core or RFC 3986 rule the grammar did not define itself
};

struct automaton;

/// Names expected at a failure, sorted, in storage the grammar keeps.
struct name_list {
    std::string_view const* data = nullptr;
    std::size_t size = 0;
};

/// What analysis.cpp finds, per rule.
struct rule_facts {
    bool regular = false;      ///< no rule it reaches (itself included) is recursive
    std::uint64_t states = 0;  ///< its automaton's size as nfa.cpp would build it (saturating)
    std::uint32_t depth = 0;   ///< rule references nested inside it, at most
};

/// The bit-set evaluator's plan (plan.cpp), per node.
struct bit_plan {
    std::vector<byte_set> classes;     ///< byte classes
    std::vector<std::uint32_t> cls;    ///< the node matches one byte of this class (none: it is not a class)
    std::vector<std::uint32_t> fmemo;  ///< its memo slot (none: not memoized, cheap to evaluate again)
    /// The class of the bytes a match of the node can start with (none: it may match the empty string).
    std::vector<std::uint32_t> first;
    /// A fixed sequence: classes (str = false) and strings (str = true) one after another.
    struct item {
        bool str;
        std::uint32_t index;  ///< into classes, or the str node's node index
    };
    std::vector<std::vector<item>> seqs;
    std::vector<std::uint32_t> seq;      ///< per node: its sequence (none: not one)
    std::vector<std::uint32_t> seq_len;  ///< per node with a sequence: the bytes it takes
    std::uint32_t fmemo_slots = 0;
};

/** A compiled grammar. Immutable once compile() returns, but for the
    automata, which are built on first use of a rule (thread-safe) and
    kept: `automata[rule]` is set once and never changes after.
*/
struct grammar_impl {
    std::vector<diagnostic> diags;
    std::size_t diags_left_out = 0;
    bool ok = false;
    std::vector<node> nodes;
    std::vector<std::uint32_t> kids;
    std::vector<byte_set> sets;
    std::vector<std::string> strs;
    std::vector<rule_info> rules;
    std::vector<std::string> user_names;
    std::size_t step_limit = 0;
    bool use_automata = true;  ///< compile_options::automata

    std::vector<std::uint32_t> memo;     ///< per node: the general evaluator's memo slot (alt, cat, rep)
    std::uint32_t memo_slots = 0;
    std::vector<std::uint32_t> min_len;  ///< per node, for generate (none: it cannot be generated)
    std::vector<rule_facts> facts;       ///< per rule
    bit_plan plan;

    /// The rule named `name` (any case), or none; allocates nothing.
    std::uint32_t find(std::string_view name) const noexcept;
    /// Builds the lookup table find() reads (after `rules` is complete).
    void index_names();

    /// The automaton of a regular rule, built on first use; null when the
    /// rule is not regular or its automaton would exceed the budget.
    automaton const* automaton_of(std::uint32_t rule) const;

    /// The names of `rules` (and "end of input" if `end`), sorted, each
    /// once: interned, so that a failure's names need no allocation the
    /// second time (thread-safe; the lists live as long as the grammar).
    name_list names_of(std::vector<std::uint32_t> const& rules, bool end) const;

    grammar_impl();
    ~grammar_impl();
    grammar_impl(grammar_impl const&) = delete;
    grammar_impl& operator=(grammar_impl const&) = delete;

private:
    std::vector<std::uint32_t> name_slots_;  ///< open addressing: rule index or none

    struct automaton_slot;
    mutable std::unique_ptr<automaton_slot[]> automata_;
    mutable std::mutex build_mutex_;
    struct name_store;
    std::unique_ptr<name_store> names_;
    std::uint64_t serial_;  ///< this grammar's number, never reused in the process
    name_list intern_names(std::vector<std::uint32_t> const& rules, bool end) const;
};

/// The texts compiled into a grammar (compile.cpp), usable or not (its
/// `ok` and diagnostics say).
std::shared_ptr<grammar_impl const> build(std::vector<source> const& sources, compile_options const& opt);

/** A hash of a rule name that ignores ASCII case, eight bytes at a time:
    each byte with bit 0x20 set, which lowers a letter and leaves the other
    characters of a rule name (digits, "-") as they are; find() compares
    names in full, so other bytes that meet are only a collision.
*/
inline std::uint64_t name_hash(std::string_view s) noexcept
{
    constexpr std::uint64_t mul = 0x9E3779B97F4A7C15ull;
    std::uint64_t h = (s.size() + 1) * mul;
    std::size_t i = 0;
    for (; i + 8 <= s.size(); i += 8) {
        std::uint64_t w;
        std::memcpy(&w, s.data() + i, 8);
        h = (h ^ (w | 0x2020202020202020ull)) * mul;
        h ^= h >> 29;
    }
    if (i < s.size()) {
        std::uint64_t w = 0;
        std::memcpy(&w, s.data() + i, s.size() - i);
        h = (h ^ (w | (0x2020202020202020ull >> (8 * (8 - (s.size() - i)))))) * mul;
    }
    return h ^ (h >> 32);
}

/// Appends the UTF-8 encoding of `cp` (at most 0x10FFFF).
inline void put_utf8(std::string& out, std::uint32_t cp)
{
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

/** A memo table stamped by generation, reused from one match to the next
    on the same thread: an entry is set when its stamp is the generation,
    so that starting a match costs no clearing (but every 2^32 matches).
*/
template <class Slot>
struct stamped_table {
    std::vector<std::uint32_t> stamp;
    std::vector<Slot> slots;
    std::uint32_t gen = 0;

    /// Makes room for `entries` and forgets every entry.
    void start(std::size_t entries)
    {
        if (stamp.size() < entries) {
            stamp.assign(entries, 0);
            slots.resize(entries);
            gen = 0;
        }
        if (++gen == 0) {
            std::fill(stamp.begin(), stamp.end(), 0);
            gen = 1;
        }
    }
    bool has(std::size_t k) const noexcept { return stamp[k] == gen; }
    Slot const& get(std::size_t k) const noexcept { return slots[k]; }
    void set(std::size_t k, Slot const& v) noexcept
    {
        stamp[k] = gen;
        slots[k] = v;
    }
};

/// The length of the UTF-8 encoding of `cp`.
inline std::uint32_t utf8_len(std::uint32_t cp) noexcept
{
    return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

/** The code point `cp` of the UTF-8 sequence of `len` octets at `pos` of the
    `n` octets at `in`; false if no valid one starts there (RFC 3629 section
    4: no overlong form, no surrogate, nothing past U+10FFFF). The
    evaluators match `num-val`s above 0xFF through it; nfa.cpp's byte
    ranges accept the same sequences.
*/
inline bool decode_utf8(unsigned char const* in, std::uint32_t n, std::uint32_t pos, std::uint32_t& cp,
                        std::uint32_t& len) noexcept
{
    if (pos >= n)
        return false;
    len = static_cast<std::uint32_t>(lexical::utf8_sequence_length(in + pos, n - pos));
    if (len == 0)
        return false;
    cp = len == 1 ? in[pos] : in[pos] & (0xFFu >> (len + 1)); // the lead octet's payload
    for (std::uint32_t i = 1; i < len; ++i)
        cp = cp << 6 | (in[pos + i] & 0x3F);
    return true;
}

/// The step limit of a match: asked, else the grammar's, else the default.
inline std::size_t limit_for(grammar_impl const& g, std::size_t asked, std::size_t n) noexcept
{
    if (asked)
        return asked;
    if (g.step_limit)
        return g.step_limit;
    return n > (std::size_t(-1) - 1000000) / 200 ? std::size_t(-1) : std::max<std::size_t>(1000000, 200 * n);
}

} // namespace detail
} // namespace abnf
} // namespace urns

#endif
