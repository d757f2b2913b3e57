// SPDX-License-Identifier: BSL-1.0
// urns::urn's storage: text of up to urn::inline_capacity bytes inside the
// object, longer text in one heap allocation. Copy, move and assignment on
// both sides of that boundary give a urn with the same text and components
// as the source; a move takes the heap allocation; parsing, copying or
// moving a URN that fits allocates nothing (counted with a replaced global
// operator new for this executable).
#define BOOST_TEST_MODULE owning_urn
#include "test_support.hpp"

#include <urns/urns.hpp>

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "counting_new.hpp"

namespace {

using urns::syntax;
using urns_test::allocations;

constexpr std::size_t cap = urns::urn::inline_capacity;

// An RFC 8141 URN of exactly `len` bytes (len >= 16): "urn:Ex:", an NSS of
// digits, and the components "?+r", "?=q", "#f" (8 bytes).
std::string rfc8141_text(std::size_t len)
{
    std::string s = "urn:Ex:";
    for (std::size_t i = 0; s.size() < len - 8; ++i)
        s += static_cast<char>('0' + i % 10);
    s += "?+r?=q#f";
    return s;
}

// Every accessor of `u` against what `text` (made by rfc8141_text) holds by
// construction.
void check_is(urns::urn const& u, std::string const& text)
{
    std::size_t const n = text.size();
    BOOST_TEST(u.buffer() == text);
    BOOST_TEST(u.buffer().size() == n);
    BOOST_TEST(u.c_str()[n] == '\0');
    BOOST_TEST(std::string(u.c_str()) == text);
    BOOST_TEST(u.str() == text);
    BOOST_TEST((u.syntax() == syntax::rfc8141));
    BOOST_TEST(u.scheme() == "urn");
    BOOST_TEST(u.nid() == "Ex");
    BOOST_TEST(u.nss() == text.substr(7, n - 15));
    BOOST_TEST(u.assigned_name() == text.substr(0, n - 8));
    BOOST_TEST(!u.has_query());
    BOOST_TEST(u.query().empty());
    BOOST_TEST(u.has_r_component());
    BOOST_TEST(u.r_component() == "r");
    BOOST_TEST(u.has_q_component());
    BOOST_TEST(u.q_component() == "q");
    BOOST_TEST(u.has_fragment());
    BOOST_TEST(u.fragment() == "f");
    BOOST_TEST(u.has_f_component());
    BOOST_TEST(u.f_component() == "f");
    BOOST_TEST(std::hash<urns::urn>{}(u) == std::hash<std::string_view>{}(text));

    // The view's characters are the urn's own.
    urns::urn_view const v = u;
    BOOST_TEST(static_cast<void const*>(v.buffer().data()) == static_cast<void const*>(u.c_str()));
    BOOST_TEST(v.buffer() == text);
    BOOST_TEST(v.nss() == text.substr(7, n - 15));
    BOOST_TEST(v.fragment() == "f");
    BOOST_TEST(u.view().q_component() == "q");
}

// What a urn whose heap text was moved away holds: the empty text, every
// component empty and absent, the syntax kept.
/// A copy and its source: both `text`, equal, in storage of their own.
void check_copied(urns::urn const& copy, urns::urn const& src, std::string const& text)
{
    check_is(copy, text);
    check_is(src, text);
    BOOST_TEST((copy == src));
    BOOST_TEST(static_cast<void const*>(copy.c_str()) != static_cast<void const*>(src.c_str()));
}

void check_emptied(urns::urn const& u)
{
    BOOST_TEST(u.buffer().empty());
    BOOST_TEST(u.c_str()[0] == '\0');
    BOOST_TEST(u.str().empty());
    BOOST_TEST((u.syntax() == syntax::rfc8141));
    BOOST_TEST(u.scheme().empty());
    BOOST_TEST(u.nid().empty());
    BOOST_TEST(u.nss().empty());
    BOOST_TEST(u.assigned_name().empty());
    BOOST_TEST(!u.has_query());
    BOOST_TEST(!u.has_r_component());
    BOOST_TEST(!u.has_q_component());
    BOOST_TEST(!u.has_fragment());
    BOOST_TEST(u.r_component().empty());
    BOOST_TEST(u.fragment().empty());
    BOOST_TEST(u.view().buffer().empty());
}

urns::urn parsed(std::string const& text)
{
    auto r = urns::urn::parse(text, syntax::rfc8141);
    BOOST_REQUIRE_MESSAGE(r.has_value(), text);
    return *r;
}

// The lengths on both sides of the boundary, and long ones.
std::vector<std::size_t> lengths()
{
    return {16, cap - 1, cap, cap + 1, 200, 5000};
}

bool fits(std::size_t len) { return len <= cap; }

} // namespace

BOOST_AUTO_TEST_CASE(the_capacity_and_the_types)
{
    BOOST_TEST(urns::urn::inline_capacity == 63u); // the value the docs give
    static_assert(!std::is_default_constructible_v<urns::urn>);
    static_assert(std::is_nothrow_move_constructible_v<urns::urn>);
    static_assert(std::is_nothrow_move_assignable_v<urns::urn>);
    static_assert(std::is_same_v<decltype(std::declval<urns::urn const&>().str()), std::string>);
    static_assert(std::is_same_v<decltype(std::declval<urns::urn const&>().c_str()), char const*>);
    // The test texts have the lengths asked for.
    for (std::size_t len : lengths())
        BOOST_TEST(rfc8141_text(len).size() == len);
}

