// SPDX-License-Identifier: BSL-1.0
// The "uuid" namespace (grammar/nss/uuid.abnf, RFC 9562): the document's
// example, near misses with the expected rule and offset, the 16 bytes,
// and the case fold.
#define BOOST_TEST_MODULE nss_uuid
#include <boost/test/unit_test.hpp>

#include <urns/nss/builtin.hpp>
#include <urns/parse.hpp>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace {

/// The RFC 9562 section 4 example (also RFC 4122 section 3's URN example).
constexpr char const* rfc_example = "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6";

urns::result<urns::urn_view> parse(std::string const& s, urns::syntax syn = urns::syntax::rfc2141bis)
{
    static std::string keep;
    keep = s;
    urns::parse_options o;
    o.syntax = syn;
    o.registry = &urns::nss::builtin();
    return urns::parse_urn(keep, o);
}

void check_fault(std::string const& s, std::size_t offset, std::string const& expected)
{
    BOOST_TEST_CONTEXT(s)
    {
        for (auto syn : {urns::syntax::rfc2141, urns::syntax::rfc2141bis, urns::syntax::rfc8141}) {
            // The generic syntax accepts it; only the namespace rule rejects it.
            BOOST_TEST(urns::parse_urn(s, syn).has_value());
            auto r = parse(s, syn);
            BOOST_TEST_REQUIRE(!r.has_value());
            BOOST_TEST(r.error().code == urns::make_error_code(urns::error::nss_rejected));
            BOOST_TEST(r.error().offset == offset);
            BOOST_TEST(r.error().expected == expected);
            BOOST_TEST((r.error().syntax == syn));
        }
    }
}

} // namespace

BOOST_AUTO_TEST_CASE(rfc_example_is_valid)
{
    for (auto syn : {urns::syntax::rfc2141, urns::syntax::rfc2141bis, urns::syntax::rfc8141}) {
        auto r = parse(rfc_example, syn);
        BOOST_TEST_REQUIRE(r.has_value());
        BOOST_TEST(r->nss() == "f81d4fae-7dec-11d0-a765-00a0c91e6bf6");
    }
    // Section 4: upper, lower or mixed case; the NID in any case.
    BOOST_TEST(parse("urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6").has_value());
    BOOST_TEST(parse("URN:UUID:f81D4fAE-7dec-11D0-a765-00A0C91e6Bf6").has_value());
    // The nil and max UUIDs (RFC 9562 sections 5.9 and 5.10).
    BOOST_TEST(parse("urn:uuid:00000000-0000-0000-0000-000000000000").has_value());
    BOOST_TEST(parse("urn:uuid:FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF").has_value());
}

BOOST_AUTO_TEST_CASE(rule_uuid)
{
    // UUID = 4hexOctet "-" 2hexOctet "-" 2hexOctet "-" 2hexOctet "-" 6hexOctet
    // "urn:uuid:" is 9 bytes, so NSS offset k is input offset 9 + k.
    check_fault("urn:uuid:f81d4fae7dec-11d0-a765-00a0c91e6bf6", 9 + 8, "\"-\"");      // hyphen missing
    check_fault("urn:uuid:f81d4fae-7dec-11d0-a765_00a0c91e6bf6", 9 + 23, "\"-\"");    // "_" for "-"
    check_fault("urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6a", 9 + 36, "UUID");    // 33 digits
    check_fault("urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6-", 9 + 36, "UUID");
    check_fault("urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6b", 9 + 34, "hexOctet");   // 30 digits
    check_fault("urn:uuid:f81d4fae-7dec-11d0-a765", 9 + 23, "\"-\"");                 // no node
    check_fault("urn:uuid:f81d4fae7dec11d0a76500a0c91e6bf6", 9 + 8, "\"-\"");         // no hyphens
    check_fault("urn:uuid:f81d-4fae-7dec-11d0-a765-00a0c91e6bf6", 9 + 4, "hexOctet"); // 8-4 misplaced
}

BOOST_AUTO_TEST_CASE(rule_hexoctet)
{
    // hexOctet = HEXDIG HEXDIG
    check_fault("urn:uuid:g81d4fae-7dec-11d0-a765-00a0c91e6bf6", 9 + 0, "hexOctet");
    check_fault("urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf", 9 + 35, "HEXDIG");    // odd digit count
    check_fault("urn:uuid:f81d4fae-7dec-11d0-a76-500a0c91e6bf6", 9 + 22, "HEXDIG");   // 3-digit group
    check_fault("urn:uuid:%66%38-7dec-11d0-a765-00a0c91e6bf6", 9 + 0, "hexOctet");    // encoded hex is not hex
}

