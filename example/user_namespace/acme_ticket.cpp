// Example, X3 translation unit: the grammar of the "acme-ticket" namespace,
// written from urns' building blocks and turned into a validator by
// urns/nss/x3_adapter.hpp. This is the only file of the example that
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

#include <urns/nss/x3_adapter.hpp>

namespace acme {
namespace grammar {

namespace x3 = boost::spirit::x3;
using urns::error;
using urns::grammar::must;
using urns::grammar::rfc5234::alpha;
using urns::grammar::rfc5234::digit;

struct ticket_class;
struct project_class;
struct number_class;
struct digit_nz_class;

x3::rule<ticket_class>   const ticket   = "ticket";
x3::rule<project_class>  const project  = "project";
x3::rule<number_class>   const number   = "number";
x3::rule<digit_nz_class> const digit_nz = "digit-nz";

// ticket    = project "-" number
// must(): a fault is reported at the byte where it happens, under the
// name of the rule that was expected there.
auto const ticket_def = must(project, error::nss_rejected)
                     >> must(x3::lit('-'), "\"-\"", error::nss_rejected)
                     >> must(number, error::nss_rejected);

// project   = ALPHA 1*9( ALPHA / DIGIT )
auto const project_def = alpha >> x3::repeat(1, 9)[alpha | digit];

// number    = digit-nz *DIGIT
auto const number_def = digit_nz >> *digit;

// digit-nz  = %x31-39
auto const digit_nz_def = x3::char_('1', '9');

BOOST_SPIRIT_DEFINE(ticket, project, number, digit_nz)

} // namespace grammar

namespace {

/// The fold: the project key in upper case; the number as it is. An NSS
/// that is not a ticket is left alone.
std::size_t fold(std::string_view nss, char* out) noexcept
{
    bool const valid = !urns::nss::run_x3_rule(grammar::ticket, nss);
    bool in_project = valid;
    for (std::size_t i = 0; i < nss.size(); ++i) {
        char c = nss[i];
        if (c == '-')
            in_project = false;
        if (in_project && c >= 'a' && c <= 'z')
            c = static_cast<char>(c - 'a' + 'A');
        out[i] = c;
    }
    return nss.size();
}

} // namespace

urns::nss::namespace_rules ticket_rules() noexcept
{
    return {"acme-ticket", urns::nss::x3_validator<grammar::ticket>(), &fold,
            "ACME ticket keys (fictional example)"};
}

} // namespace acme
