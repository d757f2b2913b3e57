// SPDX-License-Identifier: BSL-1.0
//
// Example, X3 translation unit: the grammar of the "acme-ticket" namespace,
// written with the extension surface <urns/nss/x3.hpp> (its building blocks,
// expect() for faults, URNS_NSS_RULE for rule names that cannot collide
// with another namespace's). This is the only file of the example that
// includes X3.
//
// The namespace's ABNF (fictional; one X3 rule per line, C++ name = ABNF
// name lower-cased with "-" turned into "_", display name verbatim):
//
//   ticket    = project "-" number
//   project   = ALPHA 1*9( ALPHA / DIGIT )
//   number    = digit-nz *DIGIT
//   digit-nz  = %x31-39
//
// Lexical equivalence: project keys are case-insensitive ("core-7" is
// "CORE-7"), so the fold writes them in upper case.
#include "acme_ticket.hpp"

#include <urns/nss/x3.hpp>

#include <boost/spirit/home/x3/numeric/uint.hpp>

#include <vector>

namespace acme {
namespace grammar {
// The rules are this file's own (an unnamed namespace): no other
// namespace's rules of the same names can take their place.
namespace {

namespace x3 = boost::spirit::x3;
using urns::nss::expect;
using urns::nss::abnf::alpha;
using urns::nss::abnf::digit;

URNS_NSS_RULE(ticket, "ticket", x3::unused_type);
URNS_NSS_RULE(project, "project", x3::unused_type);
URNS_NSS_RULE(number, "number", x3::unused_type);
URNS_NSS_RULE(digit_nz, "digit-nz", x3::unused_type);
// The ticket's number as a value: the same rule, read as digits.
URNS_NSS_RULE(ticket_number, "ticket", unsigned long);

// Faults name what the ABNF engine names (urn abnf match, Namespace.from_abnf,
// urns::nss::from_abnf), so that the four ways of defining this namespace
// give one fault for one NSS (example/four_routes): the innermost rules
// whose terminals failed at the farthest byte reached, a literal under the
// name of the rule that holds it, and "end of input" where the NSS could
// have ended. Each terminal that can fail is an expectation point
// (expect()), including the ones inside repetitions, which X3 would
// otherwise let fail without a word.

// ticket    = project "-" number
// The end is an expectation point too: after the number, more DIGITs or
// the end were expected.
auto const ticket_def =
    project >> expect(x3::lit('-'), "ticket") >> number >> expect(x3::eoi, "end of input");

// project   = ALPHA 1*9( ALPHA / DIGIT )
// Every ALPHA and DIGIT is expected where it could come: at the byte where
// the key stops short of ten characters, ALPHA or DIGIT (or the "-").
auto const project_def = expect(alpha) >> (expect(alpha) | expect(digit)) >>
                         x3::repeat(0, 8)[expect(alpha) | expect(digit)];

// number    = digit-nz *DIGIT
auto const number_def = expect(digit_nz) >> *expect(digit);

// digit-nz  = %x31-39
auto const digit_nz_def = x3::char_('1', '9');

// The value of the number after a valid project key.
auto const ticket_number_def = x3::omit[project >> '-'] >> &digit_nz >> x3::ulong_;

URNS_NSS_DEFINE(ticket, project, number, digit_nz, ticket_number)

} // namespace
} // namespace grammar

namespace {

/// The fold: the project key in upper case; the number as it is. An NSS
/// that is not a ticket is left alone.
std::size_t fold(std::string_view nss, char* out) noexcept
{
    bool const valid = urns::nss::run(grammar::ticket, nss).has_value();
    bool in_project = valid;
    for (std::size_t i = 0; i < nss.size(); ++i) {
        char c = nss[i];
        if (c == '-')
            in_project = false;
        out[i] = in_project ? urns::lexical::ascii_upper(c) : c;
    }
    return nss.size();
}

/// The named fields of a valid ticket, as its ABNF names them: project
/// and number, either side of the one "-" (`urn parse --json` and
/// `urn explain` show them).
std::vector<urns::nss::nss_field> fields(void const*, std::string_view nss)
{
    if (!urns::nss::run(grammar::ticket, nss))
        return {};
    std::size_t const dash = nss.find('-');
    return {{"project", 0, dash}, {"number", dash + 1, nss.size()}};
}

} // namespace

urns::nss::namespace_rules ticket_rules() noexcept
{
    urns::nss::namespace_rules r{"acme-ticket", urns::nss::x3_validator<grammar::ticket>(), &fold,
                                 "ACME ticket keys (fictional example)"};
    r.fields = &fields;
    return r;
}

std::optional<unsigned long> ticket_number(std::string_view nss)
{
    if (!urns::nss::run(grammar::ticket, nss))
        return std::nullopt;
    auto n = urns::nss::parse(grammar::ticket_number, nss);
    if (!n)
        return std::nullopt;
    return *n;
}

} // namespace acme
