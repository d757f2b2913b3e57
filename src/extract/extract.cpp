// SPDX-License-Identifier: BSL-1.0
// Extraction (X3-free): find_urns. A scanner finds "urn:" by memchr on
// ':', walks the candidate once with a small state machine of its own (the
// walk below, over byte classes made from the lexical layer's tables: not
// the grammar) that knows where a URN of each syntax can end, and hands
// the longest acceptable prefix to parse_urn, which has the last word: a
// match is always a URN the grammar accepts, with the grammar's spans.
// docs/extract.md explains the rules; tests extract (every match equal to
// parse_urn of its text) and extract_reference (a reference extractor
// built on parse_urn alone, on generated prose) and fuzz/extract.cpp tie
// the walk to the grammar.
#include <urns/extract.hpp>
#include <urns/nss/registry.hpp>
#include <urns/lexical.hpp>
#include <urns/parse.hpp>

#include "parse/grammar_entry.hpp"

#include <cstring>

namespace urns {
namespace detail {

namespace {

// Byte classes, one bit each.
enum : unsigned short {
    c_alnum = 1 << 0,   // ALPHA / DIGIT
    c_alpha = 1 << 1,   // ALPHA
    c_hex = 1 << 2,     // HEXDIG
    c_pchar = 1 << 3,   // RFC 3986 pchar, less pct-encoded
    c_vpchar = 1 << 4,  // draft-03 v-pchar, less pct-encoded
    c_trans = 1 << 5,   // RFC 2141 trans, less "%"
    c_word = 1 << 6,    // ALPHA / DIGIT / "+" / "-" / "." / "_": no match starts after one
    c_punct = 1 << 7,   // prose mode: never the last byte of a match
    // Plain bytes: those that keep an accepting state of the walk and that
    // nothing else looks at (not "%", a bracket, a quote, punctuation, nor
    // a byte that can end a URN inside another URI: "&", "#", "?"). A run
    // of them is taken in one tight loop.
    r_trans = 1 << 8,   // state nss in rfc2141: trans
    r_pchar = 1 << 9,   // state nss in rfc2141bis: pchar
    r_path = 1 << 10,   // states nss8, r, q, frag: pchar / "/"
    r_value = 1 << 11,  // state value: v-pchar
};

/// The scanner's classes, each one of the lexical layer's tables (or, for
/// the two that are about prose, not about a grammar, defined here).
struct byte_classes {
    unsigned short bits[256] = {};

    constexpr void add(lexical::charset const& set, unsigned short bit)
    {
        for (unsigned c = 0; c < 256; ++c)
            if (set.contains(static_cast<unsigned char>(c)))
                bits[c] |= bit;
    }

    constexpr byte_classes()
    {
        namespace lex = lexical;
        add(lex::rfc8141::alphanum, c_alnum);
        add(lex::rfc5234::alpha, c_alpha);
        add(lex::rfc5234::hexdig, c_hex);
        add(lex::rfc3986::pchar, c_pchar);
        add(lex::rfc2141bis::v_pchar, c_vpchar);
        add(lex::rfc2141::trans, c_trans);
        // Prose: a word byte before "urn:" means the "urn:" is part of a
        // longer word (docs/extract.md); punctuation never ends a match.
        add(lex::rfc8141::alphanum | lex::charset("+-._"), c_word);
        add(lex::charset(".,;:!?"), c_punct);
        lex::charset const looked_at("%()'.,;:!?&#");
        add(lex::rfc2141::trans - looked_at, r_trans);
        add(lex::rfc3986::pchar - looked_at, r_pchar);
        add((lex::rfc3986::pchar | lex::charset("/")) - looked_at, r_path);
        add(lex::rfc2141bis::v_pchar - looked_at, r_value);
    }

