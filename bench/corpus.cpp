// SPDX-License-Identifier: BSL-1.0
// Benchmark support (bench/ only): the seeded corpus generator. The shapes
// of the namespaces' strings follow their registrations (RFC 4122 uuid,
// RFC 3187 isbn, RFC 3044 issn, RFC 2648 ietf, RFC 3553 ietf params,
// RFC 3061 oid, RFC 3188 nbn, EPC Tag Data Standard, OGC 07-092, RFC 9562
// references aside); the values are random.
#include "corpus.hpp"

#include <array>
#include <cstdio>

namespace urns_bench {

namespace {

char const* const lower_hex = "0123456789abcdef";
char const* const upper_hex = "0123456789ABCDEF";

std::string hex(rng& r, std::size_t n, bool upper = false)
{
    char const* h = upper ? upper_hex : lower_hex;
    std::string s;
    for (std::size_t i = 0; i < n; ++i)
        s += h[r.below(16)];
    return s;
}

std::string digits(rng& r, std::size_t n)
{
    std::string s;
    for (std::size_t i = 0; i < n; ++i)
        s += static_cast<char>('0' + r.below(10));
    return s;
}

std::string number(rng& r, std::uint32_t max) { return std::to_string(r.below(max) + 1); }

std::string word(rng& r, std::size_t lo, std::size_t hi)
{
    static char const* const syll[] = {"ka", "lo", "ri", "men", "ta", "so", "ver", "al", "on", "es",
                                       "tri", "da", "ne", "pu", "xi", "gor", "la", "be", "in", "ut"};
    std::string s;
    std::size_t const n = r.between(static_cast<std::uint32_t>(lo), static_cast<std::uint32_t>(hi));
    while (s.size() < n)
        s += syll[r.below(20)];
    s.resize(n);
    return s;
}

template <std::size_t N>
char const* pick(rng& r, char const* const (&a)[N])
{
    return a[r.below(N)];
}

std::string scheme(rng& r) { return r.chance(1, 10) ? "URN:" : "urn:"; }

std::string uuid(rng& r)
{
    bool const up = r.chance(1, 10);
    return scheme(r) + (up ? "UUID:" : "uuid:") + hex(r, 8, up) + '-' + hex(r, 4, up) + '-' +
           hex(r, 4, up) + '-' + hex(r, 4, up) + '-' + hex(r, 12, up);
}

std::string isbn(rng& r)
{
    std::string nid = r.chance(1, 4) ? "ISBN:" : "isbn:";
    if (r.chance(1, 2)) {
        std::size_t const g = r.between(1, 2), p = r.between(2, 5);
        return scheme(r) + nid + digits(r, g) + '-' + digits(r, p) + '-' + digits(r, 9 - g - p) + '-' +
               (r.chance(1, 11) ? "X" : digits(r, 1));
    }
    return scheme(r) + nid + "978-" + digits(r, 1) + '-' + digits(r, 3) + '-' + digits(r, 5) + '-' + digits(r, 1);
}

std::string issn(rng& r)
{
    return scheme(r) + (r.chance(1, 4) ? "ISSN:" : "issn:") + digits(r, 4) + '-' + digits(r, 3) +
           (r.chance(1, 11) ? "X" : digits(r, 1));
}

std::string ietf(rng& r)
{
    static char const* const series[] = {"rfc", "rfc", "rfc", "bcp", "std"};
    return scheme(r) + "ietf:" + pick(r, series) + ':' + number(r, 9700);
}

std::string ietf_params(rng& r)
{
    static char const* const grants[] = {"jwt-bearer", "device_code", "token-exchange", "saml2-bearer"};
    static char const* const tokens[] = {"access_token", "refresh_token", "id_token", "jwt", "saml2"};
    static char const* const fixed[] = {"urn:ietf:params:xml:ns:netconf:base:1.0",
                                        "urn:ietf:params:scim:schemas:core:2.0:User",
                                        "urn:ietf:params:scim:api:messages:2.0:ListResponse",
                                        "urn:ietf:params:xml:ns:caldav",
                                        "urn:ietf:params:xml:ns:xmpp-stanzas"};
    switch (r.below(5)) {
    case 0: return "urn:ietf:params:xml:ns:yang:ietf-" + word(r, 4, 10) + '-' + word(r, 3, 9);
    case 1: return std::string("urn:ietf:params:oauth:grant-type:") + pick(r, grants);
    case 2: return std::string("urn:ietf:params:oauth:token-type:") + pick(r, tokens);
    case 3: return "urn:ietf:params:acme:error:" + word(r, 6, 14);
    default: return pick(r, fixed);
    }
}

std::string oid(rng& r)
{
    std::string s = scheme(r) + "oid:" + std::to_string(r.below(3));
    std::size_t const arcs = r.between(3, 11);
    for (std::size_t i = 0; i < arcs; ++i)
        s += '.' + std::to_string(r.below(r.chance(1, 3) ? 100000 : 100));
    return s;
}

std::string nbn(rng& r)
{
    switch (r.below(4)) {
    case 0: return "urn:nbn:de:" + word(r, 3, 4) + ':' + digits(r, 2) + '-' + digits(r, r.between(6, 12));
    case 1: return "urn:nbn:fi:" + word(r, 3, 8) + '-' + digits(r, r.between(6, 9));
    case 2: return "urn:nbn:se:" + word(r, 2, 4) + ":diva-" + digits(r, r.between(4, 6));
    default: return "urn:nbn:nl:ui:" + digits(r, 2) + '-' + word(r, 5, 8) + ':' + digits(r, 6);
    }
}

std::string epc(rng& r)
{
    switch (r.below(4)) {
    case 0: return "urn:epc:id:sgtin:" + digits(r, 7) + '.' + digits(r, 6) + '.' + number(r, 999999);
    case 1: return "urn:epc:id:sscc:" + digits(r, 7) + '.' + digits(r, 10);
    case 2: return "urn:epc:tag:sgtin-96:" + digits(r, 1) + '.' + digits(r, 7) + '.' + digits(r, 6) + '.' + number(r, 99999);
    default: return "urn:epc:id:sgln:" + digits(r, 7) + '.' + digits(r, 5) + '.' + number(r, 999);
    }
}

std::string ogc(rng& r)
{
    static char const* const kinds[] = {"crs", "crs", "uom", "datum", "ellipsoid", "axis"};
    if (r.chance(1, 5))
        return "urn:ogc:def:crs:OGC:1.3:CRS84";
    return std::string("urn:ogc:def:") + pick(r, kinds) + ":EPSG::" + number(r, 32767);
}

std::string lex(rng& r)
{
    static char const* const where[] = {"it:stato", "eu:council", "br:federal", "es:estado", "ch:confederation"};
    static char const* const what[] = {"legge", "decreto", "directive", "lei", "regulation"};
    return std::string("urn:lex:") + pick(r, where) + ':' + pick(r, what) + ':' +
           std::to_string(1950 + r.below(75)) + '-' + digits(r, 2) + '-' + digits(r, 2) + ';' + number(r, 999);
}

std::string mpeg(rng& r)
{
    static char const* const fixed[] = {"urn:mpeg:dash:schema:mpd:2011", "urn:mpeg:mpeg7:schema:2001",
                                        "urn:mpeg:dash:profile:isoff-live:2011", "urn:mpeg:dash:role:2011",
                                        "urn:mpeg:mpeg21:2002:01-DIDL-NS", "urn:mpeg:dash:utc:http-iso:2014"};
    return pick(r, fixed);
}

std::string other(rng& r)
{
    switch (r.below(9)) {
    case 0: return "urn:oasis:names:specification:docbook:dtd:xml:4." + number(r, 5);
    case 1: return "urn:xmpp:" + word(r, 4, 8) + ':' + number(r, 3);
    case 2: return "urn:iso:std:iso:" + number(r, 30000) + ":-" + number(r, 9) + ":ed-" + number(r, 4) + ":en";
    case 3: return "urn:isan:0000-0000-" + hex(r, 4, true) + "-0000-" + hex(r, 1, true) + "-0000-0000-" + hex(r, 1, true);
    case 4: return "urn:publicid:-:OASIS:DTD+DocBook+XML+V4.1." + number(r, 9) + ":EN";
    case 5: return "urn:mrn:imo:imo-number:" + digits(r, 7);
    case 6: return "urn:dvb:metadata:cs:ContentSubject:2007:" + number(r, 9);
    case 7: return "urn:3gpp:" + word(r, 4, 8) + ":ims:" + number(r, 99);
    default: return "urn:schac:personalUniqueCode:int:esi:" + word(r, 2, 2) + ':' + digits(r, 8);
    }
}

std::string pct(rng& r, bool upper)
{
    static char const* const enc[] = {"%C3%A9", "%E2%82%AC", "%20", "%2F", "%C3%BC", "%3F", "%23", "%E6%97%A5"};
    std::string s = "urn:example:" + word(r, 3, 8);
    std::size_t const n = r.between(1, 3);
    for (std::size_t i = 0; i < n; ++i)
        s += std::string(pick(r, enc)) + word(r, 2, 6);
    if (!upper)
        for (char& c : s)
            if (c >= 'A' && c <= 'F')
                c = static_cast<char>(c - 'A' + 'a');
    return s;
}

std::string rfc8141_form(rng& r)
{
    std::string s = "urn:example:" + word(r, 4, 12);
    switch (r.below(4)) {
    case 0: return s + "?+CCResolve:cc=uk";
    case 1: return s + "?=op=map&lat=39.56&lon=-104.85";
    case 2: return s + "#section-" + number(r, 20);
    default: return s + "?+r" + digits(r, 2) + "?=q=" + word(r, 2, 6) + "#f" + digits(r, 2);
    }
}

std::string long_urn(rng& r)
{
    std::size_t const target = r.between(200, 2000);
    std::string s = "urn:example:" + word(r, 4, 10);
    while (s.size() < target) {
        switch (r.below(6)) {
        case 0: s += ':' + digits(r, r.between(1, 8)); break;
        case 1: s += '.' + word(r, 2, 9); break;
        case 2: s += '-' + word(r, 2, 9); break;
        case 3: s += "%2F" + word(r, 2, 5); break;
        default: s += ':' + word(r, 3, 12); break;
        }
    }
    return s;
}

std::string invalid(rng& r)
{
    // Half: a valid URN with one byte replaced by one no syntax allows
    // there, so the parse runs some way before failing; half: the usual
    // mistakes, each at its own place.
    if (r.chance(1, 2)) {
        std::string s = r.chance(1, 2) ? uuid(r) : isbn(r);
        static char const bad[] = {' ', '"', '<', '>', '\\', '^', '`', '{', '|', '}', '\x7f', '\xc3'};
        s[r.between(4, static_cast<std::uint32_t>(s.size() - 1))] = bad[r.below(sizeof bad)];
        return s;
    }
    static char const* const fixed[] = {"http://example.com/a",  "urn:-isbn:0451450523", "urn:isbn:",
                                        "urn:a_b:c",              "urn:example:a%G1",     "urn:example:100%",
                                        "urn:x:short-nid",        "urn:example:a b c",    "urn::empty-nid",
                                        "urn:1234567890123456789012345678901234:long-nid", "urn:ex:\xc3\xa9t\xc3\xa9",
                                        "urn:isbn:0-395-36341-1 "};
    return pick(r, fixed);
}

struct category {
    char const* name;
    unsigned weight;
    std::string (*make)(rng&);
};

category const categories[] = {
    {"uuid", 24, uuid},
    {"isbn", 8, isbn},
    {"issn", 4, issn},
    {"ietf rfc/bcp/std", 4, ietf},
    {"ietf params", 8, ietf_params},
    {"oid", 8, oid},
    {"nbn", 6, nbn},
    {"epc", 6, epc},
    {"ogc", 5, ogc},
    {"lex", 4, lex},
    {"mpeg", 4, mpeg},
    {"other registered", 9, other},
    {"percent-encoded", 3, [](rng& r) { return pct(r, r.chance(3, 4)); }},
    {"RFC 8141 ?+ ?= # forms", 4, rfc8141_form},
    {"long 200-2000 bytes", 2, long_urn},
    {"invalid", 5, invalid},
};

} // namespace

corpus pack(std::vector<std::string> const& v)
{
    corpus c;
    std::size_t n = 0;
    for (auto const& s : v)
        n += s.size();
    c.storage.reserve(n);
    std::vector<std::size_t> at;
    for (auto const& s : v) {
        at.push_back(c.storage.size());
        c.storage += s;
    }
    for (std::size_t i = 0; i < v.size(); ++i)
        c.items.emplace_back(c.storage.data() + at[i], v[i].size());
    return c;
}

std::vector<std::string> mixed(std::size_t n, std::uint64_t seed)
{
    unsigned total = 0;
    for (auto const& c : categories)
        total += c.weight;
    rng r(seed);
    std::vector<std::string> out;
    out.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        unsigned w = r.below(total);
        for (auto const& c : categories) {
            if (w < c.weight) {
                out.push_back(c.make(r));
                break;
            }
            w -= c.weight;
        }
    }
    return out;
}

