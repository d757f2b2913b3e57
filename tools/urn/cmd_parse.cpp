// SPDX-License-Identifier: BSL-1.0
// The urn command: `urn parse` (the components of each URN, as aligned
// text or JSON) and `urn explain` (the same, in words, with the sections of
// the documents that define each part).
#include "commands.hpp"
#include "describe.hpp"
#include "namespaces.hpp"
#include "streams.hpp"

#include <urns/check.hpp>
#include <urns/nss/registry.hpp>
#include <urns/parse.hpp>
#include <urns/pct.hpp>
#include <urns/query.hpp>

#include <algorithm>
#include <iterator>
#include <string>
#include <vector>

namespace urn_tool {

namespace {

constexpr std::string_view parse_help_head =
    R"~(usage: urn parse [OPTIONS] [URN | FILE]...

Prints the components of each URN given as an argument and of each line of
each file (standard input if none), as written (still percent-encoded):
scheme, NID, NSS, and the draft-03 query or the RFC 8141 r-, q- and
f-components. A component that is present but empty is shown as "".
Invalid inputs get a caret error on standard error.

Operands and lines are read as by "urn check" (see "urn check --help").

)~";

constexpr std::string_view parse_help_tail = R"~(
exit status: 0 all valid, 1 some input invalid, 2 usage or I/O error
)~";

constexpr std::string_view explain_help_head =
    R"~(usage: urn explain [OPTIONS] [URN | FILE]...

Says what each part of each URN is, in words, with the section of the
document (--syntax) that defines it; for an invalid URN, where and why it
is not one.

This is the form of "urn parse" for people: the same inputs, read the same
way, and no --json. Programs use "urn parse --json" (components, query
directives, display form); whether a NID is registered with IANA is the
diagnostic unregistered-nid of "urn check --lint --json".

)~";

constexpr std::string_view explain_help_tail = R"~(
exit status: 0 all valid, 1 some input invalid, 2 usage or I/O error
)~";

struct parse_command_options {
    inputs in;
    urns::syntax syn = urns::syntax::rfc2141bis;
    bool json = false;
    bool namespaces = false;
};

/// What parse and explain say beyond the components: the draft-03 query
/// directives and the display form.
struct details {
    struct directive_info {
        urns::directive d;
        bool is_void = false;          ///< its keyword is repeated (draft-03 section 2.3)
        std::string_view note;         ///< what the keyword (and value) is, if registered
        std::string_view reference;    ///< where the value is registered
    };
    std::vector<directive_info> directives;
    std::string display;
    urns::pct::display_info display_info;
    bool has_display = false;
};

details details_of(urns::urn_view u)
{
    details d;
    if (u.has_query()) {
        if (auto dv = urns::directives(u)) {
            std::vector<urns::directive> effective;
            urns::effective_directives(*dv, effective);
            // One table entry a directive, allocated once: growing it by
            // doubling would hold up to one and a half times more.
            d.directives.reserve(static_cast<std::size_t>(std::distance(dv->begin(), dv->end())));
            for (urns::directive const& x : *dv) {
                details::directive_info i;
                i.d = x;
                // `effective` is in the order written (by offset): a
                // binary search, not a scan per directive (quadratic in a
                // query of many directives).
                auto const at = std::lower_bound(
                    effective.begin(), effective.end(), x.offset,
                    [](urns::directive const& e, std::size_t off) { return e.offset < off; });
                i.is_void = at == effective.end() || at->offset != x.offset;
                if (auto k = urns::registered_keyword(x.keyword)) {
                    if (*k == urns::query_keyword::c) {
                        i.note = "component of a structured resource, draft-03 section 2.3.2";
                    } else if (auto svc = urns::resolution_service_from_string(x.value)) {
                        for (auto const& e : urns::resolution_service_registry)
                            if (e.service == *svc) {
                                i.note = e.purpose;
                                i.reference = e.reference;
                            }
                    } else {
                        i.note = "resolution service not registered: the default service is used, "
                                 "draft-03 section 2.3.1";
                    }
                } else {
                    i.note = "keyword not registered";
                }
                d.directives.push_back(i);
            }
        }
    }
    if (auto r = urns::pct::display(u, d.display)) {
        d.display_info = *r;
        d.has_display = true;
    }
    return d;
}

void write_details_json(json_writer& j, details const& d)
{
    if (!d.directives.empty()) {
        j.key("directives");
        j.begin_array();
        for (auto const& i : d.directives) {
            j.begin_object();
            j.member("keyword", i.d.keyword);
            j.member("value", i.d.value);
            j.member("offset", i.d.offset);
            j.member_bool("void", i.is_void);
            j.member_bool("registered", urns::registered_keyword(i.d.keyword).has_value());
            if (!i.note.empty())
                j.member("note", i.note);
            if (!i.reference.empty())
                j.member("reference", i.reference);
            j.end_object();
        }
        j.end_array();
    }
    if (d.has_display) {
        j.member("display", d.display);
        j.member_bool("display_valid_utf8", d.display_info.valid_utf8);
        j.member("display_kept_encoded", d.display_info.kept_encoded);
    }
}

