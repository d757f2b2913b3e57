// SPDX-License-Identifier: BSL-1.0
// Every X3 transcription against its ABNF, by urns::abnf::diff(): for each
// shipped namespace, grammar/nss/<nid>.abnf's NSS rule against
// urns::nss::builtin()'s validator of that NID, and for each URN document,
// its grammar/*.abnf against parse_urn() in that syntax. Each test case
// judges at least 100,000 distinct inputs (valid ones generated from the
// ABNF and near misses of them) and passes only if both sides agree on
// every one. A namespace's validator says where it failed too: where
// both sides reject an input, they must fail at the same byte (the
// ABNF's farthest failure and the validator's fault offset), and, for the
// namespaces marked so, expect the same names there.
//
// Where the X3 rules implement a sentence of the text that the ABNF cannot
// say (a check digit, a reserved NID), the case has a predicate for it,
// written here from the text (never by calling urns): an input the ABNF
// accepts and the predicate rejects is then expected to be rejected. Where
// grammar/README.md records a decision to read a printed ABNF line
// otherwise, the case patches that line as the decision says before it
// compiles the file. Where a decision takes one of the ABNF's readings of
// an NSS and refuses the others (dev's subtypes, gsma's "imei:", ietf's
// "params:scim:"), a predicate would give the verdicts but not the
// offsets (the ABNF's farthest failure would be that of a reading the
// namespace refuses): the case writes the language the decision gives as
// rules of its own and compares with those. Each predicate, patch and
// rule names its entry.
//
// ctest runs each case as its own test (abnf_diff_<case>). The number of
// valid inputs per case is 10,000 (1,500 in a sanitized build), each with
// 12 near misses; URNS_ABNF_DIFF_VALID sets it and URNS_ABNF_DIFF_SEED the
// first seed.
#define BOOST_TEST_MODULE abnf_diff
#include <boost/test/unit_test.hpp>

#include "test_support.hpp"

#include <urns/abnf.hpp>
#include <urns/abnf_diff.hpp>
#include <urns/nss/ietf.hpp>
#include <urns/nss/registry.hpp>
#include <urns/parse.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <functional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

