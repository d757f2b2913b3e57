// SPDX-License-Identifier: BSL-1.0
// X3-free: one derivation from the evaluator's sets of ends (derive.hpp),
// chosen deterministically, top down (docs/abnf.md, "Spans"):
//   - an alternation takes its first alternative that can cover the span;
//   - a repetition takes the most repetitions that cover it, every
//     repetition past the minimum count non-empty;
//   - a concatenation (and a repetition's parts) gives each part, left to
//     right, the longest span that lets the rest cover what remains.
#include "abnf/derive.hpp"

#include <algorithm>

namespace urns {
namespace abnf {
namespace detail {

namespace {

class deriver {
public:
    deriver(grammar_impl const& g, evaluator& ev, std::vector<char> const& want, std::vector<span>& out)
        : g_(g), ev_(ev), want_(want), out_(out)
    {
    }

    bool run(std::uint32_t id, std::uint32_t b, std::uint32_t e, std::size_t depth)
    {
        if (ev_.stopped() || ++nesting_ > max_depth)
            return false;
        bool const ok = walk(id, b, e, depth);
        --nesting_;
        return ok && !ev_.stopped();
    }

private:
    grammar_impl const& g_;
    evaluator& ev_;
    std::vector<char> const& want_;
    std::vector<span>& out_;
    std::size_t nesting_ = 0;

    std::vector<std::uint32_t> ends(std::uint32_t id, std::uint32_t p)
    {
        set_ref const r = ev_.eval(id, p);
        std::uint32_t const* d = ev_.data(r);
        return std::vector<std::uint32_t>(d, d + r.len);
    }

    /// Splits b..e over `parts` (kid per part), each part as long as the
    /// rest allows; parts at index >= nonempty_from must not be empty.
    bool sequence(std::vector<std::uint32_t> const& parts, std::uint32_t b, std::uint32_t e, std::size_t nonempty_from,
                  std::size_t depth)
    {
        std::size_t const m = parts.size();
        std::vector<std::vector<std::uint32_t>> fwd(m + 1);
        fwd[0] = {b};
        for (std::size_t i = 0; i < m; ++i) {
            std::vector<std::uint32_t> next;
            for (std::uint32_t p : fwd[i])
                for (std::uint32_t x : ends(parts[i], p))
                    if (x <= e && (i < nonempty_from || x > p))
                        next.push_back(x);
            std::sort(next.begin(), next.end());
            next.erase(std::unique(next.begin(), next.end()), next.end());
            ev_.count(next.size());
            ev_.hold(next.size() * sizeof(std::uint32_t));
            fwd[i + 1] = std::move(next);
            if (ev_.stopped())
                return false;
        }
        // Backward: positions from which the rest reaches e.
        std::vector<std::vector<std::uint32_t>> ok(m + 1);
        ok[m] = {e};
        for (std::size_t i = m; i-- > 0;) {
            for (std::uint32_t p : fwd[i]) {
                for (std::uint32_t x : ends(parts[i], p))
                    if ((i < nonempty_from || x > p) && std::binary_search(ok[i + 1].begin(), ok[i + 1].end(), x)) {
                        ok[i].push_back(p);
                        break;
                    }
            }
            ev_.count(ok[i].size());
        }
        if (!std::binary_search(ok[0].begin(), ok[0].end(), b))
            return false;
        std::uint32_t cur = b;
        for (std::size_t i = 0; i < m; ++i) {
            std::uint32_t best = none;
            for (std::uint32_t x : ends(parts[i], cur))
                if ((i < nonempty_from || x > cur) && std::binary_search(ok[i + 1].begin(), ok[i + 1].end(), x))
                    best = x;  // ascending: the last is the longest
            if (best == none || !run(parts[i], cur, best, depth))
                return false;
            cur = best;
        }
        return true;
    }

    bool walk(std::uint32_t id, std::uint32_t b, std::uint32_t e, std::size_t depth)
    {
        node const& nd = g_.nodes[id];
        switch (nd.kind) {
        case op::ref: {
            std::size_t d = depth;
            if (want_[nd.ref.target]) {
                out_.push_back({g_.rules[nd.ref.target].name, b, e, depth});
                ++d;
            }
            return run(g_.rules[nd.ref.target].body, b, e, d);
        }
        case op::alt:
            for (std::uint32_t k = 0; k < nd.list.count; ++k)
                if (ev_.contains(ev_.eval(g_.kids[nd.list.first + k], b), e))
                    return run(g_.kids[nd.list.first + k], b, e, depth);
            return false;
        case op::cat: {
            std::vector<std::uint32_t> parts(g_.kids.begin() + nd.list.first,
                                             g_.kids.begin() + nd.list.first + nd.list.count);
            return sequence(parts, b, e, parts.size(), depth);
        }
        case op::rep: {
            // The count: the most repetitions, those past the minimum non-empty.
            std::vector<std::uint32_t> level{b};
            std::uint32_t best = none;
            std::uint64_t const cap = std::min<std::uint64_t>(nd.rep.max, std::uint64_t(nd.rep.min) + (e - b));
            if (nd.rep.min == 0 && b == e)
                best = 0;
            for (std::uint64_t i = 1; i <= cap && !level.empty(); ++i) {
                std::vector<std::uint32_t> next;
                for (std::uint32_t p : level)
                    for (std::uint32_t x : ends(nd.rep.kid, p))
                        if (x <= e && (i <= nd.rep.min || x > p))
                            next.push_back(x);
                std::sort(next.begin(), next.end());
                next.erase(std::unique(next.begin(), next.end()), next.end());
                ev_.count(next.size() + 1);
                if (ev_.stopped())
                    return false;
                level = std::move(next);
                if (i >= nd.rep.min && std::binary_search(level.begin(), level.end(), e))
                    best = static_cast<std::uint32_t>(i);
            }
            if (best == none)
                return false;
            ev_.hold(std::size_t(best) * sizeof(std::uint32_t));
            std::vector<std::uint32_t> parts(best, nd.rep.kid);
            return sequence(parts, b, e, nd.rep.min, depth);
        }
        default: return true;  // a terminal
        }
    }
};

} // namespace

bool derive(grammar_impl const& g, evaluator& ev, std::vector<char> const& want, std::uint32_t body,
            std::uint32_t n, std::size_t depth, std::vector<span>& out)
{
    deriver dv(g, ev, want, out);
    return dv.run(body, 0, n, depth);
}

} // namespace detail
} // namespace abnf
} // namespace urns
