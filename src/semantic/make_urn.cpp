// SPDX-License-Identifier: BSL-1.0
// Semantic layer (X3-free): the URN builder.
#include <urns/make_urn.hpp>
#include <urns/parse.hpp>
#include <urns/pct.hpp>

#include "parse/grammar_entry.hpp"

#include <cstring>
#include <optional>
#include <string>

namespace urns {

namespace {

} // namespace

result<urn> make_urn(std::string_view nid, std::string_view identifier, urns::syntax syn,
                     std::string_view extra_reserved)
{
    // The NID as the grammar checks a URN's NID (its rule, the reserved
    // NID "urn", RFC 8141's informal NIDs), offsets into `nid`.
    if (auto e = detail::nid_fault(nid, syn))
        return *e;
    std::string s;
    s.reserve(5 + nid.size() + pct::encoded_size(identifier, syn, extra_reserved));
    s += "urn:";
    s += nid;
    s += ':';
    if (auto r = pct::encode(identifier, s, syn, extra_reserved); !r)
        return r.error();
    // The guard: what was built must parse, with the NSS just encoded.
    return urn::parse(s, syn);
}

} // namespace urns
