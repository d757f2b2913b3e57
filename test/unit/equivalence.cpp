// SPDX-License-Identifier: BSL-1.0
// Tests of lexical equivalence, canonical form and hashing
// (include/urns/equivalence.hpp): the spec examples, the peer pairs, and
// properties on generated URNs.
#define BOOST_TEST_MODULE equivalence
#include "test_support.hpp"

#include <urns/equivalence.hpp>
#include <urns/parse.hpp>
#include <urns/urn.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdlib>
#include <map>
#include <new>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <unordered_set>
#include <vector>

// Counting allocations, to show that equivalent() and hash() make none.
#include "counting_new.hpp"

namespace {
using urns_test::allocations;
}

namespace {

using urns::equivalence_mode;
using urns::syntax;
using urns::urn_view;

constexpr std::array<equivalence_mode, 4> all_modes{
    equivalence_mode::rfc2141, equivalence_mode::rfc2141bis_drop_query,
    equivalence_mode::rfc2141bis_keep_query, equivalence_mode::rfc8141};

/// Pairs checked per mode, over the whole run (for the closing note).
std::map<equivalence_mode, long> g_pairs;

/// Parses `s`, which must outlive the view.
urn_view must_parse(std::string_view s, syntax syn)
{
    auto r = urns::parse_urn(s, syn);
    BOOST_TEST_REQUIRE(r.has_value(), "does not parse as " << urns::to_string(syn) << ": " << s);
    return *r;
}

/** A second, deliberately naive implementation of the procedures, built
    from std::string operations, to check the library against.
*/
std::string reference_canonical(urn_view v, equivalence_mode m)
{
    auto fold_pct = [](std::string s) {
        for (std::size_t i = 0; i < s.size(); ++i)
            if (s[i] == '%')
                for (std::size_t k = i + 1; k <= i + 2 && k < s.size(); ++k)
                    s[k] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[k])));
        return s;
    };
    std::string nid(v.nid());
    for (char& c : nid)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    std::string out = "urn:" + nid + ":";
    if (m == equivalence_mode::rfc2141) {
        std::string_view rest = v.buffer().substr(4 + v.nid().size() + 1);
        return out + fold_pct(std::string(rest));
    }
    out += fold_pct(std::string(v.nss()));
    if (m == equivalence_mode::rfc2141bis_keep_query && v.has_query()) {
        std::vector<std::pair<std::string, std::string>> ds;
        std::stringstream ss{std::string(v.query())};
        std::string d;
        while (std::getline(ss, d, '&')) {
            auto eq = d.find('=');
            ds.emplace_back(d.substr(0, eq), fold_pct(d.substr(eq + 1)));
        }
        std::sort(ds.begin(), ds.end());
        out += '?';
        for (std::size_t i = 0; i < ds.size(); ++i)
            out += (i ? "&" : "") + ds[i].first + "=" + ds[i].second;
    }
    return out;
}

/// Checks one pair against the expected answer, in both orders, and the
/// agreement of hash and canonical form with it.
void check_pair(urn_view a, urn_view b, equivalence_mode m, bool expected, std::string const& where)
{
    ++g_pairs[m];
    BOOST_TEST(urns::equivalent(a, b, m) == expected,
               where << ": " << a.buffer() << " vs " << b.buffer() << " in " << urns::to_string(m));
    BOOST_TEST(urns::equivalent(b, a, m) == expected, where << " (reversed)");
    BOOST_TEST((urns::canonical(a, m) == urns::canonical(b, m)) == expected, where << " canonical");
    if (expected)
        BOOST_TEST(urns::hash(a, m) == urns::hash(b, m), where << " hash");
}

equivalence_mode mode_from_column(std::string const& name)
{
    if (name == "rfc2141") return equivalence_mode::rfc2141;
    if (name == "rfc2141bis-5a") return equivalence_mode::rfc2141bis_drop_query;
    if (name == "rfc2141bis-5b") return equivalence_mode::rfc2141bis_keep_query;
    if (name == "rfc8141") return equivalence_mode::rfc8141;
    throw std::runtime_error("unknown mode column " + name);
}

} // namespace

//----------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(mode_names_and_defaults)
{
    BOOST_TEST(urns::to_string(equivalence_mode::rfc2141) == "rfc2141");
    BOOST_TEST(urns::to_string(equivalence_mode::rfc2141bis_drop_query) == "rfc2141bis-5a");
    BOOST_TEST(urns::to_string(equivalence_mode::rfc2141bis_keep_query) == "rfc2141bis-5b");
    BOOST_TEST(urns::to_string(equivalence_mode::rfc8141) == "rfc8141");
    for (equivalence_mode m : all_modes)
        BOOST_TEST((mode_from_column(std::string(urns::to_string(m))) == m));
    static_assert(urns::default_equivalence(syntax::rfc2141) == equivalence_mode::rfc2141);
    static_assert(urns::default_equivalence(syntax::rfc2141bis) ==
                  equivalence_mode::rfc2141bis_drop_query);
    static_assert(urns::default_equivalence(syntax::rfc8141) == equivalence_mode::rfc8141);
    // The two-argument form uses the first URN's syntax.
    urn_view a = must_parse("urn:ex:a?x=1", syntax::rfc2141bis);
    urn_view b = must_parse("URN:EX:a#f", syntax::rfc2141bis);
    BOOST_TEST(urns::equivalent(a, b));
}

