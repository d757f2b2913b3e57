// SPDX-License-Identifier: BSL-1.0
// The ABNF engine (<urns/abnf.hpp>): RFC 5234's and RFC 7405's own examples,
// ABNF's meaning against PEG's, every grammar of grammar/ compiled, the
// namespaces' examples, diagnostics (syntax errors with line, column and
// the rule expected; undefined, left-recursive, unproductive, duplicate,
// unused rules), the step limit, spans, generate() and threads. Expected
// values come from the RFCs' text or are worked out by hand in comments.
#define BOOST_TEST_MODULE abnf_engine
#include "test_support.hpp"

#include <urns/abnf.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

namespace abnf = urns::abnf;
using status = abnf::match_result::status;

namespace {

abnf::grammar compile_ok(std::string_view text, abnf::compile_options const& o = {})
{
    abnf::grammar g = abnf::grammar::compile(text, o);
    for (auto const& d : g.diagnostics())
        BOOST_TEST_MESSAGE(abnf::to_string(d, text));
    BOOST_TEST(g.ok());
    return g;
}

bool has_error(abnf::grammar const& g, std::string_view fragment, std::string_view rule = {})
{
    for (auto const& d : g.diagnostics())
        if (d.severity == abnf::diagnostic::level::error && d.message.find(fragment) != std::string::npos &&
            (rule.empty() || d.rule == rule))
            return true;
    return false;
}

std::vector<std::string> strings(std::vector<std::string_view> const& v) { return {v.begin(), v.end()}; }

} // namespace

// RFC 5234 section 2.3: quoted strings are case-insensitive; %d97.98.99
// is "abc" exactly. RFC 7405: %s"..." is case-sensitive, %i"..." is not.
BOOST_AUTO_TEST_CASE(terminal_values)
{
    auto g = compile_ok("ci = \"abc\"\n"
                        "cs = %s\"aBc\"\n"
                        "ci2 = %i\"aBc\"\n"
                        "dv = %d97.98.99\n"
                        "dv2 = %d97 %d98 %d99\n"
                        "crlf = %x0D.0A\n"
                        "bits = %b1100001\n"
                        "range = %x30-39\n",
                        {true, false, false});
    BOOST_TEST(abnf::matches(g, "ci", "abc"));
    BOOST_TEST(abnf::matches(g, "ci", "aBc"));
    BOOST_TEST(abnf::matches(g, "ci", "ABC"));
    BOOST_TEST(abnf::matches(g, "cs", "aBc"));
    BOOST_TEST(!abnf::matches(g, "cs", "abc"));
    BOOST_TEST(abnf::matches(g, "ci2", "abc"));
    BOOST_TEST(abnf::matches(g, "dv", "abc"));
    BOOST_TEST(!abnf::matches(g, "dv", "aBc"));
    BOOST_TEST(abnf::matches(g, "dv2", "abc"));
    BOOST_TEST(abnf::matches(g, "crlf", "\r\n"));
    BOOST_TEST(!abnf::matches(g, "crlf", "\n"));
    BOOST_TEST(abnf::matches(g, "bits", "a"));
    BOOST_TEST(abnf::matches(g, "range", "7"));
    BOOST_TEST(!abnf::matches(g, "range", "a"));
    BOOST_TEST(!abnf::matches(g, "range", "77"));
    BOOST_TEST(!abnf::matches(g, "range", ""));
}

