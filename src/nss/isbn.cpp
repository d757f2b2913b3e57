// SPDX-License-Identifier: BSL-1.0
// The "isbn" namespace, in one translation unit: the rules of
// grammar/nss/isbn.abnf on the extension surface <urns/nss/x3.hpp>, the
// validator, the fold and accessors, and the registration (rules()).
//
// Defines every rule of grammar/nss/isbn.abnf (RFC 3187, ISO 2108), in its
// order, under the ABNF line it implements; DIGIT is RFC 5234's.
#include <urns/nss/isbn.hpp>
#include <urns/grammar/config.hpp>
#include <urns/nss/x3.hpp>
#include "nss/fields.hpp"

#include <string>

namespace urns {
namespace grammar {
namespace nss {
namespace isbn {

struct isbn_class;
/// ISBN = ISBN-13 / ISBN-10
using isbn_type = x3::rule<isbn_class>;

} // namespace isbn
} // namespace nss
} // namespace grammar
} // namespace urns

namespace urns {
namespace grammar {
namespace nss {
namespace isbn {

/// ISBN-10: weights 10..1, "X" = 10, sum 0 mod 11.
constexpr bool isbn_10_ok(char const* first, char const* last) noexcept
{
    return mod11_ok(first, last, 10);
}

/// ISBN-13: weights 1, 3, 1, 3, ..., sum 0 mod 10.
constexpr bool isbn_13_ok(char const* first, char const* last) noexcept
{
    unsigned sum = 0, weight = 1;
    for (; first != last; ++first) {
        if (*first == '-')
            continue;
        sum += weight * digit_value(*first);
        weight = 4 - weight;
    }
    return sum % 10 == 0;
}

namespace abnf = urns::nss::abnf;
using urns::nss::expect;
using urns::nss::detail::field;

// clang-format off

struct isbn_13_class;
struct ean_prefix_class;
struct isbn_10_class;
struct check_digit_13_class;
struct check_digit_10_class;

isbn_type                        const isbn           = "ISBN";
x3::rule<isbn_13_class>          const isbn_13        = "ISBN-13";
x3::rule<ean_prefix_class>       const ean_prefix     = "EAN-prefix";
x3::rule<isbn_10_class>          const isbn_10        = "ISBN-10";
x3::rule<check_digit_13_class>   const check_digit_13 = "check-digit-13";
x3::rule<check_digit_10_class>   const check_digit_10 = "check-digit-10";

auto const digit_ = expect(abnf::digit);

// ISBN           = ISBN-13 / ISBN-10
// Every terminal is an expectation point, under the name of the rule
// that holds it, and each form ends with the end of the input, inside its
// check: a fault is the farthest failure of either form, as the ABNF's,
// and a check digit is judged only where its form matches the whole NSS
// (the two never both do: 13 digits or 10).
auto const isbn_def = isbn_13 | isbn_10;

// ISBN-13        = EAN-prefix 9( [ "-" ] DIGIT ) [ "-" ] check-digit-13
// `[ "-" ] DIGIT` as `DIGIT / "-" DIGIT` (the same language), tried
// without a record where it matches; where neither comes, the last
// alternative records DIGIT, the first name, and the "-", and fails (a "-"
// there is one that no DIGIT follows, which the second recorded).
auto const hyphen_13 = expect(x3::lit('-'), "ISBN-13");
auto const digit_13 = abnf::digit | (x3::lit('-') >> digit_) | ((digit_ | hyphen_13) >> x3::eps(false));
auto const isbn_13_def = urns::nss::check_digit<isbn_13_ok>(
    ean_prefix >> x3::repeat(9)[digit_13]
        >> (abnf::digit | (x3::lit('-') >> check_digit_13) | ((check_digit_13 | hyphen_13) >> x3::eps(false)))
        >> expect(x3::eoi, "end of input"),
    "check-digit-13");

// EAN-prefix     = "978" / "979"
// Each is one terminal of three bytes, which fails where it starts.
auto const ean_prefix_def = expect(x3::lit("978") | x3::lit("979"), "EAN-prefix");

// ISBN-10        = DIGIT 8( [ "-" ] DIGIT ) [ "-" ] check-digit-10
auto const hyphen_10 = expect(x3::lit('-'), "ISBN-10");
auto const digit_10 = abnf::digit | (x3::lit('-') >> digit_) | ((digit_ | hyphen_10) >> x3::eps(false));
auto const isbn_10_def = urns::nss::check_digit<isbn_10_ok>(
    digit_ >> x3::repeat(8)[digit_10]
        >> (abnf::digit | x3::lit('X') | x3::lit('x') | (x3::lit('-') >> check_digit_10)
            | ((check_digit_10 | hyphen_10) >> x3::eps(false)))
        >> expect(x3::eoi, "end of input"),
    "check-digit-10");

// check-digit-13 = DIGIT
auto const check_digit_13_def = digit_;

// check-digit-10 = DIGIT / "X"
// "X" matches "x" too (ABNF strings are case-insensitive, RFC 5234 2.3).
// Without a record where one comes; where neither does, the last
// alternative records check-digit-10, the first name, and DIGIT (and fails).
auto const check_digit_10_def = abnf::digit | x3::lit('X') | x3::lit('x')
                              | expect(x3::lit('X') | x3::lit('x'), "check-digit-10") | digit_;

// DIGIT          = %x30-39
using abnf::digit;

/// The named fields of a valid ISBN: its form, the EAN-prefix of an
/// ISBN-13, and the check digit. The form is chosen as ISBN's is (ISBN-13
/// where one ends the NSS), before any field is marked.
URNS_NSS_RULE(isbn_named, "ISBN", urns::nss::detail::field_marks);
auto const hyphen = -x3::lit('-');
auto const isbn_named_def =
      (&(isbn_13 >> x3::eoi)
       >> field("ISBN-13", field("EAN-prefix", ean_prefix) >> x3::repeat(9)[hyphen >> abnf::digit] >> hyphen
                           >> field("check-digit-13", check_digit_13)))
    | field("ISBN-10", abnf::digit >> x3::repeat(8)[hyphen >> abnf::digit] >> hyphen
                       >> field("check-digit-10", check_digit_10));

URNS_NSS_DEFINE(isbn, isbn_13, ean_prefix, isbn_10, check_digit_13, check_digit_10, isbn_named)

// clang-format on

} // namespace isbn
} // namespace nss
} // namespace grammar
} // namespace urns

