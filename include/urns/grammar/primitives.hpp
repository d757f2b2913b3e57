// SPDX-License-Identifier: BSL-1.0
// X3 layer, internal: the pieces the grammars and the extension surface
// (urns/nss/x3.hpp) are built from, in namespace urns::grammar like the
// grammars of src/grammar/; not API (docs/namespaces.md). Include from a
// .cpp only.
//
// The two primitives every grammar here is built from, besides X3's own:
//  - char_in<set>: one byte of a character class of urns/lexical.hpp, by
//    a 256-entry table lookup (one load and one branch, whatever the class);
//  - must(p): an expectation point that does not throw. X3 1.81's "a > b"
//    throws x3::expectation_failure, which costs microseconds on every
//    invalid input; must(p) records where and what was expected in the
//    context's error_slot (the farthest failure wins, config.hpp) and fails.
#ifndef URNS_GRAMMAR_PRIMITIVES_HPP
#define URNS_GRAMMAR_PRIMITIVES_HPP

/// \cond URNS_INTERNAL

#include <urns/error.hpp>
#include <urns/lexical.hpp>
#include <urns/grammar/config.hpp>


#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace urns {
namespace grammar {

/// The character classes are the lexical layer's (urns/lexical.hpp).
using lexical::charset;

/// One byte of the class `Set` (a charset with static storage).
template <charset const& Set>
struct char_in : x3::parser<char_in<Set>> {
    using attribute_type = x3::unused_type;
    static bool const has_attribute = false;

    template <class It, class Ctx, class RCtx, class Attr>
    bool parse(It& first, It const& last, Ctx const&, RCtx&, Attr&) const
    {
        if (first != last && Set.contains(static_cast<unsigned char>(*first))) {
            ++first;
            return true;
        }
        return false;
    }
};

/// The number of low 1 bits of `m` (`m` < 0x1ff: an 8-bit mask and a 0 above).
inline unsigned low_ones(unsigned m) noexcept
{
#if defined(__GNUC__) || defined(__clang__)
    return static_cast<unsigned>(__builtin_ctz(~m));
#else
    unsigned n = 0;
    while (m & 1u) {
        m >>= 1;
        ++n;
    }
    return n;
#endif
}

/** One or more bytes of the class `Set`, as many as there are: the same
    language as +char_in<Set>, in a tight loop.

    Used as a fast path in front of a repetition whose single-byte
    alternatives are `Set`, e.g. `*(run_of<S>{} | pchar | '/')` for
    `*(pchar / "/")`: the run takes the common bytes in one step and the
    rule as written takes the rest (pct-encoded), so the language, the
    stopping point and any error recorded are those of the ABNF rule.

    Eight bytes are looked up per step, without a branch between them (an
    AND of eight lookups); in the step where the run ends, an 8-bit mask of
    the same lookups and its low ones say where, so a run costs one
    hard-to-predict branch (the step it ends in), as a byte loop does. The
    last 1-7 bytes of the input are looked up the same way, in the eight
    bytes that end it, when the run had room for eight (the bytes before
    `first` in that window are shifted out; the bytes past `last` are never
    read).
*/
// g++ 12 at -O3, inlining a parse of a short string literal, warns that
// mask8(last - 8) may read before the literal; it is read only when
// last - first >= 8, which it does not see (test/unit/grammar_rfc3986.cpp
// run_of_fast_path tries every length, stop and start, under ASan too).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
#endif
template <charset const& Set>
struct run_of : x3::parser<run_of<Set>> {
    using attribute_type = x3::unused_type;
    static bool const has_attribute = false;

    template <class It>
    static unsigned mask8(It p) noexcept
    {
        auto in = [](char c) { return static_cast<unsigned>(Set.contains(static_cast<unsigned char>(c))); };
        return in(p[0]) | in(p[1]) << 1 | in(p[2]) << 2 | in(p[3]) << 3 | in(p[4]) << 4 | in(p[5]) << 5 |
               in(p[6]) << 6 | in(p[7]) << 7;
    }

