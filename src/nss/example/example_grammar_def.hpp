// SPDX-License-Identifier: BSL-1.0
// X3 layer. Do not include from public headers; include from a .cpp only.
//
// Defines every rule of grammar/nss/example.abnf (RFC 6963), in its order,
// under the ABNF line it implements.
#ifndef URNS_GRAMMAR_NSS_EXAMPLE_DEF_HPP
#define URNS_GRAMMAR_NSS_EXAMPLE_DEF_HPP

#include "nss/example/example_grammar.hpp"
#include <urns/nss/x3.hpp>

namespace urns {
namespace grammar {
namespace nss {
namespace example {

namespace abnf = urns::nss::abnf;
using urns::nss::expect;

// clang-format off

inline constexpr lexical::charset octet_chars = lexical::charset().with_range(0x00, 0xFF);

struct octet_class;

nss_type                const nss   = "NSS";
x3::rule<octet_class>   const octet = "OCTET";

// NSS   = 1*OCTET
auto const nss_def = abnf::run_of<octet_chars>;

// OCTET = %x00-FF
auto const octet_def = abnf::one_of<octet_chars>;

URNS_NSS_DEFINE(nss, octet)

// clang-format on

} // namespace example
} // namespace nss
} // namespace grammar
} // namespace urns

#endif
