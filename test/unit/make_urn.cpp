// SPDX-License-Identifier: BSL-1.0
// Tests of include/urns/make_urn.hpp: the builder validates the NID,
// encodes the identifier, and its result always parses.
#define BOOST_TEST_MODULE make_urn
#include "test_support.hpp"

#include <urns/make_urn.hpp>
#include <urns/query.hpp>
#include <urns/parse.hpp>
#include <urns/pct.hpp>

#include <boost/test/unit_test.hpp>

#include <random>
#include <string>

using urns::error;
using urns::make_urn;
using urns::syntax;

namespace {

constexpr syntax all_syntaxes[] = {syntax::rfc2141, syntax::rfc2141bis, syntax::rfc8141};

std::string built(std::string_view nid, std::string_view id, syntax syn = syntax::rfc2141bis,
                  std::string_view extra = {})
{
    auto r = make_urn(nid, id, syn, extra);
    BOOST_REQUIRE_MESSAGE(r.has_value(), std::string(nid) + " / " + std::string(id));
    return r->str();
}

void fails(std::string_view nid, std::string_view id, syntax syn, error code, std::size_t offset,
           std::string_view expected)
{
    auto r = make_urn(nid, id, syn);
    std::string const what = std::string(urns::to_string(syn)) + " " + std::string(nid) + ":" + std::string(id);
    BOOST_REQUIRE_MESSAGE(!r, what);
    BOOST_TEST(r.error().code == urns::make_error_code(code), what);
    BOOST_TEST(r.error().offset == offset, what);
    BOOST_TEST(r.error().expected == expected, what);
    BOOST_TEST((r.error().syntax == syn), what);
}

} // namespace

BOOST_AUTO_TEST_CASE(spec_examples)
{
    for (syntax syn : all_syntaxes) {
        // RFC 2141 section 6 / draft-03 section 5.1 examples 2 and 5 (","
        // reserved by the namespace for example 5).
        BOOST_TEST(built("foo", "a123,456", syn) == "urn:foo:a123,456");
        BOOST_TEST(built("foo", "a123,456", syn, ",") == "urn:foo:a123%2C456");
        // The NID is kept as given (case too): RFC 2141 section 6 example 3.
        BOOST_TEST(built("FOO", "a123,456", syn) == "urn:FOO:a123,456");
        // RFC 8141 section 3.2 sixth example, from the Cyrillic text.
        BOOST_TEST(built("example", "\xD0\xB0" "123,z456", syn) == "urn:example:%D0%B0123,z456");
        // draft-03 section 2.3.2: a URN:ISBN.
        BOOST_TEST(built("ISBN", "0451450523", syn) == "urn:ISBN:0451450523");
    }
    // RFC 8141 section 2.2 example: "/" is literal only under RFC 8141.
    BOOST_TEST(built("example", "1/406/47452/2", syntax::rfc8141) == "urn:example:1/406/47452/2");
    BOOST_TEST(built("example", "1/406/47452/2", syntax::rfc2141bis) == "urn:example:1%2F406%2F47452%2F2");
    BOOST_TEST(built("example", "1/406/47452/2", syntax::rfc2141) == "urn:example:1%2F406%2F47452%2F2");
    BOOST_TEST(built("example", "/x", syntax::rfc8141) == "urn:example:%2Fx");
    // A query or fragment cannot be smuggled in through the identifier.
    for (syntax syn : all_syntaxes) {
        auto u = make_urn("example", "a?s=I2L#f", syn).value();
        BOOST_TEST(u.nss() == "a%3Fs=I2L%23f");
        BOOST_TEST(!u.has_query());
        BOOST_TEST(!u.has_fragment());
        BOOST_TEST(!u.has_r_component());
    }
    auto u = make_urn("example", "a?+r", syntax::rfc8141).value();
    BOOST_TEST(u.nss() == "a%3F+r");
    BOOST_TEST((u.syntax() == syntax::rfc8141));
}

