// SPDX-License-Identifier: BSL-1.0
// Semantic layer (X3-free): the "urns" error category and error rendering.
#include <urns/error.hpp>

#include <boost/system/system_error.hpp>
#include <boost/throw_exception.hpp>

#include <algorithm>
#include <charconv>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace urns {

namespace {

/// The message of each error: literals, so NUL-terminated too.
constexpr std::string_view text_of(int ev) noexcept
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
    case error::nss_undecided:
        return "the namespace's rule could not decide on this NSS within its step and memory limits";
    }
    return "unknown urns error";
}

class category_impl final : public boost::system::error_category {
public:
    // A fixed id, so that the category compares equal across copies of the
    // library in one program.
    category_impl() noexcept : error_category(0x75726e73'00000001ULL) {}

    char const* name() const noexcept override { return "urns"; }

    std::string message(int ev) const override { return std::string(text_of(ev)); }

    char const* message(int ev, char*, std::size_t) const noexcept override { return text_of(ev).data(); }
};

/// Whether byte `c` is shown as itself: printable ASCII but "\\".
constexpr bool shown_as_is(unsigned char c) noexcept
{
    return c >= 0x20 && c < 0x7F && c != '\\';
}

/// The number of bytes at the start of the `n` at `p` that are shown as
/// they are: shown_as_is's set, tested sixteen at a time where there is
/// SSE2 (a window is read for every invalid line of a file); tests
/// error_text and the error_to_string fuzzer hold the two to one set.
std::size_t shown_run(char const* p, std::size_t n) noexcept
{
    std::size_t k = 0;
#if defined(__SSE2__)
    // Signed compares: the bytes from 0x80 up are negative, so not > 0x1F.
    __m128i const above_controls = _mm_set1_epi8(0x1F);
    __m128i const del = _mm_set1_epi8(0x7F);
    __m128i const backslash = _mm_set1_epi8('\\');
    // A bit for each of the sixteen bytes at `at` not shown as it is.
    auto const hidden_at = [&](std::size_t at) {
        __m128i const v = _mm_loadu_si128(reinterpret_cast<__m128i const*>(p + at));
        __m128i const printable = _mm_and_si128(_mm_cmpgt_epi8(v, above_controls), _mm_cmplt_epi8(v, del));
        __m128i const shown = _mm_andnot_si128(_mm_cmpeq_epi8(v, backslash), printable);
        return ~static_cast<unsigned>(_mm_movemask_epi8(shown)) & 0xFFFFu;
    };
    for (; n - k >= 16; k += 16) {
        unsigned const hidden = hidden_at(k);
        if (hidden != 0)
            return k + static_cast<std::size_t>(__builtin_ctz(hidden));
    }
    // The rest, as the sixteen bytes that end at `n`, those before `k`
    // (shown, read already) shifted out.
    if (k < n && n >= 16) {
        unsigned const hidden = hidden_at(n - 16) >> (k - (n - 16));
        return hidden != 0 ? k + static_cast<std::size_t>(__builtin_ctz(hidden)) : n;
    }
#endif
    while (k < n && shown_as_is(static_cast<unsigned char>(p[k])))
        ++k;
    return k;
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

/** Copies `text` to `q`; returns the end. In words of eight, the last
    one overlapping: the pieces of a message are short, and a memcpy of a
    length the compiler knows to be bounded can become "rep movsq", whose
    start-up on some processors (AMD's) costs more than such a piece. */
#if defined(__GNUC__)
[[gnu::always_inline]]
#endif
inline char* put(char* q, std::string_view text) noexcept
{
    char const* const p = text.data();
    std::size_t const n = text.size();
    if (n >= 8) {
        for (std::size_t i = 0; i + 8 < n; i += 8)
            std::memcpy(q + i, p + i, 8);
        std::memcpy(q + n - 8, p + n - 8, 8);
    } else if (n >= 4) {
        std::memcpy(q, p, 4);
        std::memcpy(q + n - 4, p + n - 4, 4);
    } else if (n > 0) {
        q[0] = p[0];
        q[n / 2] = p[n / 2];
        q[n - 1] = p[n - 1];
    }
    return q + n;
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
        case error::nss_undecided: return "nss_undecided";
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

namespace {

// The window shown: at most this many bytes before the offset and from it.
constexpr std::size_t before = 40, after = 30;
/// The most put_window writes: the window (each byte at most four wide,
/// "..." at either end), its line end, the caret line and "^ offset N: ".
constexpr std::size_t window_room = 3 + 4 * (before + after) + 3 + 1 + 3 + 4 * before + 9 + 20 + 2;

/// The window of `input` around e.offset, the caret line under it and
/// "^ offset N: ", at `q` (window_room bytes); returns the end.
char* put_window(char* q, parse_error const& e, std::string_view input) noexcept
{
    char* const start = q;
    std::size_t const at = std::min(e.offset, input.size());
    std::size_t const lo = at > before ? at - before : 0;
    std::size_t const hi = std::min(input.size(), at + after);
    if (lo > 0)
        q = put(q, "...");
    // Runs of bytes shown as they are go in whole; the others one by one.
    char* caret_at = nullptr;   // where the byte at `at` is shown
    for (std::size_t i = lo; i < hi;) {
        if (i == at)
            caret_at = q;
        // A run stops at the offset, where the caret's column is taken.
        std::size_t const stop = i < at ? at : hi;
        std::size_t const j = i + shown_run(input.data() + i, stop - i);
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
    std::size_t const caret = static_cast<std::size_t>(caret_at - start);
    if (hi < input.size())
        q = put(q, "...");
    *q++ = '\n';
    std::memset(q, ' ', caret);
    q += caret;
    q = put(q, "^ offset ");
    q = std::to_chars(q, q + 20, e.offset).ptr;
    return put(q, ": ");
}

/// Calls add(word) for each word after the caret line but the category's
/// message: the names expected, then the syntax.
template <class Add>
void add_names(parse_error const& e, Add&& add)
{
    if (!e.expected.empty()) {
        add(" (expected ");
        add(e.expected);
        for (std::string_view more : e.also_expected) {
            add(" or ");
            add(more);
        }
        if (std::size_t const left = e.also_expected.dropped()) {
            // The count, written without allocating (as the rest).
            char digits[24];
            char const* const end = std::to_chars(digits, digits + sizeof digits, left).ptr;
            add(" or ");
            add(std::string_view(digits, static_cast<std::size_t>(end - digits)));
            // " more" whole would be stored as the immediates " mor" and "e",
            // which spelling checkers of binaries (lintian) take for a typo.
            add(" ");
            add("more");
        }
        add(")");
    }
    add(" [");
    add(to_string(e.syntax));
    add("]");
}

} // namespace

void to_string(parse_error const& e, std::string_view input, std::string& out)
{
    // The whole message is made on the stack and appended at once: a
    // message is written for every invalid line of a file, and appends of
    // a few bytes each cost more than the bytes. The window and its caret
    // line always fit; the words after them fit unless a category's
    // message or a rule's name is very long, and then what is made goes
    // first.
    char buf[window_room + 256];
    char* q = put_window(buf, e, input);
    auto const add = [&](std::string_view piece) {
        if (piece.size() > static_cast<std::size_t>(buf + sizeof buf - q)) {
            out.append(buf, static_cast<std::size_t>(q - buf));
            q = buf;
            if (piece.size() > sizeof buf) {
                out += piece;
                return;
            }
        }
        q = put(q, piece);
    };
    // Another category's message is asked for whole, not cut to a buffer.
    if (e.code.category() == error_category())
        add(text_of(e.code.value()));
    else
        add(e.code.message());
    add_names(e, add);
    out.append(buf, static_cast<std::size_t>(q - buf));
}

std::to_chars_result to_chars(char* first, char* last, parse_error const& e, std::string_view input) noexcept
{
    std::size_t const room = static_cast<std::size_t>(last - first);
    char* q = first;
    if (room >= window_room) {
        q = put_window(q, e, input);
    } else {
        char buf[window_room];
        std::size_t const n = static_cast<std::size_t>(put_window(buf, e, input) - buf);
        if (n > room)
            return {last, std::errc::value_too_large};
        q = put(q, std::string_view(buf, n));
    }
    bool fits = true;
    auto const add = [&](std::string_view piece) {
        if (!fits || piece.size() > static_cast<std::size_t>(last - q))
            fits = false;
        else
            q = put(q, piece);
    };
    if (e.code.category() == error_category()) {
        add(text_of(e.code.value()));
    } else {
        // Another category writes its message into the rest of the range,
        // NUL-terminated and cut to fit, or returns one of its own: a
        // message that fills the rest may have been cut, so it does not fit.
        std::size_t const space = static_cast<std::size_t>(last - q);
        char const* const m = space > 0 ? e.code.message(q, space) : nullptr;
        if (m == nullptr) {
            fits = false;
        } else if (m == q) {
            std::size_t const n = std::strlen(m);
            fits = n + 1 < space;
            q += n;
        } else {
            add(m);
        }
    }
    add_names(e, add);
    if (!fits)
        return {last, std::errc::value_too_large};
    return {q, std::errc()};
}

void throw_exception_from_error(parse_error const& e, boost::source_location const& loc)
{
    boost::throw_exception(
        boost::system::system_error(e.code, "urns: offset " + std::to_string(e.offset) +
                                                ", expected " + std::string(e.expected)),
        loc);
}

} // namespace urns
