// SPDX-License-Identifier: BSL-1.0
// X3 layer. Do not include from public headers; include from a .cpp only.
//
// The attribute of the typed rule of grammar/nss/isan.abnf (RFC 4246):
// root, episode and version as written, filled by urns::nss::parse in
// isan_grammar.cpp.
#ifndef URNS_GRAMMAR_NSS_ISAN_HPP
#define URNS_GRAMMAR_NSS_ISAN_HPP

#include <boost/fusion/include/adapt_struct.hpp>
#include <boost/optional.hpp>

#include <string>

namespace urns {
namespace grammar {
namespace nss {
namespace isan {

struct isan_attr {
    std::string root;                     ///< "hhhh-hhhh-hhhh-"
    std::string episode;                  ///< "hhhh"
    boost::optional<std::string> version; ///< "hhhh-hhhh"
};

} // namespace isan
} // namespace nss
} // namespace grammar
} // namespace urns

BOOST_FUSION_ADAPT_STRUCT(urns::grammar::nss::isan::isan_attr, root, episode, version)

#endif
