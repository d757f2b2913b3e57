// SPDX-License-Identifier: BSL-1.0
// The property of RFC 2141 section 5 (and draft-03 section 5): a
// namespace's additional lexical equivalence "MUST NOT say that two URNs
// are not equivalent if the procedure above says they are equivalent".
// For every built-in namespace and every generic mode, generated URNs are
// compared pairwise: whenever urns::equivalent() says equal,
// urns::nss::equivalent() must too. Namespaces with a fold must also merge
// some pairs that the generic rule keeps apart (else the fold is dead);
// those without one must agree with the generic rule exactly. Every verdict
// and the number of pairs merged are also checked against a model written
// here from the namespaces' documents (the NSS's validity from the
// namespace's validator, tested on its own by nss_<nid>).
#define BOOST_TEST_MODULE nss_equivalence
#include <boost/test/unit_test.hpp>

#include <urns/equivalence.hpp>
#include <urns/lexical.hpp>
#include <urns/nss/builtin.hpp>
#include <urns/parse.hpp>

#include <cctype>
#include <random>
#include <string>
#include <vector>

namespace {

struct namespace_seeds {
    char const* nid;
    std::vector<char const*> nss;   // valid and invalid NSSs of the namespace
};

// Seeds: the documents' examples (see the nss_<nid> tests), case and
// hyphen variants, percent-encoded and invalid NSSs (which no fold touches).
std::vector<namespace_seeds> const seeds = {
    {"uuid", {"f81d4fae-7dec-11d0-a765-00a0c91e6bf6", "F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6",
              "00000000-0000-0000-0000-000000000000", "f81d4fae-7dec-11d0-a765-00a0c91e6bf",
              "%66%38%31d4fae"}},
    {"isbn", {"0-395-36341-1", "0395363411", "0-8044-2957-x", "080442957X", "978-0-395-36341-6",
              "0-395-36341-2", "0-395%2d36341-1"}},
    {"issn", {"0259-000x", "0259-000X", "1560-1560", "1560-1561", "1560%2d1560"}},
    {"oid", {"1.3.6.1", "2.16.840", "1.03", "1%2e3"}},
    {"ietf", {"rfc:2648", "RFC:2648", "params:xml:ns:a%2fb", "params:scim:schemas:core:2.0:User",
              "PARAMS:SCIM:SCHEMAS:CORE:2.0:USER", "id:ietf-urn-ietf-06", "rfc:12a", "params:scim:x"}},
    {"nbn", {"fi-fe20042357", "de:101:1-200910131091", "FI-fe%2a", "fin-1"}},
    {"example", {"a123,z456", "a123%2cz456", "A123,Z456"}},
    {"gsma", {"imei:90420156-025763-0;vers=0", "imei:90420156-025763-0", "IMEI:90420156-025763-0;SVN=42",
              "imei:90420156-025763-0;svn=42", "imei:A1-b2;vers=1", "imei:1234", "future:Ab;x=Y",
              "imei:90420156-025763-0%3bvers=0"}},
    {"isan", {"1881-66C7-3420-6541-Y-9F3A-0245-O", "1881-66c7-3420-6541-y-9f3a-0245-o", "0123-1230-3210-2310-J",
              "0123-1230-3210-2310-1", "1881-66C7-3420-6541-9-9F3A-0245-U", "0123-1230-3210-2310-%4a"}},
    {"dev", {"mac:0024beffff804ff1", "mac:0024BEFFFF804FF1", "ops:32473-Refrigerator-5002",
             "example:new-1-2-3_comp", "mac:0024be804ff1", "os:32473-%41"}},
    {"ogc", {"def:crs:EPSG:6.3:26986", "DEF:crs:EPSG:6.3:26986", "def:crs:epsg:6.3:26986", "def",
             "def%3acrs:EPSG"}},
    {"mpeg", {"mpeg7:schema:2001", "MPEG7:schema:2001", "Mpeg7:Schema:2001", "mpeg7:SCHEMA:2001", "MPEG7",
              "%4dPEG7:schema:2001", "%6dpeg7:schema:2001", "mpeg7%3aschema"}},
    {"oasis", {"names:technical:memo:9502:1995", "NAMES:technical:memo:9502:1995", "member:A00024:x",
               "member:a00024:x", "member:A00024:%78", "names:tc:docbook:dtd:xml:docbook:5.0b1"}},
    {"publicid", {"-:OASIS:DTD+DocBook+XML+V4.1.2:EN", "-:oasis:dtd+DocBook+XML+V4.1.2:EN", "3%2B3=6", "3%2b3=6",
                  "ISO%2FIEC+10179%3A1996:DTD", "iso%2fiec+10179%3a1996:dtd", "foo++bar", "it%41"}},
    {"epc", {"id:sgtin:900100.0003456.1234567", "id:sgtin:0614141.112345.4%2F", "id:sgtin:0614141.112345.4%2f",
             "ID:SGTIN:900100.0003456.1234567", "id:sgtin:0614141.11234.400", "tag:sgtin-96:3.0614141.812345.6789"}},
    {"epcglobal", {"ale:xsd:1", "ALE:xsd:1", "ale:XSD:1", "ale%3axsd", "ale:%78sd:1"}},
    {"nfc", {"wkt:Uri", "WKT:Uri", "wkt:uri", "schema:manifest", "wkt", "wkt%3aUri"}},
    {"xmpp", {"pubsub", "disco:info", "DISCO:info", "disco:Info:a", "disco:", "disco%3ainfo"}},
    {"iso", {"std:iso:9999:-1:ed-1:en", "STD:ISO:9999:-1:ED-1:EN", "std:iso:105:-C12:ed-1:en:clause:A.1",
             "std:iso:20022:tech:xsd:Camt", "std:iso:9999:1:ed-2:en", "std:iso:1:tech:%2fa", "std%3aiso:9999"}},
};

struct mode_case {
    urns::equivalence_mode mode;
    urns::syntax syntax;
};

mode_case const modes[] = {
    {urns::equivalence_mode::rfc2141, urns::syntax::rfc2141},
    {urns::equivalence_mode::rfc2141bis_drop_query, urns::syntax::rfc2141bis},
    {urns::equivalence_mode::rfc2141bis_keep_query, urns::syntax::rfc2141bis},
    {urns::equivalence_mode::rfc8141, urns::syntax::rfc8141},
};

char flip(char c)
{
    unsigned char const u = static_cast<unsigned char>(c);
    return static_cast<char>(std::isupper(u) ? std::tolower(u) : std::toupper(u));
}

/// A URN for `nss` that the generic rule of `mc` calls equivalent to
/// "urn:<nid>:<nss>" (random case of "urn", of the NID and of percent-hex;
/// components the mode ignores), or, if `mutate`, one where a letter of the
/// NSS outside percent-encodings also has its case flipped (the generic
/// rule calls that different; a namespace may not).
std::string variant(std::mt19937& rng, std::string const& nid, std::string nss, mode_case mc, bool mutate)
{
    std::uniform_int_distribution<int> coin(0, 1);
    std::string s = "urn";
    for (auto& c : s)
        if (coin(rng))
            c = flip(c);
    s += ':';
    for (char c : nid)
        s += coin(rng) ? flip(c) : c;
    s += ':';
    std::vector<std::size_t> letters;
    for (std::size_t i = 0; i < nss.size(); ++i) {
        if (nss[i] == '%') {
            for (std::size_t k = i + 1; k <= i + 2 && k < nss.size(); ++k)
                if (coin(rng))
                    nss[k] = flip(nss[k]);
            i += 2;
        } else if (std::isalpha(static_cast<unsigned char>(nss[i]))) {
            letters.push_back(i);
        }
    }
    if (mutate && !letters.empty()) {
        std::size_t const at = letters[std::uniform_int_distribution<std::size_t>(0, letters.size() - 1)(rng)];
        nss[at] = flip(nss[at]);
    }
    s += nss;
    switch (mc.mode) {
    case urns::equivalence_mode::rfc2141: break;   // the whole URN counts
    case urns::equivalence_mode::rfc2141bis_drop_query:
        if (coin(rng))
            s += "?s=I2L";
        if (coin(rng))
            s += "#frag";
        break;
    case urns::equivalence_mode::rfc2141bis_keep_query:
        if (coin(rng))
            s += "#frag";
        break;
    case urns::equivalence_mode::rfc8141:
        if (coin(rng))
            s += "?+res";
        if (coin(rng))
            s += "?=q=1";
        if (coin(rng))
            s += "#f";
        break;
    }
    return s;
}

/// The generic comparison key of an NSS: the hex digits of its
/// percent-encodings in upper case (RFC 2141 section 5, RFC 3986 2.1).
std::string generic_key(std::string_view nss)
{
    std::string k(nss);
    for (std::size_t i = 0; i < k.size(); ++i)
        if (k[i] == '%')
            for (std::size_t j = i + 1; j <= i + 2 && j < k.size(); ++j)
                k[j] = static_cast<char>(std::toupper(static_cast<unsigned char>(k[j])));
    return k;
}

/// The namespace key: for a valid NSS, the namespace's own equivalence as
/// its document states it, applied to the generic key; else the generic key.
std::string namespace_key(std::string const& nid, std::string_view nss, urns::nss::registry const& reg)
{
    std::string k = generic_key(nss);
    auto const* rules = reg.find(nid);
    if (rules->validate && !rules->validate(nss))
        return k;
    auto lower_outside_pct = [&k] {
        for (std::size_t i = 0; i < k.size(); ++i) {
            if (k[i] == '%') {
                i += 2;
                continue;
            }
            k[i] = static_cast<char>(std::tolower(static_cast<unsigned char>(k[i])));
        }
    };
    if (nid == "uuid")   // RFC 4122 section 3: hex digits case-insensitive
        lower_outside_pct();
    else if (nid == "isan")   // RFC 4246 section 2: the ISAN-NSS is case-insensitive
        for (char& c : k)
            c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    else if (nid == "ietf")   // RFC 2648: the entire URN is case-insensitive
        lower_outside_pct();
    else if (nid == "iso")   // RFC 5141 section 2.9: "normalize the case of all elements"
        lower_outside_pct();
    else if (nid == "isbn") {   // RFC 3187: hyphens are not significant; "x" is "X"
        std::string d;
        for (char c : k)
            if (c != '-')
                d += c == 'x' ? 'X' : c;
        k = d;
    } else if (nid == "gsma") {   // RFC 7254 section 3: IMEI URNs case-insensitive, "vers=0" ignored
        if (k.size() >= 5 && urns::lexical::iequals(k.substr(0, 5), "imei:")) {
            lower_outside_pct();
            auto const at = k.rfind(";vers=0");
            if (at != std::string::npos && at + 7 == k.size())
                k.erase(at);
        }
    } else if (nid == "mpeg") {   // RFC 3614 section 2: the standard name is case-insensitive
        std::size_t const end = k.find(':');
        for (std::size_t i = 0; i < end; ++i) {
            if (k[i] == '%') {
                i += 2;
                continue;
            }
            k[i] = static_cast<char>(std::tolower(static_cast<unsigned char>(k[i])));
        }
    } else if (nid == "issn") {   // RFC 3044: the check character "x" is "X"
        for (char& c : k)
            if (c == 'x')
                c = 'X';
    }
    return k;
}

} // namespace

