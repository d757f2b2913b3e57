// SPDX-License-Identifier: BSL-1.0
// Internal, X3-free: the rules of one ABNF text as src/abnf/reader.cpp reads
// them (a tree per rule), which src/abnf/engine.cpp merges, checks and
// compiles.
#ifndef URNS_SRC_ABNF_AST_HPP
#define URNS_SRC_ABNF_AST_HPP

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace urns {
namespace abnf {
namespace detail {

/// What an expression is.
enum class op : std::uint8_t {
    alt,    ///< alternation of kids
    cat,    ///< concatenation of kids
    rep,    ///< kids[0], min to max times (max = unbounded: any number)
    ref,    ///< the rule named text
    bytes,  ///< one byte of set
    str,    ///< the bytes of text; sensitive: exactly, else ASCII case-insensitively
    utf8,   ///< one UTF-8 encoded code point in lo..hi
    prose   ///< a prose-val: never matches
};

inline constexpr std::uint32_t unbounded = 0xFFFFFFFFu;

/// An expression of a rule's body.
struct expr {
    op kind = op::cat;
    std::vector<expr> kids;
    std::uint32_t min = 1, max = 1;
    std::string text;
    bool sensitive = true;
    std::array<std::uint64_t, 4> set{};
    std::uint32_t lo = 0, hi = 0;
    std::size_t offset = 0;  ///< where it starts in its text

    void add_byte(unsigned c) { set[c >> 6] |= std::uint64_t(1) << (c & 63); }
    bool has_byte(unsigned c) const { return (set[c >> 6] >> (c & 63)) & 1; }
};

/// One `name = ...` or `name =/ ...` of a text.
struct rule_text {
    std::string name;
    bool incremental = false;
    expr body;
    std::size_t offset = 0;  ///< of the name
};

/// A fault found while reading: a syntax error (expected is not empty) or a
/// value the engine cannot take (a number too large, a reversed range).
struct read_fault {
    std::size_t offset = 0;
    std::string message;
    std::vector<std::string> expected;
    std::string rule;
};

struct read_result {
    std::vector<rule_text> rules;
    std::vector<read_fault> faults;  ///< a syntax error leaves rules empty
};

/// Reads one ABNF text with the X3 grammar of grammar/rfc5234-abnf.abnf.
read_result read(std::string_view text);

} // namespace detail
} // namespace abnf
} // namespace urns

#endif
