// SPDX-License-Identifier: BSL-1.0
// X3 layer. Do not include from public headers; include from a .cpp only.
//
// The attribute of the typed rule of grammar/nss/epcglobal.abnf (RFC 5134
// section 3): the sub-namespace name and the rest as written, filled by
// urns::nss::parse in epcglobal_grammar.cpp.
#ifndef URNS_GRAMMAR_NSS_EPCGLOBAL_HPP
#define URNS_GRAMMAR_NSS_EPCGLOBAL_HPP

#include <boost/fusion/include/adapt_struct.hpp>

#include <string>

namespace urns {
namespace grammar {
namespace nss {
namespace epcglobal {

struct epcglobal_attr {
    std::string name;   ///< subnsname, before the first ":"
    std::string rest;   ///< subns, after it
};

} // namespace epcglobal
} // namespace nss
} // namespace grammar
} // namespace urns

BOOST_FUSION_ADAPT_STRUCT(urns::grammar::nss::epcglobal::epcglobal_attr, name, rest)

#endif
