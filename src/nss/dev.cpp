// SPDX-License-Identifier: BSL-1.0
// The "dev" namespace, in one translation unit: the rules of
// grammar/nss/dev.abnf on the extension surface <urns/nss/x3.hpp>, the
// validator, the fold and accessors, and the registration (rules()).
//
// Defines every rule of grammar/nss/dev.abnf (RFC 9039 section 3.2), in
// its order, under the ABNF line it implements, with the extension surface
// <urns/nss/x3.hpp> only, in an unnamed namespace. %s"..." strings are x3::lit (case-sensitive);
// "a" to "f" in hexdigit match either case (RFC 5234 section 2.3).
#include <urns/nss/dev.hpp>
#include <urns/nss/x3.hpp>
#include "nss/fields.hpp"

#include <boost/fusion/include/adapt_struct.hpp>
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
namespace dev {

struct dev_attr {
    std::string subtype;
    std::string body;                    ///< after "subtype:", up to the first "_"
    std::vector<std::string> components; ///< each after a "_"
};

} // namespace dev
} // namespace nss
} // namespace grammar
} // namespace urns

BOOST_FUSION_ADAPT_STRUCT(urns::grammar::nss::dev::dev_attr, subtype, body, components)

namespace urns {
namespace grammar {
namespace nss {
namespace dev {
namespace {

namespace abnf = urns::nss::abnf;
using urns::nss::expect;
using urns::nss::detail::field;

inline constexpr lexical::charset lalpha_chars = lexical::charset().with_range(0x61, 0x7A);
inline constexpr lexical::charset nzdigit_chars = lexical::charset().with_range(0x31, 0x39);
inline constexpr lexical::charset hexdigit_chars = lexical::rfc5234::digit | lexical::charset("abcdefABCDEF");
inline constexpr lexical::charset nodash_chars =
    lexical::rfc5234::alpha | lexical::rfc5234::digit | lexical::charset(".");
inline constexpr lexical::charset devunreserved_chars = nodash_chars | lexical::charset("-");
inline constexpr lexical::charset subtype_chars = lalpha_chars | lexical::rfc5234::digit;

// clang-format off

URNS_NSS_RULE(dev_nss,             "dev-nss",             x3::unused_type);
URNS_NSS_RULE(body,                "body",                x3::unused_type);
URNS_NSS_RULE(macbody,             "macbody",             x3::unused_type);
URNS_NSS_RULE(owbody,              "owbody",              x3::unused_type);
URNS_NSS_RULE(orgbody,             "orgbody",             x3::unused_type);
URNS_NSS_RULE(osbody,              "osbody",              x3::unused_type);
URNS_NSS_RULE(opsbody,             "opsbody",             x3::unused_type);
URNS_NSS_RULE(otherbody,           "otherbody",           x3::unused_type);
URNS_NSS_RULE(subtype,             "subtype",             x3::unused_type);
URNS_NSS_RULE(identifier,          "identifier",          x3::unused_type);
URNS_NSS_RULE(identifiernodash,    "identifiernodash",    x3::unused_type);
URNS_NSS_RULE(product,             "product",             x3::unused_type);
URNS_NSS_RULE(serial,              "serial",              x3::unused_type);
URNS_NSS_RULE(componentpart,       "componentpart",       x3::unused_type);
URNS_NSS_RULE(devunreservednodash, "devunreservednodash", x3::unused_type);
URNS_NSS_RULE(devunreserved,       "devunreserved",       x3::unused_type);
URNS_NSS_RULE(hexstring,           "hexstring",           x3::unused_type);
URNS_NSS_RULE(hexdigit,            "hexdigit",            x3::unused_type);
URNS_NSS_RULE(posnumber,           "posnumber",           x3::unused_type);
URNS_NSS_RULE(lalpha,              "LALPHA",              x3::unused_type);
URNS_NSS_RULE(nzdigit,             "NZDIGIT",             x3::unused_type);

/// The typed reading of a valid dev-nss.
URNS_NSS_RULE(dev_fields,          "dev-nss",             dev_attr);

/// The named fields of a valid dev-nss: the body's kind, its parts, the
/// componentpart.
URNS_NSS_RULE(dev_named,           "dev-nss",             urns::nss::detail::field_marks);

auto const hyphen = expect(x3::lit('-'), "\"-\"");
auto const more_identifiers = *(':' >> expect(identifier));

// The subtypes section 4 defines: never read as an otherbody.
auto const defined_subtype =
    (x3::lit("mac") | x3::lit("ow") | x3::lit("org") | x3::lit("ops") | x3::lit("os")) >> ':';

// dev-nss = body componentpart
// Bytes after the components (neither "_" nor the end) are reported
// there, expected componentpart.
auto const dev_nss_def = expect(body) >> componentpart >> expect(x3::eoi, "componentpart");

// body = macbody / owbody / orgbody / osbody / opsbody / otherbody
auto const body_def = macbody | owbody | orgbody | osbody | opsbody | otherbody;

// macbody = %s"mac:" hexstring
auto const macbody_def = x3::lit("mac:") >> expect(hexstring);

// owbody = %s"ow:" hexstring
auto const owbody_def = x3::lit("ow:") >> expect(hexstring);

// orgbody = %s"org:" posnumber "-" identifier *( ":" identifier )
auto const orgbody_def = x3::lit("org:") >> expect(posnumber) >> hyphen >> expect(identifier) >> more_identifiers;

// osbody = %s"os:" posnumber "-" serial *( ":" identifier )
auto const osbody_def = x3::lit("os:") >> expect(posnumber) >> hyphen >> expect(serial) >> more_identifiers;

// opsbody = %s"ops:" posnumber "-" product "-" serial
//           *( ":" identifier )
auto const opsbody_def = x3::lit("ops:") >> expect(posnumber) >> hyphen >> expect(product) >> hyphen
                         >> expect(serial) >> more_identifiers;

// otherbody = subtype ":" identifier *( ":" identifier )
// Not a subtype of section 4 (decision in grammar/README.md).
auto const otherbody_def = !defined_subtype >> subtype >> expect(x3::lit(':'), "\":\"")
                           >> expect(identifier) >> more_identifiers;

// subtype = LALPHA *(DIGIT / LALPHA)
auto const subtype_def = lalpha >> *abnf::one_of<subtype_chars>;

// identifier = 1*devunreserved
auto const identifier_def = abnf::run_of<devunreserved_chars>;

// identifiernodash = 1*devunreservednodash
auto const identifiernodash_def = abnf::run_of<nodash_chars>;

// product = identifiernodash
auto const product_def = identifiernodash;

// serial = identifier
auto const serial_def = identifier;

// componentpart = *( "_" identifier )
auto const componentpart_def = *('_' >> expect(identifier));

// devunreservednodash = ALPHA / DIGIT / "."
auto const devunreservednodash_def = abnf::one_of<nodash_chars>;

// devunreserved = devunreservednodash / "-"
auto const devunreserved_def = abnf::one_of<devunreserved_chars>;

// hexstring = 1*(hexdigit hexdigit)
// Sections 4.1 and 4.2: the hexstring of "mac" and "ow" (the only rules
// that use it) is "always exactly 16 characters long".
auto const hexstring_def = hexdigit >> x3::repeat(15)[expect(hexdigit)];

// hexdigit = DIGIT / "a" / "b" / "c" / "d" / "e" / "f"
auto const hexdigit_def = abnf::one_of<hexdigit_chars>;

// posnumber = NZDIGIT *DIGIT
auto const posnumber_def = nzdigit >> *abnf::digit;

// ALPHA =  %x41-5A / %x61-7A
using abnf::alpha;

// LALPHA =  %x41-5A
// The RFC's own example (urn:dev:example:...) and the name say lower
// case: %x61-7A (decision in grammar/README.md).
auto const lalpha_def = abnf::one_of<lalpha_chars>;

// NZDIGIT = %x31-39
auto const nzdigit_def = abnf::one_of<nzdigit_chars>;

// DIGIT =  %x30-39
using abnf::digit;

auto const dev_fields_def =
    x3::raw[+abnf::one_of<subtype_chars>] >> ':'
    >> x3::raw[+(abnf::one_of<devunreserved_chars> | x3::char_(':'))]
    >> *('_' >> x3::raw[identifier]) >> x3::eoi;

// Each body is chosen by its keyword (otherbody: none of them), before
// any field is marked. A serial is an identifier (serial = identifier):
// both are marked, as the ABNF names both. The componentpart is marked
// where it has a component: an empty one (no "_") takes no byte, and a
// field that shows nothing is not listed (test/unit/abnf_diff.cpp's
// check_fields leaves the ABNF's empty spans out too). Inside it, a "_"
// is always followed by an identifier in a valid NSS, so no mark is left
// by a failed try.
auto const named_identifiers = *(':' >> field("identifier", identifier));
auto const named_serial = field("serial", field("identifier", identifier));
auto const dev_named_def =
      ( field("macbody", x3::lit("mac:") >> field("hexstring", hexstring))
      | field("owbody",  x3::lit("ow:") >> field("hexstring", hexstring))
      | field("orgbody", x3::lit("org:") >> field("posnumber", posnumber) >> '-'
                         >> field("identifier", identifier) >> named_identifiers)
      | field("osbody",  x3::lit("os:") >> field("posnumber", posnumber) >> '-'
                         >> named_serial >> named_identifiers)
      | field("opsbody", x3::lit("ops:") >> field("posnumber", posnumber) >> '-'
                         >> field("product", product) >> '-' >> named_serial >> named_identifiers)
      | field("otherbody", field("subtype", subtype) >> ':' >> field("identifier", identifier)
                           >> named_identifiers))
    >> -field("componentpart", +('_' >> field("identifier", identifier))) >> x3::eoi;

URNS_NSS_DEFINE(dev_nss, body, macbody, owbody, orgbody, osbody, opsbody, otherbody, subtype,
                    identifier, identifiernodash, product, serial, componentpart, devunreservednodash,
                    devunreserved, hexstring, hexdigit, posnumber, lalpha, nzdigit, dev_fields, dev_named)

// clang-format on

} // namespace
} // namespace dev
} // namespace nss
} // namespace grammar
} // namespace urns

