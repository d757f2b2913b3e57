// SPDX-License-Identifier: BSL-1.0
// X3-free public header: diagnostics beyond syntax (a lint for valid URNs)
// and the IANA registry of URN namespaces.
#ifndef URNS_CHECK_HPP
#define URNS_CHECK_HPP

#include <urns/config.hpp>
#include <urns/urn_view.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace urns {

namespace nss {
class registry;
}

/** How much a diagnostic matters.

    @par Specification
    error: the URN breaks a MUST or MUST NOT of its document that the
    grammar cannot see; warning: a SHOULD NOT, or something that software
    will not understand; note: worth knowing, nothing wrong.
*/
enum class severity : std::uint8_t {
    note = 0,
    warning = 1,
    error = 2,
};

/// "note", "warning" or "error".
constexpr std::string_view to_string(severity s) noexcept
{
    switch (s) {
    case severity::note: return "note";
    case severity::warning: return "warning";
    case severity::error: break;
    }
    return "error";
}

/** What a diagnostic is about. The values and their names (to_string) are
    stable: tools may filter on either.

    @par Specification
    Each value names the section it comes from.
*/
enum class diagnostic_code : std::uint8_t {
    /// The view is not a URN (default-constructed). error.
    not_a_urn = 0,
    /// RFC 2141 section 2.3.2: "/", "?" or "#" in the NSS: "Namespace
    /// developers SHOULD NOT use these characters in unencoded form".
    /// warning; syntax::rfc2141 only (the other syntaxes give them a meaning).
    reserved_unencoded = 1,
    /// A percent-encoded octet that is an unreserved character (ALPHA,
    /// DIGIT, "-", ".", "_", and "~" except in RFC 2141, which excludes it):
    /// RFC 2141 section 2.3.1 and draft-03 section 2.5.2, "a character MUST
    /// NOT be %-encoded if the character is not a reserved character";
    /// RFC 3986 section 2.3, unreserved characters "should not be
    /// percent-encoded". warning.
    needless_pct_encoding = 2,
    /// Lower-case hex digits in a percent-encoding: RFC 3986 section 2.1,
    /// "URI producers and normalizers should use uppercase hexadecimal
    /// digits"; RFC 8141 section 3.1 normalizes them. note.
    lower_case_hex = 3,
    /// A query (draft-03) or r-/q-component (RFC 8141) where an assigned
    /// URN is expected: draft-03 section 2.3, "The <query> part MUST NOT be
    /// present in any *assigned* URN"; RFC 8141 section 2, they are not
    /// part of the assigned-name. error, only with
    /// check_options::assigned_name.
    query_in_assigned_name = 4,
    /// A fragment (f-component): with check_options::assigned_name an
    /// error (draft-03 section 2.4, "The <fragment> part MUST NOT be
    /// present in any *assigned* URN"; RFC 8141 section 2); otherwise, in
    /// syntax::rfc2141bis, a note: "URNs for that particular URN Namespace
    /// MUST NOT contain a fragment identifier" unless its registration
    /// "explicitly specifies its usage" (draft-03 section 2.4).
    fragment = 5,
    /// An "s=" value that is not in the draft-03 section 9.2.2 registry
    /// (I2L, I2Ls, I2R, I2Rs, I2C, I2Cs, I2N, I2Ns, I=I; case-sensitive):
    /// a resolver "MUST gracefully fall back to provide the default
    /// service" (section 2.3.1). warning.
    unknown_service = 6,
    /// A keyword that appears again (draft-03 section 2.3): for a
    /// registered keyword ("s", "c") an error, "Each registered <keywd>
    /// MUST NOT appear more than once", and a resolver "MUST ignore all
    /// query directives therein using the offending <keywd>(s)"; for
    /// another keyword a note. One diagnostic per repetition.
    repeated_keyword = 7,
    /// An informal NID, "urn-" followed by a number (RFC 8141 section 5.2),
    /// listed in the IANA registry. note.
    informal_nid = 8,
    /// An experimental NID, "X-" followed by anything (RFC 3406 section
    /// 3.1; RFC 8141 obsoletes RFC 3406 and registers no such NIDs). warning.
    experimental_nid = 9,
    /// A NID that is not in the IANA registry (formal or informal) that
    /// this library ships: see registered_namespaces(). warning.
    unregistered_nid = 10,
    /// The namespace's own rules (check_options::registry) reject the
    /// NSS: at the byte where its grammar failed (RFC 8141 section 5,
    /// "Validation Mechanism"). error.
    namespace_rule = 11,
};

/** The stable name of a code: "not-a-urn", "reserved-unencoded",
    "needless-pct-encoding", "lower-case-hex", "query-in-assigned-name",
    "fragment", "unknown-service", "repeated-keyword", "informal-nid",
    "experimental-nid", "unregistered-nid", "namespace-rule".

    @par Example
    @code
    assert(urns::to_string(urns::diagnostic_code::lower_case_hex) == "lower-case-hex");
    @endcode

    @par Specification
    Ours.
*/
URNS_DECL std::string_view to_string(diagnostic_code c) noexcept;