    /// Whether all eight bytes at `p` are in `Set` (cheaper than mask8:
    /// the steps inside a long run take this, only the last one the mask).
    template <class It>
    static bool all8(It p) noexcept
    {
        auto in = [](char c) { return static_cast<unsigned>(Set.contains(static_cast<unsigned char>(c))); };
        return in(p[0]) & in(p[1]) & in(p[2]) & in(p[3]) & in(p[4]) & in(p[5]) & in(p[6]) & in(p[7]);
    }

    template <class It, class Ctx, class RCtx, class Attr>
    bool parse(It& first, It const& last, Ctx const&, RCtx&, Attr&) const
    {
        It i = first;
        for (; last - i >= 8; i += 8) {
            if (!all8(i)) {
                i += low_ones(mask8(i));
                goto done;
            }
        }
        if (i != last) {
            auto const k = static_cast<unsigned>(last - i);   // 1 to 7
            if (last - first >= 8) {
                i += low_ones(mask8(last - 8) >> (8 - k));   // a 0 above bit k - 1 stops it at last
            } else {
                while (i != last && Set.contains(static_cast<unsigned char>(*i)))
                    ++i;
            }
        }
    done:
        if (i == first)
            return false;
        first = i;
        return true;
    }
};
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

/** An ABNF quoted string: matched without regard to ASCII case (RFC 5234
    section 2.3: ""abc" will match "abc", "Abc", "aBc", ..."). The same
    language as x3::no_case[x3::lit(s)], without the C locale calls
    (tolower, islower) that X3's standard encoding makes for every byte:
    the literal is folded once, when the parser is made, and each input
    byte of a letter position is folded with one OR. Like x3::lit, it
    consumes nothing when it fails.
*/
template <std::size_t N>
struct quoted : x3::parser<quoted<N>> {
    static_assert(N >= 2 && N - 1 <= 8, "a literal of 1 to 8 bytes");
    using attribute_type = x3::unused_type;
    static bool const has_attribute = false;

    /// `s`: the literal as the ABNF writes it.
    constexpr explicit quoted(char const (&s)[N])
    {
        for (std::size_t i = 0; i + 1 < N; ++i) {
            bool const letter = lexical::rfc5234::alpha.contains(s[i]);
            fold[i] = letter ? 0x20 : 0;
            lower[i] = static_cast<char>(s[i] | fold[i]);
            fold_word |= std::uint64_t(static_cast<unsigned char>(fold[i])) << (8 * i);
            lower_word |= std::uint64_t(static_cast<unsigned char>(lower[i])) << (8 * i);
        }
    }

    template <class It, class Ctx, class RCtx, class Attr>
    bool parse(It& first, It const& last, Ctx const&, RCtx&, Attr&) const
    {
        if (static_cast<std::size_t>(last - first) < N - 1)
            return false;
        // For a letter L, (c | 0x20) == lower(L) only for c = L in either case.
        // The bytes as one word, one OR, one compare.
        if ((load(&*first) | fold_word) != lower_word)
            return false;
        first += N - 1;
        return true;
    }

    /// The N - 1 bytes at `p` as a word, the first byte lowest. Loads of
    /// the literal's own width, never a narrower store into a wider word:
    /// the load that followed such a store would wait for it (no
    /// store-to-load forwarding).
    static std::uint64_t load(char const* p) noexcept
    {
        constexpr std::size_t n = N - 1;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        if constexpr (n == 8 || n == 4 || n == 2) {
            using word = std::conditional_t<n == 8, std::uint64_t, std::conditional_t<n == 4, std::uint32_t, std::uint16_t>>;
            word w;
            std::memcpy(&w, p, n);
            return w;
        } else if constexpr (n == 3) {
            std::uint16_t w;
            std::memcpy(&w, p, 2);
            return w | std::uint64_t(static_cast<unsigned char>(p[2])) << 16;
        }
#endif
        std::uint64_t w = 0;
        for (std::size_t i = 0; i < n; ++i)
            w |= std::uint64_t(static_cast<unsigned char>(p[i])) << (8 * i);
        return w;
    }

