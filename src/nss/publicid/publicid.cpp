// SPDX-License-Identifier: BSL-1.0
// Semantic layer (X3-free): the transcription of a public identifier into
// a "publicid" NSS (RFC 3151 section 2), and the fields of a formal public
// identifier (section 1.2).
#include <urns/lexical.hpp>
#include <urns/nss/publicid.hpp>

#include <vector>

namespace urns {
namespace nss {
namespace publicid {

namespace {

/// PubidChar, XML 1.0 Second Edition production 13 (RFC 3151 section 1.1).
inline constexpr lexical::charset pubid_chars = lexical::rfc5234::alpha | lexical::rfc5234::digit |
                                                lexical::charset(" \r\n-'()+,./:=?;!*#@$_%");
/// Whitespace for normalization (section 1.1: #x20, #x9, #xD, #xA).
inline constexpr lexical::charset white = lexical::charset(" \t\r\n");

/// `s` split at each "//", from the left ("a///b" is "a", "/b").
std::vector<std::string_view> split_fields(std::string_view s)
{
    std::vector<std::string_view> out;
    for (;;) {
        std::size_t const at = s.find("//");
        out.push_back(s.substr(0, at));
        if (at == std::string_view::npos)
            return out;
        s.remove_prefix(at + 2);
    }
}

} // namespace

boost::system::result<std::string, nss_fault> to_nss(std::string_view public_id)
{
    // Section 1.1: normalize first (runs of whitespace are one space, none
    // at either end); a tab is whitespace there, though not a PubidChar.
    std::string id;
    for (std::size_t i = 0; i < public_id.size(); ++i) {
        char const c = public_id[i];
        if (white.contains(c)) {
            if (!id.empty() && id.back() != ' ')
                id += ' ';
        } else if (pubid_chars.contains(c)) {
            id += c;
        } else {
            return nss_fault{i, "PubidChar"};
        }
    }
    if (!id.empty() && id.back() == ' ')
        id.pop_back();
    if (id.empty())
        return nss_fault{public_id.size(), "PubidChar"};
    // Section 2's rules, from the left: "//" and "::" before their single
    // characters.
    std::string out;
    for (std::size_t i = 0; i < id.size(); ++i) {
        char const c = id[i];
        bool const pair = i + 1 < id.size() && id[i + 1] == c;
        if (c == '/' && pair) {
            out += ':';
            ++i;
        } else if (c == ':' && pair) {
            out += ';';
            ++i;
        } else if (c == ' ') {
            out += '+';
        } else if (lexical::charset("+:/;'?#%").contains(c)) {
            out += '%';
            out += lexical::hex_digit(static_cast<unsigned char>(c) >> 4);
            out += lexical::hex_digit(static_cast<unsigned char>(c) & 0xF);
        } else {
            out += c;
        }
    }
    return out;
}

std::optional<parts> parse(std::string_view nss)
{
    auto id = to_public_id(nss);
    if (!id)
        return std::nullopt;
    parts out;
    out.public_id = std::move(*id);
    // Section 1.2: "owner//class description//language//version"; an
    // owner may begin with "-//" or "+//".
    std::string_view rest = out.public_id;
    std::string_view prefix;
    if (rest.size() >= 3 && (rest[0] == '-' || rest[0] == '+') && rest.substr(1, 2) == "//")
        prefix = rest.substr(0, 3);
    rest.remove_prefix(prefix.size());
    auto const f = split_fields(rest);
    if (f.size() < 2 || f.size() > 4)
        return out;
    for (auto const& field : f)
        if (field.empty())
            return out;
    std::size_t const space = f[1].find(' ');
    if (space == std::string_view::npos || space == 0 || space + 1 == f[1].size())
        return out;
    out.formal = true;
    out.owner = std::string(prefix) + std::string(f[0]);
    out.text_class = std::string(f[1].substr(0, space));
    out.description = std::string(f[1].substr(space + 1));
    if (f.size() > 2)
        out.language = std::string(f[2]);
    if (f.size() > 3)
        out.version = std::string(f[3]);
    return out;
}

} // namespace publicid
} // namespace nss
} // namespace urns
