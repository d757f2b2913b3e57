// SPDX-License-Identifier: BSL-1.0
// X3-free public header: the "gsma" URN namespace (RFC 7254), IMEI URNs.
#ifndef URNS_NSS_GSMA_HPP
#define URNS_NSS_GSMA_HPP

#include <urns/config.hpp>
#include <urns/nss/registry.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace urns {
namespace nss {
namespace gsma {

/** Checks a "gsma" NSS (grammar/nss/gsma.abnf): an imei-specifier
    ("imei:" tac "-" snr "-" spare, optional ";svn=NN" and ";vers=N"; an
    ext-imei only with a non-zero "vers") or a future-gsma-specifier.

    @par Example
    @code
    assert(urns::nss::gsma::validate("imei:90420156-025763-0;svn=42"));   // RFC 7254 section 4.1
    auto f = urns::nss::gsma::validate("imei:9042015-025763-0");
    assert(f.error().offset == 12 && f.error().expected == "DIGIT");
    @endcode

    @par Specification
    RFC 7254 section 3 (ABNF), section 4.1 (parameters).
*/
URNS_DECL verdict validate(std::string_view nss) noexcept;

/** Folds a valid IMEI NSS for comparison (RFC 7254 section 3: the
    comparisons are case-insensitive and "vers=0" is ignored): letters in
    lower case outside percent-encodings, ";vers=0" removed. Any other NSS
    is copied unchanged. See urns::nss::folder.
*/
URNS_DECL std::size_t fold(std::string_view nss, char* out) noexcept;

/// The fields of an IMEI URN (RFC 7254 sections 4.1 to 4.3).
struct imei {
    std::string tac;              ///< Type Allocation Code, 8 digits
    std::string snr;              ///< Serial Number, 6 digits
    unsigned spare = 0;           ///< the Spare digit (0 as the Mobile Equipment sends it)
    std::optional<unsigned> svn;  ///< Software Version Number ("svn=", IMEISV), 0 to 99
    std::optional<unsigned> vers; ///< the "vers" parameter
};

/** The fields of a valid "gsma" NSS whose value is an imeival; nothing for
    an invalid NSS, an ext-imei or a future specifier.

    @par Example
    @code
    auto i = urns::nss::gsma::parse_imei("imei:90420156-025763-0;svn=42");
    assert(i->tac == "90420156" && i->snr == "025763" && i->svn == 42u);
    @endcode
*/
URNS_DECL std::optional<imei> parse_imei(std::string_view nss);

/// The registration of "gsma" for a registry.
URNS_DECL namespace_rules rules() noexcept;

} // namespace gsma
} // namespace nss
} // namespace urns

#endif
