// SPDX-License-Identifier: BSL-1.0
// X3 layer. Do not include from public headers; include from a .cpp only.
//
// Declares the entry rule of grammar/nss/issn.abnf (RFC 3044);
// src/nss/issn/issn_grammar.cpp instantiates it for config.hpp's context.
#ifndef URNS_GRAMMAR_NSS_ISSN_HPP
#define URNS_GRAMMAR_NSS_ISSN_HPP

#include <urns/detail/x3/config.hpp>

namespace urns {
namespace grammar {
namespace nss {
namespace issn {

struct issn_class;
/// ISSN = 4DIGIT "-" 3DIGIT check-digit
using issn_type = x3::rule<issn_class>;
BOOST_SPIRIT_DECLARE(issn_type)

} // namespace issn
} // namespace nss
} // namespace grammar
} // namespace urns

#endif
