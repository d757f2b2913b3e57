// SPDX-License-Identifier: BSL-1.0
// X3 layer. Do not include from public headers; include from a .cpp only.
//
// The attribute of the typed rule of grammar/nss/mpeg.abnf (RFC 3614): the
// standard name and the assigned string as written, filled by
// urns::nss::parse in mpeg_grammar.cpp.
#ifndef URNS_GRAMMAR_NSS_MPEG_HPP
#define URNS_GRAMMAR_NSS_MPEG_HPP

#include <boost/fusion/include/adapt_struct.hpp>

#include <string>

namespace urns {
namespace grammar {
namespace nss {
namespace mpeg {

struct mpeg_attr {
    std::string standard;   ///< before the first ":"
    std::string assigned;   ///< after it
};

} // namespace mpeg
} // namespace nss
} // namespace grammar
} // namespace urns

BOOST_FUSION_ADAPT_STRUCT(urns::grammar::nss::mpeg::mpeg_attr, standard, assigned)

#endif
