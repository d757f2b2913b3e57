// SPDX-License-Identifier: BSL-1.0
// The public parse API: urn_view components ("present but empty" distinct
// from "absent"), urns::urn, parse_error and its rendering, no allocation
// on the parse path, and bad input of every kind.
#define BOOST_TEST_MODULE parse_api
#include "test_support.hpp"

#include <urns/urns.hpp>

#include <atomic>
#include <cstdlib>
#include <new>
#include <set>
#include <string>
#include <type_traits>

// A counting allocator for the whole executable: every operator new counts.
#include "counting_new.hpp"

namespace {
using urns_test::allocations;
}

namespace {

using urns::syntax;
using urns::error;
constexpr syntax all_syntaxes[] = {syntax::rfc2141, syntax::rfc2141bis, syntax::rfc8141};

urns::parse_error fails(std::string_view s, syntax syn)
{
    auto const r = urns::parse_urn(s, syn);
    BOOST_REQUIRE(!r);
    return r.error();
}

} // namespace

static_assert(noexcept(urns::parse_urn(std::string_view(), syntax::rfc8141)));
static_assert(noexcept(urns::parse_urn(std::string_view(), urns::parse_options{})));
static_assert(std::is_nothrow_copy_constructible_v<urns::urn_view>);
static_assert(std::is_convertible_v<urns::urn const&, urns::urn_view>);

BOOST_AUTO_TEST_CASE(default_syntax_is_the_draft)
{
    auto const r = urns::parse_urn("urn:foo:a123,456?s=I2L&c=ToC#xyz");
    BOOST_REQUIRE(r);
    BOOST_TEST((r->syntax() == syntax::rfc2141bis));
    BOOST_TEST(r->query() == "s=I2L&c=ToC");
}

BOOST_AUTO_TEST_CASE(components_rfc8141)
{
    // RFC 8141 section 2.3.1's r-component example shape, with q and f.
    std::string_view const s = "URN:example:a123/b?+CCResolve:cc=uk?=op=map&z=14#top";
    auto const r = urns::parse_urn(s, syntax::rfc8141);
    BOOST_REQUIRE(r);
    BOOST_TEST(r->buffer() == s);
    BOOST_TEST(static_cast<void const*>(r->buffer().data()) == static_cast<void const*>(s.data())); // a view
    BOOST_TEST(r->scheme() == "URN");
    BOOST_TEST(r->nid() == "example");
    BOOST_TEST(r->nss() == "a123/b");
    BOOST_TEST(r->assigned_name() == "URN:example:a123/b");
    BOOST_TEST(r->has_r_component());
    BOOST_TEST(r->r_component() == "CCResolve:cc=uk");
    BOOST_TEST(r->has_q_component());
    BOOST_TEST(r->q_component() == "op=map&z=14");
    BOOST_TEST(r->has_f_component());
    BOOST_TEST(r->f_component() == "top");
    BOOST_TEST(!r->has_query());
}

BOOST_AUTO_TEST_CASE(present_but_empty_is_not_absent)
{
    for (syntax syn : {syntax::rfc2141bis, syntax::rfc8141}) {
        auto const with = urns::parse_urn("urn:ex:a#", syn);
        BOOST_REQUIRE(with);
        BOOST_TEST(with->has_fragment());
        BOOST_TEST(with->fragment().empty());
        BOOST_TEST(with->nss() == "a");
        auto const without = urns::parse_urn("urn:ex:a", syn);
        BOOST_REQUIRE(without);
        BOOST_TEST(!without->has_fragment());
        BOOST_TEST(!without->has_query());
        BOOST_TEST(!without->has_r_component());
        BOOST_TEST(!without->has_q_component());
    }
    // In RFC 2141 "#" is an NSS character (see grammar/README.md).
    auto const r = urns::parse_urn("urn:ex:a#", syntax::rfc2141);
    BOOST_REQUIRE(r);
    BOOST_TEST(r->nss() == "a#");
    BOOST_TEST(!r->has_fragment());
}

