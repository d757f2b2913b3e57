// X3 layer. Do not include from public headers; include from a .cpp only.
//
// Declares the entry rule of grammar/rfc8141.abnf (RFC 8141 section 2);
// src/grammar/rfc8141.cpp instantiates it for config.hpp's context.
#ifndef URNS_GRAMMAR_RFC8141_HPP
#define URNS_GRAMMAR_RFC8141_HPP

#include <urns/grammar/ast.hpp>
#include <urns/grammar/config.hpp>

namespace urns {
namespace grammar {
namespace rfc8141 {

struct namestring_class;
/// namestring = assigned-name [ rq-components ] [ "#" f-component ], the whole input.
using namestring_type = x3::rule<namestring_class, ast::namestring>;
BOOST_SPIRIT_DECLARE(namestring_type)

} // namespace rfc8141
} // namespace grammar
} // namespace urns

#endif
