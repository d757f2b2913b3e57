// SPDX-License-Identifier: BSL-1.0
// The "iso" namespace, in one translation unit: the rules of
// grammar/nss/iso.abnf on the extension surface <urns/nss/x3.hpp>, the
// validator, the fold and accessors, and the registration (rules()).
//
// Defines every rule of grammar/nss/iso.abnf (RFC 5141 section 2.4.1,
// Appendix B), in its order, under the ABNF line it implements, with the
// extension surface <urns/nss/x3.hpp> only, in an unnamed namespace. Literal strings match in
// either case (RFC 5234 section 2.3).
//
// The ABNF is read in PEG order: where one alternative is a prefix of
// another, the longer is tried first (originator, language, docversion,
// elementrange before elementnumber); a keyword is one only if a ":" or the
// end follows (type).
//
// Faults, at the farthest byte reached: after a ":" that starts no element,
// the first element the ABNF allows there (partnumber after the docnumber,
// suppltype after the docidentifier, docelement after a docelement); inside
// an element, its part that does not match (DIGITS after "ed-", DIGIT in a
// stagecode, elementnumber after "-" in a range, ":" after a status); a
// byte other than ":" after a complete element, ":".
#include <urns/nss/iso.hpp>
#include <urns/nss/x3.hpp>
#include "nss/fields.hpp"

#include "nss/lower_fold.hpp"

#include <cctype>
#include <string>
#include <vector>

namespace urns {
namespace grammar {
namespace nss {
namespace iso {

using iso_attr = std::vector<std::string>;

} // namespace iso
} // namespace nss
} // namespace grammar
} // namespace urns