// Views are made only by parsing: no public constructor takes a buffer and
// offsets, and the offsets are not part of the public interface.
template <class V, class = void>
struct exposes_parts : std::false_type {};
template <class V>
struct exposes_parts<V, std::void_t<decltype(std::declval<V const&>().parts())>> : std::true_type {};

BOOST_AUTO_TEST_CASE(views_are_made_only_by_parsing)
{
    static_assert(!std::is_constructible_v<urns::urn_view, std::string_view, urns::detail::parts const&>);
    static_assert(!exposes_parts<urns::urn_view>::value);
    static_assert(!exposes_parts<urns::urn>::value);
    static_assert(std::is_default_constructible_v<urns::urn_view>);
    BOOST_TEST(urns::urn_view().buffer().empty());
}

BOOST_AUTO_TEST_CASE(default_view_is_empty_and_safe)
{
    urns::urn_view const v;
    BOOST_TEST(v.buffer().empty());
    BOOST_TEST(v.scheme().empty());
    BOOST_TEST(v.nid().empty());
    BOOST_TEST(v.nss().empty());
    BOOST_TEST(v.assigned_name().empty());
    BOOST_TEST(!v.has_query());
    BOOST_TEST(v.fragment().empty());
}

BOOST_AUTO_TEST_CASE(owning_urn)
{
    urns::urn u = [] {
        std::string temp = "urn:ISBN:0-395-36341-1?+r?=q#f";
        auto r = urns::urn::parse(temp, syntax::rfc8141);
        BOOST_REQUIRE(r);
        return *r;
    }(); // the source string is gone
    BOOST_TEST(u.str() == "urn:ISBN:0-395-36341-1?+r?=q#f");
    BOOST_TEST(u.nid() == "ISBN");
    BOOST_TEST(u.nss() == "0-395-36341-1");
    BOOST_TEST(u.r_component() == "r");
    BOOST_TEST(u.q_component() == "q");
    BOOST_TEST(u.fragment() == "f");
    urns::urn_view const v = u;
    // The view's buffer is the urn's own text (no copy), NUL-terminated.
    BOOST_TEST(static_cast<void const*>(v.buffer().data()) == static_cast<void const*>(u.buffer().data()));
    BOOST_TEST(static_cast<void const*>(v.buffer().data()) == static_cast<void const*>(u.c_str()));
    BOOST_TEST(u.c_str() == std::string("urn:ISBN:0-395-36341-1?+r?=q#f"));
    BOOST_TEST(static_cast<void const*>(v.nss().data()) == static_cast<void const*>(u.nss().data()));

    urns::urn const copy = u;
    BOOST_TEST(copy.nss() == "0-395-36341-1");
    BOOST_TEST(static_cast<void const*>(copy.nss().data()) != static_cast<void const*>(u.nss().data()));

    auto const bad = urns::urn::parse("urn:ex:a b");
    BOOST_REQUIRE(!bad);
    BOOST_TEST(bad.error().offset == 8u);
    BOOST_CHECK_THROW(bad.value(), boost::system::system_error);
}

BOOST_AUTO_TEST_CASE(parse_error_parts)
{
    auto const e = fails("urn:ex:a%zz", syntax::rfc2141bis);
    BOOST_TEST((e.code == error::bad_pct_encoded));
    BOOST_TEST(e.offset == 9u);
    BOOST_TEST(e.expected == "HEXDIG");
    BOOST_TEST((e.syntax == syntax::rfc2141bis));
    BOOST_TEST(e.code.category().name() == std::string("urns"));
    BOOST_TEST(!e.code.message().empty());
    // Every error code has its own message.
    std::set<std::string> messages;
    int const last = static_cast<int>(error::bad_identifier);
    for (int c = 1; c <= last; ++c)
        messages.insert(make_error_code(static_cast<error>(c)).message());
    BOOST_TEST(messages.size() == static_cast<std::size_t>(last));
}

