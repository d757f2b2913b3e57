// SPDX-License-Identifier: BSL-1.0
// The "nfc" namespace, in one translation unit: the rules of
// grammar/nss/nfc.abnf on the extension surface <urns/nss/x3.hpp>, the
// validator, the fold and accessors, and the registration (rules()).
//
// Defines every rule of grammar/nss/nfc.abnf (RFC 4729 section 2), in its
// order, under the ABNF line it implements, with the extension surface
// <urns/nss/x3.hpp> only, in an unnamed namespace.
//
// Faults: an NSS that starts with ":" is reported at offset 0, expected
// NFCresource; one without a ":" at its end, expected ":"; one that ends
// with the ":" there, expected ResourceSpecificString.
#include <urns/nss/nfc.hpp>
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
namespace nfc {

struct nfc_attr {
    std::string resource;   ///< before the first ":"
    std::string specific;   ///< after it
};

} // namespace nfc
} // namespace nss
} // namespace grammar
} // namespace urns

BOOST_FUSION_ADAPT_STRUCT(urns::grammar::nss::nfc::nfc_attr, resource, specific)

namespace urns {
namespace grammar {
namespace nss {
namespace nfc {
namespace {

namespace abnf = urns::nss::abnf;
using urns::nss::expect;
using urns::nss::detail::field;

inline constexpr lexical::charset octet_chars = lexical::charset().with_range(0x00, 0xFF);
inline constexpr lexical::charset resource_chars = octet_chars - lexical::charset(":");

// clang-format off

URNS_NSS_RULE(nfc_nss,                "nfc-NSS",                x3::unused_type);
URNS_NSS_RULE(nfcresource,            "NFCresource",            x3::unused_type);
URNS_NSS_RULE(resource_char,          "resource-char",          x3::unused_type);
URNS_NSS_RULE(resourcespecificstring, "ResourceSpecificString", x3::unused_type);
URNS_NSS_RULE(octet,                  "OCTET",                  x3::unused_type);

/// The typed reading of a valid nfc-NSS.
URNS_NSS_RULE(nfc_fields,             "nfc-NSS",                nfc_attr);

// nfc-NSS                = NFCresource ":" ResourceSpecificString
auto const nfc_nss_def = expect(nfcresource) >> expect(x3::lit(':'), "\":\"")
                      >> expect(resourcespecificstring);

// NFCresource            = 1*resource-char
auto const nfcresource_def = abnf::run_of<resource_chars>;

// resource-char          = %x00-39 / %x3B-FF ; any octet but ":"
auto const resource_char_def = abnf::one_of<resource_chars>;

// ResourceSpecificString = 1*OCTET
auto const resourcespecificstring_def = abnf::run_of<octet_chars>;

// OCTET                  = %x00-FF
auto const octet_def = abnf::one_of<octet_chars>;

auto const nfc_fields_def = x3::raw[abnf::run_of<resource_chars>] >> ':'
                         >> x3::raw[abnf::run_of<octet_chars>] >> x3::eoi;

/// The named fields of a valid nfc-NSS.
URNS_NSS_RULE(nfc_named, "nfc-NSS", urns::nss::detail::field_marks);
auto const nfc_named_def =
    field("NFCresource", nfcresource) >> ':' >> field("ResourceSpecificString", resourcespecificstring);

URNS_NSS_DEFINE(nfc_nss, nfcresource, resource_char, resourcespecificstring, octet, nfc_fields, nfc_named)

// clang-format on

} // namespace
} // namespace nfc
} // namespace nss
} // namespace grammar
} // namespace urns

namespace urns {
namespace nss {
namespace nfc {

verdict validate(std::string_view nss) noexcept
{
    return x3_validator<grammar::nss::nfc::nfc_nss>()(nss);
}

std::optional<parts> parse(std::string_view nss)
{
    if (!validate(nss))
        return std::nullopt;
    auto const r = urns::nss::parse(grammar::nss::nfc::nfc_fields, nss);
    if (!r)
        return std::nullopt;
    return parts{r->resource, r->specific};
}

} // namespace nfc
} // namespace nss
} // namespace urns

namespace urns {
namespace nss {
namespace nfc {

namespace_rules rules() noexcept
{
    namespace_rules r{"nfc", &validate, nullptr, "RFC 4729 section 2"};
    r.fields = &detail::list_fields<grammar::nss::nfc::nfc_named, &validate>;
    return r;
}

} // namespace nfc
} // namespace nss
} // namespace urns
