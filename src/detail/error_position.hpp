// Internal, X3-free.
#ifndef URNS_SRC_DETAIL_ERROR_POSITION_HPP
#define URNS_SRC_DETAIL_ERROR_POSITION_HPP

#include <urns/error.hpp>

#include <string_view>

namespace urns {
namespace detail {

/** Moves the offset of a grammar failure to where a reader looks for it:
    a scheme error to the first byte that differs from "urn:"; a NID error
    to the byte no NID may hold, or, when the NID is ended by ":" and still
    wrong as a whole (too long, a leading or trailing hyphen), to its first
    byte. Other errors are returned unchanged.
*/
parse_error refine_position(std::string_view s, parse_error e) noexcept;

} // namespace detail
} // namespace urns

#endif
