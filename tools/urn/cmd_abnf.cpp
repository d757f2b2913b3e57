// SPDX-License-Identifier: BSL-1.0
// The urn command: `urn abnf`, the ABNF engine (urns/abnf.hpp) and the
// differential checker (urns/abnf_diff.hpp) on grammar files: check a
// grammar, match inputs against a rule, generate inputs, and compare a rule
// with a namespace's validator or a URN syntax.
#include "commands.hpp"
#include "abnf_diff_report.hpp"
#include "describe.hpp"
#include "location.hpp"
#include "messages.hpp"
#include "namespaces.hpp"
#include "shown.hpp"
#include "streams.hpp"

#include <urns/abnf.hpp>
#include <urns/abnf_diff.hpp>
#include <urns/nss/registry.hpp>
#include <urns/parse.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace urn_tool {

namespace {

constexpr std::string_view help_head =
    R"~(usage: urn abnf check [OPTIONS] FILE...
       urn abnf match [OPTIONS] FILE RULE INPUT...   (or -f FILE, or lines of standard input)
       urn abnf generate [OPTIONS] FILE RULE [-n N] [--seed S] [--invalid]
       urn abnf diff [OPTIONS] FILE RULE (--nid NID | --syntax S) [-n N] [--seed S]

Runs ABNF (RFC 5234, with RFC 7405's %s"..." and %i"...") as a grammar with
ABNF's meaning: every alternative and every repetition count is tried, as
the RFC's grammars mean them (not PEG's first match). FILE is a grammar;
--with adds more files to the same rule set; RFC 5234's core rules (ALPHA,
DIGIT, HEXDIG, ...) are available unless --no-core.

  check     reads the grammars and reports their problems, as
            FILE:LINE:COL: error|warning: message, with the line and a caret
            (undefined rules, left recursion, rules that never match, rules
            defined twice; warnings for unused rules and prose)
  match     says for each INPUT whether RULE matches all of it; where it does
            not, the offset, the rules expected there and a caret
  generate  prints N strings that RULE matches (or, with --invalid, near misses
            it rejects), one a line; a string holding "\n" or "\r" is left
            out, so each line is one string
  diff      compares RULE with a namespace's validator (--nid NID: the NSS is
            the input; builtin namespaces and --plugin's), with parse_urn
            (--syntax S: the input is a whole URN), or with both (--nid and
            --syntax: "urn:NID:" and the input), on N generated valid inputs
            and near misses of each: where both reject an input, they must
            fail at the same byte and expect the same rule names there
            (--compare verdict or offset asks less); prints the
            disagreements, shortest first

)~";

constexpr std::string_view help_tail = R"~(
exit status: 0 clean grammar (warnings allowed), all inputs matched, strings
generated, or no disagreement; 1 grammar errors (check), an input not matched,
or a disagreement; 2 usage or I/O error, or (match, generate, diff) a grammar
with errors or without RULE
)~";

/// The grammar files of the command line, read.
struct grammar_files {
    std::vector<std::string> names;
    std::vector<std::string> texts;

    /// The text of the source named `name`.
    std::string_view text_of(std::string_view name) const
    {
        for (std::size_t i = 0; i < names.size(); ++i)
            if (names[i] == name)
                return texts[i];
        return {};
    }
};