namespace {

#if defined(__SANITIZE_ADDRESS__)
#define URNS_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(undefined_behavior_sanitizer)
#define URNS_TEST_SANITIZED 1
#endif
#endif

#ifdef URNS_TEST_SANITIZED
constexpr std::size_t default_valid = 1500;
#else
constexpr std::size_t default_valid = 10000;
#endif
constexpr std::size_t mutations = 12;
constexpr std::size_t min_inputs = 100000;

using predicate = std::function<bool(std::string_view)>;
using fault_judge = std::function<urns::abnf::judgement(std::string_view)>;

std::size_t env_count(char const* name, std::size_t fallback)
{
    char const* v = std::getenv(name);
    return v && *v ? static_cast<std::size_t>(std::strtoull(v, nullptr, 10)) : fallback;
}

std::string escaped(std::string_view s)
{
    std::string out;
    for (unsigned char c : s) {
        if (c >= 0x20 && c < 0x7F && c != '\\') {
            out += static_cast<char>(c);
        } else {
            char buf[5];
            std::snprintf(buf, sizeof buf, "\\x%02X", c);
            out += buf;
        }
    }
    return out;
}

/// One grammar to compare.
struct subject {
    std::vector<std::string> files;  ///< under the source tree; the first is patched
    /// Printed lines replaced by the reading grammar/README.md records (old, new).
    std::vector<std::pair<std::string, std::string>> readings;
    std::string extra;  ///< more rules, written here (each says why)
    std::string root;
    predicate judge;
    /// A judge that says where it failed (a namespace's validator): used
    /// instead of `judge` when set, offsets compared.
    fault_judge faults;
    /// With `faults`: the names expected at the offset must agree too.
    bool names = false;
    /// See diff_options::prose (given the compiled grammar, for predicates
    /// that ask whether a part of the input matches one of its rules);
    /// empty for none.
    std::function<bool(urns::abnf::grammar const&, std::string_view)> prose;
    /// A shipped namespace's NID: its named fields are compared too.
    std::string nid;
    /// The rule whose derivation of a valid input gives the spans its
    /// named fields are compared with; empty for `root`. For a grammar
    /// that is ambiguous where the namespace's own prose picks one reading
    /// (each use says which).
    std::function<std::string(std::string_view)> fields_root;
};

urns::abnf::grammar compile(subject const& s, std::vector<std::string>& texts)
{
    texts.clear();
    for (std::string const& f : s.files)
        texts.push_back(urns_test::read_file(f));
    for (auto const& [from, to] : s.readings) {
        std::string::size_type const at = texts.front().find(from);
        BOOST_REQUIRE_MESSAGE(at != std::string::npos, "line to patch not found: " << from);
        texts.front().replace(at, from.size(), to);
    }
    if (!s.extra.empty())
        texts.push_back(s.extra);
    std::vector<urns::abnf::source> sources;
    for (std::size_t i = 0; i < texts.size(); ++i)
        sources.push_back({i < s.files.size() ? std::string_view(s.files[i]) : "<test>", texts[i]});
    urns::abnf::compile_options o;
    o.core_rules = true;
    o.rfc3986_rules = true;
    o.warn_unused = false;
    urns::abnf::grammar g = urns::abnf::grammar::compile(sources, o);
    for (auto const& d : g.diagnostics())
        if (d.severity == urns::abnf::diagnostic::level::error)
            BOOST_TEST_MESSAGE(d.source << ":" << d.line << ":" << d.column << ": " << d.message);
    return g;
}

/// A field as a (name, begin, end) triple, for comparing.
using field_triple = std::tuple<std::string, std::size_t, std::size_t>;

/** The named fields the namespace's lister gives (namespace_rules::fields)
    against the spans the ABNF engine derives for the same rule names, on
    valid inputs generated from the ABNF that the namespace accepts: the
    names are those the lister gives on any of them, and each input must
    have the same fields, name for name and span for span.

    Empty spans are left out on both sides: a field that takes no byte
    shows nothing, and the listers do not list one (dev's componentpart,
    `*( "_" identifier )`, is empty in most DEV URNs: the ABNF derives
    componentpart[n,n), the lister gives no componentpart). A lister that
    lists an empty field is not caught here; its unit test says so.
*/
void check_fields(subject const& s, urns::abnf::grammar const& g)
{
    urns::nss::namespace_rules const* rules = urns::nss::builtin().find(s.nid);
    BOOST_REQUIRE(rules != nullptr);
    if (!rules->fields)
        return;
    urns::abnf::generate_options go;
    go.seed = env_count("URNS_ABNF_DIFF_SEED", 1);
    std::vector<std::string> inputs;
    std::vector<std::vector<field_triple>> listed;
    std::set<std::string> names, not_rules;
    for (std::string const& in : urns::abnf::generate(g, s.root, env_count("URNS_ABNF_DIFF_VALID", default_valid) / 5, go)) {
        if (!rules->validate(in))
            continue;  // a check digit or other prose: no fields to compare
        std::vector<field_triple> f;
        for (urns::nss::nss_field const& x : rules->fields_of(in)) {
            // A name the file does not define (uuid's, RFC 4122's names
            // where uuid.abnf is RFC 9562's rule) has no span to compare.
            if (!g.has_rule(x.name)) {
                not_rules.insert(std::string(x.name));
                continue;
            }
            names.insert(std::string(x.name));
            if (x.begin != x.end)
                f.emplace_back(std::string(x.name), x.begin, x.end);
        }
        std::sort(f.begin(), f.end());
        inputs.push_back(in);
        listed.push_back(std::move(f));
    }
    urns::abnf::match_options mo;
    mo.capture.assign(names.begin(), names.end());
    std::size_t disagreements = 0;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        std::string const root = s.fields_root ? s.fields_root(inputs[i]) : s.root;
        urns::abnf::match_result const m = urns::abnf::match(g, root, inputs[i], mo);
        BOOST_REQUIRE_MESSAGE(m, "\"" << escaped(inputs[i]) << "\" does not match " << root);
        std::vector<field_triple> derived;
        for (urns::abnf::span const& x : m.spans)
            if (x.begin != x.end)
                derived.emplace_back(std::string(x.rule), x.begin, x.end);
        std::sort(derived.begin(), derived.end());
        if (derived == listed[i])
            continue;
        if (++disagreements <= 5) {
            std::string a, b;
            for (auto const& [n, f, l] : listed[i])
                a += " " + n + "[" + std::to_string(f) + "," + std::to_string(l) + ")";
            for (auto const& [n, f, l] : derived)
                b += " " + n + "[" + std::to_string(f) + "," + std::to_string(l) + ")";
            BOOST_ERROR("\"" << escaped(inputs[i]) << "\": fields" << a << "; the ABNF's" << b);
        }
    }
    std::string skipped;
    for (std::string const& n : not_rules)
        skipped += " " + n;
    BOOST_TEST_MESSAGE(s.nid << ": fields of " << inputs.size() << " valid inputs (" << names.size()
                             << " names) against the ABNF's spans, " << disagreements << " disagreements"
                             << (skipped.empty() ? "" : "; names that are not rules of the file:" + skipped));
    BOOST_TEST(!inputs.empty());
    BOOST_TEST(disagreements == 0u);
}

