// SPDX-License-Identifier: BSL-1.0
// The "gsma" namespace, in one translation unit: the rules of
// grammar/nss/gsma.abnf on the extension surface <urns/nss/x3.hpp>, the
// validator, the fold and accessors, and the registration (rules()).
//
// Defines every rule of grammar/nss/gsma.abnf (RFC 7254 section 3), in its
// order, under the ABNF line it implements, with the extension surface
// <urns/nss/x3.hpp> only; ALPHA and DIGIT are RFC 5234's. The rules are in
// an unnamed namespace.
//
// Faults: every terminal is an expectation point, under the name of the
// rule that holds it, so a fault is the ABNF's farthest failure in the
// language of the decision on imei-specifier (grammar/README.md, N1): of
// an imeival and of an ext-imei followed by a non-zero vers, the farther
// ("imei:9042015-025763-0", a 7-digit tac, is an ext-imei without its
// vers, at its end); a parameter after ";" that is neither svn= nor vers=
// is reported at its first byte.
#include <urns/nss/gsma.hpp>
#include <urns/nss/x3.hpp>
#include "nss/fields.hpp"
#include <urns/lexical.hpp>

#include <boost/fusion/include/adapt_struct.hpp>
#include <boost/optional.hpp>
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
namespace gsma {

/// tac "-" snr "-" spare [";svn=" 2DIGIT] [";vers=" DIGIT], as written.
struct imei_attr {
    std::string tac;
    std::string snr;
    char spare = '0';
    boost::optional<std::string> svn;
    boost::optional<char> vers;
};

} // namespace gsma
} // namespace nss
} // namespace grammar
} // namespace urns

BOOST_FUSION_ADAPT_STRUCT(urns::grammar::nss::gsma::imei_attr, tac, snr, spare, svn, vers)

