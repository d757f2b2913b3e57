// SPDX-License-Identifier: BSL-1.0
// X3 layer: instantiates the entry rule of grammar/rfc8141.abnf for the one
// iterator and context of config.hpp (BOOST_SPIRIT_INSTANTIATE). This is
// the only translation unit that compiles these rules.
//
// If the linker reports "undefined reference to bool ...::parse_rule<char
// const*, boost::spirit::x3::context<...>>", the caller's context is not
// config.hpp's context_type: compare the two types in the message.
#include <urns/grammar/config.hpp>
#include "grammar/rfc8141_def.hpp"

namespace urns {
namespace grammar {
namespace rfc8141 {

BOOST_SPIRIT_INSTANTIATE(namestring_type, iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(nid_alone_type, iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(nid_entry_type, iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(informal_entry_type, iterator_type, context_type)

} // namespace rfc8141
} // namespace grammar
} // namespace urns
