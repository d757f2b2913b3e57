// SPDX-License-Identifier: BSL-1.0
//
// valid_lines against the grammar alone, line by line: for texts of lines
// (every vector of test/vectors/, generated inputs on the fast path's
// edges, lines on the edges of the 64 octets its masks cover), the run it
// returns is the run of lines that detail::parse_by_grammar accepts, in
// every syntax and with every reading this processor has (the masks made
// 32 octets at a time, 16, or none: every line parsed).
#define BOOST_TEST_MODULE valid_lines
#include "edge_inputs.hpp"
#include "test_support.hpp"

#include "parse/lines.hpp"
#include "parse/grammar_entry.hpp"

#include <urns/parse.hpp>

#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace {

using urns::syntax;
using urns::detail::fast::reading;
constexpr syntax all_syntaxes[] = {syntax::rfc2141, syntax::rfc2141bis, syntax::rfc8141};

/// The readings this processor has, the tables first.
std::vector<reading> const readings = urns_test::readings(true);

char const* name(reading w)
{
    return w == reading::avx2 ? "AVX2" : w == reading::ssse3 ? "SSSE3" : "tables";
}

/// The run by the grammar: the lines, each ended by "\n", that it
/// accepts, and its error for the line after them.
urns::line_run expected_run(std::string_view text, syntax syn)
{
    urns::line_run r;
    for (;;) {
        std::size_t const nl = text.find('\n', r.bytes);
        if (nl == std::string_view::npos)
            return r;
        auto const g = urns::detail::parse_by_grammar(text.substr(r.bytes, nl - r.bytes), syn);
        if (!g) {
            r.refused = g.error();
            return r;
        }
        r.bytes = nl + 1;
        ++r.lines;
    }
}

/// valid_lines of `text` with every reading, in syntax `syn`, is the
/// grammar's run; and so from each line's start on. Returns the
/// grammar's run of the whole text.
urns::line_run compare(std::string const& text, syntax syn)
{
    urns::line_run const whole = expected_run(text, syn);
    for (std::size_t from = 0; from <= text.size();) {
        std::string_view const rest = std::string_view(text).substr(from);
        urns::line_run const want = from == 0 ? whole : expected_run(rest, syn);
        for (reading const w : readings) {
            urns::line_run const got = urns::detail::valid_lines_read(rest, syn, w);
            BOOST_TEST_REQUIRE(got.bytes == want.bytes, "bytes, " << name(w) << ", " << urns::to_string(syn)
                                                                   << ", from " << from << " of: " << text);
            BOOST_TEST_REQUIRE(got.lines == want.lines, "lines, " << name(w) << ", " << urns::to_string(syn)
                                                                   << ", from " << from << " of: " << text);
            BOOST_TEST_REQUIRE((got.refused == want.refused), "the error, " << name(w) << ", "
                                                                            << urns::to_string(syn) << ", from "
                                                                            << from << " of: " << text);
        }
        std::size_t const nl = text.find('\n', from);
        if (nl == std::string::npos)
            break;
        from = nl + 1;
    }
    return whole;
}

/// compare() in every syntax; in how many of them the text's first line
/// is valid.
std::size_t compare_all(std::string const& text)
{
    std::size_t valid = 0;
    for (syntax syn : all_syntaxes)
        valid += compare(text, syn).lines > 0;
    return valid;
}

/// Lines of the simple form, valid in every syntax, to put around others.
std::string const good = "urn:isbn:0-395-36341-1\n";
std::string const good_long = "urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66\n";

} // namespace

// The example of the header's documentation, and the cases its text names.
BOOST_AUTO_TEST_CASE(documented)
{
    urns::line_run const r = urns::valid_lines("urn:ex:a\nurn:ex:b\nurn:ex:c d\nurn:ex:e\n");
    BOOST_TEST(r.lines == 2u);
    BOOST_TEST(r.bytes == 18u);
    BOOST_TEST_REQUIRE(r.refused.has_value());
    BOOST_TEST(r.refused->offset == 8u);   // the space
    BOOST_TEST(r.refused->code == urns::make_error_code(urns::error::bad_nss));
    // At the end of the text, or before a last line without "\n", there
    // is no error.
    BOOST_TEST(!urns::valid_lines("urn:ex:a\n").refused);
    BOOST_TEST(!urns::valid_lines("urn:ex:a\nurn:ex:c d").refused);
    // A "\r" before the "\n" is part of the line (and refused), so is an
    // empty line; the last line without "\n" is not counted.
    for (syntax syn : all_syntaxes) {
        BOOST_TEST(urns::valid_lines(good + "urn:ex:a\r\n" + good, syn).lines == 1u);
        BOOST_TEST(urns::valid_lines(good + "\n" + good, syn).lines == 1u);
        BOOST_TEST(urns::valid_lines(good + "urn:ex:a", syn).lines == 1u);
        BOOST_TEST(urns::valid_lines("", syn).lines == 0u);
        BOOST_TEST(urns::valid_lines("", syn).bytes == 0u);
    }
    // Valid lines outside the common form are in the run too: components,
    // a "/" first in the NSS of RFC 2141, a line of 64 octets or more.
    std::string const long_line = "urn:ex:" + std::string(100, 'a') + "\n";
    BOOST_TEST(urns::valid_lines(good + "urn:ex:a?s=x#c\n" + long_line + good, syntax::rfc2141bis).lines == 4u);
    BOOST_TEST(urns::valid_lines(good + "urn:ex:a?+r?=q#f\n" + long_line + good, syntax::rfc8141).lines == 4u);
    BOOST_TEST(urns::valid_lines(good + "urn:ex:/a\n" + good, syntax::rfc2141).lines == 3u);
    BOOST_TEST(urns::valid_lines(good + "urn:ex:/a\n" + good, syntax::rfc8141).lines == 1u);
}

