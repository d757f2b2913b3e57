// SPDX-License-Identifier: BSL-1.0
// to_string(parse_error, input): the one-line excerpt and the caret under
// it, on inputs where the width of shown bytes and the cuts matter. The
// expected texts are written out by hand from the rules of error.hpp: at
// most 40 bytes before the offset and 30 from it, "..." where the input is
// cut, a byte outside printable ASCII (and "\") shown as \xHH (four columns).
#define BOOST_TEST_MODULE error_text
#include <boost/test/unit_test.hpp>

#include <urns/error.hpp>

#include <charconv>
#include <initializer_list>
#include <string>
#include <vector>

namespace {

std::string const message = "invalid namespace-specific string (NSS) (expected NSS) [rfc2141bis]";

std::string render(std::string const& input, std::size_t offset)
{
    urns::parse_error const e(make_error_code(urns::error::bad_nss), offset, "NSS", urns::syntax::rfc2141bis);
    return urns::to_string(e, input);
}

} // namespace

BOOST_AUTO_TEST_CASE(caret_counts_the_width_of_escaped_bytes)
{
    // "urn:ex:" is 7 columns, \x01 and \x02 four each: the caret is under
    // the "z" at column 15.
    BOOST_TEST(render(std::string("urn:ex:\x01\x02z", 10), 9) ==
               "urn:ex:\\x01\\x02z\n" + std::string(15, ' ') + "^ offset 9: " + message);
    // A backslash is escaped too (\x5C), so that \xHH is unambiguous.
    BOOST_TEST(render("urn:ex:\\z", 8) == "urn:ex:\\x5Cz\n" + std::string(11, ' ') + "^ offset 8: " + message);
    // A byte after the offset does not move the caret.
    BOOST_TEST(render(std::string("urn:ex:z\x7F", 9), 7) ==
               "urn:ex:z\\x7F\n" + std::string(7, ' ') + "^ offset 7: " + message);
}

BOOST_AUTO_TEST_CASE(an_input_cut_by_one_byte_says_so)
{
    std::string const tail30 = "urn:" + std::string(26, 'a');   // 30 bytes from offset 0
    // 30 bytes from the offset are shown whole.
    BOOST_TEST(render(tail30, 0) == tail30 + "\n^ offset 0: " + message);
    // One more byte: it is cut, and "..." says so.
    BOOST_TEST(render(tail30 + "b", 0) == tail30 + "...\n^ offset 0: " + message);
    // 40 bytes before the offset are shown whole; one more is cut at the
    // front, "..." shown, the caret three columns further.
    std::string const head40(40, 'h');
    BOOST_TEST(render(head40 + "!", 40) == head40 + "!\n" + std::string(40, ' ') + "^ offset 40: " + message);
    BOOST_TEST(render("g" + head40 + "!", 41) ==
               "..." + head40 + "!\n" + std::string(43, ' ') + "^ offset 41: " + message);
}

BOOST_AUTO_TEST_CASE(error_code_names_are_the_enumerators)
{
    // The names are the enumerators of include/urns/error.hpp, written out.
    std::pair<urns::error, char const*> const names[] = {
        {urns::error::bad_scheme, "bad_scheme"},         {urns::error::bad_nid, "bad_nid"},
        {urns::error::bad_nss, "bad_nss"},               {urns::error::bad_pct_encoded, "bad_pct_encoded"},
        {urns::error::bad_query, "bad_query"},           {urns::error::bad_r_component, "bad_r_component"},
        {urns::error::bad_q_component, "bad_q_component"}, {urns::error::bad_fragment, "bad_fragment"},
        {urns::error::bad_rq, "bad_rq"},                 {urns::error::reserved_nid, "reserved_nid"},
        {urns::error::nul_octet, "nul_octet"},           {urns::error::nss_rejected, "nss_rejected"},
        {urns::error::bad_identifier, "bad_identifier"},
    };
    for (auto const& [e, name] : names)
        BOOST_TEST(urns::error_code_name(urns::make_error_code(e)) == name);
    BOOST_TEST(urns::error_code_name(boost::system::error_code(99, urns::error_category())) == "error");
    BOOST_TEST(urns::error_code_name(boost::system::error_code(1, boost::system::generic_category())) == "error");
}

