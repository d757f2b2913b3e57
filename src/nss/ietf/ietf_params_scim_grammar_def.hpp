// SPDX-License-Identifier: BSL-1.0
// X3 layer. Do not include from public headers; include from a .cpp only.
//
// Defines every rule of grammar/nss/ietf-params-scim.abnf (RFC 7643
// section 10.2.1), in its order, under the ABNF line it implements.
#ifndef URNS_GRAMMAR_NSS_IETF_PARAMS_SCIM_DEF_HPP
#define URNS_GRAMMAR_NSS_IETF_PARAMS_SCIM_DEF_HPP

#include "nss/ietf/ietf_grammar.hpp"
#include <urns/nss/x3.hpp>

namespace urns {
namespace grammar {
namespace nss {
namespace ietf_params_scim {

namespace abnf = urns::nss::abnf;
using urns::nss::expect;

// clang-format off

/// pchar without ":" (and without pct-encoded, which is its own branch).
inline constexpr lexical::charset name_chars = lexical::rfc3986::unreserved | lexical::rfc3986::sub_delims | lexical::charset("@");

struct type_class;
struct name_class;
struct other_class;

scim_nss_type           const scim_nss = "scim-nss";
x3::rule<type_class>    const type     = "type";
x3::rule<name_class>    const name     = "name";
x3::rule<other_class>   const other    = "other";

// scim-nss    = "params:scim:" type ":" name [ ":" other ]
// Literals are case-insensitive (RFC 5234 section 2.3).
auto const scim_nss_def =
       x3::no_case["params:scim:"]
    >> expect(type)
    >> expect(x3::lit(':'), "\":\"")
    >> expect(name)
    >> -(':' >> expect(other));

// type        = "schemas" / "api" / "param"
// Each must end at the ":" that follows: "apix" is not "api", "params" not "param".
auto const type_def = (x3::no_case["schemas"] | x3::no_case["api"] | x3::no_case["param"]) >> &x3::lit(':');

// name        = 1*( unreserved / pct-encoded / sub-delims / "@" )
auto const name_def = +(abnf::one_of<name_chars> | abnf::pct_encoded);

// other       = 1*( pchar / "/" )
auto const other_def = +(abnf::pchar | '/');

URNS_NSS_DEFINE(scim_nss, type, name, other)

// clang-format on

} // namespace ietf_params_scim
} // namespace nss
} // namespace grammar
} // namespace urns

#endif
