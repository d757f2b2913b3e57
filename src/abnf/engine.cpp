// SPDX-License-Identifier: BSL-1.0
// X3-free: the ABNF engine of <urns/abnf.hpp>. compile() merges the rules
// src/abnf/reader.cpp reads, checks them and flattens them into an array of
// nodes; match() evaluates with ABNF's meaning (docs/abnf.md):
//
//   ends(node, pos) = the sorted set of positions where `node`, started at
//   `pos`, can end, memoized per (node, pos) for every alternation,
//   concatenation and repetition node. A concatenation folds its kids'
//   sets, an alternation unites them, a repetition iterates its count
//   (positions already reached at a lower count are not explored again, so
//   an unbounded `*` stops), terminals are deterministic. Left recursion is
//   rejected when compiling, so no (node, pos) depends on itself.
//
// Every evaluation, and every end position it produces, is a step; past the
// limit, or past a nesting depth that bounds the stack, the match stops
// with status::step_limit. Memory is bounded by the steps.
#include <urns/abnf.hpp>
#include <urns/lexical.hpp>

#include "abnf/ast.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <deque>
#include <functional>
#include <new>
#include <set>
#include <unordered_map>
#include <utility>

namespace urns {
namespace abnf {

namespace detail {

namespace {

constexpr std::uint32_t none = 0xFFFFFFFFu;

char lower(char c) { return lexical::ascii_lower(c); }

std::string lower_of(std::string_view s)
{
    std::string out(s);
    for (char& c : out)
        c = lower(c);
    return out;
}

constexpr std::string_view core_text =
#include "abnf/rfc5234_core_abnf.inc"
    ;
constexpr std::string_view rfc3986_text =
#include "abnf/rfc3986_abnf.inc"
    ;

/// The rules of a library text, read once.
read_result const& library(int which)
{
    static read_result const core = read(core_text);
    static read_result const uri = read(rfc3986_text);
    return which == 0 ? core : uri;
}

} // namespace

/// One node of the flattened grammar.
struct node {
    op kind = op::cat;
    std::uint32_t a = 0;  ///< alt/cat: first kid in kids; rep: the kid; ref: the rule; bytes: the set; str: the string; utf8: lo
    std::uint32_t n = 0;  ///< alt/cat: kid count; utf8: hi; str: 1 if case-sensitive
    std::uint32_t min = 0, max = 0;  ///< rep
    std::uint32_t memo = none;       ///< memo slot (alt, cat, rep)
    std::uint32_t rule = 0;          ///< the rule whose body holds it
};

struct rule_info {
    std::string name;  ///< as first spelled
    std::uint32_t body = none;
    bool library = false;  ///< a core or RFC 3986 rule the grammar did not define
};

struct grammar_impl {
    std::vector<diagnostic> diags;
    bool ok = false;
    std::vector<node> nodes;
    std::vector<std::uint32_t> kids;
    std::vector<std::array<std::uint64_t, 4>> sets;
    std::vector<std::string> strs;
    std::vector<rule_info> rules;
    /// Lower-cased name -> rule, sorted: looked up without allocating.
    std::vector<std::pair<std::string, std::uint32_t>> by_name;
    std::vector<std::string> user_names;
    std::uint32_t memo_slots = 0;
    std::size_t step_limit = 0;
    std::vector<std::uint32_t> min_len;  ///< per node, for generate (none: cannot be generated)

    // The bit-set evaluator of matches() (docs/abnf.md, "Cost"), per node:
    std::vector<std::array<std::uint64_t, 4>> classes;  ///< byte classes
    std::vector<std::uint32_t> cls;    ///< the node matches one byte of this class (none: it is not a class)
    std::vector<std::uint32_t> fmemo;  ///< its memo slot (none: not memoized, cheap to evaluate again)
    /// The class of the bytes a match of the node can start with (none: it may match the empty string).
    std::vector<std::uint32_t> first;
    /// A fixed sequence: classes (str = false) and strings (str = true) one after another.
    struct item {
        bool str;
        std::uint32_t index;  ///< into classes, or the str node's node index
    };
    std::vector<std::vector<item>> seqs;
    std::vector<std::uint32_t> seq;      ///< per node: its sequence (none: not one)
    std::vector<std::uint32_t> seq_len;  ///< per node with a sequence: the bytes it takes
    std::uint32_t fmemo_slots = 0;

    std::uint32_t find(std::string_view name) const
    {
        auto const less = [](std::pair<std::string, std::uint32_t> const& e, std::string_view k) {
            std::size_t const m = std::min(e.first.size(), k.size());
            for (std::size_t i = 0; i < m; ++i) {
                char const a = e.first[i], b = lower(k[i]);
                if (a != b)
                    return static_cast<unsigned char>(a) < static_cast<unsigned char>(b);
            }
            return e.first.size() < k.size();
        };
        auto it = std::lower_bound(by_name.begin(), by_name.end(), name, less);
        if (it == by_name.end() || it->first.size() != name.size())
            return none;
        for (std::size_t i = 0; i < name.size(); ++i)
            if (it->first[i] != lower(name[i]))
                return none;
        return it->second;
    }
};

namespace {

/// The code point `cp` of the UTF-8 sequence of `len` octets at `pos` of the
/// `n` octets at `in`; false if no valid one starts there (RFC 3629 section
/// 4: no overlong form, no surrogate, nothing past U+10FFFF). Both
/// evaluators match `num-val`s above 0xFF through it.
bool decode_utf8(unsigned char const* in, std::uint32_t n, std::uint32_t pos, std::uint32_t& cp,
                 std::uint32_t& len) noexcept
{
    if (pos >= n)
        return false;
    len = static_cast<std::uint32_t>(lexical::utf8_sequence_length(in + pos, n - pos));
    if (len == 0)
        return false;
    cp = len == 1 ? in[pos] : in[pos] & (0xFFu >> (len + 1)); // the lead octet's payload
    for (std::uint32_t i = 1; i < len; ++i)
        cp = cp << 6 | (in[pos + i] & 0x3F);
    return true;
}

// ---- compiling --------------------------------------------------------------

struct located_text {
    std::string name;
    std::string_view text;
};

/// Line and column of `offset` in `text`.
void place(diagnostic& d, std::string_view text, std::size_t offset)
{
    d.offset = std::min(offset, text.size());
    d.line = 1;
    d.column = 1;
    for (std::size_t i = 0; i < d.offset; ++i) {
        if (text[i] == '\n') {
            ++d.line;
            d.column = 1;
        } else {
            ++d.column;
        }
    }
}

struct pending_rule {
    std::string name;
    std::size_t source = 0, offset = 0;
    bool defined = false;    ///< has an `=`
    bool library = false;
    std::vector<std::pair<expr const*, std::size_t>> alternatives;  ///< bodies and their source
    std::size_t base_count = 0;  ///< alternatives of the `=` come first
};

class compiler {
public:
    compiler(grammar_impl& g, std::vector<located_text> const& texts) : g_(g), texts_(texts) {}

    void error(std::size_t source, std::size_t offset, std::string rule, std::string message,
               diagnostic::level lv = diagnostic::level::error)
    {
        diagnostic d;
        d.severity = lv;
        d.source = texts_[source].name;
        place(d, texts_[source].text, offset);
        d.rule = std::move(rule);
        d.message = std::move(message);
        g_.diags.push_back(std::move(d));
    }

