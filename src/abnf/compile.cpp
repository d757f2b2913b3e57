// SPDX-License-Identifier: BSL-1.0
// X3-free: build(), what grammar::compile() (grammar.cpp) runs. Reads
// every text (reader.cpp), merges the rules (`=/` adds alternatives, in any
// text; the core and RFC 3986 rules the grammar does not define itself come
// last), flattens them into nodes, checks them (analysis.cpp) and plans the
// evaluators. Diagnostics are bounded: at most max_diagnostics, then one
// that counts the rest.
#include "abnf/analysis.hpp"
#include "abnf/automaton.hpp"
#include "abnf/flat.hpp"
#include "abnf/plan.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <unordered_map>
#include <utility>

namespace urns {
namespace abnf {
namespace detail {

namespace {

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

/// Most nodes a grammar may have (an 8 MB grammar of rules naming each
/// other has about 1.4 million): bounds memory and the checks' time.
constexpr std::size_t max_nodes = 1u << 22;

/// Most diagnostics kept; the last then says how many more there were.
constexpr std::size_t max_diagnostics = 100;

/// The longest name quoted whole in a message.
constexpr std::size_t max_quoted = 64;

std::string lower_of(std::string_view s)
{
    std::string out(s);
    for (char& c : out)
        c = lower(c);
    return out;
}

/// `name` in quotes, cut to max_quoted bytes.
std::string quoted(std::string_view name)
{
    if (name.size() <= max_quoted)
        return "\"" + std::string(name) + "\"";
    return "\"" + std::string(name.substr(0, max_quoted)) + "...\" (" + std::to_string(name.size()) + " bytes)";
}

/// A text and where its lines start (for line and column in O(log n)).
struct located_text {
    std::string name;
    std::string_view text;
    std::vector<std::size_t> lines;

    located_text(std::string n, std::string_view t) : name(std::move(n)), text(t)
    {
        lines.push_back(0);
        for (std::size_t i = 0; i < text.size(); ++i)
            if (text[i] == '\n')
                lines.push_back(i + 1);
    }

    void place(diagnostic& d, std::size_t offset) const
    {
        d.offset = std::min(offset, text.size());
        auto const it = std::upper_bound(lines.begin(), lines.end(), d.offset);
        d.line = static_cast<std::size_t>(it - lines.begin());
        d.column = d.offset - lines[d.line - 1] + 1;
    }
};

struct pending_rule {
    std::string name;
    std::size_t source = 0, offset = 0;
    bool defined = false;  ///< has an `=`
    bool library = false;
    std::vector<std::pair<expr const*, std::size_t>> alternatives;  ///< bodies and their source
    std::size_t base_count = 0;                                     ///< alternatives of the `=` come first
};

class compiler {
public:
    compiler(grammar_impl& g, std::vector<located_text> const& texts) : g_(g), texts_(texts) {}

    void report(std::size_t source, std::size_t offset, std::string rule, std::string message,
                diagnostic::level lv = diagnostic::level::error, std::vector<std::string> expected = {})
    {
        if (lv == diagnostic::level::error)
            ++errors_;
        if (g_.diags.size() >= max_diagnostics) {
            ++dropped_;
            return;
        }
        diagnostic d;
        d.severity = lv;
        d.source = texts_[source].name;
        texts_[source].place(d, offset);
        d.rule = std::move(rule);
        d.message = std::move(message);
        d.expected = std::move(expected);
        g_.diags.push_back(std::move(d));
    }

    /// The final diagnostic that counts the ones left out.
    void finish()
    {
        if (dropped_ == 0)
            return;
        diagnostic d;
        d.severity = errors_ > 0 ? diagnostic::level::error : diagnostic::level::warning;
        d.source = texts_.empty() ? "<abnf>" : texts_[0].name;
        d.message = "and " + std::to_string(dropped_) + " more";
        g_.diags.push_back(std::move(d));
        g_.diags_left_out = dropped_;
    }

    std::size_t errors() const { return errors_; }

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
            nd.list.first = static_cast<std::uint32_t>(g_.kids.size());
            nd.list.count = static_cast<std::uint32_t>(ids.size());
            g_.kids.insert(g_.kids.end(), ids.begin(), ids.end());
            break;
        }
        case op::rep:
            nd.rep.kid = flatten(e.kids.front(), rule, source);
            nd.rep.min = e.min;
            nd.rep.max = e.max;
            break;
        case op::ref:
            nd.ref.target = g_.find(e.text);
            if (nd.ref.target == none)
                report(source, e.offset, g_.rules[rule].name, "undefined rule " + quoted(e.text));
            else
                referenced.push_back({rule, nd.ref.target});
            break;
        case op::bytes:
            nd.bytes.set = static_cast<std::uint32_t>(g_.sets.size());
            g_.sets.push_back(e.set);
            break;
        case op::str:
            nd.str.text = static_cast<std::uint32_t>(g_.strs.size());
            nd.str.sensitive = e.sensitive;
            g_.strs.push_back(e.sensitive ? e.text : lower_of(e.text));
            break;
        case op::utf8:
            nd.utf8.lo = e.lo;
            nd.utf8.hi = e.hi;
            break;
        case op::prose:
            if (!g_.rules[rule].library)
                report(source, e.offset, g_.rules[rule].name, "prose: cannot be matched", diagnostic::level::warning);
            break;
        }
        g_.nodes.push_back(nd);
        return static_cast<std::uint32_t>(g_.nodes.size() - 1);
    }

