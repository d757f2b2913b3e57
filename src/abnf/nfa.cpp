// SPDX-License-Identifier: BSL-1.0
// X3-free: the Thompson automaton of a regular rule (nfa.hpp). It is built
// backwards, each node's states in front of the states that follow it (its
// continuation), with an explicit stack: a chain of rules each naming the
// next is as deep as it is long.
#include "abnf/nfa.hpp"

#include <algorithm>
#include <map>
#include <string>

namespace urns {
namespace abnf {
namespace detail {

void utf8_sequences(std::uint32_t lo, std::uint32_t hi, std::vector<utf8_sequence>& out)
{
    hi = std::min<std::uint32_t>(hi, 0x10FFFF);
    if (lo > hi)
        return;
    // Surrogates have no encoding.
    if (lo <= 0xDFFF && hi >= 0xD800) {
        if (lo < 0xD800)
            utf8_sequences(lo, 0xD7FF, out);
        if (hi > 0xDFFF)
            utf8_sequences(0xE000, hi, out);
        return;
    }
    // One encoded length at a time.
    for (std::uint32_t const top : {0x7Fu, 0x7FFu, 0xFFFFu})
        if (lo <= top && hi > top) {
            utf8_sequences(lo, top, out);
            utf8_sequences(top + 1, hi, out);
            return;
        }
    std::uint32_t const n = utf8_len(lo);
    // Split until every continuation octet but the first differing one
    // spans its whole range (80..BF).
    for (std::uint32_t i = 1; i < n; ++i) {
        std::uint32_t const m = (1u << (6 * i)) - 1;
        if ((lo & ~m) != (hi & ~m)) {
            if ((lo & m) != 0) {
                utf8_sequences(lo, lo | m, out);
                utf8_sequences((lo | m) + 1, hi, out);
                return;
            }
            if ((hi & m) != m) {
                utf8_sequences(lo, (hi & ~m) - 1, out);
                utf8_sequences(hi & ~m, hi, out);
                return;
            }
        }
    }
    std::string a, b;
    put_utf8(a, lo);
    put_utf8(b, hi);
    utf8_sequence s;
    s.len = static_cast<std::uint8_t>(n);
    for (std::uint32_t k = 0; k < n; ++k) {
        s.lo[k] = static_cast<std::uint8_t>(a[k]);
        s.hi[k] = static_cast<std::uint8_t>(b[k]);
    }
    out.push_back(s);
}

void epsilon_closure::operator()(std::vector<std::uint32_t> const& seeds, std::vector<std::uint32_t>& out)
{
    out.clear();
    if (++gen_ == 0) {
        std::fill(stamp_.begin(), stamp_.end(), 0);
        gen_ = 1;
    }
    stack_.assign(seeds.begin(), seeds.end());
    while (!stack_.empty()) {
        std::uint32_t const q = stack_.back();
        stack_.pop_back();
        if (stamp_[q] == gen_)
            continue;
        stamp_[q] = gen_;
        nfa::state const& s = a_.states[q];
        switch (s.k) {
        case nfa::kind::byte:
        case nfa::kind::match: out.push_back(q); break;
        case nfa::kind::split:
            for (std::uint32_t e = s.arg + s.count; e-- > s.arg;)
                stack_.push_back(a_.edges[e]);
            break;
        default: stack_.push_back(s.next); break;
        }
    }
    std::sort(out.begin(), out.end());
}

namespace {

class builder {
public:
    builder(grammar_impl const& g, std::size_t budget, nfa& out) : g_(g), budget_(budget), a_(out) {}

    bool run(std::uint32_t rule)
    {
        a_ = nfa{};
        a_.accept = add(nfa::kind::match);
        stack_.push_back({g_.rules[rule].body, a_.accept});
        while (!stack_.empty() && !over_)
            step();
        if (over_)
            return false;
        a_.start = results_.back();
        return true;
    }

private:
    /// A node to build in front of `out`; `stage`, `cur`, `mark` and
    /// `left` are its progress.
    struct frame {
        std::uint32_t id;
        std::uint32_t out;
        std::uint32_t stage = 0;
        std::uint32_t cur = 0;
        std::uint32_t mark = 0;
        std::uint32_t left = 0;
    };

