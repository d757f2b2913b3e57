// SPDX-License-Identifier: BSL-1.0
// Every rule of every grammar/*.abnf file (and grammar/nss/*.abnf) is quoted,
// line for line, in its X3 definition file, in the order of the ABNF file,
// and the quote is followed by the C++ rule of the same name (ABNF name
// lower-cased, "-" -> "_"), defined there or brought in by a using-declaration.
// A rule declared with a display name uses the ABNF name verbatim.
#define BOOST_TEST_MODULE abnf_sync
#include "test_support.hpp"

#include <urns/nss/abnf.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

/// One ABNF rule: its name and its lines (the rule line and the indented
/// lines that continue it), trailing blanks removed.
struct abnf_rule {
    std::string name;
    std::vector<std::string> lines;
};

std::string rtrim(std::string s)
{
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.pop_back();
    return s;
}

std::vector<std::string> lines_of(std::string const& text)
{
    std::vector<std::string> out;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line))
        out.push_back(rtrim(line));
    return out;
}

std::vector<abnf_rule> rules_of(std::string const& abnf)
{
    static std::regex const head(R"(^([A-Za-z][A-Za-z0-9-]*)\s*=/?\s*\S.*$)");
    std::vector<abnf_rule> rules;
    bool in_rule = false;
    for (auto const& line : lines_of(abnf)) {
        std::smatch m;
        if (std::regex_match(line, m, head)) {
            rules.push_back({m[1].str(), {line}});
            in_rule = true;
        } else if (in_rule && !line.empty() && (line[0] == ' ' || line[0] == '\t')) {
            rules.back().lines.push_back(line);
        } else {
            in_rule = false;
        }
    }
    return rules;
}

std::string cpp_name(std::string abnf_name)
{
    for (auto& c : abnf_name)
        c = c == '-' ? '_' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return abnf_name;
}

/// The X3 definition file of an ABNF file, relative to the source root.
std::string def_file_of(fs::path const& abnf)
{
    std::string stem = abnf.stem().string();
    if (stem == "rfc5234-core")
        stem = "rfc5234";
    else if (stem == "rfc2141bis-03")
        stem = "rfc2141bis";
    // The grammars are internal: src/grammar/ for the documents; a shipped
    // namespace's rules are in its one translation unit, src/nss/<nid>.cpp
    // (ietf-params-scim's in ietf's).
    if (abnf.parent_path().filename() == "nss") {
        std::string const nid = stem == "ietf-params-scim" ? "ietf" : stem;
        return "src/nss/" + nid + ".cpp";
    }
    std::string const dir = "src/grammar/";
    return dir + cpp_name(stem) + "_def.hpp";
}

/// The grammars with X3 transcriptions: the documents' and, of
/// grammar/nss/, the files whose header says "check: x3" (and
/// ietf-params-scim.abnf, part of ietf's); the other namespace files are run
/// by the ABNF engine, not transcribed.
std::vector<fs::path> abnf_files()
{
    std::vector<fs::path> files;
    fs::path const root = fs::path(urns_test::source_dir()) / "grammar";
    for (auto const& e : fs::recursive_directory_iterator(root)) {
        if (!e.is_regular_file() || e.path().extension() != ".abnf")
            continue;
        fs::path const rel = fs::relative(e.path(), urns_test::source_dir());
        if (e.path().parent_path().filename() == "nss" && e.path().stem() != "ietf-params-scim" &&
            urns::nss::read_header(urns_test::read_file(rel.string())).check != "x3")
            continue;
        files.push_back(rel);
    }
    std::sort(files.begin(), files.end());
    return files;
}

} // namespace

BOOST_AUTO_TEST_CASE(the_five_documents_are_there)
{
    auto const files = abnf_files();
    for (char const* f : {"grammar/rfc5234-core.abnf", "grammar/rfc3986.abnf", "grammar/rfc2141.abnf",
                          "grammar/rfc2141bis-03.abnf", "grammar/rfc8141.abnf"})
        BOOST_TEST((std::find(files.begin(), files.end(), fs::path(f)) != files.end()), f);
}

