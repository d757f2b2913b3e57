// SPDX-License-Identifier: BSL-1.0
// The "ietf" namespace, in one translation unit: the rules of
// grammar/nss/ietf.abnf and grammar/nss/ietf-params-scim.abnf on the extension surface <urns/nss/x3.hpp>, the
// validator, the fold and accessors, and the registration (rules()).
//
// Defines every rule of grammar/nss/ietf-params-scim.abnf (RFC 7643
// section 10.2.1), in its order, under the ABNF line it implements.
//
// Defines every rule of grammar/nss/ietf.abnf (RFC 2648 section 2,
// RFC 3553 section 3), in its order, under the ABNF line it implements.
// RFC 2648 writes 1*DIGIT inline; a fault there is reported as "DIGIT".
// params-nss hands "params:scim:..." to ietf_params_scim_def.hpp's rules.
#include <urns/nss/ietf.hpp>
#include <urns/grammar/config.hpp>
#include <urns/nss/x3.hpp>
#include "nss/fields.hpp"
#include <urns/lexical.hpp>



namespace urns {
namespace grammar {
namespace nss {

namespace ietf {
struct nss_class;
/// NSS = rfc-nss / fyi-nss / std-nss / bcp-nss / draft-nss / mtg-nss / params-nss / other-nss
using nss_type = x3::rule<nss_class>;
} // namespace ietf

namespace ietf_params_scim {
struct scim_nss_class;
/// scim-nss = "params:scim:" type ":" name [ ":" other ]
using scim_nss_type = x3::rule<scim_nss_class>;
} // namespace ietf_params_scim

} // namespace nss
} // namespace grammar
} // namespace urns

namespace urns {
namespace grammar {
namespace nss {
namespace ietf_params_scim {

namespace abnf = urns::nss::abnf;
using urns::nss::expect;

// clang-format off

/// pchar without ":" (and without pct-encoded, which is its own branch).
inline constexpr lexical::charset name_chars = lexical::rfc3986::unreserved | lexical::rfc3986::sub_delims | lexical::charset("@");

struct type_class;
struct name_class;
struct other_class;

scim_nss_type           const scim_nss = "scim-nss";
x3::rule<type_class>    const type     = "type";
x3::rule<name_class>    const name     = "name";
x3::rule<other_class>   const other    = "other";

// scim-nss    = "params:scim:" type ":" name [ ":" other ]
// Literals are case-insensitive (RFC 5234 section 2.3).
auto const scim_nss_def =
       x3::no_case["params:scim:"]
    >> expect(type)
    >> expect(x3::lit(':'), "\":\"")
    >> expect(name)
    >> -(':' >> expect(other));

// type        = "schemas" / "api" / "param"
// Each must end at the ":" that follows: "apix" is not "api", "params" not
// "param"; where none follows, that ":" is expected there (the ABNF reads
// on from the type).
auto const type_def = (x3::no_case["schemas"] | x3::no_case["api"] | x3::no_case["param"])
                   >> &expect(x3::lit(':'), "scim-nss");

// name        = 1*( unreserved / pct-encoded / sub-delims / "@" )
auto const name_def = +(abnf::one_of<name_chars> | abnf::pct_encoded);

// other       = 1*( pchar / "/" )
auto const other_def = +(abnf::pchar | '/');

URNS_NSS_DEFINE(scim_nss, type, name, other)

// clang-format on

} // namespace ietf_params_scim
} // namespace nss
} // namespace grammar
} // namespace urns

