// SPDX-License-Identifier: BSL-1.0
// X3-free public header: a namespace made at run time from its ABNF.
#ifndef URNS_NSS_ABNF_HPP
#define URNS_NSS_ABNF_HPP

#include <urns/abnf.hpp>
#include <urns/config.hpp>
#include <urns/nss/registry.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace urns {
namespace nss {

/** What a namespace file's header declares (docs/namespaces.md,
    "Namespace files"): the lines `;; key: value` before the first rule. A
    header is ABNF comments, so the file stays a plain RFC 5234 grammar.

    @code
    ;; nid: service
    ;; title: Emergency and other well-known services
    ;; reference: RFC 5031 section 4.2
    ;; check: grammar
    ;; root: service
    ;; fields: top-level sub-service
    ;; case-insensitive: service
    @endcode
*/
struct namespace_header {
    /// `nid`: the NIDs the file is for (several when one registration
    /// gives them one syntax), as written; empty when not said.
    std::vector<std::string> nids;
    std::string title;      ///< `title`
    std::string reference;  ///< `reference`: the registration's document and section
    /// `check`: "grammar" (the rules check the NSS), "x3" (an X3
    /// namespace compiled in transcribes them; from_abnf() runs them as
    /// grammar) or "opaque" (the registration gives the NSS no syntax
    /// beyond RFC 8141's); empty when not said.
    std::string check;
    /// `unreadable`: for an opaque namespace, why no syntax could be read.
    std::string unreadable;
    std::string root;  ///< `root`: the rule the whole NSS must match
    /// `fields`: the rules whose spans are the NSS's named fields.
    std::vector<std::string> fields;
    /// `case-insensitive`: the rules whose text compares without case;
    /// the root rule, or "NSS" (RFC 8141's rule), means the whole NSS.
    std::vector<std::string> case_insensitive;
    /// Header lines that could not be read (an unknown key, a key given
    /// twice, a check other than grammar or opaque), as warnings.
    std::vector<abnf::diagnostic> problems;
};

/// The header of a namespace file `text`; `source_name` names it in `problems`.
URNS_DECL namespace_header read_header(std::string_view text, std::string_view source_name = "<abnf>");

/** How from_abnf() reads a namespace's grammar. Each list left empty is
    taken from the text's header (read_header()), if it has one. */
struct abnf_namespace_options {
    /** Rules whose text the namespace compares case-insensitively: the fold
        lowers the letters of their spans (outside "%hh"), so that URNs
        differing only there are equivalent; the root rule (or "NSS") lowers
        the whole NSS. Empty, and none in the header: no extra equivalence. */
    std::vector<std::string> case_insensitive;
    /** Rules whose spans are the NSS's named fields (`urn parse --json`
        shows them). Empty: the header's (of a `check: x3` header, only
        those the grammar defines: such a header names the fields of the X3
        transcription); none there either: the rules the root rule names
        itself (not those they name), but RFC 5234's and RFC 3986's. */
    std::vector<std::string> fields;
    /** Where the rules come from, for people (namespace_rules::reference). */
    std::string reference;
    /** The grammar's name in diagnostics (a file name, say). */
    std::string source_name = "<abnf>";
    /** How the grammar is compiled. RFC 3986's rules (pchar, unreserved,
        pct-encoded, ...) are available by default, as NSS grammars use them. */
    abnf::compile_options compile = [] {
        abnf::compile_options o;
        o.rfc3986_rules = true;
        return o;
    }();
};

/** What from_abnf() gives: the rules, or why there are none. */
struct abnf_namespace {
    /// The namespace's rules; empty when the grammar has an error or lacks the root rule.
    std::optional<namespace_rules> rules;
    /// The grammar's problems (errors and warnings), and a missing root rule.
    std::vector<abnf::diagnostic> diagnostics;
    /// True when `rules` is set.
    explicit operator bool() const noexcept { return rules.has_value(); }
};

/** A namespace from the ABNF of its NSS, checked and compiled at run time.

    `abnf_text` is the grammar (RFC 5234, with RFC 7405's %s"..."); `root`
    the rule an NSS must match, with ABNF's meaning (every alternative and
    every repetition count: see docs/abnf.md); empty: the header's `root`,
    else the first rule. A text whose header says `check: opaque` gives
    rules that accept any NSS (with the header's case-insensitive fold).
    The rules validate an NSS as written, percent-encodings and all; a
    fault's `expected` is the name of a rule expected at the farthest byte
    the grammar reached (it points into the rules' grammar, as a field's
    name does: keep a copy of the rules while you read them). A root rule
    that is regular (every shipped and registered namespace's is) is
    matched by an automaton in linear time; one that is not may leave an NSS
    undecided (nss_fault::undecided, error::nss_undecided), never rejected
    wrongly. The rules own the compiled grammar
    (namespace_rules::owner): copies are cheap, and a registry may hold
    them on any thread.

    @par Example
    @code
    auto ns = urns::nss::from_abnf("mrn",
        "MRN = OID \":\" OSS\nOID = alphanum 0*20( alphanum / \"-\" ) alphanum\n"
        "OSS = 1*pchar\nalphanum = ALPHA / DIGIT\n", "MRN");
    urns::nss::registry reg = urns::nss::builtin();
    reg.add(*ns.rules);
    @endcode
*/
URNS_DECL abnf_namespace from_abnf(std::string_view nid, std::string_view abnf_text, std::string_view root = {},
                                   abnf_namespace_options const& options = {});

} // namespace nss
} // namespace urns

#endif
