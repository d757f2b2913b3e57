// SPDX-License-Identifier: BSL-1.0
// X3-free: generate(): random derivations within a length budget (each
// checked with the rule's matcher), and near misses, one-byte edits of them
// that the rule rejects. It stops when it has made what was asked, or when
// a long run of attempts gives nothing new (the language has no more
// strings within max_length).
#include "abnf/flat.hpp"

#include <set>

namespace urns {
namespace abnf {


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
            auto const& set = g_.sets[nd.bytes.set];
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
            std::string const& t = g_.strs[nd.str.text];
            for (char c : t)
                out += !nd.str.sensitive && lexical::rfc2141::lower.contains(c) && (r_.next() & 1) ? lexical::ascii_upper(c) : c;
            return true;
        }
        case op::utf8: {
            std::uint32_t cp = nd.utf8.lo;
            for (int tries = 0; tries < 8; ++tries) {
                cp = nd.utf8.lo + static_cast<std::uint32_t>(r_.below(std::uint64_t(nd.utf8.hi) - nd.utf8.lo + 1));
                if (!(cp >= 0xD800 && cp <= 0xDFFF) && utf8_len(cp) <= budget)
                    break;
                cp = nd.utf8.lo;
            }
            if (cp >= 0xD800 && cp <= 0xDFFF)
                return false;
            put_utf8(out, cp);
            return true;
        }
        case op::prose: return false;
        case op::ref: return run(g_.rules[nd.ref.target].body, budget, out, depth + 1);
        case op::alt: {
            std::vector<std::uint32_t> fit;
            std::uint32_t best = none, best_len = none;
            for (std::uint32_t k = 0; k < nd.list.count; ++k) {
                std::uint32_t const kid = g_.kids[nd.list.first + k];
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
            for (std::uint32_t k = 0; k < nd.list.count; ++k) {
                std::uint32_t const kid = g_.kids[nd.list.first + k];
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
            std::uint32_t const kmin = g_.min_len[nd.rep.kid];
            std::uint64_t extra_cap = nd.rep.max - std::uint64_t(nd.rep.min);
            std::size_t const spare = budget - need;
            if (kmin == none)
                extra_cap = 0;
            else
                extra_cap = std::min<std::uint64_t>(extra_cap, kmin ? spare / kmin : 4);
            extra_cap = std::min<std::uint64_t>(extra_cap, shortest ? 0 : 6);
            std::uint64_t const count = nd.rep.min + r_.below(extra_cap + 1);
            for (std::uint64_t i = 0; i < count; ++i) {
                std::uint64_t const left = count - i - 1;
                std::uint64_t const reserve = kmin == none ? 0 : std::min<std::uint64_t>(left, nd.rep.min > i + 1 ? nd.rep.min - i - 1 : 0) * kmin;
                if (reserve > budget)
                    return false;
                std::size_t const before = out.size();
                if (!run(nd.rep.kid, budget - reserve, out, depth + 1)) {
                    if (i >= nd.rep.min)
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
    if (r == detail::none)
        return out;
    detail::rng rnd{opt.seed};
    std::set<std::string> seen;
    std::vector<std::string> valid;
    // Attempts: 50 a string asked for, and no more than `stale` in a row
    // that give nothing new (the language has run out within max_length).
    std::size_t const attempts = count > (std::size_t(-1) - 200) / 50 ? std::size_t(-1) : 50 * count + 200;
    std::size_t const stale = 2000;
    matcher const m(g, rule);
    std::set<std::string> made;
    for (std::size_t a = 0, idle = 0;
         a < attempts && idle < stale && (opt.invalid ? valid.size() < 4 * count + 16 : out.size() < count); ++a) {
        std::string s;
        detail::generator gen(*impl, rnd);
        ++idle;
        if (!gen.run(impl->rules[r].body, opt.max_length, s, 0) || s.size() > opt.max_length)
            continue;
        if (!m.matches(s))
            continue;  // the budget split cut a derivation short: never give a wrong one
        if (opt.invalid) {
            if (made.insert(s).second)
                idle = 0;
            valid.push_back(std::move(s));
        } else if (seen.insert(s).second) {
            idle = 0;
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
    std::size_t const edits = attempts > std::size_t(-1) / 4 ? std::size_t(-1) : attempts * 4;
    for (std::size_t a = 0, idle = 0; a < edits && idle < 4 * stale && out.size() < count; ++a) {
        ++idle;
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
        if (s.size() > opt.max_length || m.matches(s) || !seen.insert(s).second)
            continue;
        idle = 0;
        out.push_back(std::move(s));
    }
    return out;
}

} // namespace abnf
} // namespace urns