    grammar_impl const& g_;
    std::size_t budget_;
    nfa& a_;
    std::vector<frame> stack_;
    std::vector<std::uint32_t> results_;  ///< the entry states of built nodes
    std::map<byte_set, std::uint32_t> set_index_;
    bool over_ = false;

    std::uint32_t add(nfa::kind k, std::uint32_t next = none, std::uint32_t arg = 0)
    {
        if (a_.states.size() >= budget_) {
            over_ = true;
            return 0;
        }
        nfa::state s;
        s.k = k;
        s.next = next;
        s.arg = arg;
        a_.states.push_back(s);
        return static_cast<std::uint32_t>(a_.states.size() - 1);
    }

    std::uint32_t set_of(byte_set const& s)
    {
        auto const it = set_index_.find(s);
        if (it != set_index_.end())
            return it->second;
        auto const i = static_cast<std::uint32_t>(a_.sets.size());
        a_.sets.push_back(s);
        set_index_.emplace(s, i);
        return i;
    }

    std::uint32_t byte(byte_set const& s, std::uint32_t next, std::uint32_t rule, std::uint32_t depth)
    {
        std::uint32_t const set = set_of(s);
        std::uint32_t const id = add(nfa::kind::byte, next, set);
        if (!over_) {
            a_.states[id].rule = rule;
            a_.states[id].depth = depth;
        }
        return id;
    }

    std::uint32_t split(std::uint32_t const* entries, std::size_t n)
    {
        std::uint32_t const id = add(nfa::kind::split, none, static_cast<std::uint32_t>(a_.edges.size()));
        if (over_)
            return 0;
        a_.states[id].count = static_cast<std::uint32_t>(n);
        a_.edges.insert(a_.edges.end(), entries, entries + n);
        return id;
    }

    std::uint32_t pop_result()
    {
        std::uint32_t const r = results_.back();
        results_.pop_back();
        return r;
    }

    /// The states of a terminal node in front of `out`.
    std::uint32_t terminal(node const& nd, std::uint32_t out)
    {
        switch (nd.kind) {
        case op::bytes: return byte(g_.sets[nd.bytes.set], out, nd.rule, 0);
        case op::prose: return byte(byte_set{}, out, nd.rule, 0);
        case op::str: {
            std::string const& t = g_.strs[nd.str.text];
            std::uint32_t cur = out;
            for (std::size_t i = t.size(); i-- > 0 && !over_;) {
                byte_set s{};
                auto const c = static_cast<unsigned char>(t[i]);
                add_byte(s, c);
                if (!nd.str.sensitive && lexical::rfc2141::lower.contains(static_cast<char>(c)))
                    add_byte(s, static_cast<unsigned char>(lexical::ascii_upper(static_cast<char>(c))));
                cur = byte(s, cur, nd.rule, static_cast<std::uint32_t>(i));
            }
            return cur;
        }
        case op::utf8: {
            std::vector<utf8_sequence> seqs;
            utf8_sequences(nd.utf8.lo, nd.utf8.hi, seqs);
            if (seqs.empty())
                return byte(byte_set{}, out, nd.rule, 0);
            std::vector<std::uint32_t> entries;
            for (auto const& q : seqs) {
                std::uint32_t cur = out;
                for (std::uint32_t k = q.len; k-- > 0 && !over_;) {
                    byte_set s{};
                    for (unsigned c = q.lo[k]; c <= q.hi[k]; ++c)
                        add_byte(s, c);
                    cur = byte(s, cur, nd.rule, k);
                }
                entries.push_back(cur);
            }
            return entries.size() == 1 ? entries.front() : split(entries.data(), entries.size());
        }
        default: return out;
        }
    }

    static void add_byte(byte_set& s, unsigned c) { detail::add(s, c); }