// RFC 5234 section 3: its examples of each operator.
BOOST_AUTO_TEST_CASE(rfc5234_operators)
{
    // 3.1 concatenation: mumble = foo bar foo is "aba".
    auto g = compile_ok("mumble = foo bar foo\nfoo = %x61 ; a\nbar = %x62 ; b\n");
    BOOST_TEST(abnf::matches(g, "mumble", "aba"));
    BOOST_TEST(!abnf::matches(g, "mumble", "ab"));
    // 3.2 alternation; 3.5 grouping: elem (foo / bar) blat against
    // elem foo / bar blat.
    auto h = compile_ok("grouped = elem (foo / bar) blat\nplain = elem foo / bar blat\n"
                        "elem = \"e\"\nfoo = \"f\"\nbar = \"b\"\nblat = \"t\"\n",
                        {true, false, false});
    BOOST_TEST(abnf::matches(h, "grouped", "eft"));
    BOOST_TEST(abnf::matches(h, "grouped", "ebt"));
    BOOST_TEST(!abnf::matches(h, "grouped", "ef"));
    BOOST_TEST(abnf::matches(h, "plain", "ef"));
    BOOST_TEST(abnf::matches(h, "plain", "bt"));
    BOOST_TEST(!abnf::matches(h, "plain", "eft"));
    // 3.3 incremental alternatives: the same as ruleset = alt1 / ... / alt5.
    auto inc = compile_ok("ruleset = alt1 / alt2\nruleset =/ alt3\nruleset =/ alt4 / alt5\n"
                          "alt1 = \"1\"\nalt2 = \"2\"\nalt3 = \"3\"\nalt4 = \"4\"\nalt5 = \"5\"\n");
    for (char const* s : {"1", "2", "3", "4", "5"})
        BOOST_TEST(abnf::matches(inc, "ruleset", s), s);
    BOOST_TEST(!abnf::matches(inc, "ruleset", "6"));
    // 3.6 variable repetition, 3.7 specific repetition, 3.8 optional.
    auto rep = compile_ok("any = *\"x\"\nsome = 1*\"x\"\nfew = 2*3\"x\"\nthree = 3\"x\"\n"
                          "upto = *2\"x\"\nopt = [\"x\" \"y\"] \"z\"\n",
                          {true, false, false});
    BOOST_TEST(abnf::matches(rep, "any", ""));
    BOOST_TEST(abnf::matches(rep, "any", "xxxx"));
    BOOST_TEST(!abnf::matches(rep, "some", ""));
    BOOST_TEST(!abnf::matches(rep, "few", "x"));
    BOOST_TEST(abnf::matches(rep, "few", "xx"));
    BOOST_TEST(abnf::matches(rep, "few", "xxx"));
    BOOST_TEST(!abnf::matches(rep, "few", "xxxx"));
    BOOST_TEST(abnf::matches(rep, "three", "xxx"));
    BOOST_TEST(!abnf::matches(rep, "three", "xx"));
    BOOST_TEST(abnf::matches(rep, "upto", ""));
    BOOST_TEST(!abnf::matches(rep, "upto", "xxx"));
    BOOST_TEST(abnf::matches(rep, "opt", "z"));
    BOOST_TEST(abnf::matches(rep, "opt", "xyz"));
    BOOST_TEST(!abnf::matches(rep, "opt", "xz"));
    // Rule names are case-insensitive (section 2.1).
    auto names = compile_ok("Rule-A = rule-b\nRULE-B = \"q\"\n");
    BOOST_TEST(abnf::matches(names, "rule-a", "q"));
    BOOST_TEST(names.has_rule("RULE-a"));
    BOOST_TEST(names.canonical_name("rule-b") == "RULE-B");
    BOOST_TEST((names.rule_names() == std::vector<std::string>{"Rule-A", "RULE-B"}));
}

// ABNF is not PEG: the MRN rule (RFC 8141's NID has the same shape). A
// greedy `0*20( alphanum / "-" )` takes the last alphanum and fails; ABNF
// tries every count.
BOOST_AUTO_TEST_CASE(abnf_is_not_peg)
{
    auto g = compile_ok("OID = alphanum 0*20( alphanum / \"-\" ) alphanum\nalphanum = ALPHA / DIGIT\n");
    BOOST_TEST(abnf::matches(g, "OID", "iala"));
    BOOST_TEST(abnf::matches(g, "OID", "a-b"));
    BOOST_TEST(abnf::matches(g, "OID", "ab"));
    BOOST_TEST(!abnf::matches(g, "OID", "a-"));
    BOOST_TEST(!abnf::matches(g, "OID", "-a"));
    BOOST_TEST(!abnf::matches(g, "OID", "a"));
    BOOST_TEST(abnf::matches(g, "OID", std::string(22, 'a')));   // 1 + 20 + 1
    BOOST_TEST(!abnf::matches(g, "OID", std::string(23, 'a')));
    // Ordered choice is not alternation either.
    auto alt = compile_ok("r = (\"a\" / \"ab\") \"c\"\n");
    BOOST_TEST(abnf::matches(alt, "r", "abc"));
    BOOST_TEST(abnf::matches(alt, "r", "ac"));
}

