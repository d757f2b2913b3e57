// SPDX-License-Identifier: BSL-1.0
// X3 layer. Do not include from public headers; include from a .cpp only.
//
// Declares the entry rule of grammar/nss/nbn.abnf (RFC 8458);
// src/nss/nbn/nbn_grammar.cpp instantiates it for config.hpp's context.
#ifndef URNS_GRAMMAR_NSS_NBN_HPP
#define URNS_GRAMMAR_NSS_NBN_HPP

#include <urns/detail/x3/config.hpp>

namespace urns {
namespace grammar {
namespace nss {
namespace nbn {

struct nbn_class;
/// NBN = prefix "-" nbn-string
using nbn_type = x3::rule<nbn_class>;
BOOST_SPIRIT_DECLARE(nbn_type)

} // namespace nbn
} // namespace nss
} // namespace grammar
} // namespace urns

#endif
