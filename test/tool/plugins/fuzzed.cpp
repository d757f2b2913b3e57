// SPDX-License-Identifier: BSL-1.0
// A plugin whose description is drawn at random from URNS_TEST_FUZZ_SEED:
// its name, the number of namespaces and each namespace's NID and
// reference are each well formed or broken in one of the ways the loader
// must refuse (too long, not UTF-8, a size without data, a NID that is not
// one or is given twice, too many namespaces). Every pointer stays valid:
// what is tested is the loader's checks, not the plugin's crashes.
// plugin_test.py draws the same table from the same seed (the same
// generator, written again in Python) and says what the loader must answer.
#include <urns/nss/plugin.hpp>

#include <cstdint>
#include <cstdlib>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

namespace {

/// The generator both sides use: a 64-bit LCG (Knuth's MMIX constants),
/// each draw the high 31 bits of the state.
struct draw {
    std::uint64_t state;
    std::uint64_t operator()(std::uint64_t n)
    {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return (state >> 33) % n;
    }
};

urns::nss::verdict accept(std::string_view) noexcept
{
    return {};
}

std::deque<std::string> texts; // stable addresses for the views below
std::vector<urns::nss::namespace_rules> rules;
urns_plugin_v1 plugin;

char const* keep(std::string s)
{
    texts.push_back(std::move(s));
    return texts.back().c_str();
}

std::string_view keep_view(std::string s)
{
    texts.push_back(std::move(s));
    return texts.back();
}

void make(std::uint64_t seed)
{
    draw d{seed};
    char const* name = nullptr;
    switch (d(4)) {
    case 0: name = "fuzz"; break;
    case 1: name = nullptr; break;
    case 2: name = keep(std::string(257, 'n')); break;
    default: name = "fuzz\xC3("; break; // a lead byte without its continuation
    }
    std::size_t count;
    switch (d(8)) {
    case 0: count = 0; break;
    case 1: count = 1025; break;
    default: count = 1 + d(4); break;
    }
    std::size_t const made = count > 8 ? 1 : count; // the loader must not read past the count check
    for (std::size_t i = 0; i < made; ++i) {
        urns::nss::namespace_rules r{};
        r.validate = &accept;
        switch (d(6)) {
        case 1: r.nid = keep_view(std::string(33, 'a')); break;
        case 2: r.nid = std::string_view(nullptr, 3); break;
        case 3: r.nid = "a b"; break;
        case 4: r.nid = i > 0 ? std::string_view("fz0") : keep_view("fz" + std::to_string(i)); break;
        default: r.nid = keep_view("fz" + std::to_string(i)); break;
        }
        switch (d(4)) {
        case 1: r.reference = keep_view(std::string(4097, 'r')); break;
        case 2: r.reference = "\xFF"; break;
        case 3: r.reference = std::string_view(nullptr, 2); break;
        default: r.reference = "test"; break;
        }
        rules.push_back(r);
    }
    plugin = urns_plugin_v1{URNS_PLUGIN_ABI, URNS_PLUGIN_CXX_ABI, sizeof(urns::nss::namespace_rules),
                            sizeof(urns::nss::nss_fault), name, nullptr, count, rules.empty() ? nullptr : rules.data()};
}

} // namespace

extern "C" URNS_PLUGIN_EXPORT urns_plugin_v1 const* urns_plugin_entry()
{
    char const* seed = std::getenv("URNS_TEST_FUZZ_SEED");
    make(seed ? std::strtoull(seed, nullptr, 10) : 1);
    return &plugin;
}
