// SPDX-License-Identifier: BSL-1.0
// X3-free public header: the namespaces shipped with urns, as their files
// in grammar/nss/ declare them (docs/namespaces.md, "The shipped
// namespaces"). urns::nss::builtin() holds their rules.
#ifndef URNS_NSS_SHIPPED_HPP
#define URNS_NSS_SHIPPED_HPP

#include <urns/config.hpp>

#include <cstddef>
#include <string_view>

namespace urns {
namespace nss {

/// How a shipped namespace checks an NSS.
enum class checked_by {
    grammar,  ///< its registration's ABNF, run by the ABNF engine (nss::from_abnf)
    x3,       ///< an X3 namespace compiled in, with typed values (<urns/nss/builtin.hpp>)
    opaque    ///< nothing beyond RFC 8141's NSS: its registration gives no syntax
};

/// The name of a checked_by: "grammar", "x3" or "opaque".
URNS_DECL std::string_view to_string(checked_by c) noexcept;

/** One shipped namespace: its file's header and text. Static storage.

    `fields` and `case_insensitive` are rule names separated by spaces: the
    rules whose spans are the NSS's named fields (an x3 namespace's are the
    names its X3 rules report), and the rules whose text compares without
    case (the root rule, or "NSS", meaning the whole NSS).
*/
struct shipped_namespace {
    std::string_view nid;        ///< as IANA registers it, lower case
    std::string_view title;      ///< the registration's title, short
    std::string_view reference;  ///< the registration: document and sections
    checked_by check = checked_by::opaque;  ///< how an NSS is checked
    /// Why no syntax could be read, for an opaque namespace whose
    /// registration's syntax is not known here; empty otherwise.
    std::string_view unreadable;
    std::string_view root;              ///< the rule the NSS must match (not for opaque)
    std::string_view fields;            ///< see above
    std::string_view case_insensitive;  ///< see above
    std::string_view file;              ///< "grammar/nss/<name>.abnf" in the source tree
    std::string_view abnf;              ///< the file's text: header, notes, ABNF
};

/// A list of shipped namespaces: [begin, end).
struct shipped_list {
    shipped_namespace const* first = nullptr;  ///< the first entry
    std::size_t count = 0;                     ///< the number of entries
    /// The first entry.
    shipped_namespace const* begin() const noexcept { return first; }
    /// Past the last entry.
    shipped_namespace const* end() const noexcept { return first + count; }
    /// The number of entries.
    std::size_t size() const noexcept { return count; }
};

/// Every shipped namespace, sorted by NID (one entry a NID: a file may be
/// for several).
URNS_DECL shipped_list shipped() noexcept;

/// The shipped namespace `nid` (any case), or null.
URNS_DECL shipped_namespace const* find_shipped(std::string_view nid) noexcept;

} // namespace nss
} // namespace urns

#endif
