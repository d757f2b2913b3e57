// SPDX-License-Identifier: BSL-1.0
//
// Internal, X3-free: the learnt errors of the parse path. A fault that the
// fault locator (src/parse/fault_location.hpp) places is named by a phase,
// a state of the grammar, and the octet met in it; for most phases and
// octets the grammar gives the same error wherever the fault is, only the
// offset moving with it. Those errors are learnt from the grammar itself,
// each from probes: inputs of that phase with that octet, parsed by the
// grammar (parse_by_grammar). The phases, their probes and the table of
// learnt errors are this file; src/parse/parse.cpp looks a fault up in it
// and asks the grammar where it has no answer. Test fast_path/learnt_faults
// compares every learnt error with the grammar's.
#ifndef URNS_SRC_PARSE_LEARNT_ERRORS_HPP
#define URNS_SRC_PARSE_LEARNT_ERRORS_HPP

#include <urns/error.hpp>
#include <urns/syntax.hpp>

#include "parse/grammar_entry.hpp"
#include "parse/swar.hpp"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace urns {
namespace detail {
namespace fast {

/// The states in which a fault is placed, each with its probe (probe_prefix).
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

/// What follows the octet in the probes: one of each kind of octet the
/// grammar looks ahead at ("?+", "?=", "#", "%" triplets, ":", "/", "-",
/// letters and digits), an octet no rule takes, and nothing.
inline constexpr std::string_view probe_tails[] = {
    "", "a", "Z", "0", "9", "-", ".", ":", "a:b", "/", "?", "?+", "?=a", "#", "#a", "%",
    "%4", "%41", "%00", "%zz", " ", "~", "=", "+", "@", "urn:", "\xff"};

/// A probe's text before the octet, for phase `ph`, and where it places
/// the fault (`at`). Each phase has one (the switch names them all).
inline std::string_view probe_prefix(phase ph, std::size_t& at) noexcept
{
    using P = phase;
    static constexpr char long_nid[] = "urn:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";   // 33 octets
    std::string_view r;
    switch (ph) {
    case P::scheme0: r = ""; break;
    case P::scheme1: r = "u"; break;
    case P::scheme2: r = "ur"; break;
    case P::scheme3: r = "urn"; break;
    case P::nid_first: r = "urn:"; break;
    case P::nid_next: r = "urn:ab"; break;
    case P::nid_ended: r = "urn:ab"; break;
    case P::nid_hyphen: r = "urn:-a"; break;
    case P::nid_long: r = long_nid; break;
    case P::nss_first: r = "urn:ex:"; break;
    case P::nss_next: r = "urn:ex:a"; break;
    case P::pct_first: r = "urn:ex:a%"; break;
    case P::pct_second: r = "urn:ex:a%4"; break;
    case P::pct_nul: r = "urn:ex:a%0"; break;
    }
    at = ph == P::nid_hyphen || ph == P::nid_long ? 4 : ph == P::pct_nul ? 8 : r.size();
    return r;
}

/// The first fault of `s` in syntax `syn`, when it is of a phase above
/// (defined by src/parse/fault_location.hpp, which includes this file):
/// each probe is checked to be what it stands for.
URNS_ALWAYS_INLINE bool locate_fault(std::string_view s, syntax syn, fault& f) noexcept;

/** The grammar's errors for the faults fast::locate_fault places, by phase
    and octet, learnt from the grammar: each is the error of a probe, an
    input of that phase with that octet, parsed by the grammar. An error is
    kept only when the probe followed by each of `probe_tails` gives it, at the
    same place relative to the fault (so nothing after the fault changes
    it); the phases and octets for which they differ, or for which a probe
    is valid, are left to the grammar. Each phase and octet is learnt at its
    first fault (27 probes at most, some tens of microseconds), so that a
    program pays only for the kinds of fault it meets, not for all 3,600 of
    them at its first invalid input; without allocating, and safe to call
    from several threads at once (two that learn the same entry at once
    learn the same error). */
class fault_errors {
public:
    /// The error of fault `f` in syntax `syn`, its offset relative to
    /// `f.at`; null if the grammar must say.
    parse_error const* find(syntax syn, fast::fault const& f) noexcept
    {
        std::size_t k = index_[static_cast<unsigned>(f.phase)][f.octet].load(std::memory_order_acquire);
        if (k < first_error) {
            if (k == unknown)
                k = learn(syn, f.phase, f.octet);
            if (k == none)
                return nullptr;
        }
        return &errors_[k - first_error].e;
    }

private:
    /// The error every probe of `ph` and `o` gives; false if there is none.
    static bool probe(syntax syn, fast::phase ph, unsigned o, parse_error& first) noexcept
    {
        std::size_t at = 0;
        std::string_view const pre = probe_prefix(ph, at);
        char probe[64];
        pre.copy(probe, pre.size());
        std::size_t n = pre.size();
        if (o != fast::end_octet)
            probe[n++] = static_cast<char>(o);
        bool seen = false;
        for (std::string_view tail : probe_tails) {
            if (o == fast::end_octet && !tail.empty())
                break;
            if (n + tail.size() > sizeof probe)
                return false;
            tail.copy(probe + n, tail.size());
            std::string_view const input(probe, n + tail.size());
            // The probe must be what it stands for: its first fault of this
            // phase and octet, at this place.
            fast::fault f;
            if (!fast::locate_fault(input, syn, f) || f.phase != ph || f.octet != o || f.at != at)
                return false;
            auto const r = parse_by_grammar(input, syn);
            if (r)
                return false;
            parse_error e = r.error();
            e.offset -= at;   // relative to the fault (modulo 2^64)
            if (seen && e != first)
                return false;
            first = e;
            seen = true;
        }
        return seen;
    }

    /// Learns the entry of `ph` and `o`; its value in index_.
    [[gnu::noinline, gnu::cold]] unsigned learn(syntax syn, fast::phase ph, unsigned o) noexcept
    {
        parse_error e;
        unsigned k = none;
        if (probe(syn, ph, o, e)) {
            // The errors are shared by entries: the same one is kept once.
            while (lock_.test_and_set(std::memory_order_acquire))
                ;   // held for a few comparisons
            unsigned i = 0;
            while (i < count_ && errors_[i].e != e)
                ++i;
            if (i == count_ && count_ < max_errors)
                errors_[count_++].e = e;
            if (i < count_)
                k = first_error + i;
            lock_.clear(std::memory_order_release);
        }
        index_[static_cast<unsigned>(ph)][o].store(static_cast<unsigned char>(k), std::memory_order_release);
        return k;
    }

    // index_: not learnt yet, no error (the grammar says), or the error at
    // errors_[k - first_error].
    static constexpr unsigned unknown = 0, none = 1, first_error = 2;
    static constexpr unsigned max_errors = 256 - first_error;
    std::atomic<unsigned char> index_[fast::phase_count][fast::end_octet + 1] = {};
    // A power of two apart, so that an index is scaled by a shift.
    struct alignas(128) learnt_error {
        parse_error e;
    };
    learnt_error errors_[max_errors];   // [0, count_) written once each, before an index names them
    unsigned count_ = 0;               // under lock_
    std::atomic_flag lock_ = ATOMIC_FLAG_INIT;
};

/// A learnt error placed at its fault, made where the result is: one
/// copy of the error as a block, then its offset.
struct at_fault {
    parse_error const* e;
    std::size_t at;

    operator parse_error() const noexcept
    {
        parse_error r = *e;
        r.offset += at;
        return r;
    }
};

} // namespace fast
} // namespace detail
} // namespace urns

#endif
