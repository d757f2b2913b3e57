// SPDX-License-Identifier: BSL-1.0
// The "example" namespace (grammar/nss/example.abnf, RFC 6963): its rule
// NSS = 1*OCTET restricts nothing, so with the built-in registry a URN of
// the namespace is valid exactly when the generic syntax accepts it, and a
// rejection is always the generic grammar's, never nss_rejected. The
// examples are RFC 8141's (test/vectors/spec.tsv rows i_/y_rfc8141_*).
#define BOOST_TEST_MODULE nss_example
#include "nss_test.hpp"

#include <urns/nss/example.hpp>

#include <string>

using urns::syntax;
using urns_test::all_syntaxes;
using urns_test::check_valid;
using urns_test::parse_ns;

BOOST_AUTO_TEST_CASE(registered)
{
    auto const* rules = urns::nss::builtin().find("EXAMPLE");
    BOOST_TEST_REQUIRE(rules != nullptr);
    BOOST_TEST(rules->nid == "example");
    BOOST_TEST(rules->validate == &urns::nss::example::validate);
    BOOST_TEST(rules->fold == nullptr); // RFC 6963 adds no lexical equivalence
    BOOST_TEST(rules->reference == "RFC 6963 (BCP 183)");
}

// RFC 8141 section 3.2's examples, valid in the three syntaxes.
BOOST_AUTO_TEST_CASE(valid_in_every_syntax)
{
    check_valid("urn:example:a123,z456");
    check_valid("URN:example:a123,z456");
    check_valid("urn:EXAMPLE:a123,z456");
    check_valid("urn:example:a123%2Cz456");
    check_valid("urn:example:A123,z456");
    check_valid("urn:example:%D0%B0123,z456");
    check_valid("urn:example:foo-bar-baz-qux#somepart"); // a fragment in RFC 2141's NSS
}

// The forms only one syntax has are valid with the registry exactly where
// the generic syntax accepts them.
BOOST_AUTO_TEST_CASE(syntax_specific_forms)
{
    struct row {
        char const* urn;
        bool rfc2141, rfc2141bis, rfc8141;
    };
    row const rows[] = {
        {"urn:example:1/406/47452/2", true, false, true},
        {"urn:example:foo-bar-baz-qux?+CCResolve:cc=uk", true, false, true},
        {"urn:example:weather?=op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z", false, false,
         true},
        {"urn:example:a123,z456?s=I2L", true, true, false},
        {"urn:example:a~b&c", false, true, true},
        {"urn:example:a%00", false, false, true},
    };
    for (row const& r : rows) {
        bool const want[] = {r.rfc2141, r.rfc2141bis, r.rfc8141};
        for (std::size_t i = 0; i < 3; ++i)
            BOOST_TEST(parse_ns(r.urn, all_syntaxes[i]).has_value() == want[i],
                       r.urn << " " << urns::to_string(all_syntaxes[i]));
    }
}

// Every NSS byte, alone and inside an NSS: the registry changes nothing,
// and an error is the generic grammar's (same code and offset).
BOOST_AUTO_TEST_CASE(never_rejects_what_the_syntax_accepts)
{
    std::size_t accepted = 0, rejected = 0;
    for (syntax syn : all_syntaxes)
        for (int b = 0; b < 256; ++b)
            for (std::string const& nss : {std::string(1, char(b)), "a" + std::string(1, char(b)) + "b",
                                           "%4" + std::string(1, char(b))}) {
                std::string const u = "urn:example:" + nss;
                auto const generic = urns::parse_urn(u, syn);
                auto const with_registry = parse_ns(u, syn);
                BOOST_TEST_REQUIRE(generic.has_value() == with_registry.has_value(), b);
                if (generic) {
                    ++accepted;
                    BOOST_TEST(with_registry->nss() == generic->nss());
                } else {
                    ++rejected;
                    BOOST_TEST(with_registry.error().code == generic.error().code);
                    BOOST_TEST(with_registry.error().offset == generic.error().offset);
                    BOOST_TEST(with_registry.error().code !=
                               urns::make_error_code(urns::error::nss_rejected));
                }
            }
    // Both kinds occurred: letters are NSS bytes, a space never is.
    BOOST_TEST(accepted > 300u);
    BOOST_TEST(rejected > 300u);
}

// The rule itself (1*OCTET): any non-empty string of bytes, even one that
// no generic syntax would let through; the empty NSS is its only fault.
BOOST_AUTO_TEST_CASE(rule_nss)
{
    using urns::nss::example::validate;
    BOOST_TEST(validate("a123,z456").has_value());
    BOOST_TEST(validate(std::string("a b\0\xFF", 5)).has_value());
    BOOST_TEST(validate("%zz").has_value());
    auto const f = validate("");
    BOOST_TEST_REQUIRE(!f);
    BOOST_TEST(f.error().offset == 0u);
    BOOST_TEST(f.error().expected == "NSS");
}

// No fold: the namespace's equivalence is the generic one (percent-hex
// case only; the NSS stays case-sensitive).
BOOST_AUTO_TEST_CASE(no_extra_equivalence)
{
    auto const& reg = urns::nss::builtin();
    BOOST_TEST(urns::nss::equivalent_nss(reg, "example", "a123%2cz456", "a123%2Cz456"));
    BOOST_TEST(!urns::nss::equivalent_nss(reg, "example", "a123,z456", "A123,z456"));
    BOOST_TEST(!urns::nss::equivalent_nss(reg, "example", "a123,z456", "a123%2Cz456"));
}
