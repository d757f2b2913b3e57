// SPDX-License-Identifier: BSL-1.0
// The urn command: names from outside (file names, a plugin's rule names
// and messages) escaped for text output.
#ifndef URN_TOOL_SHOWN_HPP
#define URN_TOOL_SHOWN_HPP

#include "out_buffer.hpp"

#include <string>
#include <string_view>

namespace urn_tool {

/** A name from outside (a file name, a plugin's rule name or message) as
    text output shows it: each control character (C0, DEL, and C1 as
    UTF-8, U+0080 to U+009F, which terminals also obey) and each "\\" are
    written as "\\xHH" and "\\\\", so that a name can neither forge a line
    of output nor send the terminal an escape sequence; any other byte is
    written as it is (docs/cli.md, "File names"). JSON escapes on its own. */
std::string shown(std::string_view name);
/// shown(name), written to `o` (uncopied when there is nothing to escape).
void write_shown(out_buffer& o, std::string_view name);
/// Whether shown(name) is `name` (nothing to escape).
bool shown_as_is(std::string_view name) noexcept;

/// shown() of the name asked for last, kept: for a file's name, written
/// on every line of output about the file (extract's results).
class shown_name {
public:
    std::string_view operator()(std::string_view name);

private:
    std::string raw_;
    std::string shown_;
    bool set_ = false;
};

} // namespace urn_tool

#endif
