// SPDX-License-Identifier: BSL-1.0
// Limits: inputs of 12 to 20 MB (one huge NSS, 4 million "%41", a
// draft-03 query of a million directives, long runs of the grammar's
// repeated parts, huge texts for find_urns, equivalence, check and the
// built-in namespaces' rules on huge URNs) are handled on a thread with a
// 64 KiB stack (256 KiB under sanitizers, whose frames are larger). A parser whose recursion grew with the input would
// need megabytes here and die on the guard page; a non-recursive one needs
// the same few KiB for 16 bytes as for 16 MiB. No wall-clock assertions:
// speed, and time per byte from 1 to 16 MiB, are measured in bench/
// (tools/bench.sh --scaling).
#define BOOST_TEST_MODULE limits
#include <boost/test/unit_test.hpp>

#include <urns/check.hpp>
#include <urns/equivalence.hpp>
#include <urns/extract.hpp>
#include <urns/nss/builtin.hpp>
#include <urns/query.hpp>
#include <urns/urns.hpp>

#include <pthread.h>

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace {

#if defined(__SANITIZE_ADDRESS__)
#define URNS_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(undefined_behavior_sanitizer)
#define URNS_TEST_SANITIZED 1
#endif
#endif

#ifdef URNS_TEST_SANITIZED
constexpr std::size_t small_stack = 256 * 1024;
#else
constexpr std::size_t small_stack = 64 * 1024;
#endif

constexpr std::size_t mib16 = std::size_t(16) << 20;

/// Runs `f` to completion on a new thread whose stack is `small_stack`.
void on_small_stack(std::function<void()> const& f)
{
    pthread_attr_t attr;
    BOOST_REQUIRE_EQUAL(pthread_attr_init(&attr), 0);
    BOOST_REQUIRE_EQUAL(pthread_attr_setstacksize(&attr, small_stack), 0);
    pthread_t t;
    auto run = [](void* p) -> void* {
        (*static_cast<std::function<void()> const*>(p))();
        return nullptr;
    };
    int const rc = pthread_create(&t, &attr, run, const_cast<std::function<void()>*>(&f));
    pthread_attr_destroy(&attr);
    BOOST_REQUIRE_EQUAL(rc, 0);
    BOOST_REQUIRE_EQUAL(pthread_join(t, nullptr), 0);
}

/// What a parse on the small stack found (Boost.Test checks stay on the
/// main thread).
struct outcome {
    bool ok = false;
    std::size_t nid = 0, nss = 0, query = 0, r = 0, q = 0, fragment = 0;
    std::size_t offset = 0;
    std::string expected;
    boost::system::error_code code;
};

outcome parse_small(std::string const& s, urns::parse_options const& opts)
{
    outcome o;
    on_small_stack([&] {
        auto r = urns::parse_urn(s, opts);
        o.ok = r.has_value();
        if (r) {
            o.nid = r->nid().size();
            o.nss = r->nss().size();
            o.query = r->query().size();
            o.r = r->r_component().size();
            o.q = r->q_component().size();
            o.fragment = r->fragment().size();
        } else {
            o.offset = r.error().offset;
            o.expected = std::string(r.error().expected);
            o.code = r.error().code;
        }
    });
    return o;
}

outcome parse_small(std::string const& s, urns::syntax syn)
{
    urns::parse_options opts;
    opts.syntax = syn;
    return parse_small(s, opts);
}

/// The expected offset of a row that must parse.
constexpr std::size_t no_error = std::string::npos;

/// `prefix` followed by copies of `unit` up to at least 16 MiB in all,
/// then `suffix`.
std::string huge(std::string prefix, std::string const& unit, std::string const& suffix = "")
{
    std::string s = std::move(prefix);
    s.reserve(mib16 + unit.size() + suffix.size());
    while (s.size() < mib16)
        s += unit;
    return s + suffix;
}

constexpr urns::syntax all_syntaxes[] = {urns::syntax::rfc2141, urns::syntax::rfc2141bis,
                                         urns::syntax::rfc8141};

} // namespace

