// SPDX-License-Identifier: BSL-1.0
// X3-free public header: the directives of a draft-03 query
// ("?keywd=value&keywd=value").
#ifndef URNS_QUERY_HPP
#define URNS_QUERY_HPP

#include <urns/config.hpp>
#include <urns/error.hpp>
#include <urns/syntax.hpp>
#include <urns/urn_view.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string_view>
#include <vector>

namespace urns {

/** One directive of a draft-03 query: `keywd "=" value`.

    Both parts are as written (the value may hold triplets; decode it with
    pct::decode). Keywords are case-sensitive: "s" and "S" differ.

    @par Specification
    draft-ietf-urnbis-rfc2141bis-urn-03 section 2.3:
    @code
    directive = keywd "=" value
    keywd     = ALPHA *( ["-"] (ALPHA / DIGIT))
    value     = *v-pchar
    @endcode
*/
struct directive {
    /// The keyword, as written.
    std::string_view keyword;
    /// The value, as written; may be empty.
    std::string_view value;
    /// Byte offset of the keyword in the buffer the directives came from
    /// (the whole URN for directives(urn_view)).
    std::size_t offset = 0;

    /// Byte offset of the value (after "=").
    std::size_t value_offset() const noexcept { return offset + keyword.size() + 1; }

    /// Same keyword, value and offset.
    friend bool operator==(directive const& a, directive const& b) noexcept
    {
        return a.keyword == b.keyword && a.value == b.value && a.offset == b.offset;
    }
    /// Not operator==.
    friend bool operator!=(directive const& a, directive const& b) noexcept { return !(a == b); }
};

/** The directives of a valid urn-query, in the order written, found
    lazily: no allocation, O(1) amortized per step (each byte is looked at
    once per pass).

    Made only by parse_query() or directives(), which have checked the
    whole query, so iterating is always safe.

    @par Example
    @code
    auto v = urns::parse_urn("urn:isbn:0-395-36341-1?s=I2L&c=ToC").value();
    for (urns::directive const& d : urns::directives(v).value())
        std::cout << d.keyword << " -> " << d.value << '\n';   // s -> I2L, c -> ToC
    @endcode

    @par Specification
    draft-03 section 2.3: `urn-query = directive *( "&" directive)`.
*/
class URNS_DECL directives_view {
public:
    /// A forward iterator over the directives (value_type directive).
    class URNS_DECL iterator {
    public:
        /// @{
        /// The standard iterator types of a forward iterator over directive.
        using iterator_category = std::forward_iterator_tag;
        using value_type = directive;
        using difference_type = std::ptrdiff_t;
        using pointer = directive const*;
        using reference = directive const&;
        /// @}

        /// A singular iterator, to assign to.
        iterator() noexcept = default;

        /// The directive here.
        directive const& operator*() const noexcept { return d_; }
        /// The directive here.
        directive const* operator->() const noexcept { return &d_; }

        /// The next directive (or the end).
        iterator& operator++() noexcept;
        /// The next directive (or the end); returns the old position.
        iterator operator++(int) noexcept
        {
            iterator t = *this;
            ++*this;
            return t;
        }

        /// Whether both are at the same directive of the same query.
        friend bool operator==(iterator const& a, iterator const& b) noexcept
        {
            return a.p_ == b.p_;
        }
        /// Not operator==.
        friend bool operator!=(iterator const& a, iterator const& b) noexcept
        {
            return a.p_ != b.p_;
        }

    private:
        friend class directives_view;
        iterator(char const* p, char const* first, char const* last, std::size_t base) noexcept;
        void load() noexcept;

        char const* p_ = nullptr;      // start of the current directive; last at the end
        char const* first_ = nullptr;  // start of the query
        char const* last_ = nullptr;   // end of the query
        std::size_t base_ = 0;         // offset of first_ in the buffer
        directive d_;
    };
    /// Same as iterator: the directives are read-only.
    using const_iterator = iterator;

    /// No directives.
    directives_view() noexcept = default;

    /// The first directive.
    iterator begin() const noexcept;
    /// Past the last directive.
    iterator end() const noexcept;

    /// Whether there are no directives (only a default-constructed view).
    bool empty() const noexcept { return q_.empty(); }

    /// The query text, without "?".
    std::string_view text() const noexcept { return q_; }

    /// Byte offset of text() in the buffer.
    std::size_t offset() const noexcept { return base_; }

private:
    friend URNS_DECL result<directives_view> parse_query(std::string_view query,
                                                         std::size_t base) noexcept;
    directives_view(std::string_view q, std::size_t base) noexcept : q_(q), base_(base) {}

