// SPDX-License-Identifier: BSL-1.0
// X3 layer. Do not include from public headers; include from a .cpp only.
//
// Declares the entry rule of grammar/nss/uuid.abnf (RFC 9562 section 4);
// src/nss/uuid/uuid_grammar.cpp instantiates it for config.hpp's context, so a
// user grammar may use it as a building block.
#ifndef URNS_GRAMMAR_NSS_UUID_HPP
#define URNS_GRAMMAR_NSS_UUID_HPP

#include <urns/detail/x3/config.hpp>

namespace urns {
namespace grammar {
namespace nss {
namespace uuid {

struct uuid_class;
/// UUID = 4hexOctet "-" 2hexOctet "-" 2hexOctet "-" 2hexOctet "-" 6hexOctet
using uuid_type = x3::rule<uuid_class>;
BOOST_SPIRIT_DECLARE(uuid_type)

} // namespace uuid
} // namespace nss
} // namespace grammar
} // namespace urns

#endif
