// SPDX-License-Identifier: BSL-1.0
// X3-free public header.
#ifndef URNS_URN_HPP
#define URNS_URN_HPP

#include <urns/config.hpp>
#include <urns/detail/parts.hpp>
#include <urns/error.hpp>
#include <urns/parse.hpp>
#include <urns/urn_view.hpp>

#include <cstddef>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>

namespace urns {

/** A parsed URN that owns its characters: its text, NUL-terminated, and
    the offsets of its components.

    Text of up to inline_capacity bytes is kept inside the object, so making,
    copying or moving such a urn allocates nothing; longer text is in one
    heap allocation. It is made from a urn_view (a copy of its characters) or
    by urn::parse, and is always a valid URN of its syntax(), except after it
    was moved from (see the move constructor); there is no default
    constructor. It converts to urn_view for free.

    @par Example
    @code
    urns::urn u = urns::urn::parse("URN:ISBN:0-395-36341-1").value();
    urns::urn_view v = u;   // no copy
    std::puts(u.c_str());
    @endcode
*/
class URNS_DECL urn : public detail::urn_accessors<urn> {
public:
    /** The longest text, in bytes, kept inside the object (no allocation).

        63 bytes hold 98.0% of the benchmark's mixed corpus of 100000 URNs
        (all but its 2% of deliberately long ones of 200 to 2000 bytes, and
        6 others), 98.3% of the URNs in test/vectors and 99.1% of the
        registered namespaces' example URNs in the tests (bench/urn_lengths.py
        measures them). With the NUL the buffer is 64 bytes.
    */
    static constexpr std::size_t inline_capacity = 63;

    /// Copies the characters of `v` (allocates if longer than inline_capacity).
    explicit urn(urn_view v) : urn_accessors(v.parts()) { init(v.buffer()); }

    /// Parses `s` and, if it is a URN, copies it.
    static result<urn> parse(std::string_view s, urns::syntax syn = urns::syntax::rfc2141bis);

    /// Parses `s` with options (a syntax, and namespace rules: see
    /// parse_options) and, if it is a URN, copies it.
    static result<urn> parse(std::string_view s, parse_options const& opts);

    /// A copy of `o` (allocates if longer than inline_capacity).
    urn(urn const& o) : urn_accessors(o.p_) { init(o.buffer()); }

    /** Takes `o`'s text: `o`'s heap allocation if it has one, else a copy of
        its inline characters. Never allocates.

        What `o` holds afterwards: if its text was inline (at most
        inline_capacity bytes), it is unchanged; otherwise it holds the
        empty text, with every component empty and absent and its syntax
        unchanged (not a URN: it may be assigned to, compared, or destroyed).
    */
    urn(urn&& o) noexcept : urn_accessors(o.p_) { take(o); }

    /// Replaces this URN with a copy of `o`; if the allocation fails, this
    /// URN is unchanged. Self-assignment does nothing.
    urn& operator=(urn const& o)
    {
        if (this != &o) {
            if (o.on_heap()) {
                char* const h = heap_copy(o.buffer()); // may throw: nothing changed yet
                release();
                heap_ = h;
            } else {
                release();
                std::memcpy(inline_, o.inline_, o.size_ + 1);
            }
            size_ = o.size_;
            p_ = o.p_;
        }
        return *this;
    }

    /// Takes `o`'s text as the move constructor does (`o` is left the same
    /// way). Self-assignment does nothing.
    urn& operator=(urn&& o) noexcept
    {
        if (this != &o) {
            release();
            p_ = o.p_;
            take(o);
        }
        return *this;
    }

    /// Frees the heap allocation, if any.
    ~urn() { release(); }

    /// The whole URN as parsed.
    std::string_view buffer() const noexcept { return std::string_view(c_str(), size_); }

    /// The URN's text, NUL-terminated (the same characters as buffer(); a
    /// URN holds no NUL byte).
    char const* c_str() const noexcept { return on_heap() ? heap_ : inline_; }

    /// A copy of the text, as a std::string (allocates if longer than the
    /// string's own small buffer); buffer() and c_str() give it without a copy.
    std::string str() const { return std::string(buffer()); }

    /// A view of this URN, valid while this object lives and is not changed.
    urn_view view() const noexcept { return urn_view(buffer(), p_); }

    /// Same as view().
    operator urn_view() const noexcept { return view(); }

    /** Exact equality: the same octets, parsed with the same syntax.

        Not lexical equivalence: `URN:FOO:a` != `urn:foo:a`. Equal URNs are
        interchangeable (every accessor gives the same result), equality is
        cheap, and it agrees with std::hash<urn>. Equivalence depends on a
        choice of procedure (equivalence_mode); for it, use
        urns::equivalent() or the function objects urns::equivalent_to and
        urns::equivalent_hash (<urns/equivalence.hpp>).

        @par Example
        @code
        assert(urns::urn::parse("urn:foo:a").value() == urns::urn::parse("urn:foo:a").value());
        assert(urns::urn::parse("urn:foo:a").value() != urns::urn::parse("URN:foo:a").value());
        @endcode

        @par Specification
        RFC 3986 section 6.2.1 (simple string comparison).
    */
    friend bool operator==(urn const& a, urn const& b) noexcept
    {
        return a.syntax() == b.syntax() && a.buffer() == b.buffer();
    }

    /// Not operator==.
    friend bool operator!=(urn const& a, urn const& b) noexcept { return !(a == b); }

private:
    bool on_heap() const noexcept { return size_ > inline_capacity; }

    /// A heap copy of `s` with its NUL (the one allocation of a long URN).
    static char* heap_copy(std::string_view s)
    {
        char* const h = new char[s.size() + 1];
        std::memcpy(h, s.data(), s.size());
        h[s.size()] = '\0';
        return h;
    }

    /// Stores `s` (constructors only: nothing is held yet).
    void init(std::string_view s)
    {
        size_ = s.size();
        if (on_heap()) {
            heap_ = heap_copy(s);
        } else {
            inline_[size_] = '\0';
            if (size_ != 0)
                std::memcpy(inline_, s.data(), size_);
        }
    }

    /// Takes `o`'s text (this holds none: constructed, or released); the
    /// offsets are the caller's to copy.
    void take(urn& o) noexcept
    {
        size_ = o.size_;
        if (o.on_heap()) {
            heap_ = o.heap_;
            o.size_ = 0;
            o.inline_[0] = '\0';
            urns::syntax const syn = o.p_.syntax;
            o.p_ = detail::parts();
            o.p_.syntax = syn;
        } else {
            std::memcpy(inline_, o.inline_, size_ + 1);
        }
    }

    /// Frees the heap allocation, if any (the text is then unspecified
    /// until stored again).
    void release() noexcept
    {
        if (on_heap())
            delete[] heap_;
    }

    std::size_t size_ = 0;    ///< bytes of text, without the NUL
    union {
        char* heap_;          ///< when size_ > inline_capacity: size_ + 1 bytes
        char inline_[inline_capacity + 1]; ///< otherwise: the text and its NUL
    };
};

} // namespace urns

namespace std {
/** Hashes the exact octets, like std::hash<std::string_view>; agrees with
    urn::operator== (and with urns::exact_hash).
*/
template <>
struct hash<urns::urn> {
    /// The hash of `u.buffer()`.
    std::size_t operator()(urns::urn const& u) const noexcept
    {
        return std::hash<std::string_view>{}(u.buffer());
    }
};
} // namespace std

#endif
