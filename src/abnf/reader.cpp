// SPDX-License-Identifier: BSL-1.0
// X3 layer: the one translation unit that parses ABNF texts, with the rules
// of src/grammar/rfc5234_abnf_def.hpp, and turns the tree they record into
// the engine's rules (src/abnf/ast.hpp). The values the syntax allows but
// the engine cannot take (a number above 0x10FFFF, a reversed range, a
// repeat whose minimum exceeds its maximum) are faults found here.
#include "abnf/ast.hpp"
#include "abnf/flat.hpp"

#include <urns/lexical.hpp>
#include "grammar/rfc5234_abnf_def.hpp"

#include <algorithm>
#include <string>
#include <utility>

namespace urns {
namespace abnf {
namespace detail {

namespace {

namespace g = urns::grammar::rfc5234_abnf;
using g::sym;

bool is_letter(unsigned char c) { return lexical::rfc5234::alpha.contains(static_cast<char>(c)); }

/// Turns the recorded tree into rule_texts.
class converter {
public:
    converter(std::string_view text, std::vector<g::cst_node> const& nodes, std::vector<read_fault>& faults)
        : text_(text), n_(nodes), faults_(faults)
    {
    }

    std::vector<rule_text> rulelist()
    {
        std::vector<rule_text> out;
        if (n_.empty())
            return out;
        kids(0, [&](std::uint32_t j) {
            if (n_[j].kind == sym::rule)
                out.push_back(rule(j));
        });
        return out;
    }

private:
    std::string_view text_;
    std::vector<g::cst_node> const& n_;
    std::vector<read_fault>& faults_;
    std::string rule_;

    template <class F>
    void kids(std::uint32_t i, F f) const
    {
        for (std::uint32_t j = i + 1; j < n_[i].next; j = n_[j].next)
            f(j);
    }
    std::uint32_t kid(std::uint32_t i, sym s) const
    {
        for (std::uint32_t j = i + 1; j < n_[i].next; j = n_[j].next)
            if (n_[j].kind == s)
                return j;
        return 0;
    }
    std::string_view str(std::uint32_t i) const { return text_.substr(n_[i].begin, n_[i].end - n_[i].begin); }

    void fault(std::size_t offset, std::string message)
    {
        read_fault f;
        f.offset = offset;
        f.message = std::move(message);
        f.rule = rule_;
        faults_.push_back(std::move(f));
    }

    rule_text rule(std::uint32_t i)
    {
        rule_text r;
        std::uint32_t const name = kid(i, sym::rulename);
        r.name = std::string(str(name));
        r.offset = n_[name].begin;
        rule_ = r.name;
        r.incremental = str(kid(i, sym::defined_as)).find('/') != std::string_view::npos;
        r.body = alternation(kid(kid(i, sym::elements), sym::alternation));
        return r;
    }

    expr alternation(std::uint32_t i)
    {
        expr e;
        e.kind = op::alt;
        e.offset = n_[i].begin;
        kids(i, [&](std::uint32_t j) {
            if (n_[j].kind == sym::concatenation)
                e.kids.push_back(concatenation(j));
        });
        if (e.kids.size() == 1)
            return std::move(e.kids.front());
        return e;
    }

    expr concatenation(std::uint32_t i)
    {
        expr e;
        e.kind = op::cat;
        e.offset = n_[i].begin;
        kids(i, [&](std::uint32_t j) {
            if (n_[j].kind == sym::repetition)
                e.kids.push_back(repetition(j));
        });
        if (e.kids.size() == 1)
            return std::move(e.kids.front());
        return e;
    }

    /// A decimal number of the repeat, or unbounded if it does not fit.
    static std::uint32_t number(std::string_view digits, bool& too_large)
    {
        std::uint64_t v = 0;
        for (char c : digits) {
            v = v * 10 + static_cast<unsigned>(c - '0');
            if (v >= unbounded) {
                too_large = true;
                return unbounded;
            }
        }
        return static_cast<std::uint32_t>(v);
    }

    expr repetition(std::uint32_t i)
    {
        expr el = element(kid(i, sym::element));
        std::uint32_t const r = kid(i, sym::repeat);
        if (!r)
            return el;
        std::string_view const t = str(r);
        expr e;
        e.kind = op::rep;
        e.offset = n_[i].begin;
        bool too_large = false;
        std::size_t const star = t.find('*');
        if (star == std::string_view::npos) {
            e.min = e.max = number(t, too_large);
        } else {
            e.min = star == 0 ? 0 : number(t.substr(0, star), too_large);
            e.max = star + 1 == t.size() ? unbounded : number(t.substr(star + 1), too_large);
        }
        if (too_large)
            fault(n_[r].begin, "repeat count too large");
        else if (e.min > e.max)
            fault(n_[r].begin, "repeat: minimum greater than maximum");
        e.kids.push_back(std::move(el));
        return e;
    }

    expr element(std::uint32_t i)
    {
        std::uint32_t const j = i + 1;  // its one child
        expr e;
        e.offset = n_[j].begin;
        switch (n_[j].kind) {
        case sym::rulename:
            e.kind = op::ref;
            e.text = std::string(str(j));
            return e;
        case sym::group: return alternation(kid(j, sym::alternation));
        case sym::option:
            e.kind = op::rep;
            e.min = 0;
            e.max = 1;
            e.kids.push_back(alternation(kid(j, sym::alternation)));
            return e;
        case sym::char_val: return char_val(j);
        case sym::num_val: return num_val(j);
        default:
            e.kind = op::prose;
            e.text = std::string(str(j));
            return e;
        }
    }

