// SPDX-License-Identifier: BSL-1.0
// The urn command: "FILE:LINE:", the prefix of every message and result
// about a line of a file, written here only.
#ifndef URN_TOOL_LOCATION_HPP
#define URN_TOOL_LOCATION_HPP

#include "out_buffer.hpp"

#include <cstddef>
#include <string_view>

namespace urn_tool {

/// "FILE:LINE:": the file's name as shown() shows it, the line's number
/// (1-based), a colon each.
void write_location(out_buffer& o, std::string_view file, std::size_t line);

/// write_location for a name already shown (shown_name's, kept for a
/// file's many results).
void write_shown_location(out_buffer& o, std::string_view shown_file, std::size_t line);

/// The most bytes put_location writes besides the name.
constexpr std::size_t location_room = 22;

/// write_location into memory at `q`, for a name shown as it is
/// (shown_as_is), with room for its size and location_room: the end.
char* put_location(char* q, std::string_view file, std::size_t line) noexcept;

/// The head of a message about a line of a file: "FILE:LINE:" in bold
/// (when colours are on), then a space.
void write_message_location(out_buffer& o, std::string_view file, std::size_t line);

} // namespace urn_tool

#endif