// RFC 8141's NID: 2 to 32 bytes, first and last alphanum.
BOOST_AUTO_TEST_CASE(rfc8141_nid)
{
    std::string const text = urns_test::read_file("grammar/rfc8141.abnf");
    auto g = abnf::grammar::compile(text);
    BOOST_TEST(g.ok());
    BOOST_TEST(abnf::matches(g, "NID", "isbn"));
    BOOST_TEST(abnf::matches(g, "NID", "ietf-params"));
    BOOST_TEST(abnf::matches(g, "NID", "ab"));
    BOOST_TEST(!abnf::matches(g, "NID", "a"));
    BOOST_TEST(!abnf::matches(g, "NID", "ab-"));
    BOOST_TEST(!abnf::matches(g, "NID", "-ab"));
    BOOST_TEST(abnf::matches(g, "NID", std::string(32, 'x')));
    BOOST_TEST(!abnf::matches(g, "NID", std::string(33, 'x')));
    BOOST_TEST(abnf::matches(g, "namestring", "urn:example:a123,z456"));
    BOOST_TEST(abnf::matches(g, "namestring", "urn:example:foo-bar-baz-qux?+CCResolve:cc=uk"));
    BOOST_TEST(abnf::matches(g, "namestring", "urn:example:weather?=op=map&lat=39.56#section-3.4"));
    BOOST_TEST(!abnf::matches(g, "namestring", "urn:example:a b"));
    BOOST_TEST(!abnf::matches(g, "namestring", "urn:a:b"));
}

// Every grammar the repository ships compiles without an error, with the
// core rules and RFC 3986's (the URN documents use both).
BOOST_AUTO_TEST_CASE(every_shipped_grammar_compiles)
{
    namespace fs = std::filesystem;
    std::size_t count = 0;
    for (auto const& e : fs::recursive_directory_iterator(fs::path(urns_test::source_dir()) / "grammar")) {
        if (e.path().extension() != ".abnf")
            continue;
        std::string const rel = fs::relative(e.path(), urns_test::source_dir()).string();
        std::string const text = urns_test::read_file(rel);
        if (text.find("\n;; check: opaque\n") != std::string::npos)
            continue;  // a registration without syntax: no rules (test nss_registered)
        abnf::compile_options o;
        o.rfc3986_rules = true;
        auto g = abnf::grammar::compile(std::vector<abnf::source>{{rel, text}}, o);
        BOOST_TEST_CONTEXT(rel)
        {
            for (auto const& d : g.diagnostics())
                if (d.severity == abnf::diagnostic::level::error)
                    BOOST_TEST_MESSAGE(abnf::to_string(d, text));
            BOOST_TEST(g.ok());
            BOOST_TEST(!g.rule_names().empty());
        }
        ++count;
    }
    BOOST_TEST(count >= 67u);  // the 6 documents and 61 namespaces (10 more are opaque)
    // The documents with the library texts as sources instead of the options.
    std::string const core = urns_test::read_file("grammar/rfc5234-core.abnf");
    std::string const uri = urns_test::read_file("grammar/rfc3986.abnf");
    std::string const urn = urns_test::read_file("grammar/rfc8141.abnf");
    abnf::compile_options bare;
    bare.core_rules = false;
    auto g = abnf::grammar::compile(
        std::vector<abnf::source>{{"rfc8141.abnf", urn}, {"rfc3986.abnf", uri}, {"rfc5234-core.abnf", core}}, bare);
    BOOST_TEST(!has_error(g, "undefined"));
    // rfc3986.abnf's pchar and rfc8141.abnf's are the same rule defined twice.
    BOOST_TEST(has_error(g, "defined twice", "pchar"));
    auto alone = abnf::grammar::compile(urn, bare);
    BOOST_TEST(has_error(alone, "undefined rule \"ALPHA\""));
}

// The namespaces' own examples.
BOOST_AUTO_TEST_CASE(namespace_examples)
{
    auto oid = abnf::grammar::compile(urns_test::read_file("grammar/nss/oid.abnf"));
    BOOST_TEST(oid.ok());
    BOOST_TEST(abnf::matches(oid, "oid", "1.3.6.1"));   // RFC 3061 section 2
    BOOST_TEST(abnf::matches(oid, "oid", "0"));
    BOOST_TEST(abnf::matches(oid, "oid", "10.20"));
    BOOST_TEST(!abnf::matches(oid, "oid", "1.02"));     // no leading zeros
    BOOST_TEST(!abnf::matches(oid, "oid", "1..2"));
    BOOST_TEST(!abnf::matches(oid, "oid", "1."));
    auto isbn = abnf::grammar::compile(urns_test::read_file("grammar/nss/isbn.abnf"));
    BOOST_TEST(isbn.ok());
    BOOST_TEST(abnf::matches(isbn, "ISBN", "0-395-36341-1"));   // RFC 3187 section 3.2
    BOOST_TEST(abnf::matches(isbn, "ISBN", "978-0-395-36341-6"));
    BOOST_TEST(abnf::matches(isbn, "ISBN", "0-395-36341-2"));   // the check digit is prose, not ABNF
    BOOST_TEST(!abnf::matches(isbn, "ISBN", "0--395-36341-1"));
    BOOST_TEST(!abnf::matches(isbn, "ISBN", "0-395-36341"));
    // isbn.abnf defines DIGIT itself: its definition, not the core rule's.
    BOOST_TEST(abnf::matches(isbn, "DIGIT", "7"));
}

