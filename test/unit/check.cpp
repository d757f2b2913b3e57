// SPDX-License-Identifier: BSL-1.0
// Tests of diagnostics beyond syntax (include/urns/check.hpp) and of the
// IANA namespace registry snapshot (src/semantic/iana_namespaces.cpp against
// data/iana-urn-namespaces.tsv).
#define BOOST_TEST_MODULE check
#include "test_support.hpp"

#include <urns/check.hpp>
#include <urns/parse.hpp>

#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

using urns::diagnostic_code;
using urns::severity;
using urns::syntax;
using code = urns::diagnostic_code;
using sev = urns::severity;

/// A diagnostic without its message: what the tests pin.
struct found {
    sev s;
    code c;
    std::size_t offset;
    std::size_t length;
    friend bool operator==(found const& a, found const& b)
    {
        return a.s == b.s && a.c == b.c && a.offset == b.offset && a.length == b.length;
    }
    friend std::ostream& operator<<(std::ostream& os, found const& f)
    {
        return os << '{' << urns::to_string(f.s) << ' ' << urns::to_string(f.c) << " @" << f.offset << '+'
                  << f.length << '}';
    }
};

std::vector<found> lint(std::string_view s, syntax syn, urns::check_options opts = {})
{
    auto r = urns::parse_urn(s, syn);
    BOOST_TEST_REQUIRE(r.has_value(), "does not parse: " << s);
    std::vector<found> out;
    for (urns::diagnostic const& d : urns::check(*r, opts)) {
        BOOST_TEST(!d.message.empty());
        out.push_back({d.severity, d.code, d.offset, d.length});
    }
    return out;
}

std::string show(std::vector<found> const& v)
{
    std::ostringstream os;
    for (auto const& f : v)
        os << f;
    return os.str();
}

#define CHECK_LINT(input, syn, opts, ...)                                                   \
    do {                                                                                    \
        std::vector<found> const got = lint(input, syn, opts);                              \
        std::vector<found> const want{__VA_ARGS__};                                         \
        BOOST_TEST((got == want), input << ": got " << show(got) << ", want " << show(want)); \
    } while (0)
/// CHECK_LINT expecting no diagnostic (a variadic macro needs an argument).
#define CHECK_NO_LINT(input, syn, opts) CHECK_LINT(input, syn, opts, /* none */)

urns::check_options const reference{};
urns::check_options const assigned{true};

} // namespace

//----------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(clean_urns_have_no_diagnostics)
{
    CHECK_NO_LINT("urn:isbn:0-395-36341-1", syntax::rfc2141, reference);
    CHECK_NO_LINT("URN:ISBN:0-395-36341-1", syntax::rfc2141bis, reference);
    CHECK_NO_LINT("urn:example:a123,z456", syntax::rfc8141, reference);
    CHECK_NO_LINT("urn:example:a%2Cb%25%C3%A9", syntax::rfc8141, reference); // sub-delim, "%", UTF-8
    CHECK_NO_LINT("urn:isbn:1?s=I2L&c=ToC", syntax::rfc2141bis, reference);
    CHECK_NO_LINT("urn:isbn:1?s=I=I", syntax::rfc2141bis, reference);   // "I=I" is registered
    CHECK_NO_LINT("urn:example:a?+r?=q#f", syntax::rfc8141, reference); // a reference may carry them
}

// RFC 2141 section 2.3.2: "/", "?", "#" SHOULD NOT be used unencoded.
BOOST_AUTO_TEST_CASE(rfc2141_reserved_characters)
{
    CHECK_LINT("urn:isbn:a/b?c#d", syntax::rfc2141, reference,
               {sev::warning, code::reserved_unencoded, 10, 1},
               {sev::warning, code::reserved_unencoded, 12, 1},
               {sev::warning, code::reserved_unencoded, 14, 1});
    // Encoded, they are fine; in RFC 8141 "/" is an NSS character like any other.
    CHECK_NO_LINT("urn:isbn:a%2Fb%3Fc%23d", syntax::rfc2141, reference);
    CHECK_NO_LINT("urn:isbn:a/b", syntax::rfc8141, reference);
}

