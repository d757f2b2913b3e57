// SPDX-License-Identifier: BSL-1.0
// X3 layer: instantiates the entry rule of grammar/nss/oid.abnf for the
// one iterator and context of config.hpp, and defines the "oid"
// namespace's validator on it.
#include <urns/detail/x3/config.hpp>
#include "nss/oid/oid_grammar_def.hpp"
#include <urns/nss/oid.hpp>
#include <urns/nss/x3.hpp>

namespace urns {
namespace grammar {
namespace nss {
namespace oid {

BOOST_SPIRIT_INSTANTIATE(oid_type, iterator_type, context_type)

} // namespace oid
} // namespace nss
} // namespace grammar

nss::verdict nss::oid::validate(std::string_view s) noexcept
{
    return nss::run(grammar::nss::oid::oid, s);
}

} // namespace urns