BOOST_AUTO_TEST_CASE(small_stack_is_enough_for_a_small_urn)
{
    auto o = parse_small("urn:ex:a", urns::syntax::rfc8141);
    BOOST_TEST(o.ok);
    BOOST_TEST(o.nss == 1u);
}

BOOST_AUTO_TEST_CASE(one_huge_nss)
{
    std::string const s = huge("urn:ex:", "a");
    for (auto syn : all_syntaxes) {
        auto o = parse_small(s, syn);
        BOOST_TEST(o.ok, urns::to_string(syn));
        BOOST_TEST(o.nss == s.size() - 7);
    }
}

BOOST_AUTO_TEST_CASE(four_million_percent_encoded)
{
    std::string s = "urn:ex:";
    for (int i = 0; i < 4'000'000; ++i)
        s += "%41";
    for (auto syn : all_syntaxes) {
        auto o = parse_small(s, syn);
        BOOST_TEST(o.ok, urns::to_string(syn));
        BOOST_TEST(o.nss == 12'000'000u);
    }
    // The same with a bad last triple: the error is at its second byte.
    s.back() = 'g';
    for (auto syn : all_syntaxes) {
        auto o = parse_small(s, syn);
        BOOST_TEST(!o.ok);
        BOOST_TEST(o.offset == s.size() - 1);
        BOOST_TEST((o.code == urns::error::bad_pct_encoded));
    }
}

BOOST_AUTO_TEST_CASE(draft_query_of_a_million_directives)
{
    std::string s = "urn:ex:a?k0=v";
    for (int i = 1; i < 1'000'000; ++i)
        s += "&key-" + std::to_string(i) + "=val/?%2F";
    BOOST_TEST_REQUIRE(s.size() > std::size_t(16'000'000));
    auto o = parse_small(s, urns::syntax::rfc2141bis);
    BOOST_TEST(o.ok);
    BOOST_TEST(o.query == s.size() - 9);
    // rfc2141 has no "&"; rfc8141 no "?" that starts neither "?+" nor "?=".
    auto o2 = parse_small(s, urns::syntax::rfc2141);
    BOOST_TEST(!o2.ok);
    BOOST_TEST(o2.offset == s.find('&'));
    auto o3 = parse_small(s, urns::syntax::rfc8141);
    BOOST_TEST(!o3.ok);
    BOOST_TEST(o3.offset == 8u);
    // A trailing "&" after a million directives is still found, at its place.
    s += '&';
    auto o4 = parse_small(s, urns::syntax::rfc2141bis);
    BOOST_TEST(!o4.ok);
    BOOST_TEST(o4.offset == s.size());
}

