// SPDX-License-Identifier: BSL-1.0
// X3-free: the bit-set evaluator of matches() for inputs under 256 bytes,
// and evaluate(), which takes it where the input fits and the general
// evaluator (evaluator.cpp) otherwise.
#include "abnf/evaluator.hpp"

#include <algorithm>
#include <cstring>

namespace urns {
namespace abnf {
namespace detail {

namespace {

/** matches()' evaluator for inputs of fewer than 64 x W bytes: the same
    end-position sets as `evaluator`, as bit sets (bit p: position p), so
    that uniting is an OR and a set of one position costs no allocation.
    Byte classes are one table test, a repetition of a byte class is a scan
    whose count range is resolved arithmetically, and only the nodes
    plan.cpp chose are memoized. Steps: every evaluation of a node at a
    position, every end position a composite node produces, every byte a
    class repetition scans.
*/
template <unsigned W>
class bit_evaluator {
public:
    struct mask {
        std::uint64_t w[W];
    };

    using memory = stamped_table<mask>;

    bit_evaluator(grammar_impl const& g, std::string_view in, std::size_t limit, memory& m)
        : g_(g), p_(g.plan), in_(reinterpret_cast<unsigned char const*>(in.data())),
          n_(static_cast<std::uint32_t>(in.size())), limit_(limit), m_(m)
    {
        m_.start(std::size_t(p_.fmemo_slots) * (n_ + 1));
    }

    static bool fits(grammar_impl const& g, std::size_t n)
    {
        return n < 64 * W && std::size_t(g.plan.fmemo_slots) * (n + 1) <= flat_entries;
    }

    decision run(std::uint32_t body)
    {
        mask const r = eval(body, 0);
        if (stopped_)
            return decision::undecided;
        return has_bit(r, n_) ? decision::yes : decision::no;
    }

private:
    grammar_impl const& g_;
    bit_plan const& p_;
    unsigned char const* in_;
    std::uint32_t n_;
    std::size_t limit_;
    memory& m_;
    bool stopped_ = false;
    std::size_t steps_ = 0;
    std::size_t depth_ = 0;

    static mask empty() { return mask{}; }
    static mask single(std::uint32_t p)
    {
        mask r{};
        r.w[p >> 6] = std::uint64_t(1) << (p & 63);
        return r;
    }
    static bool has_bit(mask const& m, std::uint32_t p) { return (m.w[p >> 6] >> (p & 63)) & 1; }
    static bool none_in(mask const& m)
    {
        std::uint64_t o = 0;
        for (unsigned i = 0; i < W; ++i)
            o |= m.w[i];
        return o == 0;
    }
    static void unite(mask& a, mask const& b)
    {
        for (unsigned i = 0; i < W; ++i)
            a.w[i] |= b.w[i];
    }
    static std::size_t popcount(mask const& m)
    {
        std::size_t c = 0;
        for (unsigned i = 0; i < W; ++i)
            c += static_cast<std::size_t>(__builtin_popcountll(m.w[i]));
        return c;
    }
    /// Positions lo..hi (inclusive).
    static mask range(std::uint32_t lo, std::uint32_t hi)
    {
        mask r{};
        for (unsigned i = 0; i < W; ++i) {
            std::uint32_t const b = 64 * i, e = b + 63;
            if (hi < b || lo > e)
                continue;
            std::uint32_t const from = std::max(lo, b) - b, to = std::min(hi, e) - b;
            std::uint64_t const upto = to == 63 ? ~std::uint64_t(0) : (std::uint64_t(1) << (to + 1)) - 1;
            r.w[i] = upto & ~((std::uint64_t(1) << from) - 1);
        }
        return r;
    }
    void count(std::size_t k)
    {
        steps_ += k;
        if (steps_ > limit_)
            stopped_ = true;
    }
    bool in_class(std::uint32_t c, std::uint32_t pos) const { return has(p_.classes[c], in_[pos]); }

    bool str_at(node const& nd, std::uint32_t pos) const
    {
        std::string const& t = g_.strs[nd.str.text];
        if (n_ - pos < t.size())
            return false;
        if (nd.str.sensitive)
            return std::memcmp(in_ + pos, t.data(), t.size()) == 0;
        for (std::size_t i = 0; i < t.size(); ++i)
            if (lower(static_cast<char>(in_[pos + i])) != t[i])
                return false;
        return true;
    }

    /// Whether fixed sequence `s` matches at pos.
    bool seq_at(std::uint32_t s, std::uint32_t pos) const
    {
        for (auto const& it : p_.seqs[s]) {
            if (it.str) {
                node const& nd = g_.nodes[it.index];
                if (!str_at(nd, pos))
                    return false;
                pos += static_cast<std::uint32_t>(g_.strs[nd.str.text].size());
            } else {
                if (pos >= n_ || !in_class(it.index, pos))
                    return false;
                ++pos;
            }
        }
        return true;
    }

