// SPDX-License-Identifier: BSL-1.0
// libFuzzer target: the differential test. Each input is parsed by
// urns::parse_urn and by the hand-written reference recognizer
// (test/reference/urn_reference.hpp) in all three syntaxes; any difference
// in verdict or in a component's [begin, end) is a failure.
#include "fuzz_support.hpp"
#include "reference/differential.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size)
{
    std::string_view const s(reinterpret_cast<char const*>(data), size);
    for (auto syn : {urns::syntax::rfc2141, urns::syntax::rfc2141bis, urns::syntax::rfc8141}) {
        std::string const d = urns_reference::disagreement(s, syn);
        if (!d.empty())
            urns_fuzz::fail("parse_urn and the reference disagree", s,
                            std::string(urns::to_string(syn)) + ": " + d);
    }
    return 0;
}
