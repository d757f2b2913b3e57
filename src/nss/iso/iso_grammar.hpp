// SPDX-License-Identifier: BSL-1.0
// X3 layer. Do not include from public headers; include from a .cpp only.
//
// The attribute of the typed rule of grammar/nss/iso.abnf (RFC 5141): the
// ":"-separated fields of the NSS as written, filled by urns::nss::parse in
// iso_grammar.cpp, which names them by their keywords and places.
#ifndef URNS_GRAMMAR_NSS_ISO_HPP
#define URNS_GRAMMAR_NSS_ISO_HPP

#include <string>
#include <vector>

namespace urns {
namespace grammar {
namespace nss {
namespace iso {

using iso_attr = std::vector<std::string>;

} // namespace iso
} // namespace nss
} // namespace grammar
} // namespace urns

#endif
