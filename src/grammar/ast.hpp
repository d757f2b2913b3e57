// SPDX-License-Identifier: BSL-1.0
// X3 layer. Do not include from public headers; include from a .cpp only.
//
// The grammars' attributes: spans into the input, never copied text, so
// parsing allocates nothing. The spans are also the error offsets.
#ifndef URNS_GRAMMAR_AST_HPP
#define URNS_GRAMMAR_AST_HPP

#include <boost/optional.hpp>
#include <boost/range/iterator_range_core.hpp>

namespace urns {
namespace grammar {
namespace ast {

/// A run of input bytes.
using span = boost::iterator_range<char const*>;

/// RFC 2141: URN = "urn:" NID ":" NSS
struct rfc2141_urn {
    span nid;
    span nss;
};

/// draft-03: urn-path = NID ":" NSS
struct urn_path {
    span nid;
    span nss;
};

/// draft-03: URI = scheme ":" urn-path [ "?" urn-query ] [ "#" fragment ]
struct rfc2141bis_urn {
    urn_path path;
    boost::optional<span> query;
    boost::optional<span> fragment;
};

/// RFC 8141: assigned-name = "urn" ":" NID ":" NSS
struct assigned_name {
    span nid;
    span nss;
};

/// RFC 8141: rq-components = [ "?+" r-component ] [ "?=" q-component ]
struct rq_components {
    boost::optional<span> r_component;
    boost::optional<span> q_component;
};

/// RFC 8141: namestring = assigned-name [ rq-components ] [ "#" f-component ]
struct namestring {
    ast::assigned_name name;
    ast::rq_components rq;
    boost::optional<span> f_component;
};

} // namespace ast
} // namespace grammar
} // namespace urns

#endif
