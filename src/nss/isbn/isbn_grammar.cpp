// SPDX-License-Identifier: BSL-1.0
// X3 layer: instantiates the entry rule of grammar/nss/isbn.abnf for the
// one iterator and context of config.hpp, and defines the "isbn"
// namespace's validator on it.
#include <urns/detail/x3/config.hpp>
#include "nss/isbn/isbn_grammar_def.hpp"
#include <urns/nss/isbn.hpp>
#include <urns/nss/x3.hpp>

namespace urns {
namespace grammar {
namespace nss {
namespace isbn {

BOOST_SPIRIT_INSTANTIATE(isbn_type, iterator_type, context_type)

} // namespace isbn
} // namespace nss
} // namespace grammar

nss::verdict nss::isbn::validate(std::string_view s) noexcept
{
    return nss::run(grammar::nss::isbn::isbn, s);
}

} // namespace urns
