// SPDX-License-Identifier: BSL-1.0
// X3 layer. Do not include from public headers; include from a .cpp only.
//
// The attribute of the typed rule of grammar/nss/publicid.abnf (RFC 3151):
// the units and "+"s of the NSS as written, filled by urns::nss::parse in
// publicid_grammar.cpp and decoded there.
#ifndef URNS_GRAMMAR_NSS_PUBLICID_HPP
#define URNS_GRAMMAR_NSS_PUBLICID_HPP

#include <string>
#include <vector>

namespace urns {
namespace grammar {
namespace nss {
namespace publicid {

using publicid_attr = std::vector<std::string>;

} // namespace publicid
} // namespace nss
} // namespace grammar
} // namespace urns

#endif
