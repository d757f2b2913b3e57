// SPDX-License-Identifier: BSL-1.0
// X3 layer. Do not include from public headers; include from a .cpp only.
//
// The attribute of the typed rule of grammar/nss/nfc.abnf (RFC 4729): the
// NFCresource and the ResourceSpecificString as written, filled by
// urns::nss::parse in nfc_grammar.cpp.
#ifndef URNS_GRAMMAR_NSS_NFC_HPP
#define URNS_GRAMMAR_NSS_NFC_HPP

#include <boost/fusion/include/adapt_struct.hpp>

#include <string>

namespace urns {
namespace grammar {
namespace nss {
namespace nfc {

struct nfc_attr {
    std::string resource;   ///< before the first ":"
    std::string specific;   ///< after it
};

} // namespace nfc
} // namespace nss
} // namespace grammar
} // namespace urns

BOOST_FUSION_ADAPT_STRUCT(urns::grammar::nss::nfc::nfc_attr, resource, specific)

#endif