    mask eval(std::uint32_t id, std::uint32_t pos)
    {
        if (stopped_ || ++steps_ > limit_) {
            stopped_ = true;
            return empty();
        }
        std::uint32_t const c = p_.cls[id];
        if (c != none)
            return pos < n_ && in_class(c, pos) ? single(pos + 1) : empty();
        std::uint32_t const f = p_.first[id];
        if (f != none && (pos == n_ || !in_class(f, pos)))
            return empty();
        if (p_.seq[id] != none)
            return seq_at(p_.seq[id], pos) ? single(pos + p_.seq_len[id]) : empty();
        node const& nd = g_.nodes[id];
        switch (nd.kind) {
        case op::str:
            return str_at(nd, pos) ? single(pos + static_cast<std::uint32_t>(g_.strs[nd.str.text].size())) : empty();
        case op::utf8: {
            std::uint32_t cp = 0, len = 0;
            if (decode_utf8(in_, n_, pos, cp, len) && cp >= nd.utf8.lo && cp <= nd.utf8.hi)
                return single(pos + len);
            return empty();
        }
        case op::ref: {
            if (++depth_ > max_depth) {
                stopped_ = true;
                return empty();
            }
            mask const r = eval(g_.rules[nd.ref.target].body, pos);
            --depth_;
            return r;
        }
        case op::alt:
        case op::cat:
        case op::rep: break;
        default: return empty();  // bytes are classes; prose never matches
        }
        std::uint32_t const slot = p_.fmemo[id];
        if (slot == none)
            return compute(nd, pos);
        std::size_t const k = std::size_t(slot) * (n_ + 1) + pos;
        if (m_.has(k))
            return m_.get(k);
        mask const r = compute(nd, pos);
        m_.set(k, r);
        return r;
    }

    /// The union of ends(kid, p) for p in cur.
    mask step(std::uint32_t kid, mask const& cur)
    {
        mask next{};
        for (unsigned i = 0; i < W; ++i)
            for (std::uint64_t w = cur.w[i]; w; w &= w - 1) {
                unite(next, eval(kid, 64 * i + static_cast<std::uint32_t>(__builtin_ctzll(w))));
                if (stopped_)
                    return next;
            }
        return next;
    }

    mask compute(node const& nd, std::uint32_t pos)
    {
        if (++depth_ > max_depth) {
            stopped_ = true;
            return empty();
        }
        mask out{};
        switch (nd.kind) {
        case op::alt:
            for (std::uint32_t k = 0; k < nd.list.count && !stopped_; ++k)
                unite(out, eval(g_.kids[nd.list.first + k], pos));
            count(popcount(out));
            break;
        case op::cat: {
            out = single(pos);
            for (std::uint32_t k = 0; k < nd.list.count && !stopped_; ++k) {
                out = step(g_.kids[nd.list.first + k], out);
                if (none_in(out))
                    break;
            }
            count(popcount(out));
            break;
        }
        case op::rep: {
            std::uint32_t const c = p_.cls[nd.rep.kid];
            if (c != none) {
                // Each repetition takes one byte: k repetitions end at pos + k
                // while the bytes are in the class.
                std::uint32_t const lim = static_cast<std::uint32_t>(std::min<std::uint64_t>(nd.rep.max, n_ - pos));
                std::uint32_t len = 0;
                while (len < lim && in_class(c, pos + len))
                    ++len;
                count(len);
                if (len >= nd.rep.min)
                    out = range(pos + nd.rep.min, pos + len);
                break;
            }
            if (p_.seq[nd.rep.kid] != none) {
                // Each repetition takes the same bytes: k repetitions end
                // at pos + k x len while the sequence matches.
                std::uint32_t const s = p_.seq[nd.rep.kid], step_len = p_.seq_len[nd.rep.kid];
                std::uint32_t k = 0, p = pos;
                for (; k < nd.rep.max && n_ - p >= step_len && seq_at(s, p); ++k)
                    p += step_len;
                count(k);
                if (k >= nd.rep.min)
                    for (std::uint32_t j = nd.rep.min; j <= k; ++j)
                        out.w[(pos + j * step_len) >> 6] |= std::uint64_t(1) << ((pos + j * step_len) & 63);
                break;
            }
            mask cur = single(pos);
            std::uint32_t i = 0;
            for (; i < nd.rep.min && !none_in(cur) && !stopped_; ++i)
                cur = step(nd.rep.kid, cur);
            if (i < nd.rep.min || stopped_)
                break;
            // From here each count may end the repetition; a position
            // reached at a lower count has been or will be explored.
            mask reached = cur;
            while (!none_in(cur) && i < nd.rep.max && !stopped_) {
                mask const next = step(nd.rep.kid, cur);
                ++i;
                for (unsigned w = 0; w < W; ++w)
                    cur.w[w] = next.w[w] & ~reached.w[w];
                unite(reached, cur);
                count(popcount(cur));
            }
            out = reached;
            count(popcount(out));
            break;
        }
        default: break;
        }
        --depth_;
        return stopped_ ? empty() : out;
    }
};

template <unsigned W>
decision bit_run(grammar_impl const& g, std::uint32_t body, std::string_view in, std::size_t limit)
{
    thread_local typename bit_evaluator<W>::memory m;
    bit_evaluator<W> ev(g, in, limit, m);
    return ev.run(body);
}

} // namespace

decision evaluate(grammar_impl const& g, std::uint32_t body, std::string_view in, std::size_t limit)
{
    if (bit_evaluator<1>::fits(g, in.size()))
        return bit_run<1>(g, body, in, limit);
    if (bit_evaluator<2>::fits(g, in.size()))
        return bit_run<2>(g, body, in, limit);
    if (bit_evaluator<4>::fits(g, in.size()))
        return bit_run<4>(g, body, in, limit);
    evaluator ev(g, in, limit, false, thread_scratch());
    set_ref const ends = ev.eval(body, 0);
    if (ev.stopped())
        return decision::undecided;
    return ev.contains(ends, static_cast<std::uint32_t>(in.size())) ? decision::yes : decision::no;
}

} // namespace detail
} // namespace abnf
} // namespace urns