/// Compiles, compares, and fails with the first disagreements.
void check(subject const& s)
{
    std::vector<std::string> texts;
    urns::abnf::grammar const g = compile(s, texts);
    BOOST_REQUIRE(g.ok());
    BOOST_REQUIRE(g.has_rule(s.root));

    urns::abnf::diff_options o;
    o.valid = env_count("URNS_ABNF_DIFF_VALID", default_valid);
    o.seed = env_count("URNS_ABNF_DIFF_SEED", 1);
    o.mutations = mutations;
    if (s.prose)
        o.prose = [&](std::string_view in) { return s.prose(g, in); };
    // With a judge that says where: names are always compared, so that
    // their disagreements are counted; they fail the case only where
    // `names` says so.
    o.compare_expected = true;
    o.max_reported = 10;
    auto const t0 = std::chrono::steady_clock::now();
    urns::abnf::diff_report const r =
        s.faults ? urns::abnf::diff(g, s.root, s.faults, o) : urns::abnf::diff(g, s.root, s.judge, o);
    double const secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    BOOST_TEST_MESSAGE(s.files.front() << " " << s.root << ": " << r.inputs << " inputs, " << r.valid << " valid, "
                                       << r.explained << " explained by prose, " << r.undecided << " undecided, "
                                       << r.disagreements << " disagreements (" << r.offset_disagreements
                                       << " of offset, " << r.expected_disagreements << " of names expected), " << secs
                                       << " s");
    using kind = urns::abnf::disagreement::kind;
    auto const names_of = [](std::vector<std::string> const& v) {
        std::string out;
        for (std::string const& n : v)
            out += (out.empty() ? "" : " ") + n;
        return out;
    };
    for (auto const& d : r.first) {
        if (d.what == kind::verdict)
            BOOST_ERROR("\"" << escaped(d.input) << "\": ABNF " << (d.abnf ? "accepts" : "rejects") << ", X3 "
                             << (d.judge ? "accepts" : "rejects"));
        else if (d.what == kind::offset)
            BOOST_ERROR("\"" << escaped(d.input) << "\": ABNF fails at " << d.abnf_offset << ", X3 at "
                             << d.judge_offset);
        else if (s.names)
            BOOST_ERROR("\"" << escaped(d.input) << "\": at " << d.abnf_offset << " the ABNF expects "
                             << names_of(d.abnf_expected) << ", X3 " << names_of(d.judge_expected));
    }
    BOOST_TEST(r.disagreements - r.expected_disagreements == 0u);
    if (s.names)
        BOOST_TEST(r.expected_disagreements == 0u);
    BOOST_TEST(r.undecided == 0u);
    if (o.valid >= default_valid && default_valid == 10000)
        BOOST_TEST(r.inputs >= min_inputs);
    if (!s.nid.empty())
        check_fields(s, g);
}

// --- judges ------------------------------------------------------------------

predicate nss_judge(std::string_view nid)
{
    urns::nss::namespace_rules const* rules = urns::nss::builtin().find(nid);
    BOOST_REQUIRE(rules != nullptr);
    BOOST_REQUIRE(rules->validate != nullptr);
    auto const validate = rules->validate;
    return [validate](std::string_view nss) { return validate(nss).has_value(); };
}

/// A validator's verdict with its fault: offset, name and the names also
/// expected there.
urns::abnf::judgement judgement_of(urns::nss::verdict const& v)
{
    if (v)
        return {true, 0, {}};
    urns::abnf::judgement j{false, v.error().offset, {std::string(v.error().expected)}};
    for (std::string_view n : v.error().also_expected)
        j.expected.emplace_back(n);
    return j;
}

fault_judge nss_faults(std::string_view nid)
{
    urns::nss::namespace_rules const* rules = urns::nss::builtin().find(nid);
    BOOST_REQUIRE(rules != nullptr);
    BOOST_REQUIRE(rules->validate != nullptr);
    auto const validate = rules->validate;
    return [validate](std::string_view nss) { return judgement_of(validate(nss)); };
}

