// SPDX-License-Identifier: BSL-1.0
// Tests of include/urns/query.hpp: draft-03 query directives (section 2.3)
// and the registries of section 9.2.
#define BOOST_TEST_MODULE query
#include "counting_new.hpp"
#include "test_support.hpp"

#include <urns/parse.hpp>
#include <urns/query.hpp>

#include <boost/test/unit_test.hpp>

#include <cmath>
#include <iterator>
#include <map>
#include "reference/urn_reference.hpp"

#include <algorithm>
#include <random>
#include <string>
#include <vector>

using urns::directive;
using urns::error;
using urns::syntax;

namespace {

std::vector<directive> all(urns::directives_view d)
{
    return std::vector<directive>(d.begin(), d.end());
}

std::vector<directive> effective(std::string_view q)
{
    std::vector<directive> out;
    urns::effective_directives(urns::parse_query(q).value(), out);
    return out;
}

void fails(std::string_view q, error code, std::size_t offset, std::string_view expected)
{
    auto r = urns::parse_query(q);
    BOOST_REQUIRE_MESSAGE(!r, q);
    BOOST_TEST(r.error().code == urns::make_error_code(code), q);
    BOOST_TEST(r.error().offset == offset, q);
    BOOST_TEST(r.error().expected == expected, q);
}

/// The brute-force reading of section 2.3's rule, for the property test.
std::vector<directive> effective_slow(urns::directives_view d)
{
    std::vector<directive> out;
    for (directive const& x : d) {
        int count = 0;
        for (directive const& y : d)
            count += x.keyword == y.keyword;
        if (count == 1)
            out.push_back(x);
    }
    return out;
}

} // namespace

//------------------------------------------------

BOOST_AUTO_TEST_CASE(spec_examples)
{
    // draft-03 section 2.3.2: the <query> part "s=I2L&c=ToC" on a URN:ISBN.
    std::string const s = "urn:isbn:0451450523?s=I2L&c=ToC";
    auto v = urns::parse_urn(s).value();
    auto d = all(urns::directives(v).value());
    BOOST_REQUIRE(d.size() == 2u);
    BOOST_TEST(d[0].keyword == "s");
    BOOST_TEST(d[0].value == "I2L");
    BOOST_TEST(d[0].offset == 20u);
    BOOST_TEST(d[0].value_offset() == 22u);
    BOOST_TEST(d[1].keyword == "c");
    BOOST_TEST(d[1].value == "ToC");
    BOOST_TEST(d[1].offset == 26u);
    BOOST_TEST(s.substr(d[1].value_offset(), 3) == "ToC");
    BOOST_TEST((urns::registered_keyword(d[0].keyword) == urns::query_keyword::s));
    BOOST_TEST((urns::registered_keyword(d[1].keyword) == urns::query_keyword::c));
    BOOST_TEST((*urns::requested_service(v).value() == urns::resolution_service::i2l));

    // draft-03 section 2.3.1: "Example directive (URI to URL service,
    // RFC 2483, Sec. 4.1): s=I2U". I2U is not in the section 9.2.2
    // registry: a resolver falls back to the default service.
    auto v2 = urns::parse_urn("urn:isbn:0451450523?s=I2U").value();
    BOOST_TEST(urns::find_directive(urns::directives(v2).value(), "s")->value == "I2U");
    BOOST_TEST(!urns::requested_service(v2).value().has_value());

    // draft-03 section 5.1 URN 7.
    auto v7 = urns::parse_urn("urn:foo:a123,456?x=y").value();
    auto d7 = all(urns::directives(v7).value());
    BOOST_REQUIRE(d7.size() == 1u);
    BOOST_TEST(d7[0].keyword == "x");
    BOOST_TEST(d7[0].value == "y");
    BOOST_TEST(d7[0].offset == 17u);
    BOOST_TEST(!urns::registered_keyword("x"));
    BOOST_TEST(!urns::requested_service(v7).value().has_value());
}

