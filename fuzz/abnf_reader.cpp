// SPDX-License-Identifier: BSL-1.0
// libFuzzer target: the ABNF reader and rule-set checks of <urns/abnf.hpp>.
// Input: a grammar text (at most 4096 bytes). Properties: compiling never
// crashes, hangs or throws; every diagnostic lies inside the text, with a
// line and column that agree with its offset, and renders; a grammar that
// compiles knows each of its rules; the strings generate() gives for its
// first rule match it, and its near misses do not, by the automata and by
// the set-of-ends evaluator alike (where the evaluator decides).
#include "fuzz_support.hpp"

#include <urns/abnf.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size)
{
    if (size > 4096)
        return 0;
    std::string_view const text(reinterpret_cast<char const*>(data), size);
    namespace abnf = urns::abnf;
    abnf::compile_options o;
    o.rfc3986_rules = (size & 1) != 0;
    o.step_limit = 20000;
    abnf::grammar const g = abnf::grammar::compile(text, o);
    for (auto const& d : g.diagnostics()) {
        if (d.source != "<abnf>")
            continue;  // a library text's (none expected)
        URNS_FUZZ_CHECK(d.offset <= size, text);
        std::size_t line = 1, column = 1;
        for (std::size_t i = 0; i < d.offset; ++i) {
            if (text[i] == '\n') {
                ++line;
                column = 1;
            } else {
                ++column;
            }
        }
        URNS_FUZZ_CHECK(d.line == line && d.column == column, text);
        URNS_FUZZ_CHECK(!abnf::to_string(d, text).empty(), text);
    }
    if (!g.ok())
        return 0;
    auto const names = g.rule_names();
    URNS_FUZZ_CHECK(!names.empty(), text);
    for (auto const& n : names)
        URNS_FUZZ_CHECK(g.has_rule(n) && g.canonical_name(n) == n, text);
    abnf::compile_options off = o;
    off.automata = false;
    abnf::grammar const ref = abnf::grammar::compile(text, off);
    abnf::matcher const m(ref, names.front());
    for (auto const& s : abnf::generate(g, names.front(), 4, {size, 24, false})) {
        URNS_FUZZ_CHECK(abnf::matches(g, names.front(), s) && s.size() <= 24, text);
        auto const e = m.match(s);
        URNS_FUZZ_CHECK(e.state == abnf::match_result::status::matched || e.state == abnf::match_result::status::undecided,
                        text);
    }
    for (auto const& s : abnf::generate(g, names.front(), 4, {size, 24, true})) {
        URNS_FUZZ_CHECK(!abnf::matches(g, names.front(), s), text);
        URNS_FUZZ_CHECK(m.match(s).state != abnf::match_result::status::matched, text);
    }
    return 0;
}
