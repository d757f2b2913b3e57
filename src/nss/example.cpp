// SPDX-License-Identifier: BSL-1.0
// The "example" namespace, in one translation unit: the rules of
// grammar/nss/example.abnf on the extension surface <urns/nss/x3.hpp>, the
// validator, the fold and accessors, and the registration (rules()).
//
// Defines every rule of grammar/nss/example.abnf (RFC 6963), in its order,
// under the ABNF line it implements.
#include <urns/nss/example.hpp>
#include <urns/grammar/config.hpp>
#include <urns/nss/x3.hpp>




// Rules that quote an ABNF line the grammar takes another way (1*OCTET as
// one run of a class) are referenced only from templates that are never
// instantiated; clang would call them unneeded in this, their only file.
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wunneeded-internal-declaration"
#endif

namespace urns {
namespace grammar {
namespace nss {
namespace example {

struct nss_class;
/// NSS = 1*OCTET (nothing beyond the generic NSS).
using nss_type = x3::rule<nss_class>;

} // namespace example
} // namespace nss
} // namespace grammar
} // namespace urns

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

namespace urns {

nss::verdict nss::example::validate(std::string_view s) noexcept
{
    return nss::run(grammar::nss::example::nss, s);
}

} // namespace urns

namespace urns {
namespace nss {
namespace example {

namespace_rules rules() noexcept
{
    return {"example", &validate, nullptr, "RFC 6963 (BCP 183)"};
}

} // namespace example
} // namespace nss
} // namespace urns