predicate urn_judge(urns::syntax syn)
{
    return [syn](std::string_view s) { return urns::parse_urn(s, syn).has_value(); };
}

subject nss_subject(std::string const& nid, std::string const& root)
{
    subject s;
    s.files = {"grammar/nss/" + nid + ".abnf"};
    s.root = root;
    s.judge = nss_judge(nid);
    s.faults = nss_faults(nid);
    s.nid = nid;
    return s;
}

// --- predicates from the texts ---------------------------------------------

char lower(char c)
{
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

bool iequal(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (lower(a[i]) != lower(b[i]))
            return false;
    return true;
}

bool istarts_with(std::string_view s, std::string_view p)
{
    return s.size() >= p.size() && iequal(s.substr(0, p.size()), p);
}

bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

bool is_hex(char c)
{
    return is_digit(c) || (lower(c) >= 'a' && lower(c) <= 'f');
}

/// The NID of "urn:" NID ":" ... (what the ABNF accepted).
std::string_view nid_of(std::string_view urn)
{
    std::string_view const rest = urn.substr(4);
    return rest.substr(0, rest.find(':'));
}

/// RFC 2141 section 2.1, draft-03 section 2.1: "the NID "urn" is reserved"
/// (grammar/README.md, "Rules the prose adds", first row; decision 12).
bool nid_not_reserved(std::string_view urn)
{
    return !iequal(nid_of(urn), "urn");
}

/// RFC 2141 section 2.4, draft-03 section 2.5.3: octet 0 is never used,
/// "in either unencoded or %-encoded form" (grammar/README.md, "Rules the
/// prose adds", third row; decision 14). Every "%" of an input the ABNF
/// accepts starts a triplet, except RFC 2141's (no_bare_percent).
bool no_pct_00(std::string_view s)
{
    for (std::size_t i = 0; i + 2 < s.size(); ++i) {
        if (s[i] != '%')
            continue;
        if (s[i + 1] == '0' && s[i + 2] == '0')
            return false;
        i += 2;
    }
    return true;
}

/// RFC 2141 section 2.3.1: "a "%" character MUST be used only as the first
/// character of a %-encoded octet" (grammar/README.md, decision 6), so
/// the line reserved = "%" / ... does not make a lone "%" an NSS character.
bool no_bare_percent(std::string_view s)
{
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '%')
            continue;
        if (i + 2 >= s.size() || !is_hex(s[i + 1]) || !is_hex(s[i + 2]))
            return false;
        i += 2;
    }
    return true;
}

/// RFC 8141 section 5.2: a NID starting "urn-" is an informal one,
/// InformalNamespaceName = "urn-" Number, Number = DigitNonZero 0*Digit
/// (grammar/README.md, "Rules the prose adds", second row; decision 13).
bool informal_nid_ok(std::string_view urn)
{
    std::string_view const nid = nid_of(urn);
    if (!istarts_with(nid, "urn-"))
        return true;
    std::string_view const number = nid.substr(4);
    if (number.empty() || number[0] == '0')
        return false;
    for (char c : number)
        if (!is_digit(c))
            return false;
    return true;
}

/// RFC 8141's r-component ends at the first "?=", which starts the
/// q-component (grammar/README.md, decision 9), and that q-component, as
/// the ABNF's, starts with a pchar (decision 10): not "/" or "?".
bool rq_split_ok(std::string_view urn)
{
    std::string_view s = urn.substr(0, urn.find('#'));
    std::size_t const q = s.find('?');
    if (q == std::string_view::npos || s.substr(q, 2) != "?+")
        return true;
    std::size_t const split = s.find("?=", q + 2);
    if (split == std::string_view::npos)
        return true;
    std::string_view const qc = s.substr(split + 2);
    return !qc.empty() && qc[0] != '/' && qc[0] != '?';
}

/// The value of an ISAN character: digits 0-9, letters (any case) 10-35.
int value_of(char c)
{
    return is_digit(c) ? c - '0' : lower(c) - 'a' + 10;
}

/// The value of an ISBN or ISSN digit: "X" (any case) is 10.
int digit_value(char c)
{
    return is_digit(c) ? c - '0' : 10;
}

/// The input without its hyphens.
std::string without_hyphens(std::string_view s)
{
    std::string out;
    for (char c : s)
        if (c != '-')
            out += c;
    return out;
}