/** One finding of check(): what, how much it matters, and where.

    `offset` and `length` are bytes of the URN's buffer (length 0 only for
    not_a_urn). `message` says what is wrong and cites the text; it points
    to static storage.

    @par Example
    @code
    // urn:ex:a%2c gives {severity::note, diagnostic_code::lower_case_hex, 8, 3, "..."}
    @endcode

    @par Specification
    See diagnostic_code.
*/
struct diagnostic {
    /// How serious it is.
    urns::severity severity = severity::note;
    /// What was found.
    diagnostic_code code = diagnostic_code::not_a_urn;
    /// Byte offset of the first byte it concerns, in the URN's buffer.
    std::size_t offset = 0;
    /// How many bytes it concerns (0 only for not_a_urn).
    std::size_t length = 0;
    /// What is wrong, citing the text (static storage).
    std::string_view message;

    /// Every field equal.
    friend bool operator==(diagnostic const& a, diagnostic const& b) noexcept
    {
        return a.severity == b.severity && a.code == b.code && a.offset == b.offset &&
               a.length == b.length && a.message == b.message;
    }
    /// Not operator==.
    friend bool operator!=(diagnostic const& a, diagnostic const& b) noexcept { return !(a == b); }
};

/// What check() is told about the URN's use.
struct check_options {
    /// The URN should be an assigned name (no query, components or
    /// fragment), as opposed to a reference to one: draft-03 sections 2.3
    /// and 2.4, RFC 8141 section 2.
    bool assigned_name = false;

    /// Namespace rules (urns/nss/registry.hpp), e.g. &urns::nss::builtin():
    /// if set, an NSS that its namespace's rules reject gets a
    /// namespace_rule diagnostic. Null: the generic syntax only.
    nss::registry const* registry = nullptr;
};

/** Diagnostics beyond syntax for a valid URN, sorted by offset (then by
    code). Linear in the length of the URN (one pass over it; a hash table
    of the query's keywords).

    @par Example
    @code
    auto v = urns::parse_urn("urn:X-foo:a%2c?s=I2X").value();
    for (urns::diagnostic const& d : urns::check(v))
        std::cout << urns::to_string(d, v.buffer()) << '\n';
    // experimental-nid at 4, lower-case-hex at 11, unknown-service at 17
    @endcode

    @par Specification
    RFC 2141 sections 2.3.1 and 2.3.2; draft-03 sections 2.3, 2.3.1, 2.4,
    2.5.2 and 9.2.2; RFC 8141 sections 3.1 and 5; RFC 3986 sections 2.1
    and 2.3; RFC 3406 section 3.1.
*/
URNS_DECL std::vector<diagnostic> check(urn_view v, check_options const& opts = {});

/** One line of the URN, a line of carets under the bytes the diagnostic
    is about, and the message:

    @code
    urn:ex:a%2c
            ^~~ note: lower-case hex digits in a percent-encoding [lower-case-hex]
    @endcode

    Bytes that are not printable ASCII are shown as `\xHH`; an input longer
    than about 70 bytes is shown as a window around the offset.

    @par Example
    @code
    auto v = urns::parse_urn("urn:ex:a%2c").value();
    std::string s = urns::to_string(urns::check(v).at(0), v.buffer());
    @endcode

    @par Specification
    Ours.
*/
URNS_DECL std::string to_string(diagnostic const& d, std::string_view input);

//------------------------------------------------

/// Whether a NID is registered as formal or informal.
enum class namespace_kind : std::uint8_t {
    formal = 0,     ///< RFC 8141 section 6 ("Formal URN Namespaces")
    informal = 1,   ///< RFC 8141 section 5.2, "urn-" Number
};

/** One NID of the IANA "Uniform Resource Names (URN) Namespaces" registry.

    @par Specification
    RFC 8141 sections 5 and 6; the registry at
    https://www.iana.org/assignments/urn-namespaces/.
*/
struct registered_namespace {
    std::string_view nid;        ///< lower case, as registered
    namespace_kind kind = namespace_kind::formal; ///< formal or informal
    std::string_view reference;  ///< "RFC 5279", a draft name or a URL; may be empty
};

/// The registry snapshot, sorted by NID: a range of registered_namespace.
struct registered_namespace_list {
    registered_namespace const* first = nullptr; ///< the first entry
    registered_namespace const* last = nullptr;  ///< one past the last entry
    /// Same as first.
    registered_namespace const* begin() const noexcept { return first; }
    /// Same as last.
    registered_namespace const* end() const noexcept { return last; }
    /// The number of entries.
    std::size_t size() const noexcept { return static_cast<std::size_t>(last - first); }
};

/** Every NID of the registry snapshot this library ships (the file
    data/iana-urn-namespaces.tsv of the source tree, which says its date
    and sources), sorted by NID.

    @par Example
    @code
    for (urns::registered_namespace const& ns : urns::registered_namespaces())
        std::cout << ns.nid << '\t' << ns.reference << '\n';
    @endcode

    @par Specification
    RFC 8141 section 6.
*/
URNS_DECL registered_namespace_list registered_namespaces() noexcept;

/** The registry entry of `nid` (ASCII case-insensitive, as NIDs are), or
    nothing.

    @par Example
    @code
    assert(urns::find_registered_namespace("ISBN")->nid == "isbn");
    assert(!urns::find_registered_namespace("foo"));
    @endcode

    @par Specification
    RFC 8141 section 2.1 ("NIDs are case insensitive"); section 6.
*/
URNS_DECL std::optional<registered_namespace> find_registered_namespace(std::string_view nid) noexcept;

/// The date of the registry snapshot, and how complete it is.
constexpr std::string_view iana_registry_snapshot =
    "complete as of 2021-09-04; 3gpp..cablelabs as of 2026-03-18";

} // namespace urns

#endif