    std::uint32_t flatten(expr const& e, std::uint32_t rule, std::size_t source)
    {
        node nd;
        nd.kind = e.kind;
        nd.rule = rule;
        switch (e.kind) {
        case op::alt:
        case op::cat: {
            std::vector<std::uint32_t> ids;
            ids.reserve(e.kids.size());
            for (auto const& k : e.kids)
                ids.push_back(flatten(k, rule, source));
            nd.a = static_cast<std::uint32_t>(g_.kids.size());
            nd.n = static_cast<std::uint32_t>(ids.size());
            g_.kids.insert(g_.kids.end(), ids.begin(), ids.end());
            nd.memo = g_.memo_slots++;
            break;
        }
        case op::rep:
            nd.a = flatten(e.kids.front(), rule, source);
            nd.min = e.min;
            nd.max = e.max;
            nd.memo = g_.memo_slots++;
            break;
        case op::ref: {
            nd.a = g_.find(e.text);
            if (nd.a == none)
                error(source, e.offset, g_.rules[rule].name, "undefined rule \"" + e.text + "\"");
            else
                referenced_.push_back({rule, nd.a});
            break;
        }
        case op::bytes:
            nd.a = static_cast<std::uint32_t>(g_.sets.size());
            g_.sets.push_back(e.set);
            break;
        case op::str:
            nd.a = static_cast<std::uint32_t>(g_.strs.size());
            g_.strs.push_back(e.sensitive ? e.text : lower_of(e.text));
            nd.n = e.sensitive ? 1 : 0;
            break;
        case op::utf8:
            nd.a = e.lo;
            nd.n = e.hi;
            break;
        case op::prose:
            if (!g_.rules[rule].library)
                error(source, e.offset, g_.rules[rule].name, "prose: cannot be matched", diagnostic::level::warning);
            break;
        }
        g_.nodes.push_back(nd);
        return static_cast<std::uint32_t>(g_.nodes.size() - 1);
    }

