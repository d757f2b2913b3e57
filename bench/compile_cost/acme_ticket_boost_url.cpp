// SPDX-License-Identifier: BSL-1.0
// Benchmark support (bench/ only, never linked): the "acme-ticket" namespace
// of example/user_namespace/acme_ticket.cpp written with Boost.URL's grammar
// API instead of urns' X3 surface, the same functions with the same results
// (a validator with the fault's offset and rule name, the fold, the named
// fields, the ticket number), so that tools/bench.sh --compile-cost compares what each costs
// to compile.
//
//   ticket    = project "-" number
//   project   = ALPHA 1*9( ALPHA / DIGIT )
//   number    = digit-nz *DIGIT
//   digit-nz  = %x31-39
#include "../../example/user_namespace/acme_ticket.hpp"

#include <urns/lexical.hpp>

#include <boost/url/grammar/alnum_chars.hpp>
#include <boost/url/grammar/alpha_chars.hpp>
#include <boost/url/grammar/delim_rule.hpp>
#include <boost/url/grammar/digit_chars.hpp>
#include <boost/url/grammar/error.hpp>
#include <boost/url/grammar/lut_chars.hpp>
#include <boost/url/grammar/parse.hpp>
#include <boost/url/grammar/token_rule.hpp>
#include <boost/url/grammar/unsigned_rule.hpp>

#include <vector>

namespace acme {
namespace {

namespace grammar = boost::urls::grammar;

constexpr grammar::lut_chars digit_nz_chars("123456789");

/// project   = ALPHA 1*9( ALPHA / DIGIT )
struct project_rule_t {
    using value_type = boost::core::string_view;
    boost::system::result<value_type> parse(char const*& it, char const* end) const noexcept
    {
        char const* const start = it;
        if (it == end || !grammar::alpha_chars(*it))
            return grammar::error::mismatch;
        ++it;
        std::size_t n = 0;
        while (it != end && n < 9 && grammar::alnum_chars(*it)) {
            ++it;
            ++n;
        }
        if (n == 0)
            return grammar::error::mismatch; // `it` stays where a second character is missing
        return value_type(start, static_cast<std::size_t>(it - start));
    }
};
constexpr project_rule_t project_rule{};

/// number    = digit-nz *DIGIT
struct number_rule_t {
    using value_type = boost::core::string_view;
    boost::system::result<value_type> parse(char const*& it, char const* end) const noexcept
    {
        char const* const start = it;
        if (it == end || !digit_nz_chars(*it))
            return grammar::error::mismatch;
        ++it;
        it = grammar::find_if_not(it, end, grammar::digit_chars);
        return value_type(start, static_cast<std::size_t>(it - start));
    }
};
constexpr number_rule_t number_rule{};

/// The rule that failed and where, as urns::nss::nss_fault wants them.
urns::nss::verdict fault(char const* at, std::string_view nss, std::string_view rule) noexcept
{
    return urns::nss::nss_fault{static_cast<std::size_t>(at - nss.data()), rule};
}

urns::nss::verdict validate(std::string_view nss) noexcept
{
    char const* it = nss.data();
    char const* const end = it + nss.size();
    char const* at = it;
    if (!grammar::parse(it, end, project_rule)) {
        if (it == at)
            return fault(at, nss, "project");
        // A key of one letter: the fault is where the second is missing.
        urns::nss::nss_fault f{static_cast<std::size_t>(it - nss.data()), "ALPHA"};
        f.also_expected.push_back("DIGIT");
        return f;
    }
    at = it;
    if (!grammar::parse(it, end, grammar::delim_rule('-')))
        return fault(at, nss, "\"-\"");
    at = it;
    if (!grammar::parse(it, end, number_rule))
        return fault(at, nss, "number");
    if (it != end)
        return fault(it, nss, "end of NSS");
    return {};
}

std::size_t fold(std::string_view nss, char* out) noexcept
{
    bool in_project = static_cast<bool>(validate(nss));
    for (std::size_t i = 0; i < nss.size(); ++i) {
        char c = nss[i];
        if (c == '-')
            in_project = false;
        out[i] = in_project ? urns::lexical::ascii_upper(c) : c;
    }
    return nss.size();
}

/// The named fields of a valid ticket: project and number.
std::vector<urns::nss::nss_field> fields(void const*, std::string_view nss)
{
    if (!validate(nss))
        return {};
    std::size_t const dash = nss.find('-');
    return {{"project", 0, dash}, {"number", dash + 1, nss.size()}};
}

} // namespace

urns::nss::namespace_rules ticket_rules() noexcept
{
    urns::nss::namespace_rules r{"acme-ticket", &validate, &fold, "ACME ticket keys (fictional example)"};
    r.fields = &fields;
    return r;
}

std::optional<unsigned long> ticket_number(std::string_view nss)
{
    if (!validate(nss))
        return std::nullopt;
    auto dash = nss.find('-');
    auto n = grammar::parse(nss.substr(dash + 1), grammar::unsigned_rule<unsigned long>{});
    if (!n)
        return std::nullopt;
    return *n;
}

} // namespace acme
