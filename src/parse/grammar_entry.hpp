// SPDX-License-Identifier: BSL-1.0
//
// Internal, X3-free: the parse path's entry points besides parse_urn. The
// grammars' rules that the semantic layer needs on their own (a NID, a
// draft-03 query, an informal NID) run here as they run in parse_urn,
// through src/parse/parse.cpp, the one place that runs the grammars, so
// the semantic layer does not recognize them again; and the hooks by which
// the tests compare the parse path's fast reading with the grammar.
//
// Two readers of URN text are not the grammar, and neither has the last
// word. The parse path's scan (src/parse/scan.hpp) answers "valid" or
// places a learnt error only where the grammar gives the same answer
// (docs/fast-path.md; test fast_path). find_urns' walk
// (src/extract/extract.cpp) is an automaton of its own over the lexical
// classes that finds where a candidate in running text may end, and hands
// each candidate to parse_urn, whose answer decides: tests extract and
// extract_reference (a plain reference extractor built on parse_urn alone)
// and the extract fuzzer tie its matches to the grammar's.
#ifndef URNS_SRC_PARSE_GRAMMAR_ENTRY_HPP
#define URNS_SRC_PARSE_GRAMMAR_ENTRY_HPP

#include <urns/error.hpp>
#include <urns/parse.hpp>
#include <urns/syntax.hpp>
#include <urns/urn_view.hpp>

#include <optional>
#include <string_view>

namespace urns {
namespace detail {

/// The first fault of `nid` as the NID of a URN of syntax `syn` (the NID
/// rule and what the text adds to it: the reserved NID "urn", RFC 8141's
/// informal NIDs), with offsets into `nid`; nothing if it is one.
std::optional<parse_error> nid_fault(std::string_view nid, syntax syn) noexcept;

/// Whether `nid` matches the ABNF NID rule of `syn`, as the rule is
/// written (without the rules the prose adds, which parse_urn applies).
bool nid_rule(std::string_view nid, syntax syn) noexcept;

/// The first fault of `query` as a draft-03 `urn-query` (section 2.3,
/// without "%00", section 2.5.3), with offsets into `query`; nothing if it
/// is one.
std::optional<parse_error> urn_query_fault(std::string_view query) noexcept;

/// Whether `nid` is an RFC 8141 InformalNamespaceName ("urn-" Number).
bool informal_namespace_name(std::string_view nid) noexcept;

/// parse_urn(s, syn) by the grammar alone, without the scan of
/// src/parse/scan.hpp nor the learnt errors (test fast_path compares the
/// two; the learnt errors are learnt from it); for a value that is not a
/// syntax, the error parse_urn gives.
result<urn_view> parse_by_grammar(std::string_view s, syntax syn) noexcept;

/// The error parse_urn gives `s` from its learnt errors
/// (src/parse/learnt_errors.hpp), without the grammar; nothing where the
/// table leaves `s` to the grammar (or `s` has no fault).
std::optional<parse_error> learnt_fault(std::string_view s, syntax syn) noexcept;

} // namespace detail
} // namespace urns

#endif
