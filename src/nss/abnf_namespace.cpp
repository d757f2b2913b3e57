// SPDX-License-Identifier: BSL-1.0
// Semantic layer (X3-free): a namespace whose NSS rule is an ABNF grammar
// compiled at run time by the ABNF engine (urns/abnf.hpp).
#include <urns/nss/abnf.hpp>

#include <urns/lexical.hpp>
#include <urns/parse.hpp>

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
    std::vector<std::string> case_insensitive;
    std::vector<std::string> fields;   // empty: every rule the text defines
    std::vector<std::string> defined;  // the rules the namespace's own text defines
    std::string step_limit_name;       // the fault's name when the step limit stops a match
};

constexpr std::string_view out_of_memory = "(out of memory)";

verdict validate_abnf(void const* context, std::string_view nss) noexcept
{
    auto const& s = *static_cast<abnf_state const*>(context);
    if (abnf::matches(s.grammar, s.root, nss))
        return {};
    try {
        abnf::match_result const r = abnf::match(s.grammar, s.root, nss);
        switch (r.state) {
        case abnf::match_result::status::matched:
            return {};
        case abnf::match_result::status::step_limit:
            return nss_fault{r.offset, s.step_limit_name};
        default: {
            nss_fault f{std::min(r.offset, nss.size()),
                        r.expected.empty() ? std::string_view(s.root) : r.expected.front()};
            for (std::size_t i = 1; i < r.expected.size(); ++i)
                f.also_expected.push_back(r.expected[i]);
            return f;
        }
        }
    } catch (...) {
        return nss_fault{0, out_of_memory};
    }
}

/// Lowers the letters of `text[begin, end)` in `out`, except the two hex
/// digits after each "%" (the generic canonical form keeps them upper case).
void lower_span(std::string_view text, std::size_t begin, std::size_t end, char* out) noexcept
{
    for (std::size_t i = begin; i < end && i < text.size(); ++i) {
        if (text[i] == '%') {
            i += 2;
            continue;
        }
        out[i] = lexical::ascii_lower(text[i]);
    }
}

std::size_t fold_abnf(void const* context, std::string_view nss, char* out) noexcept
{
    auto const& s = *static_cast<abnf_state const*>(context);
    std::copy(nss.begin(), nss.end(), out);
    try {
        abnf::match_options o;
        o.capture = s.case_insensitive;
        abnf::match_result const r = abnf::match(s.grammar, s.root, nss, o);
        if (r)
            for (abnf::span const& sp : r.spans)
                lower_span(nss, sp.begin, sp.end, out);
    } catch (...) {
        // Out of memory: the NSS is left as it is (no extra equivalence).
    }
    return nss.size();
}

std::vector<nss_field> fields_abnf(void const* context, std::string_view nss)
{
    auto const& s = *static_cast<abnf_state const*>(context);
    abnf::match_options o;
    if (s.fields.empty())
        o.tree = true;
    else
        o.capture = s.fields;
    abnf::match_result const r = abnf::match(s.grammar, s.root, nss, o);
    std::vector<nss_field> out;
    if (!r)
        return out;
    for (abnf::span const& sp : r.spans) {
        if (s.fields.empty()) {
            bool const own = std::any_of(s.defined.begin(), s.defined.end(), [&](std::string const& d) {
                return lexical::iequals(d, sp.rule);
            });
            if (!own || lexical::iequals(sp.rule, s.root))
                continue;
        }
        out.push_back({sp.rule, sp.begin, sp.end});
    }
    return out;
}

bool is_alpha(char c) noexcept
{
    return lexical::rfc5234::alpha.contains(c);
}

/// rulename = ALPHA *(ALPHA / DIGIT / "-") (RFC 5234 section 4)
bool is_rulename_char(char c) noexcept
{
    return is_alpha(c) || lexical::rfc5234::digit.contains(c) || c == '-';
}

/// The names of the rules `text` defines: lines that start with a
/// rulename followed by "=" or "=/" (RFC 5234 section 2.2: a rule starts
/// in the first column).
std::vector<std::string> defined_rules(std::string_view text)
{
    std::vector<std::string> names;
    std::size_t at = 0;
    while (at < text.size()) {
        std::size_t const eol = std::min(text.find('\n', at), text.size());
        std::string_view const line = text.substr(at, eol - at);
        at = eol + 1;
        if (line.empty() || !is_alpha(line[0]))
            continue;
        std::size_t n = 0;
        while (n < line.size() && is_rulename_char(line[n]))
            ++n;
        std::size_t k = n;
        while (k < line.size() && (line[k] == ' ' || line[k] == '\t'))
            ++k;
        if (k < line.size() && line[k] == '=')
            names.emplace_back(line.substr(0, n));
    }
    return names;
}

abnf::diagnostic problem(std::string message, std::string rule)
{
    abnf::diagnostic d;
    d.severity = abnf::diagnostic::level::error;
    d.message = std::move(message);
    d.rule = std::move(rule);
    return d;
}

} // namespace

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
    auto state = std::make_shared<abnf_state>();
    state->grammar = abnf::grammar::compile(std::vector<abnf::source>{{options.source_name, abnf_text}},
                                            options.compile);
    out.diagnostics = state->grammar.diagnostics();
    if (!state->grammar.ok())
        return out;
    if (!state->grammar.has_rule(root)) {
        out.diagnostics.push_back(problem("the root rule \"" + std::string(root) + "\" is not defined",
                                          std::string(root)));
        return out;
    }
    for (auto const* list : {&options.case_insensitive, &options.fields})
        for (std::string const& name : *list)
            if (!state->grammar.has_rule(name)) {
                out.diagnostics.push_back(problem("the rule \"" + name + "\" is not defined", name));
                return out;
            }
    state->nid.assign(nid.data(), nid.size());
    state->reference = options.reference.empty() ? "ABNF given at run time" : options.reference;
    state->root.assign(state->grammar.canonical_name(root));
    state->case_insensitive = options.case_insensitive;
    state->fields = options.fields;
    state->defined = defined_rules(abnf_text);
    state->step_limit_name = state->root + " (step limit reached)";

    namespace_rules r;
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
