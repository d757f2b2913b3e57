// SPDX-License-Identifier: BSL-1.0
// The urn command: messages on standard error, and their colours.
#ifndef URN_TOOL_MESSAGES_HPP
#define URN_TOOL_MESSAGES_HPP

#include <string_view>

namespace urn_tool {

/// "urn: <text>\n" on standard error, as one message.
void complain(std::string_view text);

/// When messages on standard error are coloured (--color).
enum class color_mode { automatic, always, never };

/** Sets the colour mode. `automatic` (the default) colours when standard
    error is a terminal, NO_COLOR is unset or empty, and TERM is not "dumb"
    (https://no-color.org). */
void set_color(color_mode m);

/// Whether messages on standard error are coloured.
bool colored();

/// The escape sequences of the colours used (empty when not colored()).
namespace sgr {
std::string_view error();    ///< bold red: carets, "error"
std::string_view warning();  ///< bold yellow: "warning"
std::string_view note();     ///< bold cyan: "note"
std::string_view bold();     ///< bold: locations
std::string_view reset();
} // namespace sgr

} // namespace urn_tool

#endif
