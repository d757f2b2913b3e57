// SPDX-License-Identifier: BSL-1.0
// find_urns against a small reference implementation of docs/extract.md,
// written from the page's three steps with none of the library's scanner:
//   1. a match starts at "urn:" (any case) unless the byte before it is
//      ALPHA, DIGIT, "+", "-", "." or "_";
//   2. the candidate ends at the first byte its syntax cannot have at that
//      point (here: the first byte after which no completion from a fixed
//      list makes the text parse), or, inside another URI (uri_context),
//      at "&" / "#" after "=" and at "?" / "#" after "/"; in prose mode,
//      a match never ends in sentence punctuation, in a ")" that closes no
//      "(" of the match, or in a "'" making their number odd;
//   3. the match is the longest such prefix that parse_urn accepts; the
//      search goes on at the end of the candidate.
// The texts are generated prose (seeded), rich in the cases that matter:
// brackets, quotes, punctuation, percent-encodings, queries, URIs.
#define BOOST_TEST_MODULE extract_reference
#include <boost/test/unit_test.hpp>

#include <urns/extract.hpp>
#include <urns/parse.hpp>

#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace {

using urns::extract_mode;
using urns::syntax;

struct match {
    std::size_t offset, length;
    friend bool operator==(match a, match b) { return a.offset == b.offset && a.length == b.length; }
};

std::string const word_chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-._";
std::string const punctuation = ".,;:!?";

bool parses(std::string_view s, syntax syn) { return urns::parse_urn(s, syn).has_value(); }

/// Whether some URN of the syntax starts with `p`: `p` followed by one of
/// these texts parses. They complete every point of the grammars: an NID
/// under way, an NSS, a "%" or its first digit, a query keyword or value,
/// RFC 8141's "?+" / "?=" and their components. The candidate is judged by
/// its bytes: a reserved NID ("urn", outside RFC 8141) has the bytes of an
/// NID and does not end it (parse_urn then refuses the candidate whole).
bool viable(std::string p, syntax syn)
{
    if (p.size() >= 8 && p[7] == ':' && (p[4] | 0x20) == 'u' && (p[5] | 0x20) == 'r' && (p[6] | 0x20) == 'n')
        p[6] = 'x';
    char const* const completions[] = {
        "", "a", "1", "41", "=a", "a=a", "+r", "=q", ":a", "x:a", "a:a", "1:a", "ex:a",
    };
    for (char const* c : completions)
        if (parses(p + c, syn))
            return true;
    return false;
}

/// Whether, in prose mode, `m` (a prefix of a candidate) may not end here.
bool prose_trims(std::string_view m)
{
    char const last = m.back();
    if (punctuation.find(last) != std::string::npos)
        return true;
    if (last == ')') {
        // Match the brackets of `m` left to right; is the last ")" matched?
        std::size_t open = 0;
        bool matched = false;
        for (char c : m) {
            if (c == '(')
                ++open;
            else if (c == ')')
                matched = open > 0 && open--;
        }
        return !matched;
    }
    if (last == '\'') {
        std::size_t quotes = 0;
        for (char c : m)
            quotes += c == '\'';
        return quotes % 2 == 1;
    }
    return false;
}

std::vector<match> reference(std::string const& t, syntax syn, extract_mode mode, bool uri_context)
{
    std::vector<match> out;
    std::size_t from = 0;
    while (from + 4 <= t.size()) {
        std::size_t s = from;
        auto starts = [&](std::size_t i) {
            std::string_view const u(t.data() + i, 4);
            bool const urn = (u[0] | 0x20) == 'u' && (u[1] | 0x20) == 'r' && (u[2] | 0x20) == 'n' && u[3] == ':';
            return urn && (i == 0 || word_chars.find(t[i - 1]) == std::string::npos);
        };
        while (s + 4 <= t.size() && !starts(s))
            ++s;
        if (s + 4 > t.size())
            break;
        char stop1 = 0, stop2 = 0;
        if (uri_context && s > 0 && t[s - 1] == '=')
            stop1 = '&', stop2 = '#';
        if (uri_context && s > 0 && t[s - 1] == '/')
            stop1 = '?', stop2 = '#';
        // The candidate: as long as it stays a prefix of some URN.
        std::size_t e = s + 4;
        while (e < t.size() && t[e] != stop1 && t[e] != stop2 && viable(t.substr(s, e + 1 - s), syn))
            ++e;
        for (std::size_t end = e; end > s + 4; --end) {
            std::string_view const m(t.data() + s, end - s);
            if (mode == extract_mode::prose && prose_trims(m))
                continue;
            if (parses(m, syn)) {
                out.push_back({s, end - s});
                break;
            }
        }
        from = std::max(e, s + 1);
    }
    return out;
}

