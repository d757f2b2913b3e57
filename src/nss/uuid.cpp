// SPDX-License-Identifier: BSL-1.0
// The "uuid" namespace, in one translation unit: the rules of
// grammar/nss/uuid.abnf on the extension surface <urns/nss/x3.hpp>, the
// validator, the fold and accessors, and the registration (rules()).
//
// Defines every rule of grammar/nss/uuid.abnf (RFC 9562 section 4), in
// its order, under the ABNF line it implements. DIGIT and HEXDIG are
// RFC 5234's, brought in by using-declarations under their quotes.
//
// Faults: every hexOctet and "-" is an expectation point, so a bad NSS is
// reported at its first bad byte: "hexOctet" where an octet should start,
// "HEXDIG" at its second digit, "\"-\"" where a hyphen is missing; bytes
// after the last octet are reported by the adapter as "UUID".
#include <urns/nss/uuid.hpp>
#include <urns/grammar/config.hpp>
#include <urns/nss/x3.hpp>
#include <urns/lexical.hpp>



namespace urns {
namespace grammar {
namespace nss {
namespace uuid {

struct uuid_class;
/// UUID = 4hexOctet "-" 2hexOctet "-" 2hexOctet "-" 2hexOctet "-" 6hexOctet
using uuid_type = x3::rule<uuid_class>;

} // namespace uuid
} // namespace nss
} // namespace grammar
} // namespace urns

namespace urns {
namespace grammar {
namespace nss {
namespace uuid {

namespace abnf = urns::nss::abnf;
using urns::nss::expect;

// clang-format off

struct hexoctet_class;

uuid_type                  const uuid     = "UUID";
x3::rule<hexoctet_class>   const hexoctet = "hexOctet";

auto const octet  = expect(hexoctet);
auto const hyphen = expect(x3::lit('-'), "\"-\"");

// UUID     = 4hexOctet "-"
//            2hexOctet "-"
//            2hexOctet "-"
//            2hexOctet "-"
//            6hexOctet
auto const uuid_def =
       x3::repeat(4)[octet] >> hyphen
    >> x3::repeat(2)[octet] >> hyphen
    >> x3::repeat(2)[octet] >> hyphen
    >> x3::repeat(2)[octet] >> hyphen
    >> x3::repeat(6)[octet];

// hexOctet = HEXDIG HEXDIG
auto const hexoctet_def = abnf::hexdig >> expect(abnf::hexdig);

// DIGIT    = %x30-39
using abnf::digit;

// HEXDIG   = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"
using abnf::hexdig;

URNS_NSS_DEFINE(uuid, hexoctet)

// clang-format on

} // namespace uuid
} // namespace nss
} // namespace grammar
} // namespace urns

namespace urns {

nss::verdict nss::uuid::validate(std::string_view s) noexcept
{
    return nss::run(grammar::nss::uuid::uuid, s);
}

} // namespace urns

namespace urns {
namespace nss {
namespace uuid {

std::size_t fold(std::string_view nss, char* out) noexcept
{
    bool const valid = validate(nss).has_value();
    for (std::size_t i = 0; i < nss.size(); ++i) {
        char const c = nss[i];
        out[i] = valid ? lexical::ascii_lower(c) : c;   // a valid UUID's letters are hex digits
    }
    return nss.size();
}

std::optional<std::array<unsigned char, 16>> bytes(std::string_view nss) noexcept
{
    if (!validate(nss))
        return std::nullopt;
    std::array<unsigned char, 16> b{};
    std::size_t n = 0;
    for (std::size_t i = 0; i < nss.size(); i += 2) {
        if (nss[i] == '-')
            ++i;
        b[n++] = static_cast<unsigned char>(lexical::hex_value(nss[i]) << 4 | lexical::hex_value(nss[i + 1]));
    }
    return b;
}

std::optional<unsigned> version(std::string_view nss) noexcept
{
    auto const b = bytes(nss);
    if (!b)
        return std::nullopt;
    return (*b)[6] >> 4;
}

} // namespace uuid
} // namespace nss
} // namespace urns

namespace urns {
namespace nss {
namespace uuid {

namespace {

/// The fields of a valid UUID, named as RFC 4122 section 3's ABNF names
/// them (RFC 9562 section 4 gives the same layout without rule names):
/// UUID = time-low "-" time-mid "-" time-high-and-version "-"
///        clock-seq-and-reserved clock-seq-low "-" node
std::vector<nss_field> fields_of(void const*, std::string_view nss)
{
    if (!validate(nss))
        return {};
    return {{"time-low", 0, 8},
            {"time-mid", 9, 13},
            {"time-high-and-version", 14, 18},
            {"clock-seq-and-reserved", 19, 21},
            {"clock-seq-low", 21, 23},
            {"node", 24, 36}};
}

} // namespace

namespace_rules rules() noexcept
{
    namespace_rules r{"uuid", &validate, &fold, "RFC 9562 sections 4 and 7; RFC 4122 section 3"};
    r.fields = &fields_of;
    return r;
}

} // namespace uuid
} // namespace nss
} // namespace urns