namespace urns {
namespace grammar {
namespace nss {
namespace ietf {

namespace abnf = urns::nss::abnf;
using urns::nss::expect;
using urns::nss::detail::field;

// clang-format off

inline constexpr lexical::charset param_name_chars = ietf_params_scim::name_chars;
inline constexpr lexical::charset string_chars     = lexical::rfc5234::alpha | lexical::rfc5234::digit | lexical::charset("-");

struct rfc_nss_class;
struct fyi_nss_class;
struct std_nss_class;
struct bcp_nss_class;
struct draft_nss_class;
struct mtg_nss_class;
struct other_nss_class;
struct string_class;
struct params_nss_class;
struct param_name_class;

nss_type                      const nss        = "NSS";
x3::rule<rfc_nss_class>       const rfc_nss    = "rfc-nss";
x3::rule<fyi_nss_class>       const fyi_nss    = "fyi-nss";
x3::rule<std_nss_class>       const std_nss    = "std-nss";
x3::rule<bcp_nss_class>       const bcp_nss    = "bcp-nss";
x3::rule<draft_nss_class>     const draft_nss  = "draft-nss";
x3::rule<mtg_nss_class>       const mtg_nss    = "mtg-nss";
x3::rule<other_nss_class>     const other_nss  = "other-nss";
x3::rule<string_class>        const string     = "string";
x3::rule<params_nss_class>    const params_nss = "params-nss";
x3::rule<param_name_class>    const param_name = "param-name";

/// After one of RFC 2648's prefixes, `p` must follow and end the NSS: a
/// fault is reported inside that alternative (`name`), never as other-nss.
template <class P>
constexpr auto to_end(P const& p, char const* p_name, char const* name)
{
    return expect(p, p_name) >> expect(x3::eoi, name);
}

/// 1*DIGIT, reported as "DIGIT".
auto const digits = +abnf::digit;

// NSS         = rfc-nss / fyi-nss / std-nss / bcp-nss / draft-nss
//               / mtg-nss / other-nss
// RFC 3553's params-nss is tried before other-nss. PEG: ordered choice
// would let other-nss take what an earlier alternative refused, so each
// alternative commits once its prefix matched ("rfc:12a" is a bad
// rfc-nss), and other-nss applies only when no prefix matches.
auto const known_prefix = x3::no_case["rfc:"] | x3::no_case["fyi:"] | x3::no_case["std:"]
                        | x3::no_case["bcp:"] | x3::no_case["id:"] | x3::no_case["mtg:"]
                        | x3::no_case["params:"];
auto const nss_def = rfc_nss | fyi_nss | std_nss | bcp_nss | draft_nss | mtg_nss | params_nss
                   | (!known_prefix >> other_nss);

// rfc-nss     = "rfc:" 1*DIGIT
auto const rfc_nss_def = x3::no_case["rfc:"] >> to_end(digits, "DIGIT", "rfc-nss");

// fyi-nss     = "fyi:" 1*DIGIT
auto const fyi_nss_def = x3::no_case["fyi:"] >> to_end(digits, "DIGIT", "fyi-nss");

// std-nss     = "std:" 1*DIGIT
auto const std_nss_def = x3::no_case["std:"] >> to_end(digits, "DIGIT", "std-nss");

// bcp-nss     = "bcp:" 1*DIGIT
auto const bcp_nss_def = x3::no_case["bcp:"] >> to_end(digits, "DIGIT", "bcp-nss");

// draft-nss   = "id:" string
auto const draft_nss_def = x3::no_case["id:"] >> to_end(string, "string", "draft-nss");

// mtg-nss     = "mtg:" string
auto const mtg_nss_def = x3::no_case["mtg:"] >> to_end(string, "string", "mtg-nss");

// other-nss   = string
//               ; beginning with a prefix other than one of those
//               ; above for future expansion
auto const other_nss_def = string >> expect(x3::eoi, "other-nss");

// string      = 1*(DIGIT / ALPHA / "-")
auto const string_def = abnf::run_of<string_chars>;

// params-nss  = "params:" param-name *( ":" param-name )
// "params:scim:" is the SCIM sub-namespace (RFC 7643): its own rules,
// and only those (the second alternative excludes it).
auto const scim_prefix = x3::no_case["params:scim:"];
auto const params_nss_def =
      (&scim_prefix >> ietf_params_scim::scim_nss >> expect(x3::eoi, "scim-nss"))
    | (!scim_prefix >> x3::no_case["params:"] >> expect(param_name)
           >> *(':' >> expect(param_name))
           >> expect(x3::eoi, "params-nss"));

// param-name  = 1*( unreserved / pct-encoded / sub-delims / "@" )
auto const param_name_def = +(abnf::one_of<param_name_chars> | abnf::pct_encoded);

/// The named fields of a valid NSS: its alternative, and the rules inside
/// it that have names (string, param-name; scim-nss's type, name, other).
/// Each alternative is chosen by its prefix before any field is marked.
/// A "params:scim:" NSS (any case) gives scim-nss's fields only, not
/// params-nss's: ietf.abnf's header gives that sub-namespace its own rules
/// (ietf-params-scim.abnf), so scim-nss is its derivation, not a part of
/// a params-nss one.
URNS_NSS_RULE(nss_named, "NSS", urns::nss::detail::field_marks);
auto const scim_named = field("scim-nss", scim_prefix >> field("type", ietf_params_scim::type) >> ':'
                                          >> field("name", ietf_params_scim::name)
                                          >> -(':' >> field("other", ietf_params_scim::other)));
auto const nss_named_def =
      field("rfc-nss", x3::no_case["rfc:"] >> digits)
    | field("fyi-nss", x3::no_case["fyi:"] >> digits)
    | field("std-nss", x3::no_case["std:"] >> digits)
    | field("bcp-nss", x3::no_case["bcp:"] >> digits)
    | field("draft-nss", x3::no_case["id:"] >> field("string", string))
    | field("mtg-nss", x3::no_case["mtg:"] >> field("string", string))
    | scim_named
    | field("params-nss", x3::no_case["params:"] >> field("param-name", param_name) % ':')
    | field("other-nss", field("string", string));

URNS_NSS_DEFINE(nss, rfc_nss, fyi_nss, std_nss, bcp_nss, draft_nss, mtg_nss, other_nss, string,
                    params_nss, param_name, nss_named)

// clang-format on

} // namespace ietf
} // namespace nss
} // namespace grammar
} // namespace urns

namespace urns {

nss::verdict nss::ietf::validate(std::string_view s) noexcept
{
    return nss::run(grammar::nss::ietf::nss, s);
}

nss::verdict nss::ietf::validate_scim(std::string_view s) noexcept
{
    return nss::run(grammar::nss::ietf_params_scim::scim_nss, s);
}

} // namespace urns

namespace urns {
namespace nss {
namespace ietf {

std::size_t fold(std::string_view nss, char* out) noexcept
{
    bool const valid = validate(nss).has_value();
    for (std::size_t i = 0; i < nss.size(); ++i) {
        char const c = nss[i];
        if (c == '%' && i + 2 < nss.size()) {
            // A percent-encoding keeps its (upper-case) hex digits.
            out[i] = c;
            out[i + 1] = nss[i + 1];
            out[i + 2] = nss[i + 2];
            i += 2;
            continue;
        }
        out[i] = valid ? lexical::ascii_lower(c) : c;
    }
    return nss.size();
}

} // namespace ietf
} // namespace nss
} // namespace urns

namespace urns {
namespace nss {
namespace ietf {

namespace_rules rules() noexcept
{
    namespace_rules r{"ietf", &validate, &fold, "RFC 2648 section 2; RFC 3553 section 3; RFC 7643 section 10.2.1"};
    r.fields = &detail::list_fields<grammar::nss::ietf::nss_named, &validate>;
    return r;
}

} // namespace ietf
} // namespace nss
} // namespace urns
