// SPDX-License-Identifier: BSL-1.0
// X3 layer. Do not include from public headers; include from a .cpp only.
//
// Declares the entry rules of grammar/nss/ietf.abnf (RFC 2648, RFC 3553)
// and grammar/nss/ietf-params-scim.abnf (RFC 7643 section 10.2.1);
// src/nss/ietf/ietf_grammar.cpp instantiates them for config.hpp's context.
#ifndef URNS_GRAMMAR_NSS_IETF_HPP
#define URNS_GRAMMAR_NSS_IETF_HPP

#include <urns/detail/x3/config.hpp>

namespace urns {
namespace grammar {
namespace nss {

namespace ietf {
struct nss_class;
/// NSS = rfc-nss / fyi-nss / std-nss / bcp-nss / draft-nss / mtg-nss / params-nss / other-nss
using nss_type = x3::rule<nss_class>;
BOOST_SPIRIT_DECLARE(nss_type)
} // namespace ietf

namespace ietf_params_scim {
struct scim_nss_class;
/// scim-nss = "params:scim:" type ":" name [ ":" other ]
using scim_nss_type = x3::rule<scim_nss_class>;
BOOST_SPIRIT_DECLARE(scim_nss_type)
} // namespace ietf_params_scim

} // namespace nss
} // namespace grammar
} // namespace urns

#endif
