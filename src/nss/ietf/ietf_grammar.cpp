// SPDX-License-Identifier: BSL-1.0
// X3 layer: instantiates the entry rules of grammar/nss/ietf.abnf and
// grammar/nss/ietf-params-scim.abnf for the one iterator and context of
// config.hpp, and defines the validators of "ietf" and of its SCIM
// sub-namespace on them.
#include <urns/detail/x3/config.hpp>
#include "nss/ietf/ietf_grammar_def.hpp"
#include <urns/nss/ietf.hpp>
#include <urns/nss/x3.hpp>

namespace urns {
namespace grammar {
namespace nss {

namespace ietf {
BOOST_SPIRIT_INSTANTIATE(nss_type, iterator_type, context_type)
} // namespace ietf

namespace ietf_params_scim {
BOOST_SPIRIT_INSTANTIATE(scim_nss_type, iterator_type, context_type)
} // namespace ietf_params_scim

} // namespace nss
} // namespace grammar

nss::verdict nss::ietf::validate(std::string_view s) noexcept
{
    return nss::run(grammar::nss::ietf::nss, s);
}

nss::verdict nss::ietf::validate_scim(std::string_view s) noexcept
{
    return nss::run(grammar::nss::ietf_params_scim::scim_nss, s);
}

} // namespace urns
