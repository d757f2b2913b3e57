// SPDX-License-Identifier: BSL-1.0
//
// Internal, X3-free: the grammars' entry points besides whole URNs, for the
// semantic layer. They run the same X3 rules as parse_urn (src/parse.cpp is
// the one place that calls them), so nothing outside the grammar recognizes
// these rules again.
#ifndef URNS_SRC_DETAIL_GRAMMAR_ENTRY_HPP
#define URNS_SRC_DETAIL_GRAMMAR_ENTRY_HPP

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

// parse_by_grammar(s, syn), parse_urn by the grammar alone, is declared in
// <urns/parse.hpp>: parse_urn's inline choice of a syntax calls it.

/// The error parse_urn gives `s` from its table of learnt faults (the
/// error path of src/parse.cpp), without the grammar; nothing where the
/// table leaves `s` to the grammar (or `s` has no fault).
std::optional<parse_error> learnt_fault(std::string_view s, syntax syn) noexcept;

} // namespace detail
} // namespace urns

#endif
