// SPDX-License-Identifier: BSL-1.0
// X3-free: grammar::compile(). Reads every text (reader.cpp), merges the
// rules (`=/` adds alternatives, in any text; the core and RFC 3986 rules
// the grammar does not define itself come last), flattens them into nodes,
// checks them (analysis.cpp) and plans the evaluators. Diagnostics are
// bounded: at most max_diagnostics, then one that counts the rest.
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

// ---- grammar_impl ---------------------------------------------------------

struct grammar_impl::automaton_slot {
    std::atomic<automaton const*> ready{nullptr};
    std::atomic<bool> tried{false};
    std::unique_ptr<automaton> owned;
};

struct grammar_impl::name_store {
    std::mutex mutex;
    std::deque<std::vector<std::string_view>> lists;  // stable: elements never move
    std::map<std::pair<std::vector<std::uint32_t>, bool>, name_list> index;
};

namespace {

std::atomic<std::uint64_t> serials{0};

} // namespace

grammar_impl::grammar_impl() : names_(std::make_unique<name_store>()), serial_(++serials) {}
grammar_impl::~grammar_impl() = default;

name_list grammar_impl::names_of(std::vector<std::uint32_t> const& given, bool end) const
{
    thread_local std::vector<std::uint32_t> rules;
    rules.assign(given.begin(), given.end());
    std::sort(rules.begin(), rules.end());
    rules.erase(std::unique(rules.begin(), rules.end()), rules.end());
    // A few lists met last on this thread, by the grammar's serial (never
    // reused, unlike an address), checked before the shared store's lock.
    struct recent {
        std::uint64_t serial = 0;
        std::vector<std::uint32_t> rules;
        bool end = false;
        name_list list;
    };
    thread_local recent cache[8];
    thread_local unsigned next_slot = 0;
    for (recent const& r : cache)
        if (r.serial == serial_ && r.end == end && r.rules == rules)
            return r.list;
    name_list const l = intern_names(rules, end);
    recent& slot = cache[next_slot++ % 8];
    slot.serial = serial_;
    slot.rules = rules;
    slot.end = end;
    slot.list = l;
    return l;
}

name_list grammar_impl::intern_names(std::vector<std::uint32_t> const& rules, bool end) const
{
    std::lock_guard<std::mutex> lock(names_->mutex);
    auto key = std::make_pair(rules, end);
    auto const it = names_->index.find(key);
    if (it != names_->index.end())
        return it->second;
    std::vector<std::string_view> names;
    for (std::uint32_t r : key.first)
        names.push_back(this->rules[r].name);
    if (end)
        names.push_back("end of input");
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    names_->lists.push_back(std::move(names));
    name_list const l{names_->lists.back().data(), names_->lists.back().size()};
    names_->index.emplace(std::move(key), l);
    return l;
}

void grammar_impl::index_names()
{
    std::size_t size = 8;
    while (size < 2 * rules.size())
        size *= 2;
    name_slots_.assign(size, none);
    for (std::uint32_t r = 0; r < rules.size(); ++r) {
        std::size_t i = name_hash(rules[r].name) & (size - 1);
        while (name_slots_[i] != none)
            i = (i + 1) & (size - 1);
        name_slots_[i] = r;
    }
    automata_ = std::make_unique<automaton_slot[]>(rules.size());
}

std::uint32_t grammar_impl::find(std::string_view name) const noexcept
{
    if (name_slots_.empty())
        return none;
    std::size_t const mask = name_slots_.size() - 1;
    for (std::size_t i = name_hash(name) & mask;; i = (i + 1) & mask) {
        std::uint32_t const r = name_slots_[i];
        if (r == none)
            return none;
        if (lexical::iequals(rules[r].name, name))
            return r;
    }
}

automaton const* grammar_impl::automaton_of(std::uint32_t rule) const
{
    if (rule >= rules.size() || !ok || !use_automata)
        return nullptr;
    automaton_slot& slot = automata_[rule];
    if (automaton const* a = slot.ready.load(std::memory_order_acquire))
        return a;
    if (slot.tried.load(std::memory_order_acquire))
        return nullptr;
    std::lock_guard<std::mutex> lock(build_mutex_);
    if (!slot.tried.load(std::memory_order_relaxed)) {
        slot.owned = build_automaton(*this, rule);
        slot.ready.store(slot.owned.get(), std::memory_order_release);
        slot.tried.store(true, std::memory_order_release);
    }
    return slot.ready.load(std::memory_order_acquire);
}

} // namespace detail

