// SPDX-License-Identifier: BSL-1.0
// Tests of find_urns (include/urns/extract.hpp, docs/extract.md): the
// examples of docs/extract.md (read from its tables), the start rule, where
// a match ends in each mode and syntax (excluded bytes, prose punctuation,
// the draft's query and RFC 8141's components backing off), URNs inside
// other URIs, non-UTF-8 text, every match equal to parse_urn of its text,
// the range's forward-iterator behaviour, and no allocation while
// iterating (test/counting_new.hpp). Linear work on 16 MiB
// texts is checked in limits.cpp, fuzzer input in fuzz/extract.cpp.
#define BOOST_TEST_MODULE extract
#include <boost/test/unit_test.hpp>

#include "test_support.hpp"

#include <urns/extract.hpp>
#include <urns/parse.hpp>
#include <urns/urns.hpp>

#include <algorithm>
#include <random>
#include <sstream>
#include <string>
#include <vector>

// A counting allocator for the whole executable: every form of operator
// new counts (urns_test::allocations).
#include "counting_new.hpp"

namespace {

using urns::extract_mode;
using urns::extract_options;
using urns::syntax;

constexpr syntax all_syntaxes[] = {syntax::rfc2141, syntax::rfc2141bis, syntax::rfc8141};

extract_options opts(syntax syn, extract_mode mode = extract_mode::prose, bool uri_context = true)
{
    extract_options o;
    o.syntax = syn;
    o.mode = mode;
    o.uri_context = uri_context;
    return o;
}

/// The matched texts, in order.
std::vector<std::string> found(std::string_view text, extract_options const& o = {})
{
    std::vector<std::string> r;
    for (urns::urn_match const& m : urns::find_urns(text, o))
        r.emplace_back(text.substr(m.offset, m.length));
    return r;
}

using strings = std::vector<std::string>;

} // namespace

BOOST_AUTO_TEST_CASE(simple_sentence)
{
    std::string_view const text = "See urn:isbn:0-395-36341-1 (1987) and URN:NBN:de:101-2011.";
    std::vector<urns::urn_match> ms;
    for (auto const& m : urns::find_urns(text))
        ms.push_back(m);
    BOOST_TEST_REQUIRE(ms.size() == 2u);
    BOOST_TEST(ms[0].offset == 4u);
    BOOST_TEST(ms[0].length == 22u);
    BOOST_TEST(ms[0].view.buffer() == "urn:isbn:0-395-36341-1");
    BOOST_TEST(ms[0].view.nid() == "isbn");
    BOOST_TEST(ms[0].view.buffer().data() == text.data() + 4); // a view of the text, not a copy
    BOOST_TEST(ms[1].offset == 38u);
    BOOST_TEST(ms[1].view.buffer() == "URN:NBN:de:101-2011");
    BOOST_TEST(ms[1].view.nss() == "de:101-2011");
}

BOOST_AUTO_TEST_CASE(empty_and_no_urn)
{
    BOOST_TEST(found("").empty());
    BOOST_TEST(found("urn").empty());
    BOOST_TEST(found("urn:").empty());
    BOOST_TEST(found("urn:ex").empty());
    BOOST_TEST(found("urn:ex:").empty());
    BOOST_TEST(found(":::urn:::").empty());
    auto r = urns::find_urns("");
    BOOST_TEST((r.begin() == r.end()));
}

// A match starts at "urn:" in any case, unless the byte before it is a URI
// scheme character (ALPHA / DIGIT / "+" / "-" / ".", RFC 3986 section 3.1)
// or "_" (a word character).
BOOST_AUTO_TEST_CASE(start_rule)
{
    for (char const* bad : {"xurn:ex:a", "myurn:ex:a", "a.urn:ex:a", "a+urn:ex:a", "a-urn:ex:a",
                            "9urn:ex:a", "my_urn:ex:a", "Xurn:ex:a", "uurn:ex:a"})
        BOOST_TEST(found(bad).empty(), bad);
    for (char const* ok : {" urn:ex:a", "(urn:ex:a", "\"urn:ex:a", "<urn:ex:a", ":urn:ex:a",
                           "\turn:ex:a", "\nurn:ex:a", "'urn:ex:a", "[urn:ex:a", "@urn:ex:a",
                           "*urn:ex:a", ",urn:ex:a", ";urn:ex:a", "?urn:ex:a", "#urn:ex:a",
                           "=urn:ex:a", "/urn:ex:a", "&urn:ex:a", "\x80urn:ex:a", "\xA0urn:ex:a",
                           "\xE2\x80\x9Curn:ex:a\xE2\x80\x9D", "\xABurn:ex:a\xBB"})
        BOOST_TEST(found(ok) == strings{"urn:ex:a"}, ok);
    for (char const* c : {"URN:ex:a", "Urn:ex:a", "uRn:ex:a", "urN:ex:a"})
        BOOST_TEST(found(c) == strings{c});
}

