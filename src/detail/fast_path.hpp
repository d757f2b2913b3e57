// SPDX-License-Identifier: BSL-1.0
//
// Internal, X3-free: the quick answer for the commonest URNs. A URN of the
// form "urn:" NID ":" NSS whose NID and NSS need no decision of the
// grammar's is recognized here with the lexical tables in one pass: a NID
// that does not start with "urn", an NSS of the syntax's NSS octets and
// "%" HEXDIG HEXDIG triplets (not "%00" where the syntax refuses NUL), with
// no component after it ("?", "#" end the NSS in the draft and RFC 8141).
// Where that reading fails it places the fault, when the fault is of a
// kind whose error src/parse.cpp has learnt from the grammar. Everything
// else, valid or not, goes to the grammar, which stays the authority: the
// fast path says "valid, with these offsets" only when the grammar would
// say the same, and a learnt error is the grammar's (test fast_path
// compares the two over every vector, generated inputs and every octet at
// every kind of fault; the differential fuzzer does too). The NSS is read
// with the lexical tables eight octets at a time; one of 32 octets or
// more, where the processor can, a block at a time with nibble tables
// made from the same lexical tables: sixty-four octets, then thirty-two,
// with AVX2, else sixteen with SSSE3 (the test compares each reading with
// the tables on every input).
#ifndef URNS_SRC_DETAIL_FAST_PATH_HPP
#define URNS_SRC_DETAIL_FAST_PATH_HPP

#include <urns/detail/parts.hpp>
#include <urns/lexical.hpp>
#include <urns/syntax.hpp>

#include "lexical.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// SSSE3 (pshufb) in functions of their own, chosen at run time.
#if defined(__SSE2__) && defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#define URNS_FAST_SSSE3 1
#define URNS_SSSE3 [[gnu::target("ssse3")]]
#define URNS_AVX2 [[gnu::target("avx2")]]
#include <immintrin.h>
#else
#define URNS_FAST_SSSE3 0
#endif

