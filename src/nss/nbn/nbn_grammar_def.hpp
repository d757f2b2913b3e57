// SPDX-License-Identifier: BSL-1.0
// X3 layer. Do not include from public headers; include from a .cpp only.
//
// Defines every rule of grammar/nss/nbn.abnf (RFC 8458), in its order,
// under the ABNF line it implements.
#ifndef URNS_GRAMMAR_NSS_NBN_DEF_HPP
#define URNS_GRAMMAR_NSS_NBN_DEF_HPP

#include "nss/example/example_grammar_def.hpp"
#include "nss/nbn/nbn_grammar.hpp"
#include <urns/nss/x3.hpp>

namespace urns {
namespace grammar {
namespace nss {
namespace nbn {

namespace abnf = urns::nss::abnf;
using urns::nss::expect;

// clang-format off

inline constexpr lexical::charset sub_namespace_chars = lexical::rfc5234::alpha | lexical::rfc5234::digit;

struct prefix_class;
struct country_code_class;
struct sub_namespace_class;
struct nbn_string_class;

nbn_type                        const nbn           = "NBN";
x3::rule<prefix_class>          const prefix        = "prefix";
x3::rule<country_code_class>    const country_code  = "country-code";
x3::rule<sub_namespace_class>   const sub_namespace = "sub-namespace";
x3::rule<nbn_string_class>      const nbn_string    = "nbn-string";

// NBN           = prefix "-" nbn-string
auto const nbn_def = prefix >> expect(x3::lit('-'), "\"-\"")
                            >> expect(nbn_string);

// prefix        = country-code *( ":" sub-namespace )
auto const prefix_def = expect(country_code)
                     >> *(':' >> expect(sub_namespace));

// country-code  = 2ALPHA
auto const country_code_def = x3::repeat(2)[abnf::alpha];

// sub-namespace = 1*( ALPHA / DIGIT )
auto const sub_namespace_def = abnf::run_of<sub_namespace_chars>;

// nbn-string    = 1*OCTET
auto const nbn_string_def = grammar::nss::example::nss;

// ALPHA         = %x41-5A / %x61-7A
using abnf::alpha;

// OCTET         = %x00-FF
using grammar::nss::example::octet;

URNS_NSS_DEFINE(nbn, prefix, country_code, sub_namespace, nbn_string)

// clang-format on

} // namespace nbn
} // namespace nss
} // namespace grammar
} // namespace urns

#endif