// A failed match: the farthest byte where a terminal failed or the input
// should have ended, and the innermost rules tried there.
BOOST_AUTO_TEST_CASE(farthest_failure)
{
    auto oid = abnf::grammar::compile(urns_test::read_file("grammar/nss/oid.abnf"));
    // "1.02": number matches "0" (DIGIT = %x30); then at offset 3 either
    // DOT continues the oid or the input ends; "2" is neither.
    auto r = abnf::match(oid, "oid", "1.02");
    BOOST_TEST((r.state == status::no_match));
    BOOST_TEST(r.offset == 3u);
    BOOST_TEST((strings(r.expected) == std::vector<std::string>{"DOT", "end of input"}));
    // "1.": after the dot, number: DIGIT's %x30 and LEADDIGIT's %x31-39 fail at 2.
    r = abnf::match(oid, "oid", "1.");
    BOOST_TEST(r.offset == 2u);
    BOOST_TEST((strings(r.expected) == std::vector<std::string>{"DIGIT", "LEADDIGIT"}));
    // "x": at 0.
    r = abnf::match(oid, "oid", "x");
    BOOST_TEST(r.offset == 0u);
    BOOST_TEST((strings(r.expected) == std::vector<std::string>{"DIGIT", "LEADDIGIT"}));
    r = abnf::match(oid, "nope", "1");
    BOOST_TEST((r.state == status::no_rule));
    BOOST_TEST((abnf::match(abnf::grammar(), "oid", "1").state == status::no_rule));
    BOOST_TEST(bool(abnf::match(oid, "oid", "1.3.6.1")));
}