BOOST_AUTO_TEST_CASE(registries)
{
    // draft-03 section 9.2.1: keywords "s" and "c"; case-sensitive (2.3).
    BOOST_TEST(urns::to_string(urns::query_keyword::s) == "s");
    BOOST_TEST(urns::to_string(urns::query_keyword::c) == "c");
    for (char const* k : {"S", "C", "", "s ", "sc", "x"})
        BOOST_TEST(!urns::registered_keyword(k), k);

    // draft-03 section 9.2.2, the table in its order.
    struct row {
        char const* name;
        urns::resolution_service s;
        char const* purpose;
    };
    row const table[] = {
        {"I2L", urns::resolution_service::i2l, "URI to URL"},
        {"I2Ls", urns::resolution_service::i2ls, "URI to URLs"},
        {"I2R", urns::resolution_service::i2r, "URI to resource"},
        {"I2Rs", urns::resolution_service::i2rs, "URI to resources"},
        {"I2C", urns::resolution_service::i2c, "URI to URC"},
        {"I2Cs", urns::resolution_service::i2cs, "URI to URCs"},
        {"I2N", urns::resolution_service::i2n, "URI to URN"},
        {"I2Ns", urns::resolution_service::i2ns, "URI to URNs"},
        {"I=I", urns::resolution_service::i_eq_i, "URI equal to URI?"},
    };
    BOOST_TEST(urns::resolution_service_registry.size() == 9u);
    for (std::size_t i = 0; i < 9; ++i) {
        row const& r = table[i];
        auto const& e = urns::resolution_service_registry[i];
        BOOST_TEST(e.name == r.name);
        BOOST_TEST((e.service == r.s));
        BOOST_TEST(e.purpose == r.purpose);
        BOOST_TEST(e.status == "provisional");
        BOOST_TEST(e.reference == "RFC 2483, sec. 4." + std::to_string(i + 1));
        BOOST_TEST((urns::resolution_service_from_string(r.name) == r.s));
        BOOST_TEST(urns::to_string(r.s) == r.name);
    }
    // Case-sensitive, as written.
    for (char const* n : {"i2l", "I2l", "I2LS", "i=i", "I2U", "I2L ", "", "I%32L", "I2"})
        BOOST_TEST(!urns::resolution_service_from_string(n), n);
    // "I=I" as a value: "=" is a v-subdels character.
    auto v = urns::parse_urn("urn:ex:a?s=I=I").value();
    BOOST_TEST((*urns::requested_service(v).value() == urns::resolution_service::i_eq_i));
}

BOOST_AUTO_TEST_CASE(repeated_keywords_void)
{
    // draft-03 section 2.3: a keyword appearing more than once voids all
    // directives using it.
    auto e = effective("s=I2L&s=I2R&c=ToC");
    BOOST_REQUIRE(e.size() == 1u);
    BOOST_TEST(e[0].keyword == "c");
    BOOST_TEST(e[0].offset == 12u);
    BOOST_TEST(effective("s=I2L&c=1&s=I2L").size() == 1u);   // even with the same value
    BOOST_TEST(effective("c=1&c=2&c=3").empty());
    // Keywords are case-sensitive: "s" and "S" are different keywords.
    BOOST_TEST(effective("s=I2L&S=I2R").size() == 2u);
    // Order written is kept.
    auto k = effective("z=1&a=2&m=3&a=4&b=5");
    BOOST_REQUIRE(k.size() == 3u);
    BOOST_TEST(k[0].keyword == "z");
    BOOST_TEST(k[1].keyword == "m");
    BOOST_TEST(k[2].keyword == "b");
    // Appends after what is there.
    std::vector<directive> out(1);
    urns::effective_directives(urns::parse_query("a=1").value(), out);
    BOOST_TEST(out.size() == 2u);
    BOOST_TEST(out[1].keyword == "a");
    // What the caller's vector held is left alone: neither grouped with
    // the query's keywords (its "a" would void the query's "a") nor
    // reordered (its offset 100 is after the query's 0).
    std::vector<directive> held(1);
    held[0].keyword = "a";
    held[0].value = "9";
    held[0].offset = 100;
    urns::effective_directives(urns::parse_query("a=1&b=2").value(), held);
    BOOST_REQUIRE(held.size() == 3u);
    BOOST_TEST(held[0].offset == 100u);
    BOOST_TEST(held[0].value == "9");
    BOOST_TEST(held[1].keyword == "a");
    BOOST_TEST(held[1].value == "1");
    BOOST_TEST(held[2].keyword == "b");
    // find_directive and requested_service follow the rule.
    auto d = urns::parse_query("s=I2L&c=ToC&c=x").value();
    BOOST_TEST(urns::find_directive(d, "s")->value == "I2L");
    BOOST_TEST(!urns::find_directive(d, "c"));
    BOOST_TEST(!urns::find_directive(d, "q"));
    auto v = urns::parse_urn("urn:ex:a?s=I2L&s=I2L").value();
    BOOST_TEST(!urns::requested_service(v).value().has_value());
    auto ev = urns::effective_directives(urns::parse_urn("urn:ex:a?s=I2L&c=1&s=I2R").value()).value();
    BOOST_REQUIRE(ev.size() == 1u);
    BOOST_TEST(ev[0].offset == 15u);   // into the whole URN
}

