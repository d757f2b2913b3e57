// SPDX-License-Identifier: BSL-1.0
// The "publicid" namespace, in one translation unit: the rules of
// grammar/nss/publicid.abnf on the extension surface <urns/nss/x3.hpp>, the
// validator, the fold and accessors, and the registration (rules()).
//
// Defines every rule of grammar/nss/publicid.abnf (RFC 3151 section 2), in
// its order, under the ABNF line it implements, with the extension surface
// <urns/nss/x3.hpp> only, in an unnamed namespace.
//
// Faults: a byte that starts no unit (a "+" first, last or after another
// "+", a literal "'", a character outside the transcription's) is reported
// at its offset, expected unit; a "%" not followed by one of the eight
// escapes at the byte after the "%", expected escape.
#include <urns/nss/publicid.hpp>
#include <urns/nss/x3.hpp>
#include <urns/lexical.hpp>

#include <string>
#include <vector>

namespace urns {
namespace grammar {
namespace nss {
namespace publicid {

using publicid_attr = std::vector<std::string>;

} // namespace publicid
} // namespace nss
} // namespace grammar
} // namespace urns

namespace urns {
namespace grammar {
namespace nss {
namespace publicid {
namespace {

namespace abnf = urns::nss::abnf;
using urns::nss::expect;

inline constexpr lexical::charset literal_chars =
    lexical::rfc5234::alpha | lexical::rfc5234::digit | lexical::charset("-(),.=!*@$_");
// The second hex digit of the escapes, after "%2" (+ / # % ') and "%3" (: ; ?).
inline constexpr lexical::charset after_2 = lexical::charset("BbFf357");
inline constexpr lexical::charset after_3 = lexical::charset("AaBbFf");

// clang-format off

URNS_NSS_RULE(publicid_nss, "publicid-NSS", x3::unused_type);
URNS_NSS_RULE(unit,         "unit",         x3::unused_type);
URNS_NSS_RULE(literal,      "literal",      x3::unused_type);
URNS_NSS_RULE(escape,       "escape",       x3::unused_type);

/// The typed reading of a valid publicid-NSS: its units and its "+"s, each
/// as written (publicid.cpp decodes them).
URNS_NSS_RULE(publicid_tokens, "publicid-NSS", publicid_attr);

// publicid-NSS = unit *( [ "+" ] unit )
// A "+" must be followed by a unit; the NSS ends after a unit.
auto const publicid_nss_def = expect(unit) >> *((x3::lit('+') >> expect(unit)) | unit)
                           >> expect(x3::eoi, "unit");

// unit         = literal / ":" / ";" / escape
auto const unit_def = literal | x3::lit(':') | x3::lit(';') | escape;

// literal      = ALPHA / DIGIT / "-" / "(" / ")" / "," / "." / "=" / "!"
//                / "*" / "@" / "$" / "_"
auto const literal_def = abnf::one_of<literal_chars>;

// escape       = "%2B" / "%3A" / "%2F" / "%3B" / "%27" / "%3F" / "%23"
//                / "%25"
// Each escape is one terminal of three bytes, which fails where it starts:
// a "%" that starts none is the fault, expected escape.
auto const escape_def = &x3::lit('%') >> expect(x3::lit('%') >> ((x3::lit('2') >> abnf::one_of<after_2>)
                                                                | (x3::lit('3') >> abnf::one_of<after_3>)),
                                                "escape");

// ALPHA        = %x41-5A / %x61-7A
using abnf::alpha;

// DIGIT        = %x30-39
using abnf::digit;

auto const publicid_tokens_def = *x3::raw[x3::lit('+') | unit] >> x3::eoi;

URNS_NSS_DEFINE(publicid_nss, unit, literal, escape, publicid_tokens)

// clang-format on

} // namespace
} // namespace publicid
} // namespace nss
} // namespace grammar
} // namespace urns

namespace urns {
namespace nss {
namespace publicid {

verdict validate(std::string_view nss) noexcept
{
    return x3_validator<grammar::nss::publicid::publicid_nss>()(nss);
}

std::optional<std::string> to_public_id(std::string_view nss)
{
    if (!validate(nss))
        return std::nullopt;
    auto const r = urns::nss::parse(grammar::nss::publicid::publicid_tokens, nss);
    if (!r)
        return std::nullopt;
    // RFC 3151 section 2, read backwards.
    std::string out;
    for (std::string const& t : *r) {
        if (t == "+")
            out += ' ';
        else if (t == ":")
            out += "//";
        else if (t == ";")
            out += "::";
        else if (t.size() == 3)   // an escape: "%" and two hex digits
            out += static_cast<char>(lexical::hex_value(t[1]) * 16 + lexical::hex_value(t[2]));
        else
            out += t;
    }
    return out;
}

} // namespace publicid
} // namespace nss
} // namespace urns

