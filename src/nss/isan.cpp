// SPDX-License-Identifier: BSL-1.0
// The "isan" namespace, in one translation unit: the rules of
// grammar/nss/isan.abnf on the extension surface <urns/nss/x3.hpp>, the
// validator, the fold and accessors, and the registration (rules()).
//
// Defines every rule of grammar/nss/isan.abnf (RFC 4246 section 3), in its
// order, under the ABNF line it implements, with the extension surface
// <urns/nss/x3.hpp> and the error slot it records faults in (for the
// check characters, checked_isan), in an unnamed namespace.
//
// Faults: every terminal is an expectation point, under the name of the
// rule that holds it, so a fault of the syntax is where the ABNF's is; a
// wrong check character is reported at that character, expected "check".
#include <urns/nss/isan.hpp>
#include <urns/lexical.hpp>
#include <urns/nss/x3.hpp>
#include "nss/fields.hpp"

#include <boost/fusion/include/adapt_struct.hpp>
#include <boost/optional.hpp>
#include <string>

namespace urns {
namespace grammar {
namespace nss {
namespace isan {

struct isan_attr {
    std::string root;                     ///< "hhhh-hhhh-hhhh-"
    std::string episode;                  ///< "hhhh"
    boost::optional<std::string> version; ///< "hhhh-hhhh"
};

} // namespace isan
} // namespace nss
} // namespace grammar
} // namespace urns

BOOST_FUSION_ADAPT_STRUCT(urns::grammar::nss::isan::isan_attr, root, episode, version)

namespace urns {
namespace grammar {
namespace nss {
namespace isan {
namespace {

namespace abnf = urns::nss::abnf;
using urns::nss::expect;
using urns::nss::detail::field;

/// The value of a hex digit or check character: "0"-"9" 0-9, letters 10-35.
constexpr unsigned value36(char c) noexcept
{
    if (urns::lexical::rfc5234::digit.contains(c))
        return static_cast<unsigned>(c - '0');
    return static_cast<unsigned>(urns::lexical::ascii_upper(c) - 'A') + 10;
}

/** ISO 7064 MOD 37,36 (the hybrid system, M = 36): run over the
    characters of [first, last) except hyphens and the character at
    position `skip` (after hyphens are dropped), the last one the check
    character; valid if the last step's sum is 1.
*/
constexpr bool mod37_36_ok(char const* first, char const* last, int skip) noexcept
{
    unsigned p = 36, s = 0;
    int at = 0;
    for (; first != last; ++first) {
        if (*first == '-')
            continue;
        if (at++ == skip)
            continue;
        s = (p + value36(*first)) % 36;
        if (s == 0)
            s = 36;
        p = (2 * s) % 37;
    }
    return s == 1;
}

/// The first check character: over root and episode.
constexpr bool episode_check_ok(char const* first, char const* last) noexcept
{
    return mod37_36_ok(first, last, -1);
}

/// The second: over root, episode and version (the first check skipped);
/// true where there is no version.
constexpr bool version_check_ok(char const* first, char const* last) noexcept
{
    return last - first == 21 || mod37_36_ok(first, last, 16);
}

inline constexpr lexical::charset upper_chars = lexical::charset().with_range(0x41, 0x5A);
inline constexpr lexical::charset lower_chars = lexical::charset().with_range(0x61, 0x7A);
inline constexpr lexical::charset number_chars = lexical::charset().with_range(0x30, 0x39);
inline constexpr lexical::charset hex_letters = lexical::charset("ABCDEFabcdef");
inline constexpr lexical::charset hex_chars = number_chars | hex_letters;
inline constexpr lexical::charset check_chars = upper_chars | lower_chars | number_chars;

// clang-format off

URNS_NSS_RULE(isan_nss, "ISAN-NSS", x3::unused_type);
URNS_NSS_RULE(root,     "root",     x3::unused_type);
URNS_NSS_RULE(episode,  "episode",  x3::unused_type);
URNS_NSS_RULE(version,  "version",  x3::unused_type);
URNS_NSS_RULE(hexnum,   "hexnum",   x3::unused_type);
URNS_NSS_RULE(check,    "check",    x3::unused_type);
URNS_NSS_RULE(hex,      "hex",      x3::unused_type);
URNS_NSS_RULE(upper,    "upper",    x3::unused_type);
URNS_NSS_RULE(lower,    "lower",    x3::unused_type);
URNS_NSS_RULE(number,   "number",   x3::unused_type);

/// The typed reading of a valid ISAN-NSS.
URNS_NSS_RULE(isan_fields, "ISAN-NSS", isan_attr);

/** Parses the whole ISAN-NSS (its subject ends with the end of the
    input), then checks both check characters (grammar/README.md, decision
    N3): a wrong one is the fault, at its byte, expected "check" alone. A
    fault of the syntax anywhere is the ABNF's, whatever the check
    characters; the second check covers the version only where there is
    one. The check_digit of the extension surface reports the last byte
    of its subject, which the first check character is not where a version
    follows.
*/
template <class Subject>
struct checked_isan : x3::unary_parser<Subject, checked_isan<Subject>> {
    using base_type = x3::unary_parser<Subject, checked_isan<Subject>>;
    static bool const is_pass_through_unary = true;

    constexpr explicit checked_isan(Subject const& subject) : base_type(subject) {}

