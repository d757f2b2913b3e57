// SPDX-License-Identifier: BSL-1.0
// Semantic layer (X3-free): a namespace whose NSS rule is an ABNF grammar
// compiled at run time by the ABNF engine (urns/abnf.hpp), and the header
// of a namespace file (docs/namespaces.md, "Namespace files").
#include <urns/nss/abnf.hpp>

#include <urns/lexical.hpp>
#include <urns/parse.hpp>

#include "nss/lower_fold.hpp"

#include <algorithm>
#include <memory>
#include <new>

namespace urns {
namespace nss {

namespace {

/// What the rules of one ABNF namespace point to; namespace_rules::owner
/// keeps it alive.
struct abnf_state {
    std::string nid;
    std::string reference;
    std::string root;
    abnf::grammar grammar;
    abnf::matcher matcher;              // the root rule, looked up once
    std::vector<std::string> case_insensitive;
    bool fold_all = false;              // the root (or "NSS") is case-insensitive: the whole NSS folds
    std::vector<std::string> fields;
};

verdict validate_abnf(void const* context, std::string_view nss) noexcept
{
    auto const& s = *static_cast<abnf_state const*>(context);
    if (s.matcher.matches(nss))
        return {};
    abnf::matcher::outcome const r = s.matcher.check(nss);
    switch (r.state) {
    case abnf::match_result::status::matched: return {};
    case abnf::match_result::status::no_match: {
        // Every name expected there, in the grammar's storage: none left out.
        nss_fault f{std::min(r.offset, nss.size()), r.expected_count ? r.expected[0] : s.matcher.rule()};
        if (r.expected_count > 1)
            f.also_expected = expected_alternatives::external(r.expected + 1, r.expected_count - 1);
        return f;
    }
    default: {
        nss_fault f{0, s.matcher.rule()};
        f.undecided = true;
        return f;
    }
    }
}

std::size_t fold_abnf(void const* context, std::string_view nss, char* out) noexcept
{
    auto const& s = *static_cast<abnf_state const*>(context);
    std::copy(nss.begin(), nss.end(), out);
    if (s.fold_all) {
        detail::lower_outside_pct(nss, nss.size(), out);
        return nss.size();
    }
    try {
        abnf::match_options o;
        o.capture = s.case_insensitive;
        abnf::match_result const r = s.matcher.match(nss, o);
        if (r)
            for (abnf::span const& sp : r.spans)
                detail::lower_outside_pct(nss.substr(sp.begin), sp.end - sp.begin, out + sp.begin);
    } catch (...) {
        // Out of memory: the NSS is left as it is (no extra equivalence).
    }
    return nss.size();
}

std::vector<nss_field> fields_abnf(void const* context, std::string_view nss)
{
    auto const& s = *static_cast<abnf_state const*>(context);
    std::vector<nss_field> out;
    if (s.fields.empty() || !s.matcher)
        return out;
    abnf::match_options o;
    o.capture = s.fields;
    abnf::match_result const r = s.matcher.match(nss, o);
    if (!r)
        return out;
    for (abnf::span const& sp : r.spans)
        out.push_back({sp.rule, sp.begin, sp.end});
    return out;
}

std::size_t fold_all(std::string_view nss, char* out) noexcept
{
    std::copy(nss.begin(), nss.end(), out);
    detail::lower_outside_pct(nss, nss.size(), out);
    return nss.size();
}

abnf::diagnostic problem(std::string message, std::string rule,
                         abnf::diagnostic::level lv = abnf::diagnostic::level::error)
{
    abnf::diagnostic d;
    d.severity = lv;
    d.message = std::move(message);
    d.rule = std::move(rule);
    return d;
}

bool is_rulename_char(char c) noexcept
{
    return lexical::rfc5234::alpha.contains(c) || lexical::rfc5234::digit.contains(c) || c == '-';
}

/// The words of a header value, separated by blanks (and commas).
std::vector<std::string> words(std::string_view v)
{
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i < v.size()) {
        while (i < v.size() && (v[i] == ' ' || v[i] == '\t' || v[i] == ','))
            ++i;
        std::size_t const b = i;
        while (i < v.size() && v[i] != ' ' && v[i] != '\t' && v[i] != ',')
            ++i;
        if (i > b)
            out.emplace_back(v.substr(b, i - b));
    }
    return out;
}

std::string_view trimmed(std::string_view v)
{
    while (!v.empty() && (v.front() == ' ' || v.front() == '\t'))
        v.remove_prefix(1);
    while (!v.empty() && (v.back() == ' ' || v.back() == '\t' || v.back() == '\r'))
        v.remove_suffix(1);
    return v;
}

bool names_whole(std::vector<std::string> const& rules, std::string_view root)
{
    return std::any_of(rules.begin(), rules.end(), [&](std::string const& r) {
        return lexical::iequals(r, "NSS") || (!root.empty() && lexical::iequals(r, root));
    });
}

} // namespace

namespace_header read_header(std::string_view text, std::string_view source_name)
{
    namespace_header h;
    std::vector<std::string> seen;
    std::size_t at = 0, line = 0;
    while (at < text.size()) {
        ++line;
        std::size_t const eol = std::min(text.find('\n', at), text.size());
        std::string_view const l = text.substr(at, eol - at);
        std::size_t const start = at;
        at = eol + 1;
        if (!l.empty() && is_rulename_char(l[0]))
            break;  // the first rule: the header is over
        if (l.substr(0, 3) != ";; ")
            continue;
        std::string_view const rest = l.substr(3);
        std::size_t const colon = rest.find(':');
        auto warn = [&](std::string message) {
            abnf::diagnostic d = problem(std::move(message), "", abnf::diagnostic::level::warning);
            d.source = std::string(source_name);
            d.offset = start;
            d.line = line;
            d.column = 1;
            h.problems.push_back(std::move(d));
        };
        if (colon == std::string_view::npos) {
            warn("a header line is \";; key: value\"");
            continue;
        }
        std::string const key(trimmed(rest.substr(0, colon)));
        std::string_view const value = trimmed(rest.substr(colon + 1));
        if (std::find(seen.begin(), seen.end(), key) != seen.end()) {
            warn("the header gives \"" + key + "\" twice");
            continue;
        }
        seen.push_back(key);
        if (key == "nid")
            h.nids = words(value);
        else if (key == "title")
            h.title = std::string(value);
        else if (key == "reference")
            h.reference = std::string(value);
        else if (key == "check") {
            h.check = std::string(value);
            if (h.check != "grammar" && h.check != "x3" && h.check != "opaque")
                warn("check is \"grammar\", \"x3\" or \"opaque\"");
        } else if (key == "unreadable")
            h.unreadable = std::string(value);
        else if (key == "root")
            h.root = std::string(value);
        else if (key == "fields")
            h.fields = words(value);
        else if (key == "case-insensitive")
            h.case_insensitive = words(value);
        else
            warn("unknown header key \"" + key + "\"");
    }
    return h;
}

abnf_namespace from_abnf(std::string_view nid, std::string_view abnf_text, std::string_view root,
                         abnf_namespace_options const& options)
{
    abnf_namespace out;
    // The NID must be one a URN can carry (RFC 8141 section 2: 2 to 32
    // letters, digits and hyphens, neither end a hyphen).
    std::string probe = "urn:";
    probe.append(nid.data(), nid.size());
    probe += ":x";
    if (auto const p = parse_urn(probe, syntax::rfc8141); !p || p->nid().size() != nid.size()) {
        out.diagnostics.push_back(problem("\"" + std::string(nid) + "\" is not a NID (RFC 8141 section 2)", ""));
        return out;
    }
    namespace_header const header = read_header(abnf_text, options.source_name);
    out.diagnostics = header.problems;
    auto state = std::make_shared<abnf_state>();
    state->nid.assign(nid.data(), nid.size());
    state->reference = !options.reference.empty() ? options.reference
                       : !header.reference.empty() ? header.reference
                                                   : "ABNF given at run time";
    state->case_insensitive = !options.case_insensitive.empty() ? options.case_insensitive : header.case_insensitive;
    namespace_rules r;
    if (header.check == "opaque") {
        // No syntax beyond RFC 8141's: no validator; the whole NSS may fold.
        r.nid = state->nid;
        r.reference = state->reference;
        if (names_whole(state->case_insensitive, ""))
            r.fold = &fold_all;
        r.owner = std::move(state);
        out.rules = std::move(r);
        return out;
    }
    state->grammar = abnf::grammar::compile(std::vector<abnf::source>{{options.source_name, abnf_text}},
                                            options.compile);
    for (auto const& d : state->grammar.diagnostics())
        out.diagnostics.push_back(d);
    if (!state->grammar.ok())
        return out;
    std::string root_name(root.empty() ? std::string_view(header.root) : root);
    if (root_name.empty() && !state->grammar.rule_names().empty())
        root_name = state->grammar.rule_names().front();
    if (!state->grammar.has_rule(root_name)) {
        out.diagnostics.push_back(problem("the root rule \"" + root_name + "\" is not defined", root_name));
        return out;
    }
    state->root.assign(state->grammar.canonical_name(root_name));
    state->fold_all = names_whole(state->case_insensitive, state->root);
    state->fields = options.fields;
    if (state->fields.empty()) {
        // The header's. An x3 namespace's header names the fields its X3
        // transcription reports, which may not be rules of its ABNF
        // (uuid's time-low, of RFC 4122's ABNF, in RFC 9562's): of those,
        // the rules the grammar has.
        for (std::string const& n : header.fields)
            if (header.check != "x3" || state->grammar.has_rule(n))
                state->fields.push_back(n);
    }
    if (state->fields.empty()) {
        // The rules the root names itself, but the core and RFC 3986 rules.
        std::vector<std::string> const own = state->grammar.rule_names();
        for (std::string const& n : state->grammar.rules_named_by(state->root))
            if (std::find(own.begin(), own.end(), n) != own.end())
                state->fields.push_back(n);
    }
    for (auto const* list : {&state->case_insensitive, &state->fields})
        for (std::string const& name : *list)
            if (!state->grammar.has_rule(name) && !(list == &state->case_insensitive && lexical::iequals(name, "NSS"))) {
                out.diagnostics.push_back(problem("the rule \"" + name + "\" is not defined", name));
                return out;
            }
    state->matcher = abnf::matcher(state->grammar, state->root);

    r.nid = state->nid;
    r.reference = state->reference;
    r.context = state.get();
    r.validate_with = &validate_abnf;
    r.fold_with = state->case_insensitive.empty() ? nullptr : &fold_abnf;
    r.fields = &fields_abnf;
    r.owner = std::move(state);
    out.rules = std::move(r);
    return out;
}

} // namespace nss
} // namespace urns
