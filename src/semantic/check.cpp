// SPDX-License-Identifier: BSL-1.0
// Semantic layer (X3-free): diagnostics beyond syntax (urns::check) and
// their rendering.
#include <urns/check.hpp>
#include <urns/nss/registry.hpp>
#include <urns/query.hpp>

#include "parse/grammar_entry.hpp"
#include "semantic/pct_case.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <iterator>
#include <string_view>
#include <vector>

namespace urns {

namespace {

//----------------------------------------------------------------------------
// Messages (static storage; diagnostic::message points here)

constexpr std::string_view msg_not_a_urn = "not a URN (an empty view)";
constexpr std::string_view msg_reserved =
    "\"/\", \"?\" and \"#\" are reserved: namespaces SHOULD NOT use them unencoded (RFC 2141 section 2.3.2)";
constexpr std::string_view msg_needless =
    "percent-encodes an unreserved character: \"a character MUST NOT be %-encoded if the character is not "
    "a reserved character\" (RFC 2141 section 2.3.1, draft-03 section 2.5.2; RFC 3986 section 2.3)";
constexpr std::string_view msg_lower_hex =
    "lower-case hex digits in a percent-encoding; upper case is canonical (RFC 3986 section 2.1, RFC 8141 section 3.1)";
constexpr std::string_view msg_query_assigned =
    "\"The <query> part MUST NOT be present in any *assigned* URN\" (draft-03 section 2.3)";
constexpr std::string_view msg_rq_assigned =
    "an r- or q-component is not part of the assigned-name (RFC 8141 section 2)";
constexpr std::string_view msg_fragment_assigned =
    "\"The <fragment> part MUST NOT be present in any *assigned* URN\" (draft-03 section 2.4; "
    "RFC 8141 section 2: not part of the assigned-name)";
constexpr std::string_view msg_fragment_namespace =
    "a fragment is allowed only in namespaces whose registration \"explicitly specifies its usage\"; "
    "otherwise URNs of that namespace \"MUST NOT contain a fragment identifier\" (draft-03 section 2.4)";
constexpr std::string_view msg_unknown_service =
    "not a registered resolution service (draft-03 section 9.2.2: I2L, I2Ls, I2R, I2Rs, I2C, I2Cs, I2N, "
    "I2Ns, I=I); resolvers fall back to the default service (section 2.3.1)";
constexpr std::string_view msg_repeated_registered =
    "a registered keyword \"MUST NOT appear more than once\"; resolvers \"MUST ignore all query directives "
    "therein using the offending <keywd>\" (draft-03 section 2.3)";
constexpr std::string_view msg_repeated_other =
    "this keyword appeared before; were it registered, all its directives would be ignored (draft-03 section 2.3)";
constexpr std::string_view msg_informal =
    "an informal namespace, \"urn-\" Number (RFC 8141 section 5.2)";
constexpr std::string_view msg_experimental =
    "an experimental NID \"X-...\" (RFC 3406 section 3.1): never registered, for private use; "
    "RFC 8141 obsoletes RFC 3406";
constexpr std::string_view msg_namespace_rule =
    "the namespace's own rules (its registration's syntax) reject the NSS here";
constexpr std::string_view msg_unregistered =
    "this NID is not in the IANA URN namespace registry (as shipped with this library)";
constexpr std::string_view msg_unregistered_informal =
    "an informal NID (\"urn-\" Number, RFC 8141 section 5.2) that is not in the IANA registry "
    "(as shipped with this library)";

/// unreserved (RFC 3986), less what the syntax excludes: "~" is excluded
/// in RFC 2141 (section 2.4), so "%7E" is not needless there.
bool unreserved(unsigned char c, syntax syn) noexcept
{
    return lexical::rfc3986::unreserved.contains(c) &&
           !(syn == syntax::rfc2141 && lexical::rfc2141::excluded.contains(c));
}

/// "urn-" Number, Number = DigitNonZero 0*Digit (RFC 8141 section 5.2).
bool informal_shape(std::string_view nid) noexcept
{
    return detail::informal_namespace_name(nid);
}

class collector {
public:
    explicit collector(std::vector<diagnostic>& out) : out_(out) {}
    void add(severity s, diagnostic_code c, std::size_t offset, std::size_t length, std::string_view m)
    {
        out_.push_back(diagnostic{s, c, offset, length, m});
    }

private:
    std::vector<diagnostic>& out_;
};

void check_nid(urn_view const& v, collector& c)
{
    std::string_view const nid = v.nid();
    if (lexical::istarts_with(nid, "x-")) {
        c.add(severity::warning, diagnostic_code::experimental_nid, 4, nid.size(), msg_experimental);
        return;
    }
    if (auto r = find_registered_namespace(nid)) {
        if (r->kind == namespace_kind::informal)
            c.add(severity::note, diagnostic_code::informal_nid, 4, nid.size(), msg_informal);
        return;
    }
    c.add(severity::warning, diagnostic_code::unregistered_nid, 4, nid.size(),
          informal_shape(nid) ? msg_unregistered_informal : msg_unregistered);
}

/// One pass over everything after the NID's ":".
void check_characters(urn_view const& v, collector& c)
{
    std::string_view const b = v.buffer();
    syntax const syn = v.syntax();
    std::size_t i = detail::view_access::parts_of(v).nid_end + 1;
    // In RFC 2141 everything after the NID is the NSS.
    std::size_t const nss_end = detail::view_access::parts_of(v).nss_end;
    while (i < b.size()) {
        char const ch = b[i];
        if (ch == '%' && i + 2 < b.size() && lexical::rfc5234::hexdig.contains(b[i + 1]) && lexical::rfc5234::hexdig.contains(b[i + 2])) {
            auto const octet =
                static_cast<unsigned char>(detail::hex_value(b[i + 1]) * 16 + detail::hex_value(b[i + 2]));
            if (unreserved(octet, syn))
                c.add(severity::warning, diagnostic_code::needless_pct_encoding, i, 3, msg_needless);
            if (lexical::rfc2141::lower.contains(b[i + 1]) || lexical::rfc2141::lower.contains(b[i + 2]))
                c.add(severity::note, diagnostic_code::lower_case_hex, i, 3, msg_lower_hex);
            i += 3;
            continue;
        }
        if (syn == syntax::rfc2141 && i < nss_end && (ch == '/' || ch == '?' || ch == '#'))
            c.add(severity::warning, diagnostic_code::reserved_unencoded, i, 1, msg_reserved);
        ++i;
    }
}

/// A directive in the table of keywords check_directives sorts: the
/// first 8 bytes of its keyword, big-endian and zero-padded (a keyword has
/// no NUL), so that most comparisons read the table alone, not the URN.
struct keyword_entry {
    std::uint64_t prefix;
    std::string_view keyword;
    std::size_t offset;
    std::size_t length;
};

std::uint64_t keyword_prefix(std::string_view k) noexcept
{
    std::uint64_t p = 0;
    for (std::size_t i = 0; i < 8; ++i)
        p = p << 8 | (i < k.size() ? static_cast<unsigned char>(k[i]) : 0u);
    return p;
}

/// draft-03 section 2.3: repeated keywords and unknown "s" values. The
/// repeats are found by sorting the directives by keyword, then offset:
/// O(n log n) over a table read in order, where a hash table of n
/// keywords costs a cache miss or more per directive once it outgrows the
/// caches (8 times the directives took 26 times the time).
void check_directives(urn_view const& v, collector& c)
{
    auto ds = directives(v);
    if (!ds)
        return;
    // Allocated once (32 bytes for a directive of at least 4: 8 times the
    // query), not grown by doubling.
    std::vector<keyword_entry> table;
    table.reserve(static_cast<std::size_t>(std::distance(ds->begin(), ds->end())));
    for (directive const& d : *ds) {
        std::size_t const length = d.keyword.size() + 1 + d.value.size();
        table.push_back(keyword_entry{keyword_prefix(d.keyword), d.keyword, d.offset, length});
        if (d.keyword == "s" && !resolution_service_from_string(d.value)) {
            if (d.value.empty())
                c.add(severity::warning, diagnostic_code::unknown_service, d.offset, length, msg_unknown_service);
            else
                c.add(severity::warning, diagnostic_code::unknown_service, d.value_offset(), d.value.size(),
                      msg_unknown_service);
        }
    }
    std::sort(table.begin(), table.end(), [](keyword_entry const& a, keyword_entry const& b) {
        if (a.prefix != b.prefix)
            return a.prefix < b.prefix;
        int const k = a.keyword.compare(b.keyword);
        return k != 0 ? k < 0 : a.offset < b.offset;
    });
    // Every directive but the first of its keyword is a repeat.
    for (std::size_t i = 1; i < table.size(); ++i) {
        keyword_entry const& d = table[i];
        if (d.prefix != table[i - 1].prefix || d.keyword != table[i - 1].keyword)
            continue;
        bool const registered = registered_keyword(d.keyword).has_value();
        c.add(registered ? severity::error : severity::note, diagnostic_code::repeated_keyword, d.offset, d.length,
              registered ? msg_repeated_registered : msg_repeated_other);
    }
}

/// Query, components and fragment against an assigned name (draft-03
/// sections 2.3, 2.4; RFC 8141 section 2).
void check_components(urn_view const& v, check_options const& opts, collector& c)
{
    detail::parts const& p = detail::view_access::parts_of(v);
    // Each span is reported with its delimiter ("?", "?+", "?=", "#").
    auto whole = [](detail::parts::span s, std::size_t delim) {
        return std::pair<std::size_t, std::size_t>(s.begin - delim, s.end - s.begin + delim);
    };
    if (opts.assigned_name) {
        if (p.query.present()) {
            auto [o, n] = whole(p.query, 1);
            c.add(severity::error, diagnostic_code::query_in_assigned_name, o, n, msg_query_assigned);
        }
        for (auto s : {p.r_component, p.q_component})
            if (s.present()) {
                auto [o, n] = whole(s, 2);
                c.add(severity::error, diagnostic_code::query_in_assigned_name, o, n, msg_rq_assigned);
            }
        if (p.fragment.present()) {
            auto [o, n] = whole(p.fragment, 1);
            c.add(severity::error, diagnostic_code::fragment, o, n, msg_fragment_assigned);
        }
    } else if (p.fragment.present() && v.syntax() == syntax::rfc2141bis) {
        auto [o, n] = whole(p.fragment, 1);
        c.add(severity::note, diagnostic_code::fragment, o, n, msg_fragment_namespace);
    }
}

/// Appends byte `c` as a person should see it; returns its width.
std::size_t append_shown(std::string& out, unsigned char c)
{
    if (c >= 0x20 && c < 0x7F && c != '\\') {
        out += static_cast<char>(c);
        return 1;
    }
    char buf[5];
    std::snprintf(buf, sizeof buf, "\\x%02X", c);
    out += buf;
    return 4;
}

} // namespace

std::string_view to_string(diagnostic_code c) noexcept
{
    switch (c) {
    case diagnostic_code::not_a_urn: return "not-a-urn";
    case diagnostic_code::reserved_unencoded: return "reserved-unencoded";
    case diagnostic_code::needless_pct_encoding: return "needless-pct-encoding";
    case diagnostic_code::lower_case_hex: return "lower-case-hex";
    case diagnostic_code::query_in_assigned_name: return "query-in-assigned-name";
    case diagnostic_code::fragment: return "fragment";
    case diagnostic_code::unknown_service: return "unknown-service";
    case diagnostic_code::repeated_keyword: return "repeated-keyword";
    case diagnostic_code::informal_nid: return "informal-nid";
    case diagnostic_code::experimental_nid: return "experimental-nid";
    case diagnostic_code::unregistered_nid: return "unregistered-nid";
    case diagnostic_code::namespace_rule: return "namespace-rule";
    }
    return "unknown";
}

std::vector<diagnostic> check(urn_view v, check_options const& opts)
{
    std::vector<diagnostic> out;
    collector c(out);
    if (!detail::well_formed(v)) {
        c.add(severity::error, diagnostic_code::not_a_urn, 0, 0, msg_not_a_urn);
        return out;
    }
    check_nid(v, c);
    check_characters(v, c);
    if (v.syntax() == syntax::rfc2141bis && v.has_query())
        check_directives(v, c);
    check_components(v, opts, c);
    if (opts.registry) {
        if (auto f = nss::validate(*opts.registry, v))
            c.add(severity::error, diagnostic_code::namespace_rule, f->offset, 1, msg_namespace_rule);
    }
    // Mostly found in order already (a URN without a query always is):
    // then there is nothing to sort, and no buffer of half the diagnostics
    // to allocate for stable_sort (a line of "%41" triplets has one
    // diagnostic every 3 bytes).
    auto const by_offset = [](diagnostic const& a, diagnostic const& b) {
        return a.offset != b.offset ? a.offset < b.offset : a.code < b.code;
    };
    if (!std::is_sorted(out.begin(), out.end(), by_offset))
        std::stable_sort(out.begin(), out.end(), by_offset);
    return out;
}

std::string to_string(diagnostic const& d, std::string_view input)
{
    constexpr std::size_t before = 40, after = 30;
    std::size_t const at = std::min(d.offset, input.size());
    std::size_t const end = std::min(input.size(), at + d.length);
    std::size_t const lo = at > before ? at - before : 0;
    // Up to `after` bytes past the offset, or to the end of the span, but
    // never more than 70 past the offset (a long span is cut too).
    std::size_t const stop = std::min({input.size(), std::max(end, at + after), at + 70});

    std::string out;
    std::size_t caret = 0, width = 0;
    if (lo > 0) {
        out += "...";
        caret += 3;
    }
    for (std::size_t i = lo; i < stop; ++i) {
        std::size_t const w = append_shown(out, static_cast<unsigned char>(input[i]));
        if (i < at)
            caret += w;
        else if (i < end)
            width += w;
    }
    if (stop < input.size())
        out += "...";
    out += '\n';
    out.append(caret, ' ');
    out += '^';
    if (width > 1)
        out.append(width - 1, '~');
    out += ' ';
    out += to_string(d.severity);
    out += ": ";
    out += d.message;
    out += " [";
    out += to_string(d.code);
    out += ']';
    return out;
}

} // namespace urns