// Starts like a URN but is not one: nothing, and the search goes on.
BOOST_AUTO_TEST_CASE(not_urns)
{
    for (syntax syn : all_syntaxes) {
        auto const o = opts(syn);
        for (char const* s : {"urn::", "urn::a", "urn:-a:b", "urn:a b:c", "urn:ex: a", "urn:ex:%zz",
                              "urn:" "abcdefghijabcdefghijabcdefghijabc:x",
                              "urn:ex", "urn:ex:\x80"})
            BOOST_TEST(found(s, o).empty(), s << " " << urns::to_string(syn));
        BOOST_TEST(found("urn:: urn:ex:a", o) == strings{"urn:ex:a"});
        // "?" and "#" are NSS bytes in RFC 2141 only ("?" is punctuation in prose).
        BOOST_TEST(found("urn:ex:?", o).empty());
        BOOST_TEST(found("urn:ex:#", o).size() == (syn == syntax::rfc2141 ? 1u : 0u));
        BOOST_TEST(found("urn:x:y urn:ex:a urn:-:a", o).back() == "urn:ex:a");
    }
    // One-letter NIDs are RFC 2141 only.
    BOOST_TEST(found("urn:x:y", opts(syntax::rfc2141)) == strings{"urn:x:y"});
    BOOST_TEST(found("urn:x:y", opts(syntax::rfc2141bis)).empty());
    BOOST_TEST(found("urn:x:y", opts(syntax::rfc8141)).empty());
    // The reserved NID: nothing in RFC 2141 and the draft; RFC 8141 allows it.
    BOOST_TEST(found("urn:urn:x", opts(syntax::rfc2141bis)).empty());
    BOOST_TEST(found("urn:urn:x", opts(syntax::rfc2141)).empty());
    BOOST_TEST(found("urn:urn:x", opts(syntax::rfc8141)) == strings{"urn:urn:x"});
    BOOST_TEST(found("urn:urn-0:x", opts(syntax::rfc8141)).empty());
    BOOST_TEST(found("urn:urn-7:x", opts(syntax::rfc8141)) == strings{"urn:urn-7:x"});
    // No rescan: a candidate that fails after its NID is skipped whole,
    // "urn:" inside it included.
    BOOST_TEST(found("urn:urn:ex:a", opts(syntax::rfc2141bis)).empty());
    // A candidate that fails in its NID is left at the first byte that
    // cannot be in a NID.
    BOOST_TEST(found("urn:a.b:urn:ex:a") == strings{"urn:ex:a"});
    BOOST_TEST(found("urn:a%urn:ex:a") == strings{"urn:ex:a"});
}