namespace urns {
namespace nss {
namespace publicid {

namespace {

/// PubidChar, XML 1.0 Second Edition production 13 (RFC 3151 section 1.1).
inline constexpr lexical::charset pubid_chars = lexical::rfc5234::alpha | lexical::rfc5234::digit |
                                                lexical::charset(" \r\n-'()+,./:=?;!*#@$_%");
/// Whitespace for normalization (section 1.1: #x20, #x9, #xD, #xA).
inline constexpr lexical::charset white = lexical::charset(" \t\r\n");

/// `s` split at each "//", from the left ("a///b" is "a", "/b").
std::vector<std::string_view> split_fields(std::string_view s)
{
    std::vector<std::string_view> out;
    for (;;) {
        std::size_t const at = s.find("//");
        out.push_back(s.substr(0, at));
        if (at == std::string_view::npos)
            return out;
        s.remove_prefix(at + 2);
    }
}

} // namespace

boost::system::result<std::string, nss_fault> to_nss(std::string_view public_id)
{
    // Section 1.1: normalize first (runs of whitespace are one space, none
    // at either end); a tab is whitespace there, though not a PubidChar.
    std::string id;
    for (std::size_t i = 0; i < public_id.size(); ++i) {
        char const c = public_id[i];
        if (white.contains(c)) {
            if (!id.empty() && id.back() != ' ')
                id += ' ';
        } else if (pubid_chars.contains(c)) {
            id += c;
        } else {
            return nss_fault{i, "PubidChar"};
        }
    }
    if (!id.empty() && id.back() == ' ')
        id.pop_back();
    if (id.empty())
        return nss_fault{public_id.size(), "PubidChar"};
    // Section 2's rules, from the left: "//" and "::" before their single
    // characters.
    std::string out;
    for (std::size_t i = 0; i < id.size(); ++i) {
        char const c = id[i];
        bool const pair = i + 1 < id.size() && id[i + 1] == c;
        if (c == '/' && pair) {
            out += ':';
            ++i;
        } else if (c == ':' && pair) {
            out += ';';
            ++i;
        } else if (c == ' ') {
            out += '+';
        } else if (lexical::charset("+:/;'?#%").contains(c)) {
            out += '%';
            out += lexical::hex_digit(static_cast<unsigned char>(c) >> 4);
            out += lexical::hex_digit(static_cast<unsigned char>(c) & 0xF);
        } else {
            out += c;
        }
    }
    return out;
}

std::optional<parts> parse(std::string_view nss)
{
    auto id = to_public_id(nss);
    if (!id)
        return std::nullopt;
    parts out;
    out.public_id = std::move(*id);
    // Section 1.2: "owner//class description//language//version"; an
    // owner may begin with "-//" or "+//".
    std::string_view rest = out.public_id;
    std::string_view prefix;
    if (rest.size() >= 3 && (rest[0] == '-' || rest[0] == '+') && rest.substr(1, 2) == "//")
        prefix = rest.substr(0, 3);
    rest.remove_prefix(prefix.size());
    auto const f = split_fields(rest);
    if (f.size() < 2 || f.size() > 4)
        return out;
    for (auto const& field : f)
        if (field.empty())
            return out;
    std::size_t const space = f[1].find(' ');
    if (space == std::string_view::npos || space == 0 || space + 1 == f[1].size())
        return out;
    out.formal = true;
    out.owner = std::string(prefix) + std::string(f[0]);
    out.text_class = std::string(f[1].substr(0, space));
    out.description = std::string(f[1].substr(space + 1));
    if (f.size() > 2)
        out.language = std::string(f[2]);
    if (f.size() > 3)
        out.version = std::string(f[3]);
    return out;
}

} // namespace publicid
} // namespace nss
} // namespace urns

namespace urns {
namespace nss {
namespace publicid {

namespace_rules rules() noexcept
{
    return {"publicid", &validate, nullptr, "RFC 3151 section 2"};
}

} // namespace publicid
} // namespace nss
} // namespace urns
