// SPDX-License-Identifier: BSL-1.0
// X3-free: the general set-of-ends evaluator (evaluator.hpp), with sorted
// vectors; the bit-set one is bit_evaluator.cpp.
#include "abnf/evaluator.hpp"

#include <algorithm>
#include <cstring>
#include <iterator>

namespace urns {
namespace abnf {
namespace detail {

namespace {

constexpr std::size_t map_entry_bytes = 64; ///< what one entry of the memo's map holds, about

} // namespace

scratch& thread_scratch()
{
    thread_local scratch s;
    return s;
}

evaluator::evaluator(grammar_impl const& g, std::string_view in, std::size_t limit, bool track, scratch& s)
    : g_(g), in_(in), n_(static_cast<std::uint32_t>(in.size())), limit_(limit), memory_limit_(memory_budget(in.size())),
      track_(track), s_(s)
{
    s_.arena.clear();
    s_.arena.push_back(0);  // offset 0 is never a set
    std::size_t const entries = std::size_t(g.memo_slots) * (n_ + 1);
    flat_ = entries <= flat_entries;
    if (flat_)
        s_.memo.start(entries);
    else
        s_.big.clear();
}

evaluator::~evaluator()
{
    // A long input's memory goes back now, not when the thread ends.
    if (s_.arena.capacity() > (std::size_t(1) << 20))
        std::vector<std::uint32_t>().swap(s_.arena);
    if (!flat_) {
        std::unordered_map<std::uint64_t, set_ref>().swap(s_.big);
        s_.bufs.clear();
    }
}

set_ref evaluator::eval(std::uint32_t id, std::uint32_t pos)
{
    if (stopped_)
        return {};
    if (++steps_ > limit_) {
        stopped_ = true;
        return {};
    }
    node const& nd = g_.nodes[id];
    switch (nd.kind) {
    case op::bytes: {
        if (pos < n_ && has(g_.sets[nd.bytes.set], static_cast<unsigned char>(in_[pos])))
            return one(pos + 1);
        fail(pos, nd.rule);
        return {};
    }
    case op::str: {
        std::string const& t = g_.strs[nd.str.text];
        if (n_ - pos >= t.size()) {
            bool same = true;
            if (nd.str.sensitive)
                same = std::memcmp(in_.data() + pos, t.data(), t.size()) == 0;
            else
                for (std::size_t i = 0; i < t.size() && same; ++i)
                    same = lower(in_[pos + i]) == t[i];
            if (same)
                return one(pos + static_cast<std::uint32_t>(t.size()));
        }
        fail(pos, nd.rule);
        return {};
    }
    case op::utf8: {
        std::uint32_t cp = 0, len = 0;
        if (decode_utf8(reinterpret_cast<unsigned char const*>(in_.data()), n_, pos, cp, len) && cp >= nd.utf8.lo &&
            cp <= nd.utf8.hi)
            return one(pos + len);
        fail(pos, nd.rule);
        return {};
    }
    case op::prose: fail(pos, nd.rule); return {};
    case op::ref: {
        if (++depth_ > max_depth) {
            stopped_ = true;
            return {};
        }
        set_ref const r = eval(g_.rules[nd.ref.target].body, pos);
        --depth_;
        return r;
    }
    default: break;
    }
    // A composite node: memoized.
    std::uint32_t const memo = g_.memo[id];
    if (flat_) {
        std::size_t const k = std::size_t(memo) * (n_ + 1) + pos;
        if (s_.memo.has(k))
            return s_.memo.get(k);
        set_ref const r = compute(nd, pos);
        s_.memo.set(k, r);
        return r;
    }
    std::uint64_t const key = std::uint64_t(memo) * (n_ + 1) + pos;
    auto it = s_.big.find(key);
    if (it != s_.big.end())
        return it->second;
    set_ref const r = compute(nd, pos);
    if (!stopped_) {
        s_.big.emplace(key, r);
        over_memory();
    }
    return r;
}

bool evaluator::contains(set_ref r, std::uint32_t e) const
{
    auto b = s_.arena.begin() + r.off, en = b + r.len;
    return std::binary_search(b, en, e);
}

void evaluator::fail_end(std::uint32_t pos)
{
    if (!track_)
        return;
    if (pos > far_ || !any_) {
        far_ = pos;
        any_ = true;
        far_rules_.clear();
        far_end_ = false;
    }
    if (pos == far_)
        far_end_ = true;
}

void evaluator::count(std::size_t k)
{
    steps_ += k;
    if (steps_ > limit_)
        stopped_ = true;
}

void evaluator::hold(std::size_t bytes)
{
    held_ += bytes;
    over_memory();
}

bool evaluator::over_memory()
{
    std::size_t const used = s_.arena.size() * sizeof(std::uint32_t) + (flat_ ? 0 : s_.big.size() * map_entry_bytes) + held_;
    if (used > memory_limit_)
        stopped_ = true;
    return stopped_;
}

set_ref evaluator::one(std::uint32_t e)
{
    set_ref r{static_cast<std::uint32_t>(s_.arena.size()), 1};
    s_.arena.push_back(e);
    return r;
}

set_ref evaluator::store(std::vector<std::uint32_t> const& v)
{
    if (v.empty())
        return {};
    count(v.size());
    set_ref r{static_cast<std::uint32_t>(s_.arena.size()), static_cast<std::uint32_t>(v.size())};
    s_.arena.insert(s_.arena.end(), v.begin(), v.end());
    over_memory();
    return r;
}

void evaluator::fail(std::uint32_t pos, std::uint32_t rule)
{
    if (!track_)
        return;
    if (pos > far_ || !any_) {
        far_ = pos;
        any_ = true;
        far_rules_.clear();
        far_end_ = false;
    }
    if (pos == far_ && std::find(far_rules_.begin(), far_rules_.end(), rule) == far_rules_.end())
        far_rules_.push_back(rule);
}

std::vector<std::uint32_t>& evaluator::buf(std::size_t k)
{
    while (s_.bufs.size() <= 3 * depth_ + k)
        s_.bufs.emplace_back();
    return s_.bufs[3 * depth_ + k];
}

namespace {

void sort_unique(std::vector<std::uint32_t>& v)
{
    if (v.size() > 1) {
        std::sort(v.begin(), v.end());
        v.erase(std::unique(v.begin(), v.end()), v.end());
    }
}

} // namespace

void evaluator::step(std::uint32_t kid, std::vector<std::uint32_t> const& cur, std::vector<std::uint32_t>& next)
{
    next.clear();
    for (std::uint32_t p : cur) {
        set_ref const r = eval(kid, p);
        if (stopped_)
            break;
        count(r.len);
        next.insert(next.end(), s_.arena.begin() + r.off, s_.arena.begin() + r.off + r.len);
    }
    sort_unique(next);
}

set_ref evaluator::compute(node const& nd, std::uint32_t pos)
{
    if (++depth_ > max_depth) {
        stopped_ = true;
        --depth_;
        return {};
    }
    set_ref out;
    switch (nd.kind) {
    case op::alt: {
        if (nd.list.count == 1) {
            out = eval(g_.kids[nd.list.first], pos);
            break;
        }
        auto& acc = buf(0);
        acc.clear();
        for (std::uint32_t k = 0; k < nd.list.count; ++k) {
            set_ref const r = eval(g_.kids[nd.list.first + k], pos);
            count(r.len);
            acc.insert(acc.end(), s_.arena.begin() + r.off, s_.arena.begin() + r.off + r.len);
        }
        sort_unique(acc);
        out = store(acc);
        break;
    }
    case op::cat: {
        auto* cur = &buf(0);
        auto* next = &buf(1);
        cur->assign(1, pos);
        for (std::uint32_t k = 0; k < nd.list.count && !cur->empty() && !stopped_; ++k) {
            step(g_.kids[nd.list.first + k], *cur, *next);
            std::swap(cur, next);
        }
        out = store(*cur);
        break;
    }
    case op::rep: {
        auto* cur = &buf(0);
        auto* next = &buf(1);
        auto& reached = buf(2);
        cur->assign(1, pos);
        std::uint32_t i = 0;
        for (; i < nd.rep.min && !cur->empty() && !stopped_; ++i) {
            step(nd.rep.kid, *cur, *next);
            std::swap(cur, next);
        }
        if (i < nd.rep.min || stopped_) {
            out = {};
            break;
        }
        // From here each count may end the repetition; a position
        // reached before (at a lower count) has been or will be explored.
        reached = *cur;
        while (!cur->empty() && i < nd.rep.max && !stopped_) {
            step(nd.rep.kid, *cur, *next);
            ++i;
            // New positions: usually all beyond the last one reached,
            // then appended; otherwise merged, the merge counted as work.
            cur->clear();
            for (std::uint32_t x : *next)
                if (reached.empty() || x > reached.back() || !std::binary_search(reached.begin(), reached.end(), x))
                    cur->push_back(x);
            if (cur->empty())
                break;
            if (reached.empty() || cur->front() > reached.back()) {
                reached.insert(reached.end(), cur->begin(), cur->end());
            } else {
                next->clear();
                std::merge(reached.begin(), reached.end(), cur->begin(), cur->end(), std::back_inserter(*next));
                reached.swap(*next);
                count(reached.size());
            }
            count(cur->size());
        }
        out = store(reached);
        break;
    }
    default: break;
    }
    --depth_;
    return out;
}

} // namespace detail
} // namespace abnf
} // namespace urns