BOOST_AUTO_TEST_CASE(validate_directly)
{
    BOOST_TEST(urns::nss::uuid::validate("f81d4fae-7dec-11d0-a765-00a0c91e6bf6").has_value());
    auto const f = urns::nss::uuid::validate("");
    BOOST_TEST_REQUIRE(!f);
    BOOST_TEST(f.error().offset == 0u);
    BOOST_TEST(f.error().expected == "hexOctet");
}

BOOST_AUTO_TEST_CASE(bytes_accessor)
{
    // RFC 9562 section 4: f81d4fae-7dec-11d0-a765-00a0c91e6bf6, most significant byte first.
    auto const b = urns::nss::uuid::bytes("f81d4fae-7dec-11d0-a765-00a0c91e6bf6");
    BOOST_TEST_REQUIRE(b.has_value());
    unsigned char const expected[16] = {0xf8, 0x1d, 0x4f, 0xae, 0x7d, 0xec, 0x11, 0xd0,
                                        0xa7, 0x65, 0x00, 0xa0, 0xc9, 0x1e, 0x6b, 0xf6};
    BOOST_TEST(std::equal(b->begin(), b->end(), expected));
    auto const upper = urns::nss::uuid::bytes("F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6");
    BOOST_TEST_REQUIRE(upper.has_value());
    BOOST_TEST(*upper == *b);
    BOOST_TEST(!urns::nss::uuid::bytes("f81d4fae-7dec-11d0-a765-00a0c91e6bf"));
    // The example is a version 1 (time-based) UUID: "11d0" (RFC 9562 section 5.1).
    BOOST_TEST(urns::nss::uuid::version("f81d4fae-7dec-11d0-a765-00a0c91e6bf6").value_or(0) == 1u);
    BOOST_TEST(!urns::nss::uuid::version("not a uuid"));
}

BOOST_AUTO_TEST_CASE(equivalence_folds_hex_case)
{
    auto const& reg = urns::nss::builtin();
    BOOST_TEST(urns::nss::equivalent_nss(reg, "uuid", "F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6",
                                         "f81d4fae-7dec-11d0-a765-00a0c91e6bf6"));
    BOOST_TEST(urns::nss::equivalent_nss(reg, "UUID", "f81D4fae-7dec-11d0-a765-00a0c91e6bf6",
                                         "F81d4fae-7dec-11d0-a765-00a0c91e6bf6"));
    BOOST_TEST(!urns::nss::equivalent_nss(reg, "uuid", "f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
                                          "f81d4fae-7dec-11d0-a765-00a0c91e6bf7"));
    // Not a UUID: no fold beyond the generic one.
    BOOST_TEST(!urns::nss::equivalent_nss(reg, "uuid", "ABC", "abc"));
    std::string out;
    urns::nss::append_canonical_nss(reg, "uuid", "F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6", out);
    BOOST_TEST(out == "f81d4fae-7dec-11d0-a765-00a0c91e6bf6");
}

BOOST_AUTO_TEST_CASE(named_fields)
{
    // RFC 4122 section 3's example, f81d4fae-7dec-11d0-a765-00a0c91e6bf6,
    // read by its ABNF: time-low "-" time-mid "-" time-high-and-version "-"
    // clock-seq-and-reserved clock-seq-low "-" node.
    std::string_view const nss = "f81d4fae-7dec-11d0-a765-00a0c91e6bf6";
    urns::nss::namespace_rules const* r = urns::nss::builtin().find("uuid");
    BOOST_TEST_REQUIRE(r != nullptr);
    std::vector<urns::nss::nss_field> const f = r->fields_of(nss);
    std::vector<std::pair<std::string_view, std::string_view>> got;
    for (auto const& x : f)
        got.emplace_back(x.name, nss.substr(x.begin, x.end - x.begin));
    std::vector<std::pair<std::string_view, std::string_view>> const want{
        {"time-low", "f81d4fae"},          {"time-mid", "7dec"},     {"time-high-and-version", "11d0"},
        {"clock-seq-and-reserved", "a7"}, {"clock-seq-low", "65"}, {"node", "00a0c91e6bf6"}};
    BOOST_TEST((got == want));
    BOOST_TEST(r->fields_of("f81d4fae-7dec-11d0-a765-00a0c91e6bfX").empty());  // invalid: no fields
}