BOOST_AUTO_TEST_CASE(semantic_errors_come_back_the_same_way)
{
    auto const reserved = fails("urn:URN:x", syntax::rfc2141bis);
    BOOST_TEST((reserved.code == error::reserved_nid));
    BOOST_TEST(reserved.offset == 4u);
    auto const nul = fails("urn:ex:ab%00", syntax::rfc2141);
    BOOST_TEST((nul.code == error::nul_octet));
    BOOST_TEST(nul.offset == 9u);
    auto const informal = fails("urn:urn-0:x", syntax::rfc8141);
    BOOST_TEST((informal.code == error::reserved_nid));
    BOOST_TEST(informal.offset == 4u);
    BOOST_TEST(informal.expected == "InformalNamespaceName");
    BOOST_TEST(urns::parse_urn("urn:urn-7:x", syntax::rfc8141).has_value());
    // Decision 11: a "?" that starts neither "?+" nor "?=".
    auto const lone = fails("urn:ex:a?b", syntax::rfc8141);
    BOOST_TEST((lone.code == error::bad_rq));
    BOOST_TEST(lone.offset == 8u);
    BOOST_TEST(lone.expected == "rq-components");
}

BOOST_AUTO_TEST_CASE(caret_rendering)
{
    std::string const in = "urn:ex:a b";
    auto const text = urns::to_string(fails(in, syntax::rfc2141bis), in);
    auto const nl = text.find('\n');
    BOOST_REQUIRE(nl != std::string::npos);
    BOOST_TEST(text.substr(0, nl) == in);
    std::string const second = text.substr(nl + 1);
    BOOST_TEST(second.find('^') == 8u); // under the space
    BOOST_TEST(second.find("offset 8") != std::string::npos);
    BOOST_TEST(second.find("NSS") != std::string::npos);
    BOOST_TEST(second.find("rfc2141bis") != std::string::npos);

    // Unprintable bytes are escaped and the caret stays under the right byte.
    std::string const ctl = std::string("urn:ex:\x01") + "b";
    auto const t2 = urns::to_string(fails(ctl, syntax::rfc8141), ctl);
    BOOST_TEST(t2.find("\\x01") != std::string::npos);
    BOOST_TEST(t2.substr(t2.find('\n') + 1).find('^') == 7u);

    // A long input is shown as a window around the offset.
    std::string const long_in = "urn:ex:" + std::string(500, 'a') + " " + std::string(500, 'b');
    auto const t3 = urns::to_string(fails(long_in, syntax::rfc8141), long_in);
    auto const l1 = t3.substr(0, t3.find('\n'));
    BOOST_TEST(l1.size() < 100u);
    BOOST_TEST(l1.find("...") != std::string::npos);
    std::size_t const caret = t3.substr(t3.find('\n') + 1).find('^');
    BOOST_TEST(l1[caret] == ' ');
    BOOST_TEST(t3.find("offset 507") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(parsing_never_allocates)
{
    std::string const big = "urn:ex:" + std::string(1 << 16, 'a');
    char const* const inputs[] = {"urn:isbn:0-395-36341-1", "URN:ex:a?+r?=q#f", "urn:ex:a?s=I2L&c=ToC#x",
                                  "urn:ex:a b", "urn:ex:a%zz", "urn:a-:x", "urn:urn:x", "urn:ex:a%00", "",
                                  "urn:ex:a?b", "urn:ex:a?+", "urn:ex:a?+r?=", "urn:ex:a#f#g", "urx:a:b",
                                  "urn:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa:x", "urn:urn-01:x"};
    std::size_t parsed = 0, ok = 0;
    std::size_t const before = allocations.load();
    for (syntax syn : all_syntaxes) {
        for (char const* s : inputs) {
            auto const r = urns::parse_urn(s, syn);
            ok += r.has_value();
            ++parsed;
        }
        ok += urns::parse_urn(big, syn).has_value();
        ++parsed;
    }
    std::size_t const after = allocations.load();
    BOOST_TEST(after - before == 0u);
    BOOST_TEST(parsed == 51u);
    BOOST_TEST(ok > 10u);
    BOOST_TEST(ok < parsed);
    // The counter does count: an owning urn longer than its inline capacity
    // allocates once for its text.
    std::size_t const b2 = allocations.load();
    auto u = urns::urn::parse(big, syntax::rfc8141);
    BOOST_TEST(u.has_value());
    BOOST_TEST(allocations.load() - b2 == 1u);
}

BOOST_AUTO_TEST_CASE(bad_input_empty)
{
    for (syntax syn : all_syntaxes) {
        auto const e = fails("", syn);
        BOOST_TEST(e.offset == 0u);
        BOOST_TEST((e.code == error::bad_scheme));
    }
}

BOOST_AUTO_TEST_CASE(bad_input_nul_bytes_inside_the_view)
{
    // A NUL byte in the middle is an error at its offset, not the end of the string.
    std::string const s("urn:ex:ab\0cd", 12);
    for (syntax syn : all_syntaxes)
        BOOST_TEST(fails(s, syn).offset == 9u);
    std::string const in_nid("urn:e\0x:a", 9);
    for (syntax syn : all_syntaxes)
        BOOST_TEST(fails(in_nid, syn).offset == 5u);
}

BOOST_AUTO_TEST_CASE(bad_input_high_bytes)
{
    for (unsigned c = 0x80; c <= 0xFF; ++c) {
        std::string const s = "urn:ex:a" + std::string(1, static_cast<char>(c)) + "b";
        for (syntax syn : all_syntaxes)
            BOOST_TEST(fails(s, syn).offset == 8u);
    }
    // UTF-8 text must be percent-encoded.
    BOOST_TEST(urns::parse_urn("urn:ex:caf%C3%A9").has_value());
    BOOST_TEST(fails("urn:ex:caf\xC3\xA9", syntax::rfc8141).offset == 10u);
}

BOOST_AUTO_TEST_CASE(bad_input_cr_lf)
{
    for (syntax syn : all_syntaxes) {
        BOOST_TEST(fails("urn:ex:a\r\n", syn).offset == 8u);
        BOOST_TEST(fails("urn:ex:a\n", syn).offset == 8u);
        BOOST_TEST(fails("urn:ex\r:a", syn).offset == 6u);
        BOOST_TEST(fails("\nurn:ex:a", syn).offset == 0u);
    }
}

BOOST_AUTO_TEST_CASE(bad_input_16_mib_nss)
{
    std::string s = "urn:ex:" + std::string(16u << 20, 'x');
    for (syntax syn : all_syntaxes) {
        auto const r = urns::parse_urn(s, syn);
        BOOST_REQUIRE(r);
        BOOST_TEST(r->nss().size() == 16u << 20);
    }
    s.back() = ' ';
    for (syntax syn : all_syntaxes)
        BOOST_TEST(fails(s, syn).offset == s.size() - 1);
    // A 16 MiB r-, q- and f-component.
    std::string const rqf = "urn:ex:a?+" + std::string(16u << 20, 'r') + "?=q#" + std::string(1u << 20, 'f');
    auto const r = urns::parse_urn(rqf, syntax::rfc8141);
    BOOST_REQUIRE(r);
    BOOST_TEST(r->r_component().size() == 16u << 20);
    BOOST_TEST(r->fragment().size() == 1u << 20);
}

BOOST_AUTO_TEST_CASE(bad_input_ten_thousand_percent_signs)
{
    std::string const s = "urn:ex:" + std::string(10000, '%');
    for (syntax syn : all_syntaxes) {
        auto const e = fails(s, syn);
        BOOST_TEST(e.offset == 8u); // the second "%" is not a hex digit
        BOOST_TEST((e.code == error::bad_pct_encoded));
    }
    std::string const valid = "urn:ex:" + [] {
        std::string t;
        for (int i = 0; i < 10000; ++i)
            t += "%25";
        return t;
    }();
    for (syntax syn : all_syntaxes)
        BOOST_TEST(urns::parse_urn(valid, syn).has_value());
}
