// SPDX-License-Identifier: BSL-1.0
// X3-free public header.
#ifndef URNS_ERROR_HPP
#define URNS_ERROR_HPP

#include <urns/config.hpp>
#include <urns/syntax.hpp>

#include <boost/assert/source_location.hpp>
#include <boost/system/error_code.hpp>
#include <boost/system/result.hpp>

#include <charconv>
#include <cstddef>
#include <string>
#include <string_view>
#include <type_traits>

namespace urns {

/** Why a string is not a URN, or why an operation refused its input.

    The values are stable; 0 is never an error.
*/
enum class error : int {
    bad_scheme = 1,   ///< does not start with "urn:" (any case)
    bad_nid,          ///< the NID is missing, too long, or has a bad character
    bad_nss,          ///< the NSS is missing or has a bad character
    bad_pct_encoded,  ///< a "%" not followed by two hex digits
    bad_query,        ///< draft-03: "?" not followed by a valid urn-query
    bad_r_component,  ///< RFC 8141: "?+" not followed by a valid r-component
    bad_q_component,  ///< RFC 8141: "?=" not followed by a valid q-component
    bad_fragment,     ///< a bad character after "#" (RFC 8141 f-component)
    bad_rq,           ///< RFC 8141: a "?" that starts neither "?+" nor "?="
    reserved_nid,     ///< the NID "urn" (or an RFC 8141 "urn-" NID that is not informal)
    nul_octet,        ///< "%00" where the syntax forbids NUL
    nss_rejected,     ///< the namespace's own NSS rule rejects the NSS
    bad_identifier,   ///< encode/make_urn: the identifier cannot be encoded
    /// the namespace's rule could not decide: an ABNF rule that is not
    /// regular ran out of steps or memory (docs/abnf.md, "Limits"); the
    /// NSS is neither valid nor rejected
    nss_undecided,
};

/** The enumerator's name of an error code of the "urns" category
    ("bad_nss", "reserved_nid", ...): a stable name for programs (the JSON
    of the `urn` tool, the Python package); "error" for a code of another
    category or an unknown value. */
URNS_DECL std::string_view error_code_name(boost::system::error_code const& ec) noexcept;

/// The category of urns::error; its name is "urns".
URNS_DECL boost::system::error_category const& error_category() noexcept;

/// Makes an error_code of the "urns" category.
inline boost::system::error_code make_error_code(error e) noexcept
{
    return {static_cast<int>(e), error_category()};
}

/** The names expected at an error's offset besides `parse_error::expected`:
    when the grammar could have gone on in more than one way at that byte
    (`expected DIGIT or "-"`), in the order it tried them. Either up to
    seven names held here (push_back), each pointing to static storage, or
    any number kept elsewhere (external()), in static storage or storage
    that the one who made them keeps alive (a namespace's owner). A name
    push_back cannot keep is counted by dropped(), never lost unsaid.
*/
class expected_alternatives {
public:
    /// The most names push_back keeps.
    static constexpr std::size_t capacity = 7;

    /// No names.
    constexpr expected_alternatives() noexcept = default;

    /// The `count` names at `names`, which must outlive every copy.
    static constexpr expected_alternatives external(std::string_view const* names, std::size_t count) noexcept
    {
        expected_alternatives a;
        a.external_ = names;
        a.size_ = count;
        return a;
    }

    /// The number of names.
    std::size_t size() const noexcept { return size_; }
    /// Whether there are none.
    bool empty() const noexcept { return size_ == 0; }
    /// The first name.
    std::string_view const* begin() const noexcept { return external_ ? external_ : names_; }
    /// Past the last name.
    std::string_view const* end() const noexcept { return begin() + size_; }
    /// The name at `i`, which must be less than size().
    std::string_view operator[](std::size_t i) const noexcept { return begin()[i]; }
    /// How many names push_back could not keep (beyond capacity).
    std::size_t dropped() const noexcept { return dropped_; }

    /// Adds a name; beyond capacity (or to external names) it is counted
    /// by dropped() instead.
    void push_back(std::string_view name) noexcept
    {
        if (!external_ && size_ < capacity)
            names_[size_++] = name;
        else
            ++dropped_;
    }

    /// Counts `n` more names that were expected but not kept (a grammar's
    /// own record was full).
    void note_dropped(std::size_t n) noexcept { dropped_ += n; }

