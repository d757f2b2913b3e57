// SPDX-License-Identifier: BSL-1.0
// Helpers for the namespace tests (test/unit/nss_*.cpp): parse with the
// built-in registry and check a fault's code, offset and rule name in all
// three syntaxes.
#ifndef URNS_TEST_NSS_TEST_HPP
#define URNS_TEST_NSS_TEST_HPP

#include <boost/test/unit_test.hpp>

#include <urns/nss/builtin.hpp>
#include <urns/parse.hpp>

#include <string>

namespace urns_test {

inline constexpr urns::syntax all_syntaxes[] = {urns::syntax::rfc2141, urns::syntax::rfc2141bis,
                                                urns::syntax::rfc8141};

/// parse_urn with the built-in registry.
inline urns::result<urns::urn_view> parse_ns(std::string const& s, urns::syntax syn)
{
    urns::parse_options o;
    o.syntax = syn;
    o.registry = &urns::nss::builtin();
    return urns::parse_urn(s, o);
}

/// `s` is valid in every syntax with the built-in registry.
inline void check_valid(std::string const& s)
{
    BOOST_TEST_CONTEXT(s)
    {
        for (auto syn : all_syntaxes)
            BOOST_TEST(parse_ns(s, syn).has_value(), urns::to_string(syn));
    }
}

/// The generic syntax accepts `s` in every syntax, the namespace rule
/// rejects it at `offset` (in the whole input), expecting `expected`.
inline void check_fault(std::string const& s, std::size_t offset, std::string const& expected)
{
    BOOST_TEST_CONTEXT(s)
    {
        for (auto syn : all_syntaxes) {
            BOOST_TEST(urns::parse_urn(s, syn).has_value());
            auto const r = parse_ns(s, syn);
            BOOST_TEST_REQUIRE(!r.has_value());
            BOOST_TEST(r.error().code == urns::make_error_code(urns::error::nss_rejected));
            BOOST_TEST(r.error().offset == offset);
            BOOST_TEST(r.error().expected == expected);
        }
    }
}

} // namespace urns_test

#endif
