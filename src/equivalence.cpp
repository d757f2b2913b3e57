// SPDX-License-Identifier: BSL-1.0
// Semantic layer (X3-free): lexical equivalence, canonical form and hashes
// (RFC 2141 section 5, draft-03 section 5, RFC 8141 section 3.1).
#include <urns/equivalence.hpp>

#include "detail/lexical.hpp"

#include <algorithm>
#include <cstring>
#include <cstdint>
#include <memory>
#include <new>

namespace urns {

namespace {

using detail::directive_span;

//----------------------------------------------------------------------------
// What a mode compares after "urn:" NID ":"

/// Everything after the NID's ":" (RFC 2141 compares the whole URN).
std::string_view after_nid(urn_view const& v) noexcept
{
    return v.buffer().substr(detail::view_access::parts_of(v).nid_end + 1);
}

/// The part after the NID that mode `m` compares as one string.
std::string_view compared_tail(urn_view const& v, equivalence_mode m) noexcept
{
    return m == equivalence_mode::rfc2141 ? after_nid(v) : v.nss();
}

/// Whether mode `m` compares the draft-03 query of `v` (step 5b).
bool sorts_query(urn_view const& v, equivalence_mode m) noexcept
{
    return m == equivalence_mode::rfc2141bis_keep_query && v.has_query();
}

//----------------------------------------------------------------------------
// Directives in our preferred order (equivalence_mode::rfc2141bis_keep_query)

/// Ascending keyword, then ascending hex-case-normalized value.
struct directive_less {
    std::string_view q;
    bool operator()(directive_span const& a, directive_span const& b) const noexcept
    {
        std::string_view const ka = a.keyword(q), kb = b.keyword(q);
        if (int c = ka.compare(kb))
            return c < 0;
        return detail::pct_case_compare(a.value(q), b.value(q)) < 0;
    }
};

std::size_t count_directives(std::string_view q) noexcept
{
    return static_cast<std::size_t>(std::count(q.begin(), q.end(), '&')) + 1;
}

/// The directives of a query, sorted; on the stack when there are few.
class sorted_directives {
public:
    static constexpr std::size_t inline_capacity = 64;

    explicit sorted_directives(std::string_view q) noexcept : q_(q), n_(count_directives(q))
    {
        if (n_ > inline_capacity) {
            heap_.reset(new (std::nothrow) directive_span[n_]);
            if (!heap_)
                return;   // ok() is false
        }
        directive_span* out = data();
        detail::for_each_directive(q, [&](directive_span d) { *out++ = d; });
        std::sort(data(), data() + n_, directive_less{q_});
    }

    /// False if the array could not be allocated.
    bool ok() const noexcept { return n_ <= inline_capacity || heap_ != nullptr; }
    std::size_t size() const noexcept { return n_; }
    directive_span const* begin() const noexcept { return data(); }
    directive_span const* end() const noexcept { return data() + n_; }

private:
    directive_span* data() noexcept { return heap_ ? heap_.get() : inline_; }
    directive_span const* data() const noexcept { return heap_ ? heap_.get() : inline_; }