// Syntax errors: where, and the RFC 5234 section 4 rules expected there.
BOOST_AUTO_TEST_CASE(syntax_errors)
{
    // An unterminated string: quoted-string wants its DQUOTE at the line break (offset 6).
    auto g = abnf::grammar::compile("a = \"x\nb = c\n");
    BOOST_TEST(!g.ok());
    BOOST_TEST_REQUIRE(g.diagnostics().size() == 1u);
    auto const& d = g.diagnostics()[0];
    BOOST_TEST(d.offset == 6u);
    BOOST_TEST(d.line == 1u);
    BOOST_TEST(d.column == 7u);
    BOOST_TEST((d.expected == std::vector<std::string>{"quoted-string"}));
    BOOST_TEST(d.message == "expected quoted-string");
    BOOST_TEST(d.source == "<abnf>");
    // A repeat without its element (offset 6): every way to start an element.
    auto e = abnf::grammar::compile("a = 1*\n");
    BOOST_TEST_REQUIRE(e.diagnostics().size() == 1u);
    BOOST_TEST(e.diagnostics()[0].offset == 6u);
    BOOST_TEST((e.diagnostics()[0].expected ==
                std::vector<std::string>{"case-insensitive-string", "case-sensitive-string", "group", "num-val",
                                         "option", "prose-val", "quoted-string", "repeat", "rulename"}));
    // A rule that does not start with a name: line 2, column 1.
    auto n = abnf::grammar::compile("a = \"x\"\n1b = a\n");
    BOOST_TEST_REQUIRE(n.diagnostics().size() == 1u);
    BOOST_TEST(n.diagnostics()[0].line == 2u);
    BOOST_TEST(n.diagnostics()[0].column == 1u);
    BOOST_TEST((n.diagnostics()[0].expected == std::vector<std::string>{"c-nl", "c-wsp", "comment", "rulename"}));
    // A stray ")" after an element (line 2, column 9): the rule could end
    // (c-nl) or go on (rulename, ...).
    auto p = abnf::grammar::compile("a = b\nb = \"x\" )\n");
    BOOST_TEST_REQUIRE(p.diagnostics().size() == 1u);
    BOOST_TEST(p.diagnostics()[0].offset == 14u);
    BOOST_TEST(p.diagnostics()[0].line == 2u);
    BOOST_TEST(p.diagnostics()[0].column == 9u);
    auto const& ex = p.diagnostics()[0].expected;
    BOOST_TEST((std::find(ex.begin(), ex.end(), "c-nl") != ex.end()));
    BOOST_TEST((std::find(ex.begin(), ex.end(), "rulename") != ex.end()));
    // The caret under the column.
    std::string const text = "a = b\nb = \"x\" )\n";
    BOOST_TEST(abnf::to_string(p.diagnostics()[0], text).find("<abnf>:2:9: error: expected ") == 0u);
    BOOST_TEST(abnf::to_string(p.diagnostics()[0], text).find("\n  b = \"x\" )\n          ^") != std::string::npos);
    // Values the syntax allows but nothing can match.
    BOOST_TEST(has_error(abnf::grammar::compile("a = %x39-30\n"), "empty range"));
    BOOST_TEST(has_error(abnf::grammar::compile("a = 3*2\"x\"\n"), "minimum greater"));
    BOOST_TEST(has_error(abnf::grammar::compile("a = %x110000\n"), "above 0x10FFFF"));
    BOOST_TEST(has_error(abnf::grammar::compile(""), "no rules"));
    BOOST_TEST(has_error(abnf::grammar::compile("; only a comment\n"), "no rules"));
    // Deeply nested groups: an error, not a crash. Groups and options nest
    // 500 deep (docs/abnf.md, "Limits"), not one more.
    BOOST_TEST(has_error(abnf::grammar::compile("a = " + std::string(100000, '(')), "nesting too deep"));
    auto nest = [](std::size_t d, char open, char close) {
        return "a = " + std::string(d, open) + "\"x\"" + std::string(d, close) + "\n";
    };
    auto deepest = compile_ok(nest(500, '(', ')'));
    BOOST_TEST(abnf::matches(deepest, "a", "x"));
    BOOST_TEST(compile_ok(nest(500, '[', ']')).ok());
    BOOST_TEST(has_error(abnf::grammar::compile(nest(501, '(', ')')), "nest at most 500 deep"));
    BOOST_TEST(has_error(abnf::grammar::compile(nest(501, '[', ']')), "nest at most 500 deep"));
    std::string mixed = "a = ";
    for (int i = 0; i < 250; ++i)
        mixed += "( [ ";
    mixed += "\"x\"";
    for (int i = 0; i < 250; ++i)
        mixed += " ] )";
    BOOST_TEST(compile_ok(mixed + "\n").ok());
    BOOST_TEST(has_error(abnf::grammar::compile("a = ( " + mixed.substr(4) + " )\n"), "nest at most 500 deep"));
}

// Line endings: CRLF (RFC 5234) and LF (a deviation); no final line break;
// comments and trailing blanks; continuation lines.
BOOST_AUTO_TEST_CASE(layout)
{
    auto crlf = compile_ok("a = \"x\" b ; comment\r\nb = \"y\"\r\n");
    BOOST_TEST(abnf::matches(crlf, "a", "xy"));
    auto last = compile_ok("a = \"x\"\n  / \"y\" ; more\n\n   \n; end\nb = a   ");
    BOOST_TEST(abnf::matches(last, "a", "y"));
    BOOST_TEST(abnf::matches(last, "b", "x"));
}

