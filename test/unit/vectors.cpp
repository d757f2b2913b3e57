// SPDX-License-Identifier: BSL-1.0
// The test vectors of test/vectors/: every example of the three documents
// (spec.tsv) and the peers' validity vectors with our deliberate differences
// (peers/*.tsv, peer-decisions.tsv). The file formats are in
// test/vectors/README.md.
#define BOOST_TEST_MODULE vectors
#include "test_support.hpp"

#include <urns/urns.hpp>

#include <map>
#include <set>
#include <string>
#include <tuple>

namespace {

using urns::syntax;
using urns_test::read_tsv;
using urns_test::unescape;

/// What a verdict cell says.
struct verdict {
    bool ok = false;
    bool has_offset = false;
    std::size_t offset = 0;
};

verdict parse_cell(std::string const& cell)
{
    verdict v;
    if (cell == "ok") {
        v.ok = true;
        return v;
    }
    BOOST_REQUIRE(cell.rfind("err", 0) == 0);
    if (cell.size() > 4) {
        BOOST_REQUIRE(cell[3] == '@');
        v.has_offset = true;
        v.offset = std::stoul(cell.substr(4));
    }
    return v;
}

} // namespace

// spec.tsv: every row, every syntax; the verdict, and the offset where the
// row gives one. The name's prefix (y_ valid everywhere, n_ nowhere, i_ in
// some) must agree with the verdict cells.
BOOST_AUTO_TEST_CASE(spec_examples)
{
    auto const rows = read_tsv("test/vectors/spec.tsv");
    BOOST_REQUIRE(rows.size() > 1);
    BOOST_TEST(rows[0][0] == "name");
    std::set<std::string> names;
    std::size_t checked = 0;
    syntax const syntaxes[] = {syntax::rfc2141, syntax::rfc2141bis, syntax::rfc8141};
    for (std::size_t i = 1; i < rows.size(); ++i) {
        auto const& row = rows[i];
        BOOST_REQUIRE_EQUAL(row.size(), 6u);
        BOOST_TEST_CONTEXT(row[0] << " " << row[1])
        {
            BOOST_TEST(names.insert(row[0]).second, "duplicate name");
            std::string const input = unescape(row[1]);
            int valid = 0;
            for (int s = 0; s < 3; ++s) {
                verdict const want = parse_cell(row[2 + s]);
                auto const r = urns::parse_urn(input, syntaxes[s]);
                BOOST_TEST_CONTEXT(urns::to_string(syntaxes[s]))
                {
                    BOOST_TEST(r.has_value() == want.ok);
                    if (!r.has_value()) {
                        BOOST_TEST(!r.error().expected.empty());
                        BOOST_TEST(r.error().offset <= input.size());
                        if (want.has_offset)
                            BOOST_TEST(r.error().offset == want.offset);
                    } else {
                        BOOST_TEST(r->buffer() == input);
                    }
                }
                valid += want.ok;
                ++checked;
            }
            char const kind = row[0][0];
            if (kind == 'y')
                BOOST_TEST(valid == 3);
            else if (kind == 'n')
                BOOST_TEST(valid == 0);
            else
                BOOST_TEST((kind == 'i' && valid > 0 && valid < 3));
        }
    }
    BOOST_TEST_MESSAGE("spec.tsv: " << rows.size() - 1 << " rows, " << checked << " verdicts");
    BOOST_TEST(rows.size() - 1 == 194u); // the count test/vectors/README.md states
}

namespace {

/// `s` with ASCII letters lower-cased: all of them, or (`hex_only`) only
/// the two hex digits after each "%".
std::string fold(std::string_view s, bool hex_only)
{
    std::string r(s);
    for (std::size_t i = 0; i < r.size(); ++i) {
        bool const hex = i >= 1 && (r[i - 1] == '%' || (i >= 2 && r[i - 2] == '%'));
        if ((!hex_only || hex) && r[i] >= 'A' && r[i] <= 'Z')
            r[i] = static_cast<char>(r[i] - 'A' + 'a');
    }
    return r;
}

/// One peer file's tally.
struct tally {
    std::size_t considered = 0, same = 0, different = 0;
};

} // namespace