    /// The same names in the same order.
    friend bool operator==(expected_alternatives const& a, expected_alternatives const& b) noexcept
    {
        if (a.size_ != b.size_ || a.dropped_ != b.dropped_)
            return false;
        for (std::size_t i = 0; i < a.size_; ++i)
            if (a[i] != b[i])
                return false;
        return true;
    }
    /// Not operator==.
    friend bool operator!=(expected_alternatives const& a, expected_alternatives const& b) noexcept
    {
        return !(a == b);
    }

private:
    std::string_view names_[capacity] = {};
    std::string_view const* external_ = nullptr;
    std::size_t size_ = 0;
    std::size_t dropped_ = 0;
};

/** Where and why parsing failed.

    `offset` is the byte offset into the input of the first byte that could
    not be accepted; `expected` names the ABNF rule (as the document spells
    it: "NID", "NSS", "r-component", "HEXDIG", ...) or the literal ("\":\"")
    that was expected there. It points to static storage.

    The offset is the farthest byte any alternative of the grammar reached
    before it failed; `also_expected` holds what else would have been
    accepted there, for the same kind of fault.
*/
struct parse_error {
    /// What went wrong: an urns::error of the "urns" category.
    boost::system::error_code code;
    /// Byte offset of the first byte that could not be accepted.
    std::size_t offset = 0;
    /// The ABNF rule or literal expected at `offset` (static storage).
    std::string_view expected;
    /// The syntax the input was parsed with.
    urns::syntax syntax = urns::syntax::rfc2141bis;
    /// What else would have been accepted at `offset`.
    expected_alternatives also_expected;

    /// No error code, offset 0.
    parse_error() = default;
    /// Every field, in order.
    parse_error(boost::system::error_code code, std::size_t offset, std::string_view expected,
                urns::syntax syntax, expected_alternatives also_expected = {}) noexcept
        : code(code), offset(offset), expected(expected), syntax(syntax), also_expected(also_expected)
    {
    }

    /// Every field equal.
    friend bool operator==(parse_error const& a, parse_error const& b) noexcept
    {
        return a.code == b.code && a.offset == b.offset && a.expected == b.expected &&
               a.syntax == b.syntax && a.also_expected == b.also_expected;
    }
    /// Not operator==.
    friend bool operator!=(parse_error const& a, parse_error const& b) noexcept
    {
        return !(a == b);
    }
};

/// The outcome of an operation that can fail with a parse_error.
template <class T>
using result = boost::system::result<T, parse_error>;

/** One line of text and a caret under the offending byte:

    @code
    urn:ex:a b
            ^ offset 8: invalid namespace-specific string (NSS) (expected NSS) [rfc2141bis]
    @endcode

    Bytes that are not printable ASCII are shown as `\xHH` (the caret stays
    under the right byte); an input longer than about 70 bytes is shown as
    a window around the offset, with "..." where it was cut.
*/
URNS_DECL std::string to_string(parse_error const& e, std::string_view input);

/// As to_string(e, input), appended to `out`: with a string kept from one
/// error to the next, no allocation once it has grown to fit (a stream of
/// errors, as `urn check` prints them).
URNS_DECL void to_string(parse_error const& e, std::string_view input, std::string& out);

/** As to_string(e, input), written to [first, last) as std::to_chars
    writes a number: returns the end of the text and std::errc(), or
    `last` and std::errc::value_too_large when it does not fit (the
    range's bytes are then unspecified). Allocates nothing for an error of
    this library's category; another category's message is asked for into
    the range, and may need one byte more than its text (its NUL).
    Messages of this library take a few hundred bytes (the window of the
    input shown is at most 481 bytes wide with its caret line).
*/
URNS_DECL std::to_chars_result to_chars(char* first, char* last, parse_error const& e,
                                        std::string_view input) noexcept;

/// Called by result<T>::value() on an error: throws boost::system::system_error.
[[noreturn]] URNS_DECL void throw_exception_from_error(parse_error const& e,
                                                       boost::source_location const& loc);

} // namespace urns

namespace boost {
namespace system {
template <>
struct is_error_code_enum<::urns::error> : std::true_type {};
} // namespace system
} // namespace boost

#endif