/// isbn.abnf's header (from ISO 2108, as RFC 3187 describes it): "ISBN-10:
/// sum of digit(i) * (11 - i), i = 1..10, "X" = 10, is 0 mod 11; ISBN-13:
/// sum of digit(i) * (1 or 3, alternating), i = 1..13, is 0 mod 10".
bool isbn_check_digit_ok(std::string_view nss)
{
    std::string const d = without_hyphens(nss);
    int sum = 0;
    if (d.size() == 10) {
        for (std::size_t i = 0; i < 10; ++i)
            sum += digit_value(d[i]) * static_cast<int>(10 - i);
        return sum % 11 == 0;
    }
    for (std::size_t i = 0; i < d.size(); ++i)
        sum += digit_value(d[i]) * (i % 2 == 0 ? 1 : 3);
    return sum % 10 == 0;
}

/// issn.abnf's header (ISO 3297): "sum of digit(i) * (9 - i), i = 1..8,
/// "X" = 10, is 0 mod 11".
bool issn_check_digit_ok(std::string_view nss)
{
    std::string const d = without_hyphens(nss);
    int sum = 0;
    for (std::size_t i = 0; i < d.size(); ++i)
        sum += digit_value(d[i]) * static_cast<int>(8 - i);
    return sum % 11 == 0;
}

/// ISO 7064 MOD 37,36 (the hybrid system, M = 36): the check character's
/// value for `chars`.
int mod37_36(std::string_view chars)
{
    int p = 36;
    for (char c : chars) {
        int t = (p + value_of(c)) % 36;
        if (t == 0)
            t = 36;
        p = (2 * t) % 37;
    }
    return (37 - p) % 36;
}

/// grammar/README.md, decision N3 (ISO 15706's check characters, MOD
/// 37,36): the first over root and episode, the second over root, episode
/// and version.
bool isan_check_characters_ok(std::string_view nss)
{
    std::string const d = without_hyphens(nss);  // 16 hex, check[, 8 hex, check]
    if (mod37_36(d.substr(0, 16)) != value_of(d[16]))
        return false;
    return d.size() == 17 || mod37_36(d.substr(0, 16) + d.substr(17, 8)) == value_of(d[25]);
}

/// grammar/README.md, decision N1 (RFC 7254 section 4.1): an NSS that
/// starts "imei:" (any case) is an imei-specifier only, whose value is an
/// imeival unless a non-zero vers follows. As rules, so that the ABNF's
/// farthest failure is that of the language the decision gives:
/// gsma-decided is gsma-NSS with those two readings of an imei-specifier
/// and a future-gsma-specifier whose future-specifier does not start
/// "imei:", letter by letter.
constexpr char const* gsma_extra =
    "gsma-decided = imei-as-imeival / imei-as-ext / future-not-imei\n"
    "imei-as-imeival = \"imei:\" imeival [ \";\" sw-version-param ] [ \";\" imei-version-param ]\n"
    "imei-as-ext = \"imei:\" ext-imei [ \";\" sw-version-param ] \";\" \"vers=\" %x31-39\n"
    "future-not-imei = not-imei *( \";\" future-param )\n"
    "not-i = %x41-48 / %x4A-5A / %x61-68 / %x6A-7A / DIGIT / \"-\" / \".\" / \"_\" / \"%\" / \":\"\n"
    "not-m = %x41-4C / %x4E-5A / %x61-6C / %x6E-7A / DIGIT / \"-\" / \".\" / \"_\" / \"%\" / \":\"\n"
    "not-e = %x41-44 / %x46-5A / %x61-64 / %x66-7A / DIGIT / \"-\" / \".\" / \"_\" / \"%\" / \":\"\n"
    "not-colon = ALPHA / DIGIT / \"-\" / \".\" / \"_\" / \"%\"\n"
    "not-imei = not-i *gsma-urn-char\n"
    "         / \"i\" [ not-m *gsma-urn-char / \"m\" [ not-e *gsma-urn-char\n"
    "         / \"e\" [ not-i *gsma-urn-char / \"i\" [ not-colon *gsma-urn-char ] ] ] ]\n";

