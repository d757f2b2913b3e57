// SPDX-License-Identifier: BSL-1.0
// The registered namespaces that urns checks from their ABNF, or knows as
// opaque (grammar/nss/, docs/namespaces.md): each file's test vectors,
// test/vectors/nss/<file>.tsv, written from its registration (the
// examples it gives, cited by section, then near misses of each constraint
// it states, with the offset worked out by hand, then pairs that its
// lexical equivalence makes and does not make equal). Each URN is read
// with RFC 8141's syntax and urns::nss::builtin():
//
//   y   the URN is valid
//   n   the namespace rejects it (nss_rejected) at byte `offset` of its NSS
//   eq  the two URNs are equivalent (RFC 8141 section 3, and the fold)
//   ne  they are not
//
// Also: every grammar compiles without a diagnostic and its root is
// matched by an automaton (regular); every file that is not an X3
// namespace has vectors, and at least one valid URN of each of its NIDs;
// each decision of grammar/README.md ("Registered namespace decisions")
// names a vector that exists; and a fold changes only the case the
// registration says: generated NSSs with their letters' case changed are
// equivalent where the whole NSS is case-insensitive.
#define BOOST_TEST_MODULE nss_registered
#include "test_support.hpp"

#include <urns/abnf.hpp>
#include <urns/nss/abnf.hpp>
#include <urns/nss/builtin.hpp>
#include <urns/nss/equivalence.hpp>
#include <urns/nss/shipped.hpp>
#include <urns/urns.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

struct vector_line {
    std::string file;
    std::size_t line = 0;
    std::vector<std::string> cols;
};

/// Every line of test/vectors/nss/*.tsv.
std::vector<vector_line> vectors()
{
    std::vector<vector_line> out;
    std::vector<fs::path> files;
    for (auto const& e : fs::directory_iterator(fs::path(urns_test::source_dir()) / "test" / "vectors" / "nss"))
        if (e.path().extension() == ".tsv")
            files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (auto const& f : files) {
        std::istringstream in(urns_test::read_file("test/vectors/nss/" + f.filename().string()));
        std::size_t n = 0;
        for (std::string line; std::getline(in, line);) {
            ++n;
            if (line.empty() || line[0] == '#')
                continue;
            vector_line v;
            v.file = f.filename().string();
            v.line = n;
            std::size_t at = 0;
            for (;;) {
                std::size_t const tab = line.find('\t', at);
                v.cols.push_back(line.substr(at, tab - at));
                if (tab == std::string::npos)
                    break;
                at = tab + 1;
            }
            out.push_back(std::move(v));
        }
    }
    return out;
}

urns::parse_options options(bool registry)
{
    urns::parse_options o;
    o.syntax = urns::syntax::rfc8141;
    if (registry)
        o.registry = &urns::nss::builtin();
    return o;
}

std::string where(vector_line const& v) { return v.file + ":" + std::to_string(v.line); }

} // namespace

