// SPDX-License-Identifier: BSL-1.0
// The urn command: the JSON writer and its escaping of strings.
#include "json_writer.hpp"

#include <urns/lexical.hpp>

#include <boost/archive/iterators/base64_from_binary.hpp>
#include <boost/archive/iterators/transform_width.hpp>

#include <string>

namespace urn_tool {

namespace {

/// The bytes copied into a JSON string as they are.
struct plain_table {
    bool plain[256] = {};
    constexpr plain_table()
    {
        for (int c = 0x20; c < 0x7F; ++c)
            plain[c] = c != '"' && c != '\\';
    }
};
constexpr plain_table plain_bytes;

} // namespace

void json_escape(out_buffer& o, std::string_view s)
{
    static char const hex[] = "0123456789abcdef";
    auto const* p = reinterpret_cast<unsigned char const*>(s.data());
    std::size_t const n = s.size();
    std::size_t run = 0;  // start of the pending run of bytes copied as-is
    std::size_t i = 0;
    auto flush_run = [&] {
        o.write(s.data() + run, i - run);
    };
    while (i < n) {
        unsigned char const c = p[i];
        if (plain_bytes.plain[c]) {
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

void json_writer::value_prefix()
{
    if (after_key_) {
        after_key_ = false;
        return;
    }
    if (!first_[depth_])
        o_.put(',');
    first_[depth_] = false;
}

void json_writer::push()
{
    if (depth_ < max_depth)
        ++depth_;
    first_[depth_] = true;
}

void json_writer::pop()
{
    if (depth_ > 0)
        --depth_;
}

void json_writer::key(std::string_view k)
{
    value_prefix();
    o_.put('"');
    o_.write(k);  // our own names: nothing to escape
    o_.write("\":");
    after_key_ = true;
}

namespace {

/// Standard base64 (RFC 4648 section 4), with its "=" padding.
std::string base64(std::string_view s)
{
    using namespace boost::archive::iterators;
    using encoder = base64_from_binary<transform_width<char const*, 6, 8>>;
    std::string out(encoder(s.data()), encoder(s.data() + s.size()));
    out.append((3 - s.size() % 3) % 3, '=');
    return out;
}

} // namespace

void json_writer::member(std::string_view k, std::string_view v)
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

void json_writer::string(std::string_view s)
{
    value_prefix();
    o_.put('"');
    json_escape(o_, s);
    o_.put('"');
}

} // namespace urn_tool
