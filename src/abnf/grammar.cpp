// SPDX-License-Identifier: BSL-1.0
// X3-free: a compiled grammar (compile.cpp builds it): grammar_impl's
// interned lists of expected names, rule lookup and automata made on
// first use; the public grammar, and the diagnostics as text.
#include "abnf/automaton.hpp"
#include "abnf/flat.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <utility>

namespace urns {
namespace abnf {
namespace detail {

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