BOOST_AUTO_TEST_CASE(grammar_examples_and_near_misses)
{
    // Valid: empty value, "=" "/" "?" ":" "@" in a value, hyphenated keywords.
    BOOST_TEST(all(urns::parse_query("a=").value()).size() == 1u);
    auto d = all(urns::parse_query("a-b1=x=y/?:@!$'()*+,;~._-%41&k=").value());
    BOOST_REQUIRE(d.size() == 2u);
    BOOST_TEST(d[0].keyword == "a-b1");
    BOOST_TEST(d[0].value == "x=y/?:@!$'()*+,;~._-%41");
    BOOST_TEST(d[1].keyword == "k");
    BOOST_TEST(d[1].value == "");
    BOOST_TEST(d[1].offset == 29u);
    auto b = all(urns::parse_query("k=v", 100).value());
    BOOST_TEST(b[0].offset == 100u);

    fails("", error::bad_query, 0, "urn-query");       // at least one directive
    fails("=x", error::bad_query, 0, "urn-query");     // empty keyword
    fails("1a=x", error::bad_query, 0, "urn-query");   // keywd = ALPHA ...
    fails("a", error::bad_query, 1, "\"=\"");          // missing "="
    fails("a-=1", error::bad_query, 2, "keywd");       // trailing hyphen
    fails("a--b=1", error::bad_query, 2, "keywd");     // double hyphen
    fails("a-", error::bad_query, 2, "keywd");
    fails("a_b=1", error::bad_query, 1, "\"=\"");
    fails("a=b&", error::bad_query, 4, "directive");   // trailing "&"
    fails("a=b&&c=d", error::bad_query, 4, "directive");
    fails("&a=b", error::bad_query, 0, "urn-query");
    fails("a=b c", error::bad_query, 3, "urn-query");
    fails("a=b#c", error::bad_query, 3, "urn-query");  // the fragment is not the query's
    fails("a=[", error::bad_query, 2, "urn-query");
    fails("a=%zz", error::bad_pct_encoded, 3, "HEXDIG");
    fails("a=%4", error::bad_pct_encoded, 4, "HEXDIG");
    fails("a=%00", error::nul_octet, 2, "pct-encoded");   // draft-03 section 2.5.3
    // "%00" is a rule of the grammar (section 2.5.3), so the first fault in
    // reading order is reported, as parse_urn does after a "?".
    fails("a=b&c=%00&d=%", error::nul_octet, 6, "pct-encoded");
}

BOOST_AUTO_TEST_CASE(views_without_query)
{
    // Absent query, other syntaxes, empty view: an error, never UB.
    for (auto const& [s, syn] : {std::pair<char const*, syntax>{"urn:ex:a", syntax::rfc2141bis},
                                 {"urn:ex:a#f", syntax::rfc2141bis},
                                 {"urn:ex:a?x=y", syntax::rfc2141},
                                 {"urn:ex:a?=x=y", syntax::rfc8141}}) {
        auto v = urns::parse_urn(s, syn).value();
        auto r = urns::directives(v);
        BOOST_REQUIRE_MESSAGE(!r, s);
        BOOST_TEST(r.error().code == urns::make_error_code(error::bad_query));
        BOOST_TEST(r.error().offset == std::string_view(s).size());
        BOOST_TEST(!urns::requested_service(v));
        BOOST_TEST(!urns::effective_directives(v));
    }
    urns::urn_view empty;
    BOOST_TEST(!urns::directives(empty));
    BOOST_TEST(!urns::requested_service(empty));
    urns::directives_view none;
    BOOST_TEST(none.empty());
    BOOST_TEST((none.begin() == none.end()));
    BOOST_TEST(!urns::find_directive(none, "s"));
}

