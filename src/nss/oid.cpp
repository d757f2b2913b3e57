// SPDX-License-Identifier: BSL-1.0
// The "oid" namespace, in one translation unit: the rules of
// grammar/nss/oid.abnf on the extension surface <urns/nss/x3.hpp>, the
// validator, the fold and accessors, and the registration (rules()).
//
// Defines every rule of grammar/nss/oid.abnf (RFC 3061 section 2), in its
// order, under the ABNF line it implements. RFC 3061 defines its own
// DIGIT (the same set as RFC 5234's), so it is defined here.
#include <urns/nss/oid.hpp>
#include <urns/grammar/config.hpp>
#include <urns/nss/x3.hpp>
#include "nss/fields.hpp"

#include <string_view>
#include <vector>

namespace urns {
namespace grammar {
namespace nss {
namespace oid {

struct oid_class;
/// oid = number *( DOT number )
using oid_type = x3::rule<oid_class>;

} // namespace oid
} // namespace nss
} // namespace grammar
} // namespace urns

namespace urns {
namespace grammar {
namespace nss {
namespace oid {

namespace abnf = urns::nss::abnf;
using urns::nss::expect;
using urns::nss::detail::field;

// clang-format off

struct number_class;
struct leaddigit_class;
struct digit_class;
struct dot_class;

oid_type                    const oid       = "oid";
x3::rule<number_class>      const number    = "number";
x3::rule<leaddigit_class>   const leaddigit = "LEADDIGIT";
x3::rule<digit_class>       const digit     = "DIGIT";
x3::rule<dot_class>         const dot       = "DOT";

// oid             = number *( DOT number )
// A DOT must be followed by a number: "1..2", "1.2." fail at the byte
// after the dot, as "number".
auto const oid_def = expect(number) >> *(dot >> expect(number));

// number          = DIGIT / ( LEADDIGIT 1*DIGIT )
// PEG: ordered choice would let DIGIT take the "1" of "12" and stop, so
// the longer alternative comes first. A lone "0" is a number; a digit
// after it ("01", "1.02") fails where ABNF's does, at that digit, where a
// DOT or the end was expected.
auto const number_def = (leaddigit >> *digit) | x3::lit('0');

// LEADDIGIT       = %x31-39 ; 1-9
auto const leaddigit_def = abnf::one_of<lexical::rfc8141::digit_non_zero>;   // %x31-39, as RFC 8141's DigitNonZero

// DIGIT           = %x30 / LEADDIGIT ; 0-9
auto const digit_def = abnf::one_of<lexical::rfc5234::digit>;

// DOT             = %x2E ; period
auto const dot_def = x3::lit('.');

/// The named fields of a valid oid: each arc, a number.
URNS_NSS_RULE(oid_named, "oid", urns::nss::detail::field_marks);
auto const oid_named_def = field("number", number) % dot;

URNS_NSS_DEFINE(oid, number, leaddigit, digit, dot, oid_named)

// clang-format on

} // namespace oid
} // namespace nss
} // namespace grammar
} // namespace urns

namespace urns {

nss::verdict nss::oid::validate(std::string_view s) noexcept
{
    return nss::run(grammar::nss::oid::oid, s);
}

} // namespace urns

namespace urns {
namespace nss {

namespace oid {

std::optional<std::vector<std::string_view>> arcs(std::string_view nss)
{
    if (!validate(nss))
        return std::nullopt;
    std::vector<std::string_view> out;
    for (;;) {
        std::size_t const dot = nss.find('.');
        out.push_back(nss.substr(0, dot));
        if (dot == std::string_view::npos)
            return out;
        nss.remove_prefix(dot + 1);
    }
}

} // namespace oid

} // namespace nss
} // namespace urns

namespace urns {
namespace nss {
namespace oid {

namespace_rules rules() noexcept
{
    namespace_rules r{"oid", &validate, nullptr, "RFC 3061 section 2"};
    r.fields = &detail::list_fields<grammar::nss::oid::oid_named, &validate>;
    return r;
}

} // namespace oid
} // namespace nss
} // namespace urns
