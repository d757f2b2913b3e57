// SPDX-License-Identifier: BSL-1.0
// X3 layer. Do not include from public headers; include from a .cpp only.
//
// Defines every rule of grammar/nss/uuid.abnf (RFC 9562 section 4), in
// its order, under the ABNF line it implements. DIGIT and HEXDIG are
// RFC 5234's, brought in by using-declarations under their quotes.
//
// Faults: every hexOctet and "-" is an expectation point, so a bad NSS is
// reported at its first bad byte: "hexOctet" where an octet should start,
// "HEXDIG" at its second digit, "\"-\"" where a hyphen is missing; bytes
// after the last octet are reported by the adapter as "UUID".
#ifndef URNS_GRAMMAR_NSS_UUID_DEF_HPP
#define URNS_GRAMMAR_NSS_UUID_DEF_HPP

#include "nss/uuid/uuid_grammar.hpp"
#include <urns/nss/x3.hpp>

namespace urns {
namespace grammar {
namespace nss {
namespace uuid {

namespace abnf = urns::nss::abnf;
using urns::nss::expect;

// clang-format off

struct hexoctet_class;

uuid_type                  const uuid     = "UUID";
x3::rule<hexoctet_class>   const hexoctet = "hexOctet";

auto const octet  = expect(hexoctet);
auto const hyphen = expect(x3::lit('-'), "\"-\"");

// UUID     = 4hexOctet "-"
//            2hexOctet "-"
//            2hexOctet "-"
//            2hexOctet "-"
//            6hexOctet
auto const uuid_def =
       x3::repeat(4)[octet] >> hyphen
    >> x3::repeat(2)[octet] >> hyphen
    >> x3::repeat(2)[octet] >> hyphen
    >> x3::repeat(2)[octet] >> hyphen
    >> x3::repeat(6)[octet];

// hexOctet = HEXDIG HEXDIG
auto const hexoctet_def = abnf::hexdig >> expect(abnf::hexdig);

// DIGIT    = %x30-39
using abnf::digit;

// HEXDIG   = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"
using abnf::hexdig;

URNS_NSS_DEFINE(uuid, hexoctet)

// clang-format on

} // namespace uuid
} // namespace nss
} // namespace grammar
} // namespace urns

#endif
