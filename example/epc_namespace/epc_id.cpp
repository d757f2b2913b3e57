// SPDX-License-Identifier: BSL-1.0
//
// Example, X3 translation unit: a grammar for two pure-identity EPC schemes
// of urn:epc (RFC 5134 registers the namespace; GS1's EPC Tag Data
// Standard, TDS, gives the syntax), on the extension surface
// <urns/nss/x3.hpp>, with typed values. As this example reads TDS's
// pure-identity URIs (TDS section 6.3; its rules are not ABNF):
//
//   epc-id          = "id:" ( sgtin / sscc )
//   sgtin           = "sgtin:" company-prefix "." item-reference "." serial
//                     ; company-prefix and item-reference: 13 digits together
//   sscc            = "sscc:" company-prefix "." serial-reference
//                     ; company-prefix and serial-reference: 17 digits together
//   company-prefix  = 6*12DIGIT
//   item-reference  = 1*7DIGIT
//   serial-reference = 5*11DIGIT
//   serial          = 1*20gs3a3
//   gs3a3           = ALPHA / DIGIT / "!" / "'" / "(" / ")" / "*" / "+" / "," / "-"
//                     / "." / ":" / ";" / "=" / "_" / escape
//   escape          = "%" ( "22" / "25" / "26" / "2F" / "3C" / "3E" / "3F" )
//
// The digit totals are arithmetic over a span, as a check digit is: they
// use urns::nss::check_digit, which reports the last digit of the span.
#include "epc_id.hpp"

#include <urns/lexical.hpp>
#include <urns/nss/x3.hpp>

#include <boost/fusion/include/adapt_struct.hpp>
#include <boost/spirit/home/x3/auxiliary/attr.hpp>
#include <boost/spirit/home/x3/string/literal_string.hpp>

BOOST_FUSION_ADAPT_STRUCT(epc::identity, scheme, company_prefix, reference, serial)

namespace epc {
namespace {

namespace x3 = boost::spirit::x3;
using urns::nss::expect;
using urns::nss::abnf::alpha;
using urns::nss::abnf::digit;

/// The number of DIGITs in [first, last) is N (dots do not count).
template <unsigned N>
bool digits_total(char const* first, char const* last) noexcept
{
    unsigned n = 0;
    for (; first != last; ++first)
        n += urns::lexical::rfc5234::digit.contains(*first) ? 1u : 0u;
    return n == N;
}

inline constexpr urns::lexical::charset gs3a3_single =
    urns::lexical::rfc5234::alpha | urns::lexical::rfc5234::digit | urns::lexical::charset("!'()*+,-.:;=_");

URNS_NSS_RULE(epc_id, "epc-id", identity);
URNS_NSS_RULE(sgtin, "sgtin", identity);
URNS_NSS_RULE(sscc, "sscc", identity);
URNS_NSS_RULE(company_prefix, "company-prefix", std::string);
URNS_NSS_RULE(item_reference, "item-reference", std::string);
URNS_NSS_RULE(serial_reference, "serial-reference", std::string);
URNS_NSS_RULE(serial, "serial", std::string);
URNS_NSS_RULE(escape, "escape", x3::unused_type);

auto const epc_id_def = expect(x3::lit("id:"), "\"id:\"") >> expect(sgtin | sscc, "sgtin or sscc");

// The scheme name is the attribute's first field; the digit total is
// checked over "company-prefix . item-reference".
auto const sgtin_def = x3::string("sgtin") >> ':'
    >> urns::nss::check_digit<digits_total<13>>(x3::raw[company_prefix] >> '.' >> x3::raw[item_reference],
                                                "item-reference")
    >> expect(x3::lit('.'), "\".\"") >> expect(serial);

auto const sscc_def = x3::string("sscc") >> ':'
    >> urns::nss::check_digit<digits_total<17>>(x3::raw[company_prefix] >> '.' >> x3::raw[serial_reference],
                                                "serial-reference")
    >> x3::attr(std::string());

auto const company_prefix_def = x3::raw[x3::repeat(6, 12)[digit]];
auto const item_reference_def = x3::raw[x3::repeat(1, 7)[digit]];
auto const serial_reference_def = x3::raw[x3::repeat(5, 11)[digit]];
auto const serial_def = x3::raw[x3::repeat(1, 20)[urns::nss::abnf::one_of<gs3a3_single> | escape]];
auto const escape_def = x3::lit('%') >> expect(x3::lit("22") | "25" | "26" | "2F" | "3C" | "3E" | "3F", "escape");

// URNS_NSS_DEFINE: run as the registry's validator, epc_id builds no
// identity and no std::string (the validator allocates nothing).
URNS_NSS_DEFINE(epc_id, sgtin, sscc, company_prefix, item_reference, serial_reference, serial, escape)

} // namespace

urns::nss::namespace_rules rules() noexcept
{
    return {"epc", urns::nss::x3_validator<epc_id>(), nullptr,
            "RFC 5134 (namespace); GS1 EPC Tag Data Standard, pure-identity SGTIN and SSCC"};
}

boost::system::result<identity, urns::nss::nss_fault> parse(std::string_view nss)
{
    return urns::nss::parse(epc_id, nss);
}

} // namespace epc