//------------------------------------------------
// properties on generated inputs

BOOST_AUTO_TEST_CASE(property_agrees_with_parse_urn)
{
    // parse_query(q) accepts exactly what parse_urn("urn:ex:a?" q) accepts
    // as a query, with the same error code and offset.
    std::mt19937 g(2012);
    std::string const alphabet = "ab1-=&%0F/? ";
    std::uniform_int_distribution<std::size_t> pick(0, alphabet.size() - 1), len(0, 10);
    int ok = 0, bad = 0;
    for (int n = 0; n < 50000; ++n) {
        std::string q(len(g), ' ');
        for (char& c : q)
            c = alphabet[pick(g)];
        std::string const buf = "urn:ex:a?" + q;
        auto p = urns::parse_urn(buf);
        auto r = urns::parse_query(q, 9);
        BOOST_TEST(p.has_value() == r.has_value(), q);
        if (p && r) {
            ++ok;
            BOOST_TEST(p->query() == r->text());
        } else if (!p && !r) {
            ++bad;
            BOOST_TEST(p.error().code == r.error().code, q);
            BOOST_TEST(p.error().offset == r.error().offset, q);
            BOOST_TEST(p.error().expected == r.error().expected, q);
        }
    }
    BOOST_TEST(ok > 300);
    BOOST_TEST(bad > 1000);
}

BOOST_AUTO_TEST_CASE(property_iteration_and_effective)
{
    // Joining the directives with "&" gives the query back; offsets point
    // at the keywords; effective_directives agrees with the quadratic
    // reading of the rule.
    std::mt19937 g(2483);
    std::uniform_int_distribution<int> count(1, 12), key(0, 5), val(0, 3);
    char const* const keys[] = {"s", "c", "S", "a-b", "x1", "kw"};
    char const* const vals[] = {"", "I2L", "%41=b", "/?:@"};
    for (int n = 0; n < 5000; ++n) {
        std::string q;
        for (int i = count(g); i > 0; --i) {
            if (!q.empty())
                q += '&';
            q += keys[key(g)];
            q += '=';
            q += vals[val(g)];
        }
        std::string const buf = "urn:ex:a?" + q;
        auto v = urns::parse_urn(buf).value();
        auto d = urns::directives(v).value();
        std::string joined;
        for (directive const& x : d) {
            if (!joined.empty())
                joined += '&';
            joined += std::string(x.keyword) + "=" + std::string(x.value);
            BOOST_TEST(buf.substr(x.offset, x.keyword.size()) == x.keyword);
            BOOST_TEST(buf.substr(x.value_offset(), x.value.size()) == x.value);
        }
        BOOST_TEST(joined == q);
        BOOST_TEST((urns::effective_directives(v).value() == effective_slow(d)));
        for (char const* k : keys) {
            auto f = urns::find_directive(d, k);
            int c = 0;
            for (directive const& x : d)
                c += x.keyword == k;
            BOOST_TEST(f.has_value() == (c == 1));
        }
    }
}

//------------------------------------------------
// Large inputs: counted, never timed.

BOOST_AUTO_TEST_CASE(million_directives)
{
    std::size_t const n = 1000000;
    // Distinct keywords k<base 26 letters>, every tenth one repeated at the end.
    auto name = [](std::size_t i) {
        std::string k = "k";
        do {
            k += static_cast<char>('a' + i % 26);
            i /= 26;
        } while (i);
        return k;
    };
    std::string q;
    q.reserve(n * 10);
    for (std::size_t i = 0; i < n; ++i) {
        q += name(i);
        q += "=v&";
    }
    std::size_t const repeats = n / 10;
    for (std::size_t i = 0; i < repeats; ++i) {
        q += name(i * 10);
        q += "=w&";
    }
    q.pop_back();
    auto d = urns::parse_query(q).value();
    std::size_t steps = 0;
    for (auto it = d.begin(); it != d.end(); ++it)
        ++steps;
    BOOST_TEST(steps == n + repeats);

    std::vector<directive> out;
    urns::effective_directives(d, out);
    BOOST_TEST(out.size() == n - repeats);
    bool ordered = true, none_repeated = true;
    for (std::size_t i = 0; i < out.size(); ++i) {
        ordered = ordered && (i == 0 || out[i - 1].offset < out[i].offset);
        none_repeated = none_repeated && out[i].value == "v";
    }
    BOOST_TEST(ordered);
    BOOST_TEST(none_repeated);
    // The work is bounded by ctest's TIMEOUT: 1.1 million directives take
    // well under a second in O(n log n); a quadratic effective_directives
    // (6e11 comparisons) runs for minutes and fails by the timeout.
}

