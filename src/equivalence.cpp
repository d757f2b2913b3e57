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
// Hashing: the canonical bytes of a piece, sixteen at a time, each pair of
// words folded by one 64 x 64 -> 128-bit multiply, then a final mix. The
// pieces are "NID:tail" (one stretch of the buffer: the NID lower-cased,
// the tail percent-hex folded) and each directive of a sorted query:
// equal canonical forms have equal pieces.

using detail::fold_mul;

// The word reader is called four times in the folded hash's loop and tail;
// left to itself the compiler makes it a call, which costs a third of the
// time (URNS_ALWAYS_INLINE).

/// The word `w`, read from offset `at` of a piece, with the bytes of it
/// that lie before offset `lowered` (the NID's) lower-cased.
constexpr std::uint64_t lower_first(std::uint64_t w, std::size_t at, std::size_t lowered) noexcept
{
    std::size_t const c = lowered > at ? lowered - at : 0;
    std::uint64_t const m = c >= 8 ? ~std::uint64_t(0) : (std::uint64_t(1) << (8 * c)) - 1;
    return (detail::lower8(w) & m) | (w & ~m);
}

/** Reads the words of a piece `s` (which lies in `whole`) as the hash
    sees them: its first `lowered` bytes (a NID, which has no "%")
    lower-cased, and the bytes that the rule of pct_case_folder marks (one
    of the two bytes before it in `s` is "%") with their 0x20 bit cleared
    (pct_clear_case), which makes equal whatever that rule's upper-casing
    makes equal; eight bytes at a time with no branch on the bytes.
*/
class canonical_words {
public:
    canonical_words(std::string_view whole, std::string_view s, std::size_t lowered) noexcept
        : whole_(whole), s_(s), lowered_(lowered)
    {
    }

    /// The `k` (1 to 8) bytes from `i`, zeros above; called with `i`
    /// rising by eight.
    URNS_ALWAYS_INLINE std::uint64_t at(std::size_t i, std::size_t k) noexcept
    {
        char const* const p = s_.data() + i;
        std::uint64_t w = k == 8 ? detail::load8_le(p) : detail::load_short(whole_, p, k);
        // The "%"s of this word mark the one and two bytes after them; the
        // last word's last two bytes mark this word's first two.
        std::uint64_t const pct = detail::pct_bytes(w);   // the zeros above are never "%"
        w = detail::pct_clear_case(w, pct, last_pct_);
        last_pct_ = pct;
        // Folding touches only bytes after a "%", lowering only the NID's,
        // which come before any: the two do not meet.
        return i < lowered_ ? lower_first(w, i, lowered_) : w;
    }

private:
    std::string_view whole_;
    std::string_view s_;
    std::size_t lowered_;
    std::uint64_t last_pct_ = 0;   // pct_bytes of the last word
};

constexpr std::uint64_t k0 = 0xa0761d6478bd642fULL;
constexpr std::uint64_t k1 = 0xe7037ed1a0b428dbULL;
constexpr std::uint64_t k2 = 0x8ebc6af09c88c6e3ULL;
constexpr std::uint64_t k3 = 0x589965cc75374cc3ULL;

/// The state to start a piece of `n` bytes from: the length enters through
/// a multiply of its own, not by xor into a word of text, where a byte that
/// differs could cancel a length that differs.
inline std::uint64_t start(std::uint64_t h, std::size_t n) noexcept
{
    return h ^ fold_mul(n ^ k2, k3);
}

/** The rest of the hash of a piece `s` (in `whole`) from offset `i`, a
    multiple of sixteen, with state `h`: its words as canonical_words reads
    them, sixteen bytes at a time, the last 1 to 15 with zeros above.
*/
std::uint64_t hash_folded(std::string_view whole, std::string_view s, std::size_t lowered, std::size_t i,
                          std::uint64_t h) noexcept
{
    canonical_words words(whole, s, lowered);
    std::size_t const n = s.size();
    for (; i + 16 <= n; i += 16) {
        std::uint64_t const a = words.at(i, 8);
        std::uint64_t const b = words.at(i + 8, 8);
        h = fold_mul(a ^ h ^ k0, b ^ k1);
    }
    std::size_t const r = n - i;   // 0 to 15 bytes left
    std::uint64_t a = 0, b = 0;
    if (r > 8) {
        a = words.at(i, 8);
        b = words.at(i + 8, r - 8);
    } else if (r > 0) {
        a = words.at(i, r);
    }
    return fold_mul(a ^ h ^ k0, b ^ k1);
}

