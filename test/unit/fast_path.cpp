// SPDX-License-Identifier: BSL-1.0
//
// The fast path of parse_urn (src/parse/scan.hpp) against the grammar
// alone (detail::parse_by_grammar): whenever the fast path answers, the
// grammar accepts the same input with the same offsets, in every syntax;
// over every vector of test/vectors/ and over generated inputs made to sit
// on the fast path's edges. And parse_urn, which takes the fast path first,
// answers exactly as the grammar does on all of them, errors included.
#define BOOST_TEST_MODULE fast_path
#include "edge_inputs.hpp"
#include "test_support.hpp"

#include "parse/scan.hpp"
#include "parse/grammar_entry.hpp"
#include "parse/view_access.hpp"

#include <urns/parse.hpp>

#include <random>
#include <string>
#include <vector>

namespace {

using urns::syntax;
constexpr syntax all_syntaxes[] = {syntax::rfc2141, syntax::rfc2141bis, syntax::rfc8141};

/// The block readings of a long NSS this processor has, besides the tables.
std::vector<urns::detail::fast::reading> const readings = urns_test::readings(false);

struct tally {
    std::size_t fast = 0;   // inputs the fast path answered
    std::size_t total = 0;
};

/// One input in one syntax: the fast path agrees with the grammar, and
/// parse_urn with the grammar.
void compare(std::string const& s, syntax syn, tally& t)
{
    ++t.total;
    auto const g = urns::detail::parse_by_grammar(s, syn);
    urns::detail::parts p;
    if (urns::detail::fast::simple_urn(s, syn, p)) {
        ++t.fast;
        BOOST_TEST_REQUIRE(g.has_value(), "fast path accepts what the grammar refuses: " << s << " in "
                                                                                        << urns::to_string(syn));
        BOOST_TEST_REQUIRE((p == urns::detail::view_access::parts_of(*g)),
                           "fast path offsets differ from the grammar's: " << s);
    }
    // scan places a fault where the fast path fails exactly where
    // locate_fault, which reads from the start, does.
    namespace fast = urns::detail::fast;
    fast::fault f, from_start;
    fast::outcome const o = fast::scan(s, syn, p, f, fast::reading::tables);
    bool const placed = o == fast::outcome::fault;
    BOOST_TEST_REQUIRE(placed == fast::locate_fault(s, syn, from_start), s);
    if (placed)
        BOOST_TEST_REQUIRE((f == from_start), s);
    // A long NSS read sixteen octets at a time (SSSE3), or sixty-four
    // and thirty-two (AVX2), as parse_urn reads it on this processor,
    // answers as the tables do.
    for (fast::reading const w : readings) {
        urns::detail::parts pw;
        fast::fault fw;
        fast::outcome const ow = fast::scan(s, syn, pw, fw, w);
        BOOST_TEST_REQUIRE((ow == o), "the block reading's outcome differs: " << s << " (reading "
                                                                               << static_cast<int>(w) << ")");
        if (o == fast::outcome::simple)
            BOOST_TEST_REQUIRE((pw == p), s);
        if (placed)
            BOOST_TEST_REQUIRE((fw == f), s);
    }
    auto const r = urns::parse_urn(s, syn);
    BOOST_TEST_REQUIRE(r.has_value() == g.has_value(), s);
    if (r) {
        BOOST_TEST_REQUIRE((urns::detail::view_access::parts_of(*r) == urns::detail::view_access::parts_of(*g)),
                           s);
    } else {
        BOOST_TEST_REQUIRE(r.error().code == g.error().code, s);
        BOOST_TEST_REQUIRE(r.error().offset == g.error().offset, s);
        BOOST_TEST_REQUIRE(std::string(r.error().expected) == std::string(g.error().expected), s);
        BOOST_TEST_REQUIRE((r.error() == g.error()), s);   // the alternatives and the syntax too
    }
}

/// compare() in every syntax.
void compare_all(std::string const& s, tally& t)
{
    for (syntax syn : all_syntaxes)
        compare(s, syn, t);
}

/// `s` with `what` written over it from `at`, cut back to its length.
std::string overwritten(std::string s, std::size_t at, std::string const& what)
{
    std::size_t const len = s.size();
    s.replace(at, what.size(), what);
    s.resize(len);
    return s;
}

} // namespace