namespace urns {
namespace detail {
namespace fast {

namespace lx = urns::lexical;

// The octets an NSS is made of in each syntax, "%" among them (whether
// each "%" starts a triplet is checked afterwards, see simple_urn): RFC
// 2141's trans ("/", "?" and "#" are among them: RFC 2141 has no
// components); pchar for the draft ("NSS = 1*pchar"); pchar and "/" for
// RFC 8141 ("NSS = pchar *(pchar / "/")", so not "/" first).
inline constexpr lx::charset nss_rfc2141 = lx::rfc2141::trans | lx::charset("%");
inline constexpr lx::charset nss_rfc2141bis = lx::rfc3986::pchar | lx::charset("%");
inline constexpr lx::charset nss_rfc8141 = lx::rfc3986::pchar | lx::charset("%/");
/// RFC 8141's NSS octets after the first, "%" left out.
inline constexpr lx::charset nss_rfc8141_plain = lx::rfc3986::pchar | lx::charset("/");
// The NID: (ALPHA / DIGIT) 0*30(ALPHA / DIGIT / "-") (ALPHA / DIGIT), the
// rule of RFC 8141 and of the draft's section 2.1, and a subset of RFC
// 2141's let-num [ 1*31let-num-hyp ].
inline constexpr lx::charset nid_end = lx::rfc8141::alphanum;
inline constexpr lx::charset nid_mid = lx::rfc8141::ldh;

// The fast path and its helpers are always inlined into parse_urn: as
// calls they cost a sixth of a short URN's parse.
/// Whether eight octets from `c` are all in `set` (their table entries
/// and-ed: one branch for the eight).
URNS_ALWAYS_INLINE bool all8(char const* c, lx::charset const& set) noexcept
{
    auto in = [c, &set](int j) -> unsigned { return set.contains(c[j]); };
    return (in(0) & in(1) & in(2) & in(3) & in(4) & in(5) & in(6) & in(7)) != 0;
}

/** Whether the octets [i, n) of `c` are all in `set`, eight at a time;
    `has_pct` is set when one of them is "%" (found by SWAR on the same
    words). The last, partial, eight are read as the eight octets that end
    at `n`: they overlap octets already read, which are in `set` too, and
    `min_start` <= n - 8 bounds them below (octets before it are not the
    caller's to judge). So the NSS, "%" triplets and all, is one pass with
    no branch per octet. When it returns false and no "%" came before the
    eight octets (or the octet) it failed on, `clean` is set to their start:
    nothing before it is a fault, so the fault's reader may start there.
*/
URNS_ALWAYS_INLINE bool all_in(char const* c, std::size_t i, std::size_t n, std::size_t min_start, lx::charset const& set,
                   bool& has_pct, std::size_t& clean) noexcept
{
    std::uint64_t pct = 0;
    for (; n - i >= 8; i += 8) {
        if (!all8(c + i, set)) {
            if (pct == 0)
                clean = i;
            return false;
        }
        pct |= pct_bytes(load8(c + i));
    }
    if (i < n) {
        if (n - min_start >= 8) {
            if (!all8(c + n - 8, set)) {
                if (pct == 0)
                    clean = n - 8;
                return false;
            }
            pct |= pct_bytes(load8(c + n - 8));
        } else {
            for (; i < n; ++i) {
                if (!set.contains(c[i])) {
                    if (pct == 0)
                        clean = i;
                    return false;
                }
                pct |= c[i] == '%';
            }
        }
    }
    has_pct = pct != 0;
    return true;
}

/// Whether the "%" at `p` of `c`, whose length is `n`, starts a triplet of
/// two `hex` octets, and, where `nul_refused`, not "%00".
URNS_ALWAYS_INLINE bool triplet_at(char const* c, std::size_t p, std::size_t n, lx::charset const& hex,
                                   bool nul_refused) noexcept
{
    return n - p >= 3 && hex.contains(c[p + 1]) && hex.contains(c[p + 2]) &&
           !(nul_refused && c[p + 1] == '0' && c[p + 2] == '0');
}

/** Whether every "%" in [i, n) of `c` starts a triplet of two `hex`
    octets, and, where `nul_refused`, not "%00". A "%" is never a hex
    octet, so each "%" is checked where it stands, in any order. The "%"s
    are found sixteen octets at a time (SSE2, x86-64's baseline), else
    with memchr. */
inline bool triplets(char const* c, std::size_t i, std::size_t n, lx::charset const& hex, bool nul_refused) noexcept
{
#if defined(__SSE2__)
    auto const each = [&](unsigned m, std::size_t at) {
        for (; m != 0; m &= m - 1)
            if (!triplet_at(c, at + static_cast<std::size_t>(__builtin_ctz(m)), n, hex, nul_refused))
                return false;
        return true;
    };
    std::size_t j = i;
    for (; n - j >= 16; j += 16)
        if (!each(pct_bits16(c + j), j))
            return false;
    if (j == n)
        return true;
    // The last sixteen octets, less those already read ([n - 16, j)); the
    // caller's NSS is at least that long with what comes before it.
    if (n >= 16)
        return each(pct_bits16(c + n - 16) & (0xffffu << (j - (n - 16))), n - 16);
    for (; j < n; ++j)
        if (c[j] == '%' && !triplet_at(c, j, n, hex, nul_refused))
            return false;
    return true;
#else
    char const* const end = c + n;
    char const* at = c + i;
    while ((at = static_cast<char const*>(std::memchr(at, '%', static_cast<std::size_t>(end - at)))) != nullptr) {
        if (!triplet_at(c, static_cast<std::size_t>(at - c), n, hex, nul_refused))
            return false;
        at += 3;
    }
    return true;
#endif
}

// ---- The place of a fault, for the error path.
//
// Where the simple form fails, the input is read on, octet by octet with
// the same tables, from the part (scheme, NID or NSS) where it failed, for
// the first fault of a kind whose error the grammar gives the same
// wherever it occurs: a state of the grammar (a phase) and the octet met in
// it name the error, and only the offset moves with the input. src/parse.cpp
// learns each phase's errors from the grammar itself, by parsing a probe of
// that phase; everything else goes to the grammar.

/// The states in which a fault is placed (each with its probe in src/parse.cpp).
enum class phase : std::uint8_t {
    scheme0,      ///< "urn:"'s first octet differs (any case)
    scheme1,      ///< its second
    scheme2,      ///< its third
    scheme3,      ///< the ":" after "urn"
    nid_first,    ///< the first octet after "urn:" is not a NID octet (":" among them)
    nid_next,     ///< after NID octets, one that is neither a NID octet nor ":"
    nid_ended,    ///< the input ends after a NID the fast path accepts
    nid_hyphen,   ///< a NID ended by ":" that starts with "-" (placed at the NID)
    nid_long,     ///< a NID ended by ":" longer than 32 octets (placed at the NID)
    nss_first,    ///< the NSS's first octet
    nss_next,     ///< an octet after NSS octets
    pct_first,    ///< the octet after a "%"
    pct_second,   ///< the second octet after a "%"
    pct_nul,      ///< "%00" where the syntax refuses NUL (placed at the "%")
};
inline constexpr unsigned phase_count = 14;
/// The "octet" of a fault at the end of the input.
inline constexpr unsigned end_octet = 256;

/// A fault: its phase, the octet met (or end_octet), and where it is placed.
struct fault {
    fast::phase phase = phase::scheme0;
    unsigned octet = 0;
    std::size_t at = 0;

