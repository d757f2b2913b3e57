// SPDX-License-Identifier: BSL-1.0
// X3 layer. Do not include from public headers; include from a .cpp only.
//
// Declares the entry rule of grammar/rfc8141.abnf (RFC 8141 section 2);
// src/grammar/rfc8141.cpp instantiates it for config.hpp's context.
#ifndef URNS_GRAMMAR_RFC8141_HPP
#define URNS_GRAMMAR_RFC8141_HPP

#include "grammar/ast.hpp"
#include <urns/grammar/config.hpp>

namespace urns {
namespace grammar {
namespace rfc8141 {

struct namestring_class;
/// namestring = assigned-name [ rq-components ] [ "#" f-component ], the whole input.
using namestring_type = x3::rule<namestring_class, ast::namestring>;
BOOST_SPIRIT_DECLARE(namestring_type)

struct nid_alone_class;
/// A NID and nothing else, with every rule a URN's NID keeps (make_urn).
using nid_alone_type = x3::rule<nid_alone_class>;
BOOST_SPIRIT_DECLARE(nid_alone_type)

struct nid_entry_class;
/// The ABNF NID rule and nothing else, without the rules the prose adds
/// (find_urns checks a candidate's NID with it; parse_urn has the last word).
using nid_entry_type = x3::rule<nid_entry_class>;
BOOST_SPIRIT_DECLARE(nid_entry_type)

struct informal_entry_class;
/// InformalNamespaceName and nothing else (urns::check).
using informal_entry_type = x3::rule<informal_entry_class>;
BOOST_SPIRIT_DECLARE(informal_entry_type)

} // namespace rfc8141
} // namespace grammar
} // namespace urns

#endif