BOOST_AUTO_TEST_CASE(appended_to_a_kept_string)
{
    // The three-argument to_string appends what the two-argument one
    // returns, after what the string held, and the string can be kept from
    // one error to the next (cleared or not); checked on the cases above
    // and on a message of another category, whose text it copies.
    urns::parse_error const e(make_error_code(urns::error::bad_nss), 9, "NSS", urns::syntax::rfc2141bis);
    std::string kept = "before|";
    urns::to_string(e, std::string("urn:ex:\x01\x02z", 10), kept);
    BOOST_TEST(kept == "before|urn:ex:\\x01\\x02z\n" + std::string(15, ' ') + "^ offset 9: " + message);
    kept.clear();
    urns::to_string(e, "urn:" + std::string(100, 'a'), kept);
    BOOST_TEST(kept == urns::to_string(e, "urn:" + std::string(100, 'a')));
    urns::parse_error const other(make_error_code(boost::system::errc::invalid_argument), 0, "", urns::syntax::rfc8141);
    std::string text;
    urns::to_string(other, "x", text);
    BOOST_TEST(text == "x\n^ offset 0: " + boost::system::error_code(make_error_code(boost::system::errc::invalid_argument)).message() +
                           " [rfc8141]");
}

namespace {

/// A category whose message is as long as it is told to be.
class wordy_category final : public boost::system::error_category {
public:
    explicit wordy_category(std::size_t n) : text_(n, 'm') {}
    char const* name() const noexcept override { return "wordy"; }
    std::string message(int) const override { return text_; }

private:
    std::string text_;
};

} // namespace

BOOST_AUTO_TEST_CASE(long_words_after_the_caret_are_whole)
{
    // The words after the caret line (the category's message, the names
    // expected, the syntax) are copied whole whatever their length: each
    // case is put together here from error.hpp's rule, piece by piece, for
    // lengths around and far beyond what a message of this library takes,
    // after the widest window there is (every byte shown as \xHH, both
    // ends cut).
    std::string const input = std::string(45, '\x01') + std::string(40, '\x02');
    // Bytes 10 to 79 are shown: 40 before the offset (50), 30 from it.
    std::string window = "...";
    for (int i = 10; i < 45; ++i)
        window += "\\x01";
    for (int i = 45; i < 80; ++i)
        window += "\\x02";
    window += "...";
    for (std::size_t n : {0u, 1u, 100u, 250u, 255u, 256u, 257u, 300u, 700u, 2000u}) {
        wordy_category const cat(n);
        std::string const rule(n, 'e'), other(n / 2 + 1, 'o');
        for (bool with_names : {false, true}) {
            urns::parse_error e(boost::system::error_code(1, cat), 50, with_names ? rule : std::string_view(),
                                urns::syntax::rfc2141);
            if (with_names) {
                e.also_expected.push_back(other);
                e.also_expected.push_back("DIGIT");
            }
            std::string want = window + "\n" + std::string(3 + 4 * 40, ' ') + "^ offset 50: " + std::string(n, 'm');
            if (with_names && n > 0)   // nothing is said of an empty name
                want += " (expected " + rule + " or " + other + " or DIGIT)";
            want += " [rfc2141]";
            BOOST_TEST(urns::to_string(e, input) == want, "n = " << n << ", names: " << with_names);
            std::string kept = "before|";
            urns::to_string(e, input, kept);
            BOOST_TEST(kept == "before|" + want);
        }
    }
}