    /// The same phase, octet and place.
    bool operator==(fault const& o) const noexcept { return phase == o.phase && octet == o.octet && at == o.at; }

    /// Sets every field; true.
    bool place(fast::phase ph, unsigned o, std::size_t where) noexcept
    {
        phase = ph;
        octet = o;
        at = where;
        return true;
    }
};

/// The octet at `i` of `c`, 0-255.
inline unsigned octet_at(char const* c, std::size_t i) noexcept
{
    return static_cast<unsigned char>(c[i]);
}

/** The first fault of the NSS of `s`, which starts at `k` after a NID
    the fast path accepts (see locate_fault), read from `clean` on where
    that is after `k`: the caller has read [k, clean) and found no fault
    there (each octet in the syntax's NSS set, each "%" starting a good
    triplet). A triplet begun before `clean` and ending after it is read
    from there as NSS octets, which its digits are. */
URNS_ALWAYS_INLINE bool locate_nss_fault(std::string_view s, syntax syn, std::size_t const k, fault& f,
                                         std::size_t const clean = 0) noexcept
{
    std::size_t const n = s.size();
    char const* const c = s.data();
    // Its octets other than "%" in each syntax, and the octets of a triplet
    // (as in scan).
    lx::charset const& plain = syn == syntax::rfc2141      ? lx::rfc2141::trans
                               : syn == syntax::rfc2141bis ? lx::rfc3986::pchar
                                                           : nss_rfc8141_plain;
    lx::charset const& hex = syn == syntax::rfc2141 ? lx::rfc2141::hex : lx::rfc5234::hexdig;
    bool const nul_refused = syn != syntax::rfc8141;
    if (k == n)
        return f.place(phase::nss_first, end_octet, k);
    if (syn == syntax::rfc8141 && c[k] == '/')
        return f.place(phase::nss_first, '/', k);
    std::size_t i = clean > k ? clean : k;
    for (;;) {
        while (n - i >= 8 && all8(c + i, plain))
            i += 8;
        while (i < n && plain.contains(c[i]))
            ++i;
        if (i == n)
            return false;
        if (c[i] != '%')
            return f.place(i == k ? phase::nss_first : phase::nss_next, octet_at(c, i), i);
        if (i + 1 == n || !hex.contains(c[i + 1]))
            return f.place(phase::pct_first, i + 1 == n ? end_octet : octet_at(c, i + 1), i + 1);
        if (i + 2 == n || !hex.contains(c[i + 2]))
            return f.place(phase::pct_second, i + 2 == n ? end_octet : octet_at(c, i + 2), i + 2);
        if (nul_refused && c[i + 1] == '0' && c[i + 2] == '0')
            return f.place(phase::pct_nul, '0', i);
        i += 3;
    }
}

URNS_ALWAYS_INLINE bool locate_nid_fault(std::string_view s, syntax syn, fault& f, std::size_t clean = 5) noexcept;

/** The first fault of `s` in syntax `syn`, when it is of a phase above;
    false when the grammar must decide (a fault of another kind, a NID that
    starts "urn", a "?" or "#" the table leaves to it, or no fault). */
URNS_ALWAYS_INLINE bool locate_fault(std::string_view s, syntax syn, fault& f) noexcept
{
    std::size_t const n = s.size();
    char const* const c = s.data();
    static constexpr phase scheme_phase[] = {phase::scheme0, phase::scheme1, phase::scheme2, phase::scheme3};
    if (n >= 4) {
        // The four octets as one word, the first lowest, compared with
        // "urn:" at once (the 0x20 bit set in the three letters, as below):
        // the lowest differing octet is the fault.
        std::uint32_t const diff = (load4_le(c) | 0x202020u) ^ 0x3a6e7275u;
        if (diff != 0) {
            std::size_t const i = static_cast<std::size_t>(__builtin_ctz(diff)) / 8;
            return f.place(scheme_phase[i], octet_at(c, i), i);
        }
        return locate_nid_fault(s, syn, f);
    }
    for (std::size_t i = 0; i < 4; ++i) {
        if (i == n)
            return f.place(scheme_phase[i], end_octet, i);
        // Only "u" and "U" give "u" with the 0x20 bit set, and so on.
        unsigned const o = octet_at(c, i);
        if ((i < 3 ? (o | 0x20) : o) != static_cast<unsigned char>("urn:"[i]))
            return f.place(scheme_phase[i], o, i);
    }
    return locate_nid_fault(s, syn, f);
}

/** locate_fault of an input that starts "urn:" (any case): from the NID
    on; the octets [5, clean) are known to be NID octets (the caller read
    them), so the NID is read on from `clean`. */
URNS_ALWAYS_INLINE bool locate_nid_fault(std::string_view s, syntax syn, fault& f, std::size_t clean) noexcept
{
    std::size_t const n = s.size();
    char const* const c = s.data();
    if (n == 4)
        return f.place(phase::nid_first, end_octet, 4);
    if (!nid_mid.contains(c[4]))
        return f.place(phase::nid_first, octet_at(c, 4), 4);
    std::size_t j = clean > 5 ? clean : 5;
    while (j < n && nid_mid.contains(c[j]))
        ++j;
    if (j - 4 >= 3 && (c[4] | 0x20) == 'u' && (c[5] | 0x20) == 'r' && (c[6] | 0x20) == 'n')
        return false;
    bool const nid_ok = c[4] != '-' && c[j - 1] != '-' && j - 4 >= 2 && j - 4 <= 32;
    if (j == n)
        return nid_ok && f.place(phase::nid_ended, end_octet, j);
    if (c[j] != ':')
        return f.place(phase::nid_next, octet_at(c, j), j);
    if (c[4] == '-')
        return f.place(phase::nid_hyphen, ':', 4);
    if (j - 4 > 32)
        return f.place(phase::nid_long, ':', 4);
    if (!nid_ok)   // one octet, or a final "-": the syntaxes differ there
        return false;
    return locate_nss_fault(s, syn, j + 1, f);
}

/// What the block readers of a long NSS (long_nss16, long_nss32) return
/// when it is valid: no place.
inline constexpr std::size_t nss_valid = static_cast<std::size_t>(-1);

/// From this length on, the tables' reading checks an NSS's "%" triplets with triplets().
inline constexpr std::size_t long_nss = 40;

/// What scan found.
enum class outcome : std::uint8_t {
    simple,    ///< a URN of the simple form above, its parts filled
    fault,     ///< a fault of a phase above, placed
    grammar,   ///< for the grammar to decide
};

#if URNS_FAST_SSSE3

// ---- A long NSS sixteen octets at a time, for processors with SSSE3
// (not in x86-64's baseline: parse.cpp asks the processor once, and scan
// is told).

/** A set of ASCII octets as two tables of sixteen for pshufb: octet o is
    in it when lo[o & 15] & hi[o >> 4] is not 0. Bit h of lo[l] says
    whether octet 16 h + l is in the set; hi[h] is bit h for h < 8 and 0
    above, so that no octet from 0x80 up is in it (pshufb gives 0 for
    them in the lo lookup too). */
struct nibble_tables {
    alignas(16) std::uint8_t lo[16] = {};
    alignas(16) std::uint8_t hi[16] = {};
};

constexpr nibble_tables nibbles_of(lx::charset const& set)
{
    nibble_tables t;
    for (unsigned h = 0; h < 8; ++h) {
        t.hi[h] = static_cast<std::uint8_t>(1u << h);
        for (unsigned l = 0; l < 16; ++l)
            if (set.table[16 * h + l])
                t.lo[l] = static_cast<std::uint8_t>(t.lo[l] | (1u << h));
    }
    return t;
}

/// Whether `set` holds no octet from 0x80 up (which nibble_tables cannot).
constexpr bool ascii_only(lx::charset const& set)
{
    for (unsigned o = 0x80; o < 256; ++o)
        if (set.table[o])
            return false;
    return true;
}

static_assert(ascii_only(nss_rfc2141) && ascii_only(nss_rfc2141bis) && ascii_only(nss_rfc8141) &&
                  ascii_only(lx::rfc2141::hex) && ascii_only(lx::rfc5234::hexdig),
              "the fast path's sets are ASCII");

// The sets the tables reading uses (above), as nibble tables.
inline constexpr nibble_tables nss_rfc2141_16 = nibbles_of(nss_rfc2141);
inline constexpr nibble_tables nss_rfc2141bis_16 = nibbles_of(nss_rfc2141bis);
inline constexpr nibble_tables nss_rfc8141_16 = nibbles_of(nss_rfc8141);
inline constexpr nibble_tables hex_rfc2141_16 = nibbles_of(lx::rfc2141::hex);
inline constexpr nibble_tables hexdig_16 = nibbles_of(lx::rfc5234::hexdig);

/// Bit j set when octet j of `v` is not in the set of `t`.
URNS_SSSE3 URNS_ALWAYS_INLINE unsigned outside16(__m128i v, nibble_tables const& t) noexcept
{
    __m128i const lo = _mm_shuffle_epi8(_mm_load_si128(reinterpret_cast<__m128i const*>(t.lo)), v);
    __m128i const hi = _mm_shuffle_epi8(_mm_load_si128(reinterpret_cast<__m128i const*>(t.hi)),
                                        _mm_and_si128(_mm_srli_epi16(v, 4), _mm_set1_epi8(0x0f)));
    return static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(lo, hi), _mm_setzero_si128())));
}

