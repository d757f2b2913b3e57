// X3 layer. Do not include from public headers; include from a .cpp only.
//
// The one iterator type and the one context type every grammar rule is
// instantiated for. A rule instantiated for another context links to
// nothing: "undefined reference to parse_rule<char const*, context<...>>".
#ifndef URNS_GRAMMAR_CONFIG_HPP
#define URNS_GRAMMAR_CONFIG_HPP

#include <boost/spirit/home/x3.hpp>

namespace urns {
namespace grammar {

namespace x3 = boost::spirit::x3;

/// Every grammar parses contiguous bytes.
using iterator_type = char const*;

/** Where the first failed expectation was, and what was expected there.

    The grammars never throw: a `must(p)` point that fails writes here (if
    nothing was written before) and fails; the caller reads it when the
    parse as a whole fails.
*/
struct error_slot {
    char const* where = nullptr;   ///< the byte that could not be accepted
    char const* which = nullptr;   ///< ABNF name of what was expected (static); null: nothing recorded
    int code = 0;                  ///< urns::error value
    /// A "%" that starts a pct-encoded triplet was taken (pct_sign): the
    /// input may hold "%00", which RFC 2141 and draft-03 forbid in prose,
    /// so the semantic layer looks for it only then. It is a hint, never
    /// cleared on backtracking: set when in doubt.
    bool saw_pct = false;
};

struct error_slot_tag;

/// The context of every rule: the error slot, nothing else (no skipper).
using context_type = x3::context<error_slot_tag, error_slot>;

} // namespace grammar
} // namespace urns

#endif
