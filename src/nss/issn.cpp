// SPDX-License-Identifier: BSL-1.0
// The "issn" namespace, in one translation unit: the rules of
// grammar/nss/issn.abnf on the extension surface <urns/nss/x3.hpp>, the
// validator, the fold and accessors, and the registration (rules()).
//
// Defines every rule of grammar/nss/issn.abnf (RFC 3044, ISO 3297), in its
// order, under the ABNF line it implements; DIGIT is RFC 5234's.
#include <urns/nss/issn.hpp>
#include <urns/grammar/config.hpp>
#include <urns/nss/x3.hpp>
#include "nss/fields.hpp"



namespace urns {
namespace grammar {
namespace nss {
namespace issn {

struct issn_class;
/// ISSN = 4DIGIT "-" 3DIGIT check-digit
using issn_type = x3::rule<issn_class>;

} // namespace issn
} // namespace nss
} // namespace grammar
} // namespace urns

namespace urns {
namespace grammar {
namespace nss {
namespace issn {

/// ISSN: weights 8..1, "X" = 10, sum 0 mod 11.
constexpr bool issn_ok(char const* first, char const* last) noexcept
{
    return mod11_ok(first, last, 8);
}

namespace abnf = urns::nss::abnf;
using urns::nss::expect;
using urns::nss::detail::field;

// clang-format off

struct check_digit_class;

issn_type                     const issn        = "ISSN";
x3::rule<check_digit_class>   const check_digit = "check-digit";

auto const digit_ = expect(abnf::digit);

// ISSN        = 4DIGIT "-" 3DIGIT check-digit
// Every terminal is an expectation point, under the name of the rule
// that holds it, and the end of the input is part of what the check digit
// is checked after: bytes after a check digit are the fault there, as
// the ABNF's, whatever the check digit.
auto const issn_def = urns::nss::check_digit<issn_ok>(
    x3::repeat(4)[digit_] >> expect(x3::lit('-'), "ISSN")
        >> x3::repeat(3)[digit_] >> check_digit >> expect(x3::eoi, "end of input"),
    "check-digit");

// check-digit = DIGIT / "X"
// "X" matches "x" too (ABNF strings are case-insensitive, RFC 5234 2.3).
// The "X" first: where neither comes, check-digit is the first name.
auto const check_digit_def = expect(x3::lit('X') | x3::lit('x'), "check-digit") | digit_;

// DIGIT       = %x30-39
using abnf::digit;

/// The named field of a valid ISSN: its check-digit.
URNS_NSS_RULE(issn_named, "ISSN", urns::nss::detail::field_marks);
auto const issn_named_def = x3::repeat(4)[abnf::digit] >> '-' >> x3::repeat(3)[abnf::digit]
                         >> field("check-digit", check_digit);

URNS_NSS_DEFINE(issn, check_digit, issn_named)

// clang-format on

} // namespace issn
} // namespace nss
} // namespace grammar
} // namespace urns

namespace urns {

nss::verdict nss::issn::validate(std::string_view s) noexcept
{
    return nss::run(grammar::nss::issn::issn, s);
}

} // namespace urns

namespace urns {
namespace nss {

namespace issn {

std::size_t fold(std::string_view nss, char* out) noexcept
{
    bool const valid = validate(nss).has_value();
    for (std::size_t i = 0; i < nss.size(); ++i)
        out[i] = (valid && nss[i] == 'x') ? 'X' : nss[i];
    return nss.size();
}

} // namespace issn

} // namespace nss
} // namespace urns

namespace urns {
namespace nss {
namespace issn {

namespace_rules rules() noexcept
{
    namespace_rules r{"issn", &validate, &fold, "RFC 3044 section 5; RFC 8254; ISO 3297"};
    r.fields = &detail::list_fields<grammar::nss::issn::issn_named, &validate>;
    return r;
}

} // namespace issn
} // namespace nss
} // namespace urns