namespace urns {
namespace grammar {
namespace nss {
namespace iso {
namespace {

namespace abnf = urns::nss::abnf;
using urns::nss::expect;
using urns::nss::detail::field;

inline constexpr lexical::charset octet_chars = lexical::charset().with_range(0x00, 0xFF);
inline constexpr lexical::charset field_chars = octet_chars - lexical::charset(":");
inline constexpr lexical::charset part_chars = lexical::rfc5234::digit | lexical::rfc5234::alpha
                                             | lexical::charset("-");

/// A literal string of the ABNF: either case (RFC 5234 section 2.3).
template <std::size_t N>
auto ci(char const (&s)[N])
{
    return x3::no_case[x3::lit(s)];
}

// clang-format off

URNS_NSS_RULE(iso_nss,       "iso-NSS",       x3::unused_type);
URNS_NSS_RULE(std_nss,       "std-nss",       x3::unused_type);
URNS_NSS_RULE(docidentifier, "docidentifier", x3::unused_type);
URNS_NSS_RULE(originator,    "originator",    x3::unused_type);
URNS_NSS_RULE(type,          "type",          x3::unused_type);
URNS_NSS_RULE(docnumber,     "docnumber",     x3::unused_type);
URNS_NSS_RULE(partnumber,    "partnumber",    x3::unused_type);
URNS_NSS_RULE(status,        "status",        x3::unused_type);
URNS_NSS_RULE(stage,         "stage",         x3::unused_type);
URNS_NSS_RULE(stagecode,     "stagecode",     x3::unused_type);
URNS_NSS_RULE(iteration,     "iteration",     x3::unused_type);
URNS_NSS_RULE(edition,       "edition",       x3::unused_type);
URNS_NSS_RULE(docversion,    "docversion",    x3::unused_type);
URNS_NSS_RULE(simpleversion, "simpleversion", x3::unused_type);
URNS_NSS_RULE(isoversion,    "isoversion",    x3::unused_type);
URNS_NSS_RULE(baseversion,   "baseversion",   x3::unused_type);
URNS_NSS_RULE(includedsuppl, "includedsuppl", x3::unused_type);
URNS_NSS_RULE(language,      "language",      x3::unused_type);
URNS_NSS_RULE(monolingual,   "monolingual",   x3::unused_type);
URNS_NSS_RULE(bilingual,     "bilingual",     x3::unused_type);
URNS_NSS_RULE(trilingual,    "trilingual",    x3::unused_type);
URNS_NSS_RULE(supplement,    "supplement",    x3::unused_type);
URNS_NSS_RULE(suppltype,     "suppltype",     x3::unused_type);
URNS_NSS_RULE(supplnumber,   "supplnumber",   x3::unused_type);
URNS_NSS_RULE(supplversion,  "supplversion",  x3::unused_type);
URNS_NSS_RULE(docelement,    "docelement",    x3::unused_type);
URNS_NSS_RULE(elementnumber, "elementnumber", x3::unused_type);
URNS_NSS_RULE(elementrange,  "elementrange",  x3::unused_type);
URNS_NSS_RULE(addition,      "addition",      x3::unused_type);
URNS_NSS_RULE(techdefined,   "techdefined",   x3::unused_type);
URNS_NSS_RULE(techelement,   "techelement",   x3::unused_type);
URNS_NSS_RULE(isodefined,    "isodefined",    x3::unused_type);
URNS_NSS_RULE(digits,        "DIGITS",        x3::unused_type);

/// The typed reading of a valid iso-NSS: its ":"-separated fields, as
/// written (the parse below gives them their names).
URNS_NSS_RULE(iso_fields,    "iso-NSS",       iso_attr);

auto const colon = expect(x3::lit(':'), "\":\"");

// iso-NSS       = std-nss
// After it, only the end: a byte that starts no further element is
// reported as ":" (each element after the docnumber starts with one).
auto const iso_nss_def = expect(std_nss) >> expect(x3::eoi, "\":\"");

// std-nss       = "std:" docidentifier *supplement *docelement
//                 [addition]
auto const std_nss_def = ci("std:") >> expect(docidentifier) >> *supplement >> *docelement
                      >> -addition;

// docidentifier = originator [":" type] ":" docnumber [":" partnumber]
//                 [[":" status] ":" edition]
//                 [":" docversion] [":" language]
// After each ":" of an optional element, the element is expected: a ":"
// that starts none is reported at the next byte, under the first name.
auto const docidentifier_def = expect(originator) >> -(x3::lit(':') >> type) >> colon >> expect(docnumber)
    >> -(x3::lit(':') >> expect(partnumber))
    >> -(x3::lit(':') >> ((status >> colon >> expect(edition)) | expect(edition)))
    >> -(x3::lit(':') >> expect(docversion)) >> -(x3::lit(':') >> expect(language));

// originator    = "iso" / "iso-iec" / "iso-cie" / "iso-astm" /
//                 "iso-ieee" / "iec"
auto const originator_def = ci("iso-iec") | ci("iso-cie") | ci("iso-astm") | ci("iso-ieee") | ci("iso")
                         | ci("iec");

// type          = "data" / "guide" / "isp" / "iwa" /
//                 "pas" / "r" / "tr" / "ts" / "tta"
// A type is one only where the ":" of docidentifier follows it; where none
// does, that ":" is expected there (the ABNF reads on from the type).
auto const type_def = (ci("data") | ci("guide") | ci("isp") | ci("iwa") | ci("pas") | ci("r") | ci("tr")
                    | ci("ts") | ci("tta")) >> &expect(x3::lit(':'), "docidentifier");

// docnumber     = DIGITS
auto const docnumber_def = digits;

// partnumber    = "-" 1*( DIGIT / ALPHA / "-" )
auto const partnumber_def = x3::lit('-') >> expect(abnf::run_of<part_chars>, "partnumber");

// status        = ( "draft" / "cancelled" ) / stage
auto const status_def = ci("draft") | ci("cancelled") | stage;

// stage         = "stage-" stagecode ["." iteration]
auto const stage_def = ci("stage-") >> expect(stagecode) >> -(x3::lit('.') >> expect(iteration));

// stagecode     = DIGIT DIGIT "."  DIGIT DIGIT
auto const stagecode_def = abnf::digit >> expect(abnf::digit) >> expect(x3::lit('.'), "\".\"")
                        >> expect(abnf::digit) >> expect(abnf::digit);

// iteration     = "v" DIGITS
auto const iteration_def = ci("v") >> expect(digits);

// edition       = "ed-" DIGITS
auto const edition_def = ci("ed-") >> expect(digits);

// docversion    = "v" (simpleversion / isoversion)
// isoversion first: a simpleversion is an isoversion without suppls.
auto const docversion_def = ci("v") >> expect(isoversion | simpleversion, "docversion");

// simpleversion = DIGITS
auto const simpleversion_def = digits;

// isoversion    = baseversion *includedsuppl
auto const isoversion_def = baseversion >> *includedsuppl;

// baseversion   = DIGITS
auto const baseversion_def = digits;

// includedsuppl = "-" suppltype supplnumber [ "." supplversion ]
auto const includedsuppl_def = x3::lit('-') >> expect(suppltype) >> expect(supplnumber)
                            >> -(x3::lit('.') >> expect(supplversion));

// language      = monolingual / bilingual / trilingual
// Longest first: "en" starts "en,fr", which starts "en,fr,ru".
auto const language_def = trilingual | bilingual | monolingual;

// monolingual   = "en" / "fr" / "ru" / "es" / "ar"
auto const monolingual_def = ci("en") | ci("fr") | ci("ru") | ci("es") | ci("ar");

// bilingual     = "en,fr" / "en,ru" / "fr,ru"
auto const bilingual_def = ci("en,fr") | ci("en,ru") | ci("fr,ru");

// trilingual    = "en,fr,ru"
auto const trilingual_def = ci("en,fr,ru");

// supplement    = ":" suppltype ":" supplnumber
//                 [":" supplversion ] [":" language ]
auto const supplement_def = x3::lit(':') >> expect(suppltype) >> colon >> expect(supplnumber)
                         >> -(x3::lit(':') >> expect(supplversion)) >> -(x3::lit(':') >> expect(language));

// suppltype     = "amd" / "cor" / "add"
auto const suppltype_def = ci("amd") | ci("cor") | ci("add");

// supplnumber   = DIGITS
auto const supplnumber_def = digits;

// supplversion  = "v" DIGITS
auto const supplversion_def = ci("v") >> expect(digits);

// docelement    = ":" ( "clause" / "figure" / "table" / "term" ) ":"
//                 elementnumber / elementrange
//                 *( "," elementnumber / elementrange )
// Read as ":" type ":" item *( "," item ), an item an elementrange or an
// elementnumber (decision in grammar/README.md: the printed precedence
// would make "/" split the whole rule).
auto const element_item = elementrange | elementnumber;
auto const docelement_def = x3::lit(':')
    >> expect(ci("clause") | ci("figure") | ci("table") | ci("term"), "docelement") >> colon
    >> expect(element_item, "elementnumber") >> *(x3::lit(',') >> expect(element_item, "elementnumber"));

// elementnumber = ( ALPHA / DIGITS ) *( "."  DIGITS )
auto const elementnumber_def = (abnf::alpha | digits) >> *(x3::lit('.') >> expect(digits));

// elementrange  = elementnumber "-" elementnumber
auto const elementrange_def = elementnumber >> x3::lit('-') >> expect(elementnumber);

// addition      = techdefined / isodefined
auto const addition_def = techdefined | isodefined;

// techdefined   = ":tech" *techelement
auto const techdefined_def = ci(":tech") >> *techelement;

// techelement   = <unspecified>
// The committee's own syntax: any octet (the URN grammars check them).
auto const techelement_def = abnf::one_of<octet_chars>;

// isodefined    = <unspecified>
// Reserved to the ISO Central Secretariat, which has defined none:
// matches nothing (decision in grammar/README.md).
auto const isodefined_def = !x3::eps;

// DIGITS        = DIGIT *DIGIT
auto const digits_def = abnf::run_of<lexical::rfc5234::digit>;

// DIGIT         = %x30-39 ; 0-9
using abnf::digit;

// ALPHA         = %x41-5A / %x61-7A ; A-Z / a-z
using abnf::alpha;

auto const iso_fields_def = x3::raw[*abnf::one_of<field_chars>] % ':' >> x3::eoi;

/// The named fields of a valid iso-NSS: the docidentifier and its
/// elements, each supplement and its elements, each docelement, the
/// addition; inside a docversion, each includedsuppl's suppltype,
/// supplnumber and supplversion (the ABNF names them there too). As in
/// docidentifier, a status is taken only where ":" and an edition follow
/// it (a look-ahead, before it is marked); every other mark ends what may
/// fail, so no failed try leaves one behind: a supplement is tried at
/// ":" and fails at its suppltype, before its first mark, where a
/// docelement or an addition starts; after a suppltype, a ":v" is only a
/// supplversion and a "." in a docversion only an includedsuppl's.
URNS_NSS_RULE(iso_named, "iso-NSS", urns::nss::detail::field_marks);
auto const docversion_named = field("docversion",
    ci("v") >> baseversion
    >> *(x3::lit('-') >> field("suppltype", suppltype) >> field("supplnumber", supplnumber)
         >> -(x3::lit('.') >> field("supplversion", supplversion))));
auto const supplement_named = field("supplement",
    x3::lit(':') >> field("suppltype", suppltype) >> ':' >> field("supplnumber", supplnumber)
    >> -(x3::lit(':') >> field("supplversion", supplversion))
    >> -(x3::lit(':') >> field("language", language)));
auto const docidentifier_named = field("docidentifier",
    field("originator", originator) >> -(x3::lit(':') >> field("type", type))
    >> ':' >> field("docnumber", docnumber)
    >> -(x3::lit(':') >> field("partnumber", partnumber))
    >> -(x3::lit(':') >> ((&(status >> ':' >> edition) >> field("status", status) >> ':' >> field("edition", edition))
                          | field("edition", edition)))
    >> -(x3::lit(':') >> docversion_named)
    >> -(x3::lit(':') >> field("language", language)));
auto const iso_named_def = ci("std:") >> docidentifier_named >> *supplement_named
                        >> *field("docelement", docelement) >> -field("addition", addition);

URNS_NSS_DEFINE(iso_nss, std_nss, docidentifier, originator, type, docnumber, partnumber, status, stage,
                    stagecode, iteration, edition, docversion, simpleversion, isoversion, baseversion,
                    includedsuppl, language, monolingual, bilingual, trilingual, supplement, suppltype,
                    supplnumber, supplversion, docelement, elementnumber, elementrange, addition, techdefined,
                    techelement, isodefined, digits, iso_fields, iso_named)

// clang-format on

} // namespace
} // namespace iso
} // namespace nss
} // namespace grammar
} // namespace urns

