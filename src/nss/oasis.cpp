// SPDX-License-Identifier: BSL-1.0
// The "oasis" namespace, in one translation unit: the rules of
// grammar/nss/oasis.abnf on the extension surface <urns/nss/x3.hpp>, the
// validator, the fold and accessors, and the registration (rules()).
//
// Defines every rule of grammar/nss/oasis.abnf (RFC 3121 section 2), in its
// order, under the ABNF line it implements, with the extension surface
// <urns/nss/x3.hpp> only, in an unnamed namespace. %s"..." strings are x3::lit (case-sensitive).
//
// Faults: a branch other than "names:" or "member:" is reported at offset
// 0, expected oasis-NSS; a class other than "specification:", "tc:" or
// "technical:" after "names:" at offset 6, expected names-nss; inside a
// class, at the first field that does not fit, by its rule name.
#include <urns/nss/oasis.hpp>
#include <urns/nss/x3.hpp>
#include "nss/fields.hpp"

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
namespace oasis {

using oasis_attr = std::vector<std::string>;

} // namespace oasis
} // namespace nss
} // namespace grammar
} // namespace urns

namespace urns {
namespace grammar {
namespace nss {
namespace oasis {
namespace {

namespace abnf = urns::nss::abnf;
using urns::nss::expect;
namespace marks = urns::nss::detail;   // marks::field: this grammar has a rule "field"

inline constexpr lexical::charset octet_chars = lexical::charset().with_range(0x00, 0xFF);
inline constexpr lexical::charset field_chars = octet_chars - lexical::charset(":");

// clang-format off

URNS_NSS_RULE(oasis_nss,        "oasis-NSS",        x3::unused_type);
URNS_NSS_RULE(names_nss,        "names-nss",        x3::unused_type);
URNS_NSS_RULE(specification,    "specification",    x3::unused_type);
URNS_NSS_RULE(tc,               "tc",               x3::unused_type);
URNS_NSS_RULE(typed_id,         "typed-id",         x3::unused_type);
URNS_NSS_RULE(technical,        "technical",        x3::unused_type);
URNS_NSS_RULE(document_type,    "document-type",    x3::unused_type);
URNS_NSS_RULE(legacy_id,        "legacy-id",        x3::unused_type);
URNS_NSS_RULE(amendment_id,     "amendment-id",     x3::unused_type);
URNS_NSS_RULE(member_nss,       "member-nss",       x3::unused_type);
URNS_NSS_RULE(specification_id, "specification-id", x3::unused_type);
URNS_NSS_RULE(tc_id,            "tc-id",            x3::unused_type);
URNS_NSS_RULE(type,             "type",             x3::unused_type);
URNS_NSS_RULE(subtype,          "subtype",          x3::unused_type);
URNS_NSS_RULE(document_id,      "document-id",      x3::unused_type);
URNS_NSS_RULE(member_id,        "member-id",        x3::unused_type);
URNS_NSS_RULE(opaque_string,    "opaque-string",    x3::unused_type);
URNS_NSS_RULE(field,            "field",            x3::unused_type);
URNS_NSS_RULE(field_char,       "field-char",       x3::unused_type);
URNS_NSS_RULE(octet,            "OCTET",            x3::unused_type);

/// The typed reading of a valid oasis-NSS: its ":"-separated fields, as
/// written (the parse below gives them their names).
URNS_NSS_RULE(oasis_fields,     "oasis-NSS",        oasis_attr);

auto const colon = expect(x3::lit(':'), "\":\"");

// oasis-NSS        = names-nss / member-nss
auto const oasis_nss_def = expect(names_nss | member_nss, "oasis-NSS");

// names-nss        = %s"names:" ( specification / tc / technical )
auto const names_nss_def = x3::lit("names:") >> expect(specification | tc | technical, "names-nss");

// specification    = %s"specification:" specification-id ":" typed-id
auto const specification_def = x3::lit("specification:") >> expect(specification_id) >> colon
                            >> expect(typed_id);

// tc               = %s"tc:" tc-id ":" typed-id
auto const tc_def = x3::lit("tc:") >> expect(tc_id) >> colon >> expect(typed_id);

// typed-id         = type ":" [ subtype ":" ] document-id
// PEG: a field is the subtype only where a ":" and a document-id follow
// it (decision in grammar/README.md); the rest is the document-id, ":" and
// all, so that "type:c:" is document-id "c:", as the ABNF reads it.
auto const typed_id_def = type >> colon >> -(subtype >> ':' >> &document_id) >> expect(document_id);

// technical        = %s"technical:" document-type ":" legacy-id ":"
//                    amendment-id
// Bytes after the amendment-id are reported there, expected the end.
auto const technical_def = x3::lit("technical:") >> expect(document_type) >> colon
                        >> expect(legacy_id) >> colon >> expect(amendment_id)
                        >> expect(x3::eoi, "end of input");

// document-type    = %s"note" / %s"resolution" / %s"memorandum"
//                    / %s"researchpaper" / %s"memo"
// "memo" is section 3's example's (decision in grammar/README.md); it is
// tried after "memorandum", which starts with it.
auto const document_type_def = x3::lit("note") | x3::lit("resolution") | x3::lit("memorandum")
                            | x3::lit("researchpaper") | x3::lit("memo");

// legacy-id        = 2DIGIT 1*DIGIT
auto const legacy_id_def = abnf::digit >> expect(abnf::digit) >> expect(abnf::digit)
                        >> *abnf::digit;

// amendment-id     = 4DIGIT / 2DIGIT
// As 2DIGIT [2DIGIT] (the same language), each DIGIT an expectation
// point: after two digits, a third is the start of the longer form.
auto const amendment_id_def = expect(abnf::digit) >> expect(abnf::digit)
                           >> -(expect(abnf::digit) >> expect(abnf::digit));

// member-nss       = %s"member:" member-id ":" opaque-string
auto const member_nss_def = x3::lit("member:") >> expect(member_id) >> colon >> expect(opaque_string);

// specification-id = field
auto const specification_id_def = field;

// tc-id            = field
auto const tc_id_def = field;

// type             = field
auto const type_def = field;

// subtype          = field
auto const subtype_def = field;

// document-id      = 1*OCTET
auto const document_id_def = abnf::run_of<octet_chars>;

// member-id        = field
auto const member_id_def = field;

// opaque-string    = 1*OCTET
auto const opaque_string_def = abnf::run_of<octet_chars>;

// field            = 1*field-char
auto const field_def = abnf::run_of<field_chars>;

// field-char       = %x00-39 / %x3B-FF ; any octet but ":"
auto const field_char_def = abnf::one_of<field_chars>;

// DIGIT            = %x30-39
using abnf::digit;

// OCTET            = %x00-FF
auto const octet_def = abnf::one_of<octet_chars>;

auto const oasis_fields_def = x3::raw[*abnf::one_of<field_chars>] % ':' >> x3::eoi;

/// The named fields of a valid oasis-NSS: the alternatives taken and the
/// rules inside them. Each alternative is chosen by its keyword, and the
/// subtype by a look-ahead (as typed-id's), before any field is marked.
URNS_NSS_RULE(oasis_named, "oasis-NSS", marks::field_marks);
auto const typed_id_named = marks::field("typed-id",
    marks::field("type", type) >> ':'
    >> -(&(subtype >> ':' >> document_id) >> marks::field("subtype", subtype) >> ':')
    >> marks::field("document-id", document_id));
auto const oasis_named_def =
      marks::field("names-nss", x3::lit("names:") >> (
            marks::field("specification", x3::lit("specification:")
                                          >> marks::field("specification-id", specification_id) >> ':' >> typed_id_named)
          | marks::field("tc", x3::lit("tc:") >> marks::field("tc-id", tc_id) >> ':' >> typed_id_named)
          | marks::field("technical", x3::lit("technical:") >> marks::field("document-type", document_type) >> ':'
                                      >> marks::field("legacy-id", legacy_id) >> ':'
                                      >> marks::field("amendment-id", amendment_id))))
    | marks::field("member-nss", x3::lit("member:") >> marks::field("member-id", member_id) >> ':'
                                 >> marks::field("opaque-string", opaque_string));

URNS_NSS_DEFINE(oasis_nss, names_nss, specification, tc, typed_id, technical, document_type, legacy_id,
                    amendment_id, member_nss, specification_id, tc_id, type, subtype, document_id, member_id,
                    opaque_string, field, field_char, octet, oasis_fields, oasis_named)

// clang-format on

} // namespace
} // namespace oasis
} // namespace nss
} // namespace grammar
} // namespace urns

