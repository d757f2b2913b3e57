// SPDX-License-Identifier: BSL-1.0
// libFuzzer target: matching with <urns/abnf.hpp>. Input: a grammar, a NUL
// byte, then the subject (grammar at most 2048 bytes, subject at most 512).
// Each of the grammar's first three rules is matched against the subject
// with a step limit of 20000, by the automata (where the rule is regular)
// and by the set-of-ends evaluator (compile_options::automata = false).
// Properties: no crash, hang or throw; matches() and matcher::check()
// agree with match() (the same limit); a regular rule is never undecided;
// where the evaluator decides, the two readings give the same state,
// offset, expected names and spans; a match's tree spans start with the
// rule over the whole input, lie inside the input, come in preorder and
// nest by depth; a failure's offset lies inside the input and names what
// was expected.
#include "fuzz_support.hpp"

#include <urns/abnf.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size)
{
    auto const* nul = static_cast<std::uint8_t const*>(std::memchr(data, 0, size));
    if (!nul)
        return 0;
    std::string_view const all(reinterpret_cast<char const*>(data), size);
    std::string_view const text = all.substr(0, static_cast<std::size_t>(nul - data));
    std::string_view const in = all.substr(text.size() + 1);
    if (text.size() > 2048 || in.size() > 512)
        return 0;
    namespace abnf = urns::abnf;
    abnf::compile_options o;
    o.step_limit = 20000;
    o.warn_unused = false;
    abnf::grammar const g = abnf::grammar::compile(text, o);
    if (!g.ok())
        return 0;
    abnf::compile_options off = o;
    off.automata = false;
    abnf::grammar const ref = abnf::grammar::compile(text, off);
    auto const names = g.rule_names();
    for (std::size_t k = 0; k < names.size() && k < 3; ++k) {
        abnf::match_options mo;
        mo.tree = true;
        abnf::match_result const r = abnf::match(g, names[k], in, mo);
        using status = abnf::match_result::status;
        URNS_FUZZ_CHECK(r.state != status::no_rule, all);
        abnf::matcher const m(g, names[k]);
        if (m.regular())
            URNS_FUZZ_CHECK(r.state != status::undecided && !r.spans_undecided, all);
        if (r.state != status::undecided) {
            URNS_FUZZ_CHECK(abnf::matches(g, names[k], in) == (r.state == status::matched), all);
            abnf::matcher::outcome const c = m.check(in);
            URNS_FUZZ_CHECK(c.state == r.state && c.offset == r.offset &&
                                std::equal(r.expected.begin(), r.expected.end(), c.expected, c.expected + c.expected_count),
                            all);
        }
        abnf::match_result const e = abnf::match(ref, names[k], in, mo);
        if (e.state != status::undecided && !e.spans_undecided && r.state != status::undecided) {
            URNS_FUZZ_CHECK(e.state == r.state && e.offset == r.offset && e.expected == r.expected, all);
            URNS_FUZZ_CHECK(e.spans.size() == r.spans.size(), all);
            for (std::size_t i = 0; i < e.spans.size() && i < r.spans.size(); ++i)
                URNS_FUZZ_CHECK(e.spans[i].rule == r.spans[i].rule && e.spans[i].begin == r.spans[i].begin &&
                                    e.spans[i].end == r.spans[i].end && e.spans[i].depth == r.spans[i].depth,
                                all);
        }
        if (r.state == status::matched) {
            URNS_FUZZ_CHECK(r.offset == in.size(), all);
            URNS_FUZZ_CHECK(!r.spans.empty() && r.spans[0].begin == 0 && r.spans[0].end == in.size() &&
                                r.spans[0].depth == 0,
                            all);
            std::vector<abnf::span> open;  // the enclosing spans
            for (auto const& s : r.spans) {
                URNS_FUZZ_CHECK(s.begin <= s.end && s.end <= in.size(), all);
                while (open.size() > s.depth)
                    open.pop_back();
                URNS_FUZZ_CHECK(open.size() == s.depth, all);
                if (!open.empty())
                    URNS_FUZZ_CHECK(open.back().begin <= s.begin && s.end <= open.back().end, all);
                open.push_back(s);
            }
        } else if (r.state == status::no_match) {
            URNS_FUZZ_CHECK(r.offset <= in.size() && r.spans.empty(), all);
        }
    }
    return 0;
}
