// SPDX-License-Identifier: BSL-1.0
// Example, X3-free: register a user namespace next to the built-ins and
// parse with it. Prints what it does; exits 1 if anything is not as the
// comments say (ctest runs it).
#include "acme_ticket.hpp"

#include <urns/nss/builtin.hpp>
#include <urns/urns.hpp>

#include <iostream>
#include <string_view>

namespace {

int failures = 0;

void expect(bool ok, std::string_view what)
{
    std::cout << (ok ? "ok:   " : "FAIL: ") << what << '\n';
    if (!ok)
        ++failures;
}

} // namespace

int main()
{
    // The shipped namespaces, plus ours. Registration is explicit.
    urns::nss::registry reg = urns::nss::builtin();
    reg.add(acme::ticket_rules());

    urns::parse_options opts;
    opts.registry = &reg;

    // A ticket URN; the NID in any case.
    expect(urns::parse_urn("urn:acme-ticket:CORE-1234", opts).has_value(), "urn:acme-ticket:CORE-1234 is valid");
    expect(urns::parse_urn("URN:ACME-Ticket:core-7", opts).has_value(), "URN:ACME-Ticket:core-7 is valid");

    // A near miss: the number may not start with 0. The error gives the
    // offset in the whole input and the namespace's rule name.
    std::string_view const bad = "urn:acme-ticket:CORE-0123";
    auto const r = urns::parse_urn(bad, opts);
    expect(!r && r.error().code == urns::error::nss_rejected && r.error().offset == 21 &&
               r.error().expected == "digit-nz",
           "urn:acme-ticket:CORE-0123 is rejected at offset 21, expected digit-nz");
    if (!r)
        std::cout << urns::to_string(r.error(), bad) << '\n';

    // A key of one letter: the fault is where the second is missing (the
    // farthest failure), with both names expected there, as the ABNF says.
    std::string_view const short_key = "urn:acme-ticket:C-5";
    auto const s = urns::parse_urn(short_key, opts);
    expect(!s && s.error().offset == 17 && s.error().expected == "ALPHA" && s.error().also_expected.size() == 1 &&
               s.error().also_expected[0] == "DIGIT",
           "urn:acme-ticket:C-5 is rejected at offset 17, expected ALPHA or DIGIT");

    // Without the registry, it is just a valid URN.
    expect(urns::parse_urn(bad).has_value(), "without a registry, the generic syntax accepts it");

    // The built-ins still work in the same registry.
    expect(!urns::parse_urn("urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf", opts),
           "urn:uuid with 31 hex digits is rejected");

    // The namespace's equivalence: project keys are case-insensitive.
    expect(urns::nss::equivalent_nss(reg, "acme-ticket", "core-7", "CORE-7"), "core-7 ~ CORE-7");
    expect(!urns::nss::equivalent_nss(reg, "acme-ticket", "CORE-7", "CORE-70"), "CORE-7 !~ CORE-70");

    // The namespace is a parser: the number as a value.
    expect(acme::ticket_number("CORE-1234") == 1234ul, "ticket_number(CORE-1234) is 1234");
    expect(!acme::ticket_number("CORE-0123"), "ticket_number(CORE-0123) is nothing");

    return failures == 0 ? 0 : 1;
}