BOOST_AUTO_TEST_CASE(every_vector)
{
    tally t;
    for (auto const& row : urns_test::read_tsv("test/vectors/spec.tsv"))
        if (row.size() > 1 && row[0] != "name")
            for (syntax syn : all_syntaxes)
                compare(urns_test::unescape(row[1]), syn, t);
    BOOST_TEST_MESSAGE("spec.tsv: the fast path answered " << t.fast << " of " << t.total);
    // The vectors hold URNs of the simple form, and many that are not.
    BOOST_TEST(t.fast > 0u);
    BOOST_TEST(t.fast < t.total);
}

BOOST_AUTO_TEST_CASE(generated_inputs)
{
    std::mt19937_64 rnd(8141);
    tally t;
    for (int i = 0; i < 300000; ++i) {
        std::string const s = urns_test::edge_input(rnd);
        for (syntax syn : all_syntaxes)
            compare(s, syn, t);
    }
    BOOST_TEST_MESSAGE("generated: the fast path answered " << t.fast << " of " << t.total);
    BOOST_TEST(t.fast > 10000u);  // enough of them answered by the fast path to mean something
}

BOOST_AUTO_TEST_CASE(its_edges)
{
    // Each of these is for the grammar to decide (the fast path says
    // nothing), whatever the grammar then says.
    for (char const* s : {"urn:a:b", "urn:urn:x", "urn:urn-1:x", "urn:URN-x:y", "urn:ab-:x", "urn:-ab:x",
                          "urn:ab:", "urn:ab:%", "urn:ab:a%4", "urn:ab:%g1", "urn:ab:%1g", "urn:ab:a%%41",
                          "urn:abcdefghijklmnopqrstuvwxyz0123456:x"}) {
        urns::detail::parts p;
        for (syntax syn : all_syntaxes)
            BOOST_TEST(!urns::detail::fast::simple_urn(s, syn, p), s);
    }
    // And these it answers, as the grammar does: a NID of 2 and of 32
    // octets, "urn" inside a NID, every pchar octet in the NSS, "%"
    // triplets in either case.
    for (char const* s : {"urn:ab:c", "URN:abcdefghijklmnopqrstuvwxyz012345:x", "urn:xurn:y", "urn:u-rn:y",
                          "urn:isbn:0-395-36341-1", "urn:ab:%41", "urn:ab:a%2fb%2F", "urn:ab:%7e%7E%C3%A9"}) {
        urns::detail::parts p;
        for (syntax syn : all_syntaxes)
            BOOST_TEST(urns::detail::fast::simple_urn(s, syn, p), s);
    }
    // Where the syntaxes differ. {input, answered in rfc2141, in rfc2141bis, in rfc8141}:
    // "%00" is refused by RFC 2141 and the draft (the grammar says why);
    // "/" is an NSS octet of RFC 2141 anywhere and of RFC 8141 after the
    // first; "?" and "#" are NSS octets of RFC 2141 only (elsewhere they
    // start a component, which the grammar reads).
    struct row {
        char const* input;
        bool answered[3];
    };
    for (row const& r : {row{"urn:ab:%00", {false, false, true}}, row{"urn:ab:a%00", {false, false, true}},
                         row{"urn:ab:a/b", {true, false, true}}, row{"urn:ab:/b", {true, false, false}},
                         row{"urn:ab:a/", {true, false, true}}, row{"urn:ab:a?b", {true, false, false}},
                         row{"urn:ab:a#b", {true, false, false}}, row{"urn:ab:?", {true, false, false}}}) {
        for (std::size_t i = 0; i < 3; ++i) {
            urns::detail::parts p;
            BOOST_TEST(urns::detail::fast::simple_urn(r.input, all_syntaxes[i], p) == r.answered[i],
                       r.input << " in " << urns::to_string(all_syntaxes[i]));
            tally t;
            compare(r.input, all_syntaxes[i], t);
        }
    }
    urns::detail::parts p;
    BOOST_TEST(urns::detail::fast::simple_urn("urn:ab:-._~!$&'()*+,;=:@", syntax::rfc8141, p));
    BOOST_TEST(!urns::detail::fast::simple_urn("urn:ab:x~", syntax::rfc2141, p));  // "~" is excluded in RFC 2141
    BOOST_TEST(!urns::detail::fast::simple_urn("urn:ab:x&", syntax::rfc2141, p));  // so is "&"
}

