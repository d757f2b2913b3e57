// SPDX-License-Identifier: BSL-1.0
//
// Must not compile: X3's throwing expectation in an NSS grammar. With it, a
// fault would name the entry rule at the first failure, not the farthest
// failure with every name expected there; <urns/nss/x3.hpp> refuses it and
// says to write urns::nss::expect (test nss_surface_refuses_throwing_expectation).
#include <urns/nss/x3.hpp>

namespace {

namespace x3 = boost::spirit::x3;

URNS_NSS_RULE(pair, "pair", x3::unused_type);
auto const pair_def = urns::nss::abnf::digit > urns::nss::abnf::digit;
URNS_NSS_DEFINE(pair)

} // namespace

bool valid_pair(std::string_view nss)
{
    return static_cast<bool>(urns::nss::run(pair, nss));
}
