// SPDX-License-Identifier: BSL-1.0
//
// Example, X3-free header: the pure-identity EPC URNs of two schemes of the
// registered "epc" namespace (RFC 5134; the syntax is GS1's EPC Tag Data
// Standard, TDS), written as a user of urns would: SGTIN (a serialised
// trade item) and SSCC (a shipping container).
#ifndef EPC_ID_HPP
#define EPC_ID_HPP

#include <urns/nss/registry.hpp>

#include <boost/system/result.hpp>

#include <string>
#include <string_view>

namespace epc {

/// The fields of a pure-identity EPC, as TDS names them.
struct identity {
    std::string scheme;           ///< "sgtin" or "sscc"
    std::string company_prefix;   ///< GS1 Company Prefix, 6 to 12 digits
    std::string reference;        ///< Item Reference (sgtin) or Serial Reference (sscc)
    std::string serial;           ///< sgtin: the serial number as written (escapes kept); sscc: empty
};

/// The rules of urn:epc for these schemes (other EPC schemes are rejected).
urns::nss::namespace_rules rules() noexcept;

/// The fields of an NSS ("id:sgtin:0614141.112345.400"), read by the
/// grammar, or the fault (offset into the NSS, rule expected there).
boost::system::result<identity, urns::nss::nss_fault> parse(std::string_view nss);

} // namespace epc

#endif
