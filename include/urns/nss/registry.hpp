// SPDX-License-Identifier: BSL-1.0
// X3-free public header: the registry of namespace-specific NSS rules.
//
// A namespace (a NID such as "uuid" or "isbn") may restrict the NSS beyond
// the generic URN syntax and may define extra lexical equivalences. A
// registry maps NIDs (case-insensitively) to those rules; parse_urn runs
// them when parse_options::registry points to one. Registration is
// explicit: urns::nss::builtin() is the shipped set, and users copy it or
// start from an empty registry and add their own.
#ifndef URNS_NSS_REGISTRY_HPP
#define URNS_NSS_REGISTRY_HPP

#include <urns/config.hpp>
#include <urns/error.hpp>

#include <boost/system/result.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace urns {

class urn_view;

/** Namespace rules: the rule each namespace sets for its NSS, and the
    namespace's own lexical equivalence, kept in a registry that parse_urn(),
    check() and find_urns() consult when given one, as do the overloads of
    equivalent() and canonical() in urns/nss/equivalence.hpp. builtin()
    holds the namespaces shipped with urns; urns/nss/x3.hpp is the surface
    for writing a namespace's grammar with Boost.Spirit X3, urns/nss/abnf.hpp
    the one for making a namespace from its ABNF at run time, and
    urns/nss/plugin.hpp the one for giving it to the `urn` tool as a plugin.
*/
namespace nss {

/** Where and why a namespace rejects an NSS.

    `offset` counts bytes from the start of the NSS; `expected` is the
    display name of the namespace's ABNF rule that failed there (for the
    built-ins, as the namespace's document spells it: "hexOctet",
    "check-digit", "arc"), and `also_expected` the other names expected at
    the same byte, when the grammar's alternatives failed there on more
    than one (as parse_error's). They point to static storage.
*/
struct nss_fault {
    /// Byte offset in the NSS of the byte the rule could not accept.
    std::size_t offset = 0;
    /// The display name of the rule that failed there (static storage).
    std::string_view expected;
    /// What else would have been accepted at `offset` (static storage).
    expected_alternatives also_expected = {};
    /// The rule could not decide (an ABNF rule that is not regular ran out
    /// of steps or memory, docs/abnf.md): the NSS is neither valid nor
    /// rejected, and `offset` and `expected` say nothing of it. parse_urn()
    /// reports it as error::nss_undecided.
    bool undecided = false;

    /// Same offset, names (in the same order) and decision.
    friend bool operator==(nss_fault const& a, nss_fault const& b) noexcept
    {
        return a.offset == b.offset && a.expected == b.expected && a.also_expected == b.also_expected &&
               a.undecided == b.undecided;
    }
    /// Not operator==.
    friend bool operator!=(nss_fault const& a, nss_fault const& b) noexcept { return !(a == b); }
};

/** What a validator says of an NSS: true if it is valid, else error() is
    the fault. `if (urns::nss::oid::validate(nss))` reads "if valid".

    @par Example
    @code
    urns::nss::verdict v = urns::nss::oid::validate("1.3.06.1");
    assert(!v && v.error().offset == 4 && v.error().expected == "number");
    @endcode
*/
using verdict = boost::system::result<void, nss_fault>;

/** Checks an NSS (as written, still percent-encoded) against a namespace's
    rules: true if it is valid, else the fault (see verdict). It must not
    throw or allocate. Make one from an X3 rule with
    urns::nss::x3_validator() (<urns/nss/x3.hpp>), or write it by hand.
*/
using validator = verdict (*)(std::string_view nss) noexcept;

/** A namespace's extra lexical equivalence, as a fold to a canonical NSS.

    The input is an NSS whose percent-encodings have upper-case hex (the
    generic canonical form, RFC 8141 section 3, draft-03 section 5 step 3);
    the function writes the namespace's canonical form of it to `out` and
    returns its length, which must not exceed `nss.size()` (`out` has room
    for `nss.size()` bytes). Two NSSs of the namespace are equivalent when
    their folds are equal. A fold must not throw or allocate.

    A fold may only merge NSSs, never split them (RFC 2141 section 5,
    draft-03 section 5): because it is a function of the generic canonical
    form, whatever the generic equivalence calls equal stays equal.
*/
using folder = std::size_t (*)(std::string_view nss, char* out) noexcept;

/** A validator with state: `context` is namespace_rules::context (a
    namespace made at run time, such as urns::nss::from_abnf()'s). It must
    not throw; unlike `validator`, it may allocate.
*/
using context_validator = verdict (*)(void const* context, std::string_view nss) noexcept;

/// A fold with state (see `folder` and `context_validator`); it may allocate.
using context_folder = std::size_t (*)(void const* context, std::string_view nss, char* out) noexcept;

/** One named field of an NSS: the span of a rule of the namespace's
    grammar, as byte offsets into the NSS. `name` is the rule's name (static
    storage, or storage that namespace_rules::owner keeps alive).
*/
struct nss_field {
    /// The rule's name.
    std::string_view name;
    /// Offset of the field's first byte in the NSS.
    std::size_t begin = 0;
    /// Offset one past the field's last byte in the NSS.
    std::size_t end = 0;
};

/** Lists the named fields of a valid NSS (`context` as for
    context_validator; null for a namespace without state). Empty for an NSS
    the namespace rejects. It may allocate and may throw std::bad_alloc.
*/
using field_lister = std::vector<nss_field> (*)(void const* context, std::string_view nss);

/** What a registry knows about one namespace.

    A namespace compiled into the program sets `validate` and `fold` (plain
    functions). A namespace made at run time keeps its state behind
    `context`, sets `validate_with` and `fold_with` instead, and `owner`
    keeps that state alive for as long as any copy of the rules lives (in a
    registry, say). check(), fold_nss() and has_fold() call whichever is set.

    @par Example
    @code
    urns::nss::namespace_rules const mine{"mine", &validate_mine, nullptr, "our spec, section 2"};
    @endcode
*/
struct namespace_rules {
    /// The NID, as it is registered (compared case-insensitively).
    std::string_view nid;
    /// The NSS rule; null accepts every NSS the generic syntax accepts.
    validator validate = nullptr;
    /// The extra equivalence; null means none beyond the generic one.
    folder fold = nullptr;
    /// Where the rules come from (document and section), for people.
    std::string_view reference;
    /// The state of validate_with, fold_with and fields; null for none.
    void const* context = nullptr;
    /// The NSS rule with state; used instead of `validate` when set.
    context_validator validate_with = nullptr;
    /// The extra equivalence with state; used instead of `fold` when set.
    context_folder fold_with = nullptr;
    /// The named fields of an NSS (`urn parse --json` shows them); null: none.
    field_lister fields = nullptr;
    /// Keeps `context`, and the strings the rules point to, alive; null for
    /// rules with static storage.
    std::shared_ptr<void const> owner = nullptr;

