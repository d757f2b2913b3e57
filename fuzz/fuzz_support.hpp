// SPDX-License-Identifier: BSL-1.0
// Fuzz-only helpers: property checks shared by the libFuzzer targets.
#ifndef URNS_FUZZ_SUPPORT_HPP
#define URNS_FUZZ_SUPPORT_HPP

#include <urns/urns.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace urns_fuzz {

/// Prints the failed property and the input (escaped), then aborts, which
/// libFuzzer reports as a crash and saves the input.
[[noreturn]] inline void fail(char const* what, std::string_view input, std::string_view detail = {})
{
    std::fprintf(stderr, "PROPERTY FAILED: %s\n  input: '", what);
    for (unsigned char c : input) {
        if (c >= 0x20 && c < 0x7F && c != '\\')
            std::fputc(c, stderr);
        else
            std::fprintf(stderr, "\\x%02X", c);
    }
    std::fprintf(stderr, "'\n");
    if (!detail.empty())
        std::fprintf(stderr, "  %.*s\n", static_cast<int>(detail.size()), detail.data());
    std::abort();
}

#define URNS_FUZZ_CHECK(cond, input) \
    do { \
        if (!(cond)) \
            ::urns_fuzz::fail(#cond, (input)); \
    } while (0)

inline bool inside(std::string_view outer, std::string_view part)
{
    return part.data() >= outer.data() && part.data() + part.size() <= outer.data() + outer.size();
}

/// The properties of a successful parse of `s` in `syn`: every component
/// lies inside the input, in order, and they rebuild it byte for byte;
/// only the syntax's own components are present; an owning urn agrees.
inline void check_view(std::string_view s, urns::syntax syn, urns::urn_view const& v)
{
    URNS_FUZZ_CHECK(v.buffer().data() == s.data() && v.buffer().size() == s.size(), s);
    URNS_FUZZ_CHECK(v.syntax() == syn, s);
    std::string_view const parts[] = {v.scheme(), v.nid(), v.nss(), v.query(), v.r_component(),
                                      v.q_component(), v.fragment()};
    for (auto p : parts)
        URNS_FUZZ_CHECK(p.empty() || inside(s, p), s);
    URNS_FUZZ_CHECK(v.scheme().size() == 3 && v.scheme().data() == s.data(), s);
    URNS_FUZZ_CHECK(!v.nid().empty() && v.nid().data() == s.data() + 4, s);
    URNS_FUZZ_CHECK(!v.nss().empty(), s);

    // Rebuild from the parts, checking that each starts where the last ended.
    std::string rebuilt;
    auto add = [&](std::string_view sep, std::string_view part) {
        rebuilt += sep;
        if (!part.empty() && part.data() != s.data() + rebuilt.size())
            fail("component not at its place", s);
        rebuilt += part;
    };
    add("", v.scheme());
    add(":", v.nid());
    add(":", v.nss());
    URNS_FUZZ_CHECK(v.assigned_name() == rebuilt, s);
    if (v.has_query())
        add("?", v.query());
    if (v.has_r_component())
        add("?+", v.r_component());
    if (v.has_q_component())
        add("?=", v.q_component());
    if (v.has_fragment())
        add("#", v.fragment());
    if (rebuilt != s)
        fail("components do not rebuild the input", s, rebuilt);

    switch (syn) {
    case urns::syntax::rfc2141:
        URNS_FUZZ_CHECK(!v.has_query() && !v.has_r_component() && !v.has_q_component() &&
                            !v.has_fragment(),
                        s);
        break;
    case urns::syntax::rfc2141bis:
        URNS_FUZZ_CHECK(!v.has_r_component() && !v.has_q_component(), s);
        break;
    case urns::syntax::rfc8141:
        URNS_FUZZ_CHECK(!v.has_query(), s);
        URNS_FUZZ_CHECK(!v.has_r_component() || !v.r_component().empty(), s);
        URNS_FUZZ_CHECK(!v.has_q_component() || !v.q_component().empty(), s);
        break;
    }

    // An owning copy has the same components at the same offsets.
    urns::urn const u(v);
    URNS_FUZZ_CHECK(u.buffer() == s && u.c_str()[s.size()] == '\0', s);
    URNS_FUZZ_CHECK(u.nid() == v.nid() && u.nss() == v.nss() && u.query() == v.query() &&
                        u.r_component() == v.r_component() && u.q_component() == v.q_component() &&
                        u.fragment() == v.fragment() && u.has_fragment() == v.has_fragment(),
                    s);
}

/// The properties of a failed parse: an offset inside the input (or at its
/// end), a rule name, an urns error code, the syntax asked for; to_string
/// renders it.
inline void check_error(std::string_view s, urns::syntax syn, urns::parse_error const& e)
{
    URNS_FUZZ_CHECK(e.offset <= s.size(), s);
    URNS_FUZZ_CHECK(!e.expected.empty(), s);
    URNS_FUZZ_CHECK(e.code.category() == urns::error_category(), s);
    URNS_FUZZ_CHECK(e.code.value() >= 1 && e.code.value() <= static_cast<int>(urns::error::bad_identifier), s);
    URNS_FUZZ_CHECK(e.syntax == syn, s);
}

/// Parses `s` in `syn` and checks the properties of whichever result.
inline urns::result<urns::urn_view> parse_checked(std::string_view s, urns::syntax syn)
{
    auto r = urns::parse_urn(s, syn);
    if (r)
        check_view(s, syn, *r);
    else
        check_error(s, syn, r.error());
    // Deterministic: the same input gives the same result.
    auto again = urns::parse_urn(s, syn);
    URNS_FUZZ_CHECK(again.has_value() == r.has_value(), s);
    if (!r)
        URNS_FUZZ_CHECK(again.error() == r.error(), s);
    else
        URNS_FUZZ_CHECK(again->nss().data() == r->nss().data() && again->nss().size() == r->nss().size(), s);
    return r;
}

} // namespace urns_fuzz

#endif