namespace urns {
namespace nss {
namespace iso {

namespace {

using lexical::iequals;
using lexical::istarts_with;

bool is_language(std::string_view f)
{
    for (char const* l : {"en", "fr", "ru", "es", "ar", "en,fr", "en,ru", "fr,ru", "en,fr,ru"})
        if (iequals(f, l))
            return true;
    return false;
}

bool starts_with_v(std::string_view f)
{
    return !f.empty() && (f[0] == 'v' || f[0] == 'V');
}

} // namespace

verdict validate(std::string_view nss) noexcept
{
    return x3_validator<grammar::nss::iso::iso_nss>()(nss);
}

std::optional<parts> parse(std::string_view nss)
{
    if (!validate(nss))
        return std::nullopt;
    auto const r = urns::nss::parse(grammar::nss::iso::iso_fields, nss);
    if (!r)
        return std::nullopt;
    // The NSS is valid: each field is told by its keyword or its first
    // character, in the order of the ABNF (std-nss, docidentifier).
    std::vector<std::string> const& f = *r;
    std::size_t const n = f.size();
    std::size_t i = 1;   // f[0] is "std"
    parts out;
    out.originator = f[i++];
    if (!std::isdigit(static_cast<unsigned char>(f[i][0])))
        out.type = f[i++];
    out.docnumber = f[i++];
    if (i < n && f[i][0] == '-')
        out.partnumber = f[i++].substr(1);
    if (i < n && (iequals(f[i], "draft") || iequals(f[i], "cancelled") || istarts_with(f[i], "stage-")))
        out.status = f[i++];
    if (i < n && istarts_with(f[i], "ed-"))
        out.edition = f[i++].substr(3);
    if (i < n && starts_with_v(f[i]))
        out.docversion = f[i++].substr(1);
    if (i < n && is_language(f[i]))
        out.language = f[i++];
    while (i < n) {
        std::string const& k = f[i];
        if (iequals(k, "amd") || iequals(k, "cor") || iequals(k, "add")) {
            supplement s{k, f[i + 1], std::nullopt, std::nullopt};
            i += 2;
            if (i < n && starts_with_v(f[i]))
                s.version = f[i++].substr(1);
            if (i < n && is_language(f[i]))
                s.language = f[i++];
            out.supplements.push_back(std::move(s));
        } else if (iequals(k, "clause") || iequals(k, "figure") || iequals(k, "table") || iequals(k, "term")) {
            out.docelements.push_back({k, f[i + 1]});
            i += 2;
        } else {
            // ":tech" and its techelements, which may hold ":", to the end.
            std::string tech = k.substr(4);
            for (++i; i < n; ++i)
                tech += ':' + f[i];
            out.techdefined = std::move(tech);
        }
    }
    return out;
}

} // namespace iso
} // namespace nss
} // namespace urns

namespace urns {
namespace nss {
namespace iso {

std::size_t fold(std::string_view nss, char* out) noexcept
{
    nss.copy(out, nss.size());
    if (!validate(nss))
        return nss.size();
    // "4. normalize the case of all elements": every element, the
    // techdefined addition too, is case-insensitive.
    detail::lower_outside_pct(nss, nss.size(), out);
    return nss.size();
}

} // namespace iso
} // namespace nss
} // namespace urns

namespace urns {
namespace nss {
namespace iso {

namespace_rules rules() noexcept
{
    namespace_rules r{"iso", &validate, &fold, "RFC 5141 section 2.4.1"};
    r.fields = &detail::list_fields<grammar::nss::iso::iso_named, &validate>;
    return r;
}

} // namespace iso
} // namespace nss
} // namespace urns