    /// True if the namespace has an NSS rule.
    bool has_validator() const noexcept { return validate_with || validate; }
    /// True if the namespace has an extra equivalence.
    bool has_fold() const noexcept { return fold_with || fold; }
    /// Runs the NSS rule: nothing if `nss` is valid (or there is no rule),
    /// else the fault.
    std::optional<nss_fault> check(std::string_view nss) const noexcept
    {
        verdict const v = validate_with ? validate_with(context, nss) : validate ? validate(nss) : verdict();
        if (v)
            return std::nullopt;
        return v.error();
    }
    /// Runs the fold (see `folder`); without one, copies `nss` to `out`.
    std::size_t fold_nss(std::string_view nss, char* out) const noexcept
    {
        if (fold_with)
            return fold_with(context, nss, out);
        if (fold)
            return fold(nss, out);
        for (std::size_t i = 0; i < nss.size(); ++i)
            out[i] = nss[i];
        return nss.size();
    }
    /// The named fields of `nss` (see field_lister); empty without a lister.
    std::vector<nss_field> fields_of(std::string_view nss) const
    {
        return fields ? fields(context, nss) : std::vector<nss_field>{};
    }
};

/** A set of namespace rules, looked up by NID, case-insensitively.

    Copy builtin() to extend the shipped set, or start empty. Adding
    allocates; looking up does not. The strings in a namespace_rules must
    outlive the registry (string literals do).

    @par Example
    @code
    urns::nss::registry reg = urns::nss::builtin();
    reg.add({"mine", &validate_mine});
    urns::parse_options opts;
    opts.registry = &reg;
    auto r = urns::parse_urn("urn:mine:abc", opts);
    @endcode

    @par Specification
    RFC 8141 section 5 (namespace registration: "Rules for Lexical
    Equivalence", "Validation Mechanism"); RFC 8141 section 2.1 (NIDs are
    case-insensitive).
*/
class URNS_DECL registry {
public:
    /// An empty registry.
    registry() = default;

    /// Adds `rules`, replacing any entry with the same NID (in any case).
    void add(namespace_rules const& rules);
    // (The entries are looked up through a hash table of their NIDs:
    // find() costs the same for 5 namespaces as for 500.)

    /// Removes the entry for `nid`, if any; true if there was one.
    bool remove(std::string_view nid) noexcept;

    /// The rules for `nid` (any case), or null.
    namespace_rules const* find(std::string_view nid) const noexcept;

    /// The number of namespaces.
    std::size_t size() const noexcept { return entries_.size(); }

    /// The entries, in the order they were first added.
    std::vector<namespace_rules> const& entries() const noexcept { return entries_; }

private:
    static constexpr std::uint32_t no_slot = 0xFFFFFFFFu;
    std::vector<namespace_rules> entries_;
    std::vector<std::uint32_t> slots_;  ///< open addressing by NID: an index of entries_, or no_slot
    void reindex();
};

/** The namespaces shipped with urns: every formal NID of IANA's registry,
    one file each in grammar/nss/ (nss::shipped() lists them, with how
    each is checked: an X3 namespace compiled in, its registration's ABNF,
    or nothing beyond RFC 8141 for an opaque one). docs/namespaces.md's
    table is made from the same files.

    It is built on first call (thread-safe) and never changes; a namespace
    checked by its ABNF compiles its grammar on first use.
*/
URNS_DECL registry const& builtin();

/** Runs the registered rule on a parsed URN's NSS.

    Nothing if the NID is not registered or the NSS is valid; else the fault,
    with `offset` counted from the start of the whole URN (buffer()).
*/
URNS_DECL std::optional<nss_fault> validate(registry const& reg, urn_view const& u) noexcept;

/** Appends to `out` the namespace-canonical form of an NSS: percent-hex
    in upper case, then the namespace's fold, if `nid` is registered and
    has one.
*/
URNS_DECL void append_canonical_nss(registry const& reg, std::string_view nid, std::string_view nss,
                                    std::string& out);

/** True if two NSSs of the namespace `nid` are equivalent under the
    generic rule (percent-hex case) and the namespace's fold. Allocates
    only for NSSs longer than 256 bytes.

    @par Example
    @code
    assert(urns::nss::equivalent_nss(urns::nss::builtin(), "uuid",
        "F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6", "f81d4fae-7dec-11d0-a765-00a0c91e6bf6"));
    @endcode
*/
URNS_DECL bool equivalent_nss(registry const& reg, std::string_view nid, std::string_view a,
                              std::string_view b);

} // namespace nss
} // namespace urns

#endif
