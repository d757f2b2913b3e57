// SPDX-License-Identifier: BSL-1.0
//
// urns::nss::builtin() and urns::nss::shipped() against the source tree:
// every grammar/nss/*.abnf whose header names a NID is a shipped namespace
// (read here with urns::nss::read_header, not with the generator), and
// back; every formal NID of data/iana-urn-namespaces.tsv is shipped; an
// X3 namespace has its public header, its one source file and its test,
// and <urns/nss/builtin.hpp> includes it; a namespace from its ABNF or
// opaque has its test vectors (test/vectors/nss/, tested by
// nss_registered) and no source file; registry lookups find every NID in
// any case; and no X3 validator allocates, on inputs generated from each
// namespace's ABNF and on near misses of them (a validator is noexcept and
// runs its rules without their attributes).
#define BOOST_TEST_MODULE nss_builtin
#include "counting_new.hpp"
#include "test_support.hpp"

#include <urns/abnf.hpp>
#include <urns/nss/abnf.hpp>
#include <urns/nss/builtin.hpp>
#include <urns/nss/shipped.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

std::vector<fs::path> abnf_files()
{
    std::vector<fs::path> out;
    for (auto const& e : fs::directory_iterator(fs::path(urns_test::source_dir()) / "grammar" / "nss"))
        if (e.path().extension() == ".abnf")
            out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

/// Each NID a file's header names, and the file.
std::map<std::string, fs::path> nids_of_files()
{
    std::map<std::string, fs::path> out;
    for (auto const& f : abnf_files()) {
        auto const h = urns::nss::read_header(urns_test::read_file("grammar/nss/" + f.filename().string()));
        BOOST_TEST(h.problems.empty(), f.filename());
        for (auto const& n : h.nids) {
            BOOST_TEST(out.count(n) == 0u, n << " is in two files");
            out[n] = f;
        }
    }
    return out;
}

bool exists(std::string const& relative)
{
    return fs::exists(fs::path(urns_test::source_dir()) / relative);
}

/// The formal NIDs of IANA's registry, as the project's copy lists them.
std::set<std::string> formal_nids()
{
    std::set<std::string> out;
    std::istringstream in(urns_test::read_file("data/iana-urn-namespaces.tsv"));
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#' || line.rfind("nid\t", 0) == 0)
            continue;
        auto const tab = line.find('\t');
        if (line.compare(tab + 1, 7, "formal\t") == 0 || line.substr(tab + 1) == "formal")
            out.insert(line.substr(0, tab));
    }
    return out;
}

} // namespace

BOOST_AUTO_TEST_CASE(every_file_is_shipped_and_back)
{
    auto const files = nids_of_files();
    std::set<std::string> listed;
    for (auto const& s : urns::nss::shipped()) {
        std::string const nid(s.nid);
        listed.insert(nid);
        BOOST_TEST_CONTEXT(nid)
        {
            BOOST_TEST_REQUIRE(files.count(nid) == 1u);
            BOOST_TEST(s.file == "grammar/nss/" + files.at(nid).filename().string());
            BOOST_TEST(s.abnf == urns_test::read_file(std::string(s.file)));
            auto const* rules = urns::nss::builtin().find(nid);
            BOOST_TEST_REQUIRE(rules != nullptr);
            BOOST_TEST(rules->nid == s.nid);
            BOOST_TEST(urns::nss::find_shipped(nid) == &s);
            std::string const stem = files.at(nid).stem().string();
            if (s.check == urns::nss::checked_by::x3) {
                BOOST_TEST(exists("include/urns/nss/" + nid + ".hpp"));
                BOOST_TEST(exists("src/nss/" + nid + ".cpp"));  // its one translation unit
                BOOST_TEST(!fs::exists(fs::path(urns_test::source_dir()) / "src" / "nss" / nid));  // and no more
                BOOST_TEST(exists("test/unit/nss_" + nid + ".cpp"));
                BOOST_TEST(rules->validate != nullptr);
            } else {
                BOOST_TEST(exists("test/vectors/nss/" + stem + ".tsv"));
                BOOST_TEST(!exists("src/nss/" + nid + ".cpp"));
                BOOST_TEST((rules->validate_with != nullptr) == (s.check == urns::nss::checked_by::grammar));
                bool const unreadable_only_if_opaque = s.unreadable.empty() || s.check == urns::nss::checked_by::opaque;
                BOOST_TEST(unreadable_only_if_opaque);
            }
        }
    }
    for (auto const& [nid, f] : files)
        BOOST_TEST(listed.count(nid) == 1u, f.filename() << " names " << nid << ", which is not shipped");
    BOOST_TEST(urns::nss::builtin().size() == listed.size());
    BOOST_TEST(std::is_sorted(urns::nss::shipped().begin(), urns::nss::shipped().end(),
                              [](auto const& a, auto const& b) { return a.nid < b.nid; }));
}