// Every example of RFC 2141 section 6, draft-03 section 5.1 and RFC 8141
// section 3.2: every pair of a set, in every mode.
BOOST_AUTO_TEST_CASE(spec_examples)
{
    auto rows = urns_test::read_tsv("test/vectors/equivalence/spec-examples.tsv");
    BOOST_TEST_REQUIRE(rows.size() == 1u + 6 + 8 + 14);
    auto const& header = rows[0];
    struct entry { std::string set; std::string input; urn_view v; std::vector<std::string> labels; std::string source; };
    std::vector<entry> es;
    es.reserve(rows.size());   // the views point into the strings
    for (std::size_t i = 1; i < rows.size(); ++i) {
        auto const& r = rows[i];
        BOOST_TEST_REQUIRE(r.size() == 8u);
        syntax const syn = urns::syntax_from_string(r[1]).value();
        es.push_back({r[0], r[2], {}, {r[3], r[4], r[5], r[6]}, r[7]});
        es.back().v = must_parse(es.back().input, syn);
    }
    long pairs = 0;
    for (std::size_t col = 0; col < 4; ++col) {
        equivalence_mode const m = mode_from_column(header[3 + col]);
        for (auto const& a : es)
            for (auto const& b : es)
                if (a.set == b.set && &a <= &b) {
                    check_pair(a.v, b.v, m, a.labels[col] == b.labels[col],
                               a.source + " / " + b.source);
                    ++pairs;
                }
    }
    BOOST_TEST_MESSAGE("spec examples: " << pairs << " pairs (all modes)");

    // The draft's copy prints "F00" (zeros) for URNs 3 and 6: taken
    // literally that is another NID, which is equivalent to none of them.
    urn_view zeros = must_parse("urn:F00:a123,456", syntax::rfc2141bis);
    urn_view foo = must_parse("urn:foo:a123,456", syntax::rfc2141bis);
    BOOST_TEST(!urns::equivalent(zeros, foo, equivalence_mode::rfc2141bis_drop_query));
}

// The canonical forms of the examples, written out.
BOOST_AUTO_TEST_CASE(canonical_forms)
{
    struct row { char const* in; syntax syn; equivalence_mode m; char const* out; };
    row const rows[] = {
        {"URN:FOO:a123%2c456", syntax::rfc2141, equivalence_mode::rfc2141, "urn:foo:a123%2C456"},
        {"URN:foo:a123,456", syntax::rfc2141, equivalence_mode::rfc2141, "urn:foo:a123,456"},
        // RFC 2141 has no query or fragment: "?" and "#" are NSS characters.
        {"URN:Ex:a?%2f#%2f", syntax::rfc2141, equivalence_mode::rfc8141, "urn:ex:a?%2F#%2F"},
        {"urn:foo:a123,456?x=y", syntax::rfc2141bis, equivalence_mode::rfc2141bis_drop_query, "urn:foo:a123,456"},
        {"urn:foo:a123,456?x=y#f", syntax::rfc2141bis, equivalence_mode::rfc2141bis_keep_query, "urn:foo:a123,456?x=y"},
        {"urn:foo:a123,456?x=y#F%2f", syntax::rfc2141bis, equivalence_mode::rfc2141, "urn:foo:a123,456?x=y#F%2F"},
        {"URN:ISBN:1?s=I2L&c=ToC&a-b=%2f&a=%2F", syntax::rfc2141bis, equivalence_mode::rfc2141bis_keep_query,
         "urn:isbn:1?a=%2F&a-b=%2F&c=ToC&s=I2L"},
        // Equal keywords: ordered by value after hex-case normalization.
        {"urn:ex:a?k=b&k=%41&k=a", syntax::rfc2141bis, equivalence_mode::rfc2141bis_keep_query, "urn:ex:a?k=%41&k=a&k=b"},
        {"URN:EXAMPLE:a123%2cz456?+r?=q#f", syntax::rfc8141, equivalence_mode::rfc8141, "urn:example:a123%2Cz456"},
        {"URN:EXAMPLE:a/b%2f?+r%2f?=q#f%2f", syntax::rfc8141, equivalence_mode::rfc2141, "urn:example:a/b%2F?+r%2F?=q#f%2F"},
        {"urn:URN-7:x", syntax::rfc8141, equivalence_mode::rfc8141, "urn:urn-7:x"},
    };
    for (row const& r : rows) {
        urn_view v = must_parse(r.in, r.syn);
        BOOST_TEST(urns::canonical(v, r.m) == r.out, r.in);
        std::string appended = ">";
        urns::canonical(v, r.m, appended);
        BOOST_TEST(appended == std::string(">") + r.out);
        std::vector<char> chars;
        urns::canonical_to(v, r.m, std::back_inserter(chars));
        BOOST_TEST(std::string(chars.begin(), chars.end()) == r.out);
        BOOST_TEST(urns::parse_urn(urns::canonical(v, r.m), r.syn).has_value());
    }
}

// The pairs that go-urn, urnlib and rust "urn" assert in their own tests.
BOOST_AUTO_TEST_CASE(peer_pairs)
{
    // Every row names a known dialect; each dialect is checked on at least
    // one row of every file, so a renamed column cannot empty the loop.
    long total_2141 = 0, total_8141 = 0;
    for (char const* file : {"go-urn.equivalence.tsv", "urnlib.equivalence.tsv", "rust-urn.equivalence.tsv"}) {
        auto rows = urns_test::read_tsv(std::string("test/vectors/peers/") + file);
        BOOST_TEST_REQUIRE(rows.size() > 1u);
        BOOST_TEST_REQUIRE(rows[0].at(3) == "dialect");
        long rows_2141 = 0, rows_8141 = 0;
        for (std::size_t i = 1; i < rows.size(); ++i) {
            auto const& r = rows[i];
            std::string const a = urns_test::unescape(r[0]), b = urns_test::unescape(r[1]);
            bool const expected = r[2] == "yes";
            std::string const where = std::string(file) + ":" + std::to_string(i + 1);
            // dialect "rfc2141+rfc8141": both; each with its own procedure.
            bool const in_2141 = r[3] == "rfc2141" || r[3] == "rfc2141+rfc8141";
            bool const in_8141 = r[3] == "rfc8141" || r[3] == "rfc2141+rfc8141";
            BOOST_TEST((in_2141 || in_8141), where << ": unknown dialect '" << r[3] << "'");
            if (in_2141) {
                for (equivalence_mode m : all_modes)
                    check_pair(must_parse(a, syntax::rfc2141), must_parse(b, syntax::rfc2141), m, expected, where);
                ++rows_2141;
            }
            if (in_8141) {
                check_pair(must_parse(a, syntax::rfc8141), must_parse(b, syntax::rfc8141),
                           equivalence_mode::rfc8141, expected, where);
                ++rows_8141;
            }
        }
        BOOST_TEST(rows_2141 + rows_8141 > 0, file << ": no row checked");
        BOOST_TEST_MESSAGE(file << ": " << rows_2141 << " rfc2141 rows, " << rows_8141 << " rfc8141 rows");
        total_2141 += rows_2141;
        total_8141 += rows_8141;
    }
    BOOST_TEST(total_2141 > 0);
    BOOST_TEST(total_8141 > 0);
}

