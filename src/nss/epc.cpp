// SPDX-License-Identifier: BSL-1.0
// The "epc" namespace, in one translation unit: the rules of
// grammar/nss/epc.abnf on the extension surface <urns/nss/x3.hpp>, the
// validator, the fold and accessors, and the registration (rules()).
//
// Defines every rule of grammar/nss/epc.abnf (RFC 5134 section 2; GS1 EPC
// Tag Data Standard section 6.3 for ten pure-identity schemes), in its
// order, under the ABNF line it implements, with the extension surface
// <urns/nss/x3.hpp> only, in an unnamed namespace. %s"..." strings are x3::lit (case-sensitive).
//
// Faults: inside a scheme, at the first byte that does not fit, by its rule
// name; a digit total that is not the GS1 key's at the reference's last
// byte (the "." before it if it is empty), under the reference's name; an
// escape outside the 82 characters at its second hex digit, expected
// escape; a sub-namespace name without ":" at the byte after it, expected
// ":".
#include <urns/nss/epc.hpp>
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
namespace epc {
namespace {

namespace abnf = urns::nss::abnf;
using urns::nss::expect;
using urns::nss::detail::field;

inline constexpr lexical::charset octet_chars = lexical::charset().with_range(0x00, 0xFF);
inline constexpr lexical::charset let_num_chars = lexical::rfc5234::alpha | lexical::rfc5234::digit;
inline constexpr lexical::charset let_num_hyp_chars = let_num_chars | lexical::charset("-");
inline constexpr lexical::charset gs3a3_single = let_num_chars | lexical::charset("!'()*+,-.:;=_");
/// GS1's AI encodable character set 82: ! " % to ? A-Z _ a-z.
inline constexpr lexical::charset set82 =
    lexical::charset("!\"_").with_range('%', '?').with_range('A', 'Z').with_range('a', 'z');

/// The number of DIGITs in [first, last) is N (the "." between prefix and
/// reference does not count).
template <unsigned N>
bool digit_total(char const* first, char const* last) noexcept
{
    unsigned n = 0;
    for (; first != last; ++first)
        n += lexical::rfc5234::digit.contains(*first) ? 1u : 0u;
    return n == N;
}

/// GIAI: the prefix's digits and the asset reference's characters (an
/// escape is one) are 30 at most.
bool giai_total(char const* first, char const* last) noexcept
{
    unsigned n = 0;
    bool dot = false;
    for (; first != last; ++first, ++n) {
        if (*first == '.' && !dot) {   // the separator, not a character of either part
            dot = true;
            --n;
        } else if (*first == '%') {
            first += 2;
        }
    }
    return n <= 30;
}

/// An escape "%XY": XY is one of the 82 characters.
bool in_set82(char const* first, char const* last) noexcept
{
    int const v = lexical::hex_value(last[-2]) * 16 + lexical::hex_value(last[-1]);
    (void)first;
    return set82.contains(static_cast<char>(v));
}

// clang-format off

URNS_NSS_RULE(epc_nss,            "epc-NSS",            x3::unused_type);
URNS_NSS_RULE(pure_identity,      "pure-identity",      x3::unused_type);
URNS_NSS_RULE(sgtin,              "sgtin",              x3::unused_type);
URNS_NSS_RULE(sscc,               "sscc",               x3::unused_type);
URNS_NSS_RULE(sgln,               "sgln",               x3::unused_type);
URNS_NSS_RULE(grai,               "grai",               x3::unused_type);
URNS_NSS_RULE(giai,               "giai",               x3::unused_type);
URNS_NSS_RULE(gsrn,               "gsrn",               x3::unused_type);
URNS_NSS_RULE(gsrnp,              "gsrnp",              x3::unused_type);
URNS_NSS_RULE(gdti,               "gdti",               x3::unused_type);
URNS_NSS_RULE(pgln,               "pgln",               x3::unused_type);
URNS_NSS_RULE(gsin,               "gsin",               x3::unused_type);
URNS_NSS_RULE(other_scheme,       "other-scheme",       x3::unused_type);
URNS_NSS_RULE(company_prefix,     "company-prefix",     x3::unused_type);
URNS_NSS_RULE(item_reference,     "item-reference",     x3::unused_type);
URNS_NSS_RULE(serial_reference,   "serial-reference",   x3::unused_type);
URNS_NSS_RULE(location_reference, "location-reference", x3::unused_type);
URNS_NSS_RULE(asset_type,         "asset-type",         x3::unused_type);
URNS_NSS_RULE(service_reference,  "service-reference",  x3::unused_type);
URNS_NSS_RULE(document_type,      "document-type",      x3::unused_type);
URNS_NSS_RULE(party_reference,    "party-reference",    x3::unused_type);
URNS_NSS_RULE(shipper_reference,  "shipper-reference",  x3::unused_type);
URNS_NSS_RULE(serial,             "serial",             x3::unused_type);
URNS_NSS_RULE(extension,          "extension",          x3::unused_type);
URNS_NSS_RULE(grai_serial,        "grai-serial",        x3::unused_type);
URNS_NSS_RULE(gdti_serial,        "gdti-serial",        x3::unused_type);
URNS_NSS_RULE(asset_reference,    "asset-reference",    x3::unused_type);
URNS_NSS_RULE(gs3a3_char,         "gs3a3-char",         x3::unused_type);
URNS_NSS_RULE(escape,             "escape",             x3::unused_type);
URNS_NSS_RULE(scheme_name,        "scheme-name",        x3::unused_type);
URNS_NSS_RULE(sub_namespace,      "sub-namespace",      x3::unused_type);
URNS_NSS_RULE(sub_ns_name,        "sub-ns-name",        x3::unused_type);
URNS_NSS_RULE(let_num,            "let-num",            x3::unused_type);
URNS_NSS_RULE(let_num_hyp,        "let-num-hyp",        x3::unused_type);
URNS_NSS_RULE(rest,               "rest",               x3::unused_type);
URNS_NSS_RULE(octet,              "OCTET",              x3::unused_type);

auto const dot = expect(x3::lit('.'), "\".\"");

/// company-prefix "." reference, with the GS1 key's digit total N; a
/// wrong total is reported at the reference's last byte under its name.
template <unsigned N, class ID>
constexpr auto key(x3::rule<ID> const& reference, char const* name)
{
    return urns::nss::check_digit<digit_total<N>>(expect(company_prefix) >> dot >> expect(reference), name);
}

/// The last field of a scheme: then the end of the NSS.
template <class ID>
constexpr auto last(x3::rule<ID> const& field, char const* name)
{
    return expect(field) >> expect(x3::eoi, name);
}

// epc-NSS           = pure-identity / sub-namespace
auto const epc_nss_def = pure_identity | sub_namespace;

// pure-identity     = %s"id:" ( sgtin / sscc / sgln / grai / giai / gsrn
//                     / gsrnp / gdti / pgln / gsin / other-scheme )
auto const pure_identity_def = x3::lit("id:")
    >> expect(sgtin | sscc | sgln | grai | giai | gsrn | gsrnp | gdti | pgln | gsin | other_scheme,
              "pure-identity");

// sgtin             = %s"sgtin:" company-prefix "." item-reference "."
//                     serial
auto const sgtin_def = x3::lit("sgtin:") >> key<13>(item_reference, "item-reference") >> dot
                    >> last(serial, "serial");

// sscc              = %s"sscc:" company-prefix "." serial-reference
auto const sscc_def = x3::lit("sscc:") >> key<17>(serial_reference, "serial-reference")
                   >> expect(x3::eoi, "serial-reference");

// sgln              = %s"sgln:" company-prefix "." location-reference "."
//                     extension
auto const sgln_def = x3::lit("sgln:") >> key<12>(location_reference, "location-reference") >> dot
                   >> last(extension, "extension");

// grai              = %s"grai:" company-prefix "." asset-type "."
//                     grai-serial
auto const grai_def = x3::lit("grai:") >> key<12>(asset_type, "asset-type") >> dot
                   >> last(grai_serial, "grai-serial");

// giai              = %s"giai:" company-prefix "." asset-reference
auto const giai_def = x3::lit("giai:")
    >> urns::nss::check_digit<giai_total>(expect(company_prefix) >> dot >> expect(asset_reference),
                                          "asset-reference")
    >> expect(x3::eoi, "asset-reference");

// gsrn              = %s"gsrn:" company-prefix "." service-reference
auto const gsrn_def = x3::lit("gsrn:") >> key<17>(service_reference, "service-reference")
                   >> expect(x3::eoi, "service-reference");

// gsrnp             = %s"gsrnp:" company-prefix "." service-reference
auto const gsrnp_def = x3::lit("gsrnp:") >> key<17>(service_reference, "service-reference")
                    >> expect(x3::eoi, "service-reference");

// gdti              = %s"gdti:" company-prefix "." document-type "."
//                     gdti-serial
auto const gdti_def = x3::lit("gdti:") >> key<12>(document_type, "document-type") >> dot
                   >> last(gdti_serial, "gdti-serial");

// pgln              = %s"pgln:" company-prefix "." party-reference
auto const pgln_def = x3::lit("pgln:") >> key<12>(party_reference, "party-reference")
                   >> expect(x3::eoi, "party-reference");

// gsin              = %s"gsin:" company-prefix "." shipper-reference
auto const gsin_def = x3::lit("gsin:") >> key<16>(shipper_reference, "shipper-reference")
                   >> expect(x3::eoi, "shipper-reference");

// other-scheme      = scheme-name ":" rest
// The ten schemes above are not other schemes: a fault in one of them is
// its own.
auto const other_scheme_def = !(x3::lit("sgtin:") | x3::lit("sscc:") | x3::lit("sgln:") | x3::lit("grai:")
                                | x3::lit("giai:") | x3::lit("gsrn:") | x3::lit("gsrnp:") | x3::lit("gdti:")
                                | x3::lit("pgln:") | x3::lit("gsin:"))
                           >> scheme_name >> expect(x3::lit(':'), "\":\"") >> expect(rest);

// company-prefix    = 6*12DIGIT
auto const company_prefix_def = x3::repeat(6, 12)[abnf::digit];

// item-reference    = 1*7DIGIT       ; with company-prefix: 13 digits
auto const item_reference_def = x3::repeat(1, 7)[abnf::digit];

// serial-reference  = 5*11DIGIT      ; 17
auto const serial_reference_def = x3::repeat(5, 11)[abnf::digit];

// location-reference = *6DIGIT       ; 12
auto const location_reference_def = x3::repeat(0, 6)[abnf::digit];

// asset-type        = *6DIGIT        ; 12
auto const asset_type_def = x3::repeat(0, 6)[abnf::digit];

// service-reference = 5*11DIGIT      ; 17
auto const service_reference_def = x3::repeat(5, 11)[abnf::digit];

// document-type     = *6DIGIT        ; 12
auto const document_type_def = x3::repeat(0, 6)[abnf::digit];

// party-reference   = *6DIGIT        ; 12
auto const party_reference_def = x3::repeat(0, 6)[abnf::digit];

// shipper-reference = 4*10DIGIT      ; 16
auto const shipper_reference_def = x3::repeat(4, 10)[abnf::digit];

// serial            = 1*20gs3a3-char
auto const serial_def = x3::repeat(1, 20)[gs3a3_char];

// extension         = 1*20gs3a3-char
auto const extension_def = x3::repeat(1, 20)[gs3a3_char];

// grai-serial       = 1*16gs3a3-char
auto const grai_serial_def = x3::repeat(1, 16)[gs3a3_char];

// gdti-serial       = 1*17gs3a3-char
auto const gdti_serial_def = x3::repeat(1, 17)[gs3a3_char];

// asset-reference   = 1*24gs3a3-char ; with company-prefix: 30 at most
auto const asset_reference_def = x3::repeat(1, 24)[gs3a3_char];

// gs3a3-char        = ALPHA / DIGIT / "!" / "'" / "(" / ")" / "*" / "+"
//                     / "," / "-" / "." / ":" / ";" / "=" / "_" / escape
auto const gs3a3_char_def = abnf::one_of<gs3a3_single> | escape;

// escape            = "%" 2HEXDIG    ; one of the 82 (TDS Table A)
auto const escape_def = urns::nss::check_digit<in_set82>(
    x3::lit('%') >> expect(abnf::hexdig) >> expect(abnf::hexdig), "escape");

// scheme-name       = let-num [ 1*let-num-hyp ] ; not one of the ten above
auto const scheme_name_def = let_num >> *let_num_hyp;

// sub-namespace     = sub-ns-name ":" rest ; sub-ns-name not "id"
auto const sub_namespace_def = !x3::lit("id:") >> sub_ns_name >> expect(x3::lit(':'), "\":\"")
                            >> expect(rest);

// sub-ns-name       = let-num [ 1*let-num-hyp ]
auto const sub_ns_name_def = let_num >> *let_num_hyp;

// let-num           = ALPHA / DIGIT
auto const let_num_def = abnf::one_of<let_num_chars>;

// let-num-hyp       = ALPHA / DIGIT / "-"
auto const let_num_hyp_def = abnf::one_of<let_num_hyp_chars>;

// rest              = 1*OCTET
auto const rest_def = abnf::run_of<octet_chars>;

// ALPHA             = %x41-5A / %x61-7A
using abnf::alpha;

// DIGIT             = %x30-39
using abnf::digit;

// HEXDIG            = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"
using abnf::hexdig;

// OCTET             = %x00-FF
auto const octet_def = abnf::one_of<octet_chars>;

/// company-prefix "." and a GS1 key's reference, each marked.
template <class Reference>
constexpr auto named_key(Reference const& reference, char const* name)
{
    return field("company-prefix", company_prefix) >> '.' >> field(name, reference);
}

/// The named fields of a valid epc-NSS: the alternatives taken and the
/// rules inside them. Each scheme is chosen by its keyword, before any
/// field is marked; other-scheme and sub-namespace by what is left.
URNS_NSS_RULE(epc_named, "epc-NSS", urns::nss::detail::field_marks);
auto const epc_named_def =
      field("pure-identity", x3::lit("id:") >> (
            field("sgtin", x3::lit("sgtin:") >> named_key(item_reference, "item-reference")
                           >> '.' >> field("serial", serial))
          | field("sscc", x3::lit("sscc:") >> named_key(serial_reference, "serial-reference"))
          | field("sgln", x3::lit("sgln:") >> named_key(location_reference, "location-reference")
                          >> '.' >> field("extension", extension))
          | field("grai", x3::lit("grai:") >> named_key(asset_type, "asset-type")
                          >> '.' >> field("grai-serial", grai_serial))
          | field("giai", x3::lit("giai:") >> named_key(asset_reference, "asset-reference"))
          | field("gsrn", x3::lit("gsrn:") >> named_key(service_reference, "service-reference"))
          | field("gsrnp", x3::lit("gsrnp:") >> named_key(service_reference, "service-reference"))
          | field("gdti", x3::lit("gdti:") >> named_key(document_type, "document-type")
                          >> '.' >> field("gdti-serial", gdti_serial))
          | field("pgln", x3::lit("pgln:") >> named_key(party_reference, "party-reference"))
          | field("gsin", x3::lit("gsin:") >> named_key(shipper_reference, "shipper-reference"))
          | field("other-scheme", field("scheme-name", scheme_name) >> ':' >> field("rest", rest))))
    | field("sub-namespace", field("sub-ns-name", sub_ns_name) >> ':' >> field("rest", rest));

URNS_NSS_DEFINE(epc_nss, pure_identity, sgtin, sscc, sgln, grai, giai, gsrn, gsrnp, gdti, pgln, gsin,
                    other_scheme, company_prefix, item_reference, serial_reference, location_reference,
                    asset_type, service_reference, document_type, party_reference, shipper_reference, serial,
                    extension, grai_serial, gdti_serial, asset_reference, gs3a3_char, escape, scheme_name,
                    sub_namespace, sub_ns_name, let_num, let_num_hyp, rest, octet, epc_named)

// clang-format on

} // namespace
} // namespace epc
} // namespace nss
} // namespace grammar
} // namespace urns

