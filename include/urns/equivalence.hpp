// SPDX-License-Identifier: BSL-1.0
// X3-free public header: lexical equivalence of URNs, their canonical form,
// and hashes and function objects that agree with it.
#ifndef URNS_EQUIVALENCE_HPP
#define URNS_EQUIVALENCE_HPP

#include <urns/config.hpp>
#include <urns/syntax.hpp>
#include <urns/urn_view.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace urns {

/** Which document's procedure decides whether two URNs are "the same".

    Every mode ignores the case of the scheme "urn" and of the NID, upper-
    cases the hex digits of percent-encoded octets, and never decodes them
    (`%2C` is not `,` and `%41` is not `A`). The NSS is otherwise compared
    octet by octet, case-sensitively. The modes differ in what follows the
    NSS:

    | mode | query (draft-03) | r-, q-components (RFC 8141) | fragment |
    |---|---|---|---|
    | rfc2141 | compared | compared | compared |
    | rfc2141bis_drop_query | ignored | ignored | ignored |
    | rfc2141bis_keep_query | compared, directives sorted | ignored | ignored |
    | rfc8141 | ignored | ignored | ignored |

    A mode applies to the components that the parser found, so a view keeps
    the meaning of its own syntax(): `urn:ex:a?b#c` parsed with
    syntax::rfc2141 has the NSS `a?b#c` (RFC 2141 has no query or
    fragment), and every mode compares all of it.

    @par Example
    @code
    auto a = urns::parse_urn("urn:foo:a123,456?x=y").value();
    auto b = urns::parse_urn("URN:FOO:a123,456").value();
    assert(urns::equivalent(a, b, urns::equivalence_mode::rfc2141bis_drop_query));
    assert(!urns::equivalent(a, b, urns::equivalence_mode::rfc2141bis_keep_query));
    @endcode

    @par Specification
    RFC 2141 section 5; draft-ietf-urnbis-rfc2141bis-urn-03 section 5;
    RFC 8141 section 3.1; RFC 3986 section 6.2.2.1.
*/
enum class equivalence_mode : std::uint8_t {
    /// RFC 2141 section 5, steps 1-3: the whole URN, with the case of
    /// "urn:", of the NID and of "%hh" hex digits normalized.
    rfc2141 = 0,
    /// draft-03 section 5, steps 1-4 and 5a ("if the objective is related to
    /// distinguishing named resources"): the fragment and the query are
    /// removed. The default for syntax::rfc2141bis.
    rfc2141bis_drop_query = 1,
    /// draft-03 section 5, steps 1-4 and 5b ("if the objective is related to
    /// caching specific URN resolution results"): the fragment is removed
    /// and the query's directives are brought into our preferred order:
    /// ascending keyword, compared byte by byte (a keyword sorts before a
    /// longer one it begins), and, for equal keywords, ascending value
    /// after hex-case normalization, byte by byte. The query is "an
    /// unordered sequence of directives" (section 2.3), so any reordering
    /// of it is equivalent; directives are neither removed nor merged.
    rfc2141bis_keep_query = 2,
    /// RFC 8141 section 3.1: the assigned-name only; r-, q- and
    /// f-components are not taken into account.
    rfc8141 = 3,
};

/// "rfc2141", "rfc2141bis-5a", "rfc2141bis-5b" or "rfc8141".
constexpr std::string_view to_string(equivalence_mode m) noexcept
{
    switch (m) {
    case equivalence_mode::rfc2141: return "rfc2141";
    case equivalence_mode::rfc2141bis_drop_query: return "rfc2141bis-5a";
    case equivalence_mode::rfc2141bis_keep_query: return "rfc2141bis-5b";
    case equivalence_mode::rfc8141: break;
    }
    return "rfc8141";
}

/** The mode that a syntax's own document defines: rfc2141 for
    syntax::rfc2141, rfc2141bis_drop_query (step 5a, "distinguishing named
    resources") for syntax::rfc2141bis, rfc8141 for syntax::rfc8141.

    @par Example
    @code
    static_assert(urns::default_equivalence(urns::syntax::rfc8141) ==
                  urns::equivalence_mode::rfc8141);
    @endcode

    @par Specification
    RFC 2141 section 5; draft-03 section 5; RFC 8141 section 3.1.
*/
constexpr equivalence_mode default_equivalence(urns::syntax s) noexcept
{
    switch (s) {
    case syntax::rfc2141: return equivalence_mode::rfc2141;
    case syntax::rfc8141: return equivalence_mode::rfc8141;
    case syntax::rfc2141bis: break;
    }
    return equivalence_mode::rfc2141bis_drop_query;
}