// The cross-library observations: "expected" is the peer test's value or,
// for probes, RFC 8141 section 3. We agree with every "expected"; the
// columns of the libraries that disagree are printed for the record.
BOOST_AUTO_TEST_CASE(cross_library_pairs)
{
    auto rows = urns_test::read_tsv("test/vectors/peers/cross-equivalence.tsv");
    BOOST_TEST_REQUIRE(rows.size() == 55u);
    auto const& header = rows[0];
    std::map<std::string, int> disagreements;
    for (std::size_t i = 1; i < rows.size(); ++i) {
        auto const& r = rows[i];
        std::string const a = urns_test::unescape(r[0]), b = urns_test::unescape(r[1]);
        bool const expected = r[2] == "yes";
        urn_view va = must_parse(a, syntax::rfc8141), vb = must_parse(b, syntax::rfc8141);
        check_pair(va, vb, equivalence_mode::rfc8141, expected, "cross-equivalence.tsv:" + std::to_string(i + 1));
        // The pairs that RFC 2141 can parse: RFC 2141's procedure gives the
        // same answer except where the r-, q- or f-component differs.
        auto pa = urns::parse_urn(a, syntax::rfc2141), pb = urns::parse_urn(b, syntax::rfc2141);
        if (pa && pb) {
            bool const same_tail = va.buffer().substr(va.assigned_name().size()) ==
                                   vb.buffer().substr(vb.assigned_name().size());
            check_pair(*pa, *pb, equivalence_mode::rfc2141, expected && same_tail,
                       "cross-equivalence.tsv:" + std::to_string(i + 1) + " rfc2141");
        }
        bool const ours = urns::equivalent(va, vb, equivalence_mode::rfc8141);
        for (std::size_t c = 4; c < r.size(); ++c) {
            std::string const& theirs = r[c];
            if (theirs.rfind("parse-error", 0) == 0)
                continue;
            if ((theirs.rfind("yes", 0) == 0) != ours) {
                ++disagreements[header[c]];
                BOOST_TEST_MESSAGE("differs from " << header[c] << ": " << a << " vs " << b
                                   << ": ours " << (ours ? "yes" : "no") << ", theirs " << theirs);
            }
        }
    }
    for (auto const& d : disagreements)
        BOOST_TEST_MESSAGE(d.first << " differs on " << d.second << " pairs");
}

// Draft-03 step 5b compares the directives as a multiset: a directive
// written twice counts twice. URNs that differ only in which directive is
// doubled (or in how many times one is written) are not equivalent, and a
// hash that combines the directives' hashes must not cancel pairs (as XOR
// would: x ^ x == 0 for every directive x).
BOOST_AUTO_TEST_CASE(repeated_directives_in_the_hash)
{
    auto const m = equivalence_mode::rfc2141bis_keep_query;
    char const* const texts[] = {
        "urn:ex:a?k=1&k=1", "urn:ex:a?j=2&j=2", "urn:ex:a?k=1", "urn:ex:a?k=1&k=1&k=1",
        "urn:ex:a?k=1&k=1&j=2", "urn:ex:a?j=2", "urn:ex:a?k=1&j=2&j=2&k=1",
    };
    std::vector<urn_view> v;
    for (char const* t : texts)
        v.push_back(must_parse(t, syntax::rfc2141bis));
    for (std::size_t i = 0; i < v.size(); ++i)
        for (std::size_t j = 0; j < v.size(); ++j) {
            // Seven different multisets of directives.
            if (i == j)
                continue;
            BOOST_TEST(urns::equivalent(v[i], v[j], m) == false, texts[i] << " / " << texts[j]);
            BOOST_TEST(urns::hash(v[i], m) != urns::hash(v[j], m), texts[i] << " / " << texts[j]);
        }
    // The same multiset in another order: equivalent, the same hash.
    auto const x = must_parse("urn:ex:a?j=2&k=1&k=1&j=2", syntax::rfc2141bis);
    BOOST_TEST(urns::equivalent(x, v[6], m));
    BOOST_TEST(urns::hash(x, m) == urns::hash(v[6], m));
}

// Bad input: default-constructed views (not URNs) give defined results.
BOOST_AUTO_TEST_CASE(views_that_are_not_urns)
{
    urn_view none;
    urn_view some = must_parse("urn:ex:a", syntax::rfc2141bis);
    for (equivalence_mode m : all_modes) {
        BOOST_TEST(urns::equivalent(none, none, m));
        BOOST_TEST(!urns::equivalent(none, some, m));
        BOOST_TEST(!urns::equivalent(some, none, m));
        BOOST_TEST(urns::canonical(none, m).empty());
        BOOST_TEST(urns::hash(none, m) == urns::hash(urn_view(), m));
    }
    // An out-of-range mode behaves like one that compares the assigned name.
    auto const odd = static_cast<equivalence_mode>(200);
    BOOST_TEST(urns::equivalent(some, must_parse("URN:EX:a?x=y", syntax::rfc2141bis), odd));
}

BOOST_AUTO_TEST_CASE(urn_equality_and_containers)
{
    using urns::urn;
    urn const a = urn::parse("urn:foo:a%2c").value();
    urn const a2 = urn::parse("urn:foo:a%2c").value();
    urn const b = urn::parse("URN:FOO:a%2C").value();
    urn const a8141 = urn::parse("urn:foo:a%2c", syntax::rfc8141).value();
    // operator== is exact: octets and syntax.
    BOOST_TEST((a == a2));
    BOOST_TEST((a != b));
    BOOST_TEST((a != a8141));
    BOOST_TEST(std::hash<urn>{}(a) == std::hash<urn>{}(a2));
    BOOST_TEST(std::hash<urn>{}(a) == urns::exact_hash{}(a));
    BOOST_TEST(urns::exact_equal{}(a, a2));
    BOOST_TEST(!urns::exact_equal{}(a, b));

    std::unordered_set<urn> plain{a, a2, b};
    BOOST_TEST(plain.size() == 2u);
    std::unordered_set<urn, urns::exact_hash, urns::exact_equal> exact{a, a2, b, a8141};
    BOOST_TEST(exact.size() == 3u);

    using M = equivalence_mode;
    std::unordered_set<urn, urns::equivalent_hash<M::rfc2141>, urns::equivalent_to<M::rfc2141>> eq{a, a2, b};
    BOOST_TEST(eq.size() == 1u);
    BOOST_TEST(eq.count(urn::parse("Urn:Foo:a%2C").value()) == 1u);
    BOOST_TEST(eq.count(urn::parse("urn:foo:a,").value()) == 0u);

    std::unordered_set<urn, urns::equivalent_hash<M::rfc2141bis_keep_query>,
                       urns::equivalent_to<M::rfc2141bis_keep_query>> q;
    q.insert(urn::parse("urn:ex:a?s=I2L&c=ToC#x").value());
    q.insert(urn::parse("URN:EX:a?c=ToC&s=I2L").value());
    q.insert(urn::parse("urn:ex:a?c=ToC").value());
    q.insert(urn::parse("urn:ex:a").value());
    BOOST_TEST(q.size() == 3u);
}