/// Reads `path`; a usage error (status 2) names it if it cannot.
std::string read_grammar(std::string const& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw usage_error{"cannot read " + shown(path) + ": " + std::strerror(errno)};
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

/// A positive count.
std::size_t count_option(std::string_view name, std::string_view v)
{
    std::size_t n = 0;
    for (char c : v) {
        if (c < '0' || c > '9' || n > (std::size_t(1) << 40))
            throw usage_error{std::string(name) + ": expected a number, not '" + std::string(v) + "'"};
        n = n * 10 + static_cast<std::size_t>(c - '0');
    }
    if (v.empty())
        throw usage_error{std::string(name) + ": expected a number"};
    return n;
}

/// "FILE:LINE:COL: error: message", the line and a caret, on standard error.
void report_diagnostic(urns::abnf::diagnostic const& d, std::string_view text)
{
    bool const is_error = d.severity == urns::abnf::diagnostic::level::error;
    out_buffer& o = err();
    begin_message();
    o.write(sgr::bold());
    write_location(o, d.source, d.line);
    o.number(d.column);
    o.write(": ");
    o.write(sgr::reset());
    o.write(is_error ? sgr::error() : sgr::warning());
    o.write(is_error ? "error" : "warning");
    o.write(sgr::reset());
    o.write(": ");
    write_shown(o, d.message);
    if (!d.rule.empty() && d.message.find(d.rule) == std::string::npos) {
        o.write(" (rule ");
        write_shown(o, d.rule);
        o.put(')');
    }
    o.put('\n');
    // The line (a window of it, escaped), and a caret under the column.
    urns::abnf::excerpt const x = urns::abnf::excerpt_of(d, text);
    o.write("  ");
    o.write(x.line);
    o.write("\n  ");
    o.write(x.under);
    o.write(sgr::error());
    o.put('^');
    o.write(sgr::reset());
    o.put('\n');
    end_message();
}

/// "expected A, B or C".
std::string expected_text(std::vector<std::string_view> const& names)
{
    std::string s;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i > 0)
            s += i + 1 == names.size() ? " or " : ", ";
        s += names[i];
    }
    return s;
}

struct options {
    grammar_files files;
    std::vector<std::string_view> operands;
    bool core = false, no_core = false, rfc3986 = false;
    bool tree = false, json = false, invalid = false;
    std::size_t count = 0;
    bool have_count = false;
    std::uint64_t seed = 1;
    std::size_t max_length = 64;
    std::string_view nid;
    bool have_syntax = false;
    urns::syntax syn = urns::syntax::rfc2141bis;
    /// diff: what must agree: "verdict", "offset" (the default: verdicts and offsets) or "expected" (and names).
    std::string_view compare = "offset";
};

/// Compiles the files; the errors, and with `warnings` the warnings, go
/// to standard error.
urns::abnf::grammar compile_files(options const& o, bool& any_error, bool warnings)
{
    std::vector<urns::abnf::source> sources;
    for (std::size_t i = 0; i < o.files.names.size(); ++i)
        sources.push_back({o.files.names[i], o.files.texts[i]});
    urns::abnf::compile_options co;
    co.core_rules = !o.no_core;
    co.rfc3986_rules = o.rfc3986;
    urns::abnf::grammar g = urns::abnf::grammar::compile(sources, co);
    any_error = false;
    for (urns::abnf::diagnostic const& d : g.diagnostics()) {
        bool const is_error = d.severity == urns::abnf::diagnostic::level::error;
        any_error = any_error || is_error;
        if (is_error || warnings)
            report_diagnostic(d, o.files.text_of(d.source));
    }
    return g;
}

/// The grammar of match, generate and diff: usable, with RULE (its errors
/// reported; its warnings are check's).
urns::abnf::grammar usable(options const& o, std::string_view rule)
{
    bool any_error = false;
    urns::abnf::grammar g = compile_files(o, any_error, false);
    if (!g.ok())
        throw usage_error{"the grammar has errors (see \"urn abnf check\")"};
    if (!g.has_rule(rule))
        throw usage_error{"no rule \"" + shown(rule) + "\" in the grammar"};
    return g;
}

