// SPDX-License-Identifier: BSL-1.0
// The JSON Lines writer of the urn command's --json records and of
// urns.dask's, over any byte sink: the escaping of strings (bytes that are
// not UTF-8 kept in base64) and the writer itself.
#ifndef URNS_COMMON_JSON_WRITER_HPP
#define URNS_COMMON_JSON_WRITER_HPP

#include <urns/lexical.hpp>

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace urns_common {

/// The version of the JSON records: the "version" member of each line
/// (docs/schema/ describes each command's records).
constexpr std::uint64_t json_format_version = 2;

/// Standard base64 (RFC 4648 section 4) of `s`, with its "=" padding.
std::string base64(std::string_view s);

/** A sink of bytes that appends to a std::string: what a writer needs of a
    sink (write, put, number), for a caller that wants the text in memory.
    The urn tool's out_buffer is the other sink. */
class string_sink {
public:
    explicit string_sink(std::string& s) noexcept : s_(s) {}
    void write(char const* p, std::size_t n) { s_.append(p, n); }
    void write(std::string_view s) { s_.append(s.data(), s.size()); }
    void put(char c) { s_.push_back(c); }
    void number(std::uint64_t n)
    {
        char digits[20];
        s_.append(digits, static_cast<std::size_t>(std::to_chars(digits, digits + sizeof digits, n).ptr - digits));
    }

private:
    std::string& s_;
};

namespace detail {

/// The bytes copied into a JSON string as they are.
struct plain_table {
    bool plain[256] = {};
    constexpr plain_table()
    {
        for (int c = 0x20; c < 0x7F; ++c)
            plain[c] = c != '"' && c != '\\';
    }
};
inline constexpr plain_table plain_bytes;

} // namespace detail

/** Writes `s` as the contents of a JSON string (without the quotes).

    `"`, `\` and control characters are escaped; valid UTF-8 is copied;
    a byte that is not part of valid UTF-8 becomes U+FFFD, so the output is
    always valid JSON (byte offsets refer to the input, not to this text).
*/
template <class Sink>
void json_escape(Sink& o, std::string_view s)
{
    static constexpr char hex[] = "0123456789abcdef";
    auto const* p = reinterpret_cast<unsigned char const*>(s.data());
    std::size_t const n = s.size();
    std::size_t run = 0; // start of the pending run of bytes copied as-is
    std::size_t i = 0;
    auto flush_run = [&] { o.write(s.data() + run, i - run); };
    while (i < n) {
        unsigned char const c = p[i];
        if (detail::plain_bytes.plain[c]) {
            ++i;
            continue;
        }
        if (c >= 0x80) {
            if (std::size_t const len = urns::lexical::utf8_sequence_length(p + i, n - i)) {
                i += len;
                continue;
            }
            flush_run();
            o.write("\\ufffd");
        } else {
            flush_run();
            switch (c) {
            case '"': o.write("\\\""); break;
            case '\\': o.write("\\\\"); break;
            case '\n': o.write("\\n"); break;
            case '\r': o.write("\\r"); break;
            case '\t': o.write("\\t"); break;
            default: {
                char const e[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
                o.write(e, 6);
            }
            }
        }
        ++i;
        run = i;
    }
    flush_run();
}

/** A JSON writer with just what the records need: one value per line
    (JSON Lines), written as it is built (no document in memory: this is
    2.4 to 2.6 times as fast as building a Boost.JSON value per record and
    serializing it).

    A top-level object starts with "version": json_format_version. A string
    member whose bytes are not valid UTF-8 is written with each bad byte as
    U+FFFD, and the bytes as they were follow in a member "<key>_base64"
    (standard base64, RFC 4648 section 4), so nothing is lost and byte
    offsets can be checked against the original.

    @code
    std::string text;
    string_sink sink(text);
    json_writer<string_sink> j(sink);
    j.begin_object(); j.key("nid"); j.string("isbn"); j.end_object(); j.newline();
    @endcode
*/
template <class Sink>
class json_writer {
public:
    explicit json_writer(Sink& o) noexcept : o_(o) {}

    void begin_object()
    {
        bool const top = depth_ == 0;
        value_prefix();
        o_.put('{');
        push();
        if (top)
            member("version", json_format_version);
    }
    void end_object()
    {
        pop();
        o_.put('}');
    }
    void begin_array()
    {
        value_prefix();
        o_.put('[');
        push();
    }
    void end_array()
    {
        pop();
        o_.put(']');
    }
    /// A member's name: one of ours, written as it is (no escaping).
    void key(std::string_view k)
    {
        value_prefix();
        o_.put('"');
        o_.write(k);
        o_.write("\":");
        after_key_ = true;
    }
    void string(std::string_view s)
    {
        value_prefix();
        o_.put('"');
        json_escape(o_, s);
        o_.put('"');
    }
    void number(std::uint64_t n)
    {
        value_prefix();
        o_.number(n);
    }
    void boolean(bool b)
    {
        value_prefix();
        o_.write(b ? std::string_view("true") : std::string_view("false"));
    }
    void null()
    {
        value_prefix();
        o_.write(std::string_view("null"));
    }
    /// Ends the line (one JSON value per line).
    void newline()
    {
        o_.put('\n');
        depth_ = 0;
        first_[0] = true;
    }

    /// key + string (and key_base64 when `v` is not valid UTF-8).
    void member(std::string_view k, std::string_view v)
    {
        key(k);
        string(v);
        if (!urns::lexical::valid_utf8(v)) {
            std::string bytes_key(k);
            bytes_key += "_base64";
            key(bytes_key);
            string(base64(v));
        }
    }
    /// key + number.
    void member(std::string_view k, std::uint64_t v)
    {
        key(k);
        number(v);
    }
    /// key + boolean.
    void member_bool(std::string_view k, bool v)
    {
        key(k);
        boolean(v);
    }

private:
    void value_prefix()
    {
        if (after_key_) {
            after_key_ = false;
            return;
        }
        if (!first_[depth_])
            o_.put(',');
        first_[depth_] = false;
    }
    void push()
    {
        if (depth_ < max_depth)
            ++depth_;
        first_[depth_] = true;
    }
    void pop()
    {
        if (depth_ > 0)
            --depth_;
    }

    static constexpr int max_depth = 16;
    Sink& o_;
    int depth_ = 0;
    bool first_[max_depth + 1] = {true};
    bool after_key_ = false;
};

} // namespace urns_common

#endif
