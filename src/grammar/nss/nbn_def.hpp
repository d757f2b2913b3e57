// X3 layer. Do not include from public headers; include from a .cpp only.
//
// Defines every rule of grammar/nss/nbn.abnf (RFC 8458), in its order,
// under the ABNF line it implements.
#ifndef URNS_GRAMMAR_NSS_NBN_DEF_HPP
#define URNS_GRAMMAR_NSS_NBN_DEF_HPP

#include "grammar/nss/example_def.hpp"
#include "grammar/nss/nbn.hpp"
#include <urns/detail/x3/primitives.hpp>
#include "grammar/rfc5234_def.hpp"

namespace urns {
namespace grammar {
namespace nss {
namespace nbn {

// clang-format off

inline constexpr charset sub_namespace_chars = lexical::rfc5234::alpha | lexical::rfc5234::digit;

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
auto const nbn_def = prefix >> must(x3::lit('-'), "\"-\"", error::nss_rejected)
                            >> must(nbn_string, error::nss_rejected);

// prefix        = country-code *( ":" sub-namespace )
auto const prefix_def = must(country_code, error::nss_rejected)
                     >> *(':' >> must(sub_namespace, error::nss_rejected));

// country-code  = 2ALPHA
auto const country_code_def = x3::repeat(2)[rfc5234::alpha];

// sub-namespace = 1*( ALPHA / DIGIT )
auto const sub_namespace_def = run_of<sub_namespace_chars>{};

// nbn-string    = 1*OCTET
auto const nbn_string_def = grammar::nss::example::nss;

// ALPHA         = %x41-5A / %x61-7A
using rfc5234::alpha;

// OCTET         = %x00-FF
using grammar::nss::example::octet;

BOOST_SPIRIT_DEFINE(nbn, prefix, country_code, sub_namespace, nbn_string)

// clang-format on

} // namespace nbn
} // namespace nss
} // namespace grammar
} // namespace urns

#endif