// Each syntax's end: the first excluded byte (RFC 2141 section 2.4, draft-03
// section 2.5.3), then the longest prefix that parses.
BOOST_AUTO_TEST_CASE(strict_ends)
{
    auto const strict = [](syntax syn) { return opts(syn, extract_mode::strict); };
    for (syntax syn : all_syntaxes) {
        for (char const* e : {" ", "\t", "\n", "\r", "\"", "<", ">", "[", "]", "\\", "^", "`", "{",
                              "|", "}", "\x7F", "\x80", "\xFF", std::string_view("\0", 1).data()}) {
            std::string text = std::string("urn:ex:a1") + (*e ? e : std::string(1, '\0')) + "z";
            BOOST_TEST(found(text, strict(syn)) == strings{"urn:ex:a1"}, urns::to_string(syn) << " "
                                                                         << int(static_cast<unsigned char>(*e)));
        }
        // sentence punctuation is kept in strict mode
        BOOST_TEST(found("urn:ex:a.", strict(syn)) == strings{"urn:ex:a."});
        BOOST_TEST(found("(urn:ex:a)", strict(syn)) == strings{"urn:ex:a)"});
    }
    // "&" and "~": excluded by RFC 2141, pchar in the draft and RFC 8141.
    BOOST_TEST(found("urn:ex:a&b~c", strict(syntax::rfc2141)) == strings{"urn:ex:a"});
    BOOST_TEST(found("urn:ex:a~b&c", strict(syntax::rfc2141)) == strings{"urn:ex:a"});
    BOOST_TEST(found("urn:ex:a&b~c", strict(syntax::rfc2141bis)) == strings{"urn:ex:a&b~c"});
    BOOST_TEST(found("urn:ex:a&b~c", strict(syntax::rfc8141)) == strings{"urn:ex:a&b~c"});
    // "/": an NSS byte in RFC 2141 and RFC 8141 (not first), not in the draft's NSS.
    BOOST_TEST(found("urn:ex:a/b", strict(syntax::rfc2141)) == strings{"urn:ex:a/b"});
    BOOST_TEST(found("urn:ex:a/b", strict(syntax::rfc8141)) == strings{"urn:ex:a/b"});
    BOOST_TEST(found("urn:ex:a/b", strict(syntax::rfc2141bis)) == strings{"urn:ex:a"});
    // "%" must start "%" HEXDIG HEXDIG; "%00" only in RFC 8141.
    for (syntax syn : all_syntaxes) {
        BOOST_TEST(found("urn:ex:a%2Cb", strict(syn)) == strings{"urn:ex:a%2Cb"});
        BOOST_TEST(found("urn:ex:a%2", strict(syn)) == strings{"urn:ex:a"});
        BOOST_TEST(found("urn:ex:a%zzb", strict(syn)) == strings{"urn:ex:a"});
    }
    BOOST_TEST(found("urn:ex:a%00b", strict(syntax::rfc2141)) == strings{"urn:ex:a"});
    BOOST_TEST(found("urn:ex:a%00b", strict(syntax::rfc2141bis)) == strings{"urn:ex:a"});
    BOOST_TEST(found("urn:ex:a%00b", strict(syntax::rfc8141)) == strings{"urn:ex:a%00b"});
}

// The draft's query: a query that does not parse is left out and the match
// is the longest prefix that parses (which may keep the directives before
// the bad one).
BOOST_AUTO_TEST_CASE(draft_query_backs_off)
{
    auto const o = opts(syntax::rfc2141bis, extract_mode::strict);
    BOOST_TEST(found("urn:ex:a?s=I2L&c=ToC#x", o) == strings{"urn:ex:a?s=I2L&c=ToC#x"});
    BOOST_TEST(found("urn:ex:a?", o) == strings{"urn:ex:a"});
    BOOST_TEST(found("urn:ex:a?b", o) == strings{"urn:ex:a"});
    BOOST_TEST(found("urn:ex:a?=b", o) == strings{"urn:ex:a"});
    BOOST_TEST(found("urn:ex:a?s=I2L&", o) == strings{"urn:ex:a?s=I2L"});
    BOOST_TEST(found("urn:ex:a?s=I2L&&c=d", o) == strings{"urn:ex:a?s=I2L"});
    BOOST_TEST(found("urn:ex:a?s=I2L&c", o) == strings{"urn:ex:a?s=I2L"});
    BOOST_TEST(found("urn:ex:a?s-=x", o) == strings{"urn:ex:a"});
    BOOST_TEST(found("urn:ex:a?s=#f#g", o) == strings{"urn:ex:a?s=#f"});
    BOOST_TEST(found("urn:ex:a#", o) == strings{"urn:ex:a#"});
}

// RFC 8141's components.
BOOST_AUTO_TEST_CASE(rfc8141_components_back_off)
{
    auto const o = opts(syntax::rfc8141, extract_mode::strict);
    BOOST_TEST(found("urn:ex:a?+r?=q#f", o) == strings{"urn:ex:a?+r?=q#f"});
    BOOST_TEST(found("urn:ex:a?", o) == strings{"urn:ex:a"});
    BOOST_TEST(found("urn:ex:a?x", o) == strings{"urn:ex:a"});
    BOOST_TEST(found("urn:ex:a?+", o) == strings{"urn:ex:a"});
    BOOST_TEST(found("urn:ex:a?=", o) == strings{"urn:ex:a"});
    BOOST_TEST(found("urn:ex:a?+r?=", o) == strings{"urn:ex:a?+r?"});
    BOOST_TEST(found("urn:ex:a?+r?+s", o) == strings{"urn:ex:a?+r?+s"});
    BOOST_TEST(found("urn:ex:a?=q?+s?=t", o) == strings{"urn:ex:a?=q?+s?=t"});
    BOOST_TEST(found("urn:ex:a#f#g", o) == strings{"urn:ex:a#f"});
    BOOST_TEST(found("urn:ex:/a", o).empty());
    auto r = urns::find_urns("x urn:example:foo-bar-baz-qux?+CCResolve:cc=uk y", o);
    BOOST_TEST_REQUIRE((r.begin() != r.end()));
    BOOST_TEST(r.begin()->view.r_component() == "CCResolve:cc=uk");
}

