// SPDX-License-Identifier: BSL-1.0
// A plugin whose data cannot be trusted: with URNS_TEST_BAD_NID set, a NID
// that is not one ("a b"); else the NID "wild", whose validator reports a
// fault past the NSS (SIZE_MAX for "max", 1000 for any other NSS but "ok")
// and names its rule with an escape sequence and a newline; the fields of
// "ok" are one good one, one named with an escape sequence, and two outside
// the NSS.
#include <urns/nss/plugin.hpp>

#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <utility>
#include <vector>

namespace {

using verdict = urns::nss::verdict;

verdict validate(std::string_view nss) noexcept
{
    if (nss == "ok")
        return verdict{};
    urns::nss::nss_fault f;
    f.offset = nss == "max" ? SIZE_MAX : 1000;
    f.expected = "\x1b[31mred\nrule";
    return f;
}

std::vector<urns::nss::nss_field> fields(void const*, std::string_view)
{
    return {{"whole", 0, 2}, {"\x1b[31mfirst", 0, 1}, {"past", 1, 50}, {"backwards", 2, 1}};
}

urns::nss::namespace_rules wild_rules() noexcept
{
    urns::nss::namespace_rules r{"wild", &validate, nullptr, "test"};
    r.fields = &fields;
    return r;
}

} // namespace

extern "C" URNS_PLUGIN_EXPORT urns_plugin_v1 const* urns_plugin_entry()
{
    static urns::nss::namespace_rules const wild[] = {wild_rules()};
    static urns::nss::namespace_rules const bad[] = {{"a b", &validate, nullptr, "test"}};
    static urns_plugin_v1 const plugin = urns::nss::plugin_of("wild", wild);
    static urns_plugin_v1 const bad_plugin = urns::nss::plugin_of("bad", bad);
    return std::getenv("URNS_TEST_BAD_NID") ? &bad_plugin : &plugin;
}