    std::vector<std::pair<std::uint32_t, std::uint32_t>> referenced_;  ///< (from rule, to rule)

private:
    grammar_impl& g_;
    std::vector<located_text> const& texts_;
};

/// Nullable nodes and rules (a fixpoint).
std::vector<char> nullable_nodes(grammar_impl const& g)
{
    std::vector<char> nul(g.nodes.size(), 0);
    for (bool changed = true; changed;) {
        changed = false;
        for (std::size_t i = 0; i < g.nodes.size(); ++i) {
            if (nul[i])
                continue;
            node const& nd = g.nodes[i];
            bool v = false;
            switch (nd.kind) {
            case op::cat:
                v = true;
                for (std::uint32_t k = 0; k < nd.n; ++k)
                    v = v && nul[g.kids[nd.a + k]];
                break;
            case op::alt:
                for (std::uint32_t k = 0; k < nd.n; ++k)
                    v = v || nul[g.kids[nd.a + k]];
                break;
            case op::rep: v = nd.min == 0 || nul[nd.a]; break;
            case op::ref: v = nd.a != none && g.rules[nd.a].body != none && nul[g.rules[nd.a].body]; break;
            case op::str: v = g.strs[nd.a].empty(); break;
            default: break;
            }
            if (v) {
                nul[i] = 1;
                changed = true;
            }
        }
    }
    return nul;
}

/// The rules a node may call at its own start position.
void first_refs(grammar_impl const& g, std::vector<char> const& nul, std::uint32_t id, std::vector<std::uint32_t>& out)
{
    node const& nd = g.nodes[id];
    switch (nd.kind) {
    case op::ref:
        if (nd.a != none)
            out.push_back(nd.a);
        break;
    case op::alt:
        for (std::uint32_t k = 0; k < nd.n; ++k)
            first_refs(g, nul, g.kids[nd.a + k], out);
        break;
    case op::cat:
        for (std::uint32_t k = 0; k < nd.n; ++k) {
            first_refs(g, nul, g.kids[nd.a + k], out);
            if (!nul[g.kids[nd.a + k]])
                break;
        }
        break;
    case op::rep:
        if (nd.max > 0)
            first_refs(g, nul, nd.a, out);
        break;
    default: break;
    }
}

std::vector<char> productive_nodes(grammar_impl const& g)
{
    std::vector<char> p(g.nodes.size(), 0);
    for (bool changed = true; changed;) {
        changed = false;
        for (std::size_t i = 0; i < g.nodes.size(); ++i) {
            if (p[i])
                continue;
            node const& nd = g.nodes[i];
            bool v = true;  // terminals; prose is reported as prose, not here
            switch (nd.kind) {
            case op::cat:
                for (std::uint32_t k = 0; k < nd.n; ++k)
                    v = v && p[g.kids[nd.a + k]];
                break;
            case op::alt:
                v = false;
                for (std::uint32_t k = 0; k < nd.n; ++k)
                    v = v || p[g.kids[nd.a + k]];
                break;
            case op::rep: v = nd.min == 0 || p[nd.a]; break;
            case op::ref: v = nd.a == none || g.rules[nd.a].body == none || p[g.rules[nd.a].body]; break;
            default: break;
            }
            if (v) {
                p[i] = 1;
                changed = true;
            }
        }
    }
    return p;
}

std::uint32_t utf8_len(std::uint32_t cp) { return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4; }

std::uint32_t sat_add(std::uint32_t a, std::uint32_t b) { return a == none || b == none || a + std::uint64_t(b) >= none ? none : a + b; }

std::vector<std::uint32_t> min_lengths(grammar_impl const& g)
{
    std::vector<std::uint32_t> m(g.nodes.size(), none);
    for (bool changed = true; changed;) {
        changed = false;
        for (std::size_t i = 0; i < g.nodes.size(); ++i) {
            node const& nd = g.nodes[i];
            std::uint32_t v = none;
            switch (nd.kind) {
            case op::bytes: v = 1; break;
            case op::str: v = static_cast<std::uint32_t>(g.strs[nd.a].size()); break;
            case op::utf8: v = utf8_len(nd.a); break;
            case op::prose: v = none; break;
            case op::cat:
                v = 0;
                for (std::uint32_t k = 0; k < nd.n; ++k)
                    v = sat_add(v, m[g.kids[nd.a + k]]);
                break;
            case op::alt:
                for (std::uint32_t k = 0; k < nd.n; ++k)
                    v = std::min(v, m[g.kids[nd.a + k]]);
                break;
            case op::rep:
                if (nd.min == 0)
                    v = 0;
                else if (m[nd.a] != none) {
                    std::uint64_t const t = std::uint64_t(nd.min) * m[nd.a];
                    v = t >= none ? none : static_cast<std::uint32_t>(t);
                }
                break;
            case op::ref: v = nd.a == none || g.rules[nd.a].body == none ? none : m[g.rules[nd.a].body]; break;
            }
            if (v < m[i]) {
                m[i] = v;
                changed = true;
            }
        }
    }
    return m;
}

/** For the bit-set evaluator: the nodes that match exactly one byte of a
    class (a %x range, a one-byte string, an alternation of such, a rule
    that is one), and the memo slots of the composite nodes worth
    memoizing: not those whose subtree is terminals, classes, repetitions of
    classes and rules of those only (evaluating one again costs about what
    looking it up would).
*/
void plan_fast(grammar_impl& g)
{
    std::size_t const count = g.nodes.size();
    g.cls.assign(count, none);
    g.classes.clear();
    std::vector<std::array<std::uint64_t, 4>> set(count);
    std::vector<char> is(count, 0);
    auto add = [](std::array<std::uint64_t, 4>& s, unsigned c) { s[c >> 6] |= std::uint64_t(1) << (c & 63); };
    for (bool changed = true; changed;) {
        changed = false;
        for (std::size_t i = 0; i < count; ++i) {
            if (is[i])
                continue;
            node const& nd = g.nodes[i];
            std::array<std::uint64_t, 4> s{};
            bool v = false;
            switch (nd.kind) {
            case op::bytes:
                s = g.sets[nd.a];
                v = true;
                break;
            case op::str:
                if (g.strs[nd.a].size() == 1) {
                    auto const c = static_cast<unsigned char>(g.strs[nd.a][0]);
                    add(s, c);
                    if (!nd.n && lexical::rfc2141::lower.contains(static_cast<char>(c)))
                        add(s, static_cast<unsigned char>(lexical::ascii_upper(static_cast<char>(c))));
                    v = true;
                }
                break;
            case op::alt:
                v = nd.n > 0;
                for (std::uint32_t k = 0; k < nd.n && v; ++k) {
                    std::uint32_t const kid = g.kids[nd.a + k];
                    v = is[kid] != 0;
                    for (int w = 0; w < 4 && v; ++w)
                        s[w] |= set[kid][w];
                }
                break;
            case op::cat:
                if (nd.n == 1 && is[g.kids[nd.a]]) {
                    s = set[g.kids[nd.a]];
                    v = true;
                }
                break;
            case op::rep:
                if (nd.min == 1 && nd.max == 1 && is[nd.a]) {
                    s = set[nd.a];
                    v = true;
                }
                break;
            case op::ref:
                if (g.rules[nd.a].body != none && is[g.rules[nd.a].body]) {
                    s = set[g.rules[nd.a].body];
                    v = true;
                }
                break;
            default: break;
            }
            if (v) {
                is[i] = 1;
                set[i] = s;
                changed = true;
            }
        }
    }
    for (std::size_t i = 0; i < count; ++i)
        if (is[i]) {
            auto const it = std::find(g.classes.begin(), g.classes.end(), set[i]);
            g.cls[i] = static_cast<std::uint32_t>(it - g.classes.begin());
            if (it == g.classes.end())
                g.classes.push_back(set[i]);
        }
    // Fixed sequences: a concatenation of classes and strings (and rules
    // that are one) has one end, at a fixed distance; matched in one loop.
    g.seq.assign(count, none);
    g.seq_len.assign(count, 0);
    g.seqs.clear();
    std::vector<std::vector<grammar_impl::item>> items(count);
    std::vector<char> fixed(count, 0);
    std::vector<std::uint32_t> len(count, 0);
    for (bool changed = true; changed;) {
        changed = false;
        for (std::size_t i = 0; i < count; ++i) {
            if (fixed[i])
                continue;
            node const& nd = g.nodes[i];
            bool v = false;
            if (g.cls[i] != none) {
                items[i] = {{false, g.cls[i]}};
                len[i] = 1;
                v = true;
            } else if (nd.kind == op::str) {
                items[i] = {{true, static_cast<std::uint32_t>(i)}};
                len[i] = static_cast<std::uint32_t>(g.strs[nd.a].size());
                v = true;
            } else if (nd.kind == op::ref && g.rules[nd.a].body != none && fixed[g.rules[nd.a].body]) {
                items[i] = items[g.rules[nd.a].body];
                len[i] = len[g.rules[nd.a].body];
                v = true;
            } else if (nd.kind == op::cat && nd.n > 0) {
                v = true;
                for (std::uint32_t k = 0; k < nd.n && v; ++k)
                    v = fixed[g.kids[nd.a + k]] != 0;
                if (v) {
                    std::vector<grammar_impl::item> all;
                    std::uint64_t total = 0;
                    for (std::uint32_t k = 0; k < nd.n; ++k) {
                        auto const& ki = items[g.kids[nd.a + k]];
                        all.insert(all.end(), ki.begin(), ki.end());
                        total += len[g.kids[nd.a + k]];
                    }
                    v = all.size() <= 64 && total < (1u << 20);
                    if (v) {
                        items[i] = std::move(all);
                        len[i] = static_cast<std::uint32_t>(total);
                    }
                }
            }
            if (v) {
                fixed[i] = 1;
                changed = true;
            }
        }
    }
    for (std::size_t i = 0; i < count; ++i)
        if (fixed[i] && g.cls[i] == none && len[i] > 0) {
            g.seq[i] = static_cast<std::uint32_t>(g.seqs.size());
            g.seqs.push_back(std::move(items[i]));
            g.seq_len[i] = len[i];
        } else if (g.cls[i] != none) {
            g.seq_len[i] = 1;
        }
    // Cheap subtrees (a fixpoint from "not cheap", so that a recursive rule stays so).
    std::vector<char> cheap(count, 0);
    for (bool changed = true; changed;) {
        changed = false;
        for (std::size_t i = 0; i < count; ++i) {
            if (cheap[i])
                continue;
            node const& nd = g.nodes[i];
            bool v = is[i] != 0;
            switch (nd.kind) {
            case op::bytes:
            case op::str:
            case op::utf8:
            case op::prose: v = true; break;
            case op::rep: v = v || is[nd.a] || (fixed[nd.a] && len[nd.a] > 0); break;
            case op::alt:
            case op::cat:
                v = true;
                for (std::uint32_t k = 0; k < nd.n && v; ++k)
                    v = cheap[g.kids[nd.a + k]] != 0;
                break;
            case op::ref: v = g.rules[nd.a].body != none && cheap[g.rules[nd.a].body]; break;
            }
            if (v) {
                cheap[i] = 1;
                changed = true;
            }
        }
    }
    // First bytes: a node that cannot match the empty string fails at once
    // on a byte outside them (for utf8 ranges, every lead byte above 0x7F).
    std::vector<char> const nul = nullable_nodes(g);
    std::vector<std::array<std::uint64_t, 4>> first(count);
    for (bool changed = true; changed;) {
        changed = false;
        for (std::size_t i = 0; i < count; ++i) {
            node const& nd = g.nodes[i];
            std::array<std::uint64_t, 4> s{};
            auto with = [&s](std::array<std::uint64_t, 4> const& o) {
                for (int w = 0; w < 4; ++w)
                    s[w] |= o[w];
            };
            switch (nd.kind) {
            case op::bytes: s = g.sets[nd.a]; break;
            case op::str:
                if (!g.strs[nd.a].empty()) {
                    auto const c = static_cast<unsigned char>(g.strs[nd.a][0]);
                    add(s, c);
                    if (!nd.n && lexical::rfc2141::lower.contains(static_cast<char>(c)))
                        add(s, static_cast<unsigned char>(lexical::ascii_upper(static_cast<char>(c))));
                }
                break;
            case op::utf8:
                for (unsigned c = 0; c < 0x80; ++c)
                    if (c >= nd.a && c <= nd.n)
                        add(s, c);
                if (nd.n >= 0x80)
                    for (unsigned c = 0x80; c < 256; ++c)
                        add(s, c);
                break;
            case op::alt:
                for (std::uint32_t k = 0; k < nd.n; ++k)
                    with(first[g.kids[nd.a + k]]);
                break;
            case op::cat:
                for (std::uint32_t k = 0; k < nd.n; ++k) {
                    with(first[g.kids[nd.a + k]]);
                    if (!nul[g.kids[nd.a + k]])
                        break;
                }
                break;
            case op::rep:
                if (nd.max > 0)
                    with(first[nd.a]);
                break;
            case op::ref:
                if (g.rules[nd.a].body != none)
                    with(first[g.rules[nd.a].body]);
                break;
            case op::prose: break;
            }
            with(first[i]);
            if (s != first[i]) {
                first[i] = s;
                changed = true;
            }
        }
    }
    g.first.assign(count, none);
    for (std::size_t i = 0; i < count; ++i)
        if (!nul[i]) {
            auto const it = std::find(g.classes.begin(), g.classes.end(), first[i]);
            g.first[i] = static_cast<std::uint32_t>(it - g.classes.begin());
            if (it == g.classes.end())
                g.classes.push_back(first[i]);
        }
    g.fmemo.assign(count, none);
    g.fmemo_slots = 0;
    for (std::size_t i = 0; i < count; ++i) {
        op const k = g.nodes[i].kind;
        if (!cheap[i] && (k == op::alt || k == op::cat || k == op::rep))
            g.fmemo[i] = g.fmemo_slots++;
    }
}

/// Most nodes a grammar may have: bounds memory and the checks' time.
constexpr std::size_t max_nodes = 1u << 20;

std::shared_ptr<grammar_impl const> build(std::vector<source> const& sources, compile_options const& opt)
{
    auto g = std::make_shared<grammar_impl>();
    g->step_limit = opt.step_limit;
    std::vector<located_text> texts;
    for (auto const& s : sources)
        texts.push_back({std::string(s.name), s.text});
    std::size_t const user_count = texts.size();
    texts.push_back({"RFC 5234 Appendix B.1", core_text});
    texts.push_back({"rfc3986.abnf", rfc3986_text});
    compiler c(*g, texts);

    // Read every text.
    std::vector<read_result> reads;
    reads.reserve(sources.size());
    std::size_t syntax_errors = 0;
    for (std::size_t i = 0; i < sources.size(); ++i) {
        reads.push_back(read(sources[i].text));
        for (auto const& f : reads.back().faults) {
            diagnostic d;
            d.source = texts[i].name;
            place(d, texts[i].text, f.offset);
            d.rule = f.rule;
            d.message = f.message;
            d.expected = f.expected;
            g->diags.push_back(std::move(d));
            ++syntax_errors;
        }
    }

    // Merge them: `=` defines, `=/` adds alternatives (in any text).
    std::vector<pending_rule> pend;
    std::unordered_map<std::string, std::size_t> index;
    std::vector<std::size_t> first_rules;  // of each text: entry points (not "unused")
    auto add = [&](rule_text const& r, std::size_t src, bool lib) {
        std::string const key = lower_of(r.name);
        auto it = index.find(key);
        if (lib && it != index.end())
            return;  // the grammar's own definition wins
        if (it == index.end()) {
            it = index.emplace(key, pend.size()).first;
            pending_rule p;
            p.name = r.name;
            p.source = src;
            p.offset = r.offset;
            p.library = lib;
            pend.push_back(std::move(p));
        }
        pending_rule& p = pend[it->second];
        if (!r.incremental) {
            if (p.defined) {
                c.error(src, r.offset, p.name, "rule \"" + r.name + "\" defined twice (use =/ to add alternatives)");
                return;
            }
            p.defined = true;
            p.source = src;
            p.offset = r.offset;
            p.alternatives.insert(p.alternatives.begin() + static_cast<std::ptrdiff_t>(p.base_count), {&r.body, src});
            ++p.base_count;
        } else {
            p.alternatives.push_back({&r.body, src});
        }
    };
    for (std::size_t i = 0; i < reads.size(); ++i) {
        if (!reads[i].rules.empty())
            first_rules.push_back(index.count(lower_of(reads[i].rules.front().name)) ? none : pend.size());
        for (auto const& r : reads[i].rules)
            add(r, i, false);
    }
    std::size_t const user_rules = pend.size();
    if (opt.core_rules || opt.rfc3986_rules)
        for (auto const& r : library(0).rules)
            add(r, user_count, true);
    if (opt.rfc3986_rules)
        for (auto const& r : library(1).rules)
            add(r, user_count + 1, true);

    for (std::size_t i = 0; i < pend.size(); ++i) {
        rule_info ri;
        ri.name = pend[i].name;
        ri.library = pend[i].library;
        g->rules.push_back(ri);
        g->by_name.emplace_back(lower_of(ri.name), static_cast<std::uint32_t>(i));
        if (i < user_rules)
            g->user_names.push_back(ri.name);
    }
    std::sort(g->by_name.begin(), g->by_name.end(), [](auto const& x, auto const& y) {
        return std::lexicographical_compare(x.first.begin(), x.first.end(), y.first.begin(), y.first.end(),
                                            [](char a, char b) { return static_cast<unsigned char>(a) < static_cast<unsigned char>(b); });
    });
    if (reads.empty() || (user_rules == 0 && syntax_errors == 0)) {
        diagnostic d;
        d.source = texts.empty() || user_count == 0 ? "<abnf>" : texts[0].name;
        d.message = "no rules";
        g->diags.push_back(std::move(d));
    }

    // Flatten the bodies.
    std::size_t total_size = 0;
    for (auto const& s : sources)
        total_size += s.text.size();
    for (std::size_t i = 0; i < pend.size(); ++i) {
        pending_rule const& p = pend[i];
        auto const r = static_cast<std::uint32_t>(i);
        if (!p.defined) {
            c.error(p.source, p.offset, p.name, "rule \"" + p.name + "\" has incremental alternatives (=/) but no definition (=)");
            continue;
        }
        if (p.alternatives.size() == 1) {
            g->rules[i].body = c.flatten(*p.alternatives.front().first, r, p.alternatives.front().second);
        } else {
            std::vector<std::uint32_t> ids;
            for (auto const& a : p.alternatives)
                ids.push_back(c.flatten(*a.first, r, a.second));
            node nd;
            nd.kind = op::alt;
            nd.rule = r;
            nd.a = static_cast<std::uint32_t>(g->kids.size());
            nd.n = static_cast<std::uint32_t>(ids.size());
            nd.memo = g->memo_slots++;
            g->kids.insert(g->kids.end(), ids.begin(), ids.end());
            g->nodes.push_back(nd);
            g->rules[i].body = static_cast<std::uint32_t>(g->nodes.size() - 1);
        }
        if (g->nodes.size() > max_nodes) {
            c.error(p.source, p.offset, p.name, "grammar too large");
            g->ok = false;
            return g;
        }
    }
    (void)total_size;

    // Left recursion: a cycle of rules each called at the position it starts.
    std::vector<char> const nul = nullable_nodes(*g);
    std::vector<std::vector<std::uint32_t>> firsts(g->rules.size());
    for (std::size_t i = 0; i < g->rules.size(); ++i)
        if (g->rules[i].body != none) {
            first_refs(*g, nul, g->rules[i].body, firsts[i]);
            std::sort(firsts[i].begin(), firsts[i].end());
            firsts[i].erase(std::unique(firsts[i].begin(), firsts[i].end()), firsts[i].end());
        }
    {
        std::vector<int> color(g->rules.size(), 0);  // 0 new, 1 on the stack, 2 done
        std::vector<std::uint32_t> stack;
        std::vector<std::pair<std::uint32_t, std::size_t>> frames;  // iterative DFS: rule, next edge
        for (std::uint32_t root = 0; root < g->rules.size(); ++root) {
            if (color[root])
                continue;
            frames.push_back({root, 0});
            color[root] = 1;
            stack.push_back(root);
            while (!frames.empty()) {
                auto& [u, k] = frames.back();
                if (k == firsts[u].size()) {
                    color[u] = 2;
                    stack.pop_back();
                    frames.pop_back();
                    continue;
                }
                std::uint32_t const v = firsts[u][k++];
                if (color[v] == 0) {
                    color[v] = 1;
                    stack.push_back(v);
                    frames.push_back({v, 0});
                } else if (color[v] == 1) {
                    std::string cyc;
                    auto from = std::find(stack.begin(), stack.end(), v);
                    for (auto it = from; it != stack.end(); ++it)
                        cyc += g->rules[*it].name + " -> ";
                    cyc += g->rules[v].name;
                    c.error(pend[v].source, pend[v].offset, g->rules[v].name, "left recursion: " + cyc);
                }
            }
        }
    }

    // Rules that can never match (no finite derivation).
    std::vector<char> const prod = productive_nodes(*g);
    for (std::size_t i = 0; i < g->rules.size(); ++i)
        if (g->rules[i].body != none && !prod[g->rules[i].body])
            c.error(pend[i].source, pend[i].offset, g->rules[i].name, "never matches");

    // Unused rules: referenced by no other rule, and not the first rule of a text.
    if (opt.warn_unused) {
        std::vector<char> used(g->rules.size(), 0);
        for (auto const& [from, to] : c.referenced_)
            if (from != to)
                used[to] = 1;
        for (std::size_t f : first_rules)
            if (f != none)
                used[f] = 1;
        for (std::size_t i = 0; i < user_rules; ++i)
            if (!used[i])
                c.error(pend[i].source, pend[i].offset, g->rules[i].name, "unused rule", diagnostic::level::warning);
    }

    g->min_len = min_lengths(*g);
    g->ok = std::none_of(g->diags.begin(), g->diags.end(),
                         [](diagnostic const& d) { return d.severity == diagnostic::level::error; });
    if (g->ok)
        plan_fast(*g);
    return g;
}

// ---- matching ---------------------------------------------------------------

struct set_ref {
    std::uint32_t off = 0, len = 0;
};

/// Per-thread memory reused from one match to the next.
struct scratch {
    std::vector<std::uint32_t> stamp;
    std::vector<set_ref> slot;
    std::uint32_t gen = 0;
    std::unordered_map<std::uint64_t, set_ref> big;
    std::vector<std::uint32_t> arena;
    std::deque<std::vector<std::uint32_t>> bufs;
};

constexpr std::size_t flat_entries = 1u << 18;  ///< memo slots x positions kept in a flat table
constexpr std::size_t max_depth = 2500;         ///< nested evaluations (bounds the stack)

class evaluator {
public:
    evaluator(grammar_impl const& g, std::string_view in, std::size_t limit, bool track, scratch& s)
        : g_(g), in_(in), n_(static_cast<std::uint32_t>(in.size())), limit_(limit), track_(track), s_(s)
    {
        s_.arena.clear();
        s_.arena.push_back(0);  // offset 0 is never a set
        std::size_t const entries = std::size_t(g.memo_slots) * (n_ + 1);
        flat_ = entries <= flat_entries;
        if (flat_) {
            if (s_.stamp.size() < entries) {
                s_.stamp.assign(entries, 0);
                s_.slot.resize(entries);
                s_.gen = 0;
            }
            if (++s_.gen == 0) {
                std::fill(s_.stamp.begin(), s_.stamp.end(), 0);
                s_.gen = 1;
            }
        } else {
            s_.big.clear();
        }
    }