//----------------------------------------------------------------------------
// Properties on generated URNs

namespace {

/// Random URNs of one syntax, from small alphabets so that equivalence
/// classes have several members: case-mixed "urn" and NID, percent-encoded
/// triples with mixed-case hex digits, queries with directives in random
/// order (draft-03), r-, q-, f-components (RFC 8141).
class urn_generator {
public:
    urn_generator(syntax syn, unsigned seed) : syn_(syn), spell_(seed) {}

    /// A URN of the shape numbered `shape`: the same shape always has the
    /// same characters up to the case of "urn", of the NID and of hex
    /// digits, and the order of its directives.
    std::string operator()(unsigned shape)
    {
        std::mt19937 shape_rng(shape);
        shape_ = &shape_rng;
        std::string s = mixed_case("urn") + ":" + mixed_case(pick(nids())) + ":";
        int const atoms = 1 + roll(2);
        for (int i = 0; i < atoms; ++i)
            s += nss_atom(i == 0);
        switch (syn_) {
        case syntax::rfc2141:
            break;
        case syntax::rfc2141bis: {
            if (roll(2)) {
                std::vector<std::string> ds{"s=I2L", "c=ToC", "x=" + pct("2f"), "a-b=1", "k=" + pct("e9"), "k=1"};
                std::shuffle(ds.begin(), ds.end(), *shape_);
                ds.resize(static_cast<std::size_t>(1 + roll(4)));
                std::shuffle(ds.begin(), ds.end(), spell_);   // the order is spelling
                s += '?';
                for (std::size_t i = 0; i < ds.size(); ++i)
                    s += (i ? "&" : "") + ds[i];
            }
            if (roll(3) == 0)
                s += "#" + pick(std::vector<std::string>{"", "f", "F", pct("2f")});
            break;
        }
        case syntax::rfc8141:
            if (roll(3) == 0)
                s += "?+" + pick(std::vector<std::string>{"r", "R", pct("3f")});
            if (roll(3) == 0)
                s += "?=" + pick(std::vector<std::string>{"q=1", "Q=1"});
            if (roll(3) == 0)
                s += "#" + pick(std::vector<std::string>{"", "f", "?/"});
            break;
        }
        return s;
    }

private:
    int roll(int n) { return std::uniform_int_distribution<int>(0, n - 1)(*shape_); }
    template <class T>
    T pick(std::vector<T> const& v) { return v[static_cast<std::size_t>(roll(static_cast<int>(v.size())))]; }

    std::string mixed_case(std::string s)
    {
        for (char& c : s)
            if (std::uniform_int_distribution<int>(0, 1)(spell_))
                c = static_cast<char>(std::isupper(static_cast<unsigned char>(c)) ? std::tolower(c) : std::toupper(c));
        return s;
    }
    std::string pct(std::string hex) { return "%" + mixed_case(hex); }

    std::vector<std::string> nids() const
    {
        switch (syn_) {
        case syntax::rfc2141: return {"ex", "x", "isbn", "a-"};
        case syntax::rfc2141bis: return {"ex", "isbn", "a-1"};
        case syntax::rfc8141: return {"ex", "isbn", "urn-7", "urn"};
        }
        return {};
    }

    std::string nss_atom(bool first)
    {
        std::vector<std::string> atoms{"a", "A", "1", ",", ":", pct("2c"), pct("41"), pct("e2") + pct("82") + pct("ac")};
        if (syn_ == syntax::rfc2141 && !first)
            atoms.insert(atoms.end(), {"/", "?", "#"});
        if (syn_ != syntax::rfc2141)
            atoms.insert(atoms.end(), {"~", "&"});
        if (syn_ == syntax::rfc8141 && !first)
            atoms.push_back("/");
        return pick(atoms);
    }

    syntax syn_;
    std::mt19937 spell_;               // case and order: what equivalence ignores
    std::mt19937* shape_ = nullptr;    // everything else
};

} // namespace