namespace urns {
namespace nss {
namespace epc {

verdict validate(std::string_view nss) noexcept
{
    return x3_validator<grammar::nss::epc::epc_nss>()(nss);
}

} // namespace epc
} // namespace nss
} // namespace urns

namespace urns {
namespace nss {
namespace epc {

std::optional<parts> parse(std::string_view nss)
{
    if (!validate(nss))
        return std::nullopt;
    parts out;
    std::size_t const colon = nss.find(':');
    out.sub_namespace = std::string(nss.substr(0, colon));
    std::string_view rest = nss.substr(colon + 1);
    if (out.sub_namespace != "id") {
        out.rest = std::string(rest);
        return out;
    }
    std::size_t const scheme_end = rest.find(':');
    out.scheme = std::string(rest.substr(0, scheme_end));
    rest.remove_prefix(scheme_end + 1);
    out.rest = std::string(rest);
    static constexpr std::string_view with_serial[] = {"sgtin", "sgln", "grai", "gdti"};
    static constexpr std::string_view without_serial[] = {"sscc", "giai", "gsrn", "gsrnp", "pgln", "gsin"};
    bool serial = false;
    for (auto s : with_serial)
        serial = serial || out.scheme == s;
    bool known = serial;
    for (auto s : without_serial)
        known = known || out.scheme == s;
    if (!known)
        return out;
    out.checked = true;
    std::size_t const dot = rest.find('.');
    out.company_prefix = std::string(rest.substr(0, dot));
    rest.remove_prefix(dot + 1);
    if (serial) {
        std::size_t const second = rest.find('.');
        out.reference = std::string(rest.substr(0, second));
        out.serial = std::string(rest.substr(second + 1));
    } else {
        out.reference = std::string(rest);   // giai: the asset reference, "." and all
    }
    return out;
}

} // namespace epc
} // namespace nss
} // namespace urns

namespace urns {
namespace nss {
namespace epc {

namespace_rules rules() noexcept
{
    namespace_rules r{"epc", &validate, nullptr, "RFC 5134 section 2; GS1 EPC Tag Data Standard section 6.3"};
    r.fields = &detail::list_fields<grammar::nss::epc::epc_named, &validate>;
    return r;
}

} // namespace epc
} // namespace nss
} // namespace urns
