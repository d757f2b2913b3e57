// SPDX-License-Identifier: BSL-1.0
// The urn command: names from outside, escaped for text output.
#include "shown.hpp"

namespace urn_tool {

namespace {

/// The length of the byte sequence at s[i] that shown() escapes (0: none).
std::size_t escaped_at(std::string_view s, std::size_t i) noexcept
{
    auto const c = static_cast<unsigned char>(s[i]);
    if (c < 0x20 || c == 0x7f || c == '\\')
        return 1;
    if (c == 0xc2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) >= 0x80 &&
        static_cast<unsigned char>(s[i + 1]) <= 0x9f)
        return 2;
    return 0;
}

} // namespace

void write_shown(out_buffer& o, std::string_view name)
{
    static char const hex[] = "0123456789ABCDEF";
    std::size_t from = 0;
    for (std::size_t i = 0; i < name.size();) {
        std::size_t const n = escaped_at(name, i);
        if (n == 0) {
            ++i;
            continue;
        }
        o.write(name.data() + from, i - from);
        for (std::size_t k = 0; k < n; ++k) {
            auto const c = static_cast<unsigned char>(name[i + k]);
            if (c == '\\') {
                o.write("\\\\", 2);
            } else {
                char const esc[4] = {'\\', 'x', hex[c >> 4], hex[c & 15]};
                o.write(esc, 4);
            }
        }
        i += n;
        from = i;
    }
    o.write(name.data() + from, name.size() - from);
}

bool shown_as_is(std::string_view name) noexcept
{
    for (std::size_t i = 0; i < name.size(); ++i)
        if (escaped_at(name, i) != 0)
            return false;
    return true;
}

std::string_view shown_name::operator()(std::string_view name)
{
    if (!set_ || name != raw_) {
        raw_.assign(name);
        shown_ = shown(name);
        set_ = true;
    }
    return shown_;
}

std::string shown(std::string_view name)
{
    captured c;
    {
        out_buffer o(c, false, 256);
        write_shown(o, name);
        o.flush();
    }
    return std::string(c.bytes.get(), c.size);
}

} // namespace urn_tool