int run_check(options const& o)
{
    bool any_error = false;
    urns::abnf::grammar const g = compile_files(o, any_error, true);
    if (any_error)
        return exit_invalid;
    out_buffer& w = out();
    for (std::size_t i = 0; i < o.files.names.size(); ++i) {
        w.write(i == 0 ? "" : ", ");
        write_shown(w, o.files.names[i]);
    }
    w.write(": ");
    w.number(g.rule_names().size());
    w.write(" rules, no errors");
    std::size_t const warnings = g.diagnostics().size() + g.diagnostics_left_out() - (g.diagnostics_left_out() ? 1 : 0);
    if (warnings > 0) {
        w.write(", ");
        w.number(warnings);
        w.write(warnings == 1 ? " warning" : " warnings");
    }
    w.put('\n');
    return exit_ok;
}

int run_match(options const& o, inputs const& in, std::string_view rule)
{
    urns::abnf::grammar const g = usable(o, rule);
    urns::abnf::match_options mo;
    mo.tree = o.tree;
    bool any_unmatched = false;
    out_buffer& w = out();
    json_writer j(w);
    auto on_line = [&](origin const& where, std::string_view input) {
        urns::abnf::match_result const r = urns::abnf::match(g, rule, input, mo);
        bool const ok = r.state == urns::abnf::match_result::status::matched;
        bool const limit = r.state == urns::abnf::match_result::status::undecided;
        if (limit)
            note_undecided();
        any_unmatched = any_unmatched || !ok;
        if (o.json) {
            j.begin_object();
            write_origin_json(j, where);
            j.member("input", input);
            j.member("rule", g.canonical_name(rule));
            j.member_bool("matched", ok);
            if (limit)
                j.member_bool("undecided", true);
            if (!ok && !limit) {
                j.member("offset", r.offset);
                j.key("expected");
                j.begin_array();
                for (std::string_view e : r.expected)
                    j.string(e);
                j.end_array();
            }
            if (ok && o.tree) {
                j.key("tree");
                j.begin_array();
                for (urns::abnf::span const& s : r.spans) {
                    j.begin_object();
                    j.member("rule", s.rule);
                    j.member("begin", s.begin);
                    j.member("end", s.end);
                    j.member("depth", s.depth);
                    j.end_object();
                }
                j.end_array();
            }
            j.end_object();
            j.newline();
            return;
        }
        if (ok) {
            w.write(input);
            w.write(": matches ");
            w.write(g.canonical_name(rule));
            w.put('\n');
            for (urns::abnf::span const& s : r.spans) {
                w.spaces(2 * (s.depth + 1));
                w.write(s.rule);
                w.put(' ');
                w.write(quoted(input.substr(s.begin, s.end - s.begin)));
                w.write(" [");
                w.number(s.begin);
                w.put(',');
                w.number(s.end);
                w.write(")\n");
            }
            return;
        }
        out_buffer& e = err();
        begin_message();
        if (!where.is_argument()) {
            e.write(sgr::bold());
            write_location(e, where.file, where.line);
            e.put(' ');
            e.write(sgr::reset());
        }
        if (limit) {
            e.write(quoted(input));
            e.write(": undecided: the rule is not regular, and the match ran out of steps or memory\n");
            end_message();
            return;
        }
        e.write(input);
        e.put('\n');
        e.spaces(r.offset);
        e.write(sgr::error());
        e.put('^');
        e.write(sgr::reset());
        e.write(" offset ");
        e.number(r.offset);
        e.write(": does not match ");
        e.write(g.canonical_name(rule));
        if (!r.expected.empty()) {
            e.write(" (expected ");
            e.write(expected_text(r.expected));
            e.put(')');
        }
        e.put('\n');
        end_message();
    };
    auto on_long = [&](origin const& where) {
        any_unmatched = true;
        if (!o.json) {
            report_too_long(where, in.max_line);
            return;
        }
        // A record of the same shape as the others: not matched, and why.
        j.begin_object();
        write_origin_json(j, where);
        j.member("rule", g.canonical_name(rule));
        j.member_bool("matched", false);
        write_too_long_error(j, in.max_line);
        j.end_object();
        j.newline();
    };
    int const io = for_each_input(in, on_line, on_long);
    return final_status(io, any_unmatched);
}