BOOST_AUTO_TEST_CASE(to_chars_writes_what_to_string_returns)
{
    // to_chars writes the text to_string returns (held to error.hpp's rule
    // by the cases above) when it fits, and says value_too_large, at
    // `last`, for every range one byte too short and shorter; a message of
    // another category, which the category may write into the range with
    // its NUL, may need one byte more (`extra`), and needs no more.
    std::string const wide = std::string(45, '\x01') + std::string(40, '\x02');
    struct case_ {
        urns::parse_error e;
        std::string input;
        std::size_t extra;   // bytes that may be needed past the text
    };
    std::vector<case_> cases;
    cases.push_back({urns::parse_error(make_error_code(urns::error::bad_nss), 9, "NSS", urns::syntax::rfc2141bis),
                     std::string("urn:ex:\x01\x02z", 10), 0});
    cases.push_back({urns::parse_error(make_error_code(urns::error::bad_nss), 50, "NSS", urns::syntax::rfc8141), wide, 0});
    cases.push_back({urns::parse_error(make_error_code(urns::error::bad_pct_encoded), 104, "", urns::syntax::rfc2141),
                     "urn:" + std::string(100, 'a'), 0});
    urns::parse_error named(make_error_code(urns::error::bad_nid), 4, "NID", urns::syntax::rfc2141);
    named.also_expected.push_back("ALPHA");
    named.also_expected.push_back("DIGIT");
    cases.push_back({named, "urn:-x:y", 0});
    cases.push_back({urns::parse_error(make_error_code(boost::system::errc::invalid_argument), 0, "rule",
                                       urns::syntax::rfc8141),
                     "x", 1});
    wordy_category const wordy(700);
    cases.push_back({urns::parse_error(boost::system::error_code(1, wordy), 50, "NSS", urns::syntax::rfc2141), wide, 1});
    for (case_ const& c : cases) {
        std::string const want = urns::to_string(c.e, c.input);
        std::vector<char> buf(want.size() + c.extra + 64, '#');
        for (std::size_t size = 0; size <= want.size() + c.extra + 64; ++size) {
            char* const last = buf.data() + size;
            std::to_chars_result const r = urns::to_chars(buf.data(), last, c.e, c.input);
            if (size < want.size() || (size < want.size() + c.extra && r.ec != std::errc())) {
                BOOST_TEST_REQUIRE((r.ec == std::errc::value_too_large), "size " << size << " of " << want.size());
                BOOST_TEST_REQUIRE((r.ptr == last), "size " << size);
            } else {
                BOOST_TEST_REQUIRE((r.ec == std::errc()), "size " << size << " of " << want.size());
                BOOST_TEST_REQUIRE(std::string(buf.data(), r.ptr) == want, "size " << size);
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(a_hidden_byte_anywhere_in_the_window)
{
    // One byte shown as \xHH at every place of an input otherwise shown as
    // it is, before, at and after the offset, for the bytes at each edge
    // of the printable range: the window is put together here byte by
    // byte from error.hpp's rule.
    for (unsigned char const hidden : std::initializer_list<unsigned char>{0x00, 0x1F, 0x5C, 0x7F, 0x80, 0xFF}) {
        for (std::size_t offset : {0u, 5u, 17u, 40u, 41u}) {
            for (std::size_t k = 0; k < 80; ++k) {
                std::string input(80, 'a');
                input[k] = static_cast<char>(hidden);
                std::size_t const lo = offset > 40 ? offset - 40 : 0;
                std::size_t const hi = std::min<std::size_t>(80, offset + 30);
                std::string shown = lo > 0 ? "..." : "";
                std::size_t caret = 0;
                for (std::size_t i = lo; i < hi; ++i) {
                    if (i == offset)
                        caret = shown.size();
                    if (i == k) {
                        static char const digits[] = "0123456789ABCDEF";
                        shown += "\\x";
                        shown += digits[hidden >> 4];
                        shown += digits[hidden & 15];
                    } else {
                        shown += 'a';
                    }
                }
                if (hi < 80)
                    shown += "...";
                BOOST_TEST(render(input, offset) == shown + "\n" + std::string(caret, ' ') + "^ offset " +
                                                        std::to_string(offset) + ": " + message,
                           "byte " << unsigned(hidden) << " at " << k << ", offset " << offset);
            }
        }
    }
}
