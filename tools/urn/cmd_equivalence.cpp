// SPDX-License-Identifier: BSL-1.0
// The urn command: `urn normalize` (the canonical form of each URN) and
// `urn equal` (whether two URNs are lexically equivalent, and if not,
// where they differ).
#include "commands.hpp"
#include "describe.hpp"
#include "namespaces.hpp"
#include "parallel.hpp"
#include "streams.hpp"

#include <urns/equivalence.hpp>
#include <urns/nss/registry.hpp>
#include <urns/parse.hpp>
#include <urns/pct.hpp>

#include <algorithm>
#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace urn_tool {

namespace {

constexpr std::string_view modes_help =
    R"~(
modes (--mode; the default is the one of the syntax's own document):
  rfc2141        RFC 2141 section 5: the case of "urn", of the NID and of
                 %-escapes' hex digits is ignored; all the rest counts,
                 octet by octet (default for --syntax rfc2141)
  rfc2141bis-5a  draft-03 section 5, steps 1-4 and 5a: the same, and the
                 query and fragment are removed (default for rfc2141bis)
  rfc2141bis-5b  draft-03 section 5, steps 1-4 and 5b: the fragment is
                 removed, the query's directives are sorted
  rfc8141        RFC 8141 section 3.1: the assigned name only; r-, q- and
                 f-components are ignored (default for rfc8141)
Percent-encoded octets are never decoded: %2C is not ",".
exit status: 0 ok (equivalent), 1 invalid input (or not equivalent), 2 usage or I/O error
)~";

constexpr std::string_view normalize_help_head =
    R"~(usage: urn normalize [OPTIONS] [URN | FILE]...

Prints the canonical form of each URN (arguments, lines of files, or of
standard input), one a line: the string that equivalence compares, so two
URNs are equivalent exactly when their canonical forms are equal. Invalid
inputs get a caret error on standard error. Operands and lines are read as
by "urn check".

)~";

constexpr std::string_view equal_help_head =
    R"~(usage: urn equal [OPTIONS] A B

Tells whether the URNs A and B are lexically equivalent: exit status 0 if
they are, 1 if not (or if one is not a URN). Prints both canonical forms
and, when they differ, which part differs (NID, NSS, or what follows the
NSS), where, and why it counts.

)~";


urns::equivalence_mode mode_option(std::string_view v)
{
    for (auto m : {urns::equivalence_mode::rfc2141, urns::equivalence_mode::rfc2141bis_drop_query,
                   urns::equivalence_mode::rfc2141bis_keep_query, urns::equivalence_mode::rfc8141})
        if (urns::to_string(m) == v)
            return m;
    throw usage_error{"unknown mode '" + std::string(v) +
                      "' (expected rfc2141, rfc2141bis-5a, rfc2141bis-5b or rfc8141)"};
}

std::string_view mode_reference(urns::equivalence_mode m)
{
    switch (m) {
    case urns::equivalence_mode::rfc2141: return "RFC 2141 section 5";
    case urns::equivalence_mode::rfc2141bis_drop_query: return "draft-03 section 5, steps 1-4 and 5a";
    case urns::equivalence_mode::rfc2141bis_keep_query: return "draft-03 section 5, steps 1-4 and 5b";
    case urns::equivalence_mode::rfc8141: break;
    }
    return "RFC 8141 section 3.1";
}

/** A canonical form and the lengths of its NID and NSS: "urn:" NID ":"
    NSS REST. With a registry, the NSS is the namespace's canonical NSS
    (percent-hex in upper case, then the namespace's fold), which may be
    shorter than the NSS as written. */
struct canonical_form {
    std::string text;
    std::size_t nid_size = 0;
    std::size_t nss_size = 0;
};

canonical_form canonical_of(urns::urn_view u, urns::equivalence_mode m, urns::nss::registry const* reg)
{
    canonical_form c;
    c.text = urns::canonical(u, m);
    c.nid_size = u.nid().size();
    c.nss_size = u.nss().size();
    if (reg) {
        std::size_t const nss_at = 5 + c.nid_size;
        std::string folded = c.text.substr(0, nss_at);
        urns::nss::append_canonical_nss(*reg, u.nid(), u.nss(), folded);
        c.nss_size = folded.size() - nss_at;
        folded.append(c.text, nss_at + u.nss().size(), std::string::npos);
        c.text = std::move(folded);
    }
    return c;
}

/// What `urn normalize` does with each line (one per thread).
class normalize_worker final : public line_worker_of<normalize_worker> {
public:
    normalize_worker(urns::parse_options const& popts, urns::equivalence_mode m, bool json, std::size_t max_line,
                     std::atomic<bool>& any_invalid)
        : popts_(popts), m_(m), json_(json), max_line_(max_line), any_invalid_(any_invalid)
    {
    }