// The error path: parse_urn answers a fault of a kind it has learnt from
// the grammar (src/parse/learnt_errors.hpp, fault_errors) without the grammar. Inputs
// with one fault after prefixes other than the probes it learnt from (any
// case of "urn:", other NIDs, NSSs with "%" triplets and "/"), every
// octet at the fault, then tails other than the probes' and random ones:
// parse_urn's error equals the grammar's, field for field.
BOOST_AUTO_TEST_CASE(learnt_faults)
{
    std::string const nid32(32, 'n');
    std::string const prefixes[] = {"", "U", "uR", "URN", "Urn:", "urn:X", "urn:isbn", "urn:a-b-c", "urn:" + nid32,
                                    "urn:" + nid32 + "n", "urn:-", "urn:-x", "urn:ex:", "urn:ISBN:",
                                    "urn:ex:a%41b", "urn:x1:0-1/2", "urn:ab:%41", "urn:ab:z%", "urn:ab:%4",
                                    "urn:ab:a%0", "urn:ab:~", "urn:ab:(", "urn:ab:a:b@c"};
    std::vector<std::string> tails = {"",   "b",   "%",  "%2",  "%2F", "?+x", "?=y",   "#f",    ":",       "/x",
                                      " x", "\t",  "\x80", "%00", "-",   ":z",  "urn:x:y", "?", "#", std::string(40, 'a') + ":"};
    std::mt19937_64 rnd(2141);
    static std::string const octets = "aZ09-._~!$&'()*+,;=:@%/?#\"<> \x7f\x80\xff";
    for (int i = 0; i < 8; ++i) {
        std::string t;
        for (std::size_t k = 1 + rnd() % 12; k > 0; --k)
            t += octets[rnd() % octets.size()];
        tails.push_back(t);
    }
    tally t;
    std::size_t learnt[3] = {};
    for (std::string const& pre : prefixes)
        for (int o = -1; o < 256; ++o)
            for (std::string const& tail : tails) {
                if (o < 0 && !tail.empty())
                    continue;
                std::string const s = o < 0 ? pre : pre + static_cast<char>(o) + tail;
                for (std::size_t k = 0; k < 3; ++k) {
                    compare(s, all_syntaxes[k], t);
                    if (auto e = urns::detail::learnt_fault(s, all_syntaxes[k])) {
                        ++learnt[k];
                        auto const g = urns::detail::parse_by_grammar(s, all_syntaxes[k]);
                        BOOST_TEST_REQUIRE((!g && g.error() == *e), s);
                    }
                }
            }
    BOOST_TEST_MESSAGE("learnt faults answered " << learnt[0] << ", " << learnt[1] << ", " << learnt[2] << " of "
                                                 << t.total / 3);
    // Most of these inputs have a fault the table knows.
    for (std::size_t n : learnt)
        BOOST_TEST(n > t.total / 3 / 2);
}

BOOST_AUTO_TEST_CASE(learnt_faults_named)
{
    // The commonest faults, in every syntax: a scheme that is not "urn:",
    // a NID octet, an empty, long or hyphen-led NID, a missing ":" or NSS,
    // an octet no NSS takes, a "%" not followed by two hex digits.
    for (char const* s : {"http://example.com/", "urx:isbn:1", "urn", "urn-isbn:1", "urn::c", "urn:a_b:c",
                          "urn:-ab:c", "urn:isbn", "urn:isbn:", "urn:ex:a b", "urn:ex:a<b>", "urn:ex:\xc3\xa9",
                          "urn:ex:a%", "urn:ex:a%4", "urn:ex:a%G1", "urn:ex:100%25%",
                          "urn:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa:x"})
        for (syntax syn : all_syntaxes) {
            auto const e = urns::detail::learnt_fault(s, syn);
            BOOST_TEST_REQUIRE(e.has_value(), s << " in " << urns::to_string(syn));
            auto const g = urns::detail::parse_by_grammar(s, syn);
            BOOST_TEST_REQUIRE((!g && g.error() == *e), s);
        }
    // Left to the grammar: valid inputs, components, the NIDs that start
    // "urn", NIDs the syntaxes judge differently.
    for (char const* s : {"urn:ex:a", "urn:ex:a?+r", "urn:ex:a#f", "urn:urn:x", "urn:urn-1:x", "urn:a:b", "urn:ab-:x"})
        for (syntax syn : {syntax::rfc2141bis, syntax::rfc8141})
            BOOST_TEST(!urns::detail::learnt_fault(s, syn), s << " in " << urns::to_string(syn));
    // "%00": refused by RFC 2141 and the draft, at the "%".
    for (syntax syn : {syntax::rfc2141, syntax::rfc2141bis}) {
        auto const e = urns::detail::learnt_fault("urn:ex:ab%00", syn);
        BOOST_TEST_REQUIRE(e.has_value());
        BOOST_TEST(e->offset == 9u);
        BOOST_TEST(e->code == urns::make_error_code(urns::error::nul_octet));
    }
}

