// SPDX-License-Identifier: BSL-1.0
// The urn command: `urn namespaces`, the namespaces the tool knows (the
// shipped ones, urns::nss::shipped(), and those of --plugin, URNS_PLUGINS
// and --namespace): how each checks an NSS, its registration, its fields.
#include "commands.hpp"
#include "describe.hpp"
#include "namespaces.hpp"
#include "shown.hpp"
#include "streams.hpp"

#include <urns/lexical.hpp>
#include <urns/nss/shipped.hpp>

#include <string>
#include <vector>

namespace urn_tool {

namespace {

constexpr std::string_view help_head =
    R"~(usage: urn namespaces [OPTIONS] [NID...]

Lists the namespaces the tool checks with --namespaces: every formal NID of
IANA's registry, shipped with urns, then those of --plugin (and
URNS_PLUGINS) and of --namespace NID=FILE[:ROOT]. For each, one line: its
NID, how an NSS is checked (grammar: its registration's ABNF, run by the
ABNF engine; x3: compiled in, with typed values; opaque: nothing beyond
RFC 8141's NSS, the registration gives no syntax; plugin; abnf: a
--namespace file), its registration (document and sections, or the plugin
or file), and its named fields (the rules urn parse --json shows). With
NIDs, only those, in the order given (any case).

)~";

constexpr std::string_view help_tail = R"~(
exit status: 0 listed, 1 a NID given is not known, 2 usage error
)~";

/// One namespace as listed.
struct listed {
    std::string nid, check, title, reference, unreadable;
    std::vector<std::string> fields;
};

std::vector<std::string> words(std::string_view v)
{
    std::vector<std::string> out;
    for (std::size_t i = 0; i < v.size();) {
        std::size_t const e = std::min(v.find(' ', i), v.size());
        if (e > i)
            out.emplace_back(v.substr(i, e - i));
        i = e + 1;
    }
    return out;
}

/// The namespace `nid` of the tool's registry, or false.
bool describe_namespace(std::string_view nid, listed& out)
{
    urns::nss::namespace_rules const* r = tool_registry().find(nid);
    if (!r)
        return false;
    out = listed{};
    out.nid = std::string(r->nid);
    if (namespace_origin const* o = origin_of(nid)) {
        out.check = o->kind;
        out.reference = o->kind == "plugin" ? "plugin " + o->from : std::string(r->reference);
        if (o->kind == "abnf")
            out.title = "--namespace " + o->from;
        return true;
    }
    urns::nss::shipped_namespace const* s = urns::nss::find_shipped(nid);
    if (!s)
        return false;
    out.check = std::string(urns::nss::to_string(s->check));
    out.title = std::string(s->title);
    out.reference = std::string(s->reference);
    out.unreadable = std::string(s->unreadable);
    out.fields = words(s->fields);
    return true;
}

int run(arguments const& args)
{
    bool json = false;
    bool namespaces = true;
    std::vector<std::string> wanted;
    command_line cl(help_head, help_tail);
    cl.namespaces_option(namespaces, "(the default here: the shipped namespaces are listed)");
    cl.plugin_option();
    cl.flag("--json", json,
            "one JSON object per namespace: nid, check, title, reference, fields "
            "(docs/schema/namespaces.schema.json)");
    cl.color_option();
    cl.operands([&](std::string_view v) { wanted.emplace_back(v); });
    if (!cl.parse(args))
        return printed_help;
    load_environment_plugins();
    if (wanted.empty()) {
        for (urns::nss::shipped_namespace const& s : urns::nss::shipped())
            wanted.emplace_back(s.nid);
        for (urns::nss::namespace_rules const& r : tool_registry().entries())
            if (!urns::nss::find_shipped(r.nid))
                wanted.emplace_back(r.nid);
    }
    out_buffer& o = out();
    json_writer j(o);
    bool unknown = false;
    for (std::string const& nid : wanted) {
        listed l;
        if (!describe_namespace(nid, l)) {
            unknown = true;
            out_buffer& e = err();
            begin_message();
            e.write("urn: namespaces: ");
            write_shown(e, nid);
            e.write(": not a namespace the tool knows\n");
            end_message();
            continue;
        }
        if (json) {
            j.begin_object();
            j.member("nid", l.nid);
            j.member("check", l.check);
            if (!l.title.empty())
                j.member("title", l.title);
            j.member("reference", l.reference);
            if (!l.unreadable.empty())
                j.member("unreadable", l.unreadable);
            j.key("fields");
            j.begin_array();
            for (std::string const& f : l.fields)
                j.string(f);
            j.end_array();
            j.end_object();
            j.newline();
            continue;
        }
        write_shown(o, l.nid);
        o.put('\t');
        o.write(l.check);
        if (!l.unreadable.empty())
            o.write(" (unreadable)");
        o.put('\t');
        write_shown(o, l.reference);
        o.put('\t');
        for (std::size_t i = 0; i < l.fields.size(); ++i) {
            o.write(i ? " " : "");
            o.write(l.fields[i]);
        }
        o.put('\n');
    }
    return unknown ? exit_invalid : exit_ok;
}

} // namespace

command const namespaces_command{"namespaces", "list the namespaces checked, their registrations and fields", run};

} // namespace urn_tool
