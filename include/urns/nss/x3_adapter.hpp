// SPDX-License-Identifier: BSL-1.0
//
// The former name of the extension surface: it includes <urns/nss/x3.hpp>
// (X3: from the one .cpp file that defines a grammar only) and keeps the
// two names it used to give. New code includes <urns/nss/x3.hpp>.
#ifndef URNS_NSS_X3_ADAPTER_HPP
#define URNS_NSS_X3_ADAPTER_HPP

#include <urns/nss/x3.hpp>

namespace urns {
namespace nss {

/// Same as urns::nss::run(rule, nss).
template <class Rule>
std::optional<nss_fault> run_x3_rule(Rule const& rule, std::string_view nss)
{
    return run(rule, nss);
}

} // namespace nss
} // namespace urns

#endif
