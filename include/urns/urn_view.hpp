// SPDX-License-Identifier: BSL-1.0
// X3-free public header.
#ifndef URNS_URN_VIEW_HPP
#define URNS_URN_VIEW_HPP

#include <urns/detail/parts.hpp>
#include <urns/syntax.hpp>

#include <string_view>

namespace urns {

class urn;

/** A parsed URN that refers to its caller's characters.

    It is cheap to copy (a pointer, a length and the component offsets) and
    acts like a std::string_view in terms of ownership: the characters must
    outlive it. Every accessor returns the component exactly as written;
    buffer() gives the whole input back byte for byte.

    Only parse_urn (and urn) make views, so a view is always of a valid URN
    in its syntax(). A default-constructed view is empty and is not a URN.

    @par Example
    @code
    auto r = urns::parse_urn("urn:example:a123?+CCResolve:cc=uk", urns::syntax::rfc8141);
    assert(r && r->nid() == "example" && r->r_component() == "CCResolve:cc=uk");
    @endcode
*/
class urn_view : public detail::urn_accessors<urn_view> {
    // What the parser found: only the library can name and make one.
    struct parsed {
        std::string_view buf;
        detail::parts const& p;
    };

public:
    /// The parser's way to make a view in place, in the result it returns;
    /// its argument is a type only the library can name and make, so a
    /// view is made only by parsing.
    explicit urn_view(parsed const& x) noexcept : urn_accessors(x.p), buf_(x.buf) {}

    /// An empty view (not a URN): buffer() is empty.
    urn_view() noexcept = default;

    /// The whole URN as given to the parser.
    std::string_view buffer() const noexcept { return buf_; }

private:
    // Views are made only by parsing: by parse_urn and urn, through
    // detail::view_access (src/parse/view_access.hpp), never from offsets
    // a caller chose.
    friend class urn;
    friend struct detail::view_access;

    urn_view(std::string_view buf, detail::parts const& p) noexcept : urn_accessors(p), buf_(buf) {}

    detail::parts const& parts() const noexcept { return p_; }

    std::string_view buf_;
};

} // namespace urns

#endif