// Compile-time checks.
BOOST_AUTO_TEST_CASE(rule_set_checks)
{
    auto u = abnf::grammar::compile("a = b\n");
    BOOST_TEST(!u.ok());
    BOOST_TEST_REQUIRE(!u.diagnostics().empty());
    BOOST_TEST(u.diagnostics()[0].message == "undefined rule \"b\"");
    BOOST_TEST(u.diagnostics()[0].column == 5u);
    BOOST_TEST(u.diagnostics()[0].rule == "a");
    BOOST_TEST(abnf::to_string(u.diagnostics()[0], "a = b\n") == "<abnf>:1:5: error: undefined rule \"b\"\n  a = b\n      ^");

    BOOST_TEST(has_error(abnf::grammar::compile("a = a \"x\" / \"x\"\n"), "left recursion: a -> a"));
    BOOST_TEST(has_error(abnf::grammar::compile("a = b \"x\" / \"z\"\nb = a / \"y\"\n"), "left recursion: a -> b -> a"));
    // Through a nullable prefix.
    BOOST_TEST(has_error(abnf::grammar::compile("a = [\"x\"] a \"y\" / \"z\"\n"), "left recursion"));
    BOOST_TEST(has_error(abnf::grammar::compile("a = *\"x\" b\nb = c \"y\" / \"z\"\nc = *\"w\" a\n"), "left recursion"));
    // Right recursion is fine.
    auto right = compile_ok("a = \"x\" a / \"x\"\n");
    BOOST_TEST(abnf::matches(right, "a", "xxxx"));
    // No base case.
    BOOST_TEST(has_error(abnf::grammar::compile("a = \"x\" a\n"), "never matches", "a"));
    BOOST_TEST(has_error(abnf::grammar::compile("a = \"x\" b\nb = \"y\" a\n"), "never matches", "b"));
    // Defined twice; =/ with no =.
    BOOST_TEST(has_error(abnf::grammar::compile("a = \"x\"\na = \"y\"\n"), "defined twice"));
    BOOST_TEST(has_error(abnf::grammar::compile("a = b\nb =/ \"x\"\n"), "no definition"));
    // =/ before = and across sources.
    auto across = abnf::grammar::compile(std::vector<abnf::source>{{"one", "a = \"x\"\n"}, {"two", "a =/ \"y\"\n"}});
    BOOST_TEST(across.ok());
    BOOST_TEST(abnf::matches(across, "a", "y"));
    // Warnings: unused rules (not the first one), prose.
    auto w = abnf::grammar::compile("a = \"x\"\nb = \"y\"\nc = <a prose description>\n");
    BOOST_TEST(w.ok());
    std::size_t unused = 0, prose = 0;
    for (auto const& d : w.diagnostics()) {
        BOOST_TEST((d.severity == abnf::diagnostic::level::warning));
        unused += d.message == "unused rule";
        prose += d.message == "prose: cannot be matched";
    }
    BOOST_TEST(unused == 2u);  // b and c
    BOOST_TEST(prose == 1u);
    BOOST_TEST(!abnf::matches(w, "c", "a prose description"));
    abnf::compile_options quiet;
    quiet.warn_unused = false;
    BOOST_TEST(abnf::grammar::compile("a = \"x\"\nb = \"y\"\n", quiet).diagnostics().empty());
    // A grammar's own rule overrides a core rule silently.
    auto own = compile_ok("a = DIGIT\nDIGIT = \"x\"\n");
    BOOST_TEST(abnf::matches(own, "a", "x"));
    BOOST_TEST(!abnf::matches(own, "a", "1"));
    // Without the core rules, ALPHA is undefined.
    abnf::compile_options no_core;
    no_core.core_rules = false;
    BOOST_TEST(has_error(abnf::grammar::compile("a = ALPHA\n", no_core), "undefined"));
    abnf::compile_options uri;
    uri.rfc3986_rules = true;
    auto g = compile_ok("a = 1*pchar\n", uri);
    BOOST_TEST(abnf::matches(g, "a", "a%20b:@"));
    BOOST_TEST(!abnf::matches(g, "a", "a%2"));
}

// Values above 0xFF are code points, matched as UTF-8.
BOOST_AUTO_TEST_CASE(code_points)
{
    auto g = compile_ok("max = %x10FFFF\nwide = %x80-10FFFF\nbyte = %x80\nbytes = %x80-FF\n", {true, false, false});
    BOOST_TEST(abnf::matches(g, "max", "\xF4\x8F\xBF\xBF"));
    BOOST_TEST(abnf::matches(g, "wide", "\xC3\xA9"));           // U+00E9
    BOOST_TEST(abnf::matches(g, "wide", "\xE2\x82\xAC"));       // U+20AC
    BOOST_TEST(!abnf::matches(g, "wide", "\xC3"));
    BOOST_TEST(!abnf::matches(g, "wide", "a"));
    BOOST_TEST(!abnf::matches(g, "wide", "\xED\xA0\x80"));      // a surrogate
    BOOST_TEST(!abnf::matches(g, "wide", "\xC0\x80"));          // overlong
    BOOST_TEST(abnf::matches(g, "byte", "\x80"));
    BOOST_TEST(abnf::matches(g, "bytes", "\xFF"));
}

