// SPDX-License-Identifier: BSL-1.0
// X3 layer. Do not include from public headers; include from a .cpp only.
//
// The attribute of the typed rule of grammar/nss/dev.abnf (RFC 9039): the
// subtype, the body after "subtype:" as written, and the components, filled
// by urns::nss::parse in dev_grammar.cpp.
#ifndef URNS_GRAMMAR_NSS_DEV_HPP
#define URNS_GRAMMAR_NSS_DEV_HPP

#include <boost/fusion/include/adapt_struct.hpp>

#include <string>
#include <vector>

namespace urns {
namespace grammar {
namespace nss {
namespace dev {

struct dev_attr {
    std::string subtype;
    std::string body;                    ///< after "subtype:", up to the first "_"
    std::vector<std::string> components; ///< each after a "_"
};

} // namespace dev
} // namespace nss
} // namespace grammar
} // namespace urns

BOOST_FUSION_ADAPT_STRUCT(urns::grammar::nss::dev::dev_attr, subtype, body, components)

#endif