BOOST_AUTO_TEST_CASE(the_registrations_vectors)
{
    std::size_t y = 0, n = 0, eq = 0, ne = 0;
    for (vector_line const& v : vectors()) {
        BOOST_TEST_CONTEXT(where(v) << " " << (v.cols.size() > 1 ? v.cols[1] : std::string()))
        {
            BOOST_TEST_REQUIRE(v.cols.size() >= 3u);
            std::string const& kind = v.cols[0];
            std::string const& urn = v.cols[1];
            auto const generic = urns::parse_urn(urn, options(false));
            BOOST_TEST_REQUIRE(generic.has_value());  // a URN of RFC 8141's syntax: the namespace decides
            BOOST_TEST(urns::nss::find_shipped(generic->nid()) != nullptr);
            auto const r = urns::parse_urn(urn, options(true));
            if (kind == "y") {
                ++y;
                BOOST_TEST(r.has_value(), urns::to_string(r.error(), urn));
            } else if (kind == "n") {
                ++n;
                BOOST_TEST_REQUIRE(v.cols.size() >= 4u);
                BOOST_TEST_REQUIRE(!r.has_value());
                BOOST_TEST(urns::error_code_name(r.error().code) == "nss_rejected");
                std::size_t const nss_at = static_cast<std::size_t>(generic->nss().data() - urn.data());
                BOOST_TEST(r.error().offset == nss_at + std::stoul(v.cols[2]), urns::to_string(r.error(), urn));
            } else if (kind == "eq" || kind == "ne") {
                (kind == "eq" ? eq : ne) += 1;
                BOOST_TEST_REQUIRE(r.has_value());
                auto const other = urns::parse_urn(v.cols[2], options(true));
                BOOST_TEST_REQUIRE(other.has_value());
                bool const same = urns::nss::equivalent(*r, *other, urns::equivalence_mode::rfc8141,
                                                        urns::nss::builtin());
                BOOST_TEST(same == (kind == "eq"));
            } else {
                BOOST_ERROR("unknown kind " << kind);
            }
        }
    }
    BOOST_TEST_MESSAGE(y << " valid, " << n << " rejected, " << eq << " equivalent pairs, " << ne << " not");
    BOOST_TEST(y >= 300u);
    BOOST_TEST(n >= 250u);
    BOOST_TEST(eq >= 100u);
    BOOST_TEST(ne >= 100u);
}

BOOST_AUTO_TEST_CASE(every_namespace_has_vectors_and_a_clean_grammar)
{
    std::map<std::string, std::set<std::string>> valid_nids;  // file -> NIDs with a valid URN
    for (vector_line const& v : vectors())
        if (v.cols.size() >= 2 && v.cols[0] == "y")
            if (auto p = urns::parse_urn(v.cols[1], options(false)))
                valid_nids[v.file].insert(urns::urn(*p).nid().size() ? std::string(p->nid()) : "");
    for (auto const& s : urns::nss::shipped()) {
        BOOST_TEST_CONTEXT(s.nid)
        {
            if (s.check == urns::nss::checked_by::x3)
                continue;  // test/unit/nss_<nid>.cpp
            std::string const tsv = fs::path(std::string(s.file)).stem().string() + ".tsv";
            bool found = false;
            for (auto const& n : valid_nids[tsv])
                found = found || urns::lexical::iequals(n, s.nid);
            BOOST_TEST(found, "no valid URN of " << s.nid << " in test/vectors/nss/" << tsv);
            if (s.check != urns::nss::checked_by::grammar)
                continue;
            urns::nss::abnf_namespace const ns = urns::nss::from_abnf(s.nid, s.abnf, s.root);
            BOOST_TEST(bool(ns));
            for (auto const& d : ns.diagnostics)
                BOOST_ERROR(urns::abnf::to_string(d, s.abnf));
            urns::abnf::compile_options o;
            o.rfc3986_rules = true;
            auto const g = urns::abnf::grammar::compile(s.abnf, o);
            BOOST_TEST(urns::abnf::matcher(g, s.root).regular());
        }
    }
}