/// Bit j set when octet j of `v` is `o`.
URNS_SSSE3 URNS_ALWAYS_INLINE unsigned equal16(__m128i v, char o) noexcept
{
    return static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(o))));
}

/** The triplets' part of a wide reading of an NSS, on bit masks of its
    octets (bit j: octet j of the current block, 16 or 32 octets), so
    that the SSSE3 and the AVX2 readings share it: the octets that must
    be a triplet's first and second hex digit are the "%" mask shifted by
    one and by two, carried into the next block. */
class triplet_masks {
public:
    /// Whether the block needs step(): it holds a "%" or octets carried in.
    URNS_ALWAYS_INLINE bool pending(std::uint64_t pct) const noexcept { return (pct | first_ | second_) != 0; }

    /** The octets of the block, `len` octets long, that break a triplet:
        a first or second digit not in the hex set (`not_hex`), or "%00"
        where `nul_refused` (`zeros`: the octets "0"). */
    URNS_ALWAYS_INLINE std::uint64_t step(std::uint64_t pct, std::uint64_t not_hex, std::uint64_t zeros,
                                          unsigned len, bool nul_refused) noexcept
    {
        std::uint64_t const a = (pct << 1) | first_;
        std::uint64_t const b = (pct << 2) | second_;
        std::uint64_t const mine = (std::uint64_t{1} << len) - 1;
        std::uint64_t bad = (a | b) & mine & not_hex;
        if (nul_refused) {
            std::uint64_t const az = a & zeros & mine;   // a first digit "0"
            std::uint64_t const bz = b & zeros & mine;   // a second digit "0"
            bad |= (az & (bz >> 1)) | (zero_ & bz & 1u);
            zero_ = (az >> (len - 1)) & 1u;
        }
        first_ = a >> len;
        second_ = b >> len;
        return bad;
    }

