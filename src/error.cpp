// SPDX-License-Identifier: BSL-1.0
// Semantic layer (X3-free): the "urns" error category and error rendering.
#include <urns/error.hpp>

#include <boost/system/system_error.hpp>
#include <boost/throw_exception.hpp>

#include <algorithm>
#include <charconv>
#include <cstring>

namespace urns {

namespace {

class category_impl final : public boost::system::error_category {
public:
    // A fixed id, so that the category compares equal across copies of the
    // library in one program.
    category_impl() noexcept : error_category(0x75726e73'00000001ULL) {}

    char const* name() const noexcept override { return "urns"; }

    std::string message(int ev) const override { return message(ev, nullptr, 0); }

    char const* message(int ev, char*, std::size_t) const noexcept override
    {
        switch (static_cast<error>(ev)) {
        case error::bad_scheme: return "not a URN: it must start with \"urn:\"";
        case error::bad_nid: return "invalid namespace identifier (NID)";
        case error::bad_nss: return "invalid namespace-specific string (NSS)";
        case error::bad_pct_encoded: return "\"%\" must be followed by two hex digits";
        case error::bad_query: return "invalid query: expected keyword=value directives separated by \"&\"";
        case error::bad_r_component: return "invalid r-component (after \"?+\")";
        case error::bad_q_component: return "invalid q-component (after \"?=\")";
        case error::bad_fragment: return "invalid fragment (after \"#\")";
        case error::bad_rq: return "\"?\" must start \"?+\" (r-component) or \"?=\" (q-component)";
        case error::reserved_nid: return "reserved namespace identifier";
        case error::nul_octet: return "\"%00\" (NUL) is not allowed in this syntax";
        case error::nss_rejected: return "the namespace's own rules reject this NSS";
        case error::bad_identifier: return "the identifier cannot be encoded as an NSS";
        }
        return "unknown urns error";
    }
};

/// Whether byte `c` is shown as itself: printable ASCII but "\\".
constexpr bool shown_as_is(unsigned char c) noexcept
{
    return c >= 0x20 && c < 0x7F && c != '\\';
}

/// Writes byte `c` at `q` as the user should see it; returns the end.
char* put_shown(char* q, unsigned char c) noexcept
{
    if (shown_as_is(c)) {
        *q = static_cast<char>(c);
        return q + 1;
    }
    static constexpr char hex[] = "0123456789ABCDEF";
    q[0] = '\\';
    q[1] = 'x';
    q[2] = hex[c >> 4];
    q[3] = hex[c & 15];
    return q + 4;
}

/// Copies `text` to `q`; returns the end.
char* put(char* q, std::string_view text) noexcept
{
    std::memcpy(q, text.data(), text.size());
    return q + text.size();
}

} // namespace

std::string_view error_code_name(boost::system::error_code const& ec) noexcept
{
    if (ec.category() == error_category()) {
        switch (static_cast<error>(ec.value())) {
        case error::bad_scheme: return "bad_scheme";
        case error::bad_nid: return "bad_nid";
        case error::bad_nss: return "bad_nss";
        case error::bad_pct_encoded: return "bad_pct_encoded";
        case error::bad_query: return "bad_query";
        case error::bad_r_component: return "bad_r_component";
        case error::bad_q_component: return "bad_q_component";
        case error::bad_fragment: return "bad_fragment";
        case error::bad_rq: return "bad_rq";
        case error::reserved_nid: return "reserved_nid";
        case error::nul_octet: return "nul_octet";
        case error::nss_rejected: return "nss_rejected";
        case error::bad_identifier: return "bad_identifier";
        }
    }
    return "error";
}

boost::system::error_category const& error_category() noexcept
{
    static category_impl const instance;
    return instance;
}

std::string to_string(parse_error const& e, std::string_view input)
{
    std::string out;
    to_string(e, input, out);
    return out;
}

void to_string(parse_error const& e, std::string_view input, std::string& out)
{
    constexpr std::size_t before = 40, after = 30;
    std::size_t const at = std::min(e.offset, input.size());
    std::size_t const lo = at > before ? at - before : 0;
    std::size_t const hi = std::min(input.size(), at + after);

    // The window (each byte at most four wide, "..." at either end) and
    // its caret line, made on the stack and appended at once: a message is
    // written for every invalid line of a file, and appends of a few
    // bytes each cost more than the bytes.
    char buf[3 + 4 * (before + after) + 3 + 1 + 3 + 4 * before + 9 + 20 + 2];
    char* q = buf;
    if (lo > 0)
        q = put(q, "...");
    // Runs of bytes shown as they are go in whole; the others one by one.
    char* caret_at = nullptr;   // where the byte at `at` is shown
    for (std::size_t i = lo; i < hi;) {
        if (i == at)
            caret_at = q;
        std::size_t j = i;
        while (j < hi && j != at && shown_as_is(static_cast<unsigned char>(input[j])))
            ++j;
        if (j > i) {
            q = put(q, input.substr(i, j - i));
            i = j;
            continue;
        }
        q = put_shown(q, static_cast<unsigned char>(input[i]));
        ++i;
    }
    if (!caret_at)
        caret_at = q;   // the offset is the input's end
    std::size_t const caret = static_cast<std::size_t>(caret_at - buf);
    if (hi < input.size())
        q = put(q, "...");
    *q++ = '\n';
    std::memset(q, ' ', caret);
    q += caret;
    q = put(q, "^ offset ");
    q = std::to_chars(q, buf + sizeof buf, e.offset).ptr;
    q = put(q, ": ");
    out.append(buf, static_cast<std::size_t>(q - buf));
    char message[128];   // for a category that writes its message there
    out += e.code.message(message, sizeof message);
    if (!e.expected.empty()) {
        out += " (expected ";
        out += e.expected;
        for (std::string_view more : e.also_expected) {
            out += " or ";
            out += more;
        }
        out += ')';
    }
    out += " [";
    out += to_string(e.syntax);
    out += ']';
}

void throw_exception_from_error(parse_error const& e, boost::source_location const& loc)
{
    boost::throw_exception(
        boost::system::system_error(e.code, "urns: offset " + std::to_string(e.offset) +
                                                ", expected " + std::string(e.expected)),
        loc);
}

} // namespace urns
