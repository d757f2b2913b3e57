// SPDX-License-Identifier: BSL-1.0
// Benchmark support (bench/ only): the yardstick. Hand-written
// single-pass validators for RFC 2141, draft-ietf-urnbis-rfc2141bis-urn-03
// and RFC 8141 with one 256-entry class table: what a careful C programmer
// would write. They accept exactly what urns::parse_urn accepts (the bench
// checks this on every corpus string before timing anything) and report
// the same component offsets, so the ratio parse_urn / yardstick is the
// price of the grammar. The library never uses this code: its parser is
// the X3 grammar, rule for rule.
#ifndef URNS_BENCH_YARDSTICK_HPP
#define URNS_BENCH_YARDSTICK_HPP

#include <urns/detail/parts.hpp>
#include <urns/syntax.hpp>

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace urns_bench {
namespace yardstick {

/// The verdict, and on success the same offsets as urn_view::parts().
struct outcome {
    bool ok = false;
    std::size_t where = 0;   ///< on failure: about where (not the grammar's exact offset)
    urns::detail::parts p;
};

namespace detail {

enum : std::uint16_t {
    alnum = 1 << 0,       // ALPHA / DIGIT
    alpha = 1 << 1,       // ALPHA
    hexdig = 1 << 2,      // HEXDIG
    pchar = 1 << 3,       // RFC 3986 pchar without pct-encoded
    v_pchar = 1 << 4,     // draft-03 v-pchar without pct-encoded
    trans = 1 << 5,       // RFC 2141 trans ("%" left out)
    pchar_sq = 1 << 6,    // pchar / "/" / "?" without pct-encoded
    pchar_s = 1 << 7,     // pchar / "/" without pct-encoded
};

struct table {
    std::uint16_t t[256] = {};
    constexpr void set(char const* chars, std::uint16_t bits)
    {
        for (; *chars; ++chars)
            t[static_cast<unsigned char>(*chars)] |= bits;
    }
    constexpr table()
    {
        for (int c = 'a'; c <= 'z'; ++c)
            t[c] |= alnum | alpha;
        for (int c = 'A'; c <= 'Z'; ++c)
            t[c] |= alnum | alpha;
        for (int c = '0'; c <= '9'; ++c)
            t[c] |= alnum | hexdig;
        set("abcdefABCDEF", hexdig);
        for (int c = 0; c < 256; ++c)
            if (t[c] & alnum)
                t[c] |= pchar | v_pchar | trans;
        set("-._~", pchar | v_pchar);
        set("!$&'()*+,;=:@", pchar);
        set("!$'()*+,;=:@/?", v_pchar);
        set("()+,-.:=@;$_!*'/?#", trans);
        for (int c = 0; c < 256; ++c)
            if (t[c] & pchar)
                t[c] |= pchar_sq | pchar_s;
        set("/?", pchar_sq);
        set("/", pchar_s);
    }
};

inline constexpr table classes{};

// What is inlined is fixed here, not left to the compiler's size estimates,
// which moved with the rest of bench.cpp: when it grew, GCC stopped
// inlining run() and the yardstick took 7-13% more instructions with no
// change to it. The helpers are inlined, as a careful C programmer's loop
// with its class as a constant would be. Each syntax's validator is a
// function of its own, called once a URN, as parse_urn calls one function
// a syntax: GCC had inlined rfc2141(), the smallest, into the timing loops
// and not the other two, which gave RFC 2141's yardstick alone the saving
// of a call (bench/README.md, "What is measured").
#if defined(__GNUC__)
#define URNS_BENCH_INLINE [[gnu::always_inline]] inline
#define URNS_BENCH_CALLED [[gnu::noinline]] inline
#else
#define URNS_BENCH_INLINE inline
#define URNS_BENCH_CALLED inline
#endif

URNS_BENCH_INLINE bool is(unsigned char c, std::uint16_t bits) { return (classes.t[c] & bits) != 0; }

URNS_BENCH_INLINE char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c; }

/// "%" HEXDIG HEXDIG at p (which holds "%"); sets nul if it is "%00".
URNS_BENCH_INLINE bool pct(char const* p, char const* e, bool& nul)
{
    if (e - p < 3 || !is(static_cast<unsigned char>(p[1]), hexdig) ||
        !is(static_cast<unsigned char>(p[2]), hexdig))
        return false;
    nul |= (p[1] == '0' && p[2] == '0');
    return true;
}

/// Bytes of class `bits` or pct-encoded, from p; returns the stop, or null on a bad "%".
URNS_BENCH_INLINE char const* run(char const* p, char const* e, std::uint16_t bits, bool& nul)
{
    while (p != e) {
        unsigned char const c = static_cast<unsigned char>(*p);
        if (is(c, bits)) {
            ++p;
        } else if (c == '%') {
            if (!pct(p, e, nul))
                return nullptr;
            p += 3;
        } else {
            break;
        }
    }
    return p;
}

URNS_BENCH_INLINE bool scheme_ok(char const* b, char const* e)
{
    return e - b >= 4 && lower(b[0]) == 'u' && lower(b[1]) == 'r' && lower(b[2]) == 'n' && b[3] == ':';
}

URNS_BENCH_INLINE bool nid_is_urn(char const* b, std::size_t nid_end)
{
    return nid_end == 7 && lower(b[4]) == 'u' && lower(b[5]) == 'r' && lower(b[6]) == 'n';
}

/// NID = alnum 0*30 ldh alnum (draft-03, RFC 8141), then ":"; returns the ":" or null.
URNS_BENCH_INLINE char const* nid_2_32(char const* p, char const* e)
{
    char const* const n = p;
    while (p != e && (is(static_cast<unsigned char>(*p), alnum) || *p == '-'))
        ++p;
    std::size_t const len = static_cast<std::size_t>(p - n);
    if (len < 2 || len > 32 || *n == '-' || p[-1] == '-' || p == e || *p != ':')
        return nullptr;
    return p;
}

URNS_BENCH_INLINE std::size_t off(char const* b, char const* p) { return static_cast<std::size_t>(p - b); }

} // namespace detail

/// RFC 2141: "urn:" NID ":" 1*URN-chars; NID 1-32 let-num-hyp, first let-num;
/// not the NID "urn"; no "%00".
URNS_BENCH_CALLED outcome rfc2141(std::string_view s)
{
    using namespace detail;
    outcome o;
    char const* const b = s.data();
    char const* const e = b + s.size();
    if (!scheme_ok(b, e))
        return o;
    char const* p = b + 4;
    char const* const n = p;
    while (p != e && (is(static_cast<unsigned char>(*p), alnum) || *p == '-'))
        ++p;
    std::size_t const len = static_cast<std::size_t>(p - n);
    if (len < 1 || len > 32 || *n == '-' || p == e || *p != ':') {
        o.where = off(b, p);
        return o;
    }
    o.p.nid_end = off(b, p);
    if (nid_is_urn(b, o.p.nid_end))
        return o;
    ++p;
    bool nul = false;
    char const* const nss = p;
    p = run(p, e, trans, nul);
    if (!p || p == nss || p != e || nul) {
        o.where = p ? off(b, p) : 0;
        return o;
    }
    o.p.nss_end = off(b, p);
    o.p.syntax = urns::syntax::rfc2141;
    o.ok = true;
    return o;
}

/// draft-03: "urn:" NID ":" 1*pchar [ "?" urn-query ] [ "#" fragment ];
/// not the NID "urn"; no "%00".
URNS_BENCH_CALLED outcome rfc2141bis(std::string_view s)
{
    using namespace detail;
    outcome o;
    char const* const b = s.data();
    char const* const e = b + s.size();
    if (!scheme_ok(b, e))
        return o;
    char const* p = nid_2_32(b + 4, e);
    if (!p)
        return o;
    o.p.nid_end = off(b, p);
    if (nid_is_urn(b, o.p.nid_end))
        return o;
    ++p;
    bool nul = false;
    char const* const nss = p;
    p = run(p, e, pchar, nul);
    if (!p || p == nss)
        return o;
    o.p.nss_end = off(b, p);
    if (p != e && *p == '?') {
        ++p;
        o.p.query.begin = off(b, p);
        for (;;) {
            // directive = keywd "=" value; keywd = ALPHA *( ["-"] (ALPHA / DIGIT) )
            if (p == e || !is(static_cast<unsigned char>(*p), alpha))
                return o;
            ++p;
            for (;;) {
                if (p != e && is(static_cast<unsigned char>(*p), alnum))
                    ++p;
                else if (p != e && *p == '-' && e - p > 1 && is(static_cast<unsigned char>(p[1]), alnum))
                    p += 2;
                else
                    break;
            }
            if (p == e || *p != '=')
                return o;
            p = run(p + 1, e, v_pchar, nul);
            if (!p)
                return o;
            if (p != e && *p == '&') {
                ++p;
                continue;
            }
            break;
        }
        o.p.query.end = off(b, p);
    }
    if (p != e && *p == '#') {
        ++p;
        o.p.fragment.begin = off(b, p);
        p = run(p, e, pchar_sq, nul);
        if (!p)
            return o;
        o.p.fragment.end = off(b, p);
    }
    if (p != e || nul) {
        o.where = off(b, p);
        return o;
    }
    o.p.syntax = urns::syntax::rfc2141bis;
    o.ok = true;
    return o;
}

/// RFC 8141: "urn:" NID ":" NSS [ "?+" r ] [ "?=" q ] [ "#" f ]; r ends at
/// the first "?="; an NID starting "urn-" must be "urn-" DigitNonZero *DIGIT.
URNS_BENCH_CALLED outcome rfc8141(std::string_view s)
{
    using namespace detail;
    outcome o;
    char const* const b = s.data();
    char const* const e = b + s.size();
    if (!scheme_ok(b, e))
        return o;
    char const* p = nid_2_32(b + 4, e);
    if (!p)
        return o;
    o.p.nid_end = off(b, p);
    if (o.p.nid_end >= 8 && lower(b[4]) == 'u' && lower(b[5]) == 'r' && lower(b[6]) == 'n' && b[7] == '-') {
        if (o.p.nid_end == 8 || b[8] < '1' || b[8] > '9')
            return o;
        for (char const* d = b + 9; d != p; ++d)
            if (*d < '0' || *d > '9')
                return o;
    }
    ++p;
    bool nul = false;   // allowed under RFC 8141
    // NSS = pchar *(pchar / "/")
    if (p == e || *p == '/')
        return o;
    char const* const nss = p;
    p = run(p, e, pchar_s, nul);
    if (!p || p == nss)
        return o;
    o.p.nss_end = off(b, p);
    if (p != e && *p == '?') {
        if (e - p < 2 || (p[1] != '+' && p[1] != '='))
            return o;
        if (p[1] == '+') {
            // r-component = pchar *( pchar / "/" / "?" ), stopping before "?="
            p += 2;
            o.p.r_component.begin = off(b, p);
            if (p == e || *p == '/' || *p == '?')
                return o;
            for (;;) {
                p = run(p, e, pchar_s, nul);
                if (!p)
                    return o;
                if (p != e && *p == '?' && !(e - p > 1 && p[1] == '=')) {
                    ++p;
                    continue;
                }
                break;
            }
            if (off(b, p) == o.p.r_component.begin)
                return o;
            o.p.r_component.end = off(b, p);
        }
        if (p != e && *p == '?') {   // here always "?="
            p += 2;
            o.p.q_component.begin = off(b, p);
            if (p == e || *p == '/' || *p == '?')
                return o;
            char const* const q = p;
            p = run(p, e, pchar_sq, nul);
            if (!p || p == q)
                return o;
            o.p.q_component.end = off(b, p);
        }
    }
    if (p != e && *p == '#') {
        ++p;
        o.p.fragment.begin = off(b, p);
        p = run(p, e, pchar_sq, nul);
        if (!p)
            return o;
        o.p.fragment.end = off(b, p);
    }
    if (p != e) {
        o.where = off(b, p);
        return o;
    }
    o.p.syntax = urns::syntax::rfc8141;
    o.ok = true;
    return o;
}

/// The validator of syntax `syn`.
URNS_BENCH_INLINE outcome validate(std::string_view s, urns::syntax syn)
{
    switch (syn) {
    case urns::syntax::rfc2141: return rfc2141(s);
    case urns::syntax::rfc2141bis: return rfc2141bis(s);
    case urns::syntax::rfc8141: return rfc8141(s);
    }
    return {};
}

} // namespace yardstick
} // namespace urns_bench

#endif
