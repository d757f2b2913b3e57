// SPDX-License-Identifier: BSL-1.0
// X3 layer. Do not include from public headers; include from a .cpp only.
//
// Declares the entry rule of grammar/nss/oid.abnf (RFC 3061 section 2);
// src/nss/oid/oid_grammar.cpp instantiates it for config.hpp's context.
#ifndef URNS_GRAMMAR_NSS_OID_HPP
#define URNS_GRAMMAR_NSS_OID_HPP

#include <urns/detail/x3/config.hpp>

namespace urns {
namespace grammar {
namespace nss {
namespace oid {

struct oid_class;
/// oid = number *( DOT number )
using oid_type = x3::rule<oid_class>;
BOOST_SPIRIT_DECLARE(oid_type)

} // namespace oid
} // namespace nss
} // namespace grammar
} // namespace urns

#endif
