// SPDX-License-Identifier: BSL-1.0
// X3-free public header (implementation detail of urn_view and urn).
#ifndef URNS_DETAIL_PARTS_HPP
#define URNS_DETAIL_PARTS_HPP

#include <urns/syntax.hpp>

#include <cstddef>
#include <string_view>

namespace urns {
namespace detail {

/// The library's own access to a view's offsets (src/parse/view_access.hpp).
struct view_access;

/** Where the components of a parsed URN lie in its buffer.

    The scheme is always [0, 3) and the NID starts at 4. A component that is
    absent has begin == npos; a component that is present but empty has
    begin == end.
*/
struct parts {
    static constexpr std::size_t npos = static_cast<std::size_t>(-1);

    struct span {
        std::size_t begin = npos;
        std::size_t end = npos;
        constexpr bool present() const noexcept { return begin != npos; }
        /// The same offsets.
        friend constexpr bool operator==(span a, span b) noexcept { return a.begin == b.begin && a.end == b.end; }
    };

    std::size_t nid_end = 4;   ///< NID is [4, nid_end)
    std::size_t nss_end = 4;   ///< NSS is [nid_end + 1, nss_end)
    span query;                ///< draft-03 query, after "?"
    span r_component;          ///< RFC 8141, after "?+"
    span q_component;          ///< RFC 8141, after "?="
    span fragment;             ///< after "#" (RFC 8141 f-component)
    urns::syntax syntax = urns::syntax::rfc2141bis;

    /// The same offsets and syntax (two parses of the same text agree).
    friend constexpr bool operator==(parts const& a, parts const& b) noexcept
    {
        return a.nid_end == b.nid_end && a.nss_end == b.nss_end && a.query == b.query &&
               a.r_component == b.r_component && a.q_component == b.q_component && a.fragment == b.fragment &&
               a.syntax == b.syntax;
    }
};

/// Accessors shared by urn_view and urn; `Derived` provides buffer().
template <class Derived>
class urn_accessors {
public:
    /// "urn" as written (any case).
    std::string_view scheme() const noexcept { return slice(0, 3); }

    /// The namespace identifier as written.
    std::string_view nid() const noexcept { return slice(4, p_.nid_end); }

    /// The namespace-specific string as written (still percent-encoded).
    std::string_view nss() const noexcept
    {
        return slice(p_.nid_end + 1, p_.nss_end);
    }

    /// "urn:" NID ":" NSS, without any query, component or fragment.
    std::string_view assigned_name() const noexcept { return slice(0, p_.nss_end); }

    /// draft-03 only: whether a "?" query is present (it is never empty).
    bool has_query() const noexcept { return p_.query.present(); }
    /// draft-03 only: the query after "?", as written; empty if absent.
    std::string_view query() const noexcept { return get(p_.query); }

    /// RFC 8141 only: whether "?+" r-component is present (never empty).
    bool has_r_component() const noexcept { return p_.r_component.present(); }
    /// RFC 8141 only: the r-component after "?+", as written; empty if absent.
    std::string_view r_component() const noexcept { return get(p_.r_component); }

    /// RFC 8141 only: whether "?=" q-component is present (never empty).
    bool has_q_component() const noexcept { return p_.q_component.present(); }
    /// RFC 8141 only: the q-component after "?=", as written; empty if absent.
    std::string_view q_component() const noexcept { return get(p_.q_component); }

    /// Whether "#" is present; `urn:ex:a#` has an empty fragment, `urn:ex:a` none.
    bool has_fragment() const noexcept { return p_.fragment.present(); }
    /// The fragment after "#", as written; empty if absent.
    std::string_view fragment() const noexcept { return get(p_.fragment); }

    /// RFC 8141's name for the fragment.
    bool has_f_component() const noexcept { return has_fragment(); }
    /// RFC 8141's name for the fragment.
    std::string_view f_component() const noexcept { return fragment(); }

    /// The syntax this URN was parsed with.
    urns::syntax syntax() const noexcept { return p_.syntax; }

    // The API reference (docs/Doxyfile.in) shows the accessors above as
    // members of urn_view and urn; what follows is how they work, so it is
    // left out of it (cond without a label is never shown).
    /// @cond
protected:
    urn_accessors() noexcept = default;
    explicit urn_accessors(parts const& p) noexcept : p_(p) {}

    parts p_;
    /// @endcond

private:
    std::string_view buf() const noexcept { return static_cast<Derived const&>(*this).buffer(); }
    std::string_view get(parts::span s) const noexcept
    {
        return s.present() ? slice(s.begin, s.end) : std::string_view();
    }
    /// [b, e) of the buffer; empty unless b <= e <= size (a default view).
    std::string_view slice(std::size_t b, std::size_t e) const noexcept
    {
        std::string_view const s = buf();
        return b <= e && e <= s.size() ? std::string_view(s.data() + b, e - b) : std::string_view();
    }
};

} // namespace detail
} // namespace urns

#endif
