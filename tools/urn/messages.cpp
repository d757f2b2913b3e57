// SPDX-License-Identifier: BSL-1.0
// The urn command: messages on standard error, and their colours.
#include "messages.hpp"

#include "streams.hpp"

#include <cstdlib>
#include <cstring>
#include <unistd.h>

namespace urn_tool {

void complain(std::string_view text)
{
    begin_message();
    err().write("urn: ");
    err().write(text);
    err().put('\n');
    end_message();
}

namespace {
color_mode g_color = color_mode::automatic;
int g_colored = -1;  // -1: not decided yet
} // namespace

void set_color(color_mode m)
{
    g_color = m;
    g_colored = -1;
}

bool colored()
{
    if (g_colored < 0) {
        bool on = g_color == color_mode::always;
        if (g_color == color_mode::automatic) {
            char const* no_color = std::getenv("NO_COLOR");
            char const* term = std::getenv("TERM");
            on = ::isatty(STDERR_FILENO) && (no_color == nullptr || *no_color == '\0') &&
                 !(term != nullptr && std::strcmp(term, "dumb") == 0);
        }
        g_colored = on ? 1 : 0;
    }
    return g_colored == 1;
}

namespace sgr {
std::string_view error() { return colored() ? "\x1b[1;31m" : ""; }
std::string_view warning() { return colored() ? "\x1b[1;33m" : ""; }
std::string_view note() { return colored() ? "\x1b[1;36m" : ""; }
std::string_view bold() { return colored() ? "\x1b[1m" : ""; }
std::string_view reset() { return colored() ? "\x1b[0m" : ""; }
} // namespace sgr

} // namespace urn_tool