BOOST_AUTO_TEST_CASE(properties_on_generated_urns)
{
    constexpr std::size_t count = 300;
    std::map<equivalence_mode, long> pairs, equal_pairs, triples;
    for (syntax syn : {syntax::rfc2141, syntax::rfc2141bis, syntax::rfc8141}) {
        urn_generator gen(syn, 20261122u + static_cast<unsigned>(syn));
        std::vector<std::string> inputs;
        std::vector<urn_view> vs;
        inputs.reserve(count);
        std::mt19937 shapes(99u + static_cast<unsigned>(syn));
        for (std::size_t i = 0; i < count; ++i)
            inputs.push_back(gen(std::uniform_int_distribution<unsigned>(0, count / 4)(shapes)));
        for (auto const& s : inputs)
            vs.push_back(must_parse(s, syn));

        for (equivalence_mode m : all_modes) {
            std::vector<std::string> canon;
            std::vector<std::size_t> hashes;
            for (urn_view v : vs) {
                canon.push_back(urns::canonical(v, m));
                hashes.push_back(urns::hash(v, m));
                // Reflexive; the canonical form parses, is idempotent, and is
                // equivalent to the original; the naive reference agrees.
                BOOST_TEST(urns::equivalent(v, v, m));
                auto c = urns::parse_urn(canon.back(), syn);
                BOOST_TEST_REQUIRE(c.has_value(), canon.back());
                BOOST_TEST(urns::canonical(*c, m) == canon.back());
                BOOST_TEST(urns::equivalent(*c, v, m));
                BOOST_TEST(urns::hash(*c, m) == hashes.back());
                BOOST_TEST(canon.back() == reference_canonical(v, m));
            }
            std::vector<std::vector<std::size_t>> classes_of(count);
            for (std::size_t i = 0; i < count; ++i)
                for (std::size_t j = 0; j < count; ++j) {
                    bool const e = urns::equivalent(vs[i], vs[j], m);
                    ++pairs[m];
                    if (e != urns::equivalent(vs[j], vs[i], m))
                        BOOST_ERROR("not symmetric: " << inputs[i] << " / " << inputs[j]);
                    if (e != (canon[i] == canon[j]))
                        BOOST_ERROR("equivalent != canonical equality: " << inputs[i] << " / " << inputs[j]);
                    if (e && hashes[i] != hashes[j])
                        BOOST_ERROR("equivalent but different hashes: " << inputs[i] << " / " << inputs[j]);
                    // 64-bit hashes of a few hundred different forms: a
                    // collision here would be a broken hash, not bad luck.
                    if (!e && hashes[i] == hashes[j])
                        BOOST_ERROR("different but the same hash: " << inputs[i] << " / " << inputs[j]);
                    if (e) {
                        ++equal_pairs[m];
                        classes_of[i].push_back(j);
                    }
                }
            // Transitive: a ~ b and b ~ c give a ~ c, over every triple
            // drawn from the equivalence classes found above.
            for (std::size_t a = 0; a < count; ++a)
                for (std::size_t b : classes_of[a])
                    for (std::size_t c : classes_of[b]) {
                        ++triples[m];
                        if (!urns::equivalent(vs[a], vs[c], m))
                            BOOST_ERROR("not transitive: " << inputs[a] << " / " << inputs[b] << " / " << inputs[c]);
                    }
        }
    }
    for (equivalence_mode m : all_modes) {
        g_pairs[m] += pairs[m];
        BOOST_TEST(equal_pairs[m] > static_cast<long>(3 * count), "classes too small to test anything");
        BOOST_TEST_MESSAGE("generated, " << urns::to_string(m) << ": " << pairs[m] << " ordered pairs ("
                           << equal_pairs[m] << " equivalent), " << triples[m] << " triples");
    }
}

// equivalent() skips equal runs eight bytes at a time and hash() takes
// eight bytes at a time, folding only words with a "%" in them or just
// before them: a "%hh" at every offset across a word boundary, in both
// cases, and a one-byte change at every offset, must come out as if byte by
// byte (lengths 1 to 40 cover a tail of every size).
BOOST_AUTO_TEST_CASE(word_boundaries)
{
    for (syntax syn : {syntax::rfc2141, syntax::rfc2141bis, syntax::rfc8141}) {
        equivalence_mode const m = urns::default_equivalence(syn);
        // Owning URNs: each view below outlives the string it was made from.
        auto own = [syn](std::string const& s) {
            auto r = urns::urn::parse(s, syn);
            BOOST_TEST_REQUIRE(r.has_value(), s);
            return *r;
        };
        auto hash = [m](urns::urn const& u) { return urns::hash(u, m); };
        auto eq = [m](urns::urn const& a, urns::urn const& b) { return urns::equivalent(a, b, m); };
        // Every URN made: its canonical form and its hash.
        std::set<std::string> forms;
        std::set<std::size_t> seen;
        auto note = [&](urns::urn const& u) {
            forms.insert(urns::canonical(u, m));
            seen.insert(hash(u));
        };
        for (std::size_t len = 1; len <= 40; ++len) {
            std::string const nss(len, 'b');
            urns::urn const plain = own("urn:ex:" + nss);
            note(plain);
            for (std::size_t at = 0; at + 3 <= len; ++at) {
                std::string lower = nss, upper = nss;
                lower.replace(at, 3, "%af");
                upper.replace(at, 3, "%AF");
                urns::urn const a = own("urn:ex:" + lower), b = own("urn:EX:" + upper);
                BOOST_TEST(eq(a, b), lower << " / " << upper);
                BOOST_TEST(hash(a) == hash(b), lower << " / " << upper);
                BOOST_TEST(!eq(a, plain), lower);
                note(a);
                // A letter just before the "%" or just after its two hex
                // digits is not one of them: its case counts.
                for (std::size_t pos : {at - 1, at + 3}) {
                    if (pos >= len)   // also at == 0: at - 1 wraps around
                        continue;
                    std::string x = lower, y = lower;
                    x[pos] = 'c';
                    y[pos] = 'C';
                    urns::urn const ux = own("urn:ex:" + x), uy = own("urn:ex:" + y);
                    BOOST_TEST(!eq(ux, uy), x << " / " << y);
                    BOOST_TEST(hash(ux) != hash(uy), x << " / " << y);
                    note(ux);
                    note(uy);
                }
            }
            for (std::size_t at = 0; at < len; ++at) {
                std::string changed = nss;
                changed[at] = 'c';
                urns::urn const u = own("urn:ex:" + changed);
                BOOST_TEST(!eq(u, plain), changed);
                note(u);
            }
        }
        // As many different hashes as different canonical forms.
        BOOST_TEST(seen.size() == forms.size());
        BOOST_TEST_MESSAGE(urns::to_string(syn) << ": " << forms.size() << " forms, " << seen.size() << " hashes");
    }
}