namespace urns {
namespace grammar {
namespace nss {
namespace gsma {
namespace {

namespace abnf = urns::nss::abnf;
using urns::nss::expect;
using urns::nss::detail::field;

/// gsma-urn-char = ALPHA / DIGIT / "-" / "." / "_" / "%" / ":"
inline constexpr lexical::charset gsma_urn_chars =
    lexical::rfc5234::alpha | lexical::rfc5234::digit | lexical::charset("-._%:");
/// A "vers" value other than 0.
inline constexpr lexical::charset nonzero_digit = lexical::charset("123456789");

// clang-format off

URNS_NSS_RULE(gsma_nss,              "gsma-NSS",              x3::unused_type);
URNS_NSS_RULE(imei_specifier,        "imei-specifier",        x3::unused_type);
URNS_NSS_RULE(ext_imei,              "ext-imei",              x3::unused_type);
URNS_NSS_RULE(sw_version_param,      "sw-version-param",      x3::unused_type);
URNS_NSS_RULE(imei_version_param,    "imei-version-param",    x3::unused_type);
URNS_NSS_RULE(software_version,      "software-version",      x3::unused_type);
URNS_NSS_RULE(imei_version_val,      "imei-version-val",      x3::unused_type);
URNS_NSS_RULE(future_gsma_specifier, "future-gsma-specifier", x3::unused_type);
URNS_NSS_RULE(future_specifier,      "future-specifier",      x3::unused_type);
URNS_NSS_RULE(future_param,          "future-param",          x3::unused_type);
URNS_NSS_RULE(par_name,              "par-name",              x3::unused_type);
URNS_NSS_RULE(par_value,             "par-value",             x3::unused_type);
URNS_NSS_RULE(equal,                 "EQUAL",                 x3::unused_type);
URNS_NSS_RULE(gsma_defined_nonempty, "gsma-defined-nonempty", x3::unused_type);
URNS_NSS_RULE(gsma_urn_char,         "gsma-urn-char",         x3::unused_type);
URNS_NSS_RULE(imeival,               "imeival",               x3::unused_type);
URNS_NSS_RULE(tac,                   "tac",                   x3::unused_type);
URNS_NSS_RULE(snr,                   "snr",                   x3::unused_type);
URNS_NSS_RULE(spare,                 "spare",                 x3::unused_type);

/// The typed reading of an imei-specifier whose value is an imeival.
URNS_NSS_RULE(imei_fields,           "imei-specifier",        imei_attr);

auto const imei_prefix = x3::no_case[x3::lit("imei:")];
auto const svn_prefix  = x3::no_case[x3::lit("svn=")];
auto const vers_prefix = x3::no_case[x3::lit("vers=")];
auto const digit_      = expect(abnf::digit);
auto const semicolon   = expect(x3::lit(';'), "imei-specifier");
auto const end         = expect(x3::eoi, "end of input");

// gsma-NSS              = imei-specifier / future-gsma-specifier
// PEG: an NSS that starts "imei:" is an imei-specifier only (decision in
// grammar/README.md); the second alternative refuses it.
auto const gsma_nss_def = imei_specifier | (!imei_prefix >> future_gsma_specifier);

// imei-specifier        = "imei:" ( imeival / ext-imei )
//                         [ ";" sw-version-param ]
//                         [ ";" imei-version-param ]
// The value is an imeival, or an ext-imei where a non-zero "vers" follows
// (decision in grammar/README.md): two readings, each to the end of the
// NSS, every terminal of each an expectation point, so that a fault is
// the farther of the two, as the ABNF's of that language.
auto const imei_specifier_def =
    imei_prefix
    >> ((imeival >> -(semicolon >> sw_version_param) >> -(semicolon >> imei_version_param) >> end)
        | (ext_imei >> -(semicolon >> sw_version_param) >> semicolon
           >> expect(vers_prefix, "imei-version-param")
           >> expect(abnf::one_of<nonzero_digit>, "imei-version-val") >> end));

// ext-imei              = gsma-defined-nonempty ;GSMA defined and
//                                               ;IETF consensus
//                                               ;required
auto const ext_imei_def = gsma_defined_nonempty;

// sw-version-param      = "svn=" software-version
auto const sw_version_param_def = expect(svn_prefix, "sw-version-param") >> software_version;

// imei-version-param    = "vers=" imei-version-val
auto const imei_version_param_def = expect(vers_prefix, "imei-version-param") >> imei_version_val;

// software-version      = 2DIGIT
auto const software_version_def = digit_ >> digit_;

// imei-version-val      = DIGIT
auto const imei_version_val_def = digit_;

// future-gsma-specifier = future-specifier
//                         *( ";" future-param )
auto const future_gsma_specifier_def =
    future_specifier >> *(expect(x3::lit(';'), "future-gsma-specifier") >> future_param) >> end;

// future-specifier      = gsma-defined-nonempty ;GSMA defined
auto const future_specifier_def = gsma_defined_nonempty;

// future-param          = par-name [ EQUAL par-value ]
auto const future_param_def = par_name >> -(expect(equal) >> par_value);

// par-name              = gsma-defined-nonempty
auto const par_name_def = gsma_defined_nonempty;

// par-value             = gsma-defined-nonempty
auto const par_value_def = gsma_defined_nonempty;

// EQUAL                 = "="
auto const equal_def = x3::lit('=');

// gsma-defined-nonempty = 1*gsma-urn-char
// The gsma-urn-chars in one run (the same language as +gsma_urn_char).
auto const gsma_defined_nonempty_def = expect(abnf::run_of<gsma_urn_chars>, "gsma-urn-char");

// gsma-urn-char         = ALPHA / DIGIT
//                         / "-" / "." / "_" / "%" / ":"
auto const gsma_urn_char_def = abnf::one_of<gsma_urn_chars>;

// imeival               = tac "-" snr "-" spare
auto const imeival_hyphen = expect(x3::lit('-'), "imeival");
auto const imeival_def = tac >> imeival_hyphen >> snr >> imeival_hyphen >> spare;

// tac                   = 8DIGIT
auto const tac_def = x3::repeat(8)[digit_];

// snr                   = 6DIGIT
auto const snr_def = x3::repeat(6)[digit_];

// spare                 = DIGIT
auto const spare_def = digit_;

// ALPHA                 = %x41-5A / %x61-7A
using abnf::alpha;

// DIGIT                 = %x30-39
using abnf::digit;

auto const imei_fields_def =
    imei_prefix >> x3::raw[tac] >> '-' >> x3::raw[snr] >> '-' >> x3::char_("0-9")
    >> -(';' >> svn_prefix >> x3::raw[software_version])
    >> -(';' >> vers_prefix >> x3::char_("0-9")) >> x3::eoi;

/// The named fields of a valid gsma-NSS: the specifier, its value's rules
/// and its parameters' values. An imeival is taken where imei-specifier
/// takes one, by a look-ahead, before any field is marked.
URNS_NSS_RULE(gsma_named, "gsma-NSS", urns::nss::detail::field_marks);
auto const imei_value_named =
      (&(imeival >> (x3::lit(';') | x3::eoi))
       >> field("imeival", field("tac", tac) >> '-' >> field("snr", snr) >> '-' >> field("spare", spare)))
    | field("ext-imei", ext_imei);
auto const future_param_named =
    field("future-param", field("par-name", par_name) >> -(equal >> field("par-value", par_value)));
auto const gsma_named_def =
      field("imei-specifier", imei_prefix >> imei_value_named
                              >> -(';' >> svn_prefix >> field("software-version", software_version))
                              >> -(';' >> vers_prefix >> field("imei-version-val", imei_version_val)))
    | field("future-gsma-specifier", field("future-specifier", future_specifier)
                                     >> *(';' >> future_param_named));

URNS_NSS_DEFINE(gsma_nss, imei_specifier, ext_imei, sw_version_param, imei_version_param,
                    software_version, imei_version_val, future_gsma_specifier, future_specifier,
                    future_param, par_name, par_value, equal, gsma_defined_nonempty, gsma_urn_char,
                    imeival, tac, snr, spare, imei_fields, gsma_named)

// clang-format on

} // namespace
} // namespace gsma
} // namespace nss
} // namespace grammar
} // namespace urns