BOOST_AUTO_TEST_CASE(prose_mode)
{
    for (syntax syn : all_syntaxes) {
        auto const o = opts(syn);
        BOOST_TEST(found("See urn:ex:a.", o) == strings{"urn:ex:a"});
        BOOST_TEST(found("urn:ex:a, urn:ex:b; urn:ex:c: urn:ex:d! urn:ex:e?", o) ==
                   (strings{"urn:ex:a", "urn:ex:b", "urn:ex:c", "urn:ex:d", "urn:ex:e"}));
        BOOST_TEST(found("urn:ex:a.b.", o) == strings{"urn:ex:a.b"});
        BOOST_TEST(found("urn:ex:a...", o) == strings{"urn:ex:a"});
        BOOST_TEST(found("(see urn:ex:a)", o) == strings{"urn:ex:a"});
        BOOST_TEST(found("(see urn:ex:a).", o) == strings{"urn:ex:a"});
        BOOST_TEST(found("(see urn:ex:f(x))", o) == strings{"urn:ex:f(x)"});
        BOOST_TEST(found("urn:ex:f(x)y)", o) == strings{"urn:ex:f(x)y"});
        BOOST_TEST(found("urn:ex:a)b", o) == strings{"urn:ex:a)b"});
        // Brackets are matched, not counted: the last ")" closes "(b".
        BOOST_TEST(found("x urn:ex:a)(b) y", o) == strings{"urn:ex:a)(b)"});
        BOOST_TEST(found("x urn:ex:a)(b)) y", o) == strings{"urn:ex:a)(b)"});
        BOOST_TEST(found("'urn:ex:a'", o) == strings{"urn:ex:a"});
        BOOST_TEST(found("urn:ex:'a'", o) == strings{"urn:ex:'a'"});
        BOOST_TEST(found("urn:ex:o'neil", o) == strings{"urn:ex:o'neil"});
        BOOST_TEST(found("\"urn:ex:a\"", o) == strings{"urn:ex:a"});
        BOOST_TEST(found("[urn:ex:a]", o) == strings{"urn:ex:a"});
        BOOST_TEST(found("{urn:ex:a}", o) == strings{"urn:ex:a"});
        BOOST_TEST(found("<urn:ex:a>", o) == strings{"urn:ex:a"});
        BOOST_TEST(found("urn:ex:a:b:", o) == strings{"urn:ex:a:b"});
        BOOST_TEST(found("urn:isbn: none", o).empty());
        // Only the end: punctuation inside stays.
        BOOST_TEST(found("urn:ex:a.b,c;d:e!f", o) == strings{"urn:ex:a.b,c;d:e!f"});
        // Other sub-delims are kept at the end.
        BOOST_TEST(found("urn:ex:a* urn:ex:b+ urn:ex:c= urn:ex:d$ urn:ex:e@", o) ==
                   (strings{"urn:ex:a*", "urn:ex:b+", "urn:ex:c=", "urn:ex:d$", "urn:ex:e@"}));
    }
    // A "?" left out in prose is a whole URN in RFC 2141 strict.
    BOOST_TEST(found("urn:ex:a?", opts(syntax::rfc2141, extract_mode::strict)) == strings{"urn:ex:a?"});
    BOOST_TEST(found("urn:ex:a?", opts(syntax::rfc2141)) == strings{"urn:ex:a"});
    // Punctuation left out can leave a component that does not parse: the
    // match backs off further.
    BOOST_TEST(found("urn:ex:a?+.", opts(syntax::rfc8141)) == strings{"urn:ex:a"});
    BOOST_TEST(found("urn:ex:a?+r.", opts(syntax::rfc8141)) == strings{"urn:ex:a?+r"});
    BOOST_TEST(found("urn:ex:a?s=.", opts(syntax::rfc2141bis)) == strings{"urn:ex:a?s="});
}