BOOST_AUTO_TEST_CASE(large_query)
{
    std::size_t const n = std::size_t(16) << 20;
    // One 16 MiB value.
    std::string q = "a=" + std::string(n, 'v');
    auto d = urns::parse_query(q).value();
    BOOST_TEST(std::distance(d.begin(), d.end()) == 1);
    BOOST_TEST(d.begin()->value.size() == n);
    // 4 Mi tiny directives, all the same keyword: all void.
    std::string many;
    many.reserve(n);
    while (many.size() + 4 <= n)
        many += "a=b&";
    many += "a=b";
    auto dm = urns::parse_query(many).value();
    std::size_t steps = 0;
    for (directive const& x : dm)
        steps += x.keyword == "a";
    BOOST_TEST(steps == n / 4 + 1);
    std::vector<directive> out;
    urns::effective_directives(dm, out);
    BOOST_TEST(out.empty());
    // A fault at the very end is found.
    std::string bad = many + "&";
    BOOST_TEST(urns::parse_query(bad).error().offset == bad.size());
}

BOOST_AUTO_TEST_CASE(noexcept_paths)
{
    static_assert(noexcept(urns::parse_query(std::string_view())));
    static_assert(noexcept(urns::directives(urns::urn_view())));
    static_assert(noexcept(urns::find_directive(urns::directives_view(), "")));
    static_assert(noexcept(urns::requested_service(urns::urn_view())));
    static_assert(noexcept(urns::registered_keyword("")));
    static_assert(noexcept(urns::resolution_service_from_string("")));
    // On any bytes, the verdict of the reference recognizer
    // (test/reference/urn_reference.hpp) on "urn:ex:a?" + q, for texts
    // without "#" (which would start a fragment there), drawn mostly from
    // the query's own characters so that both verdicts occur.
    std::mt19937 g(9);
    std::uniform_int_distribution<int> byte(0, 255), len(0, 12), pick(0, 15);
    std::string const query_bytes = "ab=&%2F0s";
    std::size_t accepted = 0, tried = 0;
    for (int n = 0; n < 20000; ++n) {
        std::string s(static_cast<std::size_t>(len(g)), ' ');
        for (char& c : s)
            c = pick(g) ? query_bytes[static_cast<std::size_t>(byte(g)) % query_bytes.size()]
                        : static_cast<char>(byte(g));
        auto const r = urns::parse_query(s);
        if (s.find('#') != std::string::npos)
            continue;
        ++tried;
        bool const ref = urns_reference::check("urn:ex:a?" + s, urns_reference::which::rfc2141bis).ok;
        BOOST_TEST(r.has_value() == ref, "query bytes " << n);
        if (r) {
            ++accepted;
            auto const d = *r;
            BOOST_TEST(std::distance(d.begin(), d.end()) == std::count(s.begin(), s.end(), '&') + 1);
        }
    }
    BOOST_TEST(tried > 19000u);
    BOOST_TEST(accepted > 500u);
    BOOST_TEST(accepted < tried - 1000u);
}

// The examples in the doc comments of include/urns/query.hpp.
// directives() of a URN without a draft-03 query: error::bad_query at the
// end of the URN (query.hpp), in every syntax.
BOOST_AUTO_TEST_CASE(directives_without_a_query)
{
    for (auto [text, syn] : {std::pair<char const*, syntax>{"urn:ex:a", syntax::rfc2141bis},
                             {"urn:ex:a?=q", syntax::rfc8141},
                             {"urn:ex:a", syntax::rfc2141}}) {
        auto const d = urns::directives(urns::parse_urn(text, syn).value());
        BOOST_TEST_REQUIRE(!d.has_value(), text);
        BOOST_TEST(d.error().offset == std::string_view(text).size(), text);
        BOOST_TEST(d.error().expected == "urn-query", text);
    }
}