int run_generate(options const& o, std::string_view rule)
{
    urns::abnf::grammar const g = usable(o, rule);
    urns::abnf::generate_options go;
    go.seed = o.seed;
    go.max_length = o.max_length;
    go.invalid = o.invalid;
    std::size_t const n = o.have_count ? o.count : 10;
    out_buffer& w = out();
    std::size_t made = 0, left_out = 0;
    for (std::string const& s : urns::abnf::generate(g, rule, n, go)) {
        if (s.find_first_of("\n\r") != std::string::npos) {
            ++left_out;  // one string a line
            continue;
        }
        w.write(s);
        w.put('\n');
        ++made;
    }
    if (made < n) {
        // The rule's strings ran out (within --max-length), or were hard to find.
        out_buffer& e = err();
        begin_message();
        e.write("urn: abnf generate: made ");
        e.number(made);
        e.write(" of ");
        e.number(n);
        e.write(o.invalid ? " near misses" : " strings");
        if (left_out > 0) {
            e.write(" (and left out ");
            e.number(left_out);
            e.write(" with a line break)");
        }
        e.write(": no more found within --max-length ");
        e.number(o.max_length);
        e.put('\n');
        end_message();
    }
    return exit_ok;
}

int run_diff(options const& o, std::string_view rule)
{
    if (o.nid.empty() && !o.have_syntax)
        throw usage_error{"diff needs --nid NID or --syntax S (what to compare the rule with)"};
    urns::abnf::grammar const g = usable(o, rule);
    urns::nss::namespace_rules const* rules = nullptr;
    if (!o.nid.empty()) {
        rules = tool_registry().find(o.nid);
        if (rules == nullptr || !rules->has_validator())
            throw usage_error{"no namespace '" + std::string(o.nid) +
                              "' with NSS rules (builtin namespaces, and --plugin's)"};
    }
    urns::abnf::diff_options d;
    if (o.have_count)
        d.valid = o.count;
    d.seed = o.seed;
    d.max_length = o.max_length;
    urns::parse_options po;
    po.syntax = o.syn;
    po.registry = &tool_registry();
    d.compare_expected = o.compare == "expected";
    std::function<urns::abnf::judgement(std::string_view)> judge;
    std::string judge_name;
    if (o.have_syntax && rules) {
        d.prefix = "urn:" + std::string(o.nid) + ":";
        judge_name = std::string(urns::to_string(o.syn)) + " + " + std::string(o.nid);
    } else if (o.have_syntax) {
        po.registry = nullptr;
        judge_name = std::string(urns::to_string(o.syn));
    } else {
        judge_name = std::string(o.nid);
    }
    if (o.have_syntax)
        judge = parse_judge(po);
    else
        judge = namespace_judge(*rules);
    urns::abnf::diff_report const r =
        o.compare == "verdict"
            ? urns::abnf::diff(g, rule, [&judge](std::string_view s) { return judge(s).accepted; }, d)
            : urns::abnf::diff(g, rule, judge, d);
    write_diff_report(out(), r, judge_name, o.compare);
    return r.disagreements == 0 ? exit_ok : exit_invalid;
}