    char lower[N - 1] = {};
    char fold[N - 1] = {};
    std::uint64_t lower_word = 0;
    std::uint64_t fold_word = 0;
};

/// See must().
template <class Subject>
struct must_directive : x3::unary_parser<Subject, must_directive<Subject>> {
    using base_type = x3::unary_parser<Subject, must_directive<Subject>>;
    static bool const is_pass_through_unary = true;

    constexpr must_directive(Subject const& subject, char const* name, error code)
        : base_type(subject), name(name), code(code)
    {
    }

    template <class It, class Ctx, class RCtx, class Attr>
    bool parse(It& first, It const& last, Ctx const& ctx, RCtx& rctx, Attr& attr) const
    {
        if (this->subject.parse(first, last, ctx, rctx, attr))
            return true;
        x3::get<error_slot_tag>(ctx).record(first, name, static_cast<int>(code));
        return false;
    }

    char const* name;
    error code;
};

/** Not the octets of `s` (exact bytes) here: a predicate that consumes
    nothing, the same language as !x3::lit(s), in one compare. Used for the
    texts' "not this" rules (no "%00").
*/
template <std::size_t N>
struct not_octets : x3::parser<not_octets<N>> {
    static_assert(N >= 2, "a literal of at least one byte");
    using attribute_type = x3::unused_type;
    static bool const has_attribute = false;

    constexpr explicit not_octets(char const (&s)[N])
    {
        for (std::size_t i = 0; i + 1 < N; ++i)
            bytes[i] = s[i];
    }

    template <class It, class Ctx, class RCtx, class Attr>
    bool parse(It& first, It const& last, Ctx const&, RCtx&, Attr&) const
    {
        return static_cast<std::size_t>(last - first) < N - 1 || std::memcmp(&*first, bytes, N - 1) != 0;
    }

    char bytes[N - 1] = {};
};

/** An expectation point on a quoted string: a literal is expected octet by
    octet (RFC 5234 section 2.3: "abc" is %x61 %x62 %x63, each in either
    case), so a failure is recorded at the first octet that differs, not
    at the literal's start: "urx:" fails at offset 2.
*/
template <std::size_t N>
struct must_quoted : x3::parser<must_quoted<N>> {
    using attribute_type = x3::unused_type;
    static bool const has_attribute = false;

    constexpr must_quoted(quoted<N> const& q, char const* name, error code) : q(q), name(name), code(code) {}

    template <class It, class Ctx, class RCtx, class Attr>
    bool parse(It& first, It const& last, Ctx const& ctx, RCtx& rctx, Attr& attr) const
    {
        if (q.parse(first, last, ctx, rctx, attr))
            return true;
        It at = first;
        for (std::size_t i = 0; i + 1 < N && at != last && (*at | q.fold[i]) == q.lower[i]; ++i)
            ++at;
        x3::get<error_slot_tag>(ctx).record(at, name, static_cast<int>(code));
        return false;
    }

    quoted<N> q;
    char const* name;
    error code;
};

/// An expectation point on a quoted string (see must_quoted).
template <std::size_t N>
constexpr must_quoted<N> must(quoted<N> const& q, char const* name, error code)
{
    return {q, name, code};
}

/// An expectation point on a rule: on failure, records the rule's display
/// name (its ABNF name) and `code`.
template <class ID, class A, bool F>
constexpr must_directive<x3::rule<ID, A, F>> must(x3::rule<ID, A, F> const& r, error code)
{
    return {r, r.name, code};
}

/// An expectation point on any parser, recorded as `name`.
template <class P>
constexpr auto must(P const& p, char const* name, error code)
{
    using subject = typename x3::extension::as_parser<P>::value_type;
    return must_directive<subject>(x3::as_parser(p), name, code);
}

/// The end of the input, as the last element of an entry rule. It is never
/// the first failure recorded on a grammar whose parts check what may follow
/// them; it keeps an entry rule from succeeding on a prefix.
inline constexpr auto end_of_input = must(x3::eoi, "end of input", error::bad_nss);

} // namespace grammar
} // namespace urns

/// \endcond

#endif
