// SPDX-License-Identifier: BSL-1.0
// X3-free public header: finding URNs in text (docs/extract.md).
#ifndef URNS_EXTRACT_HPP
#define URNS_EXTRACT_HPP

#include <urns/config.hpp>
#include <urns/nss/registry.hpp>
#include <urns/syntax.hpp>
#include <urns/urn_view.hpp>

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string_view>

namespace urns {

/** Where a URN found in text ends.

    Both modes first end a URN at the first byte that no URN of the syntax
    can contain (RFC 2141 section 2.4, draft-03 section 2.5.3: "An URN ends
    when an octet/character from the excluded character set is
    encountered"), and then keep the longest prefix that parses.
*/
enum class extract_mode : std::uint8_t {
    /// Also leave out trailing sentence punctuation (". , ; : ! ?"), a
    /// trailing "'" when the match holds an odd number of them, and a
    /// trailing ")" that has no "(" to close within the match, as link
    /// detectors do: "(see urn:isbn:0-395-36341-1.)" finds
    /// "urn:isbn:0-395-36341-1". The default.
    prose = 0,
    /// Only the document's rule: "see urn:ex:a." finds "urn:ex:a.", which
    /// is a valid URN.
    strict = 1,
};

/// How find_urns reads text.
struct extract_options {
    /// The URN syntax a match must have.
    urns::syntax syntax = urns::syntax::rfc2141bis;

    /// Where a match ends: prose (the default) or strict.
    extract_mode mode = extract_mode::prose;

    /** Whether a URN inside another URI ends where that URI's part ends.

        When the byte before "urn:" is "=" (the URN is a query parameter's
        value, as in "magnet:?xt=urn:btih:...&dn=..."), "&" and "#" end
        the URN; when it is "/" (the URN is a path segment, as in
        "https://resolver.example/urn:nbn:de:101?format=json"), "?" and "#"
        end it. Off: only the syntax decides.
    */
    bool uri_context = true;

    /** Namespace rules (urns/nss/registry.hpp), e.g. &urns::nss::builtin():
        if set, each match whose NSS its namespace's rules reject says so
        in urn_match::namespace_fault. The match is still a URN of the
        syntax, and is still found: a corpus scan reports, say, ISBNs with
        a bad check digit rather than losing them.
    */
    nss::registry const* registry = nullptr;
};

/// One URN found in text.
struct urn_match {
    /// Byte offset of the "urn:" in the text.
    std::size_t offset = 0;
    /// Length in bytes; the URN is text.substr(offset, length).
    std::size_t length = 0;
    /// The URN, parsed (view.buffer() is the matched text).
    urn_view view;
    /// With extract_options::registry: where and why the namespace's rules
    /// reject the NSS (offset from the start of the match), if they do.
    std::optional<nss::nss_fault> namespace_fault;
};

namespace detail {
/// The first match that starts at or after `from`; false if none. `resume`
/// is where the search for the one after it starts.
URNS_DECL bool next_urn_match(std::string_view text, std::size_t from, extract_options const& opts,
                              urn_match& m, std::size_t& resume) noexcept;
} // namespace detail

/** The URNs of a text, found lazily, in order: a forward range of urn_match.

    Made by find_urns. It refers to the text, which must outlive it and its
    iterators. Nothing is allocated; each increment scans on from where the
    previous match's candidate ended.
*/
class urn_matches {
public:
    /// A forward iterator over the matches (value_type urn_match).
    class iterator {
    public:
        /// @{
        /// The standard iterator types of a forward iterator over urn_match.
        using iterator_category = std::forward_iterator_tag;
        using value_type = urn_match;
        using difference_type = std::ptrdiff_t;
        using pointer = urn_match const*;
        using reference = urn_match const&;
        /// @}

        /// The end iterator.
        iterator() noexcept = default;

        /// The match here.
        reference operator*() const noexcept { return m_; }
        /// The match here.
        pointer operator->() const noexcept { return &m_; }

        /// Finds the next match (or the end).
        iterator& operator++() noexcept
        {
            find(resume_);
            return *this;
        }
        /// Finds the next match (or the end); returns the old position.
        iterator operator++(int) noexcept
        {
            iterator t = *this;
            ++*this;
            return t;
        }

        /// Both at the end, or both at a match at the same offset.
        friend bool operator==(iterator const& a, iterator const& b) noexcept
        {
            return a.done_ == b.done_ && (a.done_ || a.m_.offset == b.m_.offset);
        }
        /// Not operator==.
        friend bool operator!=(iterator const& a, iterator const& b) noexcept { return !(a == b); }

    private:
        friend class urn_matches;
        iterator(std::string_view text, extract_options const& opts) noexcept
            : text_(text), opts_(opts), done_(false)
        {
            find(0);
        }
        void find(std::size_t from) noexcept
        {
            done_ = !detail::next_urn_match(text_, from, opts_, m_, resume_);
        }

        std::string_view text_;
        extract_options opts_;
        urn_match m_;
        std::size_t resume_ = 0;
        bool done_ = true;
    };

    /// The matches in `text` (which must outlive the range), found lazily;
    /// find_urns() makes one.
    urn_matches(std::string_view text, extract_options const& opts) noexcept
        : text_(text), opts_(opts)
    {
    }

    /// Finds the first match.
    iterator begin() const noexcept { return iterator(text_, opts_); }
    /// The end of the matches.
    iterator end() const noexcept { return iterator(); }

    /// The text searched.
    std::string_view text() const noexcept { return text_; }

private:
    std::string_view text_;
    extract_options opts_;
};

/** Finds the URNs in a text: a lazy forward range of urn_match.

    A match starts at a "urn:" in any case whose previous byte (if any) is
    not a letter, digit, "+", "-", "." (URI scheme characters: "xurn:" and
    "a.urn:" are other schemes) or "_" (a word character: "my_urn:").
    Bytes 0x80-0xFF before it do not prevent a match (curly quotes,
    no-break spaces). The URN ends at the first byte its syntax excludes
    (RFC 2141 section 2.4, draft-03 section 2.5.3); any byte 0x80-0xFF ends
    it, so the text need not be UTF-8. In extract_mode::prose, trailing
    punctuation is then left out. The match is the longest prefix of what
    is left that parse_urn accepts in the chosen syntax; if there is none
    ("urn:x", "urn::"), there is no match, and the search goes on after
    the bytes already looked at. Every match's view is what parse_urn
    gives for its text.

    The text is read once, left to right, and never copied: the cost is
    linear in its size, whatever it holds. Text may be cut into blocks at
    line feeds: a URN never holds a control character, and the start rule
    looks at one byte before "urn:" only.

    @par Example
    @code
    std::string_view text = "See urn:isbn:0-395-36341-1 (1987) and URN:NBN:de:101-2011.";
    for (urns::urn_match const& m : urns::find_urns(text))
        std::cout << m.offset << ' ' << m.view.buffer() << '\n';
    // 4 urn:isbn:0-395-36341-1
    // 38 URN:NBN:de:101-2011
    @endcode

    @par Specification
    RFC 2141 section 2.4; draft-ietf-urnbis-rfc2141bis-urn-03 section 2.5.3;
    RFC 3986 section 3.1 (scheme characters) and appendix C (delimiting URIs
    in context).
*/
inline urn_matches find_urns(std::string_view text, extract_options const& opts = {}) noexcept
{
    return urn_matches(text, opts);
}

} // namespace urns

#endif
