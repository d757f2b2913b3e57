// SPDX-License-Identifier: BSL-1.0
// libFuzzer target: the differential test. Each input is parsed by
// urns::parse_urn and by the hand-written reference recognizer
// (test/reference/urn_reference.hpp) in all three syntaxes; any difference
// in verdict or in a component's [begin, end) is a failure. And parse_urn,
// which tries its fast path first (src/parse/scan.hpp) and answers
// the commonest faults from errors learnt from the grammar (src/parse/learnt_errors.hpp),
// must answer as the grammar alone does: the same verdict, offsets and
// error, field for field. Where the processor has SSSE3 or AVX2, the fast
// path must answer alike with a long NSS read by the tables and a block at
// a time by each. The input read as lines: valid_lines, with each reading,
// gives the run of lines the grammar accepts, and its error for the next.
#include "fuzz_support.hpp"
#include "reference/differential.hpp"

#include "parse/lines.hpp"
#include "parse/scan.hpp"
#include "parse/grammar_entry.hpp"
#include "parse/view_access.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace {

urns::detail::fast::reading const best = urns::detail::fast::best_reading();

/// Whether scan gives the same outcome, parts and fault with a long NSS
/// read by the tables and read a block at a time (`wide`).
bool readings_agree(std::string_view s, urns::syntax syn, urns::detail::fast::reading wide)
{
    namespace fast = urns::detail::fast;
    urns::detail::parts p, pw;
    fast::fault f, fw;
    fast::outcome const o = fast::scan(s, syn, p, f, fast::reading::tables);
    if (fast::scan(s, syn, pw, fw, wide) != o)
        return false;
    if (o == fast::outcome::simple)
        return p == pw;
    if (o == fast::outcome::fault)
        return f == fw;
    return true;
}

/// Whether valid_lines with reading `w` gives the grammar's run of the
/// lines of `s`, and its error for the line after them.
bool lines_agree(std::string_view s, urns::syntax syn, urns::detail::fast::reading w)
{
    urns::line_run want;
    for (;;) {
        std::size_t const nl = s.find('\n', want.bytes);
        if (nl == std::string_view::npos)
            break;
        auto const g = urns::detail::parse_by_grammar(s.substr(want.bytes, nl - want.bytes), syn);
        if (!g) {
            want.refused = g.error();
            break;
        }
        want.bytes = nl + 1;
        ++want.lines;
    }
    urns::line_run const got = urns::detail::valid_lines_read(s, syn, w);
    return got.bytes == want.bytes && got.lines == want.lines && got.refused == want.refused;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size)
{
    std::string_view const s(reinterpret_cast<char const*>(data), size);
    for (auto syn : {urns::syntax::rfc2141, urns::syntax::rfc2141bis, urns::syntax::rfc8141}) {
        std::string const d = urns_reference::disagreement(s, syn);
        if (!d.empty())
            urns_fuzz::fail("parse_urn and the reference disagree", s,
                            std::string(urns::to_string(syn)) + ": " + d);
        auto const r = urns::parse_urn(s, syn);
        auto const g = urns::detail::parse_by_grammar(s, syn);
        bool same = r.has_value() == g.has_value();
        if (same && r) {
            same = urns::detail::view_access::parts_of(*r) == urns::detail::view_access::parts_of(*g);
        } else if (same) {
            same = r.error() == g.error();   // every field, the alternatives and the syntax too
        }
        if (!same)
            urns_fuzz::fail("parse_urn and the grammar alone disagree", s, std::string(urns::to_string(syn)));
        using urns::detail::fast::reading;
        for (reading const w : {reading::ssse3, reading::avx2})
            if (best >= w && !readings_agree(s, syn, w))
                urns_fuzz::fail("the fast path's readings of a long NSS disagree", s,
                                std::string(urns::to_string(syn)) + (w == reading::avx2 ? " (AVX2)" : " (SSSE3)"));
        for (reading const w : {reading::tables, reading::ssse3, reading::avx2})
            if (best >= w && !lines_agree(s, syn, w))
                urns_fuzz::fail("valid_lines and the grammar disagree", s,
                                std::string(urns::to_string(syn)) + (w == reading::avx2    ? " (AVX2)"
                                                                     : w == reading::ssse3 ? " (SSSE3)"
                                                                                           : " (tables)"));
    }
    return 0;
}
