// SPDX-License-Identifier: BSL-1.0
// X3-free public header: the "iso" URN namespace (RFC 5141), ISO standards
// and other deliverables, their supplements, parts of them and resources
// associated with them.
#ifndef URNS_NSS_ISO_HPP
#define URNS_NSS_ISO_HPP

#include <urns/config.hpp>
#include <urns/nss/registry.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace urns {
namespace nss {
namespace iso {

/** Checks an "iso" NSS (grammar/nss/iso.abnf, RFC 5141's ABNF): "std:",
    the document (originator, type, number, part, status, edition, version,
    language), its supplements, the clauses, figures, tables or terms
    referred to, and a committee-defined ":tech" addition. Keywords match
    in either case.

    @par Example
    @code
    assert(urns::nss::iso::validate("std:iso:9999:-1:ed-1:en,fr"));   // RFC 5141 section 2.4.2
    auto f = urns::nss::iso::validate("std:iso:9999:1:ed-2");
    assert(f.error().offset == 13 && f.error().expected == "partnumber");
    @endcode

    @par Specification
    RFC 5141 section 2.4.1 ("Definition") and Appendix B; equivalence in
    section 2.9.
*/
URNS_DECL verdict validate(std::string_view nss) noexcept;

/** Folds a valid "iso" NSS for comparison (RFC 5141 section 2.9:
    "normalize the case of all elements"): every letter in lower case
    outside percent-encodings. Any other NSS is copied unchanged. See
    urns::nss::folder.
*/
URNS_DECL std::size_t fold(std::string_view nss, char* out) noexcept;

/// A supplement of the document (RFC 5141 section 2.4.1, supplement).
struct supplement {
    std::string type;                       ///< suppltype: "amd", "cor" or "add"
    std::string number;                     ///< supplnumber
    std::optional<std::string> version;     ///< supplversion without its "v", if any
    std::optional<std::string> language;    ///< the supplement's own language, if any
};

/// The numbered subdivisions referred to (RFC 5141 section 2.4.1, docelement).
struct docelement {
    std::string kind;    ///< "clause", "figure", "table" or "term"
    std::string items;   ///< the elementnumbers and elementranges, as written ("3.1,a.2-b.9")
};

/** The elements of an ISO URN, as written (RFC 5141 section 2.4.1); the
    literal prefixes "-", "ed-" and "v" are left out of the values.
*/
struct parts {
    std::string originator;                   ///< "iso", "iso-iec", "iso-cie", "iso-astm", "iso-ieee" or "iec"
    std::optional<std::string> type;          ///< the deliverable type ("tr", "ts", ...); none: an International Standard
    std::string docnumber;                    ///< the reference number
    std::optional<std::string> partnumber;    ///< the part, without its "-" ("1", "A02"); none: all parts, or one part only
    std::optional<std::string> status;        ///< "draft", "cancelled" or "stage-" stagecode ["." iteration]; none: published
    std::optional<std::string> edition;       ///< the edition number; none: the latest
    std::optional<std::string> docversion;    ///< the version, without its "v" ("2", "1-amd1.v1"); none: the highest
    std::optional<std::string> language;      ///< "en", "en,fr", ...; none: English is assumed
    std::vector<supplement> supplements;      ///< in order
    std::vector<docelement> docelements;      ///< in order
    std::optional<std::string> techdefined;   ///< what follows ":tech" (":xsd:camt.001.001.01"), if the addition is one
};

/** The elements of a valid "iso" NSS, or nothing.

    @par Example
    @code
    auto p = urns::nss::iso::parse("std:iso-iec:tr:9999:-1:ed-1:en");
    assert(p->originator == "iso-iec" && *p->type == "tr" && p->docnumber == "9999" && *p->partnumber == "1");
    @endcode
*/
URNS_DECL std::optional<parts> parse(std::string_view nss);

/// The registration of "iso" for a registry.
URNS_DECL namespace_rules rules() noexcept;

} // namespace iso
} // namespace nss
} // namespace urns

#endif