    constexpr bool is(unsigned char c, unsigned short bit) const { return (bits[c] & bit) != 0; }
};

constexpr byte_classes classes;

bool is(char c, unsigned short bit) noexcept
{
    return classes.is(static_cast<unsigned char>(c), bit);
}

// The states of the walk after "urn:" NID ":". A state is accepting if the
// bytes so far are a whole URN.
enum class st : unsigned char {
    dead,
    nss0,     // no NSS byte yet
    nss,      // rfc2141 and rfc2141bis NSS (accepting)
    nss8,     // rfc8141 NSS: "/" allowed after the first pchar (accepting)
    pct1,     // after "%"
    pct2,     // after "%" HEXDIG
    query0,   // rfc2141bis: a keywd must start
    keywd,    // rfc2141bis: in keywd, after ALPHA / DIGIT
    keywd_h,  // rfc2141bis: in keywd, after "-"
    value,    // rfc2141bis: in value (accepting)
    rq,       // rfc8141: "?" after the NSS: "+" or "=" must follow
    r0,       // rfc8141: after "?+"
    r,        // rfc8141: in r-component (accepting)
    r_qmark,  // rfc8141: "?" in r-component (accepting; "=" starts q)
    q0,       // rfc8141: after "?="
    q,        // rfc8141: in q-component (accepting)
    frag,     // after "#" (accepting)
};

bool accepting(st s) noexcept
{
    switch (s) {
    case st::nss:
    case st::nss8:
    case st::value:
    case st::r:
    case st::r_qmark:
    case st::q:
    case st::frag: return true;
    default: return false;
    }
}

/// The class of the plain bytes of an accepting state that loops on
/// them (see r_trans), or 0.
unsigned short plain_run(st s, syntax syn) noexcept
{
    switch (s) {
    case st::nss: return syn == syntax::rfc2141 ? r_trans : r_pchar;
    case st::nss8:
    case st::r:
    case st::q:
    case st::frag: return r_path;
    case st::value: return r_value;
    default: return 0;
    }
}

struct walk_result {
    std::size_t end = 0;  // one past the match's last byte; 0: no match
    std::size_t stop = 0; // the first byte the walk did not take
};

/// Walks the candidate that starts at text[s] ("urn:" at s, checked).
walk_result walk(std::string_view text, std::size_t s, extract_options const& opts) noexcept
{
    char const* const t = text.data();
    std::size_t const n = text.size();
    syntax const syn = opts.syntax;
    walk_result w;

    // NID: up to 32 NID bytes, then ":".
    std::size_t p = s + 4;
    std::size_t const nid_begin = p;
    while (p < n && p - nid_begin < 33 && (is(t[p], c_alnum) || t[p] == '-'))
        ++p;
    if (p >= n || t[p] != ':' || !nid_rule(text.substr(nid_begin, p - nid_begin), syn)) {
        w.stop = p;
        return w;
    }
    ++p;

    // Bytes that end the URN because of the URI around it.
    char stop1 = '\0', stop2 = '\0';
    if (opts.uri_context && s > 0) {
        if (t[s - 1] == '=')
            stop1 = '&', stop2 = '#';
        else if (t[s - 1] == '/')
            stop1 = '?', stop2 = '#';
    }

    bool const prose = opts.mode == extract_mode::prose;
    bool const nul_forbidden = syn != syntax::rfc8141;
    // Brackets are matched as they come: `open` counts the "(" of the match
    // not yet closed; a ")" closes the last of them, or none ("unmatched").
    std::size_t open = 0, quotes = 0;
    bool unmatched = false;
    st state = st::nss0;
    st after_pct = st::dead;
    bool zero = false;

    for (; p < n; ++p) {
        char const c = t[p];
        if (c == stop1 || c == stop2)
            break;
        st next = st::dead;
        if (c == '%' && state != st::pct1 && state != st::pct2 && state != st::rq &&
            state != st::query0 && state != st::keywd && state != st::keywd_h) {
            // pct-encoded starts here; it continues the component it is in.
            switch (state) {
            case st::nss0: after_pct = syn == syntax::rfc8141 ? st::nss8 : st::nss; break;
            case st::r0:
            case st::r_qmark: after_pct = st::r; break;
            case st::q0: after_pct = st::q; break;
            default: after_pct = state; break;
            }
            next = st::pct1;
        } else {
            switch (state) {
            case st::dead: break;
            case st::nss0:
                if (syn == syntax::rfc2141 ? is(c, c_trans) : is(c, c_pchar))
                    next = syn == syntax::rfc8141 ? st::nss8 : st::nss;
                break;
            case st::nss:
                if (syn == syntax::rfc2141)
                    next = is(c, c_trans) ? st::nss : st::dead;
                else if (is(c, c_pchar))
                    next = st::nss;
                else if (c == '?')
                    next = st::query0;
                else if (c == '#')
                    next = st::frag;
                break;
            case st::nss8:
                if (is(c, c_pchar) || c == '/')
                    next = st::nss8;
                else if (c == '?')
                    next = st::rq;
                else if (c == '#')
                    next = st::frag;
                break;
            case st::pct1:
                if (is(c, c_hex)) {
                    zero = c == '0';
                    next = st::pct2;
                }
                break;
            case st::pct2:
                if (is(c, c_hex) && !(nul_forbidden && zero && c == '0'))
                    next = after_pct;
                break;
            case st::query0:
                if (is(c, c_alpha))
                    next = st::keywd;
                break;
            case st::keywd:
                if (is(c, c_alnum))
                    next = st::keywd;
                else if (c == '-')
                    next = st::keywd_h;
                else if (c == '=')
                    next = st::value;
                break;
            case st::keywd_h:
                if (is(c, c_alnum))
                    next = st::keywd;
                break;
            case st::value:
                if (is(c, c_vpchar))
                    next = st::value;
                else if (c == '&')
                    next = st::query0;
                else if (c == '#')
                    next = st::frag;
                break;
            case st::rq:
                if (c == '+')
                    next = st::r0;
                else if (c == '=')
                    next = st::q0;
                break;
            case st::r0:
                if (is(c, c_pchar))
                    next = st::r;
                break;
            case st::r:
                if (is(c, c_pchar) || c == '/')
                    next = st::r;
                else if (c == '?')
                    next = st::r_qmark;
                else if (c == '#')
                    next = st::frag;
                break;
            case st::r_qmark:
                // The r-component ends at the first "?=".
                if (c == '=')
                    next = st::q0;
                else if (c == '?')
                    next = st::r_qmark;
                else if (is(c, c_pchar) || c == '/')
                    next = st::r;
                else if (c == '#')
                    next = st::frag;
                break;
            case st::q0:
                if (is(c, c_pchar))
                    next = st::q;
                break;
            case st::q:
                if (is(c, c_pchar) || c == '/' || c == '?')
                    next = st::q;
                else if (c == '#')
                    next = st::frag;
                break;
            case st::frag:
                if (is(c, c_pchar) || c == '/' || c == '?')
                    next = st::frag;
                break;
            }
        }
        if (next == st::dead)
            break;
        state = next;
        if (c == '(') {
            ++open;
        } else if (c == ')') {
            unmatched = open == 0;
            if (!unmatched)
                --open;
        } else if (c == '\'') {
            ++quotes;
        }
        if (!accepting(state))
            continue;
        if (prose && (is(c, c_punct) || (c == ')' && unmatched) || (c == '\'' && quotes % 2)))
            continue;
        w.end = p + 1;
        // The plain bytes after it keep the state and the counts, and each
        // would end the match: the run is taken at once.
        if (unsigned short const run = plain_run(state, syn)) {
            std::size_t q = p + 1;
            while (q < n && is(t[q], run))
                ++q;
            w.end = q;
            p = q - 1;
        }
    }
    w.stop = p;
    return w;
}

/// Whether the bytes at text[s, s+4) are "urn:" that may start a match.
bool starts_match(char const* t, std::size_t s) noexcept
{
    if (!lexical::iequals(std::string_view(t + s, 3), "urn"))
        return false;
    return s == 0 || !is(t[s - 1], c_word);
}

} // namespace

bool next_urn_match(std::string_view text, std::size_t from, extract_options const& opts,
                    urn_match& m, std::size_t& resume) noexcept
{
    char const* const t = text.data();
    std::size_t const n = text.size();
    std::size_t colon = from + 3;
    while (colon < n) {
        void const* hit = std::memchr(t + colon, ':', n - colon);
        if (!hit)
            break;
        colon = static_cast<std::size_t>(static_cast<char const*>(hit) - t);
        std::size_t const s = colon - 3;
        if (!starts_match(t, s)) {
            ++colon;
            continue;
        }
        walk_result const w = walk(text, s, opts);
        // The search goes on after the bytes the walk looked at; the next
        // "urn:" cannot start before it.
        colon = w.stop + 3;
        if (w.end == 0)
            continue;
        std::string_view const candidate = text.substr(s, w.end - s);
        auto r = parse_urn(candidate, opts.syntax);
        if (!r)
            continue;
        m.offset = s;
        m.length = candidate.size();
        m.view = *r;
        m.namespace_fault = opts.registry ? nss::validate(*opts.registry, *r) : std::nullopt;
        resume = w.stop;
        return true;
    }
    resume = n;
    return false;
}

} // namespace detail
} // namespace urns