BOOST_AUTO_TEST_CASE(every_vector)
{
    std::size_t valid = 0, total = 0;
    for (auto const& row : urns_test::read_tsv("test/vectors/spec.tsv"))
        if (row.size() > 1 && row[0] != "name")
            for (syntax syn : all_syntaxes) {
                std::string const v = urns_test::unescape(row[1]);
                // Alone, between lines of the simple form (short and long,
                // so that it starts at several places of the masks' 64
                // octets), and last without its "\n".
                for (std::string const& before : {std::string(), good, good_long, good + good_long}) {
                    compare(before + v + "\n" + good + good_long, syn);
                    compare(before + v, syn);
                }
                ++total;
                valid += urns::detail::parse_by_grammar(v, syn).has_value();
            }
    BOOST_TEST_MESSAGE("spec.tsv: " << valid << " of " << total << " lines valid");
    BOOST_TEST(valid > 0u);
    BOOST_TEST(valid < total);
}

BOOST_AUTO_TEST_CASE(generated_texts)
{
    std::mt19937_64 rnd(64);
    std::size_t longest = 0;
    for (int i = 0; i < 20000; ++i) {
        // Texts of 1 to 12 lines, mostly valid ones, so that the runs are
        // long; now and then a line without "\n" at the end.
        std::string text;
        std::size_t const lines = 1 + rnd() % 12;
        for (std::size_t k = 0; k < lines; ++k) {
            std::size_t const pick = rnd() % 4;
            text += pick == 0 ? good : pick == 1 ? good_long : urns_test::edge_input(rnd) + "\n";
        }
        if (rnd() % 8 == 0)
            text += urns_test::edge_input(rnd);
        for (syntax syn : all_syntaxes)
            longest = std::max(longest, compare(text, syn).lines);
    }
    BOOST_TEST(longest >= 10u);
}

// The masks' edges: lines of every length around 64 octets (the masks
// cover the "\n" of a line of at most 63 octets), the NSS's last octets a
// triplet cut by the "\n" or "%00", and NIDs around 32 octets.
BOOST_AUTO_TEST_CASE(mask_edges)
{
    // Lines of the first loop, by the grammar, in every syntax.
    std::size_t valid = 0, total = 0;
    for (std::size_t len = 8; len < 70; ++len) {
        std::string const plain = "urn:ab:" + std::string(len - 7, 'x');
        for (std::string const& tail : {std::string(), std::string("%"), std::string("%4"), std::string("%41"),
                                        std::string("%00"), std::string("%0"), std::string("%g1"), std::string("/"),
                                        std::string("?"), std::string("#"), std::string(" "), std::string("\r")}) {
            std::string const line = plain.substr(0, len >= tail.size() + 8 ? len - tail.size() : len) + tail;
            valid += compare_all(line + "\n" + good_long + good_long);
            total += 3;
            compare_all(good + line + "\n" + good_long + good_long);
        }
    }
    for (std::size_t nid = 1; nid < 40; ++nid) {
        std::string const n(nid, 'n');
        for (std::string const& line : {"urn:" + n + ":x", "urn:" + n + "-:x", "urn:-" + n + ":x", "urn:" + n + "x",
                                        "urn:" + n + ":", "urn:" + n + ":/x", "urn:urn" + n + ":x"})
            compare_all(line + "\n" + good_long + good + good_long);
    }
    // Every octet in each place of a short line.
    std::string const base = "urn:ab:cd%41e";
    for (std::size_t at = 0; at < base.size(); ++at)
        for (unsigned o = 0; o < 256; ++o) {
            std::string line = base;
            line[at] = static_cast<char>(o);
            compare_all(line + "\n" + good_long + good_long);
        }
    // The edges hold lines on either side of the grammar's verdict.
    BOOST_TEST(valid > 0u);
    BOOST_TEST(valid < total);
}