namespace urns {
namespace nss {
namespace gsma {

verdict validate(std::string_view nss) noexcept
{
    return x3_validator<grammar::nss::gsma::gsma_nss>()(nss);
}

std::optional<imei> parse_imei(std::string_view nss)
{
    if (!validate(nss))
        return std::nullopt;
    auto const r = urns::nss::parse(grammar::nss::gsma::imei_fields, nss);
    if (!r)   // a valid NSS that is not an imeival: ext-imei or a future specifier
        return std::nullopt;
    imei out;
    out.tac = r->tac;
    out.snr = r->snr;
    out.spare = static_cast<unsigned>(r->spare - '0');
    if (r->svn)
        out.svn = static_cast<unsigned>(((*r->svn)[0] - '0') * 10 + ((*r->svn)[1] - '0'));
    if (r->vers)
        out.vers = static_cast<unsigned>(*r->vers - '0');
    return out;
}

} // namespace gsma
} // namespace nss
} // namespace urns

namespace urns {
namespace nss {
namespace gsma {

std::size_t fold(std::string_view nss, char* out) noexcept
{
    // Only a valid imei-specifier is folded: the rules are for "GSMA IMEI
    // URNs"; other specifiers compare as the generic rule says.
    bool const imei = nss.size() >= 5 && lexical::iequals(nss.substr(0, 5), "imei:");
    if (!imei || !validate(nss)) {
        nss.copy(out, nss.size());
        return nss.size();
    }
    std::size_t n = 0;
    for (std::size_t i = 0; i < nss.size(); ++i) {
        // ";vers=0" is ignored for comparison (only as a whole parameter).
        if (nss[i] == ';' && nss.size() - i >= 7 && lexical::iequals(nss.substr(i, 7), ";vers=0") &&
            (i + 7 == nss.size() || nss[i + 7] == ';')) {
            i += 6;
            continue;
        }
        if (nss[i] == '%' && i + 2 < nss.size()) {   // percent-hex stays as the generic form has it
            out[n++] = nss[i++];
            out[n++] = nss[i++];
            out[n++] = nss[i];
            continue;
        }
        out[n++] = lexical::ascii_lower(nss[i]);
    }
    return n;
}

} // namespace gsma
} // namespace nss
} // namespace urns

namespace urns {
namespace nss {
namespace gsma {

namespace_rules rules() noexcept
{
    namespace_rules r{"gsma", &validate, &fold, "RFC 7254 sections 3 and 4"};
    r.fields = &detail::list_fields<grammar::nss::gsma::gsma_named, &validate>;
    return r;
}

} // namespace gsma
} // namespace nss
} // namespace urns