// URNs inside other URIs.
BOOST_AUTO_TEST_CASE(uri_context)
{
    std::string_view const magnet =
        "magnet:?xt=urn:btih:c12fe1c06bba254a9dc9f519b335aa7c1367a88a&dn=Some+File&tr=udp%3A%2F%2Ft";
    for (syntax syn : all_syntaxes)
        BOOST_TEST(found(magnet, opts(syn)) ==
                   strings{"urn:btih:c12fe1c06bba254a9dc9f519b335aa7c1367a88a"});
    // Without the context rule, the draft and RFC 8141 take "&dn=..." into the NSS.
    BOOST_TEST(found(magnet, opts(syntax::rfc8141, extract_mode::prose, false)) ==
               strings{std::string(magnet.substr(11))});
    BOOST_TEST(found("?u=urn:ex:a#top", opts(syntax::rfc8141)) == strings{"urn:ex:a"});
    BOOST_TEST(found("?u=urn:ex:a#top", opts(syntax::rfc8141, extract_mode::prose, false)) ==
               strings{"urn:ex:a#top"});

    std::string_view const resolver = "https://nbn-resolving.org/urn:nbn:de:101:1-2011?format=json#x";
    for (syntax syn : all_syntaxes)
        BOOST_TEST(found(resolver, opts(syn)) == strings{"urn:nbn:de:101:1-2011"});
    BOOST_TEST(found(resolver, opts(syntax::rfc2141bis, extract_mode::prose, false)) ==
               strings{"urn:nbn:de:101:1-2011?format=json#x"});
    // "/" inside the NSS of RFC 2141 and RFC 8141 is kept.
    BOOST_TEST(found("https://h/urn:ex:a/b?c", opts(syntax::rfc8141)) == strings{"urn:ex:a/b"});
}

// Bytes 0x80-0xFF end a URN: Latin-1, UTF-8 or anything else.
BOOST_AUTO_TEST_CASE(not_utf8)
{
    std::string const text = "Zitat: \xABurn:nbn:de:101-2011\xBB und urn:ex:caf\xE9 \xFF\xFEurn:ex:b";
    BOOST_TEST(found(text) == (strings{"urn:nbn:de:101-2011", "urn:ex:caf", "urn:ex:b"}));
}

// Each match is what parse_urn gives for its text, alone.
BOOST_AUTO_TEST_CASE(matches_parse_alone)
{
    std::string_view const text = "a urn:ex:a?s=x&t=y#f b URN:ISBN:1 (urn:ex:b?+r?=q) urn:ex:%41";
    for (syntax syn : all_syntaxes)
        for (auto const& m : urns::find_urns(text, opts(syn))) {
            auto r = urns::parse_urn(text.substr(m.offset, m.length), syn);
            BOOST_TEST_REQUIRE(r.has_value());
            BOOST_TEST(r->nid() == m.view.nid());
            BOOST_TEST(r->nss() == m.view.nss());
            BOOST_TEST(r->query() == m.view.query());
            BOOST_TEST(r->r_component() == m.view.r_component());
            BOOST_TEST(r->q_component() == m.view.q_component());
            BOOST_TEST(r->fragment() == m.view.fragment());
            BOOST_TEST((m.view.syntax() == syn));
        }
}

// The range: forward iterators, multi-pass, std algorithms.
BOOST_AUTO_TEST_CASE(range_is_forward)
{
    std::string_view const text = "urn:ex:a urn:ex:b urn:ex:c";
    auto r = urns::find_urns(text);
    auto it = r.begin();
    auto copy = it;
    ++it;
    BOOST_TEST(copy->offset == 0u);
    BOOST_TEST(it->offset == 9u);
    ++copy;
    BOOST_TEST((copy == it));
    BOOST_TEST(std::distance(r.begin(), r.end()) == 3);
    auto post = it++;
    BOOST_TEST(post->offset == 9u);
    BOOST_TEST(it->offset == 18u);
    ++it;
    BOOST_TEST((it == r.end()));
}

