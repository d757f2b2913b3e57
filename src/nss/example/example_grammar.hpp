// SPDX-License-Identifier: BSL-1.0
// X3 layer. Do not include from public headers; include from a .cpp only.
//
// Declares the entry rule of grammar/nss/example.abnf (RFC 6963);
// src/nss/example/example_grammar.cpp instantiates it for config.hpp's context.
#ifndef URNS_GRAMMAR_NSS_EXAMPLE_HPP
#define URNS_GRAMMAR_NSS_EXAMPLE_HPP

#include <urns/detail/x3/config.hpp>

namespace urns {
namespace grammar {
namespace nss {
namespace example {

struct nss_class;
/// NSS = 1*OCTET (nothing beyond the generic NSS).
using nss_type = x3::rule<nss_class>;
BOOST_SPIRIT_DECLARE(nss_type)

} // namespace example
} // namespace nss
} // namespace grammar
} // namespace urns

#endif
