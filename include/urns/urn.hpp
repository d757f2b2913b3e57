// SPDX-License-Identifier: BSL-1.0
// X3-free public header.
#ifndef URNS_URN_HPP
#define URNS_URN_HPP

#include <urns/config.hpp>
#include <urns/detail/parts.hpp>
#include <urns/error.hpp>
#include <urns/parse.hpp>
#include <urns/urn_view.hpp>

#include <functional>
#include <string>
#include <string_view>

namespace urns {

/** A parsed URN that owns its characters: one std::string and the offsets.

    It is made from a urn_view (one allocation, for the string) or by
    urn::parse, and is always a valid URN of its syntax(); there is no
    default constructor. It converts to urn_view for free.

    @par Example
    @code
    urns::urn u = urns::urn::parse("URN:ISBN:0-395-36341-1").value();
    urns::urn_view v = u;   // no copy
    @endcode
*/
class URNS_DECL urn : public detail::urn_accessors<urn> {
public:
    /// Copies the characters of `v`.
    explicit urn(urn_view v) : urn_accessors(v.parts()), s_(v.buffer()) {}

    /// Parses `s` and, if it is a URN, copies it.
    static result<urn> parse(std::string_view s, urns::syntax syn = urns::syntax::rfc2141bis);

    /// Parses `s` with options (a syntax, and namespace rules: see
    /// parse_options) and, if it is a URN, copies it.
    static result<urn> parse(std::string_view s, parse_options const& opts);

    /// The whole URN as parsed.
    std::string_view buffer() const noexcept { return s_; }

    /// The owned string.
    std::string const& str() const noexcept { return s_; }

    /// A view of this URN, valid while this object lives and is not changed.
    urn_view view() const noexcept { return urn_view(s_, p_); }

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
        return a.syntax() == b.syntax() && a.s_ == b.s_;
    }

    /// Not operator==.
    friend bool operator!=(urn const& a, urn const& b) noexcept { return !(a == b); }

private:
    std::string s_;
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