BOOST_AUTO_TEST_CASE(every_formal_nid_of_the_registry_is_shipped)
{
    std::set<std::string> const formal = formal_nids();
    BOOST_TEST(formal.size() >= 71u);
    for (auto const& n : formal)
        BOOST_TEST(urns::nss::find_shipped(n) != nullptr, n << " is a formal NID that urns does not ship");
}

BOOST_AUTO_TEST_CASE(x3_namespaces_are_in_builtin_hpp)
{
    std::string const builtin_hpp = urns_test::read_file("include/urns/nss/builtin.hpp");
    for (auto const& s : urns::nss::shipped())
        if (s.check == urns::nss::checked_by::x3)
            BOOST_TEST(builtin_hpp.find("#include <urns/nss/" + std::string(s.nid) + ".hpp>") != std::string::npos,
                       s.nid);
}

BOOST_AUTO_TEST_CASE(lookups_ignore_case)
{
    for (auto const& s : urns::nss::shipped()) {
        std::string upper(s.nid);
        for (char& c : upper)
            c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        BOOST_TEST(urns::nss::builtin().find(upper) == urns::nss::builtin().find(s.nid), upper);
    }
    BOOST_TEST(urns::nss::builtin().find("no-such-nid") == nullptr);
    BOOST_TEST(urns::nss::builtin().find("") == nullptr);
    // A copy can grow and shrink, and finds what it holds.
    static std::vector<std::string> const names = [] {
        std::vector<std::string> v;
        for (int i = 0; i < 200; ++i)
            v.push_back("test-" + std::to_string(i));
        return v;
    }();
    urns::nss::registry r = urns::nss::builtin();
    auto rules_of = [](std::string const& n) {
        urns::nss::namespace_rules r;
        r.nid = n;
        return r;
    };
    for (auto const& n : names)
        r.add(rules_of(n));
    r.add(rules_of(names[7]));  // again: replaced, not added
    BOOST_TEST(r.size() == urns::nss::builtin().size() + 200);
    for (auto const& n : names)
        BOOST_TEST(r.find(n) != nullptr, n);
    BOOST_TEST(r.find("TEST-199") == r.find("test-199"));
    BOOST_TEST(r.remove("uuid"));
    BOOST_TEST(!r.remove("uuid"));
    BOOST_TEST(r.find("uuid") == nullptr);
    BOOST_TEST(r.find("isbn") != nullptr);
    BOOST_TEST(r.find("test-0") != nullptr);
    BOOST_TEST(r.size() == urns::nss::builtin().size() + 199);
}

BOOST_AUTO_TEST_CASE(validators_never_allocate)
{
    urns::abnf::compile_options co;
    co.rfc3986_rules = true;
    co.warn_unused = false;
    std::size_t total = 0;
    for (auto const& f : abnf_files()) {
        auto const h = urns::nss::read_header(urns_test::read_file("grammar/nss/" + f.filename().string()));
        if (h.check != "x3" && f.stem() != "ietf-params-scim")
            continue;  // from its ABNF: may allocate (context_validator)
        BOOST_TEST_CONTEXT(f.filename().string())
        {
            std::string const text = urns_test::read_file("grammar/nss/" + f.filename().string());
            auto const g = urns::abnf::grammar::compile(text, co);
            BOOST_TEST_REQUIRE(g.ok());
            // The root is the file's first rule.
            std::string const name = [&] {
                for (std::string::size_type i = 0; i < text.size();) {
                    std::string::size_type const eol = text.find('\n', i);
                    std::string const line = text.substr(i, eol - i);
                    if (!line.empty() && std::isalpha(static_cast<unsigned char>(line[0])))
                        return line.substr(0, line.find_first_of(" =\t"));
                    if (eol == std::string::npos)
                        break;
                    i = eol + 1;
                }
                return std::string();
            }();
            BOOST_TEST_REQUIRE(g.has_rule(name));
            std::vector<std::string> inputs = urns::abnf::generate(g, name, 300);
            urns::abnf::generate_options bad;
            bad.invalid = true;
            for (auto& s : urns::abnf::generate(g, name, 300, bad))
                inputs.push_back(std::move(s));
            inputs.push_back(std::string(300, 'a'));
            inputs.push_back(std::string());
            BOOST_TEST(inputs.size() >= 100u);
            std::string const nid = f.stem() == "ietf-params-scim" ? "ietf" : f.stem().string();
            bool const ietf = nid == "ietf";
            auto const* rules = urns::nss::builtin().find(nid);
            BOOST_TEST_REQUIRE(rules != nullptr);
            BOOST_TEST_REQUIRE(rules->validate != nullptr);
            std::size_t valid = 0;
            long const before = urns_test::allocations;
            for (auto const& s : inputs)
                valid += rules->validate(s) ? 1 : 0;
            if (ietf)
                for (auto const& s : inputs)
                    valid += urns::nss::ietf::validate_scim(s) ? 1 : 0;
            long const after = urns_test::allocations;
            BOOST_TEST(after == before);
            BOOST_TEST(valid > 0u);
            total += inputs.size();
        }
    }
    BOOST_TEST(total >= 20 * 100u);
}