namespace urns {

nss::verdict nss::isbn::validate(std::string_view s) noexcept
{
    return nss::run(grammar::nss::isbn::isbn, s);
}

} // namespace urns

namespace urns {
namespace nss {

namespace isbn {

std::size_t fold(std::string_view nss, char* out) noexcept
{
    if (!validate(nss)) {
        nss.copy(out, nss.size());
        return nss.size();
    }
    std::size_t n = 0;
    for (char const c : nss)
        if (c != '-')
            out[n++] = c == 'x' ? 'X' : c;
    return n;
}

std::optional<std::string> to_isbn13(std::string_view nss)
{
    if (!validate(nss))
        return std::nullopt;
    std::string d;
    for (char const c : nss)
        if (c != '-')
            d += c;
    if (d.size() == 13)
        return d;
    d = "978" + d.substr(0, 9);
    unsigned sum = 0;
    for (std::size_t i = 0; i < 12; ++i)
        sum += (i % 2 ? 3u : 1u) * static_cast<unsigned>(d[i] - '0');
    d += static_cast<char>('0' + (10 - sum % 10) % 10);
    return d;
}

} // namespace isbn

} // namespace nss
} // namespace urns

namespace urns {
namespace nss {
namespace isbn {

namespace_rules rules() noexcept
{
    namespace_rules r{"isbn", &validate, &fold, "RFC 3187 section 3; RFC 8254; ISO 2108"};
    r.fields = &detail::list_fields<grammar::nss::isbn::isbn_named, &validate>;
    return r;
}

} // namespace isbn
} // namespace nss
} // namespace urns
