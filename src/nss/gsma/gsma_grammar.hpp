// SPDX-License-Identifier: BSL-1.0
// X3 layer. Do not include from public headers; include from a .cpp only.
//
// The attribute of the typed rule of grammar/nss/gsma.abnf (RFC 7254): the
// fields of an IMEI URN, filled by urns::nss::parse in gsma_grammar.cpp.
#ifndef URNS_GRAMMAR_NSS_GSMA_HPP
#define URNS_GRAMMAR_NSS_GSMA_HPP

#include <boost/fusion/include/adapt_struct.hpp>
#include <boost/optional.hpp>

#include <string>

namespace urns {
namespace grammar {
namespace nss {
namespace gsma {

/// tac "-" snr "-" spare [";svn=" 2DIGIT] [";vers=" DIGIT], as written.
struct imei_attr {
    std::string tac;
    std::string snr;
    char spare = '0';
    boost::optional<std::string> svn;
    boost::optional<char> vers;
};

} // namespace gsma
} // namespace nss
} // namespace grammar
} // namespace urns

BOOST_FUSION_ADAPT_STRUCT(urns::grammar::nss::gsma::imei_attr, tac, snr, spare, svn, vers)

#endif
