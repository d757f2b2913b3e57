// SPDX-License-Identifier: BSL-1.0
// X3-free: the bit-set evaluator's plan (plan.hpp), each part a worklist
// fixpoint over the nodes' users (analysis.hpp).
#include "abnf/plan.hpp"

#include <algorithm>
#include <map>

namespace urns {
namespace abnf {
namespace detail {

namespace {

/// The classes of a plan, each once.
class class_table {
public:
    explicit class_table(std::vector<byte_set>& classes) : classes_(classes) {}
    std::uint32_t operator()(byte_set const& s)
    {
        auto const it = index_.find(s);
        if (it != index_.end())
            return it->second;
        auto const i = static_cast<std::uint32_t>(classes_.size());
        classes_.push_back(s);
        index_.emplace(s, i);
        return i;
    }

private:
    std::vector<byte_set>& classes_;
    std::map<byte_set, std::uint32_t> index_;
};

/// The bytes a one-byte string matches (its letter in either case, unless case-sensitive).
byte_set first_bytes_of(grammar_impl const& g, node const& nd)
{
    byte_set s{};
    std::string const& t = g.strs[nd.str.text];
    if (t.empty())
        return s;
    auto const c = static_cast<unsigned char>(t[0]);
    add(s, c);
    if (!nd.str.sensitive && lexical::rfc2141::lower.contains(static_cast<char>(c)))
        add(s, static_cast<unsigned char>(lexical::ascii_upper(static_cast<char>(c))));
    return s;
}

} // namespace

bit_plan make_plan(grammar_impl const& g, node_users const& u, std::vector<char> const& nul)
{
    std::size_t const count = g.nodes.size();
    bit_plan p;
    class_table class_index(p.classes);
    // Classes: nodes that match exactly one byte of a set.
    std::vector<byte_set> set(count);
    std::vector<char> is(count, 0);
    fixpoint(g, u, [&](std::uint32_t i) {
        if (is[i])
            return false;
        node const& nd = g.nodes[i];
        byte_set s{};
        bool v = false;
        switch (nd.kind) {
        case op::bytes:
            s = g.sets[nd.bytes.set];
            v = true;
            break;
        case op::str:
            if (g.strs[nd.str.text].size() == 1) {
                s = first_bytes_of(g, nd);
                v = true;
            }
            break;
        case op::alt:
            v = nd.list.count > 0;
            for (std::uint32_t k = 0; k < nd.list.count && v; ++k) {
                std::uint32_t const kid = g.kids[nd.list.first + k];
                v = is[kid] != 0;
                if (v)
                    unite(s, set[kid]);
            }
            break;
        case op::cat:
            if (nd.list.count == 1 && is[g.kids[nd.list.first]]) {
                s = set[g.kids[nd.list.first]];
                v = true;
            }
            break;
        case op::rep:
            if (nd.rep.min == 1 && nd.rep.max == 1 && is[nd.rep.kid]) {
                s = set[nd.rep.kid];
                v = true;
            }
            break;
        case op::ref: {
            std::uint32_t const body = g.rules[nd.ref.target].body;
            if (body != none && is[body]) {
                s = set[body];
                v = true;
            }
            break;
        }
        default: break;
        }
        if (v) {
            is[i] = 1;
            set[i] = s;
        }
        return v;
    });
    p.cls.assign(count, none);
    for (std::size_t i = 0; i < count; ++i)
        if (is[i])
            p.cls[i] = class_index(set[i]);

    // Fixed sequences: a concatenation of classes and strings (and rules
    // that are one) has one end, at a fixed distance; matched in one loop.
    std::vector<std::vector<bit_plan::item>> items(count);
    std::vector<char> fixed(count, 0);
    std::vector<std::uint32_t> len(count, 0);
    fixpoint(g, u, [&](std::uint32_t i) {
        if (fixed[i])
            return false;
        node const& nd = g.nodes[i];
        bool v = false;
        if (p.cls[i] != none) {
            items[i] = {{false, p.cls[i]}};
            len[i] = 1;
            v = true;
        } else if (nd.kind == op::str) {
            items[i] = {{true, i}};
            len[i] = static_cast<std::uint32_t>(g.strs[nd.str.text].size());
            v = true;
        } else if (nd.kind == op::ref && g.rules[nd.ref.target].body != none && fixed[g.rules[nd.ref.target].body]) {
            items[i] = items[g.rules[nd.ref.target].body];
            len[i] = len[g.rules[nd.ref.target].body];
            v = true;
        } else if (nd.kind == op::cat && nd.list.count > 0) {
            v = true;
            std::size_t total_items = 0;
            std::uint64_t total = 0;
            for (std::uint32_t k = 0; k < nd.list.count && v; ++k) {
                std::uint32_t const kid = g.kids[nd.list.first + k];
                v = fixed[kid] != 0;
                if (v) {
                    total_items += items[kid].size();
                    total += len[kid];
                }
            }
            v = v && total_items <= 64 && total < (1u << 20);
            if (v) {
                for (std::uint32_t k = 0; k < nd.list.count; ++k) {
                    auto const& ki = items[g.kids[nd.list.first + k]];
                    items[i].insert(items[i].end(), ki.begin(), ki.end());
                }
                len[i] = static_cast<std::uint32_t>(total);
            }
        }
        if (v)
            fixed[i] = 1;
        return v;
    });
    p.seq.assign(count, none);
    p.seq_len.assign(count, 0);
    for (std::size_t i = 0; i < count; ++i)
        if (fixed[i] && p.cls[i] == none && len[i] > 0) {
            p.seq[i] = static_cast<std::uint32_t>(p.seqs.size());
            p.seqs.push_back(std::move(items[i]));
            p.seq_len[i] = len[i];
        } else if (p.cls[i] != none) {
            p.seq_len[i] = 1;
        }

    // Cheap subtrees (from "not cheap", so that a recursive rule stays so).
    std::vector<char> cheap(count, 0);
    fixpoint(g, u, [&](std::uint32_t i) {
        if (cheap[i])
            return false;
        node const& nd = g.nodes[i];
        bool v = is[i] != 0;
        switch (nd.kind) {
        case op::bytes:
        case op::str:
        case op::utf8:
        case op::prose: v = true; break;
        case op::rep: v = v || is[nd.rep.kid] || (fixed[nd.rep.kid] && len[nd.rep.kid] > 0); break;
        case op::alt:
        case op::cat:
            v = true;
            for (std::uint32_t k = 0; k < nd.list.count && v; ++k)
                v = cheap[g.kids[nd.list.first + k]] != 0;
            break;
        case op::ref: v = g.rules[nd.ref.target].body != none && cheap[g.rules[nd.ref.target].body]; break;
        }
        cheap[i] = v;
        return v;
    });

    // First bytes: a node that cannot match the empty string fails at once
    // on a byte outside them (for utf8 ranges, every lead byte above 0x7F).
    std::vector<byte_set> first(count);
    fixpoint(g, u, [&](std::uint32_t i) {
        node const& nd = g.nodes[i];
        byte_set s = first[i];
        switch (nd.kind) {
        case op::bytes: unite(s, g.sets[nd.bytes.set]); break;
        case op::str: unite(s, first_bytes_of(g, nd)); break;
        case op::utf8:
            for (unsigned c = 0; c < 0x80; ++c)
                if (c >= nd.utf8.lo && c <= nd.utf8.hi)
                    add(s, c);
            if (nd.utf8.hi >= 0x80)
                for (unsigned c = 0x80; c < 256; ++c)
                    add(s, c);
            break;
        case op::alt:
            for (std::uint32_t k = 0; k < nd.list.count; ++k)
                unite(s, first[g.kids[nd.list.first + k]]);
            break;
        case op::cat:
            for (std::uint32_t k = 0; k < nd.list.count; ++k) {
                std::uint32_t const kid = g.kids[nd.list.first + k];
                unite(s, first[kid]);
                if (!nul[kid])
                    break;
            }
            break;
        case op::rep:
            if (nd.rep.max > 0)
                unite(s, first[nd.rep.kid]);
            break;
        case op::ref:
            if (g.rules[nd.ref.target].body != none)
                unite(s, first[g.rules[nd.ref.target].body]);
            break;
        case op::prose: break;
        }
        if (s == first[i])
            return false;
        first[i] = s;
        return true;
    });
    p.first.assign(count, none);
    for (std::size_t i = 0; i < count; ++i)
        if (!nul[i])
            p.first[i] = class_index(first[i]);
    p.fmemo.assign(count, none);
    for (std::size_t i = 0; i < count; ++i) {
        op const k = g.nodes[i].kind;
        if (!cheap[i] && (k == op::alt || k == op::cat || k == op::rep))
            p.fmemo[i] = p.fmemo_slots++;
    }
    return p;
}

} // namespace detail
} // namespace abnf
} // namespace urns