    /// step() for a block of 64 octets (a shift by 64 is not defined,
    /// so its own function), without a branch on the block's "%"s.
    URNS_ALWAYS_INLINE std::uint64_t step64(std::uint64_t pct, std::uint64_t not_hex, std::uint64_t zeros,
                                            bool nul_refused) noexcept
    {
        std::uint64_t const a = (pct << 1) | first_;
        std::uint64_t const b = (pct << 2) | second_;
        std::uint64_t bad = (a | b) & not_hex;
        if (nul_refused) {
            std::uint64_t const az = a & zeros;
            std::uint64_t const bz = b & zeros;
            bad |= (az & (bz >> 1)) | (zero_ & bz & 1u);
            zero_ = az >> 63;
        }
        first_ = pct >> 63;
        second_ = pct >> 62;
        return bad;
    }

    /// How a block reading goes on after a block.
    enum class next { on, valid, fault };

    /** After the block [i, i + len) of the NSS [.., n), whose faulty
        octets are `bad`: on to the next block (`i` moved past this one),
        or the end, valid or a fault. At a fault `clean` is set two octets
        before the block (the place of a "%" whose digits are in it):
        nothing before that is a fault. */
    URNS_ALWAYS_INLINE next after(std::uint64_t bad, std::size_t& i, unsigned len, std::size_t n,
                                  std::size_t& clean) const noexcept
    {
        if (bad != 0) {
            clean = i - 2;
            return next::fault;
        }
        i += len;
        if (i != n)
            return next::on;
        if ((first_ | second_) == 0)
            return next::valid;
        clean = i - len - 2;   // a triplet cut short by the end
        return next::fault;
    }

private:
    std::uint64_t first_ = 0;    // octets of the next block that must be a triplet's first digit
    std::uint64_t second_ = 0;   // and its second
    std::uint64_t zero_ = 0;     // 1: the last block ended with a triplet's first digit "0"
};

/// What a block reading of an NSS in syntax `syn` reads for.
struct nss_sets {
    nibble_tables const& set;   ///< the NSS's octets, "%" among them
    nibble_tables const& hex;   ///< a triplet's digits
    bool nul_refused;           ///< "%00" refused
};

/// Those of syntax `syn`.
inline nss_sets sets_of(syntax syn) noexcept
{
    return {syn == syntax::rfc2141      ? nss_rfc2141_16
            : syn == syntax::rfc2141bis ? nss_rfc2141bis_16
                                        : nss_rfc8141_16,
            syn == syntax::rfc2141 ? hex_rfc2141_16 : hexdig_16, syn != syntax::rfc8141};
}

// The two block readings below differ only in their vector type and its
// intrinsics, yet they are two functions, not one template: GCC and Clang
// refuse to inline a function compiled for an instruction set into one
// that is not, and a template's target attribute cannot depend on its
// argument.

