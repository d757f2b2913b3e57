// SPDX-License-Identifier: BSL-1.0
// X3 layer. Do not include from public headers; include from a .cpp only.
//
// The attribute of the typed rule of grammar/nss/xmpp.abnf (RFC 4854): the
// ":"-separated names of the NSS as written, filled by urns::nss::parse in
// xmpp_grammar.cpp, which names them by their place.
#ifndef URNS_GRAMMAR_NSS_XMPP_HPP
#define URNS_GRAMMAR_NSS_XMPP_HPP

#include <string>
#include <vector>

namespace urns {
namespace grammar {
namespace nss {
namespace xmpp {

using xmpp_attr = std::vector<std::string>;

} // namespace xmpp
} // namespace nss
} // namespace grammar
} // namespace urns

#endif