/// The NSS's named fields, for a namespace that names them (an ABNF one):
/// each field's rule, its bytes in the input, and its text.
void write_fields_json(json_writer& j, urns::nss::registry const& reg, urns::urn_view const& u)
{
    urns::nss::namespace_rules const* const rules = reg.find(u.nid());
    if (!rules || !rules->fields)
        return;
    std::string_view const nss = u.nss();
    std::size_t const at = static_cast<std::size_t>(nss.data() - u.buffer().data());
    std::vector<urns::nss::nss_field> const fields = rules->fields_of(nss);
    j.key("fields");
    j.begin_array();
    for (urns::nss::nss_field const& f : fields) {
        j.begin_object();
        j.member("rule", f.name);
        j.member("begin", at + f.begin);
        j.member("end", at + f.end);
        j.member("text", nss.substr(f.begin, f.end - f.begin));
        j.end_object();
    }
    j.end_array();
}

/// "s=I2L  (URI to URL, RFC 2483, sec. 4.1)"
std::string directive_text(details::directive_info const& i)
{
    std::string t(i.d.keyword);
    t += '=';
    t += i.d.value;
    t += "  (";
    if (i.is_void)
        t += "void: the keyword is repeated, draft-03 section 2.3; ";
    t += i.note;
    if (!i.reference.empty()) {
        t += ", ";
        t += i.reference;
    }
    t += ')';
    return t;
}

/// One "  name   value" row of the aligned text.
void row(out_buffer& o, std::string_view name, std::string_view value, bool quote = false)
{
    constexpr std::size_t width = 14;
    o.write("  ");
    o.write(name);
    o.spaces(name.size() < width ? width - name.size() : 1);
    if (quote)
        o.put('"');
    o.write(value);
    if (quote)
        o.put('"');
    o.put('\n');
}

void parse_text(out_buffer& o, urns::urn_view u)
{
    o.write(u.buffer());
    o.put('\n');
    row(o, "syntax", urns::to_string(u.syntax()));
    row(o, "scheme", u.scheme());
    row(o, "nid", u.nid());
    row(o, "nss", u.nss());
    if (u.syntax() == urns::syntax::rfc8141) {
        if (u.has_r_component())
            row(o, "r-component", u.r_component());
        if (u.has_q_component())
            row(o, "q-component", u.q_component());
        if (u.has_f_component())
            row(o, "f-component", u.f_component(), u.f_component().empty());
    } else {
        if (u.has_query())
            row(o, "query", u.query());
        if (u.has_fragment())
            row(o, "fragment", u.fragment(), u.fragment().empty());
    }
    details const d = details_of(u);
    for (auto const& i : d.directives)
        row(o, "directive", directive_text(i));
    if (d.has_display)
        row(o, "display", d.display);
}

/// The section of the document that defines each part.
struct sections {
    std::string_view doc, scheme, nid, nss, query, r, q, f;
};

sections sections_of(urns::syntax s)
{
    switch (s) {
    case urns::syntax::rfc2141:
        return {"RFC 2141", "RFC 2141 section 2", "RFC 2141 section 2.1", "RFC 2141 section 2.2", "", "",
                "", ""};
    case urns::syntax::rfc8141:
        return {"RFC 8141", "RFC 8141 section 2", "RFC 8141 section 2.1", "RFC 8141 section 2.2", "",
                "RFC 8141 section 2.3.1", "RFC 8141 section 2.3.2", "RFC 8141 section 2.3.3"};
    case urns::syntax::rfc2141bis:
        break;
    }
    return {"draft-ietf-urnbis-rfc2141bis-urn-03", "draft-03 section 2", "draft-03 section 2.1",
            "draft-03 section 2.2", "draft-03 section 2.3", "", "", "draft-03 section 2.4"};
}

void say(out_buffer& o, std::string_view part, std::string_view what, std::string_view where)
{
    o.write("  \"");
    o.write(part);
    o.write("\"\n      ");
    o.write(what);
    if (!where.empty()) {
        o.write(" (");
        o.write(where);
        o.put(')');
    }
    o.put('\n');
}