/** The faulty octets of [i, i + len) of `c` (len <= 16), read as the
    sixteen that end at i + len (those before `i` shifted out): octets
    outside the set and broken triplets (`t` carries them on). */
URNS_SSSE3 URNS_ALWAYS_INLINE std::uint64_t faults16(char const* c, std::size_t i, unsigned len,
                                                     nss_sets const& sets, triplet_masks& t) noexcept
{
    unsigned const skip = 16 - len;
    __m128i const v = _mm_loadu_si128(reinterpret_cast<__m128i const*>(c + i - skip));
    std::uint64_t const pct = equal16(v, '%') >> skip;
    std::uint64_t bad = outside16(v, sets.set) >> skip;
    // Most blocks hold no triplet's octet: they are only read for the set.
    if (t.pending(pct))
        bad |= t.step(pct, outside16(v, sets.hex) >> skip, equal16(v, '0') >> skip, len, sets.nul_refused);
    return bad;
}

/** Whether the octets [i, n) of `c` (n >= 16), an NSS in syntax `syn`,
    are all NSS octets and each "%" among them starts a triplet of two
    hex digits, not "%00" where the syntax refuses it. Sixteen octets at
    a time (SSSE3), as bit masks (triplet_masks); the last, partial,
    sixteen are read as those that end at `n`, the octets before `i`
    shifted out. Returns nss_valid if they are, else the place
    triplet_masks::after sets as `clean`: the answer is returned, not
    written through a reference, so that the caller's `clean` stays in a
    register. A call of its own, compiled for SSSE3, that scan makes for a
    long NSS. */
URNS_SSSE3 [[gnu::noinline]] inline std::size_t long_nss16(char const* c, std::size_t i, std::size_t n,
                                                           syntax syn) noexcept
{
    nss_sets const sets = sets_of(syn);
    std::size_t clean = 0;
    for (triplet_masks t;;) {
        unsigned const len = n - i >= 16 ? 16 : static_cast<unsigned>(n - i);
        auto const x = t.after(faults16(c, i, len, sets, t), i, len, n, clean);
        if (x != triplet_masks::next::on)
            return x == triplet_masks::next::valid ? nss_valid : clean;
    }
}

/// Bit j set when octet j of `v` is not in the set of `t` (outside16 on
/// two sixteens, the tables in both halves).
URNS_AVX2 URNS_ALWAYS_INLINE std::uint64_t outside32(__m256i v, nibble_tables const& t) noexcept
{
    __m256i const lo_t = _mm256_broadcastsi128_si256(_mm_load_si128(reinterpret_cast<__m128i const*>(t.lo)));
    __m256i const hi_t = _mm256_broadcastsi128_si256(_mm_load_si128(reinterpret_cast<__m128i const*>(t.hi)));
    __m256i const lo = _mm256_shuffle_epi8(lo_t, v);
    __m256i const hi = _mm256_shuffle_epi8(hi_t, _mm256_and_si256(_mm256_srli_epi16(v, 4), _mm256_set1_epi8(0x0f)));
    return static_cast<std::uint32_t>(
        _mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_and_si256(lo, hi), _mm256_setzero_si256())));
}

/// Bit j set when octet j of `v` is `o`.
URNS_AVX2 URNS_ALWAYS_INLINE std::uint64_t equal32(__m256i v, char o) noexcept
{
    return static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(o))));
}

/// The NID's octets as nibble tables.
inline constexpr nibble_tables nid_mid_16 = nibbles_of(nid_mid);

// Every set's nibble tables have the same `hi` (bit h for the high nibble
// h): a block's lookup in it is made once and shared by the sets.
static_assert(nid_mid_16.hi[0] == 1 && nid_mid_16.hi[7] == 0x80 && nid_mid_16.hi[8] == 0, "hi is bit h");

/// A nibble table in both halves of a vector (AVX2).
URNS_AVX2 URNS_ALWAYS_INLINE __m256i table32(std::uint8_t const* t) noexcept
{
    return _mm256_broadcastsi128_si256(_mm_load_si128(reinterpret_cast<__m128i const*>(t)));
}

/// Each octet's bit of its high nibble (0 from 0x80 up), which every set's
/// lookup shares: `hi_t` is table32(nid_mid_16.hi), `low4` 0x0f in each octet.
URNS_AVX2 URNS_ALWAYS_INLINE __m256i high32(__m256i v, __m256i hi_t, __m256i low4) noexcept
{
    return _mm256_shuffle_epi8(hi_t, _mm256_and_si256(_mm256_srli_epi16(v, 4), low4));
}