namespace urns {
namespace nss {
namespace oasis {

namespace {

/// Fields [from, end) joined again with ":" (a document-id or an opaque
/// string may hold ":").
std::string join(std::vector<std::string> const& f, std::size_t from)
{
    std::string out;
    for (std::size_t i = from; i < f.size(); ++i) {
        if (i > from)
            out += ':';
        out += f[i];
    }
    return out;
}

} // namespace

verdict validate(std::string_view nss) noexcept
{
    return x3_validator<grammar::nss::oasis::oasis_nss>()(nss);
}

std::optional<parts> parse(std::string_view nss)
{
    if (!validate(nss))
        return std::nullopt;
    auto const r = urns::nss::parse(grammar::nss::oasis::oasis_fields, nss);
    if (!r)
        return std::nullopt;
    std::vector<std::string> const& f = *r;
    parts out;
    out.branch = f[0];
    if (out.branch == "member") {   // member:{member-id}:{opaque}
        out.id = f[1];
        out.document_id = join(f, 2);
        return out;
    }
    out.hierarchy = f[1];
    if (out.hierarchy == "technical") {   // names:technical:{document-type}:{document-id}:{amendment-id}
        out.type = f[2];
        out.document_id = f[3];
        out.amendment_id = f[4];
        return out;
    }
    // names:{specification|tc}:{id}:{type}[:{subtype}]:{document-id}; the
    // subtype is the first of two or more fields after the type, if it is
    // not empty (typed-id: subtype = field) and a document-id follows it
    // (document-id = 1*OCTET: "c:" after the type is a document-id).
    out.id = f[2];
    out.type = f[3];
    if (f.size() > 5 && !f[4].empty() && !(f.size() == 6 && f[5].empty())) {
        out.subtype = f[4];
        out.document_id = join(f, 5);
    } else {
        out.document_id = join(f, 4);
    }
    return out;
}

} // namespace oasis
} // namespace nss
} // namespace urns

namespace urns {
namespace nss {
namespace oasis {

namespace_rules rules() noexcept
{
    namespace_rules r{"oasis", &validate, nullptr, "RFC 3121 section 2"};
    r.fields = &detail::list_fields<grammar::nss::oasis::oasis_named, &validate>;
    return r;
}

} // namespace oasis
} // namespace nss
} // namespace urns
