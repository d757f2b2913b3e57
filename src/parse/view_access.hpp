// SPDX-License-Identifier: BSL-1.0
//
// Internal, X3-free: the library's access to the offsets of a view. Only
// the parser makes views from offsets; the semantic layer reads them.
#ifndef URNS_SRC_PARSE_VIEW_ACCESS_HPP
#define URNS_SRC_PARSE_VIEW_ACCESS_HPP

#include <urns/urn_view.hpp>

namespace urns {
namespace detail {

struct view_access {
    /// What makes a view of `buf` with the offsets `p`, which a parse of
    /// `buf` produced (the argument of urn_view's in-place constructor).
    static urn_view::parsed made(std::string_view buf, parts const& p) noexcept { return {buf, p}; }

    /// The offsets of `v`'s components.
    static parts const& parts_of(urn_view const& v) noexcept { return v.parts(); }
};

} // namespace detail
} // namespace urns

#endif
