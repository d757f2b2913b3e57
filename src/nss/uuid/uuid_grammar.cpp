// SPDX-License-Identifier: BSL-1.0
// X3 layer: instantiates the entry rule of grammar/nss/uuid.abnf for the
// one iterator and context of config.hpp, and defines the "uuid"
// namespace's validator on it. The only translation unit that compiles
// these rules.
#include <urns/detail/x3/config.hpp>
#include "nss/uuid/uuid_grammar_def.hpp"
#include <urns/nss/uuid.hpp>
#include <urns/nss/x3.hpp>

namespace urns {
namespace grammar {
namespace nss {
namespace uuid {

BOOST_SPIRIT_INSTANTIATE(uuid_type, iterator_type, context_type)

} // namespace uuid
} // namespace nss
} // namespace grammar

nss::verdict nss::uuid::validate(std::string_view s) noexcept
{
    return nss::run(grammar::nss::uuid::uuid, s);
}

} // namespace urns
