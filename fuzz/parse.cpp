// SPDX-License-Identifier: BSL-1.0
// libFuzzer target: parse_urn in one syntax (URNS_FUZZ_SYNTAX, set by
// fuzz/CMakeLists.txt), with the properties of fuzz_support.hpp: spans
// inside the input that rebuild it byte for byte, only the syntax's own
// components, a well-formed error otherwise; plus urn::parse agreeing.
#include "fuzz_support.hpp"

#include <urns/urns.hpp>

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size)
{
    constexpr urns::syntax syn = urns::syntax::URNS_FUZZ_SYNTAX;
    std::string_view const s(reinterpret_cast<char const*>(data), size);
    auto const r = urns_fuzz::parse_checked(s, syn);
    auto const owned = urns::urn::parse(s, syn);
    URNS_FUZZ_CHECK(owned.has_value() == r.has_value(), s);
    if (owned) {
        URNS_FUZZ_CHECK(owned->buffer() == s, s);
        URNS_FUZZ_CHECK(owned->nss() == r->nss() && owned->fragment() == r->fragment(), s);
        // The owning copy's view parses to the same parts.
        urns_fuzz::check_view(owned->buffer(), syn, owned->view());
    } else {
        URNS_FUZZ_CHECK(owned.error() == r.error(), s);
    }
    return 0;
}