    bool line(origin const& where, std::string_view text) override
    {
        auto r = urns::parse_urn(text, popts_);
        canon_.clear();
        if (r && popts_.registry)
            canon_ = canonical_of(*r, m_, popts_.registry).text;
        else if (r)
            urns::canonical(*r, m_, canon_);
        else
            set_flag(any_invalid_);
        if (json_) {
            j_.begin_object();
            write_origin_json(j_, where);
            j_.member("input", text);
            j_.member_bool("valid", r.has_value());
            j_.member("mode", urns::to_string(m_));
            if (r)
                j_.member("canonical", canon_);
            else
                write_error_json(j_, r.error());
            j_.end_object();
            j_.newline();
        } else if (r) {
            o_.write(canon_);
            o_.put('\n');
        } else {
            report_invalid(where, text, r.error());
        }
        return true;
    }

    void too_long(origin const& where) override
    {
        set_flag(any_invalid_);
        report_too_long(where, max_line_, json_ ? &j_ : nullptr, urns::to_string(m_));
    }

private:
    urns::parse_options const& popts_;
    urns::equivalence_mode const m_;
    bool const json_;
    std::size_t const max_line_;
    std::atomic<bool>& any_invalid_;
    out_buffer& o_ = out();
    json_writer j_{o_};
    std::string canon_;
};

int normalize_run(arguments const& args)
{
    inputs in;
    urns::syntax syn = urns::syntax::rfc2141bis;
    std::optional<urns::equivalence_mode> mode;
    bool json = false;
    bool namespaces = false;
    command_line cl(normalize_help_head, modes_help);
    cl.syntax_option(syn);
    cl.value("--mode", "M", "the equivalence mode (below)", [&mode](std::string_view v) { mode = mode_option(v); });
    cl.file_option(in, "read URNs from FILE, one a line; may be repeated");
    cl.flag("--json", json,
            "one JSON object per input: input, valid, mode, canonical (docs/schema/normalize.schema.json)");
    cl.namespaces_option(namespaces,
                         "also apply the shipped namespaces' rules: validate the NSS, and fold it to the "
                         "namespace's canonical form");
    cl.jobs_option(in);
    cl.reading_options(in);
    cl.operands([&in](std::string_view v) { in.add_operand(v); });
    if (!cl.parse(args))
        return printed_help;
    urns::equivalence_mode const m = mode ? *mode : urns::default_equivalence(syn);

    urns::parse_options const popts = parse_options_for(syn, namespaces);
    std::atomic<bool> any_invalid{false};
    int const io = for_each_input_jobs(
        in, [&] { return std::make_unique<normalize_worker>(popts, m, json, in.max_line, any_invalid); });
    return final_status(io, any_invalid);
}

/// Where two canonical forms differ, and what that means.
struct difference {
    std::string_view part;   ///< "nid", "nss" or "rest"
    std::size_t at = 0;      ///< first differing byte in the canonical forms
    std::string note;
};

bool iequal(std::string_view a, std::string_view b)
{
    return urns::lexical::iequals(a, b);
}

/// Which part of two canonical forms differs first, and why that counts.
difference explain_difference(canonical_form const& fa, canonical_form const& fb, urns::equivalence_mode m)
{
    difference d;
    std::string const& ca = fa.text;
    std::string const& cb = fb.text;
    while (d.at < ca.size() && d.at < cb.size() && ca[d.at] == cb[d.at])
        ++d.at;
    std::string_view const A = ca, B = cb;
    std::size_t const na = fa.nid_size, nb = fb.nid_size;
    if (A.substr(4, na) != B.substr(4, nb)) {
        d.part = "nid";
        d.note = "the NIDs differ (the case of a NID does not count)";
        return d;
    }
    std::string_view const sa = A.substr(5 + na, fa.nss_size);
    std::string_view const sb = B.substr(5 + nb, fb.nss_size);
    if (sa != sb) {
        d.part = "nss";
        d.note = "the NSSs differ";
        std::string da, db;
        if (iequal(sa, sb)) {
            d.note += ", only in letter case: the NSS is case-sensitive";
        } else if (urns::pct::decode(sa, da) && urns::pct::decode(sb, db) && da == db) {
            d.note += ": they are the same once percent-decoded, but percent-encoded octets are "
                      "never decoded for equivalence";
        }
        return d;
    }
    d.part = "rest";
    switch (m) {
    case urns::equivalence_mode::rfc2141:
        d.note = "what follows the NSS differs (RFC 2141 compares all of it)";
        break;
    case urns::equivalence_mode::rfc2141bis_keep_query:
        d.note = "the queries differ (step 5b compares the directives, in sorted order)";
        break;
    default:
        d.note = "the canonical forms differ after the NSS";
        break;
    }
    return d;
}