BOOST_AUTO_TEST_CASE(nid_rules)
{
    // RFC 2141 section 2.1: NID = let-num [ 1,31<let-num-hyp> ]: one
    // letter and a trailing hyphen are allowed, 32 characters at most.
    BOOST_TEST(built("a", "x", syntax::rfc2141) == "urn:a:x");
    BOOST_TEST(built("a-", "x", syntax::rfc2141) == "urn:a-:x");
    // Faults are the grammar's, at the offsets parse_urn gives for the
    // same NID in a URN, less 4: a NID wrong as a whole (too long, too
    // short, a leading or trailing hyphen) at its first byte, a byte no
    // NID may hold at that byte.
    std::string const n32(32, 'n'), n33(33, 'n');
    for (syntax syn : all_syntaxes) {
        BOOST_TEST(built(n32, "x", syn) == "urn:" + n32 + ":x");
        fails(n33, "x", syn, error::bad_nid, 0, "NID");
        fails("", "x", syn, error::bad_nid, 0, "NID");
        fails("-a", "x", syn, error::bad_nid, 0, "NID");
        fails("a_b", "x", syn, error::bad_nid, 1, "NID");
        // would move the NSS; "a" is a whole NID only in RFC 2141
        fails("a:b", "x", syn, error::bad_nid, syn == syntax::rfc2141 ? 1 : 0, "NID");
        fails("a.b", "x", syn, error::bad_nid, 1, "NID");   // RFC 2141: "." not allowed
        fails("\xC3\xA4x", "x", syn, error::bad_nid, 0, "NID");
        BOOST_TEST(built("a-b", "x", syn) == "urn:a-b:x");
        BOOST_TEST(built("a--b", "x", syn) == "urn:a--b:x");
    }
    // draft-03 section 2.1 / RFC 8141: 2 to 32, no leading/trailing hyphen.
    for (syntax syn : {syntax::rfc2141bis, syntax::rfc8141}) {
        fails("a", "x", syn, error::bad_nid, 0, "NID");
        fails("a-", "x", syn, error::bad_nid, 0, "NID");
        BOOST_TEST(built("ab", "x", syn) == "urn:ab:x");
    }
    // The reserved NID "urn": RFC 2141 section 2.1, draft-03 section 2.1.
    for (syntax syn : {syntax::rfc2141, syntax::rfc2141bis}) {
        fails("urn", "x", syn, error::reserved_nid, 0, "NID");
        fails("URN", "x", syn, error::reserved_nid, 0, "NID");
        BOOST_TEST(built("urn-1", "x", syn) == "urn:urn-1:x");
        BOOST_TEST(built("urn-x", "x", syn) == "urn:urn-x:x");
    }
    // RFC 8141: "urn" allowed; "urn-" must be informal urn-<number> (5.2).
    BOOST_TEST(built("urn", "x", syntax::rfc8141) == "urn:urn:x");
    BOOST_TEST(built("urn-7", "x", syntax::rfc8141) == "urn:urn-7:x");
    BOOST_TEST(built("URN-10", "x", syntax::rfc8141) == "urn:URN-10:x");
    for (char const* nid : {"urn-0", "urn-01", "urn-x", "urn-1a", "Urn-s"})
        fails(nid, "x", syntax::rfc8141, error::reserved_nid, 0, "InformalNamespaceName");
}

BOOST_AUTO_TEST_CASE(identifier_errors)
{
    for (syntax syn : all_syntaxes)
        fails("ex", "", syn, error::bad_identifier, 0, "NSS");
    std::string const nul("a\0b", 3);
    for (syntax syn : all_syntaxes)
        fails("ex", nul, syn, error::nul_octet, 1, "NSS");
    // NID errors come first.
    fails("", "", syntax::rfc2141bis, error::bad_nid, 0, "NID");
}

namespace {

/// A second encoder, written from the grammars' texts for this test (not
/// pct::encode, which make_urn calls): octets of the NSS repertoire are
/// copied, every other octet becomes "%" and two upper-case hex digits.
/// RFC 2141: <trans> without its <reserved> ("%" "/" "?" "#"), which
/// section 2.3 says to encode; draft-03: pchar (RFC 3986); RFC 8141:
/// NSS = pchar *(pchar / "/"), so "/" is literal after the first octet.
std::string naive_encode(std::string const& id, syntax syn)
{
    std::string const alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    std::string const rfc2141_other = "()+,-.:=@;$_!*'";
    std::string const pchar_more = "-._~!$&'()*+,;=:@";   // unreserved, sub-delims, ":" "@"
    std::string const literal = alnum + (syn == syntax::rfc2141 ? rfc2141_other : pchar_more);
    char const* const hex = "0123456789ABCDEF";
    std::string out;
    for (std::size_t i = 0; i < id.size(); ++i) {
        char const c = id[i];
        bool const slash_ok = syn == syntax::rfc8141 && c == '/' && i > 0;
        if (literal.find(c) != std::string::npos || slash_ok) {
            out += c;
        } else {
            unsigned char const u = static_cast<unsigned char>(c);
            out += '%';
            out += hex[u >> 4];
            out += hex[u & 15];
        }
    }
    return out;
}

} // namespace

BOOST_AUTO_TEST_CASE(naive_encoder_by_hand)
{
    // The second encoder itself, on the header's examples.
    BOOST_TEST(naive_encode("a b/c~d", syntax::rfc2141) == "a%20b%2Fc%7Ed");
    BOOST_TEST(naive_encode("Stra\xC3\x9F" "e 1/2", syntax::rfc2141bis) == "Stra%C3%9Fe%201%2F2");
    BOOST_TEST(naive_encode("/a/b?", syntax::rfc8141) == "%2Fa/b%3F");
}