// RFC 2141 section 2.3.1, draft-03 section 2.5.2, RFC 3986 section 2.3.
BOOST_AUTO_TEST_CASE(needless_percent_encoding)
{
    CHECK_LINT("urn:isbn:%41%7E%2C%2d%5F%2E%30", syntax::rfc2141bis, reference,
               {sev::warning, code::needless_pct_encoding, 9, 3},   // A
               {sev::warning, code::needless_pct_encoding, 12, 3},  // ~
               {sev::warning, code::needless_pct_encoding, 18, 3},  // -
               {sev::note, code::lower_case_hex, 18, 3},
               {sev::warning, code::needless_pct_encoding, 21, 3},  // _
               {sev::warning, code::needless_pct_encoding, 24, 3},  // .
               {sev::warning, code::needless_pct_encoding, 27, 3}); // 0
    // "~" is excluded in RFC 2141 (section 2.4): %7E is required there.
    CHECK_NO_LINT("urn:isbn:%7E", syntax::rfc2141, reference);
    // Also in the query and the components.
    CHECK_LINT("urn:isbn:a?c=%6a", syntax::rfc2141bis, reference,
               {sev::warning, code::needless_pct_encoding, 13, 3},
               {sev::note, code::lower_case_hex, 13, 3});
    CHECK_LINT("urn:example:a?+%41#%42", syntax::rfc8141, reference,
               {sev::warning, code::needless_pct_encoding, 15, 3},
               {sev::warning, code::needless_pct_encoding, 19, 3});
}

BOOST_AUTO_TEST_CASE(lower_case_hex)
{
    CHECK_LINT("urn:isbn:a%2c", syntax::rfc2141, reference, {sev::note, code::lower_case_hex, 10, 3});
    CHECK_LINT("urn:isbn:%e2%82%ac", syntax::rfc8141, reference,
               {sev::note, code::lower_case_hex, 9, 3},
               {sev::note, code::lower_case_hex, 15, 3});
    CHECK_LINT("urn:isbn:%A2%8f", syntax::rfc2141bis, reference, {sev::note, code::lower_case_hex, 12, 3});
}

// draft-03 sections 2.3 and 2.4; RFC 8141 section 2.
BOOST_AUTO_TEST_CASE(query_and_fragment)
{
    // A reference to a URN may carry a query; a fragment needs the namespace's support.
    CHECK_LINT("urn:isbn:1?s=I2L#f", syntax::rfc2141bis, reference, {sev::note, code::fragment, 16, 2});
    CHECK_LINT("urn:isbn:1#", syntax::rfc2141bis, reference, {sev::note, code::fragment, 10, 1});
    // Where an assigned URN is expected, both are errors.
    CHECK_LINT("urn:isbn:1?s=I2L#f", syntax::rfc2141bis, assigned,
               {sev::error, code::query_in_assigned_name, 10, 6},
               {sev::error, code::fragment, 16, 2});
    CHECK_LINT("urn:isbn:1?+r?=q#f", syntax::rfc8141, assigned,
               {sev::error, code::query_in_assigned_name, 10, 3},
               {sev::error, code::query_in_assigned_name, 13, 3},
               {sev::error, code::fragment, 16, 2});
    CHECK_LINT("urn:isbn:1?=q", syntax::rfc8141, assigned, {sev::error, code::query_in_assigned_name, 10, 3});
    CHECK_NO_LINT("urn:isbn:1", syntax::rfc8141, assigned);
    // RFC 2141 has neither: "?" and "#" are NSS characters there.
    CHECK_LINT("urn:isbn:1?a#b", syntax::rfc2141, assigned,
               {sev::warning, code::reserved_unencoded, 10, 1},
               {sev::warning, code::reserved_unencoded, 12, 1});
}