BOOST_AUTO_TEST_CASE(long_runs_of_repeated_parts)
{
    using urns::syntax;
    struct row {
        std::string input;
        syntax syn;
        std::size_t offset; // of the error, or no_error
    };
    row const rows[] = {
        // A keyword of 8 million "-k" pairs.
        {huge("urn:ex:a?k", "-k", "=v"), syntax::rfc2141bis, no_error},
        // r-components full of "?" and "?+", q-components full of "?=".
        {huge("urn:ex:a?+r", "?+"), syntax::rfc8141, no_error},
        {huge("urn:ex:a?+r", "r?"), syntax::rfc8141, no_error},
        {huge("urn:ex:a?=q", "?="), syntax::rfc8141, no_error},
        {huge("urn:ex:a?+r", "?+", "?=q#f"), syntax::rfc8141, no_error},
        // Fragments and RFC 8141 NSSs of "/" and "?".
        {huge("urn:ex:a#", "?/"), syntax::rfc8141, no_error},
        {huge("urn:ex:a#", "?/"), syntax::rfc2141bis, no_error},
        {huge("urn:ex:a", "/"), syntax::rfc8141, no_error},
        // RFC 2141: "/", "?", "#" and ":" are NSS characters.
        {huge("urn:ex:a", "/?#:"), syntax::rfc2141, no_error},
        // Errors at the far end of a long valid run, and at its start.
        {huge("urn:ex:a", "a", " "), syntax::rfc2141bis, mib16},
        {huge("urn:ex:a?+r", "?+", "?="), syntax::rfc8141, mib16 + 3},
        // A NID of 16 MiB: wrong as a whole, reported at its first byte.
        {huge("urn:", "a"), syntax::rfc2141, 4},
        {huge("urn:ex:", "%"), syntax::rfc8141, 8},
        {huge("urn:ex:a?", "&"), syntax::rfc2141bis, 9},
        {huge("urn:ex:", "/"), syntax::rfc8141, 7},
        // "urn:urn:urn:...": NID "urn" is reserved in RFC 2141, not in RFC 8141.
        {huge("", "urn:"), syntax::rfc2141, 4},
        {huge("", "urn:"), syntax::rfc8141, no_error},
    };
    for (auto const& r : rows) {
        auto o = parse_small(r.input, r.syn);
        BOOST_TEST(o.ok == (r.offset == no_error), r.input.substr(0, 12) << "... [" << urns::to_string(r.syn) << "]");
        if (!o.ok)
            BOOST_TEST(o.offset == r.offset, r.input.substr(0, 12) << "... [" << urns::to_string(r.syn) << "]");
    }
}

BOOST_AUTO_TEST_CASE(error_rendering_of_a_huge_input_is_a_window)
{
    std::string const s = huge("urn:ex:", "a", " ");
    auto r = urns::parse_urn(s);
    BOOST_TEST_REQUIRE(!r);
    BOOST_TEST(r.error().offset == s.size() - 1);
    std::string const text = urns::to_string(r.error(), s);
    // Two short lines, whatever the input's size.
    BOOST_TEST(text.size() < 400u);
    BOOST_TEST(text.find("...") == 0u);
}

