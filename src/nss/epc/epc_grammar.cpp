// SPDX-License-Identifier: BSL-1.0
// X3 layer: the only translation unit that compiles the rules of
// grammar/nss/epc.abnf; defines the "epc" validator on them, through the
// extension surface.
#include "nss/epc/epc_grammar_def.hpp"
#include <urns/nss/epc.hpp>

namespace urns {
namespace nss {
namespace epc {

verdict validate(std::string_view nss) noexcept
{
    return x3_validator<grammar::nss::epc::epc_nss>()(nss);
}

} // namespace epc
} // namespace nss
} // namespace urns
