// SPDX-License-Identifier: BSL-1.0
// X3 layer. Do not include from public headers; include from a .cpp only.
//
// Declares the entry rule of grammar/rfc2141bis-03.abnf
// (draft-ietf-urnbis-rfc2141bis-urn-03); src/grammar/rfc2141bis.cpp
// instantiates it for config.hpp's context.
#ifndef URNS_GRAMMAR_RFC2141BIS_HPP
#define URNS_GRAMMAR_RFC2141BIS_HPP

#include "grammar/ast.hpp"
#include <urns/grammar/config.hpp>

namespace urns {
namespace grammar {
namespace rfc2141bis {

struct uri_class;
/// URI = scheme ":" urn-path [ "?" urn-query ] [ "#" fragment ], the whole input.
using uri_type = x3::rule<uri_class, ast::rfc2141bis_urn>;
BOOST_SPIRIT_DECLARE(uri_type)

struct nid_alone_class;
/// A NID and nothing else, with every rule a URN's NID keeps (make_urn).
using nid_alone_type = x3::rule<nid_alone_class>;
BOOST_SPIRIT_DECLARE(nid_alone_type)

struct nid_entry_class;
/// The ABNF NID rule and nothing else, without the rules the prose adds
/// (find_urns checks a candidate's NID with it; parse_urn has the last word).
using nid_entry_type = x3::rule<nid_entry_class>;
BOOST_SPIRIT_DECLARE(nid_entry_type)

struct urn_query_entry_class;
/// urn-query and nothing else (parse_query).
using urn_query_entry_type = x3::rule<urn_query_entry_class>;
BOOST_SPIRIT_DECLARE(urn_query_entry_type)

} // namespace rfc2141bis
} // namespace grammar
} // namespace urns

#endif