    set_ref eval(std::uint32_t id, std::uint32_t pos)
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
            auto const& set = g_.sets[nd.a];
            if (pos < n_) {
                unsigned const c = static_cast<unsigned char>(in_[pos]);
                if ((set[c >> 6] >> (c & 63)) & 1)
                    return one(pos + 1);
            }
            fail(pos, nd.rule);
            return {};
        }
        case op::str: {
            std::string const& t = g_.strs[nd.a];
            if (n_ - pos >= t.size()) {
                bool same = true;
                if (nd.n)
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
            if (decode(pos, cp, len) && cp >= nd.a && cp <= nd.n)
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
            set_ref const r = eval(g_.rules[nd.a].body, pos);
            --depth_;
            return r;
        }
        default: break;
        }
        // A composite node: memoized.
        if (flat_) {
            std::size_t const k = std::size_t(nd.memo) * (n_ + 1) + pos;
            if (s_.stamp[k] == s_.gen)
                return s_.slot[k];
            set_ref const r = compute(nd, pos);
            s_.stamp[k] = s_.gen;
            s_.slot[k] = r;
            return r;
        }
        std::uint64_t const key = std::uint64_t(nd.memo) * (n_ + 1) + pos;
        auto it = s_.big.find(key);
        if (it != s_.big.end())
            return it->second;
        set_ref const r = compute(nd, pos);
        s_.big.emplace(key, r);
        return r;
    }

