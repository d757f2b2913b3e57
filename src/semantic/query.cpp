// SPDX-License-Identifier: BSL-1.0
// Semantic layer (X3-free): draft-03 query directives (section 2.3) and
// the registries of section 9.2.
#include <urns/pct.hpp>
#include <urns/query.hpp>

#include "parse/grammar_entry.hpp"

#include <algorithm>
#include <cstring>

namespace urns {

namespace {

parse_error make(error e, std::size_t offset, std::string_view expected) noexcept
{
    return parse_error{make_error_code(e), offset, expected, syntax::rfc2141bis};
}

} // namespace

//------------------------------------------------

result<directives_view> parse_query(std::string_view query, std::size_t base) noexcept
{
    // The grammar's urn-query (draft-03 section 2.3, and section 2.5.3's
    // "%00"), as parse_urn runs it after a URN's "?".
    if (auto e = detail::urn_query_fault(query)) {
        e->offset += base;
        return *e;
    }
    return directives_view(query, base);
}

result<directives_view> directives(urn_view v) noexcept
{
    if (v.buffer().empty() || v.syntax() != syntax::rfc2141bis || !v.has_query())
        return make(error::bad_query, v.buffer().size(), "urn-query");
    std::size_t const base = static_cast<std::size_t>(v.query().data() - v.buffer().data());
    return parse_query(v.query(), base);
}

//------------------------------------------------

directives_view::iterator::iterator(char const* p, char const* first, char const* last,
                                    std::size_t base) noexcept
    : p_(p), first_(first), last_(last), base_(base)
{
    load();
}

void directives_view::iterator::load() noexcept
{
    if (p_ == last_) {
        d_ = directive{};
        return;
    }
    // A valid urn-query: the keyword ends at the first "=", the value at
    // the next "&" (v-pchar has no "&") or at the end.
    std::size_t const len = static_cast<std::size_t>(last_ - p_);
    char const* const eq = static_cast<char const*>(std::memchr(p_, '=', len));
    char const* amp = static_cast<char const*>(std::memchr(eq + 1, '&', static_cast<std::size_t>(last_ - eq - 1)));
    if (!amp)
        amp = last_;
    d_.keyword = std::string_view(p_, static_cast<std::size_t>(eq - p_));
    d_.value = std::string_view(eq + 1, static_cast<std::size_t>(amp - eq - 1));
    d_.offset = base_ + static_cast<std::size_t>(p_ - first_);
}

directives_view::iterator& directives_view::iterator::operator++() noexcept
{
    char const* const value_end = d_.value.data() + d_.value.size();
    p_ = value_end == last_ ? last_ : value_end + 1;
    load();
    return *this;
}

directives_view::iterator directives_view::begin() const noexcept
{
    return iterator(q_.data(), q_.data(), q_.data() + q_.size(), base_);
}

directives_view::iterator directives_view::end() const noexcept
{
    char const* const last = q_.data() + q_.size();
    return iterator(last, q_.data(), last, base_);
}

//------------------------------------------------

std::optional<query_keyword> registered_keyword(std::string_view keyword) noexcept
{
    if (keyword == "s")
        return query_keyword::s;
    if (keyword == "c")
        return query_keyword::c;
    return std::nullopt;
}

std::optional<resolution_service> resolution_service_from_string(std::string_view value) noexcept
{
    for (auto const& e : resolution_service_registry)
        if (e.name == value)
            return e.service;
    return std::nullopt;
}

//------------------------------------------------

std::optional<directive> find_directive(directives_view d, std::string_view keyword) noexcept
{
    std::optional<directive> found;
    for (directive const& x : d) {
        if (x.keyword != keyword)
            continue;
        if (found)
            return std::nullopt;   // repeated: all its directives are void
        found = x;
    }
    return found;
}

result<std::optional<resolution_service>> requested_service(urn_view v) noexcept
{
    auto d = directives(v);
    if (!d)
        return d.error();
    std::optional<directive> s = find_directive(*d, to_string(query_keyword::s));
    if (!s)
        return std::optional<resolution_service>();
    return resolution_service_from_string(s->value);
}

void effective_directives(directives_view d, std::vector<directive>& out)
{
    std::size_t const start = out.size();
    out.insert(out.end(), d.begin(), d.end());
    auto const first = out.begin() + static_cast<std::ptrdiff_t>(start);
    // Group equal keywords, keep the groups of one, and restore the order
    // written (offsets are distinct). O(n log n) comparisons, in place.
    std::sort(first, out.end(), [](directive const& a, directive const& b) {
        return a.keyword < b.keyword || (a.keyword == b.keyword && a.offset < b.offset);
    });
    auto keep = first;
    for (auto i = first; i != out.end();) {
        auto j = i + 1;
        while (j != out.end() && j->keyword == i->keyword)
            ++j;
        if (j - i == 1)
            *keep++ = *i;
        i = j;
    }
    out.erase(keep, out.end());
    std::sort(first, out.end(), [](directive const& a, directive const& b) {
        return a.offset < b.offset;
    });
}

result<std::vector<directive>> effective_directives(urn_view v)
{
    auto d = directives(v);
    if (!d)
        return d.error();
    std::vector<directive> out;
    effective_directives(*d, out);
    return out;
}

} // namespace urns
