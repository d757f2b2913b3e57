// SPDX-License-Identifier: BSL-1.0
// libFuzzer target: canonical / equivalent / hash (include/urns/
// equivalence.hpp). Input: one byte choosing the syntax and the mode, then
// two URNs separated by "\n"; without "\n", the second is the first with
// the case of its scheme, NID and percent-encoded hex digits changed,
// which every mode must find equivalent. Properties: canonical parses, is
// idempotent and equivalent to its source; equivalent(a, b) ==
// (canonical(a) == canonical(b)); equivalent is reflexive and symmetric;
// equivalent implies equal hash; the three ways to get the canonical form
// agree; exact_equal implies equal exact_hash.
#include "fuzz_support.hpp"

#include <urns/equivalence.hpp>
#include <urns/urns.hpp>

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>

namespace {

char flip(char c)
{
    if (c >= 'a' && c <= 'z')
        return static_cast<char>(c - 32);
    if (c >= 'A' && c <= 'Z')
        return static_cast<char>(c + 32);
    return c;
}

/// `v` with the case of the scheme, the NID and every "%hh" changed.
std::string case_variant(urns::urn_view v)
{
    std::string s(v.buffer());
    std::size_t const nid_end = 4 + v.nid().size();
    for (std::size_t i = 0; i < nid_end; ++i)
        s[i] = flip(s[i]);
    for (std::size_t i = nid_end; i + 2 < s.size(); ++i)
        if (s[i] == '%') {
            s[i + 1] = flip(s[i + 1]);
            s[i + 2] = flip(s[i + 2]);
            i += 2;
        }
    return s;
}

void check_one(std::string_view in, urns::urn_view a, urns::syntax syn, urns::equivalence_mode m)
{
    std::string const c = urns::canonical(a, m);
    auto const pc = urns::parse_urn(c, syn);
    if (!pc)
        urns_fuzz::fail("canonical form does not parse", in, c);
    urns_fuzz::check_view(c, syn, *pc);
    if (urns::canonical(*pc, m) != c)
        urns_fuzz::fail("canonical is not idempotent", in, c);
    URNS_FUZZ_CHECK(urns::equivalent(a, *pc, m), in);
    URNS_FUZZ_CHECK(urns::hash(a, m) == urns::hash(*pc, m), in);
    URNS_FUZZ_CHECK(urns::equivalent(a, a, m), in);
    // The appending and output-iterator forms give the same characters.
    std::string appended = "<";
    urns::canonical(a, m, appended);
    URNS_FUZZ_CHECK(appended.size() == c.size() + 1 && appended.compare(1, c.size(), c) == 0, in);
    std::string iterated;
    urns::canonical_to(a, m, std::back_inserter(iterated));
    URNS_FUZZ_CHECK(iterated == c, in);
}

void check_pair(std::string_view in, urns::urn_view a, urns::urn_view b, urns::syntax syn,
                urns::equivalence_mode m)
{
    bool const eq = urns::equivalent(a, b, m);
    URNS_FUZZ_CHECK(eq == urns::equivalent(b, a, m), in);
    bool const same_canonical = urns::canonical(a, m) == urns::canonical(b, m);
    if (eq != same_canonical)
        urns_fuzz::fail("equivalent(a, b) != (canonical(a) == canonical(b))", in,
                        urns::canonical(a, m) + " | " + urns::canonical(b, m));
    if (eq)
        URNS_FUZZ_CHECK(urns::hash(a, m) == urns::hash(b, m), in);
    if (m == urns::default_equivalence(syn))
        URNS_FUZZ_CHECK(urns::equivalent(a, b) == eq, in);
    if (urns::exact_equal{}(a, b))
        URNS_FUZZ_CHECK(urns::exact_hash{}(a) == urns::exact_hash{}(b), in);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size)
{
    if (size < 1)
        return 0;
    auto const syn = static_cast<urns::syntax>(data[0] % 3);
    std::string_view const in(reinterpret_cast<char const*>(data + 1), size - 1);
    std::size_t const nl = in.find('\n');
    std::string_view const sa = in.substr(0, nl);
    auto const a = urns::parse_urn(sa, syn);
    if (!a)
        return 0;
    std::string const variant = case_variant(*a);
    std::string_view const sb = nl == std::string_view::npos ? std::string_view(variant) : in.substr(nl + 1);
    auto const b = urns::parse_urn(sb, syn);

    using mode = urns::equivalence_mode;
    for (mode m : {mode::rfc2141, mode::rfc2141bis_drop_query, mode::rfc2141bis_keep_query, mode::rfc8141}) {
        check_one(in, *a, syn, m);
        if (!b)
            continue;
        check_one(in, *b, syn, m);
        check_pair(in, *a, *b, syn, m);
        if (nl == std::string_view::npos && !urns::equivalent(*a, *b, m))
            urns_fuzz::fail("a case variant (scheme, NID, hex digits) is not equivalent", in,
                            std::string(urns::to_string(m)) + ": " + variant);
    }
    return 0;
}
