// SPDX-License-Identifier: BSL-1.0
// The differential checker (include/urns/abnf_diff.hpp): valid inputs from
// the engine's generator, near misses made here, both sides asked about
// each distinct input.
#include <urns/abnf_diff.hpp>

#include <urns/lexical.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <unordered_set>
#include <utility>

namespace urns {
namespace abnf {

namespace {

/// splitmix64: small, fast, and the same sequence on every platform.
class rng {
public:
    explicit rng(std::uint64_t seed) noexcept : state_(seed) {}
    std::uint64_t next() noexcept
    {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    /// Uniform enough in [0, n), n > 0.
    std::size_t below(std::size_t n) noexcept { return static_cast<std::size_t>(next() % n); }

private:
    std::uint64_t state_;
};

/// The order of the report: verdicts first, then offsets, then names;
/// shortest first within each.
bool shorter(disagreement const& a, disagreement const& b) noexcept
{
    if (a.what != b.what)
        return a.what < b.what;
    if (a.input.size() != b.input.size())
        return a.input.size() < b.input.size();
    return a.input < b.input;
}

bool is_letter(unsigned char c) noexcept
{
    return lexical::rfc5234::alpha.contains(static_cast<char>(c));
}

unsigned char flip_case(unsigned char c) noexcept
{
    return static_cast<unsigned char>(c ^ 0x20);
}

/// The bytes near misses put in: those of the valid inputs, their
/// neighbours (a range's bound crossed), the other case of their letters,
/// and bytes that most alphabets lack.
std::vector<unsigned char> alphabet_of(std::vector<std::string> const& valid)
{
    std::array<bool, 256> in{};
    for (std::string const& s : valid)
        for (unsigned char c : s)
            in[c] = true;
    std::array<bool, 256> pick = in;
    for (unsigned c = 0; c < 256; ++c) {
        if (!in[c])
            continue;
        if (c > 0)
            pick[c - 1] = true;
        if (c < 255)
            pick[c + 1] = true;
        if (is_letter(static_cast<unsigned char>(c)))
            pick[flip_case(static_cast<unsigned char>(c))] = true;
    }
    for (unsigned char c : {' ', '%', '/', ':', '\0', '\x80', '\xFF'})
        pick[c] = true;
    std::vector<unsigned char> out;
    for (unsigned c = 0; c < 256; ++c)
        if (pick[c])
            out.push_back(static_cast<unsigned char>(c));
    return out;
}

/// The near miss at `place` of `v`: places [0, n) delete byte i, [n, 2n+1)
/// insert before byte i - n, [2n+1, 3n+1) substitute byte i - 2n - 1.
std::string mutate(std::string const& v, std::size_t place, std::vector<unsigned char> const& alphabet, rng& r)
{
    std::size_t const n = v.size();
    std::string m = v;
    if (place < n) {
        m.erase(place, 1);
        return m;
    }
    if (place < 2 * n + 1) {
        m.insert(m.begin() + static_cast<std::ptrdiff_t>(place - n),
                 static_cast<char>(alphabet[r.below(alphabet.size())]));
        return m;
    }
    std::size_t const i = place - 2 * n - 1;
    unsigned char const old = static_cast<unsigned char>(v[i]);
    unsigned char c;
    if (is_letter(old) && r.below(4) == 0) {
        c = flip_case(old);
    } else {
        std::size_t k = r.below(alphabet.size());
        c = alphabet[k];
        if (c == old && alphabet.size() > 1)
            c = alphabet[(k + 1) % alphabet.size()];
    }
    m[i] = static_cast<char>(c);
    return m;
}

diff_report diff_with_faults(grammar const& g, std::string_view root,
                             std::function<judgement(std::string_view)> const& judge, diff_options const& o,
                             bool faults)
{
    diff_report rep;
    if (!g.ok() || !g.has_rule(root))
        return rep;

    std::unordered_set<std::string> seen;
    std::vector<disagreement> found;
    std::string wrapped;
    auto const trim = [&](std::size_t keep) {
        if (found.size() <= keep)
            return;
        std::partial_sort(found.begin(), found.begin() + static_cast<std::ptrdiff_t>(keep), found.end(), shorter);
        found.resize(keep);
    };
    // One distinct input, judged by both sides.
    auto const judge_one = [&](std::string const& s) {
        if (!seen.insert(s).second)
            return;
        ++rep.inputs;
        bool abnf = matches(g, root, s);
        bool by_prose = false; // the rule matches, the prose rejects
        if (abnf) {
            ++rep.valid;
            if (o.prose && !o.prose(s)) {
                ++rep.explained;
                abnf = false;
                by_prose = true;
            }
        }
        wrapped.assign(o.prefix).append(s).append(o.suffix);
        judgement const other = judge(wrapped);
        if (abnf == other.accepted) {
            if (abnf || !faults || by_prose)
                return;
            // Both reject: where, and what each expected there.
            match_result const m = match(g, root, s);
            if (m.state != match_result::status::no_match)
                return; // undecided: nothing to compare
            std::size_t const judge_at =
                other.offset >= o.prefix.size() ? other.offset - o.prefix.size() : std::size_t(-1);
            disagreement d;
            d.input = s;
            d.abnf = false;
            d.judge = false;
            d.abnf_offset = m.offset;
            d.judge_offset = judge_at;
            if (m.offset != judge_at) {
                d.what = disagreement::kind::offset;
                ++rep.offset_disagreements;
            } else if (o.compare_expected) {
                for (std::string_view e : m.expected)
                    d.abnf_expected.emplace_back(e);
                d.judge_expected = other.expected;
                std::sort(d.abnf_expected.begin(), d.abnf_expected.end());
                std::sort(d.judge_expected.begin(), d.judge_expected.end());
                d.judge_expected.erase(std::unique(d.judge_expected.begin(), d.judge_expected.end()),
                                       d.judge_expected.end());
                if (d.abnf_expected == d.judge_expected)
                    return;
                d.what = disagreement::kind::expected;
                ++rep.expected_disagreements;
            } else {
                return;
            }
            ++rep.disagreements;
            if (o.max_reported > 0) {
                found.push_back(std::move(d));
                if (found.size() > 4 * o.max_reported + 64)
                    trim(o.max_reported);
            }
            return;
        }
        // matches() says false on the step limit too: no verdict then.
        if (!abnf && match(g, root, s).state == match_result::status::undecided) {
            ++rep.undecided;
            return;
        }
        ++rep.disagreements;
        if (o.max_reported > 0) {
            disagreement d;
            d.input = s;
            d.abnf = abnf;
            d.judge = other.accepted;
            found.push_back(std::move(d));
            if (found.size() > 4 * o.max_reported + 64)
                trim(o.max_reported);
        }
    };

    // Valid inputs, from successive seeds, until there are enough or a few
    // rounds in a row bring nothing new (a small language).
    std::vector<std::string> valid;
    std::size_t idle = 0;
    for (std::uint64_t seed = o.seed; valid.size() < o.valid && idle < 3; ++seed) {
        generate_options go;
        go.seed = seed;
        go.max_length = o.max_length;
        std::size_t const want = std::min<std::size_t>(o.valid - valid.size(), 1000);
        std::size_t const before = valid.size();
        for (std::string& s : generate(g, root, want, go)) {
            if (valid.size() >= o.valid)
                break;
            if (seen.count(s) != 0)
                continue;
            judge_one(s);
            valid.push_back(std::move(s));
        }
        idle = valid.size() == before ? idle + 1 : 0;
    }

    if (o.near_misses && o.mutations > 0) {
        std::vector<unsigned char> const alphabet = alphabet_of(valid);
        rng r(o.seed ^ 0xA5A5A5A55A5A5A5AULL);
        for (std::string const& v : valid) {
            std::size_t const places = 3 * v.size() + 1;
            if (places <= o.mutations) {
                for (std::size_t p = 0; p < places; ++p)
                    judge_one(mutate(v, p, alphabet, r));
            } else {
                for (std::size_t k = 0; k < o.mutations; ++k)
                    judge_one(mutate(v, r.below(places), alphabet, r));
            }
        }
    }

    trim(o.max_reported);
    std::sort(found.begin(), found.end(), shorter);
    rep.first = std::move(found);
    return rep;
}

} // namespace

diff_report diff(grammar const& g, std::string_view root, std::function<bool(std::string_view)> const& judge,
                 diff_options const& o)
{
    diff_options verdicts = o;
    verdicts.compare_expected = false;
    return diff_with_faults(
        g, root, [&judge](std::string_view s) { return judgement{judge(s), 0, {}}; }, verdicts, false);
}

diff_report diff(grammar const& g, std::string_view root, std::function<judgement(std::string_view)> const& judge,
                 diff_options const& o)
{
    return diff_with_faults(g, root, judge, o, true);
}

} // namespace abnf
} // namespace urns
