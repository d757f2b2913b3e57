// SPDX-License-Identifier: BSL-1.0
//
// Example, X3-free: a registered namespace (urn:epc, pure-identity SGTIN and
// SSCC) in a copy of the built-ins, in place of the shipped "epc", and its
// typed values. The URNs are the
// examples of GS1's Tag Data Standard. Exits 1 if anything is not as the
// comments say (ctest runs it as example_epc_namespace).
#include "epc_id.hpp"

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
    urns::nss::registry reg = urns::nss::builtin();
    reg.add(epc::rules());
    urns::parse_options opts;
    opts.registry = &reg;

    // TDS's examples: a serialised trade item and a shipping container.
    expect(urns::parse_urn("urn:epc:id:sgtin:0614141.112345.400", opts).has_value(),
           "urn:epc:id:sgtin:0614141.112345.400 is valid");
    expect(urns::parse_urn("urn:epc:id:sscc:0614141.1234567890", opts).has_value(),
           "urn:epc:id:sscc:0614141.1234567890 is valid");

    // The typed value, read by the grammar.
    auto const v = epc::parse("id:sgtin:0614141.112345.400");
    expect(v && v->scheme == "sgtin" && v->company_prefix == "0614141" && v->reference == "112345" &&
               v->serial == "400",
           "sgtin fields: company prefix 0614141, item reference 112345, serial 400");
    auto const s = epc::parse("id:sscc:0614141.1234567890");
    expect(s && s->scheme == "sscc" && s->company_prefix == "0614141" && s->reference == "1234567890" &&
               s->serial.empty(),
           "sscc fields: company prefix 0614141, serial reference 1234567890");

    // 12 digits where the company prefix and item reference need 13: the
    // fault is the last digit of the item reference (the NSS starts at 8,
    // "id:sgtin:0614141." takes 17 more, and 11234's last digit is 4 on: 29).
    std::string_view const short_item = "urn:epc:id:sgtin:0614141.11234.400";
    auto const r = urns::parse_urn(short_item, opts);
    expect(!r && r.error().code == urns::error::nss_rejected && r.error().offset == 29 &&
               r.error().expected == "item-reference",
           "12 digits in an SGTIN: rejected at offset 29, expected item-reference");
    if (!r)
        std::cout << urns::to_string(r.error(), short_item) << '\n';

    // A serial's "%" must be one of TDS's escapes.
    auto const e = epc::parse("id:sgtin:0614141.112345.4%41");
    expect(!e && e.error().offset == 26 && e.error().expected == "escape",
           "serial 4%41: rejected at offset 26 of the NSS, expected escape");
    expect(epc::parse("id:sgtin:0614141.112345.4%2F").has_value(), "serial 4%2F (an escaped \"/\") is valid");

    return failures == 0 ? 0 : 1;
}
