// libFuzzer target: find_urns (include/urns/extract.hpp). Input: one byte
// choosing the syntax, the mode and uri_context, then the text.
// Properties: every match lies inside the text, in order, without overlap;
// its view is the text's own bytes and is what parse_urn gives for them
// (every match parses on its own, with the same spans); the work counters
// never exceed the text's size; iterating twice gives the same matches.
#include "fuzz_support.hpp"

#include <urns/extract.hpp>
#include <urns/urns.hpp>

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size)
{
    if (size < 1)
        return 0;
    urns::extract_counters counters;
    urns::extract_options opts;
    opts.syntax = static_cast<urns::syntax>(data[0] % 3);
    opts.mode = (data[0] & 0x10) ? urns::extract_mode::strict : urns::extract_mode::prose;
    opts.uri_context = (data[0] & 0x20) != 0;
    opts.counters = &counters;
    std::string_view const text(reinterpret_cast<char const*>(data + 1), size - 1);

    std::size_t n = 0, end_of_last = 0;
    for (urns::urn_match const& m : urns::find_urns(text, opts)) {
        ++n;
        URNS_FUZZ_CHECK(m.offset >= end_of_last && m.length > 0, text);
        URNS_FUZZ_CHECK(m.offset <= text.size() && m.length <= text.size() - m.offset, text);
        end_of_last = m.offset + m.length;
        std::string_view const s = text.substr(m.offset, m.length);
        URNS_FUZZ_CHECK(m.view.buffer().data() == s.data() && m.view.buffer().size() == s.size(), text);
        auto const alone = urns_fuzz::parse_checked(s, opts.syntax);
        if (!alone)
            urns_fuzz::fail("a match of find_urns does not parse on its own", text, s);
        urns_fuzz::check_view(s, opts.syntax, m.view);
        URNS_FUZZ_CHECK(alone->nss() == m.view.nss() && alone->nss().data() == m.view.nss().data(), text);
        URNS_FUZZ_CHECK(alone->has_fragment() == m.view.has_fragment() &&
                            alone->fragment().size() == m.view.fragment().size(),
                        text);
    }
    URNS_FUZZ_CHECK(counters.matches == n, text);
    URNS_FUZZ_CHECK(counters.scanned <= text.size() && counters.parsed <= text.size(), text);

    // A second pass, without counters, finds the same matches.
    opts.counters = nullptr;
    auto const range = urns::find_urns(text, opts);
    std::size_t again = 0;
    for (auto it = range.begin(); it != range.end(); ++it)
        ++again;
    URNS_FUZZ_CHECK(again == n, text);
    return 0;
}
