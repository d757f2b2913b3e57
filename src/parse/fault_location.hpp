// SPDX-License-Identifier: BSL-1.0
//
// Internal, X3-free: the place of a fault, for the error path. Where the
// simple form fails (src/parse/scan.hpp), the input is read on, octet by
// octet with the same tables, from the part (scheme, NID or NSS) where it
// failed, for the first fault of a kind whose error the grammar gives the
// same wherever it occurs: a state of the grammar (a phase,
// src/parse/learnt_errors.hpp) and the octet met in it name the error, and
// only the offset moves with the input. Everything else goes to the grammar.
#ifndef URNS_SRC_PARSE_FAULT_LOCATION_HPP
#define URNS_SRC_PARSE_FAULT_LOCATION_HPP

#include <urns/syntax.hpp>

#include "parse/learnt_errors.hpp"
#include "parse/octets.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace urns {
namespace detail {
namespace fast {

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

} // namespace fast
} // namespace detail
} // namespace urns

#endif
