// SPDX-License-Identifier: BSL-1.0
// Semantic layer (X3-free): the canonical form of a URN (RFC 2141 section
// 5, draft-03 section 5, RFC 8141 section 3.1): the form equivalence.cpp
// compares and hash.cpp hashes.
#include <urns/equivalence.hpp>

#include "semantic/compared.hpp"
#include "semantic/pct_case.hpp"
#include "semantic/query_directives.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <string>

namespace urns {

namespace {

using detail::compared_end;
using detail::compared_tail;
using detail::directive_span;
using detail::lower_first;
using detail::sorted_directives;
using detail::sorts_query;

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

} // namespace urns
