// SPDX-License-Identifier: BSL-1.0
// X3 layer: instantiates the entry rule of grammar/nss/example.abnf for the
// one iterator and context of config.hpp, and defines the "example"
// namespace's validator on it.
#include <urns/detail/x3/config.hpp>
#include "nss/example/example_grammar_def.hpp"
#include <urns/nss/example.hpp>
#include <urns/nss/x3.hpp>

namespace urns {
namespace grammar {
namespace nss {
namespace example {

BOOST_SPIRIT_INSTANTIATE(nss_type, iterator_type, context_type)

} // namespace example
} // namespace nss
} // namespace grammar

nss::verdict nss::example::validate(std::string_view s) noexcept
{
    return nss::run(grammar::nss::example::nss, s);
}

} // namespace urns