/// grammar/README.md, decision N6 (RFC 9039 section 4): "mac", "ow",
/// "org", "os" and "ops" are never an otherbody's subtype: an NSS that
/// starts with one and ":" is one of the defined bodies. As rules, so that
/// the ABNF's farthest failure is that of the language the decision gives:
/// dev-decided is dev-nss with other-subtype for subtype, any subtype but
/// those five (LALPHA read as lower case, decision N5), letter by letter.
constexpr char const* dev_extra = "dev-decided = dev-defined / dev-other\n"
                                  "dev-defined = (macbody / owbody / orgbody / osbody / opsbody) componentpart\n"
                                  "dev-other = other-subtype \":\" identifier *( \":\" identifier ) componentpart\n"
                                  "sub-char = DIGIT / LALPHA\n"
                                  "other-subtype = (%x61-6C / %x6E / %x70-7A) *sub-char\n"
                                  "              / %x6D [ (DIGIT / %x62-7A) *sub-char\n"                  // m, not ma
                                  "                     / %x61 [ (DIGIT / %x61-62 / %x64-7A) *sub-char\n" // ma, not mac
                                  "                            / %x63 1*sub-char ] ]\n" // mac and more
                                  "              / %x6F [ (DIGIT / %x61-6F / %x71 / %x74-76 / %x78-7A) *sub-char\n"
                                  "                     / %x77 1*sub-char / %x73 1*sub-char\n" // ow, os and more
                                  "                     / %x72 [ (DIGIT / %x61-66 / %x68-7A) *sub-char\n" // or, not org
                                  "                            / %x67 1*sub-char ]\n" // org and more
                                  "                     / %x70 [ (DIGIT / %x61-72 / %x74-7A) *sub-char\n" // op, not ops
                                  "                            / %x73 1*sub-char ] ]\n"; // ops and more

/// GS1's AI encodable character set 82 (TDS Table A): what a GS3A3
/// escape may stand for.
bool in_set_82(unsigned char c)
{
    return (c >= '!' && c <= '"') || (c >= '%' && c <= '?' ) || (c >= 'A' && c <= 'Z') || c == '_' ||
           (c >= 'a' && c <= 'z');
}

/// epc.abnf's header (the TDS, grammar/README.md's sources of nss/epc.abnf,
/// "section 7 (digit totals)", and decision N11): the company prefix and
/// the reference after it make the GS1 key's digit total (SGTIN 13, SSCC
/// 17, SGLN 12, GRAI 12, GSRN and GSRNP 17, GDTI 12, PGLN 12, GSIN 16);
/// for GIAI, prefix digits and asset reference characters together are at
/// most 30, an escape counting one; an escape's value is one of the 82
/// characters. `body` is what follows "id:" scheme ":".
bool epc_totals_ok(std::string_view scheme, std::string_view body)
{
    for (std::size_t i = 0; i + 2 < body.size(); ++i)
        if (body[i] == '%' && !in_set_82(static_cast<unsigned char>(std::stoi(std::string(body.substr(i + 1, 2)),
                                                                              nullptr, 16))))
            return false;
    std::size_t const dot = body.find('.');
    std::string_view const prefix = body.substr(0, dot);
    std::string_view const after = body.substr(dot + 1);
    std::string_view const reference = after.substr(0, after.find('.'));
    if (scheme == "giai") {
        std::size_t chars = 0;
        for (std::size_t i = 0; i < reference.size(); ++i, ++chars)
            if (reference[i] == '%')
                i += 2;
        return prefix.size() + chars <= 30;
    }
    std::size_t const total = scheme == "sgtin"                                      ? 13
                              : scheme == "sscc" || scheme == "gsrn" || scheme == "gsrnp" ? 17
                              : scheme == "gsin"                                     ? 16
                                                                                     : 12;
    return prefix.size() + reference.size() == total;
}

/// grammar/README.md, decision N12 (and epc.abnf's comments on
/// scheme-name and sub-namespace): "id" is no other sub-namespace's name,
/// and the ten schemes are no other-scheme's: an NSS that starts "id:" is
/// a pure-identity, and one of the ten schemes is read by its own rule
/// (rule epc-ten of epc_extra).
bool epc_names_ok(urns::abnf::grammar const& g, std::string_view nss)
{
    if (nss.substr(0, 3) != "id:")
        return true;
    std::string_view const rest = nss.substr(3);
    std::string_view const scheme = rest.substr(0, rest.find(':'));
    for (std::string_view t : {"sgtin", "sscc", "sgln", "grai", "giai", "gsrn", "gsrnp", "gdti", "pgln", "gsin"})
        if (scheme == t && scheme.size() < rest.size())
            return urns::abnf::matches(g, "epc-ten", nss) && epc_totals_ok(scheme, rest.substr(scheme.size() + 1));
    return urns::abnf::matches(g, "pure-identity", nss);
}