BOOST_AUTO_TEST_CASE(property_always_parses)
{
    // For generated NIDs and identifiers: the result parses under the
    // syntax, with nid() as given and nss() the test's own encoding of the
    // identifier; it decodes back to the identifier.
    std::mt19937 g(1997);
    std::string const ldh = "abcXYZ019-";
    std::uniform_int_distribution<std::size_t> nid_len(1, 34), pick(0, ldh.size() - 1), id_len(1, 20);
    std::uniform_int_distribution<int> byte(0, 255);
    int ok = 0, refused = 0;
    for (int n = 0; n < 20000; ++n) {
        std::string nid(nid_len(g), 'a');
        for (char& c : nid)
            c = ldh[pick(g)];
        std::string id(id_len(g), ' ');
        for (char& c : id)
            c = static_cast<char>(byte(g));
        for (syntax syn : all_syntaxes) {
            auto r = make_urn(nid, id, syn);
            // The builder agrees with the parser on the NID: it refuses
            // exactly the NIDs the parser refuses.
            bool const nid_ok = urns::parse_urn("urn:" + nid + ":x", syn).has_value();
            bool const nul = id.find('\0') != std::string::npos;   // refused in every syntax
            BOOST_TEST(r.has_value() == (nid_ok && !nul), nid);
            if (!r) {
                ++refused;
                continue;
            }
            ++ok;
            auto p = urns::parse_urn(r->buffer(), syn);
            BOOST_REQUIRE(p.has_value());
            BOOST_TEST(p->nid() == nid);
            BOOST_TEST(r->nss() == naive_encode(id, syn));
            BOOST_TEST(urns::pct::decode(r->nss()).value() == id);
        }
    }
    BOOST_TEST(ok > 10000);
    BOOST_TEST(refused > 1000);
}

BOOST_AUTO_TEST_CASE(large_identifier)
{
    std::string const id(std::size_t(16) << 20, '~');
    auto r2141 = make_urn("ex", id, syntax::rfc2141).value();
    BOOST_TEST(r2141.nss().size() == 3 * id.size());
    auto rbis = make_urn("ex", id, syntax::rfc2141bis).value();
    BOOST_TEST(rbis.nss().size() == id.size());
}

// The example in the doc comment of include/urns/make_urn.hpp.
BOOST_AUTO_TEST_CASE(header_example)
{
    urns::urn u = urns::make_urn("example", "Stra\xC3\x9F" "e 1/2").value();
    BOOST_TEST(u.buffer() == "urn:example:Stra%C3%9Fe%201%2F2");
    auto u8141 = urns::make_urn("example", "a/b?", urns::syntax::rfc8141).value();
    BOOST_TEST(u8141.nss() == "a/b%3F");
    BOOST_TEST(!urns::make_urn("urn", "x"));
}

// Every URN of test/vectors/spec.tsv that is valid in a syntax: its NSS
// passes pct::validate, decodes, shows losslessly, and rebuilding it with
// make_urn from its NID and decoded NSS gives a URN of the same syntax;
// where the NSS is already canonical (only needed triplets, upper-case
// hex), the rebuilt NSS is the same string. Its draft-03 query, if any,
// iterates back to itself.
BOOST_AUTO_TEST_CASE(spec_vectors)
{
    auto const rows = urns_test::read_tsv("test/vectors/spec.tsv");
    BOOST_REQUIRE(rows.size() > 100);
    int valid = 0, canonical = 0, queries = 0;
    for (std::size_t r = 1; r < rows.size(); ++r) {
        std::string const input = urns_test::unescape(rows[r][1]);
        for (syntax syn : all_syntaxes) {
            auto v = urns::parse_urn(input, syn);
            if (!v)
                continue;
            ++valid;
            std::string_view const nss = v->nss();
            BOOST_TEST(urns::pct::validate(nss, syn).has_value(), input);
            std::string const raw = urns::pct::decode(nss).value();
            std::string shown;
            BOOST_TEST(urns::pct::display(nss, syn, shown).has_value(), input);
            BOOST_TEST(urns::pct::decode(shown).value() == raw, input);
            auto made = make_urn(v->nid(), raw, syn);
            if (raw.find('\0') != std::string::npos) {
                // "%00" parses under RFC 8141 only; the builder refuses NUL.
                BOOST_TEST((syn == syntax::rfc8141), input);
                BOOST_TEST((!made && made.error().code == urns::make_error_code(urns::error::nul_octet)), input);
                continue;
            }
            BOOST_REQUIRE_MESSAGE(made.has_value(), input);
            BOOST_TEST(urns::pct::decode(made->nss()).value() == raw, input);
            if (naive_encode(raw, syn) == nss) {
                ++canonical;
                BOOST_TEST(made->nss() == nss, input);
            }
            if (v->has_query()) {
                ++queries;
                std::string joined;
                for (urns::directive const& d : urns::directives(*v).value())
                    joined += (joined.empty() ? "" : "&") + std::string(d.keyword) + "=" + std::string(d.value);
                BOOST_TEST(joined == v->query(), input);
            }
        }
    }
    BOOST_TEST_MESSAGE("spec.tsv: " << valid << " valid (row, syntax) pairs, " << canonical
                                    << " with a canonical NSS, " << queries << " with a query");
    BOOST_TEST(valid > 150);
    BOOST_TEST(canonical > 100);
    BOOST_TEST(queries > 3);
}