std::vector<std::pair<std::string, unsigned>> mix_weights()
{
    std::vector<std::pair<std::string, unsigned>> v;
    for (auto const& c : categories)
        v.emplace_back(c.name, c.weight);
    return v;
}

std::vector<std::string> short_valid()
{
    // Valid in all three syntaxes.
    return {"urn:a1:b",          "urn:isbn:0451450523", "urn:ietf:rfc:2648", "URN:ex:x",
            "urn:oid:1.2.3",     "urn:xmpp:ping",       "urn:nbn:de:1-2",    "urn:ex:%41",
            "urn:issn:0167-6423", "urn:uuid:0"};
}

std::vector<std::string> long_valid(std::uint64_t seed)
{
    rng r(seed + 1);
    std::vector<std::string> v;
    for (int i = 0; i < 10; ++i)
        v.push_back(long_urn(r));
    return v;
}

std::vector<std::pair<std::string, std::vector<std::string>>> invalid_by_kind()
{
    std::string const long_nid = "urn:" + std::string(40, 'n') + ":x";
    return {
        {"scheme", {"http://example.com/", "urx:isbn:0451450523", "urn", "un:a:b", "urn-isbn:1"}},
        {"NID", {"urn:-ab:c", "urn:a_b:c", "urn::c", long_nid, "urn:isbn"}},
        {"NSS", {"urn:isbn:", "urn:ex:a b", "urn:ex:a<b>", "urn:ex:a\"b\"", "urn:ex:\xc3\xa9"}},
        {"pct-encoded", {"urn:ex:a%", "urn:ex:a%4", "urn:ex:a%G1", "urn:ex:100%25%", "urn:ex:%zz"}},
        {"late byte", {"urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6 ",
                       "urn:ietf:params:xml:ns:yang:ietf-interfaces|x",
                       "urn:oid:1.3.6.1.4.1.311.21.20.1.2.3.4.5.6.7.8.9^",
                       "urn:epc:id:sgtin:0614141.107346.2017\t",
                       "urn:ogc:def:crs:EPSG::4326}"}},
    };
}