// draft-03 sections 2.3, 2.3.1 and 9.2.2.
BOOST_AUTO_TEST_CASE(query_directives)
{
    CHECK_LINT("urn:isbn:1?s=I2U", syntax::rfc2141bis, reference, {sev::warning, code::unknown_service, 13, 3});
    CHECK_LINT("urn:isbn:1?s=i2l", syntax::rfc2141bis, reference, {sev::warning, code::unknown_service, 13, 3});
    CHECK_LINT("urn:isbn:1?c=a&s=", syntax::rfc2141bis, reference, {sev::warning, code::unknown_service, 15, 2});
    // Keywords are case-sensitive: "S" is not "s" (and not registered).
    CHECK_NO_LINT("urn:isbn:1?S=I2X", syntax::rfc2141bis, reference);
    // A registered keyword repeated: an error at each repetition.
    CHECK_LINT("urn:isbn:1?s=I2U&c=x&s=I2L&s=I2R", syntax::rfc2141bis, reference,
               {sev::warning, code::unknown_service, 13, 3},
               {sev::error, code::repeated_keyword, 21, 5},
               {sev::error, code::repeated_keyword, 27, 5});
    // Another keyword repeated: a note.
    CHECK_LINT("urn:isbn:1?x=1&x=", syntax::rfc2141bis, reference, {sev::note, code::repeated_keyword, 15, 2});
    // Keywords that share their first 8 bytes, or where one is the start
    // of another, are different keywords; a repeat is one written
    // exactly the same, anywhere later in the query.
    CHECK_LINT("urn:isbn:1?abcdefgh1=a&abcdefgh2=b&abcdefgh1=c&ab=d&abc=e&ab=", syntax::rfc2141bis, reference,
               {sev::note, code::repeated_keyword, 35, 11}, {sev::note, code::repeated_keyword, 58, 3});
    CHECK_LINT("urn:isbn:1?abcdefgh=a&abcdefgh-x=b&abcdefgh=c", syntax::rfc2141bis, reference,
               {sev::note, code::repeated_keyword, 35, 10});
}

// RFC 8141 section 5.2, RFC 3406 section 3.1, the IANA registry.
BOOST_AUTO_TEST_CASE(namespace_identifiers)
{
    CHECK_LINT("urn:urn-7:x", syntax::rfc8141, reference, {sev::note, code::informal_nid, 4, 5});
    CHECK_LINT("urn:URN-1:x", syntax::rfc2141bis, reference, {sev::note, code::informal_nid, 4, 5});
    CHECK_LINT("urn:urn-8:x", syntax::rfc8141, reference, {sev::warning, code::unregistered_nid, 4, 5});
    CHECK_LINT("urn:X-foo:x", syntax::rfc2141bis, reference, {sev::warning, code::experimental_nid, 4, 5});
    CHECK_LINT("urn:x-:x", syntax::rfc2141, reference, {sev::warning, code::experimental_nid, 4, 2});
    // "X-" is the experimental prefix (RFC 3406 section 3.1), not "X".
    CHECK_LINT("urn:xfoo:x", syntax::rfc2141bis, reference, {sev::warning, code::unregistered_nid, 4, 4});
    CHECK_LINT("urn:foo:a123,456", syntax::rfc2141, reference, {sev::warning, code::unregistered_nid, 4, 3});
    CHECK_LINT("urn:urn:x", syntax::rfc8141, reference, {sev::warning, code::unregistered_nid, 4, 3});
    CHECK_NO_LINT("urn:EXAMPLE:x", syntax::rfc8141, reference);
    CHECK_NO_LINT("urn:C2PA:x", syntax::rfc8141, reference);
    // Everything at once, sorted by offset.
    CHECK_LINT("urn:X-foo:a%2c?s=I2X", syntax::rfc2141bis, reference,
               {sev::warning, code::experimental_nid, 4, 5},
               {sev::note, code::lower_case_hex, 11, 3},
               {sev::warning, code::unknown_service, 17, 3});
}

BOOST_AUTO_TEST_CASE(not_a_urn)
{
    auto const ds = urns::check(urns::urn_view());
    BOOST_TEST_REQUIRE(ds.size() == 1u);
    BOOST_TEST((ds[0].code == code::not_a_urn));
    BOOST_TEST((ds[0].severity == sev::error));
    BOOST_TEST(ds[0].offset == 0u);
    BOOST_TEST(ds[0].length == 0u);
    BOOST_TEST(urns::to_string(ds[0], "") == "\n^ error: not a URN (an empty view) [not-a-urn]");
}

