// SPDX-License-Identifier: BSL-1.0
// The urn command: the JSON Lines writer of --json, and its escaping of
// strings (bytes that are not UTF-8 kept in base64).
#ifndef URN_TOOL_JSON_WRITER_HPP
#define URN_TOOL_JSON_WRITER_HPP

#include "out_buffer.hpp"

#include <cstdint>
#include <string_view>

namespace urn_tool {

/// The version of the JSON records: the "version" member of each line
/// (docs/schema/ describes each command's records).
constexpr std::uint64_t json_format_version = 2;

/** Writes `s` as the contents of a JSON string (without the quotes).

    `"`, `\` and control characters are escaped; valid UTF-8 is copied;
    a byte that is not part of valid UTF-8 becomes U+FFFD, so the output is
    always valid JSON (byte offsets refer to the input, not to this text).
*/
void json_escape(out_buffer& o, std::string_view s);

/** A JSON writer with just what the command prints: one value per line
    (JSON Lines), written as it is built (no document in memory: this is
    2.4 to 2.6 times as fast as building a Boost.JSON value per record and
    serializing it).

    A top-level object starts with "version": json_format_version. A string
    member whose bytes are not valid UTF-8 is written with each bad byte as
    U+FFFD, and the bytes as they were follow in a member "<key>_base64"
    (standard base64, RFC 4648 section 4), so nothing is lost and byte
    offsets can be checked against the original.

    @code
    json_writer j(out());
    j.begin_object(); j.key("nid"); j.string("isbn"); j.end_object(); j.newline();
    @endcode
*/
class json_writer {
public:
    explicit json_writer(out_buffer& o) noexcept : o_(o) {}

    void begin_object()
    {
        bool const top = depth_ == 0;
        value_prefix();
        o_.put('{');
        push();
        if (top)
            member("version", json_format_version);
    }
    void end_object() { pop(); o_.put('}'); }
    void begin_array() { value_prefix(); o_.put('['); push(); }
    void end_array() { pop(); o_.put(']'); }
    /// A member's name: one of ours, written as it is (no escaping).
    void key(std::string_view k);
    void string(std::string_view s);
    void number(std::uint64_t n) { value_prefix(); o_.number(n); }
    void boolean(bool b) { value_prefix(); o_.write(b ? "true" : "false"); }
    void null() { value_prefix(); o_.write("null"); }
    /// Ends the line (one JSON value per line).
    void newline() { o_.put('\n'); depth_ = 0; first_[0] = true; }

    /// key + string (and key_base64 when `v` is not valid UTF-8).
    void member(std::string_view k, std::string_view v);
    /// key + number.
    void member(std::string_view k, std::uint64_t v) { key(k); number(v); }
    /// key + boolean.
    void member_bool(std::string_view k, bool v) { key(k); boolean(v); }

private:
    void value_prefix();
    void push();
    void pop();

    static constexpr int max_depth = 16;
    out_buffer& o_;
    int depth_ = 0;
    bool first_[max_depth + 1] = {true};
    bool after_key_ = false;
};

} // namespace urn_tool

#endif