// equivalent() compares "NID:tail" sixteen bytes at a time as they are,
// and a pair of words that differs by case where the NID is lowered or the
// hex digits folded; canonical() lowers "urn:" and the NID by words and
// finds the "%"s sixteen at a time, the last block overlapping. Every NID
// length, every tail length up to 48 (so every place of the NID's end and
// of a "%" in a word, and the short and overlapping ends), each URN
// against itself spelled with random case changes anywhere (in the
// scheme, the NID, hex digits, other letters, a query or component) and
// with one byte changed: equivalent() must agree with the naive
// reference's canonical forms, canonical() must equal them, and the hash
// of equivalent URNs must be the same.
BOOST_AUTO_TEST_CASE(every_nid_and_tail_length)
{
    std::mt19937 rng(20261127u);
    auto roll = [&rng](unsigned n) { return std::uniform_int_distribution<unsigned>(0, n - 1)(rng); };
    auto flip = [](char c) {
        return static_cast<char>(std::isupper(static_cast<unsigned char>(c)) ? std::tolower(c) : std::toupper(c));
    };
    std::map<equivalence_mode, long> agreed, equal;
    for (syntax syn : {syntax::rfc2141, syntax::rfc2141bis, syntax::rfc8141}) {
        std::size_t const min_nid = syn == syntax::rfc2141 ? 1 : 2;
        for (std::size_t nid_len = min_nid; nid_len <= 32; ++nid_len) {
            for (std::size_t tail_len = 1; tail_len <= 48; ++tail_len) {
                std::string nid;
                for (std::size_t i = 0; i < nid_len; ++i)
                    nid += (i > 0 && i + 1 < nid_len && roll(4) == 0) ? '-' : "aB7z"[roll(4)];
                if (syn != syntax::rfc2141 && (nid == "urn" || nid.size() == 2) && roll(2) == 0)
                    nid[0] = 'q';   // keep a few away from the reserved and informal NIDs
                std::string tail;
                while (tail.size() < tail_len) {
                    if (tail_len - tail.size() >= 3 && roll(3) == 0)
                        tail += std::string("%") + "0aF9cE"[roll(6)] + "b2Da"[roll(4)];
                    else
                        tail += "xY.-3:"[roll(tail.empty() ? 2 : 6)];
                }
                std::string text = "urn:" + nid + ":" + tail;
                if (syn == syntax::rfc2141bis && roll(3) == 0)
                    text += "?k=%2f&a=B";
                if (syn == syntax::rfc8141 && roll(3) == 0)
                    text += "?+Rq?=Q#F";
                auto const base = urns::parse_urn(text, syn);
                if (!base)   // a NID the syntax reserves or refuses
                    continue;
                // Case changes: half the letters where the canonical form
                // folds case ("urn", the NID, two bytes after a "%"), now and
                // then one elsewhere.
                std::string spelled = text, changed = text;
                for (std::size_t i = 0; i < spelled.size(); ++i) {
                    bool const folded = i < 4 + nid_len || (i >= 1 && text[i - 1] == '%') || (i >= 2 && text[i - 2] == '%');
                    if (std::isalpha(static_cast<unsigned char>(spelled[i])) && roll(folded ? 2 : 40) == 0)
                        spelled[i] = flip(spelled[i]);
                }
                std::size_t const at = 4 + roll(static_cast<unsigned>(text.size() - 4));
                changed[at] = changed[at] == 'x' ? 'y' : 'x';
                for (std::string const* other : {&spelled, &changed}) {
                    auto const o = urns::parse_urn(*other, syn);
                    if (!o)   // the change made something the syntax refuses
                        continue;
                    for (equivalence_mode m : all_modes) {
                        std::string const ra = reference_canonical(*base, m), rb = reference_canonical(*o, m);
                        bool const expected = ra == rb;
                        BOOST_TEST(urns::equivalent(*base, *o, m) == expected,
                                   text << " / " << *other << " in " << urns::to_string(m));
                        BOOST_TEST(urns::equivalent(*o, *base, m) == expected, *other << " / " << text);
                        BOOST_TEST(urns::canonical(*base, m) == ra, text);
                        BOOST_TEST(urns::canonical(*o, m) == rb, *other);
                        if (expected)
                            BOOST_TEST(urns::hash(*base, m) == urns::hash(*o, m), text << " / " << *other);
                        ++agreed[m];
                        equal[m] += expected ? 1 : 0;
                    }
                }
            }
        }
    }
    for (equivalence_mode m : all_modes) {
        // Both answers must be well represented for the check to mean much.
        BOOST_TEST(equal[m] > 2000);
        BOOST_TEST(agreed[m] - equal[m] > 1000);
        BOOST_TEST_MESSAGE(urns::to_string(m) << ": " << agreed[m] << " pairs, " << equal[m] << " equivalent");
    }
}

// Inputs with little entropy, where a hash that lets one difference cancel
// another (a byte against the length, a byte against a byte of an
// overlapping word) shows: every NSS of "a"s and "b"s of 1 to 14 bytes, and
// each with a "%2f" (in both cases) in its middle. A 64-bit hash of a few
// hundred thousand different forms has no collision unless it is broken.
BOOST_AUTO_TEST_CASE(low_entropy_inputs_do_not_collide)
{
    for (syntax syn : {syntax::rfc2141, syntax::rfc2141bis, syntax::rfc8141}) {
        equivalence_mode const m = urns::default_equivalence(syn);
        std::unordered_set<std::string> forms;
        std::unordered_set<std::size_t> hashes;
        for (std::size_t len = 1; len <= 14; ++len) {
            for (unsigned bits = 0; bits < (1u << len); ++bits) {
                std::string nss;
                for (std::size_t i = 0; i < len; ++i)
                    nss += (bits >> i & 1) ? 'b' : 'a';
                for (char const* pct : {"", "%2f", "%2F"}) {
                    std::string text = nss;
                    if (*pct) {
                        if (len < 3)
                            continue;
                        text.replace(len / 2 - 1, 3, pct);
                    }
                    auto const u = urns::urn::parse((bits & 1 ? "URN:EX:" : "urn:ex:") + text, syn);
                    BOOST_TEST_REQUIRE(u.has_value(), text);
                    forms.insert(urns::canonical(*u, m));
                    hashes.insert(urns::hash(*u, m));
                }
            }
        }
        BOOST_TEST(hashes.size() == forms.size(), urns::to_string(syn));
    }
}

