// SPDX-License-Identifier: BSL-1.0
// The "epcglobal" namespace, in one translation unit: the rules of
// grammar/nss/epcglobal.abnf on the extension surface <urns/nss/x3.hpp>, the
// validator, the fold and accessors, and the registration (rules()).
//
// Defines every rule of grammar/nss/epcglobal.abnf (RFC 5134 section 3), in
// its order, under the ABNF line it implements, with the extension surface
// <urns/nss/x3.hpp> only, in an unnamed namespace.
//
// Faults: an NSS that does not start with a letter or digit is reported at
// offset 0, expected subnsname; one whose name is not followed by ":" at
// the byte after the name, expected ":"; one that ends with that ":",
// expected subns.
#include <urns/nss/epcglobal.hpp>
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
namespace epcglobal {

struct epcglobal_attr {
    std::string name;   ///< subnsname, before the first ":"
    std::string rest;   ///< subns, after it
};

} // namespace epcglobal
} // namespace nss
} // namespace grammar
} // namespace urns

BOOST_FUSION_ADAPT_STRUCT(urns::grammar::nss::epcglobal::epcglobal_attr, name, rest)

namespace urns {
namespace grammar {
namespace nss {
namespace epcglobal {
namespace {

namespace abnf = urns::nss::abnf;
using urns::nss::expect;
using urns::nss::detail::field;

inline constexpr lexical::charset octet_chars = lexical::charset().with_range(0x00, 0xFF);
inline constexpr lexical::charset let_num_chars = lexical::rfc5234::alpha | lexical::rfc5234::digit;
inline constexpr lexical::charset let_num_hyp_chars = let_num_chars | lexical::charset("-");

// clang-format off

URNS_NSS_RULE(epcglobal_nss, "epcglobal-NSS", x3::unused_type);
URNS_NSS_RULE(subnsname,     "subnsname",     x3::unused_type);
URNS_NSS_RULE(subns,         "subns",         x3::unused_type);
URNS_NSS_RULE(let_num,       "let-num",       x3::unused_type);
URNS_NSS_RULE(let_num_hyp,   "let-num-hyp",   x3::unused_type);
URNS_NSS_RULE(octet,         "OCTET",         x3::unused_type);

/// The typed reading of a valid epcglobal-NSS.
URNS_NSS_RULE(epcglobal_fields, "epcglobal-NSS", epcglobal_attr);

// epcglobal-NSS = subnsname ":" subns
auto const epcglobal_nss_def = expect(subnsname) >> expect(x3::lit(':'), "\":\"") >> expect(subns);

// subnsname     = let-num [ 1*let-num-hyp ]
auto const subnsname_def = let_num >> *let_num_hyp;

// subns         = 1*OCTET
auto const subns_def = abnf::run_of<octet_chars>;

// let-num       = ALPHA / DIGIT
auto const let_num_def = abnf::one_of<let_num_chars>;

// let-num-hyp   = ALPHA / DIGIT / "-"
auto const let_num_hyp_def = abnf::one_of<let_num_hyp_chars>;

// ALPHA         = %x41-5A / %x61-7A
using abnf::alpha;

// DIGIT         = %x30-39
using abnf::digit;

// OCTET         = %x00-FF
auto const octet_def = abnf::one_of<octet_chars>;

auto const epcglobal_fields_def = x3::raw[abnf::one_of<let_num_chars> >> *abnf::one_of<let_num_hyp_chars>] >> ':'
                               >> x3::raw[abnf::run_of<octet_chars>] >> x3::eoi;

/// The named fields of a valid epcglobal-NSS.
URNS_NSS_RULE(epcglobal_named, "epcglobal-NSS", urns::nss::detail::field_marks);
auto const epcglobal_named_def = field("subnsname", subnsname) >> ':' >> field("subns", subns);

URNS_NSS_DEFINE(epcglobal_nss, subnsname, subns, let_num, let_num_hyp, octet, epcglobal_fields, epcglobal_named)

// clang-format on

} // namespace
} // namespace epcglobal
} // namespace nss
} // namespace grammar
} // namespace urns

namespace urns {
namespace nss {
namespace epcglobal {

verdict validate(std::string_view nss) noexcept
{
    return x3_validator<grammar::nss::epcglobal::epcglobal_nss>()(nss);
}

std::optional<parts> parse(std::string_view nss)
{
    if (!validate(nss))
        return std::nullopt;
    auto const r = urns::nss::parse(grammar::nss::epcglobal::epcglobal_fields, nss);
    if (!r)
        return std::nullopt;
    return parts{r->name, r->rest};
}

} // namespace epcglobal
} // namespace nss
} // namespace urns

namespace urns {
namespace nss {
namespace epcglobal {

namespace_rules rules() noexcept
{
    namespace_rules r{"epcglobal", &validate, nullptr, "RFC 5134 section 3"};
    r.fields = &detail::list_fields<grammar::nss::epcglobal::epcglobal_named, &validate>;
    return r;
}

} // namespace epcglobal
} // namespace nss
} // namespace urns