    template <class It, class Ctx, class RCtx, class Attr>
    bool parse(It& first, It const& last, Ctx const& ctx, RCtx& rctx, Attr& attr) const
    {
        It const start = first;
        if (!this->subject.parse(first, last, ctx, rctx, attr))
            return false;
        // root episode: 16 hex digits and 4 hyphens, then the check at 20.
        It const bad = !episode_check_ok(start, start + 21)  ? start + 20
                       : !version_check_ok(start, first) ? first - 1
                                                         : It();
        if (!bad)
            return true;
        // The syntax matched the whole NSS: what its optional parts expected
        // (a version's "-" after the episode) is not the fault, the check is.
        grammar::error_slot& slot = x3::get<grammar::error_slot_tag>(ctx);
        slot.which = nullptr;
        slot.record(bad, "check", static_cast<int>(error::nss_rejected));
        first = start;
        return false;
    }
};

template <class P>
constexpr auto checked(P const& p)
{
    using subject = typename x3::extension::as_parser<P>::value_type;
    return checked_isan<subject>(x3::as_parser(p));
}

// ISAN-NSS = root episode [version]
// Every terminal is an expectation point, under the name of the rule that
// holds it; the check characters are checked after the end of the input.
auto const isan_nss_def = checked(root >> episode >> -version >> expect(x3::eoi, "end of input"));

// root     = 3(hexnum "-")
auto const root_def = x3::repeat(3)[hexnum >> expect(x3::lit('-'), "root")];

// episode  = hexnum "-" check
auto const episode_def = hexnum >> expect(x3::lit('-'), "episode") >> check;

// version  = 2("-" hexnum) "-" check
auto const version_hyphen = expect(x3::lit('-'), "version");
auto const version_def = version_hyphen >> hexnum >> version_hyphen >> hexnum >> version_hyphen >> check;

// hexnum   = 4hex
auto const hexnum_def = x3::repeat(4)[hex];

// check    = upper / lower / number
// One lookup where the byte is one; where it is not, the three
// expectation points record the names (and fail).
auto const check_def = abnf::one_of<check_chars> | expect(upper) | expect(lower) | expect(number);

// hex      = number / %x41-46 / %x61-66
// One lookup where the byte is one; where it is not, the expectation
// points record the names, hex first (and fail).
auto const hex_def = abnf::one_of<hex_chars> | expect(abnf::one_of<hex_letters>, "hex") | expect(number);

// upper    = %x41-5A
auto const upper_def = abnf::one_of<upper_chars>;

// lower    = %x61-7A
auto const lower_def = abnf::one_of<lower_chars>;

// number   = %x30-39
auto const number_def = abnf::one_of<number_chars>;

auto const isan_fields_def =
    x3::raw[x3::repeat(3)[hexnum >> '-']] >> x3::raw[hexnum] >> '-' >> check
    >> -('-' >> x3::raw[hexnum >> '-' >> hexnum] >> '-' >> check) >> x3::eoi;

/// The named fields of a valid ISAN-NSS: root, episode and version, and
/// the check character of each of the last two.
URNS_NSS_RULE(isan_named, "ISAN-NSS", urns::nss::detail::field_marks);
auto const isan_named_def = field("root", root) >> field("episode", hexnum >> '-' >> field("check", check))
    >> -field("version", '-' >> hexnum >> '-' >> hexnum >> '-' >> field("check", check));

URNS_NSS_DEFINE(isan_nss, root, episode, version, hexnum, check, hex, upper, lower, number,
                    isan_fields, isan_named)

// clang-format on

} // namespace
} // namespace isan
} // namespace nss
} // namespace grammar
} // namespace urns

namespace urns {
namespace nss {
namespace isan {

namespace {

/// Hex digits of `s` in upper case, hyphens dropped.
std::string hex_of(std::string const& s)
{
    std::string out;
    for (char const c : s)
        if (c != '-')
            out += lexical::ascii_upper(c);
    return out;
}

} // namespace

verdict validate(std::string_view nss) noexcept
{
    return x3_validator<grammar::nss::isan::isan_nss>()(nss);
}

std::optional<parts> parse(std::string_view nss)
{
    if (!validate(nss))
        return std::nullopt;
    auto const r = urns::nss::parse(grammar::nss::isan::isan_fields, nss);
    if (!r)
        return std::nullopt;
    parts out;
    out.root = hex_of(r->root);
    out.episode = hex_of(r->episode);
    if (r->version)
        out.version = hex_of(*r->version);
    return out;
}

} // namespace isan
} // namespace nss
} // namespace urns

namespace urns {
namespace nss {
namespace isan {

std::size_t fold(std::string_view nss, char* out) noexcept
{
    bool const valid = validate(nss).has_value();
    for (std::size_t i = 0; i < nss.size(); ++i)
        out[i] = valid ? lexical::ascii_upper(nss[i]) : nss[i];   // a valid ISAN has no "%"
    return nss.size();
}

} // namespace isan
} // namespace nss
} // namespace urns

namespace urns {
namespace nss {
namespace isan {

namespace_rules rules() noexcept
{
    namespace_rules r{"isan", &validate, &fold, "RFC 4246 sections 2 and 3; ISO 15706; ISO 7064 MOD 37,36"};
    r.fields = &detail::list_fields<grammar::nss::isan::isan_named, &validate>;
    return r;
}

} // namespace isan
} // namespace nss
} // namespace urns