BOOST_AUTO_TEST_CASE(header_examples)
{
    auto v = urns::parse_urn("urn:isbn:0-395-36341-1?s=I2L&c=ToC").value();
    std::string seen;
    for (urns::directive const& d : urns::directives(v).value())
        seen += std::string(d.keyword) + " -> " + std::string(d.value) + ";";
    BOOST_TEST(seen == "s -> I2L;c -> ToC;");

    auto d = urns::parse_query("s=I2L&c=ToC").value();
    BOOST_TEST(std::distance(d.begin(), d.end()) == 2);
    BOOST_TEST(urns::parse_query("s=I2L&").error().offset == 6u);

    auto v7 = urns::parse_urn("urn:foo:a123,456?x=y").value();
    auto d7 = urns::directives(v7).value();
    BOOST_TEST((d7.begin()->keyword == "x" && d7.begin()->offset == 17));

    BOOST_TEST((urns::registered_keyword("s") == urns::query_keyword::s));
    BOOST_TEST(!urns::registered_keyword("S"));
    BOOST_TEST((urns::resolution_service_from_string("I2Rs") == urns::resolution_service::i2rs));
    BOOST_TEST(!urns::resolution_service_from_string("I2U"));

    auto q = urns::parse_query("s=I2L&c=ToC&c=x").value();
    BOOST_TEST(urns::find_directive(q, "s")->value == "I2L");
    BOOST_TEST(!urns::find_directive(q, "c"));

    BOOST_TEST((*urns::requested_service(v).value() == urns::resolution_service::i2l));

    std::vector<urns::directive> out;
    urns::effective_directives(urns::parse_query("s=I2L&c=1&s=I2R").value(), out);
    BOOST_REQUIRE(out.size() == 1u);
    BOOST_TEST(out[0].keyword == "c");
    auto e = urns::effective_directives(urns::parse_urn("urn:ex:a?s=I2L&c=1&s=I2R").value()).value();
    BOOST_REQUIRE(e.size() == 1u);
    BOOST_TEST(e[0].value == "1");
}

// Parsing a query, iterating it, looking up keywords and services never
// allocates; effective_directives allocates nothing when the caller's
// vector already has the room (counted).
BOOST_AUTO_TEST_CASE(allocation_free_paths)
{
    std::string big = "urn:ex:a?";
    for (int i = 0; i < 2000; ++i)
        big += (i ? "&k" : "k") + std::to_string(i % 50) + "=v%2c" + std::to_string(i);
    std::vector<std::string> const urns{"urn:ex:a?s=I2L", "urn:ex:a?s=I2R&c=x&s=I2C", "urn:ex:a?c=1&z=%41", big};
    std::vector<urns::urn_view> views;
    for (auto const& u : urns)
        views.push_back(urns::parse_urn(u, syntax::rfc2141bis).value());
    std::vector<directive> out;
    out.reserve(4096);
    std::size_t sink = 0;
    long const before = urns_test::allocations;
    for (urns::urn_view const& v : views) {
        auto ds = urns::directives(v);
        BOOST_REQUIRE(ds.has_value());
        for (directive const& d : *ds)
            sink += d.keyword.size() + d.value.size() + d.offset;
        auto again = urns::parse_query(v.query(), 9);
        BOOST_REQUIRE(again.has_value());
        sink += std::distance(again->begin(), again->end()) > 0;
        sink += urns::find_directive(*ds, "s").has_value();
        sink += urns::find_directive(*ds, "k7").has_value();
        for (directive const& d : *ds) {
            sink += urns::registered_keyword(d.keyword).has_value();
            sink += urns::resolution_service_from_string(d.value).has_value();
        }
        auto svc = urns::requested_service(v);
        sink += svc.has_value() && svc->has_value();
        out.clear();
        urns::effective_directives(*ds, out);
        sink += out.size();
    }
    BOOST_TEST(urns_test::allocations.load() == before);
    BOOST_TEST(sink > 0u);
}