BOOST_AUTO_TEST_CASE(names)
{
    std::set<std::string_view> names;
    for (int i = 0; i <= static_cast<int>(code::unregistered_nid); ++i)
        names.insert(urns::to_string(static_cast<code>(i)));
    BOOST_TEST(names.size() == 11u);
    BOOST_TEST(names.count("unknown") == 0u);
    BOOST_TEST(urns::to_string(code::needless_pct_encoding) == "needless-pct-encoding");
    BOOST_TEST(urns::to_string(sev::warning) == "warning");
}

BOOST_AUTO_TEST_CASE(rendering)
{
    auto const v = urns::parse_urn("urn:isbn:a%2c").value();
    auto const ds = urns::check(v);
    BOOST_TEST_REQUIRE(ds.size() == 1u);
    BOOST_TEST(urns::to_string(ds[0], v.buffer()) ==
               "urn:isbn:a%2c\n"
               "          ^~~ note: lower-case hex digits in a percent-encoding; upper case is canonical "
               "(RFC 3986 section 2.1, RFC 8141 section 3.1) [lower-case-hex]");
    // A long input is shown as a window, the caret still under its byte.
    std::string const longer = "urn:isbn:" + std::string(100, 'a') + "%2c" + std::string(100, 'b');
    auto const w = urns::parse_urn(longer).value();
    std::string const shown = urns::to_string(urns::check(w).at(0), longer);
    auto const nl = shown.find('\n');
    BOOST_TEST(shown.substr(0, 3) == "...");
    BOOST_TEST(shown.substr(nl + 1 + (shown.find("%2c")), 3) == "^~~");
    BOOST_TEST(shown.substr(nl - 3, 3) == "...");
}

// 16 MiB: one diagnostic per fault, found in one pass.
BOOST_AUTO_TEST_CASE(large_inputs)
{
    constexpr std::size_t mib16 = std::size_t(16) << 20;
    std::string s = "urn:isbn:";
    std::size_t triples = 0;
    while (s.size() < mib16) {
        s += "%41";
        ++triples;
    }
    auto const v = urns::parse_urn(s).value();
    auto const ds = urns::check(v);
    BOOST_TEST(ds.size() == triples);
    BOOST_TEST(ds.back().offset == s.size() - 3);

    std::string q = "urn:isbn:1?s=I2L";
    std::size_t repeats = 0;
    while (q.size() < mib16) {
        q += "&s=I2L";
        ++repeats;
    }
    auto const vq = urns::parse_urn(q).value();
    auto const dq = urns::check(vq);
    BOOST_TEST(dq.size() == repeats);
    BOOST_TEST((dq.back().code == code::repeated_keyword));
}

//----------------------------------------------------------------------------
// The registry snapshot

BOOST_AUTO_TEST_CASE(registry_matches_data_file)
{
    auto rows = urns_test::read_tsv("data/iana-urn-namespaces.tsv");
    BOOST_TEST_REQUIRE(rows.size() > 1u);
    BOOST_TEST((rows[0] == std::vector<std::string>{"nid", "kind", "reference"}));
    auto const list = urns::registered_namespaces();
    BOOST_TEST_REQUIRE(list.size() == rows.size() - 1);
    std::size_t i = 1, formal = 0;
    std::string_view previous;
    for (urns::registered_namespace const& ns : list) {
        auto const& r = rows[i++];
        BOOST_TEST_REQUIRE(r.size() == 3u);
        BOOST_TEST(ns.nid == r[0]);
        BOOST_TEST((r[1] == "formal" || r[1] == "informal"));
        BOOST_TEST((ns.kind == (r[1] == "formal" ? urns::namespace_kind::formal : urns::namespace_kind::informal)));
        BOOST_TEST(ns.reference == r[2]);
        formal += ns.kind == urns::namespace_kind::formal;
        // Sorted, unique, lower case, and each a valid RFC 8141 NID.
        BOOST_TEST((previous < ns.nid));
        previous = ns.nid;
        for (char c : ns.nid)
            BOOST_TEST(!(c >= 'A' && c <= 'Z'));
        std::string const u = "urn:" + std::string(ns.nid) + ":x";
        BOOST_TEST(urns::parse_urn(u, syntax::rfc8141).has_value(), u);
    }
    BOOST_TEST(formal == 71u);
    BOOST_TEST(list.size() - formal == 7u);
}