/** Whether two URNs are lexically equivalent in mode `m`.

    Compares on the fly: no copy of either URN is made and nothing is
    allocated, with one exception: in mode rfc2141bis_keep_query, two
    queries with more than 64 directives that are not in the same order
    have the offsets of their directives sorted in one array per URN, freed
    before returning. (Comparing two multisets with no memory takes
    quadratic time, which a 16 MiB query would turn into a denial of
    service; if the allocation fails, that comparison is what is done.)
    Time is linear in the lengths, or O(n log n) in the number of
    directives in mode rfc2141bis_keep_query.

    A view that is not a URN (default-constructed) is equivalent only to
    another such view.

    @par Example
    @code
    auto a = urns::parse_urn("URN:foo:a123%2c456").value();
    auto b = urns::parse_urn("urn:FOO:a123%2C456").value();
    auto c = urns::parse_urn("urn:foo:a123,456").value();
    assert(urns::equivalent(a, b, urns::equivalence_mode::rfc2141));
    assert(!urns::equivalent(a, c, urns::equivalence_mode::rfc2141)); // %2C is not decoded
    @endcode

    @par Specification
    RFC 2141 section 5 ("Two URNs are lexically equivalent if they are
    octet-by-octet equal after the following preprocessing"); draft-03
    section 5; RFC 8141 section 3.1.
*/
URNS_DECL bool equivalent(urn_view const& a, urn_view const& b, equivalence_mode m) noexcept;

/** Whether two URNs are lexically equivalent in the default mode of the
    first one's syntax (default_equivalence(a.syntax())).

    @par Example
    @code
    auto a = urns::parse_urn("urn:example:a?+r", urns::syntax::rfc8141).value();
    auto b = urns::parse_urn("URN:EXAMPLE:a#f", urns::syntax::rfc8141).value();
    assert(urns::equivalent(a, b));
    @endcode

    @par Specification
    RFC 2141 section 5; draft-03 section 5 (step 5a); RFC 8141 section 3.1.
*/
URNS_DECL bool equivalent(urn_view const& a, urn_view const& b) noexcept;

/** Appends the canonical form of `v` in mode `m` to `out`.

    The canonical form is the string that the mode compares: "urn:", the
    NID in lower case, ":", the NSS with "%hh" hex digits in upper case and
    nothing decoded, then what the mode keeps (rfc2141: everything that
    follows, hex case normalized; rfc2141bis_keep_query: the query with its
    directives in our preferred order; the other modes: nothing). It
    parses in v.syntax(), and for any two URNs a and b,
    `equivalent(a, b, m) == (canonical(a, m) == canonical(b, m))`.
    A view that is not a URN appends nothing.

    @par Example
    @code
    std::string s = "<";
    urns::canonical(urns::parse_urn("URN:Foo:a%2c?s=I2L&c=ToC").value(),
                    urns::equivalence_mode::rfc2141bis_keep_query, s);
    assert(s == "<urn:foo:a%2C?c=ToC&s=I2L");
    @endcode

    @par Specification
    RFC 2141 section 5; draft-03 section 5 (the "preferred order" of step
    5b is ours, see equivalence_mode); RFC 8141 section 3.1; RFC 3986
    section 6.2.2.1 (upper-case hex digits).
*/
URNS_DECL void canonical(urn_view const& v, equivalence_mode m, std::string& out);

/** The canonical form of `v` in mode `m`, as a new string (see the
    overload that appends).

    @par Example
    @code
    auto v = urns::parse_urn("URN:EXAMPLE:a123%2cz456?+r#f", urns::syntax::rfc8141).value();
    assert(urns::canonical(v, urns::equivalence_mode::rfc8141) == "urn:example:a123%2Cz456");
    @endcode

    @par Specification
    RFC 8141 section 3.1; draft-03 section 5; RFC 2141 section 5.
*/
URNS_DECL std::string canonical(urn_view const& v, equivalence_mode m);

namespace detail {
/// Receives the canonical form piece by piece.
using canonical_sink = void (*)(void* ctx, char const* data, std::size_t size);
/// Emits the canonical form of `v` through `sink`.
URNS_DECL void emit_canonical(urn_view const& v, equivalence_mode m, canonical_sink sink, void* ctx);
} // namespace detail

