// SPDX-License-Identifier: BSL-1.0
// The urn command: printing URNs, errors and origins.
#include "describe.hpp"

#include <atomic>

#include "location.hpp"
#include "messages.hpp"
#include "shown.hpp"
#include "streams.hpp"

#include <common/records.hpp>

#include <algorithm>
#include <charconv>
#include <cstring>
#include <string>

namespace urn_tool {


namespace {

void component(out_buffer& o, std::string_view name, std::string_view value)
{
    o.put(' ');
    o.write(name);
    o.put('=');
    o.write(value);
}

} // namespace

void write_components_line(out_buffer& o, urns::urn_view u)
{
    o.write(u.buffer());
    o.write("  nid=");
    o.write(u.nid());
    component(o, "nss", u.nss());
    if (u.syntax() == urns::syntax::rfc8141) {
        if (u.has_r_component())
            component(o, "r-component", u.r_component());
        if (u.has_q_component())
            component(o, "q-component", u.q_component());
        if (u.has_f_component())
            component(o, "f-component", u.f_component());
    } else {
        if (u.has_query())
            component(o, "query", u.query());
        if (u.has_fragment())
            component(o, "fragment", u.fragment());
    }
    o.put('\n');
}

void write_components_json(json_writer& j, urns::urn_view u)
{
    urns_common::write_components(j, u);
}

void write_origin_json(json_writer& j, origin const& where)
{
    if (where.is_argument()) {
        j.member("argument", where.line);
    } else {
        j.member("file", where.file);
        j.member("line", where.line);
    }
}

namespace {

std::atomic<bool> undecided_seen{false};

} // namespace

void note_undecided() noexcept { undecided_seen.store(true, std::memory_order_relaxed); }

bool any_undecided() noexcept { return undecided_seen.load(std::memory_order_relaxed); }

void write_error_json(json_writer& j, urns::parse_error const& e, std::string_view key)
{
    if (e.code == urns::error::nss_undecided)
        note_undecided();
    j.key(key);
    j.begin_object();
    j.member("code", urns::error_code_name(e.code));
    j.member("message", e.code.message());
    j.member("offset", e.offset);
    write_expected_json(j, e.expected, e.also_expected);
    j.end_object();
}

void write_expected_json(json_writer& j, std::string_view first, urns::expected_alternatives const& also)
{
    urns_common::write_expected(j, first, also);
}

void write_caret_text(out_buffer& o, std::string const& text, std::string_view color)
{
    if (!colored()) {
        o.write(text);
        return;
    }
    std::size_t const caret = text.find('\n');
    std::size_t const hat = caret == std::string::npos ? caret : text.find('^', caret);
    if (hat == std::string::npos) {
        o.write(text);
        return;
    }
    std::size_t const eol = std::min(text.find('\n', hat), text.size());
    o.write(std::string_view(text).substr(0, hat));
    o.write(color);
    o.write(std::string_view(text).substr(hat, eol - hat));
    o.write(sgr::reset());
    o.write(std::string_view(text).substr(eol));
}

/// `piece` at `q`; the end.
char* put_text(char* q, std::string_view piece) noexcept
{
    std::memcpy(q, piece.data(), piece.size());
    return q + piece.size();
}

void report_invalid(origin const& where, std::string_view input, urns::parse_error const& e)
{
    if (e.code == urns::error::nss_undecided)
        note_undecided();
    out_buffer& o = err();
    begin_message();
    // Without colours, the whole message straight into the buffer (one is
    // written for every invalid line of a file: no copy, and not a call
    // for each of its pieces): "FILE:LINE: not a valid SYNTAX URN", then
    // to_chars' lines. Its first line needs at most `head_room` bytes
    // more than the file's name.
    constexpr std::size_t head_room = location_room + 1 + 16 + 14 + 5;
    // An NSS its namespace's rule could not decide is not called invalid.
    std::string_view const verdict = e.code == urns::error::nss_undecided ? "undecided, as a " : "not a valid ";
    // (A name with a byte to escape takes the other way, through write_message_location.)
    if (!colored() && shown_as_is(where.file) && o.write_into(1024 + head_room + where.file.size(), [&](char* first, char* last) -> char* {
            char* q = first;
            if (!where.is_argument()) {
                q = put_location(q, where.file, where.line);
                *q++ = ' ';
                q = put_text(q, verdict);
                q = put_text(q, urns::to_string(e.syntax));
                q = put_text(q, " URN\n");
            }
            std::to_chars_result const r = urns::to_chars(q, last, e, input);
            return r.ec == std::errc() ? r.ptr : nullptr;
        })) {
        o.put('\n');
        end_message();
        return;
    }
    if (!where.is_argument()) {
        write_message_location(o, where.file, where.line);
        o.write(verdict);
        o.write(urns::to_string(e.syntax));
        o.write(" URN\n");
    }
    // Else one string per thread, kept: no allocation per message.
    thread_local std::string text;
    text.clear();
    urns::to_string(e, input, text);
    write_caret_text(o, text, sgr::error());
    o.put('\n');
    end_message();
}

void report_too_long(origin const& where, std::size_t max_line)
{
    out_buffer& o = err();
    begin_message();
    if (!where.is_argument())
        write_message_location(o, where.file, where.line);
    o.write("line longer than ");
    o.number(max_line);
    o.write(" bytes, skipped\n");
    end_message();
}

void write_too_long_json(json_writer& j, origin const& where, std::size_t max_line, std::string_view mode)
{
    j.begin_object();
    write_origin_json(j, where);
    j.member_bool("valid", false);
    if (!mode.empty())
        j.member("mode", mode);
    write_too_long_error(j, max_line);
    j.end_object();
    j.newline();
}

void write_too_long_error(json_writer& j, std::size_t max_line)
{
    j.key("error");
    j.begin_object();
    j.member("code", "line_too_long");
    j.member("message", "line longer than " + std::to_string(max_line) + " bytes, skipped");
    j.end_object();
}

void write_result_json(json_writer& j, origin const& where, std::string_view input,
                       urns::syntax syn, urns::result<urns::urn_view> const& r)
{
    begin_result_json(j, where, input, syn, r);
    j.end_object();
    j.newline();
}

void begin_result_json(json_writer& j, origin const& where, std::string_view input,
                       urns::syntax syn, urns::result<urns::urn_view> const& r)
{
    j.begin_object();
    write_origin_json(j, where);
    j.member("input", input);
    j.member_bool("valid", r.has_value());
    if (r) {
        write_components_json(j, *r);
    } else {
        j.member("syntax", urns::to_string(syn));
        write_error_json(j, r.error());
    }
}

} // namespace urn_tool