BOOST_AUTO_TEST_CASE(registry_lookup)
{
    BOOST_TEST(urns::find_registered_namespace("isbn")->nid == "isbn");
    BOOST_TEST(urns::find_registered_namespace("ISBN")->nid == "isbn");
    BOOST_TEST(urns::find_registered_namespace("3GPP2")->reference == "RFC 8464");
    BOOST_TEST((urns::find_registered_namespace("urn-3")->kind == urns::namespace_kind::informal));
    BOOST_TEST(!urns::find_registered_namespace("foo"));
    BOOST_TEST(!urns::find_registered_namespace(""));
    BOOST_TEST(!urns::find_registered_namespace("isb"));
    BOOST_TEST(!urns::find_registered_namespace("isbnx"));
    BOOST_TEST(!urns::find_registered_namespace("urn"));
    for (urns::registered_namespace const& ns : urns::registered_namespaces())
        BOOST_TEST(urns::find_registered_namespace(ns.nid)->nid == ns.nid);
}

// The @par Example blocks of include/urns/check.hpp, compiled and run.
BOOST_AUTO_TEST_CASE(header_examples)
{
    BOOST_TEST(urns::to_string(urns::diagnostic_code::lower_case_hex) == "lower-case-hex");
    {
        auto v = urns::parse_urn("urn:X-foo:a%2c?s=I2X").value();
        std::ostringstream os;
        for (urns::diagnostic const& d : urns::check(v))
            os << urns::to_string(d, v.buffer()) << '\n';
        BOOST_TEST(os.str().find("[experimental-nid]") != std::string::npos);
    }
    {
        auto v = urns::parse_urn("urn:ex:a%2c").value();
        std::string s = urns::to_string(urns::check(v).at(0), v.buffer());
        BOOST_TEST(s.find("[unregistered-nid]") != std::string::npos);
    }
    {
        std::size_t n = 0;
        for (urns::registered_namespace const& ns : urns::registered_namespaces())
            n += !ns.nid.empty();
        BOOST_TEST(n == urns::registered_namespaces().size());
    }
    BOOST_TEST(urns::find_registered_namespace("ISBN")->nid == "isbn");
    BOOST_TEST(!urns::find_registered_namespace("foo"));
}

// Every URN of test/vectors/spec.tsv valid in a syntax: the diagnostics lie
// inside the buffer, are sorted, and render; as an assigned name, a URN
// without query, components or fragment gets no more diagnostics.
BOOST_AUTO_TEST_CASE(spec_vectors)
{
    auto rows = urns_test::read_tsv("test/vectors/spec.tsv");
    BOOST_TEST_REQUIRE(rows.size() > 100u);
    std::size_t total = 0;
    for (std::size_t i = 1; i < rows.size(); ++i) {
        std::string const input = urns_test::unescape(rows[i][1]);
        for (std::size_t col = 2; col <= 4; ++col) {
            if (rows[i][col] != "ok")
                continue;
            auto const v = urns::parse_urn(input, urns::syntax_from_string(rows[0][col]).value()).value();
            auto const ds = urns::check(v);
            total += ds.size();
            for (std::size_t k = 0; k < ds.size(); ++k) {
                BOOST_TEST(ds[k].offset + ds[k].length <= input.size(), rows[i][0]);
                BOOST_TEST(ds[k].length > 0u);
                if (k)
                    BOOST_TEST(ds[k - 1].offset <= ds[k].offset);
                BOOST_TEST(!urns::to_string(ds[k], input).empty());
            }
            bool const bare = v.assigned_name().size() == input.size();
            if (bare)
                BOOST_TEST(urns::check(v, assigned).size() == ds.size(), rows[i][0]);
        }
    }
    BOOST_TEST_MESSAGE("spec.tsv: " << total << " diagnostics");
}