// Every validity row of the peers that is in scope (level=urn, dialect rfc2141
// or rfc8141): our verdict equals the peer's, except for the rows listed in
// peer-decisions.tsv, where it must equal our recorded decision and differ
// from the peer. For valid rows the peer's NID and NSS (as written) must be
// ours too. The counts are the ones test/vectors/README.md gives.
BOOST_AUTO_TEST_CASE(peer_vectors)
{
    // file, input, dialect -> our recorded verdict
    std::map<std::tuple<std::string, std::string, std::string>, std::string> decisions;
    auto const drows = read_tsv("test/vectors/peer-decisions.tsv");
    for (std::size_t i = 1; i < drows.size(); ++i) {
        auto const& d = drows[i];
        BOOST_REQUIRE_EQUAL(d.size(), 6u);
        BOOST_TEST(d[3] != d[4], "a decision row must differ from the peer");
        BOOST_TEST(!d[5].empty(), "a decision row must say why");
        decisions[{d[0], d[1], d[2]}] = d[4];
    }
    std::size_t decisions_used = 0;

    std::map<std::string, tally> const expected_tallies = {
        {"go-urn.tsv", {174, 167, 7}},
        {"urnlib.tsv", {73, 72, 1}},
        {"rust-urn.tsv", {34, 34, 0}},
        {"npm-urn-lib.tsv", {15, 15, 0}},
        {"npm-urns.tsv", {14, 14, 0}},
        {"python-urnparse.tsv", {5, 5, 0}},
        {"apache-jena-iri3986.tsv", {32, 32, 0}},
        {"boost-url.tsv", {0, 0, 0}},
    };
    for (auto const& [file, want] : expected_tallies) {
        auto const rows = read_tsv("test/vectors/peers/" + file);
        BOOST_REQUIRE(rows.size() > 1);
        BOOST_REQUIRE(rows[0].size() >= 6u);
        BOOST_TEST(rows[0][0] == "input");
        tally got;
        for (std::size_t i = 1; i < rows.size(); ++i) {
            auto row = rows[i];
            row.resize(6);
            std::string const& dialect = row[2];
            if (row[5].rfind("level=urn", 0) != 0 || (dialect != "rfc2141" && dialect != "rfc8141"))
                continue;
            ++got.considered;
            syntax const syn = dialect == "rfc2141" ? syntax::rfc2141 : syntax::rfc8141;
            std::string const input = unescape(row[0]);
            auto const r = urns::parse_urn(input, syn);
            std::string const ours = r ? "valid" : "invalid";
            BOOST_TEST_CONTEXT(file << " line " << i << ": " << row[0] << " [" << dialect << "]")
            {
                auto const d = decisions.find({file, row[0], dialect});
                if (d != decisions.end()) {
                    ++got.different;
                    ++decisions_used;
                    BOOST_TEST(ours == d->second);
                    BOOST_TEST(ours != row[1]);
                } else {
                    ++got.same;
                    BOOST_TEST(ours == row[1]);
                    // Some peers (rust-urn) record the NID lower-cased and
                    // the hex digits of %HH upper-cased: compare modulo those.
                    if (r && !row[3].empty()) {
                        BOOST_TEST(fold(r->nid(), false) == fold(unescape(row[3]), false));
                        BOOST_TEST(fold(r->nss(), true) == fold(unescape(row[4]), true));
                    }
                }
            }
        }
        BOOST_TEST_MESSAGE(file << ": considered " << got.considered << ", same " << got.same
                                << ", deliberately different " << got.different);
        BOOST_TEST_CONTEXT(file)
        {
            BOOST_TEST(got.considered == want.considered);
            BOOST_TEST(got.same == want.same);
            BOOST_TEST(got.different == want.different);
        }
    }
    // Every decision row names a real peer row.
    BOOST_TEST(decisions_used == decisions.size());
}