BOOST_AUTO_TEST_CASE(parse_and_from_view)
{
    for (std::size_t len : lengths()) {
        std::string const text = rfc8141_text(len);
        urns::urn const u = parsed(text);
        check_is(u, text);
        // A copy, not the input's characters.
        BOOST_TEST(static_cast<void const*>(u.c_str()) != static_cast<void const*>(text.data()));

        urns::urn const w(urns::parse_urn(text, syntax::rfc8141).value());
        check_is(w, text);
        BOOST_TEST((w == u));
    }
}

BOOST_AUTO_TEST_CASE(copy_construction)
{
    for (std::size_t len : lengths()) {
        std::string const text = rfc8141_text(len);
        urns::urn const src = parsed(text);
        urns::urn const copy = src; // NOLINT(performance-unnecessary-copy-initialization)
        check_copied(copy, src, text);
    }
}

BOOST_AUTO_TEST_CASE(move_construction)
{
    for (std::size_t len : lengths()) {
        std::string const text = rfc8141_text(len);
        urns::urn src = parsed(text);
        char const* const old = src.c_str();
        urns::urn const moved = std::move(src);
        check_is(moved, text);
        if (fits(len)) {
            check_is(src, text); // NOLINT(bugprone-use-after-move): inline text stays
        } else {
            // The heap allocation itself changed hands.
            BOOST_TEST(static_cast<void const*>(moved.c_str()) == static_cast<void const*>(old));
            check_emptied(src); // NOLINT(bugprone-use-after-move)
        }
        // A moved-from urn can be assigned to again.
        src = moved;
        check_is(src, text);
    }
}

BOOST_AUTO_TEST_CASE(copy_assignment_across_the_boundary)
{
    // Every length of source onto every length of target: inline onto heap,
    // heap onto inline, and each onto its own kind.
    for (std::size_t to : lengths()) {
        for (std::size_t from : lengths()) {
            std::string const text = rfc8141_text(from);
            urns::urn const src = parsed(text);
            urns::urn dst = parsed(rfc8141_text(to));
            dst = src;
            check_copied(dst, src, text);
        }
    }
}

BOOST_AUTO_TEST_CASE(move_assignment_across_the_boundary)
{
    for (std::size_t to : lengths()) {
        for (std::size_t from : lengths()) {
            std::string const text = rfc8141_text(from);
            urns::urn src = parsed(text);
            char const* const old = src.c_str();
            urns::urn dst = parsed(rfc8141_text(to));
            dst = std::move(src);
            check_is(dst, text);
            if (fits(from)) {
                check_is(src, text); // NOLINT(bugprone-use-after-move)
            } else {
                BOOST_TEST(static_cast<void const*>(dst.c_str()) == static_cast<void const*>(old));
                check_emptied(src); // NOLINT(bugprone-use-after-move)
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(self_assignment)
{
    for (std::size_t len : lengths()) {
        std::string const text = rfc8141_text(len);
        urns::urn u = parsed(text);
        char const* const old = u.c_str();
        urns::urn& alias = u;
        u = alias;
        check_is(u, text);
        u = std::move(alias);
        check_is(u, text);
        // Nothing was reallocated, so nothing was freed.
        BOOST_TEST(static_cast<void const*>(u.c_str()) == static_cast<void const*>(old));
    }
}

BOOST_AUTO_TEST_CASE(a_moved_from_urn_is_destroyed_and_compared_safely)
{
    std::string const text = rfc8141_text(300);
    auto a = std::make_unique<urns::urn>(parsed(text));
    urns::urn b = std::move(*a);
    urns::urn c = parsed(rfc8141_text(400));
    urns::urn d = std::move(c);
    // Two emptied urns of the same syntax have the same (empty) text.
    BOOST_TEST((*a == c)); // NOLINT(bugprone-use-after-move)
    BOOST_TEST((*a != b));
    a.reset(); // the destructor of an emptied urn frees nothing twice
    check_is(b, text);
    check_is(d, rfc8141_text(400));
}

BOOST_AUTO_TEST_CASE(allocations_per_length)
{
    for (syntax syn : {syntax::rfc2141, syntax::rfc2141bis, syntax::rfc8141}) {
        for (std::size_t len : {std::size_t{9}, cap - 1, cap, cap + 1, std::size_t{1000}}) {
            // "urn:ex:" and an NSS of letters: a URN in all three syntaxes.
            std::string const text = "urn:ex:" + std::string(len - 7, 'a');
            long const expected = fits(len) ? 0 : 1;

            long const a0 = allocations.load();
            auto r = urns::urn::parse(text, syn);
            long const a1 = allocations.load();
            if (!r.has_value()) { // no test macro between the counts: it may allocate
                BOOST_ERROR("not parsed: " << text);
                continue;
            }
            urns::urn const copy = *r;
            long const a2 = allocations.load();
            urns::urn moved = std::move(*r);
            long const a3 = allocations.load();
            moved = copy;
            long const a4 = allocations.load();
            urns::urn const from_view(copy.view());
            long const a5 = allocations.load();

            BOOST_TEST(a1 - a0 == expected, "parse, " << len << " bytes");
            BOOST_TEST(a2 - a1 == expected, "copy, " << len << " bytes");
            BOOST_TEST(a3 - a2 == 0, "move, " << len << " bytes");
            BOOST_TEST(a4 - a3 == expected, "copy assignment, " << len << " bytes");
            BOOST_TEST(a5 - a4 == expected, "from a view, " << len << " bytes");
            BOOST_TEST(moved.buffer() == text);
            BOOST_TEST(from_view.buffer() == text);
            BOOST_TEST(std::string(from_view.c_str()) == text);
        }
    }
}
