// SPDX-License-Identifier: BSL-1.0
// X3-free public header: percent-encoding of the NSS (validate, decode,
// display for people, encode a raw identifier).
#ifndef URNS_PCT_HPP
#define URNS_PCT_HPP

#include <urns/config.hpp>
#include <urns/error.hpp>
#include <urns/lexical.hpp>
#include <urns/syntax.hpp>
#include <urns/urn_view.hpp>

#include <cstddef>
#include <iterator>
#include <string>
#include <string_view>

namespace urns {

/** Percent-encoding: "%" HEXDIG HEXDIG triplets in a URN.

    Nothing here throws except std::bad_alloc from the functions that grow a
    std::string; the functions marked noexcept never allocate. Errors are
    urns::parse_error values whose offset is a byte offset into the argument
    that was checked.
*/
namespace pct {

namespace detail {

using lexical::hex_value;

/// The octet of a valid triplet at `p` ("%" HEXDIG HEXDIG).
constexpr char triplet_octet(char const* p) noexcept
{
    return static_cast<char>((hex_value(p[1]) << 4) | hex_value(p[2]));
}

} // namespace detail

//------------------------------------------------

/** Checks the percent-encoding of `s`: every "%" starts a triplet, and no
    triplet is "%00" where the syntax forbids NUL.

    Only "%" and what follows it are looked at; other bytes are not checked
    against any character repertoire (parse_urn does that).

    @return Nothing on success. On failure a parse_error with
    - error::bad_pct_encoded, `offset` = the first byte after a "%" that is
      not a hex digit (or `s.size()` if `s` ends too early), `expected` =
      "HEXDIG" ("hex" under syntax::rfc2141: each document's own rule name,
      as parse_urn reports it);
    - error::nul_octet, `offset` = the "%" of the first "%00", `expected` =
      "pct-encoded" ("URN-chars" under syntax::rfc2141), under
      syntax::rfc2141 and syntax::rfc2141bis only.

    @par Example
    @code
    assert(urns::pct::validate("a%2Fb").has_value());
    assert(urns::pct::validate("a%2xb").error().offset == 3);
    assert(!urns::pct::validate("a%00", urns::syntax::rfc2141bis));
    assert(urns::pct::validate("a%00", urns::syntax::rfc8141));
    @endcode

    @par Specification
    RFC 2141 section 2.3.1 ("%" MUST be followed by two hex) and 2.4 (octet
    0 "should NEVER be used"); draft-ietf-urnbis-rfc2141bis-urn-03 sections
    2.5.2 and 2.5.3 (NUL "MUST NOT be used ... in either unencoded or
    percent-encoded form"); RFC 3986 section 2.1 (pct-encoded). RFC 8141's
    grammar allows "%00" and no prohibition of it was found.
*/
URNS_DECL result<void> validate(std::string_view s, syntax syn = syntax::rfc2141bis) noexcept;

//------------------------------------------------

/** A lazy, allocation-free view of the octets that a percent-encoded
    string stands for.

    Made only by decoded(), which has checked every triplet, so iterating is
    always safe. Each step reads one byte or one triplet: O(1).

    @par Example
    @code
    auto d = urns::pct::decoded("a%2Cb").value();
    std::string s(d.begin(), d.end());   // "a,b"
    assert(d.size() == 3);
    @endcode

    @par Specification
    RFC 3986 section 2.1.
*/
class decoded_view {
public:
    /// A forward iterator over the decoded octets (value_type char).
    class iterator {
    public:
        /// @{
        /// The standard iterator types of a forward iterator over char
        /// values (operator* returns a value: there is no char to refer to).
        using iterator_category = std::forward_iterator_tag;
        using value_type = char;
        using difference_type = std::ptrdiff_t;
        using pointer = void;
        using reference = char;
        /// @}

        /// A singular iterator, to assign to.
        iterator() noexcept = default;

        /// The octet here: the byte itself, or the value of the triplet.
        char operator*() const noexcept { return *p_ == '%' ? detail::triplet_octet(p_) : *p_; }

        /// The next octet: past a triplet, or one byte.
        iterator& operator++() noexcept
        {
            p_ += (*p_ == '%') ? 3 : 1;
            return *this;
        }
        /// The next octet; returns the old position.
        iterator operator++(int) noexcept
        {
            iterator t = *this;
            ++*this;
            return t;
        }

        /// Where in the encoded string this octet starts.
        char const* base() const noexcept { return p_; }

        /// Whether both are at the same place of the same string.
        friend bool operator==(iterator a, iterator b) noexcept { return a.p_ == b.p_; }
        /// Not operator==.
        friend bool operator!=(iterator a, iterator b) noexcept { return a.p_ != b.p_; }

    private:
        friend class decoded_view;
        explicit iterator(char const* p) noexcept : p_(p) {}
        char const* p_ = nullptr;
    };
    /// Same as iterator: the octets are read-only.
    using const_iterator = iterator;