// Every URN of test/vectors/spec.tsv that is valid in a syntax: in every
// mode its canonical form parses in that syntax, is idempotent, is
// equivalent to it with the same hash, and agrees with the naive reference.
BOOST_AUTO_TEST_CASE(canonical_forms_of_spec_vectors)
{
    auto rows = urns_test::read_tsv("test/vectors/spec.tsv");
    BOOST_TEST_REQUIRE(rows.size() > 100u);
    long checked = 0;
    for (std::size_t i = 1; i < rows.size(); ++i) {
        std::string const input = urns_test::unescape(rows[i][1]);
        for (std::size_t col = 2; col <= 4; ++col) {
            if (rows[i][col] != "ok")
                continue;
            syntax const syn = urns::syntax_from_string(rows[0][col]).value();
            urn_view v = must_parse(input, syn);
            for (equivalence_mode m : all_modes) {
                std::string const c = urns::canonical(v, m);
                auto p = urns::parse_urn(c, syn);
                BOOST_TEST_REQUIRE(p.has_value(), rows[i][0] << " " << urns::to_string(m) << ": " << c);
                BOOST_TEST(urns::canonical(*p, m) == c);
                BOOST_TEST(urns::equivalent(*p, v, m));
                BOOST_TEST(urns::hash(*p, m) == urns::hash(v, m));
                BOOST_TEST(c == reference_canonical(v, m));
                ++checked;
            }
        }
    }
    BOOST_TEST_MESSAGE("spec.tsv: " << checked << " (URN, syntax, mode) canonical forms checked");
}

// Many directives (more than fit on the stack) in any order.
BOOST_AUTO_TEST_CASE(many_directives)
{
    std::vector<std::string> ds;
    for (int i = 0; i < 500; ++i)
        ds.push_back("k" + std::string(1, static_cast<char>('a' + i % 26)) + "=" + std::to_string(i % 37) + "%2" +
                     (i % 2 ? "f" : "F"));
    std::mt19937 rng(7);
    auto make = [&](bool lower_hex) {
        std::shuffle(ds.begin(), ds.end(), rng);
        std::string s = "urn:ex:a?";
        for (std::size_t i = 0; i < ds.size(); ++i) {
            std::string d = ds[i];
            d.back() = lower_hex ? 'f' : 'F';
            s += (i ? "&" : "") + d;
        }
        return s;
    };
    std::string const a = make(true), b = make(false);
    std::string c = b;
    c.replace(c.rfind('='), 1, "=x");
    urn_view va = must_parse(a, syntax::rfc2141bis), vb = must_parse(b, syntax::rfc2141bis),
             vc = must_parse(c, syntax::rfc2141bis);
    check_pair(va, vb, equivalence_mode::rfc2141bis_keep_query, true, "500 directives shuffled");
    check_pair(va, vc, equivalence_mode::rfc2141bis_keep_query, false, "500 directives, one changed");
    BOOST_TEST(urns::canonical(va, equivalence_mode::rfc2141bis_keep_query) ==
               reference_canonical(va, equivalence_mode::rfc2141bis_keep_query));
}

// 16 MiB inputs: no allocation in equivalent() and hash() (counted), one
// pass of output in canonical_to() (characters counted).
BOOST_AUTO_TEST_CASE(large_inputs)
{
    constexpr std::size_t mib16 = std::size_t(16) << 20;
    std::string nss_a = "urn:Ex:", nss_b = "URN:eX:";
    while (nss_a.size() < mib16) {
        nss_a += "ab%2c";
        nss_b += "ab%2C";
    }
    std::string qa = "urn:ex:a?", qb = "urn:ex:a?";
    for (int i = 0; qa.size() < mib16; ++i) {
        std::string const d = "key=" + std::to_string(1000000000 + i % 1000);
        qa += (i ? "&" : "") + d;
    }
    urn_view va = must_parse(nss_a, syntax::rfc2141bis), vb = must_parse(nss_b, syntax::rfc2141bis);
    urn_view vq = must_parse(qa, syntax::rfc2141bis);
    for (equivalence_mode m : all_modes) {
        long const before = allocations;
        bool const e = urns::equivalent(va, vb, m);
        std::size_t const h1 = urns::hash(va, m), h2 = urns::hash(vb, m);
        BOOST_TEST(allocations.load() == before, "allocations in " << urns::to_string(m));
        BOOST_TEST(e);
        BOOST_TEST(h1 == h2);
        std::size_t written = 0;
        struct counter {
            std::size_t* n;
            counter& operator*() { return *this; }
            counter& operator++() { return *this; }
            counter operator++(int) { return *this; }
            counter& operator=(char) { ++*n; return *this; }
        };
        urns::canonical_to(va, m, counter{&written});
        BOOST_TEST(written == nss_a.size());
    }
    // Step 5b over millions of directives: in the same order, compared one
    // by one with no memory; in another order, the offsets are sorted on
    // the heap (two arrays), nothing else.
    std::string const q_copy = qa;
    urn_view const vq_copy = must_parse(q_copy, syntax::rfc2141bis);
    std::string q_rotated = qa.substr(0, 9) + qa.substr(qa.find('&') + 1) + "&" +
                            qa.substr(9, qa.find('&') - 9);
    urn_view const vq_rotated = must_parse(q_rotated, syntax::rfc2141bis);
    long const before = allocations;
    BOOST_TEST(urns::equivalent(vq, vq_copy, equivalence_mode::rfc2141bis_keep_query));
    BOOST_TEST(allocations.load() == before);
    BOOST_TEST(urns::equivalent(vq, vq_rotated, equivalence_mode::rfc2141bis_keep_query));
    BOOST_TEST(allocations.load() - before == 2);
    long const before_hash = allocations;
    (void)urns::hash(vq, equivalence_mode::rfc2141bis_keep_query);
    BOOST_TEST(allocations.load() == before_hash);
}

// When the offsets of more than 64 directives cannot be allocated, step 5b
// still gives the right answer, by counting, with no memory at all.
BOOST_AUTO_TEST_CASE(many_directives_without_memory)
{
    std::vector<std::string> ds;
    for (int i = 0; i < 200; ++i)
        ds.push_back("k" + std::string(1, static_cast<char>('a' + i % 7)) + "=" + std::to_string(i % 5) + "%2f");
    auto join = [](std::vector<std::string> const& v) {
        std::string s = "urn:ex:a?";
        for (std::size_t i = 0; i < v.size(); ++i)
            s += (i ? "&" : "") + v[i];
        return s;
    };
    std::string const a = join(ds);
    std::mt19937 rng(11);
    std::shuffle(ds.begin(), ds.end(), rng);
    ds.front().back() = 'F';   // hex case: still the same directive
    std::string const b = join(ds);
    ds.front().replace(ds.front().find('=') + 1, 1, "9");
    std::string const c = join(ds);   // one value changed: not the same
    urn_view const va = must_parse(a, syntax::rfc2141bis), vb = must_parse(b, syntax::rfc2141bis),
                   vc = must_parse(c, syntax::rfc2141bis);
    auto const m = equivalence_mode::rfc2141bis_keep_query;
    long const before = allocations;
    urns_test::refuse_nothrow = true;
    bool const ab = urns::equivalent(va, vb, m), ac = urns::equivalent(va, vc, m), bc = urns::equivalent(vb, vc, m);
    urns_test::refuse_nothrow = false;
    BOOST_TEST(allocations.load() == before);
    BOOST_TEST(ab);
    BOOST_TEST(!ac);
    BOOST_TEST(!bc);
    // The same answers with memory.
    BOOST_TEST(urns::equivalent(va, vb, m));
    BOOST_TEST(!urns::equivalent(va, vc, m));
}

