// SPDX-License-Identifier: BSL-1.0
// libFuzzer target: find_urns (include/urns/extract.hpp). Input: one byte
// choosing the syntax, the mode and uri_context, then the text.
// Properties: every match lies inside the text, in order, without overlap;
// its view is the text's own bytes and is what parse_urn gives for them
// (every match parses on its own, with the same spans: NID, NSS, query,
// r-, q-component, fragment, each present or not, at the same bytes);
// iterating twice gives the same matches (offset and length).
#include "fuzz_support.hpp"

#include <urns/extract.hpp>
#include <urns/urns.hpp>

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

namespace {

/// Both views have the same components, each at the same bytes.
bool same_spans(urns::urn_view const& a, urns::urn_view const& b)
{
    auto same = [](std::string_view x, std::string_view y) { return x.data() == y.data() && x.size() == y.size(); };
    return same(a.nid(), b.nid()) && same(a.nss(), b.nss()) && a.has_query() == b.has_query() &&
           same(a.query(), b.query()) && a.has_r_component() == b.has_r_component() &&
           same(a.r_component(), b.r_component()) && a.has_q_component() == b.has_q_component() &&
           same(a.q_component(), b.q_component()) && a.has_fragment() == b.has_fragment() &&
           same(a.fragment(), b.fragment());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size)
{
    if (size < 1)
        return 0;
    urns::extract_options opts;
    opts.syntax = static_cast<urns::syntax>(data[0] % 3);
    opts.mode = (data[0] & 0x10) ? urns::extract_mode::strict : urns::extract_mode::prose;
    opts.uri_context = (data[0] & 0x20) != 0;
    std::string_view const text(reinterpret_cast<char const*>(data + 1), size - 1);

    std::vector<std::pair<std::size_t, std::size_t>> found;
    std::size_t end_of_last = 0;
    for (urns::urn_match const& m : urns::find_urns(text, opts)) {
        found.emplace_back(m.offset, m.length);
        URNS_FUZZ_CHECK(m.offset >= end_of_last && m.length > 0, text);
        URNS_FUZZ_CHECK(m.offset <= text.size() && m.length <= text.size() - m.offset, text);
        end_of_last = m.offset + m.length;
        std::string_view const s = text.substr(m.offset, m.length);
        URNS_FUZZ_CHECK(m.view.buffer().data() == s.data() && m.view.buffer().size() == s.size(), text);
        auto const alone = urns_fuzz::parse_checked(s, opts.syntax);
        if (!alone)
            urns_fuzz::fail("a match of find_urns does not parse on its own", text, s);
        urns_fuzz::check_view(s, opts.syntax, m.view);
        if (!same_spans(*alone, m.view))
            urns_fuzz::fail("a match of find_urns has other spans than parse_urn gives", text, s);
    }
    // A second pass finds the same matches.
    auto const range = urns::find_urns(text, opts);
    std::size_t again = 0;
    for (auto it = range.begin(); it != range.end(); ++it, ++again)
        URNS_FUZZ_CHECK(again < found.size() && it->offset == found[again].first &&
                            it->length == found[again].second,
                        text);
    URNS_FUZZ_CHECK(again == found.size(), text);
    return 0;
}
