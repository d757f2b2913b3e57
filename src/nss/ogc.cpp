// SPDX-License-Identifier: BSL-1.0
// The "ogc" namespace, in one translation unit: the rules of
// grammar/nss/ogc.abnf on the extension surface <urns/nss/x3.hpp>, the
// validator, the fold and accessors, and the registration (rules()).
//
// Defines every rule of grammar/nss/ogc.abnf (RFC 5165 section 2), in its
// order, under the ABNF line it implements, with the extension surface
// <urns/nss/x3.hpp> only, in an unnamed namespace.
//
// Faults: an NSS that starts with ":" is reported at offset 0, expected
// OGCresource; one without a ":" at its end, expected ":"; one that ends
// with the ":" there, expected ResourceSpecificString.
#include <urns/nss/ogc.hpp>
#include <urns/nss/x3.hpp>
#include "nss/fields.hpp"

#include <boost/fusion/include/adapt_struct.hpp>
#include <string>


// Rules that quote an ABNF line the grammar takes another way (1*OCTET as
// one run of a class) are referenced only from templates that are never
// instantiated; clang would call them unneeded in this, their only file.
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wunneeded-internal-declaration"
#endif

namespace urns {
namespace grammar {
namespace nss {
namespace ogc {

struct ogc_attr {
    std::string resource;   ///< before the first ":"
    std::string specific;   ///< after it
};

} // namespace ogc
} // namespace nss
} // namespace grammar
} // namespace urns

BOOST_FUSION_ADAPT_STRUCT(urns::grammar::nss::ogc::ogc_attr, resource, specific)

namespace urns {
namespace grammar {
namespace nss {
namespace ogc {
namespace {

namespace abnf = urns::nss::abnf;
using urns::nss::expect;
using urns::nss::detail::field;

inline constexpr lexical::charset octet_chars = lexical::charset().with_range(0x00, 0xFF);
inline constexpr lexical::charset resource_chars = octet_chars - lexical::charset(":");

// clang-format off

URNS_NSS_RULE(ogc_nss,                "ogc-NSS",                x3::unused_type);
URNS_NSS_RULE(ogcresource,            "OGCresource",            x3::unused_type);
URNS_NSS_RULE(resource_char,          "resource-char",          x3::unused_type);
URNS_NSS_RULE(resourcespecificstring, "ResourceSpecificString", x3::unused_type);
URNS_NSS_RULE(octet,                  "OCTET",                  x3::unused_type);

/// The typed reading of a valid ogc-NSS.
URNS_NSS_RULE(ogc_fields,             "ogc-NSS",                ogc_attr);

// ogc-NSS                = OGCresource ":" ResourceSpecificString
auto const ogc_nss_def = expect(ogcresource) >> expect(x3::lit(':'), "\":\"")
                      >> expect(resourcespecificstring);

// OGCresource            = 1*resource-char
auto const ogcresource_def = abnf::run_of<resource_chars>;

// resource-char          = %x00-39 / %x3B-FF ; any octet but ":"
auto const resource_char_def = abnf::one_of<resource_chars>;

// ResourceSpecificString = 1*OCTET
auto const resourcespecificstring_def = abnf::run_of<octet_chars>;

// OCTET                  = %x00-FF
auto const octet_def = abnf::one_of<octet_chars>;

auto const ogc_fields_def = x3::raw[abnf::run_of<resource_chars>] >> ':'
                         >> x3::raw[abnf::run_of<octet_chars>] >> x3::eoi;

/// The named fields of a valid ogc-NSS.
URNS_NSS_RULE(ogc_named, "ogc-NSS", urns::nss::detail::field_marks);
auto const ogc_named_def =
    field("OGCresource", ogcresource) >> ':' >> field("ResourceSpecificString", resourcespecificstring);

URNS_NSS_DEFINE(ogc_nss, ogcresource, resource_char, resourcespecificstring, octet, ogc_fields, ogc_named)

// clang-format on

} // namespace
} // namespace ogc
} // namespace nss
} // namespace grammar
} // namespace urns

namespace urns {
namespace nss {
namespace ogc {

verdict validate(std::string_view nss) noexcept
{
    return x3_validator<grammar::nss::ogc::ogc_nss>()(nss);
}

std::optional<parts> parse(std::string_view nss)
{
    if (!validate(nss))
        return std::nullopt;
    auto const r = urns::nss::parse(grammar::nss::ogc::ogc_fields, nss);
    if (!r)
        return std::nullopt;
    return parts{r->resource, r->specific};
}

} // namespace ogc
} // namespace nss
} // namespace urns

namespace urns {
namespace nss {
namespace ogc {

namespace_rules rules() noexcept
{
    namespace_rules r{"ogc", &validate, nullptr, "RFC 5165 section 2"};
    r.fields = &detail::list_fields<grammar::nss::ogc::ogc_named, &validate>;
    return r;
}

} // namespace ogc
} // namespace nss
} // namespace urns