    bool contains(set_ref r, std::uint32_t e) const
    {
        auto b = s_.arena.begin() + r.off, en = b + r.len;
        return std::binary_search(b, en, e);
    }
    std::uint32_t const* data(set_ref r) const { return s_.arena.data() + r.off; }

    /// Records that the whole input should have ended at `pos`.
    void fail_end(std::uint32_t pos)
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

    std::size_t steps() const { return steps_; }
    bool stopped() const { return stopped_; }
    void count(std::size_t k)
    {
        steps_ += k;
        if (steps_ > limit_)
            stopped_ = true;
    }

    std::uint32_t far_ = 0;
    bool any_ = false, far_end_ = false;
    std::vector<std::uint32_t> far_rules_;

private:
    grammar_impl const& g_;
    std::string_view in_;
    std::uint32_t n_;
    std::size_t limit_;
    bool track_;
    scratch& s_;
    bool flat_ = true;
    bool stopped_ = false;
    std::size_t steps_ = 0;
    std::size_t depth_ = 0;

    set_ref one(std::uint32_t e)
    {
        set_ref r{static_cast<std::uint32_t>(s_.arena.size()), 1};
        s_.arena.push_back(e);
        return r;
    }

    set_ref store(std::vector<std::uint32_t> const& v)
    {
        if (v.empty())
            return {};
        count(v.size());
        set_ref r{static_cast<std::uint32_t>(s_.arena.size()), static_cast<std::uint32_t>(v.size())};
        s_.arena.insert(s_.arena.end(), v.begin(), v.end());
        return r;
    }

    void fail(std::uint32_t pos, std::uint32_t rule)
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

    bool decode(std::uint32_t pos, std::uint32_t& cp, std::uint32_t& len) const
    {
        return decode_utf8(reinterpret_cast<unsigned char const*>(in_.data()), n_, pos, cp, len);
    }

    std::vector<std::uint32_t>& buf(std::size_t k)
    {
        while (s_.bufs.size() <= 3 * depth_ + k)
            s_.bufs.emplace_back();
        return s_.bufs[3 * depth_ + k];
    }

    static void sort_unique(std::vector<std::uint32_t>& v)
    {
        if (v.size() > 1) {
            std::sort(v.begin(), v.end());
            v.erase(std::unique(v.begin(), v.end()), v.end());
        }
    }

    /// next = union of ends(kid, p) for p in cur.
    void step(std::uint32_t kid, std::vector<std::uint32_t> const& cur, std::vector<std::uint32_t>& next)
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

