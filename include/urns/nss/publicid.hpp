// SPDX-License-Identifier: BSL-1.0
// X3-free public header: the "publicid" URN namespace (RFC 3151), public
// identifiers (XML, SGML) as URNs, and the transcription both ways.
#ifndef URNS_NSS_PUBLICID_HPP
#define URNS_NSS_PUBLICID_HPP

#include <urns/config.hpp>
#include <urns/nss/registry.hpp>

#include <boost/system/result.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace urns {
namespace nss {
namespace publicid {

/** Checks a "publicid" NSS (grammar/nss/publicid.abnf): what the
    transcription of a normalized public identifier can produce, that is
    letters, digits, "-(),.=!*@$_", ":" (for "//"), ";" (for "::"), the
    eight escapes %2B %3A %2F %3B %27 %3F %23 %25, and "+" (a space) only
    between two of these.

    @par Example
    @code
    assert(urns::nss::publicid::validate("-:OASIS:DTD+DocBook+XML+V4.1.2:EN"));   // RFC 3151 section 3
    auto f = urns::nss::publicid::validate("a++b");
    assert(f.error().offset == 2 && f.error().expected == "unit");
    @endcode

    @par Specification
    RFC 3151 section 2 ("Declaration of structure"). Equivalence is
    "lexically identical" (section 2): no fold.
*/
URNS_DECL verdict validate(std::string_view nss) noexcept;

/** The NSS of a public identifier (RFC 3151 section 2): the identifier is
    normalized first (section 1.1: each run of space, tab, CR and LF is one
    space, none at either end), then transcribed from left to right: a
    space is "+", "//" is ":", "::" is ";", and "+", ":", "/", ";", "'",
    "?", "#", "%" are percent-encoded. The fault, if a byte is not a
    PubidChar (XML 1.0 production 13) or the identifier is only
    whitespace: the offset in `public_id`, expected "PubidChar".

    @par Example
    @code
    auto n = urns::nss::publicid::to_nss("ISO/IEC 10179:1996//DTD DSSSL Architecture//EN");
    assert(*n == "ISO%2FIEC+10179%3A1996:DTD+DSSSL+Architecture:EN");   // RFC 3151 section 3
    @endcode
*/
URNS_DECL boost::system::result<std::string, nss_fault> to_nss(std::string_view public_id);

/** The public identifier a valid "publicid" NSS transcribes: "+" is a
    space, ":" is "//", ";" is "::", each escape its character. Nothing if
    the NSS is not valid.

    @par Example
    @code
    assert(*urns::nss::publicid::to_public_id("3%2B3=6") == "3+3=6");   // RFC 3151 section 3
    @endcode
*/
URNS_DECL std::optional<std::string> to_public_id(std::string_view nss);

/** A public identifier and, for a formal one, its fields (RFC 3151
    section 1.2: "owner//class description//language//version"). */
struct parts {
    std::string public_id;     ///< the public identifier the NSS transcribes
    bool formal = false;       ///< it splits into the fields below
    std::string owner;         ///< the owner identifier, with its "-//" or "+//" if any
    std::string text_class;    ///< the public text class ("DTD", "ENTITIES", ...)
    std::string description;   ///< the public text description
    std::string language;      ///< the public text language; empty if absent
    std::string version;       ///< the public text display version; empty if absent
};

/** The public identifier of a valid "publicid" NSS and its fields, or
    nothing. The fields are read where "//" splits the identifier into an
    owner (after a leading "-//" or "+//"), a class and description
    (split at the first space), and an optional language and version, each
    non-empty; otherwise `formal` is false and the fields are empty (RFC
    3151 leaves recognising an FPI out of scope; "foo" is an informal
    public identifier).

    @par Example
    @code
    auto p = urns::nss::publicid::parse("-:OASIS:DTD+DocBook+XML+V4.1.2:EN");
    assert(p->public_id == "-//OASIS//DTD DocBook XML V4.1.2//EN");
    assert(p->owner == "-//OASIS" && p->text_class == "DTD" && p->language == "EN");
    @endcode
*/
URNS_DECL std::optional<parts> parse(std::string_view nss);

/// The registration of "publicid" for a registry (no fold: section 2).
URNS_DECL namespace_rules rules() noexcept;

} // namespace publicid
} // namespace nss
} // namespace urns

#endif
