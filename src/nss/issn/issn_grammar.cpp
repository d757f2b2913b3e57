// SPDX-License-Identifier: BSL-1.0
// X3 layer: instantiates the entry rule of grammar/nss/issn.abnf for the
// one iterator and context of config.hpp, and defines the "issn"
// namespace's validator on it.
#include <urns/detail/x3/config.hpp>
#include "nss/issn/issn_grammar_def.hpp"
#include <urns/nss/issn.hpp>
#include <urns/nss/x3.hpp>

namespace urns {
namespace grammar {
namespace nss {
namespace issn {

BOOST_SPIRIT_INSTANTIATE(issn_type, iterator_type, context_type)

} // namespace issn
} // namespace nss
} // namespace grammar

nss::verdict nss::issn::validate(std::string_view s) noexcept
{
    return nss::run(grammar::nss::issn::issn, s);
}

} // namespace urns