BOOST_AUTO_TEST_CASE(every_rule_is_quoted_in_order)
{
    std::size_t total = 0;
    for (auto const& abnf : abnf_files()) {
        std::string const def = def_file_of(abnf);
        BOOST_TEST_CONTEXT(abnf.string() << " -> " << def)
        {
            auto const rules = rules_of(urns_test::read_file(abnf.string()));
            BOOST_TEST(!rules.empty());
            auto const code = lines_of(urns_test::read_file(def));
            std::size_t from = 0;
            for (auto const& r : rules) {
                ++total;
                BOOST_TEST_CONTEXT("rule " << r.name)
                {
                    // The quote: each line of the rule as "// <line>", consecutive.
                    std::size_t at = code.size();
                    for (std::size_t i = from; i + r.lines.size() <= code.size(); ++i) {
                        bool same = true;
                        for (std::size_t k = 0; k < r.lines.size() && same; ++k)
                            same = code[i + k] == rtrim("// " + r.lines[k]);
                        if (same) {
                            at = i;
                            break;
                        }
                    }
                    BOOST_TEST(at < code.size(), "quote not found after the previous rule's");
                    if (at == code.size())
                        continue;
                    from = at + r.lines.size();
                    // The C++ rule right under it: "<name>_def =" or "using ...::<name>;".
                    std::string const name = cpp_name(r.name);
                    std::regex const defined("^(auto const " + name + "_def\\b.*|using [a-z0-9_:]*::" + name +
                                             ";.*)$");
                    bool found = false;
                    for (std::size_t i = from; i < code.size() && !found; ++i) {
                        if (code[i].rfind("// ", 0) == 0 && std::regex_match(code[i].substr(3), std::regex(
                                R"(^[A-Za-z][A-Za-z0-9-]*\s*=.*$)")))
                            break; // the next quoted rule: too late
                        found = std::regex_match(code[i], defined);
                    }
                    BOOST_TEST(found, "no `" << name << "_def` or using-declaration under the quote");
                }
            }
            // Display names are the ABNF names verbatim.
            std::string const text = urns_test::read_file(def);
            for (auto const& r : rules) {
                std::regex const decl("const\\s+" + cpp_name(r.name) + "\\s*=\\s*\"([^\"]*)\"");
                std::smatch m;
                if (std::regex_search(text, m, decl))
                    BOOST_TEST(m[1].str() == r.name, "display name of " << r.name);
            }
        }
    }
    BOOST_TEST_MESSAGE(total << " ABNF rules checked");
    BOOST_TEST(total >= 58u); // the five core documents alone have 58
}

// grammar/README.md pins each decision on named tests: every vector row
// (`y_...`, `n_...`, `i_...`) it names is in test/vectors/spec.tsv, and every
// `grammar_<doc>/<case>`, `nss_<nid>/<case>` or `parse_api/<case>` is a test
// case of that file.
BOOST_AUTO_TEST_CASE(decisions_name_real_tests)
{
    std::string const readme = urns_test::read_file("grammar/README.md");
    std::set<std::string> rows;
    for (auto const& r : urns_test::read_tsv("test/vectors/spec.tsv"))
        rows.insert(r[0]);
    std::regex const vector_ref("`([yni]_[A-Za-z0-9_]+)`");
    std::size_t vectors = 0;
    for (std::sregex_iterator i(readme.begin(), readme.end(), vector_ref), e; i != e; ++i, ++vectors)
        BOOST_TEST(rows.count((*i)[1].str()) == 1u, (*i)[1].str());
    std::regex const case_ref("`((grammar_[a-z0-9]+)|(nss_[a-z0-9]+)|parse_api)/([A-Za-z0-9_]+)`");
    std::size_t cases = 0;
    for (std::sregex_iterator i(readme.begin(), readme.end(), case_ref), e; i != e; ++i, ++cases) {
        std::string const file = urns_test::read_file("test/unit/" + (*i)[1].str() + ".cpp");
        std::regex const tc("BOOST_AUTO_TEST_CASE\\(\\s*" + (*i)[4].str() + "\\s*\\)");
        BOOST_TEST(std::regex_search(file, tc), (*i)[0].str());
    }
    BOOST_TEST(vectors >= 40u);
    BOOST_TEST(cases >= 15u);
}
