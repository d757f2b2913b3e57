// SPDX-License-Identifier: BSL-1.0
//
// urns::nss::builtin() against the source tree: every grammar/nss/*.abnf is
// a registered namespace and every registered namespace has its .abnf, its
// public header, its one source file and its test (ietf-params-scim.abnf
// belongs to ietf); the comments that list the shipped namespaces name
// each of them; and no shipped validator allocates, on inputs generated
// from each namespace's ABNF and on near misses of them (a validator is
// noexcept and runs its rules without their attributes).
#define BOOST_TEST_MODULE nss_builtin
#include "counting_new.hpp"
#include "test_support.hpp"

#include <urns/abnf.hpp>
#include <urns/nss/builtin.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

/// The NID of a grammar/nss/*.abnf file.
std::string nid_of(fs::path const& abnf)
{
    std::string const stem = abnf.stem().string();
    return stem == "ietf-params-scim" ? "ietf" : stem;
}

std::vector<fs::path> abnf_files()
{
    std::vector<fs::path> out;
    for (auto const& e : fs::directory_iterator(fs::path(urns_test::source_dir()) / "grammar" / "nss"))
        if (e.path().extension() == ".abnf")
            out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

std::set<std::string> registered()
{
    std::set<std::string> out;
    for (auto const& r : urns::nss::builtin().entries())
        out.insert(std::string(r.nid));
    return out;
}

bool exists(std::string const& relative)
{
    return fs::exists(fs::path(urns_test::source_dir()) / relative);
}

} // namespace

BOOST_AUTO_TEST_CASE(every_grammar_is_registered_and_back)
{
    std::set<std::string> from_files;
    for (auto const& f : abnf_files())
        from_files.insert(nid_of(f));
    std::set<std::string> const nids = registered();
    BOOST_TEST(nids.size() == urns::nss::builtin().size());   // no NID twice
    for (auto const& n : from_files)
        BOOST_TEST(nids.count(n) == 1u, "grammar/nss/" << n << ".abnf has no registered namespace");
    for (auto const& n : nids) {
        BOOST_TEST(from_files.count(n) == 1u, n << " is registered without grammar/nss/" << n << ".abnf");
        BOOST_TEST(exists("include/urns/nss/" + n + ".hpp"), n);
        BOOST_TEST(exists("src/nss/" + n + ".cpp"), n);                        // its one translation unit
        BOOST_TEST(!fs::exists(fs::path(urns_test::source_dir()) / "src" / "nss" / n), n);   // and no more
        BOOST_TEST(exists("test/unit/nss_" + n + ".cpp"), n);
    }
}

BOOST_AUTO_TEST_CASE(comments_that_list_the_namespaces_name_them_all)
{
    std::string const registry_hpp = urns_test::read_file("include/urns/nss/registry.hpp");
    std::string::size_type const at = registry_hpp.find("URNS_DECL registry const& builtin();");
    BOOST_TEST_REQUIRE(at != std::string::npos);
    std::string::size_type const doc = registry_hpp.rfind("/**", at);
    std::string const comment = registry_hpp.substr(doc, at - doc);
    std::string const builtin_hpp = urns_test::read_file("include/urns/nss/builtin.hpp");
    for (auto const& n : registered()) {
        BOOST_TEST(comment.find(" " + n) != std::string::npos, "builtin()'s comment does not name " << n);
        BOOST_TEST(builtin_hpp.find("#include <urns/nss/" + n + ".hpp>") != std::string::npos, n);
    }
}

BOOST_AUTO_TEST_CASE(validators_never_allocate)
{
    urns::abnf::compile_options co;
    co.rfc3986_rules = true;
    co.warn_unused = false;
    std::size_t total = 0;
    for (auto const& f : abnf_files()) {
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
            bool const ietf = nid_of(f) == "ietf";
            auto const* rules = urns::nss::builtin().find(nid_of(f));
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
