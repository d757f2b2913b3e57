// SPDX-License-Identifier: BSL-1.0
//
// Internal, X3-free: the directives of a draft-03 query (section 2.3,
// `urn-query = directive *("&" directive)`): walked in order, sorted in
// the order equivalence_mode::rfc2141bis_keep_query compares and writes
// them (step 5b), and compared as multisets.
#ifndef URNS_SRC_SEMANTIC_QUERY_DIRECTIVES_HPP
#define URNS_SRC_SEMANTIC_QUERY_DIRECTIVES_HPP

#include "semantic/pct_case.hpp"

#include <algorithm>
#include <cstddef>
#include <memory>
#include <new>
#include <string_view>

namespace urns {
namespace detail {

/** One draft-03 query directive, `keywd "=" value` (section 2.3), as
    offsets into the query string.
*/
struct directive_span {
    std::size_t begin = 0;   ///< the keyword's first character
    std::size_t eq = 0;      ///< the "=" (== end if there is none)
    std::size_t end = 0;     ///< one past the value

    std::string_view whole(std::string_view q) const noexcept { return q.substr(begin, end - begin); }
    std::string_view keyword(std::string_view q) const noexcept { return q.substr(begin, eq - begin); }
    std::string_view value(std::string_view q) const noexcept
    {
        return eq < end ? q.substr(eq + 1, end - eq - 1) : std::string_view();
    }
};

/** Calls `f(directive_span)` for each "&"-separated directive of a draft-03
    query, in order. A view's query has passed the grammar (`urn-query =
    directive *("&" directive)`), so there is no empty directive; the walk
    is still safe on any string.
*/
template <class F>
void for_each_directive(std::string_view q, F&& f)
{
    std::size_t start = 0;
    for (;;) {
        std::size_t amp = q.find('&', start);
        if (amp == std::string_view::npos)
            amp = q.size();
        std::size_t eq = q.find('=', start);
        if (eq == std::string_view::npos || eq > amp)
            eq = amp;
        f(directive_span{start, eq, amp});
        if (amp == q.size())
            return;
        start = amp + 1;
    }
}

/// Ascending keyword, then ascending hex-case-normalized value.
struct directive_less {
    std::string_view q;
    bool operator()(directive_span const& a, directive_span const& b) const noexcept
    {
        std::string_view const ka = a.keyword(q), kb = b.keyword(q);
        if (int c = ka.compare(kb))
            return c < 0;
        return detail::pct_case_compare(a.value(q), b.value(q)) < 0;
    }
};

inline std::size_t count_directives(std::string_view q) noexcept
{
    return static_cast<std::size_t>(std::count(q.begin(), q.end(), '&')) + 1;
}

/// The directives of a query, sorted; on the stack when there are few.
class sorted_directives {
public:
    static constexpr std::size_t inline_capacity = 64;

    explicit sorted_directives(std::string_view q) noexcept : q_(q), n_(count_directives(q))
    {
        if (n_ > inline_capacity) {
            heap_.reset(new (std::nothrow) directive_span[n_]);
            if (!heap_)
                return;   // ok() is false
        }
        directive_span* out = data();
        detail::for_each_directive(q, [&](directive_span d) { *out++ = d; });
        std::sort(data(), data() + n_, directive_less{q_});
    }

    /// False if the array could not be allocated.
    bool ok() const noexcept { return n_ <= inline_capacity || heap_ != nullptr; }
    std::size_t size() const noexcept { return n_; }
    directive_span const* begin() const noexcept { return data(); }
    directive_span const* end() const noexcept { return data() + n_; }

private:
    directive_span* data() noexcept { return heap_ ? heap_.get() : inline_; }
    directive_span const* data() const noexcept { return heap_ ? heap_.get() : inline_; }

    std::string_view q_;
    std::size_t n_;
    directive_span inline_[inline_capacity];
    std::unique_ptr<directive_span[]> heap_;
};

/** Whether two queries hold the same directives, in any order.

    Sorting both is O(n log n); if the offsets of more than 64 directives
    cannot be allocated, the multisets are compared by counting, O(n^2),
    with no memory at all.
*/
bool same_directives(std::string_view qa, std::string_view qb) noexcept;

} // namespace detail
} // namespace urns

#endif