    std::string_view q_;
    std::size_t n_;
    directive_span inline_[inline_capacity];
    std::unique_ptr<directive_span[]> heap_;
};

/// How many directives of `q` equal `d`, hex case aside.
std::size_t count_equal(std::string_view dq, directive_span d, std::string_view q) noexcept
{
    std::size_t n = 0;
    detail::for_each_directive(q, [&](directive_span e) {
        n += detail::pct_case_equal(d.whole(dq), e.whole(q)) ? 1 : 0;
    });
    return n;
}

/// Whether the directives of two queries are equal one by one, in order
/// (the usual case: then nothing is sorted).
bool same_in_order(std::string_view qa, std::string_view qb) noexcept
{
    std::size_t a = 0, b = 0;
    for (;;) {
        std::size_t const ea = std::min(qa.find('&', a), qa.size());
        std::size_t const eb = std::min(qb.find('&', b), qb.size());
        if (!detail::pct_case_equal(qa.substr(a, ea - a), qb.substr(b, eb - b)))
            return false;
        if (ea == qa.size() || eb == qb.size())
            return ea == qa.size() && eb == qb.size();
        a = ea + 1;
        b = eb + 1;
    }
}

/** Whether two queries hold the same directives, in any order.

    Sorting both is O(n log n); if the offsets of more than 64 directives
    cannot be allocated, the multisets are compared by counting, O(n^2),
    with no memory at all.
*/
bool same_directives(std::string_view qa, std::string_view qb) noexcept
{
    if (count_directives(qa) != count_directives(qb))
        return false;
    if (same_in_order(qa, qb))
        return true;
    sorted_directives const a(qa), b(qb);
    if (a.ok() && b.ok()) {
        for (std::size_t i = 0; i < a.size(); ++i)
            if (!detail::pct_case_equal(a.begin()[i].whole(qa), b.begin()[i].whole(qb)))
                return false;
        return true;
    }
    bool same = true;
    detail::for_each_directive(qa, [&](directive_span d) {
        if (same && count_equal(qa, d, qa) != count_equal(qa, d, qb))
            same = false;
    });
    return same;
}

//----------------------------------------------------------------------------
// Hashing: the canonical bytes of each piece, eight at a time, then a final
// mix. A piece is hashed on its own (the NID, the compared tail, each
// directive): equal canonical forms have equal pieces.

/// One word into the state: a multiply, and a shift to bring the high
/// bits down for the next one.
constexpr std::uint64_t absorb(std::uint64_t h, std::uint64_t w) noexcept
{
    h = (h ^ w) * 0x9e3779b97f4a7c15ULL;
    return h ^ (h >> 29);
}

/// Hash of the bytes of `s` (which lies in `whole`) with ASCII letters
/// lower-cased (the NID).
std::uint64_t hash_lower(std::string_view whole, std::string_view s, std::uint64_t h) noexcept
{
    std::size_t const n = s.size();
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8)
        h = absorb(h, detail::lower8(detail::load8_le(s.data() + i)));
    if (i < n)
        h = absorb(h, detail::lower8(detail::load_short(whole, s.data() + i, n - i)));
    return absorb(h, n);
}

/// The `k` bytes of `s` from `i` after percent-encoding case normalization,
/// as a word (as load_short: the first byte lowest).
std::uint64_t folded_word(std::string_view s, std::size_t i, std::size_t k) noexcept
{
    std::uint64_t w = 0;
    for (std::size_t j = 0; j < k; ++j)
        w |= std::uint64_t(static_cast<unsigned char>(detail::pct_case_folded(s, i + j))) << (8 * j);
    return w;
}

/** Hash of `s` (which lies in `whole`) after percent-encoding case
    normalization: a word with no "%" in it nor in the two bytes before it
    is taken as it is; another is folded byte by byte with the same rule as
    pct_case_equal.
*/
std::uint64_t hash_pct_folded(std::string_view whole, std::string_view s, std::uint64_t h) noexcept
{
    std::size_t const n = s.size();
    char const* const p = s.data();
    std::size_t i = 0;
    bool carry = false;   // a "%" in the last two bytes of the last word
    for (; i + 8 <= n; i += 8) {
        std::uint64_t w = detail::load8_le(p + i);
        bool const pct = detail::pct_bytes(w) != 0;
        if (pct | carry)
            w = folded_word(s, i, 8);
        carry = pct && (p[i + 6] == '%' || p[i + 7] == '%');
        h = absorb(h, w);
    }
    if (i < n) {
        std::uint64_t w = detail::load_short(whole, p + i, n - i);   // zeros above: never "%"
        if (carry || detail::pct_bytes(w) != 0)
            w = folded_word(s, i, n - i);
        h = absorb(h, w);
    }
    return absorb(h, n);
}

/// The finalizer of splitmix64: spreads every input bit over the result.
constexpr std::uint64_t mix(std::uint64_t x) noexcept
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

//----------------------------------------------------------------------------
// Canonical form, piece by piece

/// Collects normalized characters and hands them to the sink in blocks.
class block_writer {
public:
    block_writer(detail::canonical_sink sink, void* ctx) noexcept : sink_(sink), ctx_(ctx) {}
    block_writer(block_writer const&) = delete;
    block_writer& operator=(block_writer const&) = delete;
    ~block_writer() { flush(); }

