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

/** How from_abnf() reads a namespace's grammar. */
struct abnf_namespace_options {
    /** Rules whose text the namespace compares case-insensitively: the fold
        lowers the letters of their spans (outside "%hh"), so that URNs
        differing only there are equivalent. Empty: no extra equivalence. */
    std::vector<std::string> case_insensitive;
    /** Rules whose spans are the NSS's named fields (`urn parse --json`
        shows them). Empty: every rule the root rule's grammar names, except
        RFC 5234's and RFC 3986's rules. */
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
    every repetition count: see docs/abnf.md). The rules validate an NSS as
    written, percent-encodings and all; a fault's `expected` is the name of a
    rule expected at the farthest byte the grammar reached (it points into
    the rules' grammar, as a field's name does: keep a copy of the rules
    while you read them). The rules own the
    compiled grammar (namespace_rules::owner): copies are cheap, and a
    registry may hold them on any thread.

    @par Example
    @code
    auto ns = urns::nss::from_abnf("mrn",
        "MRN = OID \":\" OSS\nOID = alphanum 0*20( alphanum / \"-\" ) alphanum\n"
        "OSS = 1*pchar\nalphanum = ALPHA / DIGIT\n", "MRN");
    urns::nss::registry reg = urns::nss::builtin();
    reg.add(*ns.rules);
    @endcode
*/
URNS_DECL abnf_namespace from_abnf(std::string_view nid, std::string_view abnf_text, std::string_view root,
                                   abnf_namespace_options const& options = {});

} // namespace nss
} // namespace urns

#endif