/** Hash of the canonical bytes of a piece `s` (in `whole`), from state
    `h`: its first `lowered` bytes (a NID, which has no "%") lower-cased,
    and the percent-encoding case folded.

    Sixteen bytes at a time, as they are while no "%" has been met: its
    canonical bytes are then the bytes themselves, the NID's lower-cased.
    A piece with no "%" ends in two words that overlap the ones before (the
    last sixteen bytes), so that every piece of eight bytes or more is read
    in full words with few branches. At the first sixteen bytes that hold a
    "%", hash_folded takes over from there with the same state, the words
    read before being the same folded or not. Equivalent pieces have their
    "%"s in the same places, so they always take the same of the two ends.
*/
URNS_ALWAYS_INLINE std::uint64_t hash_piece(std::string_view whole, std::string_view s, std::size_t lowered,
                                            std::uint64_t h) noexcept
{
    std::size_t const n = s.size();
    char const* const p = s.data();
    h = start(h, n);
    std::uint64_t a, b;
    if (n >= 16) {
        // The NID's bytes are lower-cased only in the words that hold some:
        // the first sixteen bytes, further on only for a NID longer than
        // that, and the last two words when they reach back into it.
        std::size_t i = 0;
        for (; i + 16 < n; i += 16) {
            std::uint64_t x = detail::load8_le(p + i), y = detail::load8_le(p + i + 8);
            if (detail::pct_bytes(x) | detail::pct_bytes(y))
                return hash_folded(whole, s, lowered, i, h);
            if (i < lowered) {
                x = lower_first(x, i, lowered);
                y = lower_first(y, i + 8, lowered);
            }
            h = fold_mul(x ^ h ^ k0, y ^ k1);
        }
        a = detail::load8_le(p + n - 16);
        b = detail::load8_le(p + n - 8);
        if (detail::pct_bytes(a) | detail::pct_bytes(b))
            return hash_folded(whole, s, lowered, i, h);
        if (n - 16 < lowered) {
            a = lower_first(a, n - 16, lowered);
            b = lower_first(b, n - 8, lowered);
        }
    } else if (n >= 8) {
        a = detail::load8_le(p);
        b = detail::load8_le(p + n - 8);
        if (detail::pct_bytes(a) | detail::pct_bytes(b))
            return hash_folded(whole, s, lowered, 0, h);
        a = lower_first(a, 0, lowered);
        b = lower_first(b, n - 8, lowered);
    } else {
        a = detail::load_short(whole, p, n);   // zeros above: never "%"
        if (detail::pct_bytes(a))
            return hash_folded(whole, s, lowered, 0, h);
        a = lower_first(a, 0, lowered);
        b = 0;
    }
    return fold_mul(a ^ h ^ k0, b ^ k1);
}

/// Whether `s` (in `whole`) holds a "%": eight bytes at a time by SWAR, the
/// last word overlapping (inline: for a piece of a few words, a call to
/// memchr costs more than the search).
bool has_pct(std::string_view whole, std::string_view s) noexcept
{
    std::size_t const n = s.size();
    char const* const p = s.data();
    if (n < 8)
        return detail::pct_bytes(detail::load_short(whole, p, n)) != 0;
    std::uint64_t pct = 0;
    for (std::size_t i = 0; i + 8 < n; i += 8)
        pct |= detail::pct_bytes(detail::load8(p + i));
    return (pct | detail::pct_bytes(detail::load8(p + n - 8))) != 0;
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

/** Turns `d`, a copy of the first `n` bytes of a URN whose NID ends at
    `nid_end` and whose compared tail starts at `nid_end` + 1 and ends at
    `n`, into its canonical form: "urn:", the NID lower-cased, the hex
    digits of the tail's percent-encodings upper-cased (the rule of
    pct_case_folder: a byte is folded when one of the two before it is "%";
    upper-casing never makes or removes a "%", so the "%"s found in `d`
    are those of the input). The length does not change.
*/
void make_canonical_in_place(char* d, std::size_t nid_end, std::size_t n) noexcept
{
    std::memcpy(d, "urn:", 4);
    // The NID lower-cased eight bytes at a time (most NIDs: one word), the
    // bytes past it masked off.
    for (std::size_t at = 4; at < nid_end; at += 8) {
        std::size_t const k = n - at < 8 ? n - at : 8;
        std::uint64_t const w = k == 8 ? detail::load8_le(d + at) : detail::load_short(std::string_view(d, n), d + at, k);
        std::uint64_t const lowered = lower_first(w, at, nid_end);
        if (k == 8) {
            detail::store8_le(d + at, lowered);
        } else {
            for (std::size_t j = 0; j < k; ++j)
                d[at + j] = static_cast<char>(static_cast<unsigned char>(lowered >> (8 * j)));
        }
    }
    std::size_t const start = nid_end + 1;
    std::string_view const tail(d + start, n - start);
    if (!has_pct(tail, tail))
        return;
    // Eight bytes at a time, as the hash reads them: a "%" marks the one
    // and two bytes after it, the last word's last two mark this word's
    // first two.
    char* const t = d + start;
    std::size_t const m = n - start;
    std::uint64_t last_pct = 0;
    std::size_t i = 0;
    for (; i + 8 <= m; i += 8) {
        std::uint64_t const w = detail::load8_le(t + i);
        std::uint64_t const pct = detail::pct_bytes(w);
        detail::store8_le(t + i, detail::pct_fold_word(w, pct, last_pct));
        last_pct = pct;
    }
    for (; i < m; ++i)
        t[i] = detail::pct_case_folded(tail, i);
}

/// The length of the canonical form of `v` in mode `m` when it has no
/// sorted query: everything up to the end of the compared tail.
std::size_t unsorted_length(urn_view const& v, equivalence_mode m) noexcept
{
    std::string_view const tail = compared_tail(v, m);
    return static_cast<std::size_t>(tail.data() + tail.size() - v.buffer().data());
}

} // namespace