    void put(char c)
    {
        if (n_ == sizeof buf_)
            flush();
        buf_[n_++] = c;
    }
    void raw(std::string_view s)
    {
        for (char c : s)
            put(c);
    }
    void lower(std::string_view s)
    {
        for (char c : s)
            put(detail::ascii_lower(c));
    }
    void pct_folded(std::string_view s)
    {
        detail::pct_case_folder f;
        for (char c : s)
            put(f.next(c));
    }
    void flush()
    {
        if (n_)
            sink_(ctx_, buf_, n_);
        n_ = 0;
    }

private:
    detail::canonical_sink sink_;
    void* ctx_;
    std::size_t n_ = 0;
    char buf_[256];
};

} // namespace

//----------------------------------------------------------------------------

bool equivalent(urn_view a, urn_view b, equivalence_mode m) noexcept
{
    bool const wa = detail::well_formed(a), wb = detail::well_formed(b);
    if (!wa || !wb)
        return !wa && !wb && a.buffer() == b.buffer();
    // Steps 1 and 2 (the scheme is "urn" in some case, always).
    if (!detail::iequals_words(a.buffer(), a.nid(), b.buffer(), b.nid()))
        return false;
    // Step 3, over what the mode keeps.
    if (!detail::pct_case_equal(compared_tail(a, m), compared_tail(b, m)))
        return false;
    // Step 5b.
    bool const qa = sorts_query(a, m), qb = sorts_query(b, m);
    if (qa != qb)
        return false;
    return !qa || same_directives(a.query(), b.query());
}

bool equivalent(urn_view a, urn_view b) noexcept
{
    return equivalent(a, b, default_equivalence(a.syntax()));
}

void detail::emit_canonical(urn_view v, equivalence_mode m, canonical_sink sink, void* ctx)
{
    if (!detail::well_formed(v))
        return;
    block_writer w(sink, ctx);
    w.raw("urn:");
    w.lower(v.nid());
    w.put(':');
    w.pct_folded(compared_tail(v, m));
    if (!sorts_query(v, m))
        return;
    std::string_view const q = v.query();
    w.put('?');
    sorted_directives const sorted(q);
    if (!sorted.ok())
        throw std::bad_alloc();
    char sep = 0;
    for (directive_span const& d : sorted) {
        if (sep)
            w.put(sep);
        sep = '&';
        w.pct_folded(d.whole(q));
    }
}

void canonical(urn_view v, equivalence_mode m, std::string& out)
{
    detail::emit_canonical(
        v, m,
        [](void* ctx, char const* data, std::size_t size) {
            static_cast<std::string*>(ctx)->append(data, size);
        },
        &out);
}

std::string canonical(urn_view v, equivalence_mode m)
{
    std::string s;
    s.reserve(v.buffer().size());
    canonical(v, m, s);
    return s;
}

std::size_t hash(urn_view v, equivalence_mode m) noexcept
{
    constexpr std::uint64_t seed = 0x6a09e667f3bcc908ULL;
    std::string_view const whole = v.buffer();
    if (!detail::well_formed(v))
        return static_cast<std::size_t>(mix(hash_pct_folded(whole, whole, ~seed)));
    std::uint64_t h = hash_lower(whole, v.nid(), seed);
    std::uint64_t r = mix(hash_pct_folded(whole, compared_tail(v, m), h));
    if (sorts_query(v, m)) {
        // The directives in any order: a sum of their own hashes.
        std::string_view const q = v.query();
        std::uint64_t sum = 0;
        detail::for_each_directive(
            q, [&](directive_span d) { sum += mix(hash_pct_folded(whole, d.whole(q), seed)); });
        r = mix(r ^ mix(sum + 0x9e3779b97f4a7c15ULL));
    }
    return static_cast<std::size_t>(r);
}

} // namespace urns