constexpr char const* epc_extra =
    "epc-ten = %s\"id:\" ( sgtin / sscc / sgln / grai / giai / gsrn / gsrnp / gdti / pgln / gsin )\n";

/// ietf.abnf's header: "params:scim:" has its own rules
/// (ietf-params-scim.abnf), and only those; params-nss is an NSS of its
/// own, tried before other-nss. As rules, so that the ABNF's farthest
/// failure is that of the language the header gives: ietf-decided is
/// ietf-NSS with a params-nss whose first param-name is not "scim" where
/// a ":" follows it, letter by letter (any case, as the literal is).
constexpr char const* ietf_extra =
    "ietf-NSS = NSS / params-nss / scim-nss\n"
    "ietf-decided = NSS / params-not-scim / scim-nss\n"
    "params-not-scim = \"params:\" ( \"scim\" / not-scim *( \":\" param-name ) )\n"
    "pn-other = DIGIT / \"-\" / \".\" / \"_\" / \"~\" / pct-encoded / sub-delims / \"@\"\n"
    "pn-char = ALPHA / pn-other\n"
    "not-s = %x41-52 / %x54-5A / %x61-72 / %x74-7A / pn-other\n"
    "not-c = %x41-42 / %x44-5A / %x61-62 / %x64-7A / pn-other\n"
    "not-i = %x41-48 / %x4A-5A / %x61-68 / %x6A-7A / pn-other\n"
    "not-m = %x41-4C / %x4E-5A / %x61-6C / %x6E-7A / pn-other\n"
    "not-scim = not-s *pn-char / \"s\" [ not-c *pn-char / \"c\" [ not-i *pn-char\n"
    "         / \"i\" [ not-m *pn-char / \"m\" 1*pn-char ] ] ]\n";

} // namespace

// --- the URN documents -------------------------------------------------------

BOOST_AUTO_TEST_CASE(rfc8141)
{
    subject s;
    s.files = {"grammar/rfc8141.abnf"};
    s.root = "namestring";
    s.judge = urn_judge(urns::syntax::rfc8141);
    s.prose = [](urns::abnf::grammar const&, std::string_view u) { return informal_nid_ok(u) && rq_split_ok(u); };
    check(s);
}

BOOST_AUTO_TEST_CASE(rfc2141)
{
    subject s;
    s.files = {"grammar/rfc2141.abnf"};
    s.root = "URN";
    s.judge = urn_judge(urns::syntax::rfc2141);
    s.prose = [](urns::abnf::grammar const&, std::string_view u) {
        return nid_not_reserved(u) && no_bare_percent(u) && no_pct_00(u);
    };
    check(s);
}

BOOST_AUTO_TEST_CASE(rfc2141bis)
{
    subject s;
    s.files = {"grammar/rfc2141bis-03.abnf"};
    // The draft's URI is RFC 3986's with its path and query "to be
    // superimposed" by urn-path and urn-query (the file's comments, from
    // Appendix B; grammar/README.md decision 2 for the query): the URNs are
    // those that match both, which is this rule (urn-path's bytes are
    // segment-nz's, urn-query's are query's).
    s.extra = "urn-URI = scheme \":\" urn-path [ \"?\" urn-query ] [ \"#\" fragment ]\n";
    s.root = "urn-URI";
    s.judge = urn_judge(urns::syntax::rfc2141bis);
    s.prose = [](urns::abnf::grammar const&, std::string_view u) { return nid_not_reserved(u) && no_pct_00(u); };
    check(s);
}

// --- the namespaces ----------------------------------------------------------

BOOST_AUTO_TEST_CASE(nss_uuid) { check(nss_subject("uuid", "UUID")); }
BOOST_AUTO_TEST_CASE(nss_oid) { check(nss_subject("oid", "oid")); }
BOOST_AUTO_TEST_CASE(nss_example) { check(nss_subject("example", "NSS")); }
BOOST_AUTO_TEST_CASE(nss_nbn)
{
    subject s = nss_subject("nbn", "NBN");
    s.names = true;
    check(s);
}
BOOST_AUTO_TEST_CASE(nss_ogc) { check(nss_subject("ogc", "ogc-NSS")); }
BOOST_AUTO_TEST_CASE(nss_mpeg) { check(nss_subject("mpeg", "mpeg-NSS")); }
BOOST_AUTO_TEST_CASE(nss_nfc) { check(nss_subject("nfc", "nfc-NSS")); }
BOOST_AUTO_TEST_CASE(nss_xmpp) { check(nss_subject("xmpp", "xmpp-NSS")); }
BOOST_AUTO_TEST_CASE(nss_epcglobal) { check(nss_subject("epcglobal", "epcglobal-NSS")); }

