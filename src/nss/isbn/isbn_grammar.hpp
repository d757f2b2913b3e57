// SPDX-License-Identifier: BSL-1.0
// X3 layer. Do not include from public headers; include from a .cpp only.
//
// Declares the entry rule of grammar/nss/isbn.abnf (RFC 3187);
// src/nss/isbn/isbn_grammar.cpp instantiates it for config.hpp's context.
#ifndef URNS_GRAMMAR_NSS_ISBN_HPP
#define URNS_GRAMMAR_NSS_ISBN_HPP

#include <urns/detail/x3/config.hpp>

namespace urns {
namespace grammar {
namespace nss {
namespace isbn {

struct isbn_class;
/// ISBN = ISBN-13 / ISBN-10
using isbn_type = x3::rule<isbn_class>;
BOOST_SPIRIT_DECLARE(isbn_type)

} // namespace isbn
} // namespace nss
} // namespace grammar
} // namespace urns

#endif