void explain_text(out_buffer& o, urns::urn_view u, urns::nss::registry const* reg)
{
    sections const s = sections_of(u.syntax());
    o.write(u.buffer());
    o.write("\n  is a valid URN under ");
    o.write(s.doc);
    o.write(":\n");
    say(o, u.scheme(), "the scheme, \"urn\" in any case", s.scheme);
    std::string nid_what = "the namespace identifier (NID); case-insensitive";
    if (auto reg = urns::find_registered_namespace(u.nid())) {
        nid_what += reg->kind == urns::namespace_kind::informal ? "; an informal namespace registered with IANA"
                                                                : "; a formal namespace registered with IANA";
        if (!reg->reference.empty()) {
            nid_what += " (";
            nid_what += reg->reference;
            nid_what += ')';
        }
    } else {
        nid_what += "; not in the IANA URN namespace registry (the snapshot shipped with urns)";
    }
    if (auto const* known = tool_registry().find(u.nid())) {
        nid_what += "; a namespace whose own rules urns knows (";
        nid_what += known->reference;
        nid_what += "; checked with --namespaces)";
    }
    say(o, u.nid(), nid_what, s.nid);
    say(o, u.nss(),
        "the namespace-specific string (NSS); case-sensitive unless the namespace says "
        "otherwise, compared with %-escapes' hex digits in one case",
        s.nss);
    // With --namespaces (or a namespace given by plugin or ABNF): the NSS's
    // named fields, as the namespace's own rules name them.
    if (urns::nss::namespace_rules const* rules = reg ? reg->find(u.nid()) : nullptr) {
        std::string_view const nss = u.nss();
        for (urns::nss::nss_field const& f : rules->fields_of(nss)) {
            std::string what = "the NSS's field ";
            what += f.name;
            what += ", as the namespace's rules name it";
            say(o, nss.substr(f.begin, f.end - f.begin), what, rules->reference);
        }
    }
    if (u.syntax() == urns::syntax::rfc2141) {
        o.write("  RFC 2141 has no query or fragment: \"/\", \"?\" and \"#\" are NSS characters "
                "(reserved, section 2.3).\n");
        return;
    }
    details const d = details_of(u);
    if (u.has_query())
        say(o, u.query(),
            "the query: keyword=value directives for a resolution service, separated by \"&\"; "
            "not part of the name",
            s.query);
    for (auto const& i : d.directives) {
        std::string what = "a directive";
        if (i.is_void)
            what += ", void because its keyword is repeated (draft-03 section 2.3)";
        what += ": ";
        what += i.note;
        if (!i.reference.empty()) {
            what += ", ";
            what += i.reference;
        }
        say(o, std::string(i.d.keyword) + "=" + std::string(i.d.value), what, "");
    }
    if (u.has_r_component())
        say(o, u.r_component(),
            "the r-component (after \"?+\"): parameters for a resolver; not part of equivalence", s.r);
    if (u.has_q_component())
        say(o, u.q_component(),
            "the q-component (after \"?=\"): parameters for the named resource; not part of "
            "equivalence",
            s.q);
    if (u.has_fragment())
        say(o, u.fragment(),
            u.syntax() == urns::syntax::rfc8141
                ? "the f-component (after \"#\"): a part of the resource, for the client; not part "
                  "of equivalence"
                : "the fragment (after \"#\"): a part of the resource, for the client; not part of "
                  "the name",
            s.f);
    if (d.has_display && d.display != u.buffer()) {
        o.write("  shown to people as ");
        o.write(d.display);
        o.write(" (percent-encoded UTF-8 decoded where that cannot mislead; draft-03 section 4)\n");
    }
}

int run_common(arguments const& args, bool explain)
{
    parse_command_options o;
    command_line cl(explain ? explain_help_head : parse_help_head, explain ? explain_help_tail : parse_help_tail);
    cl.syntax_option(o.syn);
    cl.file_option(o.in, "read URNs from FILE, one a line; may be repeated");
    if (!explain)
        cl.flag("--json", o.json, "one JSON object per input, valid or not (docs/schema/parse.schema.json)");
    cl.namespaces_option(o.namespaces, "also check the NSS against the shipped namespaces' rules");
    cl.reading_options(o.in);
    cl.operands([&o](std::string_view v) { o.in.add_operand(v); });
    if (!cl.parse(args))
        return printed_help;

    urns::parse_options const popts = parse_options_for(o.syn, o.namespaces);
    bool any_invalid = false;
    bool first = true;
    out_buffer& sink = out();
    json_writer j(sink);

    auto on_line = [&](origin const& where, std::string_view text) {
        auto r = urns::parse_urn(text, popts);
        if (!r)
            any_invalid = true;
        if (o.json) {
            write_result_json(j, where, text, o.syn, r, [&](json_writer& jj) {
                if (!r)
                    return;
                write_details_json(jj, details_of(*r));
                if (popts.registry)
                    write_fields_json(jj, *popts.registry, *r);
            });
            return;
        }
        if (!r) {
            report_invalid(where, text, r.error());
            return;
        }
        if (!first)
            sink.put('\n');
        first = false;
        if (explain)
            explain_text(sink, *r, popts.registry);
        else
            parse_text(sink, *r);
    };
    auto on_long = [&](origin const& where) {
        any_invalid = true;
        report_too_long(where, o.in.max_line, o.json ? &j : nullptr);
    };
    int const io = for_each_input(o.in, on_line, on_long);
    return final_status(io, any_invalid);
}

int parse_run(arguments const& args)
{
    return run_common(args, false);
}

int explain_run(arguments const& args)
{
    return run_common(args, true);
}

} // namespace

command const parse_command{"parse", "print the components of URNs (aligned text or JSON)",
                            parse_run};
command const explain_command{"explain", "say what each part of a URN is, and where it is defined",
                              explain_run};

} // namespace urn_tool