/// The bit masks of two vectors of compares, as one of 64 bits.
URNS_AVX2 URNS_ALWAYS_INLINE std::uint64_t mask64(__m256i m0, __m256i m1) noexcept
{
    return std::uint64_t{static_cast<std::uint32_t>(_mm256_movemask_epi8(m0))} |
           (std::uint64_t{static_cast<std::uint32_t>(_mm256_movemask_epi8(m1))} << 32);
}

/// Bit j set when octet j of `v0` then `v1` is `o` (a vector of it).
URNS_AVX2 URNS_ALWAYS_INLINE std::uint64_t equal64(__m256i v0, __m256i v1, __m256i o) noexcept
{
    return mask64(_mm256_cmpeq_epi8(v0, o), _mm256_cmpeq_epi8(v1, o));
}

/// Bit j set when octet j of `v0` then `v1` is not in the set whose lo
/// table is `t` (table32), their high32() being `h0` and `h1`.
URNS_AVX2 URNS_ALWAYS_INLINE std::uint64_t outside64(__m256i t, __m256i v0, __m256i v1, __m256i h0,
                                                     __m256i h1) noexcept
{
    __m256i const zero = _mm256_setzero_si256();
    return mask64(_mm256_cmpeq_epi8(_mm256_and_si256(_mm256_shuffle_epi8(t, v0), h0), zero),
                  _mm256_cmpeq_epi8(_mm256_and_si256(_mm256_shuffle_epi8(t, v1), h1), zero));
}

/// faults16 for thirty-two octets (AVX2).
URNS_AVX2 URNS_ALWAYS_INLINE std::uint64_t faults32(char const* c, std::size_t i, unsigned len,
                                                    nss_sets const& sets, triplet_masks& t) noexcept
{
    unsigned const skip = 32 - len;
    __m256i const v = _mm256_loadu_si256(reinterpret_cast<__m256i const*>(c + i - skip));
    std::uint64_t const pct = equal32(v, '%') >> skip;
    std::uint64_t bad = outside32(v, sets.set) >> skip;
    if (t.pending(pct))
        bad |= t.step(pct, outside32(v, sets.hex) >> skip, equal32(v, '0') >> skip, len, sets.nul_refused);
    return bad;
}

/** long_nss16 with AVX2 (n >= 32), with the same answer: sixty-four
    octets at a time while there are as many, their triplets checked
    without a branch (a long NSS often has a "%" in every block), then
    thirty-two or what is left. */
URNS_AVX2 [[gnu::noinline]] inline std::size_t long_nss32(char const* c, std::size_t i, std::size_t n,
                                                         syntax syn) noexcept
{
    nss_sets const sets = sets_of(syn);
    std::size_t clean = 0;
    __m256i const hi_t = table32(nid_mid_16.hi);
    __m256i const set_t = table32(sets.set.lo);
    __m256i const hex_t = table32(sets.hex.lo);
    __m256i const low4 = _mm256_set1_epi8(0x0f);
    __m256i const pct = _mm256_set1_epi8('%');
    __m256i const digit0 = _mm256_set1_epi8('0');
    for (triplet_masks t;;) {
        triplet_masks::next x;
        if (n - i >= 64) {
            __m256i const v0 = _mm256_loadu_si256(reinterpret_cast<__m256i const*>(c + i));
            __m256i const v1 = _mm256_loadu_si256(reinterpret_cast<__m256i const*>(c + i + 32));
            __m256i const h0 = high32(v0, hi_t, low4);
            __m256i const h1 = high32(v1, hi_t, low4);
            std::uint64_t const bad = outside64(set_t, v0, v1, h0, h1) |
                                      t.step64(equal64(v0, v1, pct), outside64(hex_t, v0, v1, h0, h1),
                                               equal64(v0, v1, digit0), sets.nul_refused);
            x = t.after(bad, i, 64, n, clean);
        } else {
            unsigned const len = n - i >= 32 ? 32 : static_cast<unsigned>(n - i);
            x = t.after(faults32(c, i, len, sets, t), i, len, n, clean);
        }
        if (x != triplet_masks::next::on)
            return x == triplet_masks::next::valid ? nss_valid : clean;
    }
}

/// Whether this processor has AVX2 (and the system saves its registers).
inline bool avx2_supported() noexcept
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
}

/// Whether this processor has SSSE3.
inline bool ssse3_supported() noexcept
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("ssse3");
}

#endif

/// How scan reads a long NSS: with the tables, or a block at a time with
/// nibble tables, sixteen octets (SSSE3) or thirty-two (AVX2).
enum class reading : std::uint8_t { tables, ssse3, avx2 };

/// The widest reading this processor has.
inline reading best_reading() noexcept
{
#if URNS_FAST_SSSE3
    return avx2_supported() ? reading::avx2 : ssse3_supported() ? reading::ssse3 : reading::tables;
#else
    return reading::tables;
#endif
}

