// SPDX-License-Identifier: BSL-1.0
// Helpers for the namespace tests (test/unit/nss_*.cpp): parse with the
// built-in registry and check a fault's code, offset and rule name in all
// three syntaxes.
#ifndef URNS_TEST_NSS_TEST_HPP
#define URNS_TEST_NSS_TEST_HPP

#include <boost/test/unit_test.hpp>

#include <urns/nss/builtin.hpp>
#include <urns/parse.hpp>

#include <cstddef>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

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

/// A named field as a test writes it: rule name, begin and end in the NSS.
struct field {
    std::string_view name;
    std::size_t begin;
    std::size_t end;
    friend bool operator==(field const& a, field const& b)
    {
        return a.name == b.name && a.begin == b.begin && a.end == b.end;
    }
    friend std::ostream& operator<<(std::ostream& os, field const& f)
    {
        return os << '{' << f.name << ' ' << f.begin << ' ' << f.end << '}';
    }
};

/// The built-in namespace `nid` names `want` in `nss` (none: it has no
/// fields there, or rejects it).
inline void check_fields(std::string_view nid, std::string_view nss, std::vector<field> const& want)
{
    BOOST_TEST_CONTEXT(nid << ":" << nss)
    {
        urns::nss::namespace_rules const* r = urns::nss::builtin().find(nid);
        BOOST_TEST_REQUIRE(r != nullptr);
        std::vector<field> got;
        for (urns::nss::nss_field const& f : r->fields_of(nss))
            got.push_back({f.name, f.begin, f.end});
        BOOST_TEST(got == want, boost::test_tools::per_element());
    }
}

} // namespace urns_test

#endif
