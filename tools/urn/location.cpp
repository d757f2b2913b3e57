// SPDX-License-Identifier: BSL-1.0
// The urn command: the "FILE:LINE:" prefix.
#include "location.hpp"

#include "shown.hpp"
#include "messages.hpp"

#include <charconv>
#include <cstring>

namespace urn_tool {

void write_shown_location(out_buffer& o, std::string_view shown_file, std::size_t line)
{
    o.write(shown_file);
    o.put(':');
    o.number(line);
    o.put(':');
}

void write_location(out_buffer& o, std::string_view file, std::size_t line)
{
    write_shown(o, file);
    o.put(':');
    o.number(line);
    o.put(':');
}

char* put_location(char* q, std::string_view file, std::size_t line) noexcept
{
    std::memcpy(q, file.data(), file.size());
    q += file.size();
    *q++ = ':';
    q = std::to_chars(q, q + 20, line).ptr;
    *q++ = ':';
    return q;
}

void write_message_location(out_buffer& o, std::string_view file, std::size_t line)
{
    o.write(sgr::bold());
    write_location(o, file, line);
    o.write(sgr::reset());
    o.put(' ');
}

} // namespace urn_tool