BOOST_AUTO_TEST_CASE(namespace_equivalence_only_removes_false_negatives)
{
    auto const& reg = urns::nss::builtin();
    std::mt19937 rng(2141);
    std::size_t total_pairs = 0, generic_equal = 0;
    for (auto const& ns : seeds) {
        bool const has_fold = reg.find(ns.nid)->fold != nullptr;
        for (auto const& mc : modes) {
            BOOST_TEST_CONTEXT(ns.nid << " in mode " << urns::to_string(mc.mode))
            {
                std::vector<std::string> texts;
                for (char const* nss : ns.nss)
                    for (int k = 0; k < 10; ++k)
                        texts.push_back(variant(rng, ns.nid, nss, mc, k % 3 == 2));
                std::vector<urns::urn_view> urns_;
                for (auto const& t : texts) {
                    auto r = urns::parse_urn(t, mc.syntax);
                    BOOST_TEST_REQUIRE(r.has_value(), t);
                    urns_.push_back(*r);
                }
                std::size_t broken = 0, merged = 0, differ = 0, model_merged = 0, model_wrong = 0;
                std::string first_broken;
                for (auto const& a : urns_) {
                    for (auto const& b : urns_) {
                        ++total_pairs;
                        bool const g = urns::equivalent(a, b, mc.mode);
                        bool const n = urns::nss::equivalent(a, b, mc.mode, reg);
                        generic_equal += g;
                        if (g && !n) {
                            if (!broken++)
                                first_broken = std::string(a.buffer()) + " vs " + std::string(b.buffer());
                        }
                        if (!g && n)
                            ++merged;
                        if (g != n)
                            ++differ;
                        std::string const ga = generic_key(a.nss()), gb = generic_key(b.nss());
                        bool const model_n = namespace_key(ns.nid, a.nss(), reg) ==
                                             namespace_key(ns.nid, b.nss(), reg);
                        model_merged += ga != gb && model_n;
                        if ((ga == gb) != g || model_n != n) {
                            if (!model_wrong++)
                                BOOST_ERROR("verdicts " << g << n << ", model " << (ga == gb) << model_n
                                                        << ": " << a.buffer() << " vs " << b.buffer());
                        }
                    }
                }
                BOOST_TEST(broken == 0u, "generic-equal but not namespace-equal: " << first_broken);
                BOOST_TEST(model_wrong == 0u);
                BOOST_TEST(merged == model_merged);
                if (has_fold)
                    BOOST_TEST(model_merged > 0u, "the fold merged nothing");
                else
                    BOOST_TEST(differ == 0u);
            }
        }
    }
    BOOST_TEST_MESSAGE(total_pairs << " pairs, " << generic_equal << " generic-equal");
    BOOST_TEST(total_pairs > 10000u);
}

BOOST_AUTO_TEST_CASE(canonical_with_namespaces)
{
    auto const& reg = urns::nss::builtin();
    auto const v = urns::parse_urn("URN:ISBN:0-395-36341-1?s=I2L#x").value();
    std::string out;
    urns::nss::canonical(v, urns::equivalence_mode::rfc2141bis_drop_query, reg, out);
    BOOST_TEST(out == "urn:isbn:0395363411");
    out.clear();
    urns::nss::canonical(v, urns::equivalence_mode::rfc2141bis_keep_query, reg, out);
    BOOST_TEST(out == "urn:isbn:0395363411?s=I2L");
    // An unregistered NID: the generic canonical form.
    auto const w = urns::parse_urn("URN:Foo:A%2c").value();
    out.clear();
    urns::nss::canonical(w, urns::equivalence_mode::rfc2141, reg, out);
    BOOST_TEST(out == urns::canonical(w, urns::equivalence_mode::rfc2141));
    BOOST_TEST(out == "urn:foo:A%2C");
}