// ---- the public API -----------------------------------------------------------

using detail::grammar_impl;
using detail::none;
using detail::op;

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

std::vector<std::string> grammar::rules_named_by(std::string_view name) const
{
    std::vector<std::string> out;
    if (!impl_)
        return out;
    std::uint32_t const r = impl_->find(name);
    if (r == none || impl_->rules[r].body == none)
        return out;
    std::vector<std::uint32_t> seen;
    std::vector<std::uint32_t> stack{impl_->rules[r].body};
    std::vector<std::uint32_t> order;
    while (!stack.empty()) {
        std::uint32_t const id = stack.back();
        stack.pop_back();
        detail::node const& nd = impl_->nodes[id];
        switch (nd.kind) {
        case op::ref: order.push_back(nd.ref.target); break;
        case op::alt:
        case op::cat:
            for (std::uint32_t k = nd.list.count; k-- > 0;)
                stack.push_back(impl_->kids[nd.list.first + k]);
            break;
        case op::rep: stack.push_back(nd.rep.kid); break;
        default: break;
        }
    }
    for (std::uint32_t t : order)
        if (std::find(seen.begin(), seen.end(), t) == seen.end()) {
            seen.push_back(t);
            out.push_back(impl_->rules[t].name);
        }
    return out;
}

std::size_t grammar::diagnostics_left_out() const noexcept { return impl_ ? impl_->diags_left_out : 0; }

bool grammar::has_rule(std::string_view name) const noexcept { return impl_ && impl_->find(name) != none; }

std::vector<std::string> grammar::rule_names() const { return impl_ ? impl_->user_names : std::vector<std::string>{}; }

std::string_view grammar::canonical_name(std::string_view name) const noexcept
{
    if (!impl_)
        return {};
    std::uint32_t const r = impl_->find(name);
    return r == none ? std::string_view{} : std::string_view(impl_->rules[r].name);
}

namespace {

/// Bytes shown before and after the column in a diagnostic's line.
constexpr std::size_t window_before = 60, window_after = 40;

/// `c` as it is shown: printable ASCII as itself, any other byte as \xHH.
void put_shown(std::string& out, unsigned char c)
{
    if (c >= 0x20 && c < 0x7F) {
        out += static_cast<char>(c);
        return;
    }
    static char const hex[] = "0123456789ABCDEF";
    out += "\\x";
    out += hex[c >> 4];
    out += hex[c & 15];
}

std::string shown(std::string_view s)
{
    std::string out;
    for (char c : s)
        put_shown(out, static_cast<unsigned char>(c));
    return out;
}

} // namespace

excerpt excerpt_of(diagnostic const& d, std::string_view text)
{
    std::size_t const at = std::min(d.offset, text.size());
    std::size_t b = at == 0 ? std::string_view::npos : text.rfind('\n', at - 1);
    b = b == std::string_view::npos ? 0 : b + 1;
    std::size_t e = text.find('\n', b);
    if (e == std::string_view::npos)
        e = text.size();
    if (e > b && text[e - 1] == '\r')
        --e;
    std::size_t const from = at - b > window_before ? at - window_before : b;
    std::size_t const to = e > at && e - at > window_after ? at + window_after : std::max(e, at);
    excerpt x;
    if (from > b)
        x.line = "...";
    x.under.assign(x.line.size(), ' ');
    for (std::size_t i = from; i < to && i < e; ++i) {
        std::size_t const before = x.line.size();
        if (text[i] == '\t')
            x.line += '\t';
        else
            put_shown(x.line, static_cast<unsigned char>(text[i]));
        if (i < at)
            x.under.append(x.line.size() - before, text[i] == '\t' ? '\t' : ' ');
    }
    if (to < e)
        x.line += "...";
    return x;
}

std::string to_string(diagnostic const& d, std::string_view text)
{
    excerpt const x = excerpt_of(d, text);
    return shown(d.source) + ":" + std::to_string(d.line) + ":" + std::to_string(d.column) + ": " +
           (d.severity == diagnostic::level::error ? "error: " : "warning: ") + shown(d.message) + "\n  " + x.line +
           "\n  " + x.under + "^";
}

} // namespace abnf
} // namespace urns