//----------------------------------------------------------------------------

bool equivalent(urn_view const& a, urn_view const& b, equivalence_mode m) noexcept
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

bool equivalent(urn_view const& a, urn_view const& b) noexcept
{
    return equivalent(a, b, default_equivalence(a.syntax()));
}

void detail::emit_canonical(urn_view const& v, equivalence_mode m, canonical_sink sink, void* ctx)
{
    if (!detail::well_formed(v))
        return;
    if (!sorts_query(v, m)) {
        // One copy, made canonical in place, handed over in blocks.
        std::size_t const nid_end = detail::view_access::parts_of(v).nid_end;
        std::size_t const n = unsorted_length(v, m);
        if (n <= 256) {
            char buf[256];
            std::memcpy(buf, v.buffer().data(), n);
            make_canonical_in_place(buf, nid_end, n);
            sink(ctx, buf, n);
            return;
        }
    }
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

void canonical(urn_view const& v, equivalence_mode m, std::string& out)
{
    if (detail::well_formed(v) && !sorts_query(v, m)) {
        // The canonical form has the length of what it is made from: copied
        // into `out` at once and made canonical there.
        std::size_t const n = unsorted_length(v, m);
        std::size_t const old = out.size();
        out.append(v.buffer().data(), n);
        make_canonical_in_place(&out[old], detail::view_access::parts_of(v).nid_end, n);
        return;
    }
    detail::emit_canonical(
        v, m,
        [](void* ctx, char const* data, std::size_t size) {
            static_cast<std::string*>(ctx)->append(data, size);
        },
        &out);
}

std::string canonical(urn_view const& v, equivalence_mode m)
{
    std::string s;
    s.reserve(v.buffer().size());
    canonical(v, m, s);
    return s;
}

std::size_t hash(urn_view const& v, equivalence_mode m) noexcept
{
    constexpr std::uint64_t seed = 0x6a09e667f3bcc908ULL;
    std::string_view const whole = v.buffer();
    if (!detail::well_formed(v))
        return static_cast<std::size_t>(mix(hash_piece(whole, whole, 0, ~seed)));
    // "NID:tail" is one stretch of the buffer, from offset 4 to the end of
    // what the mode compares (compared_tail's end).
    detail::parts const& p = detail::view_access::parts_of(v);
    std::size_t const end = m == equivalence_mode::rfc2141 ? whole.size() : p.nss_end;
    // A piece's hash ends in a 128-bit multiply folded, which spreads its
    // bits well enough alone; the directives' sum below needs the finalizer.
    std::uint64_t r = hash_piece(whole, whole.substr(4, end - 4), p.nid_end - 4, seed);
    if (sorts_query(v, m)) {
        // The directives in any order: a sum of their own hashes.
        std::string_view const q = v.query();
        std::uint64_t sum = 0;
        detail::for_each_directive(q, [&](directive_span d) { sum += mix(hash_piece(whole, d.whole(q), 0, seed)); });
        r = mix(mix(r) ^ mix(sum + 0x9e3779b97f4a7c15ULL));
    }
    return static_cast<std::size_t>(r);
}

} // namespace urns
