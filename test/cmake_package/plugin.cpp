// SPDX-License-Identifier: BSL-1.0
// A namespace plugin built from the installed package with urns_add_plugin:
// urn:consumer-code: takes three digits, by a grammar of the extension
// surface (<urns/nss/x3.hpp>, installed).
#include <urns/nss/plugin.hpp>
#include <urns/nss/x3.hpp>

namespace {

namespace x3 = boost::spirit::x3;

URNS_NSS_RULE(code, "code", x3::unused_type);
auto const code_def = x3::repeat(3)[urns::nss::expect(urns::nss::abnf::digit)];
URNS_NSS_DEFINE(code)

} // namespace

extern "C" URNS_PLUGIN_EXPORT urns_plugin_v1 const* urns_plugin_entry()
{
    static urns::nss::namespace_rules const rules[] = {
        {"consumer-code", urns::nss::x3_validator<code>(), nullptr, "test/cmake_package"}};
    static urns_plugin_v1 const plugin = urns::nss::plugin_of("consumer", rules);
    return &plugin;
}