int equal_run(arguments const& args)
{
    urns::syntax syn = urns::syntax::rfc2141bis;
    std::optional<urns::equivalence_mode> mode;
    bool json = false, quiet = false, namespaces = false;
    std::vector<std::string_view> operands;
    command_line cl(equal_help_head, modes_help);
    cl.syntax_option(syn, "(both URNs)");
    cl.value("--mode", "M", "the equivalence mode (below)", [&mode](std::string_view v) { mode = mode_option(v); });
    cl.flag("-q,--quiet", quiet, "print nothing; the exit status says it");
    cl.namespaces_option(namespaces,
                         "also apply the shipped namespaces' rules (validation and the namespace's own "
                         "equivalence)");
    cl.plugin_option();
    cl.flag("--json", json,
            "one JSON object: a, b, mode, equivalent, canonical_a, canonical_b, and differs, first_difference, "
            "note when not (docs/schema/equal.schema.json)");
    cl.color_option();
    cl.operands([&operands](std::string_view v) { operands.push_back(v); });
    if (!cl.parse(args))
        return printed_help;
    if (json && quiet)
        throw usage_error{"--json prints the comparison: it does not go with -q"};
    if (operands.size() != 2)
        throw usage_error{"expected two URNs, got " + std::to_string(operands.size())};
    urns::equivalence_mode const m = mode ? *mode : urns::default_equivalence(syn);

    urns::parse_options const popts = parse_options_for(syn, namespaces);
    auto ra = urns::parse_urn(operands[0], popts);
    auto rb = urns::parse_urn(operands[1], popts);
    if (!ra || !rb) {
        if (!quiet && !json) {
            if (!ra)
                report_invalid(origin{"A", 1, 0}, operands[0], ra.error());
            if (!rb)
                report_invalid(origin{"B", 1, 0}, operands[1], rb.error());
        }
        if (json) {
            json_writer j(out());
            j.begin_object();
            j.member("a", operands[0]);
            j.member("b", operands[1]);
            j.member("mode", urns::to_string(m));
            j.member_bool("equivalent", false);
            if (!ra)
                write_error_json(j, ra.error(), "a_error");
            if (!rb)
                write_error_json(j, rb.error(), "b_error");
            j.end_object();
            j.newline();
        }
        return exit_invalid;
    }
    canonical_form const fa = canonical_of(*ra, m, popts.registry);
    canonical_form const fb = canonical_of(*rb, m, popts.registry);
    std::string const& ca = fa.text;
    std::string const& cb = fb.text;
    // Without namespace rules, the library's verdict; with them, the
    // namespace-canonical forms decide.
    bool const same = popts.registry ? ca == cb : urns::equivalent(*ra, *rb, m);
    difference d;
    if (!same) {
        d = explain_difference(fa, fb, m);
        auto const* known = tool_registry().find(ra->nid());
        if (!popts.registry && d.part == "nss" && known && known->has_fold())
            d.note += " (the namespace has its own equivalence rules: see --namespaces)";
    }

    out_buffer& o = out();
    if (json) {
        json_writer j(o);
        j.begin_object();
        j.member("a", operands[0]);
        j.member("b", operands[1]);
        j.member("mode", urns::to_string(m));
        j.member_bool("equivalent", same);
        j.member("canonical_a", ca);
        j.member("canonical_b", cb);
        if (!same) {
            j.member("differs", d.part);
            j.member("first_difference", d.at);
            j.member("note", d.note);
        }
        j.end_object();
        j.newline();
    } else if (!quiet) {
        o.write(same ? "equivalent" : "not equivalent");
        o.write(" under ");
        o.write(urns::to_string(m));
        o.write(" (");
        o.write(mode_reference(m));
        o.write(")");
        if (!same) {
            o.write(": ");
            o.write(d.note);
        }
        o.put('\n');
        std::size_t const w = std::max(operands[0].size(), operands[1].size());
        for (int i = 0; i < 2; ++i) {
            o.write("  ");
            o.write(operands[i]);
            o.spaces(w - operands[i].size());
            o.write("  ->  ");
            o.write(i == 0 ? ca : cb);
            o.put('\n');
        }
        if (!same) {
            o.spaces(2 + w + 6 + d.at);
            o.write("^ first difference\n");
        }
    }
    return same ? exit_ok : exit_invalid;
}

} // namespace

command const normalize_command{"normalize", "print the canonical form of each URN (for comparing)",
                                normalize_run};
command const equal_command{"equal", "tell whether two URNs are equivalent, and where they differ",
                            equal_run};

} // namespace urn_tool