    /// An empty view.
    decoded_view() noexcept = default;

    /// The first decoded octet.
    iterator begin() const noexcept { return iterator(s_.data()); }
    /// Past the last decoded octet.
    iterator end() const noexcept { return iterator(s_.data() + s_.size()); }

    /// The number of decoded octets.
    std::size_t size() const noexcept { return size_; }
    /// Whether there are no decoded octets.
    bool empty() const noexcept { return size_ == 0; }

    /// The encoded string, as given.
    std::string_view encoded() const noexcept { return s_; }

private:
    friend URNS_DECL result<decoded_view> decoded(std::string_view s) noexcept;
    decoded_view(std::string_view s, std::size_t n) noexcept : s_(s), size_(n) {}

    std::string_view s_;
    std::size_t size_ = 0;
};

/** A lazy view of the octets `s` stands for, after checking its triplets.

    Any syntax's NUL rule is not applied ("%00" decodes to a NUL octet): use
    validate() for that. Never allocates.

    @return The view, or error::bad_pct_encoded as validate() reports it.

    @par Example
    @code
    for (char c : urns::pct::decoded(v.nss()).value()) ...
    @endcode

    @par Specification
    RFC 3986 section 2.1; RFC 2141 section 2.2; draft-03 section 2.5.2.
*/
URNS_DECL result<decoded_view> decoded(std::string_view s) noexcept;

/** Appends the octets that `s` stands for to `out`. `s` must not refer
    into `out`.

    @return Nothing, or error::bad_pct_encoded (then `out` is unchanged).

    @par Example
    @code
    std::string raw;
    urns::pct::decode("caf%C3%A9", raw).value();   // raw == "caf\xC3\xA9"
    @endcode

    @par Specification
    RFC 3986 section 2.1; draft-03 section 2.2 (UTF-8, then percent-encoding).
*/
URNS_DECL result<void> decode(std::string_view s, std::string& out);

/** Same as decode(s, out), into a new string.

    @par Example
    @code
    assert(urns::pct::decode("a%2Cb").value() == "a,b");
    @endcode

    @par Specification
    RFC 3986 section 2.1.
*/
URNS_DECL result<std::string> decode(std::string_view s);

/** Writes the octets that `s` stands for to an output iterator.

    Checks every triplet first, so nothing is written on error.

    @return The iterator after the last octet written, or
    error::bad_pct_encoded.

    @par Example
    @code
    std::vector<char> v;
    urns::pct::decode_to("a%2Cb", std::back_inserter(v)).value();
    @endcode

    @par Specification
    RFC 3986 section 2.1.
*/
template <class OutputIt>
result<OutputIt> decode_to(std::string_view s, OutputIt out)
{
    auto d = decoded(s);
    if (!d)
        return d.error();
    for (char c : *d)
        *out++ = c;
    return out;
}

//------------------------------------------------

/** What display() found while making the display form. */
struct display_info {
    /// Whether the decoded octets of the NSS are valid UTF-8 (RFC 3629:
    /// no overlong forms, no surrogates, nothing above U+10FFFF).
    bool valid_utf8 = true;
    /// How many triplets were left percent-encoded in the display form.
    std::size_t kept_encoded = 0;
};

/** Appends a form of the NSS `nss` for people to read.

    Triplets are decoded where that cannot mislead, and kept as written
    where it could:
    - kept: a triplet for "%" itself, for "/", "?" or "#" (delimiters of
      URIs, reserved in RFC 2141 section 2.3), for any character of the
      syntax's NSS repertoire (such a character is percent-encoded only
      when the namespace reserves it, draft-03 section 2.5.2, so showing it
      literally would be ambiguous: draft-03 section 4, Note), for space
      and control characters (C0, DEL, C1), for octets that are not valid
      UTF-8, and for invisible or reordering code points (U+200B-U+200F,
      U+2028-U+202E, U+2060-U+206F, U+061C, U+FEFF, U+00AD);
    - decoded: other printable ASCII characters that the syntax excludes
      (for example the double quote, `<`, `[`, and under RFC 2141 also
      `&`, `~`), and
      valid UTF-8 sequences of other code points.
    Literal bytes are copied as they are, but for bytes no NSS holds
    (space, controls, 0x7F-0xFF), which are written as triplets.

    `nss` must not refer into `out` (appending may move `out`'s bytes).

    @return What was found, or the error of validate(nss, syn) (a bad
    triplet, or "%00" where the syntax forbids it); on error `out` is
    unchanged.

    @par Example
    @code
    std::string s;
    auto i = urns::pct::display("Stra%C3%9Fe%2F1%20a", urns::syntax::rfc2141bis, s).value();
    // s == "Straße%2F1%20a", i.valid_utf8, i.kept_encoded == 2
    @endcode

    @par Specification
    RFC 2141 section 4; draft-ietf-urnbis-rfc2141bis-urn-03 section 4 (and
    its Note on ambiguity) and section 2.5.2; RFC 3629 (UTF-8).
*/
URNS_DECL result<display_info> display(std::string_view nss, syntax syn, std::string& out);

/** Appends the display form of a whole URN: scheme and NID as written,
    the NSS as display() makes it, and everything after the NSS (query,
    components, fragment) as written.

    @return What display() found for the NSS, or an error if `v` is empty
    (not a URN): error::bad_scheme at offset 0.

    @par Example
    @code
    std::string s;
    urns::pct::display(urns::parse_urn("urn:ex:%E2%82%AC1?s=I2L").value(), s);
    // s == "urn:ex:€1?s=I2L"
    @endcode

    @par Specification
    RFC 2141 section 4; draft-03 section 4.
*/
URNS_DECL result<display_info> display(urn_view v, std::string& out);

//------------------------------------------------

/** Whether encode() percent-encodes the octet `c` in the syntax's NSS
    (leaving aside a namespace's extra reserved characters).

    `first` says whether `c` would be the first octet of the NSS: only
    RFC 8141 cares ("/" is allowed in its NSS except first).

    The NSS repertoires (octets written literally):
    - rfc2141: `<let-num>` and `<other>`: A-Z a-z 0-9 ( ) + , - . : = @ ; $ _ ! * '
      ("/", "?", "#" are `<reserved>`: allowed, but section 2.3.2 says
      they SHOULD be encoded, so they are; "%" only starts a triplet);
    - rfc2141bis: `pchar` without pct-encoded: the above and "&", "~";
    - rfc8141: the same, and "/" anywhere but first.
    Every other octet (space, controls, non-ASCII, the double quote,
    `<` `>` `[` `]` `^` `{` `|` `}`, backslash, grave accent, "%", "?", "#",
    ...) is encoded.

    @par Example
    @code
    assert(urns::pct::needs_encoding('~', urns::syntax::rfc2141));
    assert(!urns::pct::needs_encoding('~', urns::syntax::rfc2141bis));
    assert(!urns::pct::needs_encoding('/', urns::syntax::rfc8141, false));
    assert(urns::pct::needs_encoding('/', urns::syntax::rfc8141, true));
    @endcode

    @par Specification
    RFC 2141 sections 2.2-2.4; draft-03 sections 2.2 and 2.5; RFC 8141
    section 2 (NSS = pchar *(pchar / "/")).
*/
URNS_DECL bool needs_encoding(unsigned char c, syntax syn, bool first = false) noexcept;

/** Appends the canonical NSS for the raw identifier `raw` (any octets,
    normally UTF-8 text) to `out`.

    Every octet that needs_encoding() names, and every octet listed in
    `extra_reserved` (characters a namespace reserves, draft-03 section
    2.5.2), becomes "%" and two upper-case hex digits; every other octet is
    copied. So decode(encode(x)) == x for every x encode accepts. `raw`
    and `extra_reserved` must not refer into `out`.

    @return Nothing, or (with `out` unchanged)
    - error::bad_identifier at offset 0 if `raw` is empty (NSS needs at
      least one character), `expected` = "NSS";
    - error::nul_octet at the offset of the first NUL octet in `raw`, in
      every syntax, `expected` = "NSS" (RFC 2141 and draft-03 forbid NUL
      even as "%00"; RFC 8141's ABNF accepts "%00", but a builder refuses
      what is almost always a C string gone wrong).

    @par Example
    @code
    std::string nss;
    urns::pct::encode("a b/c~d", nss, urns::syntax::rfc2141).value();
    // nss == "a%20b%2Fc%7Ed"
    @endcode

    @par Specification
    RFC 2141 sections 2.2 and 2.3.1 ("a character MUST NOT be %-encoded if
    the character is not a reserved character"); draft-03 sections 2.2,
    2.5.2 and 2.5.3; RFC 3986 section 2.1 (upper-case hex "SHOULD" be used).
*/
URNS_DECL result<void> encode(std::string_view raw, std::string& out,
                              syntax syn = syntax::rfc2141bis,
                              std::string_view extra_reserved = {});

/** Same as encode(raw, out, syn, extra_reserved), into a new string.

    @par Example
    @code
    assert(urns::pct::encode("Straße 1/2").value() == "Stra%C3%9Fe%201%2F2");
    @endcode

    @par Specification
    As encode(raw, out, syn, extra_reserved).
*/
URNS_DECL result<std::string> encode(std::string_view raw, syntax syn = syntax::rfc2141bis,
                                     std::string_view extra_reserved = {});

/** The length of encode(raw, syn, extra_reserved)'s output, without
    making it (0 if encode would fail). Never allocates.

    @par Example
    @code
    assert(urns::pct::encoded_size("a b") == 5);
    @endcode

    @par Specification
    As encode().
*/
URNS_DECL std::size_t encoded_size(std::string_view raw, syntax syn = syntax::rfc2141bis,
                                   std::string_view extra_reserved = {}) noexcept;

} // namespace pct
} // namespace urns

#endif
