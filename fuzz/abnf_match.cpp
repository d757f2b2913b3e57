// SPDX-License-Identifier: BSL-1.0
// libFuzzer target: matching with <urns/abnf.hpp>. Input: a grammar, a NUL
// byte, then the subject (grammar at most 2048 bytes, subject at most 512).
// Each of the grammar's first three rules is matched against the subject
// with a step limit of 20000. Properties: no crash, hang or throw;
// matches() agrees with match() (the same limit); a match's tree spans
// start with the rule over the whole input, lie inside the input, come in
// preorder and nest by depth; a failure's offset lies inside the input and
// names what was expected.
#include "fuzz_support.hpp"

#include <urns/abnf.hpp>

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
    auto const names = g.rule_names();
    for (std::size_t k = 0; k < names.size() && k < 3; ++k) {
        abnf::match_options mo;
        mo.tree = true;
        abnf::match_result const r = abnf::match(g, names[k], in, mo);
        using status = abnf::match_result::status;
        URNS_FUZZ_CHECK(r.state != status::no_rule, all);
        if (r.state != status::step_limit)
            URNS_FUZZ_CHECK(abnf::matches(g, names[k], in) == (r.state == status::matched), all);
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
