// SPDX-License-Identifier: BSL-1.0
// X3 layer. Do not include from public headers; include from a .cpp only.
//
// The attribute of the typed rule of grammar/nss/ogc.abnf (RFC 5165): the
// OGCresource and the ResourceSpecificString as written, filled by
// urns::nss::parse in ogc_grammar.cpp.
#ifndef URNS_GRAMMAR_NSS_OGC_HPP
#define URNS_GRAMMAR_NSS_OGC_HPP

#include <boost/fusion/include/adapt_struct.hpp>

#include <string>

namespace urns {
namespace grammar {
namespace nss {
namespace ogc {

struct ogc_attr {
    std::string resource;   ///< before the first ":"
    std::string specific;   ///< after it
};

} // namespace ogc
} // namespace nss
} // namespace grammar
} // namespace urns

BOOST_FUSION_ADAPT_STRUCT(urns::grammar::nss::ogc::ogc_attr, resource, specific)

#endif
