// SPDX-License-Identifier: BSL-1.0
//
// A second grammar file linked into test_nss_surface: a rule named "code"
// (ID code_class), as in nss_surface.cpp, with another definition. Rules in
// an unnamed namespace are each file's own, so neither file's parse_rule
// replaces the other's.
#include "nss_surface_other.hpp"

#include <urns/nss/x3.hpp>

// At global scope, as the other file's: without the unnamed namespace both
// IDs would be ::code_class, and one parse_rule would serve both files.
namespace {

namespace x3 = boost::spirit::x3;

URNS_NSS_RULE(code, "code", x3::unused_type);
auto const code_def = x3::repeat(2)[urns::nss::abnf::alpha];
URNS_NSS_DEFINE(code)

} // namespace

namespace nss_surface_other {

urns::nss::validator code_validator() noexcept
{
    return urns::nss::x3_validator<code>();
}

} // namespace nss_surface_other