/** Writes the canonical form of `v` in mode `m` to an output iterator and
    returns the iterator past the last character written.

    @par Example
    @code
    std::vector<char> buf;
    urns::canonical_to(urns::parse_urn("URN:Ex:a").value(), urns::equivalence_mode::rfc2141,
                       std::back_inserter(buf));   // "urn:ex:a"
    @endcode

    @par Specification
    As canonical().
*/
template <class OutputIt>
OutputIt canonical_to(urn_view const& v, equivalence_mode m, OutputIt out)
{
    detail::emit_canonical(
        v, m,
        [](void* ctx, char const* data, std::size_t size) {
            OutputIt& it = *static_cast<OutputIt*>(ctx);
            for (std::size_t i = 0; i < size; ++i)
                *it++ = data[i];
        },
        &out);
    return out;
}

/** A hash of `v` that agrees with equivalent() in mode `m`: equivalent URNs
    have the same hash. Never allocates; linear time.

    It hashes the canonical form without building it (in mode
    rfc2141bis_keep_query the directives are combined in an order-independent
    way). The value is the same on every run of the same build, but may
    change between versions of the library: do not store it.

    @par Example
    @code
    auto a = urns::parse_urn("URN:FOO:a%2c").value();
    auto b = urns::parse_urn("urn:foo:a%2C").value();
    assert(urns::hash(a, urns::equivalence_mode::rfc2141) ==
           urns::hash(b, urns::equivalence_mode::rfc2141));
    @endcode

    @par Specification
    RFC 2141 section 5; draft-03 section 5; RFC 8141 section 3.1.
*/
URNS_DECL std::size_t hash(urn_view const& v, equivalence_mode m) noexcept;

/** Equality of the exact octets and the syntax: what `urn::operator==`
    compares. Use it with exact_hash for containers of URNs as written.

    @par Example
    @code
    std::unordered_set<urns::urn, urns::exact_hash, urns::exact_equal> set;
    set.insert(urns::urn::parse("urn:foo:a").value());
    set.insert(urns::urn::parse("URN:foo:a").value());   // another element
    assert(set.size() == 2);
    @endcode

    @par Specification
    RFC 3986 section 6.2.1 (simple string comparison).
*/
struct exact_equal {
    /// Lets heterogeneous lookup compare a urn_view with the urn keys.
    using is_transparent = void;
    /// Same syntax and same octets.
    bool operator()(urn_view const& a, urn_view const& b) const noexcept
    {
        return a.syntax() == b.syntax() && a.buffer() == b.buffer();
    }
};

/** A hash of the exact octets, equal to `std::hash<urns::urn>`; agrees with
    exact_equal.

    @par Example
    @code
    auto u = urns::urn::parse("urn:foo:a").value();
    assert(urns::exact_hash{}(u) == std::hash<urns::urn>{}(u));
    @endcode

    @par Specification
    RFC 3986 section 6.2.1.
*/
struct exact_hash {
    /// Lets heterogeneous lookup hash a urn_view for the urn keys.
    using is_transparent = void;
    /// The hash of buffer().
    std::size_t operator()(urn_view const& v) const noexcept
    {
        return std::hash<std::string_view>{}(v.buffer());
    }
};

/** Lexical equivalence in mode `M` as a function object, for containers.

    @par Example
    @code
    using mode = urns::equivalence_mode;
    std::unordered_set<urns::urn, urns::equivalent_hash<mode::rfc8141>,
                       urns::equivalent_to<mode::rfc8141>> set;
    set.insert(urns::urn::parse("urn:example:a", urns::syntax::rfc8141).value());
    set.insert(urns::urn::parse("URN:EXAMPLE:a#f", urns::syntax::rfc8141).value());
    assert(set.size() == 1);
    @endcode

    @par Specification
    RFC 2141 section 5; draft-03 section 5; RFC 8141 section 3.1.
*/
template <equivalence_mode M>
struct equivalent_to {
    /// Lets heterogeneous lookup compare a urn_view with the urn keys.
    using is_transparent = void;
    /// equivalent(a, b, M).
    bool operator()(urn_view const& a, urn_view const& b) const noexcept { return equivalent(a, b, M); }
};

/** hash() in mode `M` as a function object; agrees with equivalent_to<M>.

    @par Example
    @code
    urns::equivalent_hash<urns::equivalence_mode::rfc2141> h;
    assert(h(urns::parse_urn("URN:Ex:a").value()) == h(urns::parse_urn("urn:eX:a").value()));
    @endcode

    @par Specification
    RFC 2141 section 5; draft-03 section 5; RFC 8141 section 3.1.
*/
template <equivalence_mode M>
struct equivalent_hash {
    /// Lets heterogeneous lookup hash a urn_view for the urn keys.
    using is_transparent = void;
    /// hash(v, M).
    std::size_t operator()(urn_view const& v) const noexcept { return hash(v, M); }
};

} // namespace urns

#endif
