// SPDX-License-Identifier: BSL-1.0
// X3 layer. Do not include from public headers; include from a .cpp only.
#ifndef URNS_GRAMMAR_AST_ADAPTED_HPP
#define URNS_GRAMMAR_AST_ADAPTED_HPP

#include "grammar/ast.hpp"

#include <boost/fusion/include/adapt_struct.hpp>

BOOST_FUSION_ADAPT_STRUCT(urns::grammar::ast::rfc2141_urn, nid, nss)
BOOST_FUSION_ADAPT_STRUCT(urns::grammar::ast::urn_path, nid, nss)
BOOST_FUSION_ADAPT_STRUCT(urns::grammar::ast::rfc2141bis_urn, path, query, fragment)
BOOST_FUSION_ADAPT_STRUCT(urns::grammar::ast::assigned_name, nid, nss)
BOOST_FUSION_ADAPT_STRUCT(urns::grammar::ast::rq_components, r_component, q_component)
BOOST_FUSION_ADAPT_STRUCT(urns::grammar::ast::namestring, name, rq, f_component)

#endif