BOOST_AUTO_TEST_CASE(decisions_name_their_vectors)
{
    // grammar/README.md's "Registered namespace decisions": each row's last
    // cell names the vectors that pin it, as "<file>.tsv" and the URN.
    std::string const readme = urns_test::read_file("grammar/README.md");
    std::size_t const at = readme.find("## Registered namespace decisions");
    BOOST_TEST_REQUIRE(at != std::string::npos);
    std::string const section = readme.substr(at, readme.find("\n## ", at + 1) - at);
    std::set<std::string> urns_in_vectors;
    for (vector_line const& v : vectors())
        for (std::size_t i = 1; i < v.cols.size(); ++i)
            if (v.cols[i].rfind("urn:", 0) == 0 || v.cols[i].rfind("URN:", 0) == 0)
                urns_in_vectors.insert(v.cols[i]);
    std::size_t rows = 0, unpinned = 0;
    std::istringstream in(section);
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("| R", 0) != 0)
            continue;
        ++rows;
        std::string const last = line.substr(line.rfind('|', line.size() - 2));
        // Every URN the cell names in `code` is a vector.
        std::size_t named = 0;
        for (std::size_t b = last.find('`'); b != std::string::npos; b = last.find('`', b + 1)) {
            std::size_t const e = last.find('`', b + 1);
            if (e == std::string::npos)
                break;
            std::string const item = last.substr(b + 1, e - b - 1);
            if (item.rfind("urn:", 0) == 0 || item.rfind("URN:", 0) == 0) {
                ++named;
                BOOST_TEST(urns_in_vectors.count(item) == 1u, line.substr(0, 40) << ": " << item << " is not a vector");
            }
            b = e;
        }
        if (named > 0)
            continue;
        // Else the whole file of vectors, or nothing a test could pin (a
        // rule the registration leaves to documents that could not be read).
        std::size_t const file = last.find("test/vectors/nss/");
        if (file != std::string::npos) {
            std::string const name = last.substr(file, last.find_first_of("` ", file) - file);
            BOOST_TEST(fs::exists(fs::path(urns_test::source_dir()) / name), line.substr(0, 40) << ": " << name);
        } else {
            ++unpinned;
            BOOST_TEST(last.find("(none)") != std::string::npos, line.substr(0, 60) << ": names no vector");
        }
    }
    BOOST_TEST_MESSAGE(rows << " decisions, " << unpinned << " of them about what no vector can show");
    BOOST_TEST(rows >= 20u);
    BOOST_TEST(unpinned * 10 <= rows);
}

BOOST_AUTO_TEST_CASE(folds_change_only_case)
{
    // Where the whole NSS is case-insensitive, an NSS the grammar makes and
    // the same with its letters' case changed are equivalent; where nothing
    // is, they are not (but for an NSS without letters).
    std::size_t compared = 0;
    for (auto const& s : urns::nss::shipped()) {
        if (s.check != urns::nss::checked_by::grammar)
            continue;
        bool whole = false, none = s.case_insensitive.empty();
        std::istringstream words{std::string(s.case_insensitive)};
        for (std::string w; words >> w;)
            whole = whole || urns::lexical::iequals(w, "NSS") || urns::lexical::iequals(w, s.root);
        if (!whole && !none)
            continue;  // a part of it: its own vectors say which
        urns::abnf::compile_options o;
        o.rfc3986_rules = true;
        auto const g = urns::abnf::grammar::compile(s.abnf, o);
        urns::abnf::generate_options go;
        go.seed = 3187;
        for (std::string const& nss : urns::abnf::generate(g, s.root, 60, go)) {
            std::string flipped = nss;
            bool letters = false;
            for (std::size_t i = 0; i < flipped.size(); ++i) {
                if (flipped[i] == '%') {
                    i += 2;  // percent-hex keeps its case rules of its own
                    continue;
                }
                auto const c = static_cast<unsigned char>(flipped[i]);
                if (std::isalpha(c) && c < 0x80) {
                    flipped[i] = static_cast<char>(std::islower(c) ? std::toupper(c) : std::tolower(c));
                    letters = true;
                }
            }
            std::string const a = "urn:" + std::string(s.nid) + ":" + nss, b = "urn:" + std::string(s.nid) + ":" + flipped;
            auto const ra = urns::parse_urn(a, options(true)), rb = urns::parse_urn(b, options(true));
            if (!ra || !rb || ra->nss() != nss)
                continue;  // not a URN of the generic syntax, the flip is not valid, or a "?" or "#" ends the NSS
            ++compared;
            bool const same = urns::nss::equivalent(*ra, *rb, urns::equivalence_mode::rfc8141, urns::nss::builtin());
            bool const want = whole || !letters;
            BOOST_TEST(same == want, s.nid << ": " << a << " and " << b);
        }
    }
    BOOST_TEST(compared >= 500u);
}
