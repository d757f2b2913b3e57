// SPDX-License-Identifier: BSL-1.0
// The "xmpp" namespace, in one translation unit: the rules of
// grammar/nss/xmpp.abnf on the extension surface <urns/nss/x3.hpp>, the
// validator, the fold and accessors, and the registration (rules()).
//
// Defines every rule of grammar/nss/xmpp.abnf (RFC 4854 section 2), in its
// order, under the ABNF line it implements, with the extension surface
// <urns/nss/x3.hpp> only, in an unnamed namespace.
//
// Faults: an NSS that starts with ":" is reported at offset 0, expected
// ShortName; an empty name after a ":" at the byte after that ":", expected
// SubName (the first ":") or sub-tree-name (a later one).
#include <urns/nss/xmpp.hpp>
#include <urns/nss/x3.hpp>
#include "nss/fields.hpp"

#include <string>
#include <vector>


// Rules that quote an ABNF line the grammar takes another way (1*OCTET as
// one run of a class) are referenced only from templates that are never
// instantiated; clang would call them unneeded in this, their only file.
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wunneeded-internal-declaration"
#endif

namespace urns {
namespace grammar {
namespace nss {
namespace xmpp {

using xmpp_attr = std::vector<std::string>;

} // namespace xmpp
} // namespace nss
} // namespace grammar
} // namespace urns

namespace urns {
namespace grammar {
namespace nss {
namespace xmpp {
namespace {

namespace abnf = urns::nss::abnf;
using urns::nss::expect;
using urns::nss::detail::field;

inline constexpr lexical::charset name_chars = lexical::charset().with_range(0x00, 0xFF) - lexical::charset(":");

// clang-format off

URNS_NSS_RULE(xmpp_nss,      "xmpp-NSS",      x3::unused_type);
URNS_NSS_RULE(shortname,     "ShortName",     x3::unused_type);
URNS_NSS_RULE(subname,       "SubName",       x3::unused_type);
URNS_NSS_RULE(sub_tree_name, "sub-tree-name", x3::unused_type);
URNS_NSS_RULE(name_char,     "name-char",     x3::unused_type);

/// The typed reading of a valid xmpp-NSS: its ":"-separated names, as
/// written (the parse below gives them their places).
URNS_NSS_RULE(xmpp_fields,   "xmpp-NSS",      xmpp_attr);

// xmpp-NSS      = ShortName [ ":" SubName *( ":" sub-tree-name ) ]
auto const xmpp_nss_def = expect(shortname)
                       >> -(x3::lit(':') >> expect(subname) >> *(x3::lit(':') >> expect(sub_tree_name)));

// ShortName     = 1*name-char
auto const shortname_def = abnf::run_of<name_chars>;

// SubName       = 1*name-char
auto const subname_def = abnf::run_of<name_chars>;

// sub-tree-name = 1*name-char
auto const sub_tree_name_def = abnf::run_of<name_chars>;

// name-char     = %x00-39 / %x3B-FF ; any octet but ":"
auto const name_char_def = abnf::one_of<name_chars>;

auto const xmpp_fields_def = x3::raw[abnf::run_of<name_chars>] % ':' >> x3::eoi;

/// The named fields of a valid xmpp-NSS.
URNS_NSS_RULE(xmpp_named, "xmpp-NSS", urns::nss::detail::field_marks);
auto const xmpp_named_def = field("ShortName", shortname)
    >> -(':' >> field("SubName", subname) >> *(':' >> field("sub-tree-name", sub_tree_name)));

URNS_NSS_DEFINE(xmpp_nss, shortname, subname, sub_tree_name, name_char, xmpp_fields, xmpp_named)

// clang-format on

} // namespace
} // namespace xmpp
} // namespace nss
} // namespace grammar
} // namespace urns

namespace urns {
namespace nss {
namespace xmpp {

verdict validate(std::string_view nss) noexcept
{
    return x3_validator<grammar::nss::xmpp::xmpp_nss>()(nss);
}

std::optional<parts> parse(std::string_view nss)
{
    if (!validate(nss))
        return std::nullopt;
    auto const r = urns::nss::parse(grammar::nss::xmpp::xmpp_fields, nss);
    if (!r)
        return std::nullopt;
    std::vector<std::string> const& f = *r;
    // {ShortName}[:{SubName}[:{sub-tree name}]...]
    parts out;
    out.short_name = f[0];
    if (f.size() > 1)
        out.sub_name = f[1];
    if (f.size() > 2)
        out.sub_tree.assign(f.begin() + 2, f.end());
    return out;
}

} // namespace xmpp
} // namespace nss
} // namespace urns

namespace urns {
namespace nss {
namespace xmpp {

namespace_rules rules() noexcept
{
    namespace_rules r{"xmpp", &validate, nullptr, "RFC 4854 section 2"};
    r.fields = &detail::list_fields<grammar::nss::xmpp::xmpp_named, &validate>;
    return r;
}

} // namespace xmpp
} // namespace nss
} // namespace urns