    std::string_view q_;
    std::size_t base_ = 0;
};

/** Checks a query string (without "?") against draft-03's urn-query rule
    and gives its directives.

    "%00" is refused too (draft-03 section 2.5.3: NUL "MUST NOT be used in
    URNs"). Never allocates, never throws; linear in the query's length.

    @param query The text after "?" and before any "#".
    @param base Added to every offset, so that offsets can refer to a
    larger buffer.

    @return The directives, or a parse_error with code error::bad_query
    (or error::nul_octet) and the offset (plus `base`) of the first byte
    that cannot be accepted, with the rule expected there ("keywd",
    "\"=\"", "HEXDIG", "directive", "urn-query"). The empty string is an
    error: a query has at least one directive.

    @par Example
    @code
    auto d = urns::parse_query("s=I2L&c=ToC").value();
    assert(std::distance(d.begin(), d.end()) == 2);
    assert(urns::parse_query("s=I2L&").error().offset == 6);
    @endcode

    @par Specification
    draft-ietf-urnbis-rfc2141bis-urn-03 section 2.3:
    @code
    urn-query = directive *("&" directive)
    directive = keywd "=" value
    keywd     = ALPHA *( ["-"] (ALPHA / DIGIT))
    value     = *v-pchar
    v-pchar   = unreserved / pct-encoded / v-subdels
    v-subdels = "!" / "$" / "'" / "(" / ")"
              / "*" / "+" / "," / ";" / "="
              / ":" / "@" / "/" / "?"
    @endcode
*/
URNS_DECL result<directives_view> parse_query(std::string_view query, std::size_t base = 0) noexcept;

/** The directives of a URN's draft-03 query, with offsets into
    v.buffer().

    @return The directives, or error::bad_query if `v` has no query (it
    is empty, or was parsed with another syntax than rfc2141bis, or has no
    "?"): offset = v.buffer().size(), `expected` = "urn-query". The query is
    checked again (linear, no allocation), so a view that does not hold a
    valid query gives an error, never undefined behaviour.

    @par Example
    @code
    auto v = urns::parse_urn("urn:foo:a123,456?x=y").value();
    auto d = urns::directives(v).value();
    assert(d.begin()->keyword == "x" && d.begin()->offset == 17);
    @endcode

    @par Specification
    draft-03 section 2.3.
*/
URNS_DECL result<directives_view> directives(urn_view v) noexcept;

//------------------------------------------------

/** The keywords registered by draft-03 (URN Query Keywords sub-registry).

    @par Specification
    draft-03 sections 2.3.1, 2.3.2 and 9.2.1.
*/
enum class query_keyword : std::uint8_t {
    s, ///< "s": intended URN resolution service (section 2.3.1)
    c, ///< "c": component of structured resource (section 2.3.2)
};

/** The keyword as registered: "s" or "c".

    @par Example
    @code
    assert(urns::to_string(urns::query_keyword::c) == "c");
    @endcode

    @par Specification
    draft-03 section 9.2.1.
*/
constexpr std::string_view to_string(query_keyword k) noexcept
{
    return k == query_keyword::c ? "c" : "s";
}

/** The registered keyword spelled exactly `keyword` (case-sensitive:
    "S" is not "s"), or nothing.

    @par Example
    @code
    assert(urns::registered_keyword("s") == urns::query_keyword::s);
    assert(!urns::registered_keyword("S"));
    @endcode

    @par Specification
    draft-03 sections 2.3 ("these directives are regarded as
    case-sensitive") and 9.2.1.
*/
URNS_DECL std::optional<query_keyword> registered_keyword(std::string_view keyword) noexcept;

/** The values of the "s" keyword registered by draft-03 (URN Resolution
    Service Designators sub-registry, all "provisional", from RFC 2483
    section 4).

    @par Specification
    draft-03 section 9.2.2.
*/
enum class resolution_service : std::uint8_t {
    i2l,    ///< "I2L": URI to URL (RFC 2483 section 4.1)
    i2ls,   ///< "I2Ls": URI to URLs (4.2)
    i2r,    ///< "I2R": URI to resource (4.3)
    i2rs,   ///< "I2Rs": URI to resources (4.4)
    i2c,    ///< "I2C": URI to URC (4.5)
    i2cs,   ///< "I2Cs": URI to URCs (4.6)
    i2n,    ///< "I2N": URI to URN (4.7)
    i2ns,   ///< "I2Ns": URI to URNs (4.8)
    i_eq_i, ///< "I=I": URI equal to URI? (4.9)
};

/// One row of the draft-03 section 9.2.2 registry.
struct resolution_service_entry {
    resolution_service service; ///< the service as an enumerator
    std::string_view name;      ///< as registered: "I2L", ..., "I=I"
    std::string_view purpose;   ///< "URI to URL", ...
    std::string_view status;    ///< "provisional" for all initial entries
    std::string_view reference; ///< "RFC 2483, sec. 4.1", ...
};

/// The draft-03 section 9.2.2 registry, in its order.
inline constexpr std::array<resolution_service_entry, 9> resolution_service_registry = {{
    {resolution_service::i2l, "I2L", "URI to URL", "provisional", "RFC 2483, sec. 4.1"},
    {resolution_service::i2ls, "I2Ls", "URI to URLs", "provisional", "RFC 2483, sec. 4.2"},
    {resolution_service::i2r, "I2R", "URI to resource", "provisional", "RFC 2483, sec. 4.3"},
    {resolution_service::i2rs, "I2Rs", "URI to resources", "provisional", "RFC 2483, sec. 4.4"},
    {resolution_service::i2c, "I2C", "URI to URC", "provisional", "RFC 2483, sec. 4.5"},
    {resolution_service::i2cs, "I2Cs", "URI to URCs", "provisional", "RFC 2483, sec. 4.6"},
    {resolution_service::i2n, "I2N", "URI to URN", "provisional", "RFC 2483, sec. 4.7"},
    {resolution_service::i2ns, "I2Ns", "URI to URNs", "provisional", "RFC 2483, sec. 4.8"},
    {resolution_service::i_eq_i, "I=I", "URI equal to URI?", "provisional", "RFC 2483, sec. 4.9"},
}};

/** The registered name of `s`: "I2L", ..., "I=I".

    @par Example
    @code
    assert(urns::to_string(urns::resolution_service::i_eq_i) == "I=I");
    @endcode

    @par Specification
    draft-03 section 9.2.2.
*/
constexpr std::string_view to_string(resolution_service s) noexcept
{
    return resolution_service_registry[static_cast<std::size_t>(s)].name;
}

/** The registered service named exactly `value` (case-sensitive, as
    written: "i2l" and "I%32L" are not "I2L"), or nothing.

    @par Example
    @code
    assert(urns::resolution_service_from_string("I2Rs") == urns::resolution_service::i2rs);
    assert(!urns::resolution_service_from_string("I2U"));   // section 2.3.1's example, not registered
    @endcode

    @par Specification
    draft-03 sections 2.3, 2.3.1 and 9.2.2.
*/
URNS_DECL std::optional<resolution_service> resolution_service_from_string(std::string_view value) noexcept;

//------------------------------------------------

/** The directive with keyword `keyword` if it appears exactly once, or
    nothing if it is absent or repeated (then all its directives are void).

    Linear, no allocation.

    @par Example
    @code
    auto d = urns::parse_query("s=I2L&c=ToC&c=x").value();
    assert(urns::find_directive(d, "s")->value == "I2L");
    assert(!urns::find_directive(d, "c"));   // repeated: void
    @endcode

    @par Specification
    draft-03 section 2.3: "A URN resolver that receives a URN reference
    violating this rule MUST ignore all query directives therein using the
    offending <keywd>(s)".
*/
URNS_DECL std::optional<directive> find_directive(directives_view d, std::string_view keyword) noexcept;

/** The service a URN's query asks for with "s": the registered service
    named by the value of its one "s" directive; nothing if there is no
    "s", if "s" is repeated (void, section 2.3) or if its value is not
    registered (section 2.3.1: fall back to the default service).

    @return The service or nothing, or the error of directives(v).

    @par Example
    @code
    auto v = urns::parse_urn("urn:isbn:0-395-36341-1?s=I2L&c=ToC").value();
    assert(*urns::requested_service(v).value() == urns::resolution_service::i2l);
    @endcode

    @par Specification
    draft-03 sections 2.3, 2.3.1, 9.2.2.
*/
URNS_DECL result<std::optional<resolution_service>> requested_service(urn_view v) noexcept;

/** Appends to `out`, in the order written, the directives that remain
    after the rule of section 2.3: every directive whose keyword appears
    more than once in the query is dropped (all of them, not just the
    repeats).

    The rule is applied to every keyword, registered or not: a keyword we
    do not know may be registered (by a namespace), and the rule exists
    to keep the meaning independent of order. O(n log n) keyword
    comparisons for n directives; `out` is the only memory used.

    @par Example
    @code
    std::vector<urns::directive> out;
    urns::effective_directives(urns::parse_query("s=I2L&c=1&s=I2R").value(), out);
    // out holds only c=1
    @endcode

    @par Specification
    draft-03 section 2.3: "Each registered <keywd> MUST NOT appear more
    than once in any URN. A URN resolver that receives a URN reference
    violating this rule MUST ignore all query directives therein using the
    offending <keywd>(s)".
*/
URNS_DECL void effective_directives(directives_view d, std::vector<directive>& out);

/** The effective directives (see above) of a URN's query, in the order
    written.

    @return The directives, or the error of directives(v).

    @par Example
    @code
    auto v = urns::parse_urn("urn:ex:a?s=I2L&c=1&s=I2R").value();
    auto e = urns::effective_directives(v).value();   // only c=1
    @endcode

    @par Specification
    draft-03 section 2.3.
*/
URNS_DECL result<std::vector<directive>> effective_directives(urn_view v);

} // namespace urns

#endif
