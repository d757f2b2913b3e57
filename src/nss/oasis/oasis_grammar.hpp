// SPDX-License-Identifier: BSL-1.0
// X3 layer. Do not include from public headers; include from a .cpp only.
//
// The attribute of the typed rule of grammar/nss/oasis.abnf (RFC 3121): the
// ":"-separated fields of the NSS as written, filled by urns::nss::parse in
// oasis_grammar.cpp, which names them by the branch and class they are in.
#ifndef URNS_GRAMMAR_NSS_OASIS_HPP
#define URNS_GRAMMAR_NSS_OASIS_HPP

#include <string>
#include <vector>

namespace urns {
namespace grammar {
namespace nss {
namespace oasis {

using oasis_attr = std::vector<std::string>;

} // namespace oasis
} // namespace nss
} // namespace grammar
} // namespace urns

#endif
