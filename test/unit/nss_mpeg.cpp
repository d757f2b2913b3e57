// SPDX-License-Identifier: BSL-1.0
// The "mpeg" namespace (grammar/nss/mpeg.abnf; RFC 3614): the four URNs of
// the RFC's section 3, their fields as section 2 names them, near misses
// with rule and offset, and the fold of section 2 (standard name
// case-insensitive, the remainder case-sensitive).
#define BOOST_TEST_MODULE nss_mpeg
#include "nss_test.hpp"

#include <urns/nss/mpeg.hpp>

using urns_test::check_fault;
using urns_test::check_fields;
using urns_test::check_valid;
namespace mpeg = urns::nss::mpeg;

BOOST_AUTO_TEST_CASE(rfc_examples)
{
    // RFC 3614 section 3, in order.
    for (char const* u : {"urn:mpeg:mpeg7:schema:2001", "urn:mpeg:mpeg7:cs:VideoDomainCS:2001",
                          "urn:mpeg:mpeg7:cs:GenreCS:2001", "urn:mpeg:mpeg7:cs:ContentCS:2001"})
        check_valid(u);
}

BOOST_AUTO_TEST_CASE(fields)
{
    // urn:mpeg:{standard name}:{assigned US-ASCII string} (section 2).
    auto const schema = mpeg::parse("mpeg7:schema:2001");
    BOOST_TEST_REQUIRE(schema.has_value());
    BOOST_TEST(schema->standard == "mpeg7");
    BOOST_TEST(schema->assigned == "schema:2001");
    auto const video = mpeg::parse("mpeg7:cs:VideoDomainCS:2001");
    BOOST_TEST_REQUIRE(video.has_value());
    BOOST_TEST(video->standard == "mpeg7");
    BOOST_TEST(video->assigned == "cs:VideoDomainCS:2001");
    auto const genre = mpeg::parse("mpeg7:cs:GenreCS:2001");
    BOOST_TEST_REQUIRE(genre.has_value());
    BOOST_TEST(genre->assigned == "cs:GenreCS:2001");
    auto const content = mpeg::parse("mpeg7:cs:ContentCS:2001");
    BOOST_TEST_REQUIRE(content.has_value());
    BOOST_TEST(content->assigned == "cs:ContentCS:2001");
    BOOST_TEST(!mpeg::parse("mpeg7"));
}

BOOST_AUTO_TEST_CASE(rule_mpeg_nss)
{
    // "urn:mpeg:" is 9 bytes.
    check_fault("urn:mpeg:mpeg7", 9 + 5, "\":\"");
    check_fault("urn:mpeg::schema:2001", 9 + 0, "standard-name");
    check_fault("urn:mpeg:mpeg21:", 9 + 7, "assigned-string");
}

BOOST_AUTO_TEST_CASE(fold_standard_name_only)
{
    // Section 2: "The "standard name" is case-insensitive. [...] The
    // remainder of the identifier must be considered case-sensitive."
    auto const& reg = urns::nss::builtin();
    BOOST_TEST(reg.find("mpeg")->fold != nullptr);
    BOOST_TEST(urns::nss::equivalent_nss(reg, "mpeg", "MPEG7:schema:2001", "mpeg7:schema:2001"));
    BOOST_TEST(urns::nss::equivalent_nss(reg, "MPEG", "Mpeg7:cs:GenreCS:2001", "mPEG7:cs:GenreCS:2001"));
    BOOST_TEST(!urns::nss::equivalent_nss(reg, "mpeg", "mpeg7:Schema:2001", "mpeg7:schema:2001"));
    BOOST_TEST(!urns::nss::equivalent_nss(reg, "mpeg", "mpeg7:cs:genrecs:2001", "mpeg7:cs:GenreCS:2001"));
    // Invalid: the generic rule only.
    BOOST_TEST(!urns::nss::equivalent_nss(reg, "mpeg", "MPEG7", "mpeg7"));
}

BOOST_AUTO_TEST_CASE(named_fields)
{
    // Section 3's examples read by section 2's ABNF:
    // mpeg-NSS = standard-name ":" assigned-string.
    check_fields("mpeg", "mpeg7:schema:2001", {{"standard-name", 0, 5}, {"assigned-string", 6, 17}});
    check_fields("mpeg", "mpeg7:cs:VideoDomainCS:2001", {{"standard-name", 0, 5}, {"assigned-string", 6, 27}});
    check_fields("mpeg", "mpeg7:cs:GenreCS:2001", {{"standard-name", 0, 5}, {"assigned-string", 6, 21}});
    check_fields("mpeg", "mpeg7", {});   // rejected: no fields
}