// A regular rule is decided by its automaton however ambiguous it is:
// s = *( *"x" ) "y" on 20,000 x's (each of the evaluator's ~20,000 starts
// has ~20,000 ends) fails at the end of the input, where "x" or "y" (both
// of rule s) was expected. The evaluator (automata off) stops there,
// undecided; so does a rule that is not regular, in bounded time.
BOOST_AUTO_TEST_CASE(undecided)
{
    auto g = compile_ok("s = *( *\"x\" ) \"y\"\n");
    std::string const in(20000, 'x');
    BOOST_TEST(abnf::matcher(g, "s").regular());
    auto r = abnf::match(g, "s", in);
    BOOST_TEST((r.state == status::no_match));
    BOOST_TEST(r.offset == in.size());
    BOOST_TEST(strings(r.expected) == std::vector<std::string>{"s"}, boost::test_tools::per_element());
    BOOST_TEST(abnf::matches(g, "s", in + "y"));
    abnf::match_options small;
    small.step_limit = 50;
    BOOST_TEST(bool(abnf::match(g, "s", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxy", small)));  // no step limit for automata

    abnf::compile_options off;
    off.automata = false;
    auto e = compile_ok("s = *( *\"x\" ) \"y\"\n", off);
    BOOST_TEST(!abnf::matcher(e, "s").regular());
    auto const t0 = std::chrono::steady_clock::now();
    auto u = abnf::match(e, "s", in);
    auto const secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    BOOST_TEST((u.state == status::undecided));
    BOOST_TEST((status::step_limit == status::undecided));  // the former name
    BOOST_TEST(secs < 10.0);
    BOOST_TEST(!abnf::matches(e, "s", in));
    BOOST_TEST((abnf::match(e, "s", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxy", small).state == status::undecided));
    BOOST_TEST(bool(abnf::match(e, "s", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxy")));
    // Recursion: r = 1*4( [ "." r ] ) matches any run of dots, in more
    // ways than the step limit allows for 173 of them.
    auto rec = compile_ok("r = 1*4( [ \".\" r ] )\n");
    BOOST_TEST(!abnf::matcher(rec, "r").regular());
    BOOST_TEST(bool(abnf::match(rec, "r", std::string(10, '.'))));
    BOOST_TEST((abnf::match(rec, "r", std::string(173, '.')).state == status::undecided));
    // A long right-recursive derivation is cut off, not a stack overflow.
    auto deep = compile_ok("a = \"x\" a / \"x\"\n");
    auto d = abnf::match(deep, "a", std::string(200000, 'x'));
    BOOST_TEST((d.state == status::undecided || d.state == status::matched));
    // Linear grammars stay cheap: a 100000-byte NSS.
    auto lin = compile_ok("a = *( b / \"-\" )\nb = ALPHA / DIGIT\n");
    auto l = abnf::match(lin, "a", std::string(100000, 'a'));
    BOOST_TEST(bool(l));
    BOOST_TEST(l.steps < 20u * 100000u);
}

// Spans of one derivation: first alternative that completes, most
// repetitions, each element as long as the rest allows.
BOOST_AUTO_TEST_CASE(spans)
{
    auto oid = abnf::grammar::compile(urns_test::read_file("grammar/nss/oid.abnf"));
    abnf::match_options o;
    o.capture = {"NUMBER"};
    auto r = abnf::match(oid, "oid", "1.3.6.10", o);
    BOOST_TEST_REQUIRE(r.spans.size() == 4u);
    BOOST_TEST(r.spans[0].rule == "number");
    BOOST_TEST(r.spans[3].begin == 6u);
    BOOST_TEST(r.spans[3].end == 8u);
    BOOST_TEST(r.spans[3].depth == 0u);

    auto mrn = compile_ok("OID = alphanum 0*20( alphanum / \"-\" ) alphanum\nalphanum = ALPHA / DIGIT\n");
    abnf::match_options t;
    t.tree = true;
    r = abnf::match(mrn, "OID", "a-b", t);
    struct want {
        char const* rule;
        std::size_t b, e, d;
    };
    std::vector<want> const w = {{"OID", 0, 3, 0}, {"alphanum", 0, 1, 1}, {"ALPHA", 0, 1, 2},
                                 {"alphanum", 2, 3, 1}, {"ALPHA", 2, 3, 2}};
    BOOST_TEST_REQUIRE(r.spans.size() == w.size());
    for (std::size_t i = 0; i < w.size(); ++i) {
        BOOST_TEST(r.spans[i].rule == w[i].rule);
        BOOST_TEST(r.spans[i].begin == w[i].b);
        BOOST_TEST(r.spans[i].end == w[i].e);
        BOOST_TEST(r.spans[i].depth == w[i].d);
    }
    // Longest first element; first alternative.
    auto g = compile_ok("a = b c\nb = *\"x\"\nc = *\"x\"\nd = e / f\ne = \"x\"\nf = \"x\"\n");
    abnf::match_options bc;
    bc.capture = {"b", "c", "e", "f"};
    r = abnf::match(g, "a", "xxx", bc);
    BOOST_TEST_REQUIRE(r.spans.size() == 2u);
    BOOST_TEST(r.spans[0].end == 3u);
    BOOST_TEST(r.spans[1].begin == 3u);
    r = abnf::match(g, "d", "x", bc);
    BOOST_TEST_REQUIRE(r.spans.size() == 1u);
    BOOST_TEST(r.spans[0].rule == "e");
    // Most repetitions: *( "x" / "xx" ) on "xxx" is three "x".
    auto m = compile_ok("r = *p\np = \"x\" / \"xx\"\n");
    bc.capture = {"p"};
    r = abnf::match(m, "r", "xxx", bc);
    BOOST_TEST(r.spans.size() == 3u);
}

// generate(): every valid string matches, every near miss does not.
BOOST_AUTO_TEST_CASE(generated_strings)
{
    abnf::compile_options uri;
    uri.rfc3986_rules = true;
    for (char const* f : {"grammar/nss/oid.abnf", "grammar/nss/isbn.abnf", "grammar/nss/uuid.abnf",
                          "grammar/rfc8141.abnf"}) {
        auto g = abnf::grammar::compile(urns_test::read_file(f), uri);
        BOOST_TEST_REQUIRE(g.ok());
        std::string const rule = g.rule_names().front();
        auto good = abnf::generate(g, rule, 40, {7, 80, false});
        BOOST_TEST(good.size() >= 10u, f);
        for (auto const& s : good)
            BOOST_TEST(abnf::matches(g, rule, s), f << ": " << s);
        auto bad = abnf::generate(g, rule, 40, {7, 80, true});
        BOOST_TEST(bad.size() >= 10u, f);
        for (auto const& s : bad)
            BOOST_TEST(!abnf::matches(g, rule, s), f << ": " << s);
        BOOST_TEST((abnf::generate(g, rule, 40, {7, 80, false}) == good));  // deterministic
    }
    auto mrn = compile_ok("OID = alphanum 0*20( alphanum / \"-\" ) alphanum\nalphanum = ALPHA / DIGIT\n");
    for (auto const& s : abnf::generate(mrn, "OID", 30, {3, 30, false}))
        BOOST_TEST((s.size() >= 2 && s.size() <= 22), s);
}

// A compiled grammar matched from several threads at once.
BOOST_AUTO_TEST_CASE(threads)
{
    auto g = compile_ok("OID = alphanum 0*20( alphanum / \"-\" ) alphanum\nalphanum = ALPHA / DIGIT\n");
    std::atomic<int> wrong{0};
    std::vector<std::thread> ts;
    for (int t = 0; t < 4; ++t)
        ts.emplace_back([&, t] {
            abnf::grammar const mine = g;  // copies share the compiled state
            for (int i = 0; i < 2000; ++i) {
                std::string const s = std::string(1 + (i + t) % 25, 'a');
                bool const want = s.size() >= 2 && s.size() <= 22;
                if (abnf::matches(mine, "OID", s) != want || abnf::matches(mine, "OID", s + "-") ||
                    bool(abnf::match(mine, "OID", s)) != want)
                    ++wrong;
            }
        });
    for (auto& t : ts)
        t.join();
    BOOST_TEST(wrong.load() == 0);
}

// The library's texts: rfc3986_abnf.inc is grammar/rfc3986.abnf; the core
// rules of grammar/rfc5234-core.abnf are Appendix B.1's.
BOOST_AUTO_TEST_CASE(embedded_texts)
{
    constexpr std::string_view embedded =
#include "abnf/rfc3986_abnf.inc"
        ;
    BOOST_TEST(embedded == urns_test::read_file("grammar/rfc3986.abnf"));
    abnf::compile_options bare;
    bare.core_rules = false;
    bare.warn_unused = false;
    auto file = abnf::grammar::compile(urns_test::read_file("grammar/rfc5234-core.abnf"), bare);
    BOOST_TEST_REQUIRE(file.ok());
    abnf::compile_options core;
    auto lib = abnf::grammar::compile("x = ALPHA CTL DIGIT DQUOTE HEXDIG SP\n", core);
    for (auto const& name : file.rule_names())
        for (int c = 0; c < 256; ++c) {
            std::string const s(1, static_cast<char>(c));
            BOOST_TEST(abnf::matches(file, name, s) == abnf::matches(lib, name, s), name << " " << c);
        }
}
