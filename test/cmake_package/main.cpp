// SPDX-License-Identifier: BSL-1.0
// Consumer of an installed urns: built by test/cmake_package/CMakeLists.txt
// (find_package) and by check.sh with pkg-config. Exits non-zero on a wrong
// answer, so a broken package (headers, library or error category) shows.
// Against a shared liburns it also uses the classes whose members the
// library defines (urn, directives_view, nss::registry) and catches an
// exception that the library throws.
#include <urns/nss/builtin.hpp>
#include <urns/urns.hpp>

#include <boost/system/system_error.hpp>

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

    // The owning urn (its parse is the library's); RFC 2141 section 6's
    // example again.
    auto u = urns::urn::parse("URN:ISBN:0-395-36341-1");
    expect(u && u->nss() == "0-395-36341-1", "urn::parse keeps the NSS");

    // draft-03 section 2.3: a query's directives, in the order written.
    auto d = urns::parse_query("s=I2L&c=ToC");
    expect(d.has_value(), "the query s=I2L&c=ToC parses");
    if (d) {
        auto it = d->begin();
        expect(it != d->end() && it->keyword == "s" && it->value == "I2L", "first directive s=I2L");
        if (it != d->end())
            ++it;
        expect(it != d->end() && it->keyword == "c" && it->value == "ToC", "second directive c=ToC");
        if (it != d->end())
            ++it;
        expect(it == d->end(), "two directives");
    }

    // The uuid namespace of the built-in registry: RFC 9562's example UUID,
    // and the same one hex digit short (the fault at the end, offset 9 + 35).
    urns::nss::registry reg = urns::nss::builtin();
    expect(reg.find("UUID") != nullptr, "the built-in registry has uuid");
    urns::parse_options opts;
    opts.registry = &reg;
    expect(urns::parse_urn("urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6", opts).has_value(),
           "RFC 9562's UUID is valid");
    auto short_uuid = urns::parse_urn("urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf", opts);
    expect(!short_uuid && short_uuid.error().offset == 44, "a UUID one digit short fails at offset 44");

    // value() on an error: the library throws boost::system::system_error,
    // caught here with the error code of the urns category.
    bool thrown = false;
    try {
        (void)urns::parse_urn(bad).value();
    } catch (boost::system::system_error const& x) {
        thrown = x.code() == urns::error::bad_nss;
    }
    expect(thrown, "value() throws system_error with error::bad_nss");

    if (failures == 0)
        std::cout << "urns_consumer: ok\n";
    return failures == 0 ? 0 : 1;
}