std::string prose_with_urns(std::size_t bytes, std::size_t urn_every, std::uint64_t seed)
{
    static char const* const words[] = {
        "the", "of", "and", "to", "in", "is", "that", "for", "it", "as", "was", "with", "be", "by",
        "on", "not", "he", "this", "are", "or", "his", "from", "at", "which", "but", "have", "an",
        "had", "they", "you", "were", "their", "one", "all", "we", "can", "her", "has", "there",
        "been", "if", "more", "when", "will", "would", "who", "so", "no", "name", "names", "resource",
        "identifier", "namespace", "urn", "urns", "turn", "return", "burn", "uniform", "registry",
        "specification", "document", "section", "example", "urn:", "note:", "see:", "time:", "urn-like"};
    rng r(seed + 2);
    std::vector<std::string> const urns = mixed(1 + bytes / (urn_every ? urn_every : 1), seed + 3);
    std::size_t next_urn = 0;
    std::string s;
    s.reserve(bytes + 2048);
    std::size_t since = 0, line = 0;
    while (s.size() < bytes) {
        std::string w;
        if (urn_every && since >= urn_every && next_urn < urns.size()) {
            w = urns[next_urn++];
            since = 0;
        } else {
            w = pick(r, words);
        }
        s += w;
        since += w.size();
        line += w.size();
        switch (r.below(16)) {
        case 0: s += ", "; line += 2; break;
        case 1: s += ". "; line += 2; break;
        default: s += ' '; ++line; break;
        }
        if (line > 72) {
            s += '\n';
            line = 0;
        }
    }
    return s;
}

} // namespace urns_bench
