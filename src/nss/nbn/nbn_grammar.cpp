// SPDX-License-Identifier: BSL-1.0
// X3 layer: instantiates the entry rule of grammar/nss/nbn.abnf for the
// one iterator and context of config.hpp, and defines the "nbn"
// namespace's validator on it.
#include <urns/detail/x3/config.hpp>
#include "nss/nbn/nbn_grammar_def.hpp"
#include <urns/nss/nbn.hpp>
#include <urns/nss/x3.hpp>

namespace urns {
namespace grammar {
namespace nss {
namespace nbn {

BOOST_SPIRIT_INSTANTIATE(nbn_type, iterator_type, context_type)

} // namespace nbn
} // namespace nss
} // namespace grammar

nss::verdict nss::nbn::validate(std::string_view s) noexcept
{
    return nss::run(grammar::nss::nbn::nbn, s);
}

} // namespace urns
