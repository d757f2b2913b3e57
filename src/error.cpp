// SPDX-License-Identifier: BSL-1.0
// Semantic layer (X3-free): the "urns" error category and error rendering.
#include <urns/error.hpp>

#include <boost/system/system_error.hpp>
#include <boost/throw_exception.hpp>

#include <algorithm>
#include <charconv>

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

/// Appends byte `c` as the user should see it; returns its width.
std::size_t append_shown(std::string& out, unsigned char c)
{
    if (shown_as_is(c)) {
        out += static_cast<char>(c);
        return 1;
    }
    static constexpr char hex[] = "0123456789ABCDEF";
    char const shown[4] = {'\\', 'x', hex[c >> 4], hex[c & 15]};
    out.append(shown, 4);
    return 4;
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

    // Room for the window (each byte at most four wide), its caret line and
    // the message, in one allocation at most.
    out.reserve(out.size() + 10 * (hi - lo) + 256);
    std::size_t caret = 0;
    if (lo > 0) {
        out += "...";
        caret += 3;
    }
    // Runs of bytes shown as they are go in whole; the others one by one.
    for (std::size_t i = lo; i < hi;) {
        std::size_t j = i;
        while (j < hi && shown_as_is(static_cast<unsigned char>(input[j])))
            ++j;
        if (j > i) {
            out.append(input.data() + i, j - i);
            caret += std::min(j, at) > i ? std::min(j, at) - i : 0;
            i = j;
            continue;
        }
        std::size_t const w = append_shown(out, static_cast<unsigned char>(input[i]));
        if (i < at)
            caret += w;
        ++i;
    }
    if (hi < input.size())
        out += "...";
    out += '\n';
    out.append(caret, ' ');
    out += "^ offset ";
    char digits[24];
    out.append(digits, static_cast<std::size_t>(std::to_chars(digits, digits + sizeof digits, e.offset).ptr - digits));
    out += ": ";
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