namespace urns {
namespace nss {
namespace dev {

namespace {

/// `s` split at each `sep`.
std::vector<std::string> split(std::string const& s, char sep)
{
    std::vector<std::string> out(1);
    for (char const c : s) {
        if (c == sep)
            out.emplace_back();
        else
            out.back() += c;
    }
    return out;
}

} // namespace

verdict validate(std::string_view nss) noexcept
{
    return x3_validator<grammar::nss::dev::dev_nss>()(nss);
}

std::optional<parts> parse(std::string_view nss)
{
    if (!validate(nss))
        return std::nullopt;
    auto const r = urns::nss::parse(grammar::nss::dev::dev_fields, nss);
    if (!r)
        return std::nullopt;
    parts out;
    out.subtype = r->subtype;
    out.components = r->components;
    // body: the colon-separated identifiers; the first holds the fields.
    std::vector<std::string> ids = split(r->body, ':');
    std::string first = ids.front();
    out.more.assign(ids.begin() + 1, ids.end());
    if (out.subtype == "org" || out.subtype == "os" || out.subtype == "ops") {
        auto const dash = first.find('-');   // posnumber has no "-"
        out.pen = first.substr(0, dash);
        first = first.substr(dash + 1);
        if (out.subtype == "ops") {   // product has no "-"
            auto const d2 = first.find('-');
            out.product = first.substr(0, d2);
            first = first.substr(d2 + 1);
        }
    }
    out.id = first;
    return out;
}

} // namespace dev
} // namespace nss
} // namespace urns

namespace urns {
namespace nss {
namespace dev {

namespace_rules rules() noexcept
{
    namespace_rules r{"dev", &validate, nullptr, "RFC 9039 sections 3 and 4"};
    r.fields = &detail::list_fields<grammar::nss::dev::dev_named, &validate>;
    return r;
}

} // namespace dev
} // namespace nss
} // namespace urns
