// SPDX-License-Identifier: BSL-1.0
// Test-only: compares urns::parse_urn with the reference recognizer
// (urn_reference.hpp), and makes the deterministic mutated inputs the
// differential test feeds both. Used by test/unit/differential.cpp and
// fuzz/differential.cpp; never by the library.
#ifndef URNS_TEST_REFERENCE_DIFFERENTIAL_HPP
#define URNS_TEST_REFERENCE_DIFFERENTIAL_HPP

#include "urn_reference.hpp"

#include <urns/parse.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace urns_reference {

inline which to_which(urns::syntax s)
{
    switch (s) {
    case urns::syntax::rfc2141: return which::rfc2141;
    case urns::syntax::rfc8141: return which::rfc8141;
    case urns::syntax::rfc2141bis: break;
    }
    return which::rfc2141bis;
}

/// The library's span of a component, in the reference's terms.
inline span span_of(std::string_view buffer, bool present, std::string_view part)
{
    if (!present)
        return {};
    auto const b = static_cast<std::size_t>(part.data() - buffer.data());
    return {b, b + part.size()};
}

inline std::string show_span(span s)
{
    if (!s.present())
        return "absent";
    return "[" + std::to_string(s.begin) + "," + std::to_string(s.end) + ")";
}

/// Empty when parse_urn and the reference agree on `s` in syntax `syn`
/// (verdict, and every component's presence and [begin, end)); otherwise
/// a one-line description of the first difference.
inline std::string disagreement(std::string_view s, urns::syntax syn)
{
    result const ref = check(s, to_which(syn));
    auto const lib = urns::parse_urn(s, syn);
    if (ref.ok != lib.has_value())
        return std::string("verdict: reference ") + (ref.ok ? "ok" : "err") + ", parse_urn " +
               (lib ? "ok" : "err");
    if (!ref.ok)
        return {};
    urns::urn_view const& v = *lib;
    std::string_view const b = v.buffer();
    struct {
        char const* name;
        span lib, ref;
    } const parts[] = {
        {"nid", span_of(b, true, v.nid()), ref.nid},
        {"nss", span_of(b, true, v.nss()), ref.nss},
        {"query", span_of(b, v.has_query(), v.query()), ref.query},
        {"r-component", span_of(b, v.has_r_component(), v.r_component()), ref.r_component},
        {"q-component", span_of(b, v.has_q_component(), v.q_component()), ref.q_component},
        {"fragment", span_of(b, v.has_fragment(), v.fragment()), ref.fragment},
    };
    for (auto const& p : parts)
        if (p.lib != p.ref)
            return std::string(p.name) + ": reference " + show_span(p.ref) + ", parse_urn " +
                   show_span(p.lib);
    return {};
}

/// A small deterministic generator (splitmix64), the same on every
/// platform, unlike the std distributions.
class rng {
public:
    explicit rng(std::uint64_t seed) : s_(seed) {}
    std::uint64_t next()
    {
        std::uint64_t z = (s_ += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    /// Uniform enough in [0, n), n > 0.
    std::size_t below(std::size_t n) { return static_cast<std::size_t>(next() % n); }

private:
    std::uint64_t s_;
};

/// The grammar's literals and the bytes near its edges, for mutations.
inline std::vector<std::string> const& tokens()
{
    static std::vector<std::string> const t = {
        "urn:", "URN:", "urn", ":", "?+", "?=", "?", "#", "&", "=", "%", "%4", "%41", "%2f",
        "%00", "%0", "-", "--", "/", "~", "a", "Z", "0", "9", "urn-", "urn-1", "urn-0", "x=",
        "a-b=", ".", "_", "@", "!", "$", "'", "(", ")", "*", "+", ",", ";", " ", "\"", "<",
        ">", "[", "]", "\\", "^", "`", "{", "|", "}", std::string(1, '\0'), "\x7f", "\x80",
        "\xff", "ex", "example", "??", "?+?=", "#?", "&&", "%%"};
    return t;
}

/// A random string of the shape the three grammars share, valid or nearly.
inline std::string generate(rng& g)
{
    static char const nid_chars[] = "abcXYZ019-";
    static char const body_chars[] = "aZ09-._~!$&'()*+,;=:@/?#%";
    std::string s = (g.below(4) == 0) ? "URN:" : "urn:";
    std::size_t const nid_len = 1 + g.below(g.below(8) == 0 ? 36 : 8);
    for (std::size_t i = 0; i < nid_len; ++i)
        s += nid_chars[g.below(sizeof nid_chars - 1)];
    if (g.below(8) == 0)
        s.replace(4, 0, g.below(2) ? "urn-" : "urn");
    s += ':';
    auto body = [&](std::size_t max) {
        std::size_t const n = g.below(max + 1);
        for (std::size_t i = 0; i < n; ++i) {
            char c = body_chars[g.below(sizeof body_chars - 1)];
            if (c == '%' && g.below(4) != 0) {
                s += '%';
                s += "0123456789abcdefABCDEFg"[g.below(23)];
                c = "0123456789abcdefABCDEFg"[g.below(23)];
            }
            s += c;
        }
    };
    body(12);
    for (int k = 0, n = static_cast<int>(g.below(4)); k < n; ++k) {
        static char const* const seps[] = {"?+", "?=", "#", "?", "&"};
        s += seps[g.below(5)];
        if (g.below(3) == 0) {  // a draft-03 directive
            s += "kw"[g.below(2)];
            if (g.below(2))
                s += "-x";
            s += '=';
        }
        body(8);
    }
    return s;
}

/// `seed` with 1 to 4 random edits: insert, delete, replace, duplicate,
/// cut, splice with `other`, or insert a grammar token.
inline std::string mutate(std::string s, std::string_view other, rng& g)
{
    for (std::size_t k = 0, n = 1 + g.below(4); k < n; ++k) {
        std::size_t const at = s.empty() ? 0 : g.below(s.size() + 1);
        switch (g.below(8)) {
        case 0: s.insert(at, 1, static_cast<char>(g.below(256))); break;
        case 1:
            if (at < s.size())
                s.erase(at, 1 + g.below(3));
            break;
        case 2:
            if (at < s.size())
                s[at] = static_cast<char>(g.below(256));
            break;
        case 3:
            if (at < s.size())
                s.insert(at, s.substr(at, 1 + g.below(8)));
            break;
        case 4: s.resize(at); break;
        case 5: {
            std::size_t const from = other.empty() ? 0 : g.below(other.size());
            s = s.substr(0, at) + std::string(other.substr(from));
            break;
        }
        default: s.insert(at, tokens()[g.below(tokens().size())]); break;
        }
    }
    return s;
}

} // namespace urns_reference

#endif