/// From this NSS length on, scan reads the NSS a block at a time where the
/// processor can: a shorter one gains less than the call costs.
inline constexpr std::size_t wide_nss = 32;

/** Whether `s` is a URN of the simple form above in syntax `syn` (with `p`
    filled), has a fault locate_fault places (with `f` filled), or is the
    grammar's to decide. One reading of a simple URN; the fault is looked
    for only where the simple form failed: from the NID or the NSS on
    when the scheme, or the scheme and the NID, were right, and from where
    that part's reader found no fault before. A long NSS is read as
    `wide` says. */
URNS_ALWAYS_INLINE outcome scan(std::string_view s, syntax syn, parts& p, fault& f, reading wide) noexcept
{
    std::size_t const n = s.size();
    char const* const c = s.data();
    std::size_t colon = 0;    // where the NSS's fault is looked for; 0: before the NSS
    bool scheme_ok = false;   // the fault is looked for from the NID on
    std::size_t clean = 0;    // the fault is looked for from here on (the part's reader found none before)
    do {
        // "urn:" (any case), then a NID that does not start with "urn": the
        // reserved NID "urn" (RFC 2141, draft) and RFC 8141's "urn-<n>" are
        // the grammar's to judge. Read as one word, the first octet lowest:
        // an octet or-ed with 0x20 is "u" only for "u" and "U", and so on.
        if (n < 8)
            break;
        std::uint64_t const head = load8_le(c) | 0x0000000000202020u;
        if ((head & 0xffffffffu) != 0x3a6e7275u)   // "urn:"
            break;
        scheme_ok = true;
        if (((head >> 32 | 0x202020u) & 0xffffffu) == 0x6e7275u)   // "urn"
            return outcome::grammar;
        if (!nid_end.contains(c[4]))
            break;
        std::size_t i = 5;
        std::size_t const nid_limit = n < 4 + 32 ? n : 4 + 32;
        while (i < nid_limit && nid_mid.contains(c[i]))
            ++i;
        clean = i;
        // At least two NID octets, the last not "-", then ":" and a non-empty NSS.
        if (i == 5 || i == n || c[i] != ':' || c[i - 1] == '-')
            break;
        colon = i;
        if (i == n - 1 || (syn == syntax::rfc8141 && c[colon + 1] == '/'))
            break;
#if URNS_FAST_SSSE3
        if (n - colon > wide_nss && wide != reading::tables) {
            clean = wide == reading::avx2 ? long_nss32(c, colon + 1, n, syn) : long_nss16(c, colon + 1, n, syn);
            if (clean != nss_valid)
                break;
        } else
#endif
        {
            (void)wide;
            lx::charset const& nss = syn == syntax::rfc2141      ? nss_rfc2141
                                     : syn == syntax::rfc2141bis ? nss_rfc2141bis
                                                                 : nss_rfc8141;
            // The overlapping last word may reach back over the NID and the
            // ":" (all NSS octets in every syntax, and no "%"), not over "urn:".
            bool has_pct = false;
            if (!all_in(c, colon + 1, n, 4, nss, has_pct, clean))
                break;
            // Each "%" must start a triplet of RFC 2141's hex or RFC 3986's
            // HEXDIG (the same octets), and not "%00" where refused: RFC 2141
            // section 2.4 and draft-03 section 2.5.3 refuse octet 0 even as
            // "%00"; RFC 8141 does not (grammar/README.md, decision 14). A
            // long NSS is searched for its "%"s by triplets(); a short one, or
            // one with a bad triplet, is read by the fault's reader.
            if (has_pct &&
                !(n - colon > long_nss &&
                  triplets(c, colon + 1, n, syn == syntax::rfc2141 ? lx::rfc2141::hex : lx::rfc5234::hexdig,
                           syn != syntax::rfc8141)) &&
                locate_nss_fault(s, syn, colon + 1, f))
                return outcome::fault;
        }
        p.syntax = syn;
        p.nid_end = colon;
        p.nss_end = n;
        return outcome::simple;
    } while (false);
    bool const placed = colon       ? locate_nss_fault(s, syn, colon + 1, f, clean)
                        : scheme_ok ? locate_nid_fault(s, syn, f, clean)
                                    : locate_fault(s, syn, f);
    return placed ? outcome::fault : outcome::grammar;
}

/** The offsets of `s` when it is a URN of the simple form above in syntax
    `syn`, with `p` filled; false when it is not (scan by the tables,
    without its answer for the rest). */
inline bool simple_urn(std::string_view s, syntax syn, parts& p) noexcept
{
    fault f;
    return scan(s, syn, p, f, reading::tables) == outcome::simple;
}

} // namespace fast
} // namespace detail
} // namespace urns

#endif