BOOST_AUTO_TEST_CASE(query_and_equivalence_of_a_million_directives)
{
    std::string a = "urn:ex:a?", b = "URN:EX:a?";
    for (int i = 0; i < 1'000'000; ++i) {
        a += (i ? "&k" : "k") + std::to_string(i) + "=%2f";
        b += (i ? "&k" : "k") + std::to_string(999'999 - i) + "=%2F";
    }
    std::size_t count = 0;
    bool eq_drop = false, eq_keep = false, hash_keep = false;
    std::size_t canonical_size = 0;
    on_small_stack([&] {
        auto va = urns::parse_urn(a).value();
        auto vb = urns::parse_urn(b).value();
        auto d = urns::directives(va).value();
        for (auto it = d.begin(); it != d.end(); ++it)
            ++count;
        using m = urns::equivalence_mode;
        eq_drop = urns::equivalent(va, vb, m::rfc2141bis_drop_query);
        eq_keep = urns::equivalent(va, vb, m::rfc2141bis_keep_query);
        hash_keep = urns::hash(va, m::rfc2141bis_keep_query) == urns::hash(vb, m::rfc2141bis_keep_query);
        canonical_size = urns::canonical(va, m::rfc2141bis_keep_query).size();
    });
    BOOST_TEST(count == 1'000'000u);
    BOOST_TEST(eq_drop);
    // The same directives in the opposite order, hex case changed.
    BOOST_TEST(eq_keep);
    BOOST_TEST(hash_keep);
    BOOST_TEST(canonical_size == a.size());
}

// Adversarial 16 MiB texts: the matches found, each at its place. The work
// is bounded by ctest's TIMEOUT: each takes a fraction of a second in one
// pass, while a scanner that went back over the text (quadratic in these
// texts: 2e14 steps) runs for hours and fails by the timeout;
// tools/bench.sh --scaling measures the time per byte from 1 to 16 MiB.
BOOST_AUTO_TEST_CASE(find_urns_in_huge_texts)
{
    struct row {
        std::string text;
        std::size_t matches;
        std::size_t step;   // bytes from one match to the next
    };
    row const rows[] = {
        // Two million URNs separated by spaces.
        {huge("", "urn:ex:a "), (mib16 + 8) / 9, 9},
        // "urn:urn:urn:...": one candidate whose walk takes the whole text
        // (":" and "u" go on an NSS), and no URN, the NID "urn" being
        // reserved in rfc2141bis (the default).
        {huge("", "urn:"), 0, 0},
        // One URN of 16 MiB.
        {huge("see urn:ex:", "a", "."), 1, 0},
        // 3.4 million candidates that fail at once: "urn:" followed by a
        // byte no NID has.
        {huge("", "urn:!"), 0, 0},
        // No "urn:" at all.
        {huge("", "x"), 0, 0},
    };
    for (auto const& r : rows) {
        std::size_t n = 0;
        bool placed = true;
        on_small_stack([&] {
            for (auto const& m : urns::find_urns(r.text)) {
                if (r.step)
                    placed = placed && m.offset == n * r.step && m.length == r.step - 1;
                ++n;
            }
        });
        BOOST_TEST(n == r.matches, r.text.substr(0, 12));
        BOOST_TEST(placed, r.text.substr(0, 12));
    }
}

BOOST_AUTO_TEST_CASE(check_of_a_huge_urn)
{
    // A million directives, a repeated keyword at the end, an experimental
    // NID (which is not also reported as unregistered): check is one pass
    // plus a hash table of the keywords.
    std::string s = "urn:X-ex:a?k0=v";
    for (int i = 1; i < 1'000'000; ++i)
        s += "&k" + std::to_string(i) + "=%2F";
    s += "&k7=v";
    std::vector<urns::diagnostic> d;
    on_small_stack([&] { d = urns::check(urns::parse_urn(s).value()); });
    BOOST_TEST_REQUIRE(d.size() == 2u);
    BOOST_TEST((d[0].code == urns::diagnostic_code::experimental_nid));
    BOOST_TEST(d[0].offset == 4u);
    BOOST_TEST((d[1].code == urns::diagnostic_code::repeated_keyword));
    BOOST_TEST(d[1].offset == s.size() - 4);
    BOOST_TEST(d[1].length == 4u);
}

BOOST_AUTO_TEST_CASE(namespace_rules_on_huge_nsss)
{
    // The built-in namespaces' X3 rules (grammar/nss/) repeat too: arcs,
    // colon-separated names, sub-namespaces, digits.
    urns::parse_options opts;
    opts.syntax = urns::syntax::rfc8141;
    opts.registry = &urns::nss::builtin();
    struct row {
        std::string input;
        std::size_t offset; // of the error, or no_error
    };
    row const rows[] = {
        {huge("urn:oid:1", ".3"), no_error},
        // the ".0" is a number; the "3" after it is where DOT or the end was
        // expected (the ABNF's farthest failure: tests nss_oid, abnf_diff)
        {huge("urn:oid:1", ".3", ".03"), mib16 + 3},
        {huge("urn:ietf:params:x", ":y"), no_error},
        {huge("urn:ietf:params:scim:schemas:x", ":y"), no_error},
        {huge("urn:nbn:de", ":a", "-1"), no_error},
        {huge("urn:ietf:rfc:", "1"), no_error},
        {huge("urn:ietf:rfc:", "1", "x"), mib16},
    };
    for (auto const& r : rows) {
        auto const o = parse_small(r.input, opts);
        BOOST_TEST(o.ok == (r.offset == no_error), r.input.substr(0, 20));
        if (!o.ok) {
            BOOST_TEST(o.offset == r.offset, r.input.substr(0, 20));
            BOOST_TEST((o.code == urns::error::nss_rejected));
        }
    }
}
