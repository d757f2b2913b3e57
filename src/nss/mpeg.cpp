// SPDX-License-Identifier: BSL-1.0
// The "mpeg" namespace, in one translation unit: the rules of
// grammar/nss/mpeg.abnf on the extension surface <urns/nss/x3.hpp>, the
// validator, the fold and accessors, and the registration (rules()).
//
// Defines every rule of grammar/nss/mpeg.abnf (RFC 3614 section 2), in its
// order, under the ABNF line it implements, with the extension surface
// <urns/nss/x3.hpp> only, in an unnamed namespace.
//
// Faults: an NSS that starts with ":" is reported at offset 0, expected
// standard-name; one without a ":" at its end, expected ":"; one that ends
// with the ":" there, expected assigned-string.
#include <urns/nss/mpeg.hpp>
#include <urns/nss/x3.hpp>
#include "nss/fields.hpp"

#include "nss/lower_fold.hpp"

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
namespace mpeg {

struct mpeg_attr {
    std::string standard;   ///< before the first ":"
    std::string assigned;   ///< after it
};

} // namespace mpeg
} // namespace nss
} // namespace grammar
} // namespace urns

BOOST_FUSION_ADAPT_STRUCT(urns::grammar::nss::mpeg::mpeg_attr, standard, assigned)

namespace urns {
namespace grammar {
namespace nss {
namespace mpeg {
namespace {

namespace abnf = urns::nss::abnf;
using urns::nss::expect;
using urns::nss::detail::field;

inline constexpr lexical::charset octet_chars = lexical::charset().with_range(0x00, 0xFF);
inline constexpr lexical::charset name_chars = octet_chars - lexical::charset(":");

// clang-format off

URNS_NSS_RULE(mpeg_nss,        "mpeg-NSS",        x3::unused_type);
URNS_NSS_RULE(standard_name,   "standard-name",   x3::unused_type);
URNS_NSS_RULE(name_char,       "name-char",       x3::unused_type);
URNS_NSS_RULE(assigned_string, "assigned-string", x3::unused_type);
URNS_NSS_RULE(octet,           "OCTET",           x3::unused_type);

/// The typed reading of a valid mpeg-NSS.
URNS_NSS_RULE(mpeg_fields,     "mpeg-NSS",        mpeg_attr);

// mpeg-NSS        = standard-name ":" assigned-string
auto const mpeg_nss_def = expect(standard_name) >> expect(x3::lit(':'), "\":\"")
                       >> expect(assigned_string);

// standard-name   = 1*name-char
auto const standard_name_def = abnf::run_of<name_chars>;

// name-char       = %x00-39 / %x3B-FF ; any octet but ":"
auto const name_char_def = abnf::one_of<name_chars>;

// assigned-string = 1*OCTET
auto const assigned_string_def = abnf::run_of<octet_chars>;

// OCTET           = %x00-FF
auto const octet_def = abnf::one_of<octet_chars>;

auto const mpeg_fields_def = x3::raw[abnf::run_of<name_chars>] >> ':'
                          >> x3::raw[abnf::run_of<octet_chars>] >> x3::eoi;

/// The named fields of a valid mpeg-NSS.
URNS_NSS_RULE(mpeg_named, "mpeg-NSS", urns::nss::detail::field_marks);
auto const mpeg_named_def =
    field("standard-name", standard_name) >> ':' >> field("assigned-string", assigned_string);

URNS_NSS_DEFINE(mpeg_nss, standard_name, name_char, assigned_string, octet, mpeg_fields, mpeg_named)

// clang-format on

} // namespace
} // namespace mpeg
} // namespace nss
} // namespace grammar
} // namespace urns

namespace urns {
namespace nss {
namespace mpeg {

verdict validate(std::string_view nss) noexcept
{
    return x3_validator<grammar::nss::mpeg::mpeg_nss>()(nss);
}

std::optional<parts> parse(std::string_view nss)
{
    if (!validate(nss))
        return std::nullopt;
    auto const r = urns::nss::parse(grammar::nss::mpeg::mpeg_fields, nss);
    if (!r)
        return std::nullopt;
    return parts{r->standard, r->assigned};
}

} // namespace mpeg
} // namespace nss
} // namespace urns

namespace urns {
namespace nss {
namespace mpeg {

std::size_t fold(std::string_view nss, char* out) noexcept
{
    nss.copy(out, nss.size());
    if (!validate(nss))
        return nss.size();
    // The standard name (up to the first ":") is case-insensitive; the
    // remainder is case-sensitive and stays as written.
    detail::lower_outside_pct(nss, nss.find(':'), out);
    return nss.size();
}

} // namespace mpeg
} // namespace nss
} // namespace urns

namespace urns {
namespace nss {
namespace mpeg {

namespace_rules rules() noexcept
{
    namespace_rules r{"mpeg", &validate, &fold, "RFC 3614 section 2"};
    r.fields = &detail::list_fields<grammar::nss::mpeg::mpeg_named, &validate>;
    return r;
}

} // namespace mpeg
} // namespace nss
} // namespace urns
