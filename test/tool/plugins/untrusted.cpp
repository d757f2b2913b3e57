// SPDX-License-Identifier: BSL-1.0
// A plugin whose data cannot be trusted: with URNS_TEST_BAD_NID set, a NID
// that is not one ("a b"); else the NID "wild", whose validator reports a
// fault past the NSS (SIZE_MAX for "max", 1000 for any other NSS but "ok")
// and names its rule with an escape sequence and a newline; the fields of
// "ok" are one good one, one named with an escape sequence, and two outside
// the NSS. Its faults for "many", "notutf8" and "long" say they hold 1000
// names where a fault holds at most expected_alternatives::capacity, name
// rules with bytes that are not UTF-8, and name a rule of 1000 bytes.
#include <urns/nss/plugin.hpp>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace {

using verdict = urns::nss::verdict;

using urns::expected_alternatives;

// The layout the "many" fault writes over: the names, the external
// pointer, then the size.
constexpr std::size_t size_at = sizeof(std::string_view) * expected_alternatives::capacity + sizeof(void*);
static_assert(sizeof(expected_alternatives) == size_at + 2 * sizeof(std::size_t),
              "expected_alternatives is laid out as this test assumes");

verdict validate(std::string_view nss) noexcept
{
    if (nss == "ok")
        return verdict{};
    urns::nss::nss_fault f;
    if (nss == "many") {
        f.offset = 1;
        f.expected = "first";
        f.also_expected.push_back("second");
        std::size_t const lie = 1000;
        std::memcpy(reinterpret_cast<char*>(&f.also_expected) + size_at, &lie, sizeof lie);
        return f;
    }
    if (nss == "notutf8") {
        f.offset = 2;
        f.expected = "\xFF\xFEx";
        f.also_expected.push_back("y\xC3");
        return f;
    }
    if (nss == "long") {
        static std::string const name(1000, 'L');
        f.offset = 0;
        f.expected = name;
        return f;
    }
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