namespace {

/// One row of a docs/extract.md table: | options | `text` | `found`, ... |
struct doc_example {
    std::string line;
    extract_options options;
    std::string text;
    strings found;
};

/// The code spans of a Markdown table cell, unescaped (\xHH, \\, ...).
strings code_spans(std::string const& cell)
{
    strings r;
    for (std::size_t open = cell.find('`'); open != std::string::npos;) {
        std::size_t const close = cell.find('`', open + 1);
        BOOST_TEST_REQUIRE(close != std::string::npos, cell);
        r.push_back(urns_test::unescape(cell.substr(open + 1, close - open - 1)));
        open = cell.find('`', close + 1);
    }
    return r;
}

/// The rows of every table of docs/extract.md whose header is
/// "| options | text | found |".
std::vector<doc_example> doc_examples()
{
    std::vector<doc_example> r;
    std::istringstream in(urns_test::read_file("docs/extract.md"));
    std::string line;
    bool in_table = false;
    while (std::getline(in, line)) {
        if (line == "| options | text | found |") {
            in_table = true;
            std::getline(in, line); // |---|---|---|
            continue;
        }
        if (!in_table || line.empty() || line[0] != '|') {
            in_table = false;
            continue;
        }
        // Cells: split on "|" outside code spans.
        strings cells;
        std::string cell;
        bool code = false;
        for (char c : line.substr(1)) {
            if (c == '`')
                code = !code;
            if (c == '|' && !code) {
                cells.push_back(cell);
                cell.clear();
            } else {
                cell += c;
            }
        }
        BOOST_TEST_REQUIRE(cells.size() == 3u, line);
        doc_example e;
        e.line = line;
        std::istringstream words(cells[0]);
        for (std::string w; words >> w;) {
            if (w == "default") {
            } else if (w == "strict") {
                e.options.mode = extract_mode::strict;
            } else if (w == "rfc2141") {
                e.options.syntax = syntax::rfc2141;
            } else if (w == "rfc8141") {
                e.options.syntax = syntax::rfc8141;
            } else if (w == "no-uri-context") {
                e.options.uri_context = false;
            } else {
                BOOST_TEST_REQUIRE(false, "unknown option word " << w << " in: " << line);
            }
        }
        strings const text = code_spans(cells[1]);
        BOOST_TEST_REQUIRE(text.size() == 1u, line);
        e.text = text[0];
        e.found = code_spans(cells[2]);
        BOOST_TEST_REQUIRE((!e.found.empty() || cells[2] == " nothing "), line);
        r.push_back(std::move(e));
    }
    return r;
}

} // namespace

// Every example of docs/extract.md, as the page shows it.
BOOST_AUTO_TEST_CASE(docs_extract_md_examples)
{
    std::vector<doc_example> const examples = doc_examples();
    // The page has six tables; an edit that broke their header would
    // otherwise leave nothing to check.
    BOOST_TEST(examples.size() >= 40u);
    for (doc_example const& e : examples)
        BOOST_TEST(found(e.text, e.options) == e.found, e.line);
}

// Iterating find_urns allocates nothing, in every syntax and mode: the
// count of allocations is the same before and after the loops.
BOOST_AUTO_TEST_CASE(iterating_never_allocates)
{
    std::string const long_urn = "urn:ex:" + std::string(1000, 'z');
    std::string const text =
        "See urn:isbn:0-395-36341-1 (1987), <URN:NBN:de:101:1-2011> and \xABurn:ex:a?+r?=q#f\xBB; "
        "magnet:?xt=urn:btih:c12fe1c06bba254a9dc9f519b335aa7c1367a88a&dn=x "
        "https://h.example/urn:ietf:rfc:2141?x=1 urn:ex:a?s=I2L&c=ToC#p. xurn:ex:no urn:: " +
        long_urn + " urn:x:y.";
    constexpr extract_mode modes[] = {extract_mode::prose, extract_mode::strict};
    std::size_t counts[2][3] = {};
    std::size_t longest[2][3] = {};
    long const before = urns_test::allocations.load();
    for (std::size_t m = 0; m < 2; ++m)
        for (std::size_t s = 0; s < 3; ++s)
            for (urns::urn_match const& u : urns::find_urns(text, opts(all_syntaxes[s], modes[m]))) {
                ++counts[m][s];
                longest[m][s] = std::max(longest[m][s], u.view.buffer().size());
            }
    BOOST_TEST(urns_test::allocations.load() - before == 0);
    // The loops did the work: the same matches as found() (which
    // allocates, so it runs with the counter off), several of them.
    for (std::size_t m = 0; m < 2; ++m)
        for (std::size_t s = 0; s < 3; ++s) {
            BOOST_TEST(counts[m][s] == found(text, opts(all_syntaxes[s], modes[m])).size());
            BOOST_TEST(counts[m][s] >= 6u);
            BOOST_TEST(longest[m][s] == long_urn.size());
        }

    // The counter does count: an owning urn of a long text allocates.
    long const b2 = urns_test::allocations.load();
    auto owned = urns::urn::parse(long_urn);
    BOOST_TEST(urns_test::allocations.load() - b2 >= 1);
    BOOST_TEST(owned.has_value());
}