    expr char_val(std::uint32_t i)
    {
        std::uint32_t const s = i + 1;
        bool const sensitive = n_[s].kind == sym::case_sensitive_string;
        std::string_view q = str(kid(s, sym::quoted_string));
        q = q.substr(1, q.size() - 2);
        expr e;
        e.offset = n_[i].begin;
        bool const letters = std::any_of(q.begin(), q.end(), [](char c) { return is_letter(static_cast<unsigned char>(c)); });
        if (q.empty()) {
            e.kind = op::cat;  // "" matches the empty string
        } else if (q.size() == 1) {
            e.kind = op::bytes;
            unsigned const c = static_cast<unsigned char>(q[0]);
            e.add_byte(c);
            if (!sensitive && is_letter(static_cast<unsigned char>(c)))
                e.add_byte(c ^ 0x20);
        } else {
            e.kind = op::str;
            e.sensitive = sensitive || !letters;
            e.text = std::string(q);
        }
        return e;
    }

    expr num_val(std::uint32_t i)
    {
        std::uint32_t const v = i + 1;
        unsigned const base = n_[v].kind == sym::bin_val ? 2 : n_[v].kind == sym::dec_val ? 10 : 16;
        std::string_view const t = str(v).substr(1);  // after the b, d or x
        std::vector<std::uint32_t> values;
        bool range = false, too_large = false;
        std::uint64_t cur = 0;
        for (char c : t) {
            if (c == '.' || c == '-') {
                values.push_back(static_cast<std::uint32_t>(cur));
                cur = 0;
                range = c == '-';
                continue;
            }
            unsigned const d = c <= '9' ? static_cast<unsigned>(c - '0') : static_cast<unsigned>((c | 0x20) - 'a' + 10);
            cur = cur * base + d;
            if (cur > 0x10FFFF) {
                too_large = true;
                cur = 0x10FFFF;
            }
        }
        values.push_back(static_cast<std::uint32_t>(cur));
        expr e;
        e.offset = n_[i].begin;
        e.kind = op::cat;
        if (too_large) {
            fault(n_[i].begin, "value above 0x10FFFF");
            return e;
        }
        if (range) {
            std::uint32_t const lo = values[0], hi = values[1];
            if (lo > hi) {
                fault(n_[i].begin, "empty range: the first value is greater than the second");
                return e;
            }
            if (hi <= 0xFF) {
                e.kind = op::bytes;
                for (std::uint32_t c = lo; c <= hi; ++c)
                    e.add_byte(c);
            } else {
                e.kind = op::utf8;
                e.lo = lo;
                e.hi = hi;
            }
            return e;
        }
        bool const wide = std::any_of(values.begin(), values.end(), [](std::uint32_t x) { return x > 0xFF; });
        for (std::uint32_t x : values) {
            if (x >= 0xD800 && x <= 0xDFFF) {
                fault(n_[i].begin, "a surrogate code point has no UTF-8 encoding");
                return e;
            }
        }
        if (values.size() == 1 && !wide) {
            e.kind = op::bytes;
            e.add_byte(values[0]);
            return e;
        }
        e.kind = op::str;
        e.sensitive = true;
        for (std::uint32_t x : values) {
            if (wide)
                put_utf8(e.text, x);
            else
                e.text += static_cast<char>(x);
        }
        return e;
    }
};

} // namespace

read_result read(std::string_view text)
{
    read_result out;
    // A last line without a line break is read as if it had one.
    std::string buf(text);
    if (buf.empty() || buf.back() != '\n')
        buf += '\n';
    g::reader_state st;
    st.begin = buf.data();
    st.nodes.reserve(buf.size() / 2 + 16);
    g::reader_context const ctx(st);
    char const* first = buf.data();
    char const* const last = buf.data() + buf.size();
    bool const ok = g::rulelist.parse(first, last, ctx, boost::spirit::x3::unused, boost::spirit::x3::unused);
    if (st.too_deep) {
        read_fault f;
        f.offset = static_cast<std::size_t>(first - buf.data());
        f.message = "nesting too deep: groups and options nest at most " +
                    std::to_string(g::reader_state::max_groups) + " deep";
        out.faults.push_back(std::move(f));
        return out;
    }
    if (!ok || first != last) {
        read_fault f;
        char const* at = st.far ? std::max(st.far, first) : first;
        if (st.far && st.far >= first)
            for (sym s : st.expected)
                f.expected.emplace_back(g::sym_names[static_cast<int>(s)]);
        std::sort(f.expected.begin(), f.expected.end());
        f.offset = std::min(static_cast<std::size_t>(at - buf.data()), text.size());
        f.message = "expected ";
        for (std::size_t k = 0; k < f.expected.size(); ++k)
            f.message += (k ? k + 1 == f.expected.size() ? " or " : ", " : "") + f.expected[k];
        if (f.expected.empty())
            f.message = "syntax error";
        out.faults.push_back(std::move(f));
        return out;
    }
    converter c(buf, st.nodes, out.faults);
    out.rules = c.rulelist();
    return out;
}

} // namespace detail
} // namespace abnf
} // namespace urns