int run(arguments const& args)
{
    options o;
    inputs in;
    std::vector<std::string> with;
    command_line cl(help_head, help_tail);
    cl.value("--with", "FILE", "another grammar file of the same rule set; may be repeated",
             [&with](std::string_view v) { with.emplace_back(v); });
    cl.flag("--core", o.core, "RFC 5234's core rules are available (the default)");
    cl.flag("--no-core", o.no_core, "without RFC 5234's core rules");
    cl.flag("--rfc3986", o.rfc3986,
            "RFC 3986's rules are available too (pchar, unreserved, pct-encoded, sub-delims, ...)");
    cl.file_option(in, "match: read inputs from FILE, one a line; may be repeated");
    cl.flag("--tree", o.tree, "match: print the rule tree of each match (each rule's span)");
    cl.flag("--json", o.json, "match: one JSON object per input: input, rule, matched, offset, expected, tree");
    cl.value("-n,--count", "N", "generate: how many strings (default 10); diff: how many valid inputs (default "
                                "10000), each with near misses",
             [&o](std::string_view v) {
                 o.count = count_option("--count", v);
                 o.have_count = true;
             });
    cl.value("--seed", "S", "generate, diff: the seed (default 1); the same seed gives the same strings",
             [&o](std::string_view v) { o.seed = count_option("--seed", v); });
    cl.flag("--invalid", o.invalid, "generate: near misses that the rule rejects instead");
    cl.value("--max-length", "L", "generate, diff: the longest string made, in bytes (default 64)",
             [&o](std::string_view v) { o.max_length = count_option("--max-length", v); });
    cl.value("--nid", "NID", "diff: compare with this namespace's NSS rules",
             [&o](std::string_view v) { o.nid = v; });
    cl.value("--syntax", "S", "diff: compare with parse_urn: rfc2141bis, rfc2141 or rfc8141",
             [&o](std::string_view v) {
                 o.syn = syntax_option(v);
                 o.have_syntax = true;
             });
    cl.value("--compare", "WHAT",
             "diff: what must agree where both sides reject: expected (the default: the offset and the rule "
             "names expected there), offset, or verdict (accept or reject only)",
             [&o](std::string_view v) {
                 if (v != "verdict" && v != "offset" && v != "expected")
                     throw usage_error{"--compare: expected verdict, offset or expected, not " + shown(v)};
                 o.compare = v;
             });
    cl.plugin_option();
    cl.max_line_option(in, "match: longest input line accepted, in bytes (default 64M; K, M, G)");
    cl.color_option();
    cl.operands([&o](std::string_view v) { o.operands.push_back(v); });
    if (!cl.parse(args))
        return printed_help;
    if (o.core && o.no_core)
        throw usage_error{"--core and --no-core together"};

    static constexpr std::string_view actions[] = {"check", "match", "generate", "diff"};
    if (o.operands.empty())
        throw usage_error{"expected check, match, generate or diff"};
    std::string_view const action = o.operands.front();
    if (std::find(std::begin(actions), std::end(actions), action) == std::end(actions)) {
        std::string m = "unknown action '" + std::string(action) + "'";
        std::string_view const near = closest(action, {std::begin(actions), std::end(actions)});
        if (!near.empty())
            m += "; did you mean '" + std::string(near) + "'?";
        throw usage_error{m};
    }
    std::vector<std::string_view> rest(o.operands.begin() + 1, o.operands.end());
    std::size_t const files = action == "check" ? rest.size() : std::min<std::size_t>(rest.size(), 1);
    if (files == 0)
        throw usage_error{"expected a grammar FILE"};
    for (std::size_t i = 0; i < files; ++i)
        o.files.names.emplace_back(rest[i]);
    for (std::string const& w : with)
        o.files.names.push_back(w);
    for (std::string const& name : o.files.names)
        o.files.texts.push_back(read_grammar(name));

    if (action == "check")
        return run_check(o);
    if (rest.size() < 2)
        throw usage_error{"expected a grammar FILE and a RULE"};
    std::string_view const rule = rest[1];
    if (action == "match") {
        for (std::size_t i = 2; i < rest.size(); ++i)
            in.add_urn(rest[i]);  // an input, taken as it is
        return run_match(o, in, rule);
    }
    if (rest.size() > 2)
        throw usage_error{"unexpected argument '" + std::string(rest[2]) + "'"};
    if (action == "generate")
        return run_generate(o, rule);
    return run_diff(o, rule);
}

} // namespace

command const abnf_command{"abnf", "check, match, generate from, and diff ABNF grammars", run};

} // namespace urn_tool
