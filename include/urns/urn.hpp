// X3-free public header.
#ifndef URNS_URN_HPP
#define URNS_URN_HPP

#include <urns/detail/parts.hpp>
#include <urns/error.hpp>
#include <urns/urn_view.hpp>

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
class urn : public detail::urn_accessors<urn> {
public:
    /// Copies the characters of `v`.
    explicit urn(urn_view v) : urn_accessors(v.parts()), s_(v.buffer()) {}

    /// Parses `s` and, if it is a URN, copies it.
    static result<urn> parse(std::string_view s, urns::syntax syn = urns::syntax::rfc2141bis);

    /// The whole URN as parsed.
    std::string_view buffer() const noexcept { return s_; }

    /// The owned string.
    std::string const& str() const noexcept { return s_; }

    /// A view of this URN, valid while this object lives and is not changed.
    urn_view view() const noexcept { return urn_view(s_, p_); }

    /// Same as view().
    operator urn_view() const noexcept { return view(); }

private:
    std::string s_;
};

} // namespace urns

#endif
