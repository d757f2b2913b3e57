// SPDX-License-Identifier: BSL-1.0
// Internal: the named fields of an NSS (namespace_rules::fields) read by an
// X3 rule of the namespace's grammar. In the rule, field(name, p) is `p`,
// and the span `p` took, marked with the ABNF rule name `name`;
// list_fields turns the marks into nss_field offsets, in the order of
// their first byte, a field before the fields inside it.
//
// The marks go to the rule's attribute by semantic actions, which a failed
// try does not take back. So a fields rule runs only on an NSS the
// namespace's validator accepts, chooses each alternative by what comes
// before its first mark (a keyword, a look-ahead), and marks a part of an
// optional or repeated sequence only where nothing after it in the
// sequence can fail.
#ifndef URNS_SRC_NSS_FIELDS_HPP
#define URNS_SRC_NSS_FIELDS_HPP

#include <urns/nss/registry.hpp>
#include <urns/nss/x3.hpp>

#include <algorithm>
#include <cstddef>
#include <string_view>
#include <vector>

namespace urns {
namespace nss {
namespace detail {

/// A field marked by field(): its rule name and the bytes it took.
struct field_mark {
    char const* name;
    char const* first;
    char const* last;
};

/// The attribute of a fields rule: its marks, in the order taken.
using field_marks = std::vector<field_mark>;

/// `p`, marking the span it takes as the field `name` (an ABNF rule name,
/// static storage) in the enclosing rule's field_marks.
template <class P>
constexpr auto field(char const* name, P const& p)
{
    return x3::raw[p][([name](auto& ctx) {
        auto const& span = x3::_attr(ctx);
        x3::_val(ctx).push_back(field_mark{name, span.begin(), span.end()});
    })];
}

/** A field_lister (namespace_rules::fields): the fields `Rule` marks in
    an NSS that `Validate` accepts, as offsets into it; none for an NSS it
    rejects.
*/
template <auto const& Rule, validator Validate>
std::vector<nss_field> list_fields(void const*, std::string_view nss)
{
    std::vector<nss_field> out;
    if (!Validate(nss))
        return out;
    parsed<field_marks> marks = parse(Rule, nss);
    if (!marks)
        return out;
    // An enclosing field is marked after the fields inside it: reversed,
    // it comes before them, also where it has the same span as one.
    std::reverse(marks->begin(), marks->end());
    std::stable_sort(marks->begin(), marks->end(), [](field_mark const& a, field_mark const& b) {
        return a.first != b.first ? a.first < b.first : a.last > b.last;
    });
    for (field_mark const& m : *marks)
        out.push_back({m.name, static_cast<std::size_t>(m.first - nss.data()),
                       static_cast<std::size_t>(m.last - nss.data())});
    return out;
}

} // namespace detail
} // namespace nss
} // namespace urns

#endif