    set_ref compute(node const& nd, std::uint32_t pos)
    {
        if (++depth_ > max_depth) {
            stopped_ = true;
            --depth_;
            return {};
        }
        set_ref out;
        switch (nd.kind) {
        case op::alt: {
            if (nd.n == 1) {
                out = eval(g_.kids[nd.a], pos);
                break;
            }
            auto& acc = buf(0);
            acc.clear();
            for (std::uint32_t k = 0; k < nd.n; ++k) {
                set_ref const r = eval(g_.kids[nd.a + k], pos);
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
            for (std::uint32_t k = 0; k < nd.n && !cur->empty() && !stopped_; ++k) {
                step(g_.kids[nd.a + k], *cur, *next);
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
            for (; i < nd.min && !cur->empty() && !stopped_; ++i) {
                step(nd.a, *cur, *next);
                std::swap(cur, next);
            }
            if (i < nd.min || stopped_) {
                out = {};
                break;
            }
            // From here each count may end the repetition; a position
            // reached before (at a lower count) has been or will be explored.
            reached = *cur;
            while (!cur->empty() && i < nd.max && !stopped_) {
                step(nd.a, *cur, *next);
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
};

/** matches()' evaluator for inputs of fewer than 64 x W bytes: the same
    end-position sets as `evaluator`, as bit sets (bit p: position p), so
    that uniting is an OR and a set of one position costs no allocation.
    Byte classes are one table test, a repetition of a byte class is a scan
    whose count range is resolved arithmetically, and only the nodes
    plan_fast() chose are memoized. Steps: every evaluation of a node at a
    position, every end position a composite node produces, every byte a
    class repetition scans.
*/
template <unsigned W>
class bit_evaluator {
public:
    struct mask {
        std::uint64_t w[W];
    };

    struct memory {
        std::vector<std::uint32_t> stamp;
        std::vector<mask> sets;
        std::uint32_t gen = 0;
    };

    bit_evaluator(grammar_impl const& g, std::string_view in, std::size_t limit, memory& m)
        : g_(g), in_(reinterpret_cast<unsigned char const*>(in.data())), n_(static_cast<std::uint32_t>(in.size())),
          limit_(limit), m_(m)
    {
        std::size_t const entries = std::size_t(g.fmemo_slots) * (n_ + 1);
        if (m_.stamp.size() < entries) {
            m_.stamp.assign(entries, 0);
            m_.sets.resize(entries);
            m_.gen = 0;
        }
        if (++m_.gen == 0) {
            std::fill(m_.stamp.begin(), m_.stamp.end(), 0);
            m_.gen = 1;
        }
    }

    static bool fits(grammar_impl const& g, std::size_t n)
    {
        return n < 64 * W && std::size_t(g.fmemo_slots) * (n + 1) <= flat_entries;
    }

    bool run(std::uint32_t body)
    {
        mask const r = eval(body, 0);
        return !stopped_ && has(r, n_);
    }

private:
    grammar_impl const& g_;
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
    static bool has(mask const& m, std::uint32_t p) { return (m.w[p >> 6] >> (p & 63)) & 1; }
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
    bool in_class(std::uint32_t c, std::uint32_t pos) const
    {
        auto const& set = g_.classes[c];
        unsigned const b = in_[pos];
        return (set[b >> 6] >> (b & 63)) & 1;
    }

    bool str_at(node const& nd, std::uint32_t pos) const
    {
        std::string const& t = g_.strs[nd.a];
        if (n_ - pos < t.size())
            return false;
        if (nd.n)
            return std::memcmp(in_ + pos, t.data(), t.size()) == 0;
        for (std::size_t i = 0; i < t.size(); ++i)
            if (lower(static_cast<char>(in_[pos + i])) != t[i])
                return false;
        return true;
    }

    /// Whether fixed sequence `s` matches at pos.
    bool seq_at(std::uint32_t s, std::uint32_t pos) const
    {
        for (auto const& it : g_.seqs[s]) {
            if (it.str) {
                node const& nd = g_.nodes[it.index];
                if (!str_at(nd, pos))
                    return false;
                pos += static_cast<std::uint32_t>(g_.strs[nd.a].size());
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
        std::uint32_t const c = g_.cls[id];
        if (c != none)
            return pos < n_ && in_class(c, pos) ? single(pos + 1) : empty();
        std::uint32_t const f = g_.first[id];
        if (f != none && (pos == n_ || !in_class(f, pos)))
            return empty();
        if (g_.seq[id] != none)
            return seq_at(g_.seq[id], pos) ? single(pos + g_.seq_len[id]) : empty();
        node const& nd = g_.nodes[id];
        switch (nd.kind) {
        case op::str: {
            std::string const& t = g_.strs[nd.a];
            if (n_ - pos < t.size())
                return empty();
            if (nd.n) {
                if (std::memcmp(in_ + pos, t.data(), t.size()) != 0)
                    return empty();
            } else {
                for (std::size_t i = 0; i < t.size(); ++i)
                    if (lower(static_cast<char>(in_[pos + i])) != t[i])
                        return empty();
            }
            return single(pos + static_cast<std::uint32_t>(t.size()));
        }
        case op::utf8: {
            std::uint32_t cp = 0, len = 0;
            if (decode(pos, cp, len) && cp >= nd.a && cp <= nd.n)
                return single(pos + len);
            return empty();
        }
        case op::ref: {
            if (++depth_ > max_depth) {
                stopped_ = true;
                return empty();
            }
            mask const r = eval(g_.rules[nd.a].body, pos);
            --depth_;
            return r;
        }
        case op::alt:
        case op::cat:
        case op::rep: break;
        default: return empty();  // bytes are classes; prose never matches
        }
        std::uint32_t const slot = g_.fmemo[id];
        if (slot == none)
            return compute(nd, pos);
        std::size_t const k = std::size_t(slot) * (n_ + 1) + pos;
        if (m_.stamp[k] == m_.gen)
            return m_.sets[k];
        mask const r = compute(nd, pos);
        m_.stamp[k] = m_.gen;
        m_.sets[k] = r;
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
            for (std::uint32_t k = 0; k < nd.n && !stopped_; ++k)
                unite(out, eval(g_.kids[nd.a + k], pos));
            count(popcount(out));
            break;
        case op::cat: {
            out = single(pos);
            for (std::uint32_t k = 0; k < nd.n && !stopped_; ++k) {
                out = step(g_.kids[nd.a + k], out);
                if (none_in(out))
                    break;
            }
            count(popcount(out));
            break;
        }
        case op::rep: {
            std::uint32_t const c = g_.cls[nd.a];
            if (c != none) {
                // Each repetition takes one byte: k repetitions end at pos + k
                // while the bytes are in the class.
                std::uint32_t const lim = static_cast<std::uint32_t>(std::min<std::uint64_t>(nd.max, n_ - pos));
                std::uint32_t len = 0;
                while (len < lim && in_class(c, pos + len))
                    ++len;
                count(len);
                if (len >= nd.min)
                    out = range(pos + nd.min, pos + len);
                break;
            }
            if (g_.seq[nd.a] != none) {
                // Each repetition takes the same bytes: k repetitions end
                // at pos + k x len while the sequence matches.
                std::uint32_t const s = g_.seq[nd.a], step_len = g_.seq_len[nd.a];
                std::uint32_t k = 0, p = pos;
                for (; k < nd.max && n_ - p >= step_len && seq_at(s, p); ++k)
                    p += step_len;
                count(k);
                if (k >= nd.min)
                    for (std::uint32_t j = nd.min; j <= k; ++j)
                        out.w[(pos + j * step_len) >> 6] |= std::uint64_t(1) << ((pos + j * step_len) & 63);
                break;
            }
            mask cur = single(pos);
            std::uint32_t i = 0;
            for (; i < nd.min && !none_in(cur) && !stopped_; ++i)
                cur = step(nd.a, cur);
            if (i < nd.min || stopped_)
                break;
            // From here each count may end the repetition; a position
            // reached at a lower count has been or will be explored.
            mask reached = cur;
            while (!none_in(cur) && i < nd.max && !stopped_) {
                mask const next = step(nd.a, cur);
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

    bool decode(std::uint32_t pos, std::uint32_t& cp, std::uint32_t& len) const
    {
        return decode_utf8(in_, n_, pos, cp, len);
    }
};

template <unsigned W>
bool bit_matches(grammar_impl const& g, std::uint32_t body, std::string_view in, std::size_t limit)
{
    thread_local typename bit_evaluator<W>::memory m;
    bit_evaluator<W> ev(g, in, limit, m);
    return ev.run(body);
}

scratch& thread_scratch()
{
    thread_local scratch s;
    return s;
}

std::size_t limit_for(grammar_impl const& g, std::size_t asked, std::size_t n)
{
    if (asked)
        return asked;
    if (g.step_limit)
        return g.step_limit;
    return std::max<std::size_t>(1000000, 200 * n);
}

/// Reconstructs one derivation (docs/abnf.md, "Spans").
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
            if (want_[nd.a]) {
                out_.push_back({g_.rules[nd.a].name, b, e, depth});
                ++d;
            }
            return run(g_.rules[nd.a].body, b, e, d);
        }
        case op::alt:
            for (std::uint32_t k = 0; k < nd.n; ++k)
                if (ev_.contains(ev_.eval(g_.kids[nd.a + k], b), e))
                    return run(g_.kids[nd.a + k], b, e, depth);
            return false;
        case op::cat: {
            std::vector<std::uint32_t> parts(g_.kids.begin() + nd.a, g_.kids.begin() + nd.a + nd.n);
            return sequence(parts, b, e, parts.size(), depth);
        }
        case op::rep: {
            // The count: the most repetitions, those past the minimum non-empty.
            std::vector<std::uint32_t> level{b};
            std::uint32_t best = none;
            std::uint64_t const cap = std::min<std::uint64_t>(nd.max, std::uint64_t(nd.min) + (e - b));
            if (nd.min == 0 && b == e)
                best = 0;
            for (std::uint64_t i = 1; i <= cap && !level.empty(); ++i) {
                std::vector<std::uint32_t> next;
                for (std::uint32_t p : level)
                    for (std::uint32_t x : ends(nd.a, p))
                        if (x <= e && (i <= nd.min || x > p))
                            next.push_back(x);
                std::sort(next.begin(), next.end());
                next.erase(std::unique(next.begin(), next.end()), next.end());
                ev_.count(next.size() + 1);
                if (ev_.stopped())
                    return false;
                level = std::move(next);
                if (i >= nd.min && std::binary_search(level.begin(), level.end(), e))
                    best = static_cast<std::uint32_t>(i);
            }
            if (best == none)
                return false;
            std::vector<std::uint32_t> parts(best, nd.a);
            return sequence(parts, b, e, nd.min, depth);
        }
        default: return true;  // a terminal
        }
    }
};

} // namespace
} // namespace detail

// ---- the public API -----------------------------------------------------------

using detail::grammar_impl;
using detail::none;

grammar::grammar() = default;
grammar::grammar(std::shared_ptr<grammar_impl const> p) noexcept : impl_(std::move(p)) {}

grammar grammar::compile(std::string_view text, compile_options const& opt)
{
    return compile(std::vector<source>{source{"<abnf>", text}}, opt);
}

grammar grammar::compile(std::vector<source> const& sources, compile_options const& opt)
{
    return grammar(detail::build(sources, opt));
}

bool grammar::ok() const noexcept { return impl_ && impl_->ok; }

std::vector<diagnostic> const& grammar::diagnostics() const noexcept
{
    static std::vector<diagnostic> const empty;
    return impl_ ? impl_->diags : empty;
}

bool grammar::has_rule(std::string_view name) const noexcept
{
    try {
        return impl_ && impl_->find(name) != none;
    } catch (...) {
        return false;
    }
}

std::vector<std::string> grammar::rule_names() const { return impl_ ? impl_->user_names : std::vector<std::string>{}; }

std::string_view grammar::canonical_name(std::string_view name) const noexcept
{
    try {
        if (!impl_)
            return {};
        std::uint32_t const r = impl_->find(name);
        return r == none ? std::string_view{} : std::string_view(impl_->rules[r].name);
    } catch (...) {
        return {};
    }
}

std::string to_string(diagnostic const& d, std::string_view text)
{
    std::string out = d.source + ":" + std::to_string(d.line) + ":" + std::to_string(d.column) + ": " +
                      (d.severity == diagnostic::level::error ? "error: " : "warning: ") + d.message + "\n";
    std::size_t const at = std::min(d.offset, text.size());
    std::size_t b = at == 0 ? std::string_view::npos : text.rfind('\n', at - 1);
    b = b == std::string_view::npos ? 0 : b + 1;
    std::size_t e = text.find('\n', b);
    if (e == std::string_view::npos)
        e = text.size();
    std::string_view line = text.substr(b, e - b);
    if (!line.empty() && line.back() == '\r')
        line.remove_suffix(1);
    out += "  ";
    out += line;
    out += "\n  ";
    for (std::size_t i = b; i < at; ++i)
        out += text[i] == '\t' ? '\t' : ' ';
    out += "^";
    return out;
}

match_result match(grammar const& g, std::string_view rule, std::string_view input, match_options const& opt)
{
    match_result res;
    auto const& impl = g.impl();
    std::uint32_t const r = impl && impl->ok ? impl->find(rule) : none;
    if (r == none || input.size() >= 0xFFFFFFF0u) {
        res.state = match_result::status::no_rule;
        return res;
    }
    detail::evaluator ev(*impl, input, detail::limit_for(*impl, opt.step_limit, input.size()), true,
                         detail::thread_scratch());
    auto const n = static_cast<std::uint32_t>(input.size());
    detail::set_ref const ends = ev.eval(impl->rules[r].body, 0);
    if (ev.stopped()) {
        res.state = match_result::status::step_limit;
        res.steps = ev.steps();
        return res;
    }
    if (!ev.contains(ends, n)) {
        std::uint32_t const* d = ev.data(ends);
        for (std::uint32_t i = 0; i < ends.len; ++i)
            ev.fail_end(d[i]);
        res.state = match_result::status::no_match;
        res.offset = ev.far_;
        for (std::uint32_t x : ev.far_rules_)
            res.expected.push_back(impl->rules[x].name);
        if (ev.far_end_)
            res.expected.push_back("end of input");
        std::sort(res.expected.begin(), res.expected.end());
        res.expected.erase(std::unique(res.expected.begin(), res.expected.end()), res.expected.end());
        res.steps = ev.steps();
        return res;
    }
    res.state = match_result::status::matched;
    res.offset = input.size();
    std::vector<char> want(impl->rules.size(), opt.tree ? 1 : 0);
    for (auto const& c : opt.capture) {
        std::uint32_t const k = impl->find(c);
        if (k != none)
            want[k] = 1;
    }
    if (std::find(want.begin(), want.end(), 1) != want.end()) {
        std::size_t depth = 0;
        if (want[r]) {
            res.spans.push_back({impl->rules[r].name, 0, input.size(), 0});
            depth = 1;
        }
        detail::deriver dv(*impl, ev, want, res.spans);
        if (!dv.run(impl->rules[r].body, 0, n, depth)) {
            res.spans.clear();
            res.state = match_result::status::step_limit;
        }
    }
    res.steps = ev.steps();
    return res;
}

bool matches(grammar const& g, std::string_view rule, std::string_view input) noexcept
{
    try {
        auto const& impl = g.impl();
        if (!impl || !impl->ok || input.size() >= 0xFFFFFFF0u)
            return false;
        std::uint32_t const r = impl->find(rule);
        if (r == none)
            return false;
        std::size_t const limit = detail::limit_for(*impl, 0, input.size());
        std::uint32_t const body = impl->rules[r].body;
        if (detail::bit_evaluator<1>::fits(*impl, input.size()))
            return detail::bit_matches<1>(*impl, body, input, limit);
        if (detail::bit_evaluator<2>::fits(*impl, input.size()))
            return detail::bit_matches<2>(*impl, body, input, limit);
        if (detail::bit_evaluator<4>::fits(*impl, input.size()))
            return detail::bit_matches<4>(*impl, body, input, limit);
        detail::evaluator ev(*impl, input, limit, false, detail::thread_scratch());
        detail::set_ref const ends = ev.eval(impl->rules[r].body, 0);
        return !ev.stopped() && ev.contains(ends, static_cast<std::uint32_t>(input.size()));
    } catch (...) {
        return false;
    }
}

// ---- generating -------------------------------------------------------------

namespace detail {
namespace {

/// splitmix64: small, seeded, the same on every platform.
struct rng {
    std::uint64_t state;
    std::uint64_t next()
    {
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    std::uint64_t below(std::uint64_t n) { return n ? next() % n : 0; }
};

/// Random derivations within a length budget (min_len says what fits).
class generator {
public:
    generator(grammar_impl const& g, rng& r) : g_(g), r_(r) {}

    bool run(std::uint32_t id, std::size_t budget, std::string& out, std::size_t depth)
    {
        if (++work_ > 100000 || depth > 400)
            return false;
        node const& nd = g_.nodes[id];
        std::uint32_t const need = g_.min_len[id];
        if (need == none || need > budget)
            return false;
        // Deep in the grammar: take the shortest ways out.
        bool const shortest = depth > 60;
        switch (nd.kind) {
        case op::bytes: {
            auto const& set = g_.sets[nd.a];
            unsigned count = 0;
            for (unsigned c = 0; c < 256; ++c)
                count += static_cast<unsigned>((set[c >> 6] >> (c & 63)) & 1);
            std::uint64_t k = r_.below(count);
            for (unsigned c = 0; c < 256; ++c)
                if ((set[c >> 6] >> (c & 63)) & 1) {
                    if (k-- == 0) {
                        out += static_cast<char>(c);
                        return true;
                    }
                }
            return false;
        }
        case op::str: {
            std::string const& t = g_.strs[nd.a];
            for (char c : t)
                out += !nd.n && lexical::rfc2141::lower.contains(c) && (r_.next() & 1) ? lexical::ascii_upper(c) : c;
            return true;
        }
        case op::utf8: {
            std::uint32_t cp = nd.a;
            for (int tries = 0; tries < 8; ++tries) {
                cp = nd.a + static_cast<std::uint32_t>(r_.below(std::uint64_t(nd.n) - nd.a + 1));
                if (!(cp >= 0xD800 && cp <= 0xDFFF) && utf8_len(cp) <= budget)
                    break;
                cp = nd.a;
            }
            if (cp >= 0xD800 && cp <= 0xDFFF)
                return false;
            put(out, cp);
            return true;
        }
        case op::prose: return false;
        case op::ref: return run(g_.rules[nd.a].body, budget, out, depth + 1);
        case op::alt: {
            std::vector<std::uint32_t> fit;
            std::uint32_t best = none, best_len = none;
            for (std::uint32_t k = 0; k < nd.n; ++k) {
                std::uint32_t const kid = g_.kids[nd.a + k];
                if (g_.min_len[kid] <= budget)
                    fit.push_back(kid);
                if (g_.min_len[kid] < best_len) {
                    best_len = g_.min_len[kid];
                    best = kid;
                }
            }
            if (fit.empty())
                return false;
            std::uint32_t const pick = shortest ? best : fit[r_.below(fit.size())];
            return run(pick, budget, out, depth + 1);
        }
        case op::cat: {
            std::size_t rest = need;  // the least the kids still to come take
            for (std::uint32_t k = 0; k < nd.n; ++k) {
                std::uint32_t const kid = g_.kids[nd.a + k];
                rest -= g_.min_len[kid];
                std::size_t const before = out.size();
                if (!run(kid, budget - rest, out, depth + 1))
                    return false;
                std::size_t const took = out.size() - before;
                if (took > budget - rest)
                    return false;
                budget -= took;
            }
            return true;
        }
        case op::rep: {
            std::uint32_t const kmin = g_.min_len[nd.a];
            std::uint64_t extra_cap = nd.max - std::uint64_t(nd.min);
            std::size_t const spare = budget - need;
            if (kmin == none)
                extra_cap = 0;
            else
                extra_cap = std::min<std::uint64_t>(extra_cap, kmin ? spare / kmin : 4);
            extra_cap = std::min<std::uint64_t>(extra_cap, shortest ? 0 : 6);
            std::uint64_t const count = nd.min + r_.below(extra_cap + 1);
            for (std::uint64_t i = 0; i < count; ++i) {
                std::uint64_t const left = count - i - 1;
                std::uint64_t const reserve = kmin == none ? 0 : std::min<std::uint64_t>(left, nd.min > i + 1 ? nd.min - i - 1 : 0) * kmin;
                if (reserve > budget)
                    return false;
                std::size_t const before = out.size();
                if (!run(nd.a, budget - reserve, out, depth + 1)) {
                    if (i >= nd.min)
                        return true;  // stop early: already enough
                    return false;
                }
                budget -= out.size() - before;
            }
            return true;
        }
        }
        return false;
    }

private:
    grammar_impl const& g_;
    rng& r_;
    std::size_t work_ = 0;

    static void put(std::string& out, std::uint32_t cp)
    {
        if (cp < 0x80) {
            out += static_cast<char>(cp);
        } else if (cp < 0x800) {
            out += static_cast<char>(0xC0 | (cp >> 6));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out += static_cast<char>(0xE0 | (cp >> 12));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else {
            out += static_cast<char>(0xF0 | (cp >> 18));
            out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        }
    }
};

} // namespace
} // namespace detail

std::vector<std::string> generate(grammar const& g, std::string_view rule, std::size_t count, generate_options const& opt)
{
    std::vector<std::string> out;
    auto const& impl = g.impl();
    if (!impl || !impl->ok || count == 0)
        return out;
    std::uint32_t const r = impl->find(rule);
    if (r == none)
        return out;
    detail::rng rnd{opt.seed};
    std::set<std::string> seen;
    std::vector<std::string> valid;
    std::size_t const attempts = 50 * count + 200;
    for (std::size_t a = 0; a < attempts && (opt.invalid ? valid.size() < 4 * count + 16 : out.size() < count); ++a) {
        std::string s;
        detail::generator gen(*impl, rnd);
        if (!gen.run(impl->rules[r].body, opt.max_length, s, 0) || s.size() > opt.max_length)
            continue;
        if (!matches(g, rule, s))
            continue;  // the budget split cut a derivation short: never give a wrong one
        if (opt.invalid) {
            valid.push_back(std::move(s));
        } else if (seen.insert(s).second) {
            out.push_back(std::move(s));
        }
    }
    if (!opt.invalid || valid.empty())
        return out;
    // Near misses: one-byte edits of valid strings that the rule rejects.
    std::string alphabet;
    for (auto const& v : valid)
        alphabet += v;
    alphabet += std::string("\x00 -.:%/aZ9\x7f\xff", 13);
    for (std::size_t a = 0; a < attempts * 4 && out.size() < count; ++a) {
        std::string s = valid[rnd.below(valid.size())];
        std::size_t const at = rnd.below(s.size() + 1);
        char const c = alphabet[rnd.below(alphabet.size())];
        switch (rnd.below(3)) {
        case 0:
            if (at == s.size())
                continue;
            s[at] = c;
            break;
        case 1: s.insert(s.begin() + static_cast<std::ptrdiff_t>(at), c); break;
        default:
            if (at == s.size())
                continue;
            s.erase(at, 1);
            break;
        }
        if (s.size() > opt.max_length || matches(g, rule, s) || !seen.insert(s).second)
            continue;
        out.push_back(std::move(s));
    }
    return out;
}

} // namespace abnf
} // namespace urns