BOOST_AUTO_TEST_CASE(pairs_checked_per_mode)
{
    for (equivalence_mode m : all_modes)
        BOOST_TEST_MESSAGE("pairs checked, " << urns::to_string(m) << ": " << g_pairs[m]);
    for (equivalence_mode m : all_modes)
        BOOST_TEST(g_pairs[m] > 0);
}

// The @par Example blocks of include/urns/equivalence.hpp and of
// urn::operator==, compiled and run.
BOOST_AUTO_TEST_CASE(header_examples)
{
    {
        auto a = urns::parse_urn("urn:foo:a123,456?x=y").value();
        auto b = urns::parse_urn("URN:FOO:a123,456").value();
        BOOST_TEST(urns::equivalent(a, b, urns::equivalence_mode::rfc2141bis_drop_query));
        BOOST_TEST(!urns::equivalent(a, b, urns::equivalence_mode::rfc2141bis_keep_query));
    }
    {
        auto a = urns::parse_urn("URN:foo:a123%2c456").value();
        auto b = urns::parse_urn("urn:FOO:a123%2C456").value();
        auto c = urns::parse_urn("urn:foo:a123,456").value();
        BOOST_TEST(urns::equivalent(a, b, urns::equivalence_mode::rfc2141));
        BOOST_TEST(!urns::equivalent(a, c, urns::equivalence_mode::rfc2141));
    }
    {
        auto a = urns::parse_urn("urn:example:a?+r", urns::syntax::rfc8141).value();
        auto b = urns::parse_urn("URN:EXAMPLE:a#f", urns::syntax::rfc8141).value();
        BOOST_TEST(urns::equivalent(a, b));
    }
    {
        std::string s = "<";
        urns::canonical(urns::parse_urn("URN:Foo:a%2c?s=I2L&c=ToC").value(),
                        urns::equivalence_mode::rfc2141bis_keep_query, s);
        BOOST_TEST(s == "<urn:foo:a%2C?c=ToC&s=I2L");
    }
    {
        auto v = urns::parse_urn("URN:EXAMPLE:a123%2cz456?+r#f", urns::syntax::rfc8141).value();
        BOOST_TEST(urns::canonical(v, urns::equivalence_mode::rfc8141) == "urn:example:a123%2Cz456");
    }
    {
        std::vector<char> buf;
        urns::canonical_to(urns::parse_urn("URN:Ex:a").value(), urns::equivalence_mode::rfc2141,
                           std::back_inserter(buf));
        BOOST_TEST(std::string(buf.begin(), buf.end()) == "urn:ex:a");
    }
    {
        auto a = urns::parse_urn("URN:FOO:a%2c").value();
        auto b = urns::parse_urn("urn:foo:a%2C").value();
        BOOST_TEST(urns::hash(a, urns::equivalence_mode::rfc2141) == urns::hash(b, urns::equivalence_mode::rfc2141));
    }
    {
        std::unordered_set<urns::urn, urns::exact_hash, urns::exact_equal> set;
        set.insert(urns::urn::parse("urn:foo:a").value());
        set.insert(urns::urn::parse("URN:foo:a").value());
        BOOST_TEST(set.size() == 2u);
        auto u = urns::urn::parse("urn:foo:a").value();
        BOOST_TEST(urns::exact_hash{}(u) == std::hash<urns::urn>{}(u));
    }
    {
        using mode = urns::equivalence_mode;
        std::unordered_set<urns::urn, urns::equivalent_hash<mode::rfc8141>, urns::equivalent_to<mode::rfc8141>> set;
        set.insert(urns::urn::parse("urn:example:a", urns::syntax::rfc8141).value());
        set.insert(urns::urn::parse("URN:EXAMPLE:a#f", urns::syntax::rfc8141).value());
        BOOST_TEST(set.size() == 1u);
        urns::equivalent_hash<urns::equivalence_mode::rfc2141> h;
        BOOST_TEST(h(urns::parse_urn("URN:Ex:a").value()) == h(urns::parse_urn("urn:eX:a").value()));
    }
    BOOST_TEST((urns::urn::parse("urn:foo:a").value() == urns::urn::parse("urn:foo:a").value()));
    BOOST_TEST((urns::urn::parse("urn:foo:a").value() != urns::urn::parse("URN:foo:a").value()));
}

// 5b sorts repeated keywords by their values with the hex digits of "%hh"
// in one case: sorted by the raw bytes, "%2B" < "%2a" but "%2A" < "%2B",
// and the two URNs below (the same directives in two orders and cases)
// would compare unequal.
BOOST_AUTO_TEST_CASE(repeated_keywords_sorted_ignoring_hex_case)
{
    auto const a = urns::parse_urn("urn:ex:a?x=%2a&x=%2B").value();
    auto const b = urns::parse_urn("urn:ex:a?x=%2B&x=%2A").value();
    BOOST_TEST(urns::equivalent(a, b, urns::equivalence_mode::rfc2141bis_keep_query));
    BOOST_TEST(urns::canonical(a, urns::equivalence_mode::rfc2141bis_keep_query) ==
               urns::canonical(b, urns::equivalence_mode::rfc2141bis_keep_query));
    BOOST_TEST(urns::hash(a, urns::equivalence_mode::rfc2141bis_keep_query) ==
               urns::hash(b, urns::equivalence_mode::rfc2141bis_keep_query));
    BOOST_TEST(!urns::equivalent(a, urns::parse_urn("urn:ex:a?x=%2B&x=%2C").value(),
                                 urns::equivalence_mode::rfc2141bis_keep_query));
}