BOOST_AUTO_TEST_CASE(nss_epc)
{
    subject s = nss_subject("epc", "epc-NSS");
    s.extra = epc_extra;
    s.prose = epc_names_ok;
    check(s);
}

BOOST_AUTO_TEST_CASE(nss_oasis) { check(nss_subject("oasis", "oasis-NSS")); }
BOOST_AUTO_TEST_CASE(nss_publicid) { check(nss_subject("publicid", "publicid-NSS")); }

BOOST_AUTO_TEST_CASE(nss_gsma)
{
    subject s = nss_subject("gsma", "gsma-NSS");
    // Decision N1, as gsma_extra's rules; the fields are gsma-NSS's.
    s.extra = gsma_extra;
    s.root = "gsma-decided";
    s.fields_root = [](std::string_view) { return std::string("gsma-NSS"); };
    check(s);
}

BOOST_AUTO_TEST_CASE(nss_dev)
{
    subject s = nss_subject("dev", "dev-nss");
    s.readings = {
        // grammar/README.md, decision N5: LALPHA is read as lower case.
        {"LALPHA =  %x41-5A", "LALPHA =  %x61-7A"},
        // Decision N6: the hexstring of mac and ow is exactly 16 digits.
        {"hexstring = 1*(hexdigit hexdigit)", "hexstring = 16hexdigit"},
    };
    // Decision N6, as dev_extra's rules; the fields are dev-nss's.
    s.extra = dev_extra;
    s.root = "dev-decided";
    s.fields_root = [](std::string_view) { return std::string("dev-nss"); };
    check(s);
}

BOOST_AUTO_TEST_CASE(nss_iso)
{
    subject s = nss_subject("iso", "iso-NSS");
    s.readings = {
        // grammar/README.md, decision N14: ":" type ":" item *( "," item ).
        {"                elementnumber / elementrange\n                *( \",\" elementnumber / elementrange )",
         "                ( elementrange / elementnumber )\n"
         "                *( \",\" ( elementrange / elementnumber ) )"},
        // Decision N16: a techdefined addition is ":tech" and any octets.
        {"techelement   = <unspecified>", "techelement   = %x00-FF"},
    };
    check(s);
}

BOOST_AUTO_TEST_CASE(nss_isan)
{
    subject s = nss_subject("isan", "ISAN-NSS");
    s.prose = [](urns::abnf::grammar const&, std::string_view n) { return isan_check_characters_ok(n); };
    s.names = true;
    check(s);
}

BOOST_AUTO_TEST_CASE(nss_isbn)
{
    subject s = nss_subject("isbn", "ISBN");
    s.prose = [](urns::abnf::grammar const&, std::string_view n) { return isbn_check_digit_ok(n); };
    s.names = true;
    check(s);
}

BOOST_AUTO_TEST_CASE(nss_issn)
{
    subject s = nss_subject("issn", "ISSN");
    s.prose = [](urns::abnf::grammar const&, std::string_view n) { return issn_check_digit_ok(n); };
    s.names = true;
    check(s);
}

BOOST_AUTO_TEST_CASE(nss_ietf)
{
    subject s = nss_subject("ietf", "ietf-decided");
    s.files.push_back("grammar/nss/ietf-params-scim.abnf");
    // ietf.abnf's header, as ietf_extra's rules.
    s.extra = ietf_extra;
    // The fields of a "params:scim:" NSS (any case) are scim-nss's:
    // ietf.abnf's header gives that sub-namespace its own rules
    // (ietf-params-scim.abnf), so its derivation is scim-nss's, never
    // params-nss's, though ietf-NSS matches it both ways.
    s.fields_root = [](std::string_view nss) {
        return std::string(istarts_with(nss, "params:scim:") ? "scim-nss" : "ietf-NSS");
    };
    check(s);
}

BOOST_AUTO_TEST_CASE(nss_ietf_params_scim)
{
    subject s;
    s.files = {"grammar/nss/ietf-params-scim.abnf"};
    s.root = "scim-nss";
    s.judge = [](std::string_view nss) { return urns::nss::ietf::validate_scim(nss).has_value(); };
    s.faults = [](std::string_view nss) { return judgement_of(urns::nss::ietf::validate_scim(nss)); };
    check(s);
}
