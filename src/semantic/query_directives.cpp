// SPDX-License-Identifier: BSL-1.0
// Semantic layer (X3-free): whether two draft-03 queries hold the same
// directives (equivalence_mode::rfc2141bis_keep_query, step 5b).
#include "semantic/query_directives.hpp"

#include <algorithm>
#include <cstddef>
#include <string_view>

namespace urns {
namespace detail {

namespace {

/// How many directives of `q` equal `d`, hex case aside.
std::size_t count_equal(std::string_view dq, directive_span d, std::string_view q) noexcept
{
    std::size_t n = 0;
    detail::for_each_directive(q, [&](directive_span e) {
        n += detail::pct_case_equal(d.whole(dq), e.whole(q)) ? 1 : 0;
    });
    return n;
}

/// Whether the directives of two queries are equal one by one, in order
/// (the usual case: then nothing is sorted).
bool same_in_order(std::string_view qa, std::string_view qb) noexcept
{
    std::size_t a = 0, b = 0;
    for (;;) {
        std::size_t const ea = std::min(qa.find('&', a), qa.size());
        std::size_t const eb = std::min(qb.find('&', b), qb.size());
        if (!detail::pct_case_equal(qa.substr(a, ea - a), qb.substr(b, eb - b)))
            return false;
        if (ea == qa.size() || eb == qb.size())
            return ea == qa.size() && eb == qb.size();
        a = ea + 1;
        b = eb + 1;
    }
}

} // namespace

bool same_directives(std::string_view qa, std::string_view qb) noexcept
{
    if (count_directives(qa) != count_directives(qb))
        return false;
    if (same_in_order(qa, qb))
        return true;
    sorted_directives const a(qa), b(qb);
    if (a.ok() && b.ok()) {
        for (std::size_t i = 0; i < a.size(); ++i)
            if (!detail::pct_case_equal(a.begin()[i].whole(qa), b.begin()[i].whole(qb)))
                return false;
        return true;
    }
    bool same = true;
    detail::for_each_directive(qa, [&](directive_span d) {
        if (same && count_equal(qa, d, qa) != count_equal(qa, d, qb))
            same = false;
    });
    return same;
}

} // namespace detail
} // namespace urns