    std::vector<std::pair<std::uint32_t, std::uint32_t>> referenced;  ///< (from rule, to rule)

private:
    grammar_impl& g_;
    std::vector<located_text> const& texts_;
    std::size_t errors_ = 0, dropped_ = 0;
};

/// One alternation of several bodies (a rule with `=/`).
std::uint32_t alternation_of(grammar_impl& g, std::vector<std::uint32_t> const& ids, std::uint32_t rule)
{
    node nd;
    nd.kind = op::alt;
    nd.rule = rule;
    nd.list.first = static_cast<std::uint32_t>(g.kids.size());
    nd.list.count = static_cast<std::uint32_t>(ids.size());
    g.kids.insert(g.kids.end(), ids.begin(), ids.end());
    g.nodes.push_back(nd);
    return static_cast<std::uint32_t>(g.nodes.size() - 1);
}

} // namespace

std::shared_ptr<grammar_impl const> build(std::vector<source> const& sources, compile_options const& opt)
{
    auto g = std::make_shared<grammar_impl>();
    g->step_limit = opt.step_limit;
    g->use_automata = opt.automata;
    std::vector<located_text> texts;
    texts.reserve(sources.size() + 2);
    for (auto const& s : sources)
        texts.emplace_back(std::string(s.name), s.text);
    std::size_t const user_count = texts.size();
    texts.emplace_back("RFC 5234 Appendix B.1", core_text);
    texts.emplace_back("rfc3986.abnf", rfc3986_text);
    compiler c(*g, texts);

    // Read every text.
    std::vector<read_result> reads;
    reads.reserve(sources.size());
    std::size_t syntax_errors = 0;
    for (std::size_t i = 0; i < sources.size(); ++i) {
        reads.push_back(read(sources[i].text));
        for (auto const& f : reads.back().faults) {
            c.report(i, f.offset, f.rule, f.message, diagnostic::level::error, f.expected);
            ++syntax_errors;
        }
    }

    // Merge them: `=` defines, `=/` adds alternatives (in any text).
    std::vector<pending_rule> pend;
    std::unordered_map<std::string, std::size_t> index;
    std::vector<std::size_t> first_rules;  // of each text: entry points (not "unused")
    auto add_rule = [&](rule_text const& r, std::size_t src, bool lib) {
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
                c.report(src, r.offset, p.name, "rule " + quoted(r.name) + " defined twice (use =/ to add alternatives)");
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
            add_rule(r, i, false);
    }
    std::size_t const user_rules = pend.size();
    if (opt.core_rules || opt.rfc3986_rules)
        for (auto const& r : library(0).rules)
            add_rule(r, user_count, true);
    if (opt.rfc3986_rules)
        for (auto const& r : library(1).rules)
            add_rule(r, user_count + 1, true);

    for (std::size_t i = 0; i < pend.size(); ++i) {
        rule_info ri;
        ri.name = pend[i].name;
        ri.library = pend[i].library;
        g->rules.push_back(ri);
        if (i < user_rules)
            g->user_names.push_back(ri.name);
    }
    g->index_names();
    if (reads.empty() || (user_rules == 0 && syntax_errors == 0))
        c.report(0, 0, "", "no rules");

    // Flatten the bodies.
    for (std::size_t i = 0; i < pend.size(); ++i) {
        pending_rule const& p = pend[i];
        auto const r = static_cast<std::uint32_t>(i);
        if (!p.defined) {
            c.report(p.source, p.offset, p.name,
                     "rule " + quoted(p.name) + " has incremental alternatives (=/) but no definition (=)");
            continue;
        }
        if (p.alternatives.size() == 1) {
            g->rules[i].body = c.flatten(*p.alternatives.front().first, r, p.alternatives.front().second);
        } else {
            std::vector<std::uint32_t> ids;
            for (auto const& a : p.alternatives)
                ids.push_back(c.flatten(*a.first, r, a.second));
            g->rules[i].body = alternation_of(*g, ids, r);
        }
        if (g->nodes.size() > max_nodes) {
            c.report(p.source, p.offset, p.name, "grammar too large (more than " + std::to_string(max_nodes) + " nodes)");
            c.finish();
            g->ok = false;
            return g;
        }
    }

    node_users const users = users_of(*g);
    std::vector<char> const nul = nullable_nodes(*g, users);

    // Left recursion: a cycle of rules each called at the position it starts.
    for (recursion_cycle const& cyc : left_recursion(*g, nul)) {
        pending_rule const& p = pend[cyc.path.front()];
        c.report(p.source, p.offset, p.name, describe(*g, cyc));
    }

    // Rules that can never match (no finite derivation).
    std::vector<char> const prod = productive_nodes(*g, users);
    for (std::size_t i = 0; i < g->rules.size(); ++i)
        if (g->rules[i].body != none && !prod[g->rules[i].body])
            c.report(pend[i].source, pend[i].offset, g->rules[i].name, "never matches");

    // Unused rules: referenced by no other rule, and not the first rule of a text.
    if (opt.warn_unused) {
        std::vector<char> used(g->rules.size(), 0);
        for (auto const& [from, to] : c.referenced)
            if (from != to)
                used[to] = 1;
        for (std::size_t f : first_rules)
            if (f != none)
                used[f] = 1;
        for (std::size_t i = 0; i < user_rules; ++i)
            if (!used[i])
                c.report(pend[i].source, pend[i].offset, g->rules[i].name, "unused rule", diagnostic::level::warning);
    }

    g->ok = c.errors() == 0;
    c.finish();
    if (!g->ok)
        return g;
    g->memo.assign(g->nodes.size(), none);
    for (std::size_t i = 0; i < g->nodes.size(); ++i) {
        op const k = g->nodes[i].kind;
        if (k == op::alt || k == op::cat || k == op::rep)
            g->memo[i] = g->memo_slots++;
    }
    g->min_len = min_lengths(*g, users);
    g->facts = rule_facts_of(*g);
    g->plan = make_plan(*g, users, nul);
    return g;
}

} // namespace detail
} // namespace abnf
} // namespace urns