    void step()
    {
        std::size_t const top = stack_.size() - 1;
        frame f = stack_[top];
        node const& nd = g_.nodes[f.id];
        switch (nd.kind) {
        case op::cat: {
            f.cur = f.stage == 0 ? f.out : pop_result();
            if (f.stage == nd.list.count) {
                results_.push_back(f.cur);
                stack_.pop_back();
                return;
            }
            std::uint32_t const kid = g_.kids[nd.list.first + nd.list.count - 1 - f.stage];
            ++f.stage;
            stack_[top] = f;
            stack_.push_back({kid, f.cur});
            return;
        }
        case op::alt: {
            if (f.stage == 0)
                f.mark = static_cast<std::uint32_t>(results_.size());
            if (f.stage == nd.list.count) {
                std::vector<std::uint32_t> const entries(results_.begin() + f.mark, results_.end());
                results_.resize(f.mark);
                results_.push_back(entries.size() == 1 ? entries.front() : split(entries.data(), entries.size()));
                stack_.pop_back();
                return;
            }
            std::uint32_t const kid = g_.kids[nd.list.first + f.stage];
            ++f.stage;
            stack_[top] = f;
            stack_.push_back({kid, f.out});
            return;
        }
        case op::rep:
            rep(f, nd, top);
            return;
        case op::ref: {
            std::uint32_t const target = nd.ref.target;
            if (f.stage == 0) {
                f.mark = add(nfa::kind::exit, f.out, target);
                f.stage = 1;
                stack_[top] = f;
                stack_.push_back({g_.rules[target].body, f.mark});
                return;
            }
            std::uint32_t const body = pop_result();
            results_.push_back(add(nfa::kind::enter, body, target));
            stack_.pop_back();
            return;
        }
        default:
            results_.push_back(terminal(nd, f.out));
            stack_.pop_back();
            return;
        }
    }

    /// A repetition, backwards: the loop (or the nested options past the
    /// minimum), then the minimum's copies in front of it.
    ///   stage 0: start;  1: the loop's body built;  2: an option's body
    ///   built;  3: a copy of the minimum built.
    void rep(frame f, node const& nd, std::size_t top)
    {
        std::uint32_t const kid = nd.rep.kid;
        switch (f.stage) {
        case 0:
            f.cur = f.out;
            if (nd.rep.max == unbounded) {
                f.mark = add(nfa::kind::split);  // its edges once the body exists
                f.stage = 1;
                stack_[top] = f;
                stack_.push_back({kid, f.mark});
                return;
            }
            f.left = nd.rep.max - nd.rep.min;
            break;
        case 1: {
            std::uint32_t const body = pop_result();
            std::uint32_t const edges[2] = {body, f.out};
            if (!over_) {
                a_.states[f.mark].arg = static_cast<std::uint32_t>(a_.edges.size());
                a_.states[f.mark].count = 2;
                a_.edges.insert(a_.edges.end(), edges, edges + 2);
            }
            f.cur = f.mark;
            f.left = 0;
            break;
        }
        case 2: {
            std::uint32_t const body = pop_result();
            std::uint32_t const edges[2] = {body, f.out};
            f.cur = split(edges, 2);
            --f.left;
            break;
        }
        case 3:
            f.cur = pop_result();
            --f.mark;
            break;
        }
        if (over_)
            return;
        if (f.stage <= 2 && f.left > 0) {
            f.stage = 2;
            stack_[top] = f;
            stack_.push_back({kid, f.cur});
            return;
        }
        if (f.stage <= 2) {
            f.mark = nd.rep.min;  // copies still to build
            f.stage = 3;
        }
        if (f.mark > 0) {
            stack_[top] = f;
            stack_.push_back({kid, f.cur});
            return;
        }
        results_.push_back(f.cur);
        stack_.pop_back();
    }
};

} // namespace

bool build_nfa(grammar_impl const& g, std::uint32_t rule, std::size_t budget, nfa& out)
{
    if (rule >= g.rules.size() || g.rules[rule].body == none)
        return false;
    builder b(g, budget, out);
    return b.run(rule);
}

} // namespace detail
} // namespace abnf
} // namespace urns
