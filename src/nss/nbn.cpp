// SPDX-License-Identifier: BSL-1.0
// The "nbn" namespace, in one translation unit: the rules of
// grammar/nss/nbn.abnf on the extension surface <urns/nss/x3.hpp>, the
// validator, the fold and accessors, and the registration (rules()).
//
// Defines every rule of grammar/nss/nbn.abnf (RFC 8458), in its order,
// under the ABNF line it implements.
#include <urns/nss/nbn.hpp>
#include <urns/grammar/config.hpp>
#include <urns/nss/x3.hpp>
#include "nss/fields.hpp"




// Rules that quote an ABNF line the grammar takes another way (1*OCTET as
// one run of a class) are referenced only from templates that are never
// instantiated; clang would call them unneeded in this, their only file.
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wunneeded-internal-declaration"
#endif

namespace urns {
namespace grammar {
namespace nss {
namespace nbn {

struct nbn_class;
/// NBN = prefix "-" nbn-string
using nbn_type = x3::rule<nbn_class>;

} // namespace nbn
} // namespace nss
} // namespace grammar
} // namespace urns

namespace urns {
namespace grammar {
namespace nss {
namespace nbn {

namespace abnf = urns::nss::abnf;
using urns::nss::expect;
using urns::nss::detail::field;

inline constexpr lexical::charset octet_chars = lexical::charset().with_range(0x00, 0xFF);

// clang-format off

inline constexpr lexical::charset sub_namespace_chars = lexical::rfc5234::alpha | lexical::rfc5234::digit;

struct prefix_class;
struct country_code_class;
struct sub_namespace_class;
struct nbn_string_class;
struct octet_class;

nbn_type                        const nbn           = "NBN";
x3::rule<prefix_class>          const prefix        = "prefix";
x3::rule<country_code_class>    const country_code  = "country-code";
x3::rule<sub_namespace_class>   const sub_namespace = "sub-namespace";
x3::rule<nbn_string_class>      const nbn_string    = "nbn-string";
x3::rule<octet_class>           const octet         = "OCTET";

// NBN           = prefix "-" nbn-string
// Every terminal is an expectation point, under the name of the rule
// that holds it, so a fault is where the ABNF's farthest failure is.
auto const nbn_def = prefix >> expect(x3::lit('-'), "NBN") >> nbn_string;

// prefix        = country-code *( ":" sub-namespace )
auto const prefix_def = country_code >> *(expect(x3::lit(':'), "prefix") >> sub_namespace);

// country-code  = 2ALPHA
auto const country_code_def = x3::repeat(2)[expect(abnf::alpha)];

// sub-namespace = 1*( ALPHA / DIGIT )
// The run, then the byte that ends it, which is expected to be one more
// ALPHA or DIGIT (it never is: the optional records that and fails).
auto const sub_namespace_def = (expect(abnf::alpha) | expect(abnf::digit)) >> -abnf::run_of<sub_namespace_chars>
                            >> -(expect(abnf::alpha) | expect(abnf::digit));

// nbn-string    = 1*OCTET
// The OCTETs in one run (the same language as +octet).
auto const nbn_string_def = expect(abnf::run_of<octet_chars>, "OCTET");

// ALPHA         = %x41-5A / %x61-7A
using abnf::alpha;

// OCTET         = %x00-FF
auto const octet_def = abnf::one_of<octet_chars>;

/// The named fields of a valid NBN: the prefix, its country-code and
/// sub-namespaces, and the nbn-string.
URNS_NSS_RULE(nbn_named, "NBN", urns::nss::detail::field_marks);
auto const nbn_named_def =
    field("prefix", field("country-code", country_code) >> *(':' >> field("sub-namespace", sub_namespace)))
    >> '-' >> field("nbn-string", nbn_string);

URNS_NSS_DEFINE(nbn, prefix, country_code, sub_namespace, nbn_string, octet, nbn_named)

// clang-format on

} // namespace nbn
} // namespace nss
} // namespace grammar
} // namespace urns

namespace urns {

nss::verdict nss::nbn::validate(std::string_view s) noexcept
{
    return nss::run(grammar::nss::nbn::nbn, s);
}

} // namespace urns

namespace urns {
namespace nss {
namespace nbn {

std::optional<std::string_view> prefix(std::string_view nss) noexcept
{
    if (!validate(nss))
        return std::nullopt;
    return nss.substr(0, nss.find('-'));
}

} // namespace nbn
} // namespace nss
} // namespace urns

namespace urns {
namespace nss {
namespace nbn {

namespace_rules rules() noexcept
{
    namespace_rules r{"nbn", &validate, nullptr, "RFC 8458"};
    r.fields = &detail::list_fields<grammar::nss::nbn::nbn_named, &validate>;
    return r;
}

} // namespace nbn
} // namespace nss
} // namespace urns
