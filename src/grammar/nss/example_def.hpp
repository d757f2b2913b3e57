// X3 layer. Do not include from public headers; include from a .cpp only.
//
// Defines every rule of grammar/nss/example.abnf (RFC 6963), in its order,
// under the ABNF line it implements.
#ifndef URNS_GRAMMAR_NSS_EXAMPLE_DEF_HPP
#define URNS_GRAMMAR_NSS_EXAMPLE_DEF_HPP

#include "grammar/nss/example.hpp"
#include <urns/detail/x3/primitives.hpp>

namespace urns {
namespace grammar {
namespace nss {
namespace example {

// clang-format off

inline constexpr charset octet_chars = charset().with_range(0x00, 0xFF);

struct octet_class;

nss_type                const nss   = "NSS";
x3::rule<octet_class>   const octet = "OCTET";

// NSS   = 1*OCTET
auto const nss_def = run_of<octet_chars>{};

// OCTET = %x00-FF
auto const octet_def = char_in<octet_chars>{};

BOOST_SPIRIT_DEFINE(nss, octet)

// clang-format on

} // namespace example
} // namespace nss
} // namespace grammar
} // namespace urns

#endif
