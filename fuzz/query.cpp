// SPDX-License-Identifier: BSL-1.0
// libFuzzer target: draft-03 query directives (include/urns/query.hpp).
// Input: one byte (base offset), then a query text. Properties:
// parse_query accepts exactly what parse_urn accepts after "urn:ex:a?"
// (for text without "#"); its directives lie in the text, in order, each
// "keyword=value", and joined by "&" they rebuild it; directives() of the
// URN gives the same; find_directive returns a directive whose keyword
// occurs exactly once; effective_directives keeps exactly those.
#include "fuzz_support.hpp"

#include <urns/query.hpp>
#include <urns/urns.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size)
{
    if (size < 1)
        return 0;
    std::size_t const base = data[0];
    std::string_view const q(reinterpret_cast<char const*>(data + 1), size - 1);

    auto const d = urns::parse_query(q, base);
    if (q.find('#') == std::string_view::npos) {
        std::string const u = "urn:ex:a?" + std::string(q);
        auto const v = urns_fuzz::parse_checked(u, urns::syntax::rfc2141bis);
        if (v.has_value() != d.has_value())
            urns_fuzz::fail("parse_query and parse_urn disagree", q, v ? "parse_urn ok" : "parse_query ok");
        if (v) {
            auto const dd = urns::directives(*v);
            URNS_FUZZ_CHECK(dd && dd->text() == v->query(), q);
            URNS_FUZZ_CHECK(dd->offset() == 9, q);
        }
    }
    if (!d) {
        URNS_FUZZ_CHECK(d.error().offset >= base && d.error().offset - base <= q.size(), q);
        return 0;
    }
    URNS_FUZZ_CHECK(d->text() == q && d->offset() == base, q);
    std::string rebuilt;
    std::vector<urns::directive> all;
    for (urns::directive const& x : *d) {
        URNS_FUZZ_CHECK(x.offset >= base && x.offset - base <= q.size(), q);
        std::size_t const at = x.offset - base;
        URNS_FUZZ_CHECK(!x.keyword.empty() && q.substr(at, x.keyword.size()) == x.keyword, q);
        URNS_FUZZ_CHECK(x.keyword.data() == q.data() + at, q);
        URNS_FUZZ_CHECK(q[at + x.keyword.size()] == '=', q);
        URNS_FUZZ_CHECK(x.value.data() == q.data() + (x.value_offset() - base), q);
        URNS_FUZZ_CHECK(x.value.find('&') == std::string_view::npos, q);
        if (!rebuilt.empty())
            rebuilt += '&';
        URNS_FUZZ_CHECK(rebuilt.size() == at, q);
        rebuilt += std::string(x.keyword) + "=" + std::string(x.value);
        all.push_back(x);
    }
    if (rebuilt != q)
        urns_fuzz::fail("directives do not rebuild the query", q, rebuilt);

    auto count = [&](std::string_view k) {
        std::size_t n = 0;
        for (auto const& x : all)
            n += x.keyword == k;
        return n;
    };
    std::vector<urns::directive> eff;
    urns::effective_directives(*d, eff);
    std::size_t unique = 0;
    for (auto const& x : all) {
        auto const f = urns::find_directive(*d, x.keyword);
        bool const once = count(x.keyword) == 1;
        unique += once;
        URNS_FUZZ_CHECK(f.has_value() == once, q);
        if (f)
            URNS_FUZZ_CHECK(f->offset == x.offset && f->value == x.value, q);
    }
    URNS_FUZZ_CHECK(eff.size() == unique, q);
    for (auto const& x : eff)
        URNS_FUZZ_CHECK(count(x.keyword) == 1, q);
    (void)urns::registered_keyword(q);
    (void)urns::resolution_service_from_string(q);
    return 0;
}
