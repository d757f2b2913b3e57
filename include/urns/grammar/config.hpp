// SPDX-License-Identifier: BSL-1.0
// X3 layer, internal: the pieces the grammars and the extension surface
// (urns/nss/x3.hpp) are built from, in namespace urns::grammar like the
// grammars of src/grammar/; not API (docs/namespaces.md). Include from a
// .cpp only.
//
// The one iterator type and the one context type every grammar rule is
// instantiated for. A rule instantiated for another context links to
// nothing: "undefined reference to parse_rule<char const*, context<...>>".
#ifndef URNS_GRAMMAR_CONFIG_HPP
#define URNS_GRAMMAR_CONFIG_HPP

/// \cond URNS_INTERNAL

// The parts of X3 the grammars use (not <boost/spirit/home/x3.hpp> whole,
// which brings numerics, symbols and binary parsers too): include others,
// such as <boost/spirit/home/x3/numeric/uint.hpp>, where a grammar needs them.
#include <boost/spirit/home/x3/auxiliary/eoi.hpp>
#include <boost/spirit/home/x3/auxiliary/eps.hpp>
#include <boost/spirit/home/x3/char/char.hpp>
#include <boost/spirit/home/x3/core.hpp>
#include <boost/spirit/home/x3/directive/expect.hpp>
#include <boost/spirit/home/x3/directive/no_case.hpp>
#include <boost/spirit/home/x3/directive/omit.hpp>
#include <boost/spirit/home/x3/directive/raw.hpp>
#include <boost/spirit/home/x3/directive/repeat.hpp>
#include <boost/spirit/home/x3/nonterminal/rule.hpp>
#include <boost/spirit/home/x3/operator.hpp>
#include <boost/spirit/home/x3/string/literal_string.hpp>

namespace urns {
namespace grammar {

namespace x3 = boost::spirit::x3;

/// Every grammar parses contiguous bytes.
using iterator_type = char const*;

/** The farthest failed expectation, and what was expected there.

    The grammars never throw: a `must(p)` point that fails reports here and
    fails. The slot keeps the failure that reached farthest into the input,
    with up to eight names expected at that byte (recorded in order, under
    the error code of the first; more_dropped counts the names past them). A failure nearer the start than the one
    kept is a path that backtracking abandoned, and is dropped, so no state
    goes stale across backtracking. The caller reads the slot when the parse
    as a whole fails.
*/
struct error_slot {
    static constexpr unsigned max_names = 8;

    char const* where = nullptr;           ///< the byte that could not be accepted
    char const* which = nullptr;           ///< first name expected there (static); null: nothing recorded
    int code = 0;                          ///< urns::error value of the first failure there
    char const* more[max_names - 1];       ///< further names expected at `where` (the first more_count)
    unsigned more_count = 0;
    unsigned more_dropped = 0;             ///< names expected at `where` that `more` had no room for

    /// A failure at `at`, where `name` (static storage) was expected.
    void record(char const* at, char const* name, int c) noexcept
    {
        if (!which || at > where) {
            where = at;
            which = name;
            code = c;
            more_count = 0;
            more_dropped = 0;
            return;
        }
        if (at < where)
            return;
        // The same byte: another name for the same kind of fault.
        if (c != code || same(which, name))
            return;
        for (unsigned i = 0; i < more_count; ++i)
            if (same(more[i], name))
                return;
        if (more_count < max_names - 1)
            more[more_count++] = name;
        else
            ++more_dropped;
    }

private:
    static bool same(char const* a, char const* b) noexcept
    {
        if (a == b)
            return true;
        while (*a && *a == *b) {
            ++a;
            ++b;
        }
        return *a == *b;
    }
};

struct error_slot_tag;

/// The context of every rule: the error slot, nothing else (no skipper).
using context_type = x3::context<error_slot_tag, error_slot>;

} // namespace grammar
} // namespace urns

/// \endcond

#endif
