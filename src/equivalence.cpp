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
#include <utility>

namespace urns {

namespace {

using detail::directive_span;

//----------------------------------------------------------------------------
// What a mode compares after "urn:" NID ":"

/// Where what mode `m` compares of `v` after "urn:" NID ":" ends: the end
/// of the NSS, or of the whole URN (RFC 2141 compares all of it).
std::size_t compared_end(urn_view const& v, equivalence_mode m) noexcept
{
    return m == equivalence_mode::rfc2141 ? v.buffer().size() : detail::view_access::parts_of(v).nss_end;
}

/// The part after the NID that mode `m` compares as one string.
std::string_view compared_tail(urn_view const& v, equivalence_mode m) noexcept
{
    std::size_t const start = detail::view_access::parts_of(v).nid_end + 1;
    return v.buffer().substr(start, compared_end(v, m) - start);
}

/// Whether mode `m` compares the draft-03 query of `v` (step 5b).
bool sorts_query(urn_view const& v, equivalence_mode m) noexcept
{
    return m == equivalence_mode::rfc2141bis_keep_query && v.has_query();
}

//----------------------------------------------------------------------------
// Steps 1 to 3 in one pass: "NID:tail" of two URNs compared as the
// canonical form sees it

/// 0xff in each byte of a word read at offset `at` that lies before offset
/// `end` (the lowest byte first).
constexpr std::uint64_t bytes_before(std::size_t at, std::size_t end) noexcept
{
    std::size_t const c = end > at ? end - at : 0;
    return c >= 8 ? ~std::uint64_t(0) : (std::uint64_t(1) << (8 * c)) - 1;
}

/** Whether two words of URNs are equal once the bytes marked in `foldable`
    (0x80 in each) are case-folded: each byte that differs is marked and
    differs in the 0x20 bit alone. The bytes marked are NID characters and
    hex digits, where a URN's only such pairs are a letter's two cases (a
    digit, "-" or "%" with that bit changed is a control character).
*/
constexpr bool equal_folded(std::uint64_t x, std::uint64_t y, std::uint64_t foldable) noexcept
{
    std::uint64_t const d = x ^ y;
    return (d & ~(detail::ones8 * 0x20)) == 0 && ((d << 2) & ~foldable) == 0;   // 0x20 << 2 == 0x80
}

/** equal_folded for two words that differ, `x` read at offset `j` of
    "NID:tail" of one URN (`pa`: its offset 4) and `y` of the other, with
    the bytes the canonical form folds marked: those of the NID (its first
    `nid` bytes) and the two after each "%" of `x`.

    The "%"s are looked for only when a byte outside the NID differs, in
    the word and the two bytes before it: at `j` = 0 those are "urn:"'s
    last two, never "%", as the NID's bytes and its ":" are not.
*/
[[gnu::noinline]] bool same_folded(std::uint64_t x, std::uint64_t y, char const* pa, std::size_t j,
                                   std::size_t nid) noexcept
{
    std::uint64_t foldable = bytes_before(j, nid) & detail::highs8;
    if ((((x ^ y) << 2) & ~foldable) != 0)
        foldable |= detail::pct_bytes(detail::load8_le(pa + j - 1)) | detail::pct_bytes(detail::load8_le(pa + j - 2));
    return equal_folded(x, y, foldable);
}

/** Whether two URNs `a` and `b`, whose NIDs end at `nid_end` and whose
    compared tails end at `end` (offsets in both), are equal in "NID:tail"
    as the canonical form sees it: the NID lower-cased, the tail's
    percent-encoding case folded (the rule of pct_case_folder; the NID and
    its ":" hold no "%", so the tail's marks are those of all of it).

    Sixteen bytes at a time compared as they are, which is most of any
    pair; a pair of words that differs is compared by same_folded. The
    last bytes are read as a word that overlaps the ones before.
*/
bool same_nid_and_tail(std::string_view a, std::string_view b, std::size_t nid_end, std::size_t end) noexcept
{
    char const* const pa = a.data() + 4;
    char const* const pb = b.data() + 4;
    std::size_t const n = end - 4, nid = nid_end - 4;
    auto same_at = [pa, pb, nid](std::size_t j) {
        std::uint64_t const x = detail::load8_le(pa + j), y = detail::load8_le(pb + j);
        return x == y || same_folded(x, y, pa, j, nid);
    };
    if (n < 8) {
        // The bytes before and after are not read: the marks are this
        // word's own (zeros above: never "%", equal in both).
        std::uint64_t const x = detail::load_short(a, pa, n), y = detail::load_short(b, pb, n);
        return x == y || equal_folded(x, y, detail::pct_marks(detail::pct_bytes(x), 0) | (bytes_before(0, nid) & detail::highs8));
    }
    std::size_t j = 0;
    for (; j + 16 <= n; j += 16) {
        std::uint64_t const d = (detail::load8(pa + j) ^ detail::load8(pb + j)) |
                                (detail::load8(pa + j + 8) ^ detail::load8(pb + j + 8));
        if (d != 0 && !(same_at(j) && same_at(j + 8)))
            return false;
    }
    if (j + 8 <= n) {
        if (!same_at(j))
            return false;
        j += 8;
    }
    return j == n || same_at(n - 8);
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
    std::uint64_t const m = bytes_before(at, lowered);
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

    /// The sixteen bytes from `i` as two words, what at(i, 8) and then
    /// at(i + 8, 8) give; read as they are (the NID's lowered) when no "%"
    /// is among them or the last word's last two bytes, as in most.
    URNS_ALWAYS_INLINE std::pair<std::uint64_t, std::uint64_t> at16(std::size_t i) noexcept
    {
        if ((last_pct_ >> 48) != 0 || detail::pct_bits16(s_.data() + i) != 0) {
            std::uint64_t const a = at(i, 8);
            return {a, at(i + 8, 8)};
        }
        last_pct_ = 0;
        std::uint64_t const a = detail::load8_le(s_.data() + i), b = detail::load8_le(s_.data() + i + 8);
        if (i >= lowered_)
            return {a, b};
        return {lower_first(a, i, lowered_), lower_first(b, i + 8, lowered_)};
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
        auto const [a, b] = words.at16(i);
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
            if (detail::pct_bits16(p + i) != 0)
                return hash_folded(whole, s, lowered, i, h);
            if (i < lowered) {
                x = lower_first(x, i, lowered);
                y = lower_first(y, i + 8, lowered);
            }
            h = fold_mul(x ^ h ^ k0, y ^ k1);
        }
        a = detail::load8_le(p + n - 16);
        b = detail::load8_le(p + n - 8);
        if (detail::pct_bits16(p + n - 16) != 0)
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

/** Writes into `d`, a copy of the first `n` bytes of `u` (a URN whose NID
    ends at `nid_end` and whose compared tail ends at `n`), its canonical
    form: "urn:", the NID lower-cased, the hex digits of the tail's
    percent-encodings upper-cased (the rule of pct_case_folder: a byte is
    folded when one of the two before it is "%"). The length does not
    change.
*/
URNS_ALWAYS_INLINE void make_canonical(char* d, std::string_view u, std::size_t nid_end, std::size_t n) noexcept
{
    char const* const s = u.data();
    // "urn:" and the NID, lower-cased eight bytes at a time (most NIDs: one
    // word): the scheme is "urn" in some case, which lower8 makes "urn".
    // The last word may reach back over bytes already lowered.
    if (n >= 8) {
        for (std::size_t at = 0; at < nid_end; at += 8) {
            std::size_t const w = at + 8 <= n ? at : n - 8;
            detail::store8_le(d + w, lower_first(detail::load8_le(s + w), w, nid_end));
        }
    } else {
        for (std::size_t i = 0; i < nid_end; ++i)
            d[i] = detail::ascii_lower(s[i]);
    }
    // The two bytes after each "%" upper-cased. The "%"s are found in `u`,
    // sixteen bytes at a time, from its start ("urn:", the NID and its ":"
    // hold none); the last sixteen overlap the ones before, whose "%"s are
    // folded again, which changes nothing.
    auto fold_after = [d, n](std::size_t at, unsigned pct) {
        for (; pct != 0; pct &= pct - 1) {
            std::size_t const k = at + static_cast<std::size_t>(__builtin_ctz(pct));   // a "%"
            if (k + 1 < n)
                d[k + 1] = detail::ascii_upper(d[k + 1]);
            if (k + 2 < n)
                d[k + 2] = detail::ascii_upper(d[k + 2]);
        }
    };
    if (n >= 16) {
        std::size_t i = 0;
        for (; i + 16 < n; i += 16)
            if (unsigned const pct = detail::pct_bits16(s + i))
                fold_after(i, pct);
        fold_after(n - 16, detail::pct_bits16(s + n - 16));
    } else {   // zeros above the last bytes: never "%"
        std::uint64_t const lo = n >= 8 ? detail::load8_le(s) : detail::load_short(u, s, n);
        std::uint64_t const hi = n > 8 ? detail::load_short(u, s + 8, n - 8) : 0;
        fold_after(0, detail::byte_bits(detail::pct_bytes(lo)) | detail::byte_bits(detail::pct_bytes(hi)) << 8);
    }
}

} // namespace

//----------------------------------------------------------------------------

bool equivalent(urn_view const& a, urn_view const& b, equivalence_mode m) noexcept
{
    bool const wa = detail::well_formed(a), wb = detail::well_formed(b);
    if (!wa || !wb)
        return !wa && !wb && a.buffer() == b.buffer();
    // Steps 1 to 3, over what the mode keeps (the scheme is "urn" in some
    // case, always).
    detail::parts const& pa = detail::view_access::parts_of(a);
    detail::parts const& pb = detail::view_access::parts_of(b);
    std::size_t const end = compared_end(a, m);
    if (pa.nid_end != pb.nid_end || end != compared_end(b, m) ||
        !same_nid_and_tail(a.buffer(), b.buffer(), pa.nid_end, end))
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
        std::size_t const n = compared_end(v, m);
        if (n <= 256) {
            char buf[256];
            std::memcpy(buf, v.buffer().data(), n);
            make_canonical(buf, v.buffer(), nid_end, n);
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
        std::size_t const n = compared_end(v, m);
        std::size_t const old = out.size();
        out.append(v.buffer().data(), n);
        make_canonical(&out[old], v.buffer(), detail::view_access::parts_of(v).nid_end, n);
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
    // what the mode compares.
    detail::parts const& p = detail::view_access::parts_of(v);
    std::size_t const end = compared_end(v, m);
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
