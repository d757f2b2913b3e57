// SPDX-License-Identifier: BSL-1.0
// Consumer of an installed urns: built by test/cmake_package/CMakeLists.txt
// (find_package) and by check.sh with pkg-config. Exits non-zero on a wrong
// answer, so a broken package (headers, library or error category) shows.
#include <urns/urns.hpp>

#include <iostream>
#include <string_view>

namespace {

int failures = 0;

void expect(bool ok, char const* what)
{
    if (!ok) {
        std::cerr << "urns_consumer: FAILED: " << what << '\n';
        ++failures;
    }
}

} // namespace

int main()
{
    // RFC 2141 section 6 example, in the default syntax (draft-03).
    auto r = urns::parse_urn("urn:ISBN:0-395-36341-1");
    expect(r.has_value(), "urn:ISBN:0-395-36341-1 parses");
    if (r) {
        expect(r->nid() == "ISBN", "NID is ISBN");
        expect(r->nss() == "0-395-36341-1", "NSS is 0-395-36341-1");
    }

    // The space at byte 8 is not an NSS character: an error of the "urns"
    // category (defined in the library) at that offset.
    std::string_view const bad = "urn:ex:a b";
    auto e = urns::parse_urn(bad);
    expect(!e.has_value(), "urn:ex:a b is rejected");
    if (!e) {
        expect(e.error().offset == 8, "the error is at offset 8");
        expect(e.error().code.category().name() == std::string_view("urns"),
               "the error category is urns");
        std::cout << urns::to_string(e.error(), bad) << '\n';
    }

    // RFC 8141 components.
    auto c = urns::parse_urn("urn:example:a?+r?=q#f", urns::syntax::rfc8141);
    expect(c && c->r_component() == "r" && c->q_component() == "q" && c->fragment() == "f",
           "RFC 8141 r, q and f components");

    if (failures == 0)
        std::cout << "urns_consumer: ok\n";
    return failures == 0 ? 0 : 1;
}