// A long NSS's "%"s are found sixteen octets at a time (by triplets(),
// and by the SSSE3 reading), or sixty-four and thirty-two (the AVX2
// reading), the block readings carrying a triplet's digits and a "%0"
// from one block to the next: triplets whole, cut short, not hex, "%00" or next to another, at
// every place of NSSs of 9 to 72 octets and of 124 to 136 (the AVX2
// reading's two blocks of sixty-four), against the grammar.
BOOST_AUTO_TEST_CASE(long_nss_triplets)
{
    tally t;
    for (std::size_t len = 9; len <= 136; len += len == 72 ? 52 : 1)
        for (std::size_t at = 0; at + 1 <= len; ++at)
            for (char const* triplet :
                 {"%41", "%4", "%", "%g1", "%00", "%%41", "%41%42", "%4%41", "%0%00", "%300", "%3000", "%0"})
                compare_all("urn:ex:" + overwritten(std::string(len, 'a'), at, triplet), t);
    BOOST_TEST(t.fast > 0u);
}

// Every octet at every place of NIDs of 2 to 34 octets, with NSSs short
// and long: the fast path's answers, and parse_urn's, are the grammar's.
BOOST_AUTO_TEST_CASE(nid_every_octet)
{
    tally t;
    for (std::size_t len = 2; len <= 34; len += 1)
        for (std::size_t at = 0; at < len; ++at)
            for (unsigned o = 0; o < 256; o += (o < 128 ? 1 : 37))
                for (char const* nss : {"x", "0451450523", "abcdefghijklmnopqrstuvwxyz"})
                    compare_all("urn:" + overwritten(std::string(len, 'k'), at, std::string(1, static_cast<char>(o))) +
                                    ":" + nss,
                                t);
    BOOST_TEST(t.fast > 0u);
}

// A fault after a long stretch the fast path read without one, and after
// a good or a bad "%" triplet: the reader of the fault starts where the
// NSS's reader (eight, sixteen or thirty-two octets at a time) stopped,
// and must still find the first fault. NSSs of 9 to 72 octets, a first
// defect at every place and a second at every place after it.
BOOST_AUTO_TEST_CASE(late_faults)
{
    tally t;
    static char const* const defects[] = {"%41", "%4", "%", "%g1", "%00", " ", "<", "\x80", "%%"};
    for (std::size_t len = 9; len <= 72; len += (len < 40 ? 1 : 3))
        for (std::size_t a = 0; a < len; a += (a < 20 ? 1 : 2))
            for (std::string const first : defects)
                for (std::size_t b = a + first.size(); b < len; b += 3)
                    for (char const* second : {" ", "%4", "%00", "%zz", "%41"})
                        compare_all("urn:ex:" + overwritten(overwritten(std::string(len, 'a'), a, first), b, second),
                                    t);
    BOOST_TEST(t.fast > 0u);
}

// NIDs of 30 to 72 octets, past the 32 the syntaxes allow, with a bad
// octet, a ":" or the end at every place: the NID's fault is read on from
// where the fast path's NID reading stopped.
BOOST_AUTO_TEST_CASE(long_nid)
{
    tally t;
    for (std::size_t len = 30; len <= 72; ++len)
        for (std::size_t at = 0; at <= len; ++at)
            for (char const* tail : {":", ":x", ":x%4", "_:x", " ", "", "-:x", "a"})
                compare_all("urn:" + std::string(at, 'n') + tail + std::string(len - at, '1'), t);
    BOOST_TEST(t.fast > 0u);   // NIDs of up to 32 octets before ":x"
}
