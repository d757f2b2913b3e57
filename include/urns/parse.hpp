// SPDX-License-Identifier: BSL-1.0
// X3-free public header.
#ifndef URNS_PARSE_HPP
#define URNS_PARSE_HPP

#include <urns/config.hpp>
#include <urns/error.hpp>
#include <urns/syntax.hpp>
#include <urns/urn_view.hpp>

#include <cstddef>
#include <optional>
#include <string_view>

namespace urns {

namespace nss {
class registry;
}

/// What parse_urn checks, beyond the choice of syntax.
struct parse_options {
    /// The URN syntax.
    urns::syntax syntax = urns::syntax::rfc2141bis;

    /** Namespace rules (urns/nss/registry.hpp), or null. If set and the
        NID is registered, the NSS must also satisfy the namespace's rule;
        a fault is reported as error::nss_rejected at its offset in the
        whole input, `expected` naming the namespace's ABNF rule. The
        registry must outlive the call.
    */
    nss::registry const* registry = nullptr;
};

/** Parses a URN. Never throws, never allocates.

    On success the view refers to `s`. On failure the error gives the code,
    the byte offset of the first byte that could not be accepted, and the
    ABNF rule that was expected there (the farthest failure, with
    `also_expected` naming what else would have been accepted there). The
    grammar includes the rules its document states in prose: the reserved
    NID "urn" (RFC 2141, draft-03), informal NIDs (RFC 8141
    "urn-<number>"), and no "%00" (RFC 2141 section 2.4, draft-03 section
    2.5.3).

    @par Example
    @code
    auto r = urns::parse_urn("urn:ISBN:0-395-36341-1");
    if (r) std::cout << r->nid() << '\n';                       // ISBN
    auto e = urns::parse_urn("urn:ex:a b");
    std::cout << urns::to_string(e.error(), "urn:ex:a b");     // caret under the space
    @endcode

    @par Specification
    RFC 2141 section 2; draft-ietf-urnbis-rfc2141bis-urn-03 section 2;
    RFC 8141 section 2.
*/
inline result<urn_view> parse_urn(std::string_view s, urns::syntax syn = urns::syntax::rfc2141bis) noexcept;

/// Parses with options.
URNS_DECL result<urn_view> parse_urn(std::string_view s, parse_options const& opts) noexcept;

/// A run of lines at the start of a text (valid_lines).
struct line_run {
    /// Their length in bytes, each line's "\n" included.
    std::size_t bytes = 0;
    /// How many lines.
    std::size_t lines = 0;
    /// When the run ends before a line that parse_urn refuses, its error
    /// (the offset is in that line); empty when the run ends at the end of
    /// the text or before a last line without "\n".
    std::optional<parse_error> refused;
};

/** The lines at the start of `text` that are valid URNs: the longest run
    of lines, each ended by "\n", that parse_urn(line, syn) accepts
    without its "\n". It ends before the first line that parse_urn
    refuses (a "\r" before the "\n" is part of the line, and refused; so
    is an empty line) or that has no "\n" (the text's last), or at the
    end of `text`. To check a text of URNs one a line, call it, report
    the line where the run ends (`refused` says why parse_urn refused it),
    and call it again after that line.

    Never throws, never allocates. It is parse_urn line after line, but
    faster where most lines are valid: a line of the common form
    "urn:" NID ":" NSS (no component, a NID that does not start with
    "urn") shorter than 64 octets is judged from bit masks of its octets,
    read 32 at a time (AVX2) or 16 (SSSE3) where the processor can; the
    other lines are parsed one by one. `urn check -q` reads files with it.

    @par Example
    @code
    std::string_view text = "urn:ex:a\nurn:ex:b\nurn:ex:c d\nurn:ex:e\n";
    urns::line_run r = urns::valid_lines(text);   // r.lines == 2, r.bytes == 18
    // text.substr(r.bytes) starts with the invalid line "urn:ex:c d";
    // r.refused->offset == 8, the space.
    @endcode
*/
URNS_DECL line_run valid_lines(std::string_view text, urns::syntax syn = urns::syntax::rfc2141bis) noexcept;

namespace detail {

// parse_urn(s, syn) in each syntax (src/parse/parse.cpp). The inline parse_urn
// chooses one, so that a call whose syntax is known when it is compiled
// (the default's, or any constant) goes to it directly: no second call.
URNS_DECL result<urn_view> parse_rfc2141bis(std::string_view s) noexcept;
URNS_DECL result<urn_view> parse_rfc2141(std::string_view s) noexcept;
URNS_DECL result<urn_view> parse_rfc8141(std::string_view s) noexcept;
/// parse_urn(s, syn) for a value of `syn` that is none of the syntaxes:
/// the error the grammar gives it.
URNS_DECL result<urn_view> parse_unknown_syntax(std::string_view s, urns::syntax syn) noexcept;

} // namespace detail

inline result<urn_view> parse_urn(std::string_view s, urns::syntax syn) noexcept
{
    switch (syn) {
    case urns::syntax::rfc2141bis: return detail::parse_rfc2141bis(s);
    case urns::syntax::rfc2141: return detail::parse_rfc2141(s);
    case urns::syntax::rfc8141: return detail::parse_rfc8141(s);
    }
    return detail::parse_unknown_syntax(s, syn);
}

} // namespace urns

#endif