std::vector<match> library(std::string const& t, syntax syn, extract_mode mode, bool uri_context)
{
    urns::extract_options o;
    o.syntax = syn;
    o.mode = mode;
    o.uri_context = uri_context;
    std::vector<match> out;
    for (urns::urn_match const& m : urns::find_urns(t, o))
        out.push_back({m.offset, m.length});
    return out;
}

/// A line of prose: words, URNs (well and badly formed) and the
/// characters around them.
std::string prose(std::mt19937& g)
{
    static char const* const pieces[] = {
        "urn:ex:a", "URN:Ex:b", "urn:isbn:0-395-36341-1", "urn:x:y", "urn:urn:z", "urn:ex:", "urn:",
        "urn:a-:b", "urn:ex-1:c", "see", "the", "xurn:ex:q", "my_urn:ex:q", "(", ")", "((", "))", "'",
        "\"", "<", ">", "[", "]", ".", ",", ";", ":", "!", "?", "...", " ", " ", " ", "\t", "%", "%2",
        "%2F", "%00", "%zz", "?s=I2L", "&c=ToC", "?k", "=v", "&", "#", "#f", "?+r", "?=q", "/", "a/b",
        "http://h/", "?xt=", "~", "*", "=", "@", "$", "+", "-", "\x01", "\xC3\xA9", "\xFF", "0", "z",
    };
    std::uniform_int_distribution<std::size_t> pick(0, sizeof pieces / sizeof *pieces - 1), count(1, 14);
    std::string s;
    for (std::size_t n = count(g); n > 0; --n)
        s += pieces[pick(g)];
    return s;
}

} // namespace

BOOST_AUTO_TEST_CASE(find_urns_agrees_with_the_reference_on_generated_prose)
{
    std::mt19937 g(2025);
    std::size_t lines = 0, matches = 0, failures = 0, with_brackets = 0;
    for (int n = 0; n < 6000; ++n) {
        std::string const t = prose(g);
        for (syntax syn : {syntax::rfc2141, syntax::rfc2141bis, syntax::rfc8141})
            for (extract_mode mode : {extract_mode::prose, extract_mode::strict})
                for (bool uri_context : {true, false}) {
                    ++lines;
                    auto const want = reference(t, syn, mode, uri_context);
                    auto const got = library(t, syn, mode, uri_context);
                    matches += want.size();
                    for (match m : want)
                        with_brackets += t.substr(m.offset, m.length).find(')') != std::string::npos;
                    if (want != got && ++failures <= 10) {
                        std::string w, gt;
                        for (match m : want)
                            w += "[" + t.substr(m.offset, m.length) + "]";
                        for (match m : got)
                            gt += "[" + t.substr(m.offset, m.length) + "]";
                        BOOST_ERROR("'" << t << "' syntax " << urns::to_string(syn) << " mode "
                                        << (mode == extract_mode::prose ? "prose" : "strict") << " uri_context "
                                        << uri_context << ": reference " << w << ", find_urns " << gt);
                    }
                }
    }
    BOOST_TEST_MESSAGE(lines << " (text, options) pairs, " << matches << " matches, " << with_brackets
                             << " with a ')'");
    BOOST_TEST(failures == 0u);
    // The generator reaches the cases: many matches, many with brackets.
    BOOST_TEST(matches > 20000u);
    BOOST_TEST(with_brackets > 500u);
}

// The case of docs/extract.md: the final ")" closes the "(" of the match.
BOOST_AUTO_TEST_CASE(a_final_bracket_that_closes_one_of_the_match)
{
    std::string const t = "x urn:ex:a)(b) y";
    auto const got = library(t, syntax::rfc2141bis, extract_mode::prose, true);
    BOOST_TEST_REQUIRE(got.size() == 1u);
    BOOST_TEST(t.substr(got[0].offset, got[0].length) == "urn:ex:a)(b)");
    BOOST_TEST((reference(t, syntax::rfc2141bis, extract_mode::prose, true) == got));
}
