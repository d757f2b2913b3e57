// SPDX-License-Identifier: BSL-1.0
// libFuzzer target: urns::to_string(parse_error, input) and to_chars, on the errors
// parse_urn returns and on made-up errors (any offset, even past the end;
// any code and rule name). Checks that the rendering is two lines: the
// input, printable ASCII only, cut to a window with "..." where cut, and a
// caret under the offending byte followed by the offset, the message, the
// rule and the syntax.
#include "fuzz_support.hpp"

#include <urns/urns.hpp>

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace {

/// Undoes the \xHH escaping of the first line; false if it is malformed.
bool decode(std::string_view shown, std::string& out)
{
    for (std::size_t i = 0; i < shown.size(); ++i) {
        char const c = shown[i];
        if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7F)
            return false;
        if (c != '\\') {
            out += c;
            continue;
        }
        auto is_hex = [](char h) { return (h >= '0' && h <= '9') || (h >= 'A' && h <= 'F'); };
        if (i + 3 >= shown.size() || shown[i + 1] != 'x' || !is_hex(shown[i + 2]) ||
            !is_hex(shown[i + 3]))
            return false;
        auto hex = [](char h) { return h >= 'A' ? h - 'A' + 10 : h - '0'; };
        out += static_cast<char>(hex(shown[i + 2]) * 16 + hex(shown[i + 3]));
        i += 3;
    }
    return true;
}

void check_rendering(std::string_view input, urns::parse_error const& e)
{
    std::string const text = urns::to_string(e, input);
    std::size_t const nl = text.find('\n');
    URNS_FUZZ_CHECK(nl != std::string::npos && text.find('\n', nl + 1) == std::string::npos, input);
    std::string_view const line1 = std::string_view(text).substr(0, nl);
    std::string_view const line2 = std::string_view(text).substr(nl + 1);

    std::size_t const caret = line2.find_first_not_of(' ');
    URNS_FUZZ_CHECK(caret != std::string_view::npos && line2[caret] == '^', input);
    URNS_FUZZ_CHECK(caret <= line1.size(), input);
    std::string const tail = "^ offset " + std::to_string(e.offset) + ": " + e.code.message();
    URNS_FUZZ_CHECK(line2.substr(caret, tail.size()) == tail, input);
    std::string const end = std::string(" [") + std::string(urns::to_string(e.syntax)) + "]";
    URNS_FUZZ_CHECK(line2.size() >= end.size() && line2.substr(line2.size() - end.size()) == end, input);

    // The caret splits the first line into what comes before the
    // offending byte and the rest, each a piece of the input.
    std::string before, after;
    URNS_FUZZ_CHECK(decode(line1.substr(0, caret), before), input);
    URNS_FUZZ_CHECK(decode(line1.substr(caret), after), input);
    std::size_t const at = e.offset < input.size() ? e.offset : input.size();
    std::string_view const head = input.substr(0, at), rest = input.substr(at);
    bool const before_ok = before == head || (before.size() >= 3 && before.compare(0, 3, "...") == 0 &&
                                              head.size() > before.size() - 3 &&
                                              head.substr(head.size() - (before.size() - 3)) ==
                                                  std::string_view(before).substr(3));
    if (!before_ok)
        urns_fuzz::fail("text before the caret is not the input before the offset", input, text);
    bool const after_ok = after == rest || (after.size() >= 3 && after.compare(after.size() - 3, 3, "...") == 0 &&
                                            rest.size() > after.size() - 3 &&
                                            rest.substr(0, after.size() - 3) ==
                                                std::string_view(after).substr(0, after.size() - 3));
    if (!after_ok)
        urns_fuzz::fail("text after the caret is not the input from the offset", input, text);
    // A window, not the whole of a long input.
    URNS_FUZZ_CHECK(line1.size() <= 4 * 100, input);
    // The offending byte itself is shown, when there is one.
    URNS_FUZZ_CHECK(rest.empty() || !after.empty(), input);

    // to_chars writes the same text into a range that holds it, and says
    // value_too_large for one a byte short.
    std::string buf(text.size() + 1, '#');
    std::to_chars_result const fits = urns::to_chars(buf.data(), buf.data() + text.size(), e, input);
    URNS_FUZZ_CHECK(fits.ec == std::errc() && std::string_view(buf.data(), fits.ptr - buf.data()) == text, input);
    std::to_chars_result const short_one = urns::to_chars(buf.data(), buf.data() + text.size() - 1, e, input);
    URNS_FUZZ_CHECK(short_one.ec == std::errc::value_too_large && short_one.ptr == buf.data() + text.size() - 1,
                    input);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size)
{
    if (size < 1)
        return 0;
    auto const syn = static_cast<urns::syntax>(data[0] % 3);
    bool const made_up = (data[0] & 0x80) != 0;
    std::string_view s(reinterpret_cast<char const*>(data + 1), size - 1);
    if (!made_up) {
        auto const r = urns_fuzz::parse_checked(s, syn);
        if (!r)
            check_rendering(s, r.error());
        return 0;
    }
    // Made up: 4 bytes of offset, 1 of code (also unknown ones), 1 of rule
    // name (the library's names are ABNF rule names: one line, ASCII).
    static char const* const names[] = {"NID", "NSS", "\"urn:\"", "pct-encoded", "r-component",
                                        "end of input", ""};
    if (s.size() < 6)
        return 0;
    auto const* p = reinterpret_cast<unsigned char const*>(s.data());
    urns::parse_error e;
    e.offset = static_cast<std::size_t>(p[0]) | static_cast<std::size_t>(p[1]) << 8 |
               static_cast<std::size_t>(p[2]) << 16 | static_cast<std::size_t>(p[3]) << 24;
    if (p[0] & 1)
        e.offset %= s.size() + 2;  // mostly near or inside the input
    e.code = urns::make_error_code(static_cast<urns::error>(p[4] % 16));
    e.expected = names[p[5] % (sizeof names / sizeof names[0])];
    s.remove_prefix(6);
    e.syntax = syn;
    check_rendering(s, e);
    return 0;
}
