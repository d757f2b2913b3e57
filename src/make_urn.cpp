// Semantic layer (X3-free): the URN builder.
#include <urns/make_urn.hpp>
#include <urns/parse.hpp>
#include <urns/pct.hpp>

#include <cstring>
#include <optional>
#include <string>

namespace urns {

namespace {

bool alnum(char c) noexcept
{
    return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

parse_error make(error e, std::size_t offset, std::string_view expected, syntax s) noexcept
{
    return parse_error{make_error_code(e), offset, expected, s};
}

/// The first fault of `nid` under `syn`, or nothing.
std::optional<parse_error> nid_fault(std::string_view nid, syntax syn) noexcept
{
    // RFC 2141 section 2.1:   NID = let-num [ 1*31let-num-hyp ]
    // draft-03 section 2.1:   NID = (ALPHA / DIGIT) 0*30(ALPHA / DIGIT / "-") (ALPHA / DIGIT)
    // RFC 8141 section 2:     NID = (alphanum) 0*30(ldh) (alphanum)
    std::size_t const min = syn == syntax::rfc2141 ? 1 : 2;
    for (std::size_t i = 0; i < nid.size(); ++i) {
        char const c = nid[i];
        bool const edge = i == 0 || (syn != syntax::rfc2141 && i + 1 == nid.size());
        if (i == 32 || !(alnum(c) || (c == '-' && !edge)))
            return make(error::bad_nid, i, "NID", syn);
    }
    if (nid.size() < min)
        return make(error::bad_nid, nid.size(), "NID", syn);
    return std::nullopt;
}

} // namespace

result<urn> make_urn(std::string_view nid, std::string_view identifier, urns::syntax syn,
                     std::string_view extra_reserved)
{
    if (auto e = nid_fault(nid, syn))
        return *e;
    // The reserved NIDs ("urn" in RFC 2141 and draft-03, malformed "urn-"
    // NIDs in RFC 8141) are the parser's rules (src/syntax_rules.cpp):
    // asked of it with a one-character NSS, so that NID faults come first.
    {
        char probe[4 + 32 + 2];   // nid_fault has bounded the NID to 32
        std::memcpy(probe, "urn:", 4);
        std::memcpy(probe + 4, nid.data(), nid.size());
        std::memcpy(probe + 4 + nid.size(), ":x", 2);
        if (auto p = parse_urn(std::string_view(probe, nid.size() + 6), syn); !p) {
            parse_error e = p.error();
            e.offset -= 4;   // into `nid`
            return e;
        }
    }
    std::string s;
    s.reserve(5 + nid.size() + pct::encoded_size(identifier, syn, extra_reserved));
    s += "urn:";
    s += nid;
    s += ':';
    if (auto r = pct::encode(identifier, s, syn, extra_reserved); !r)
        return r.error();
    // The guard: what was built must parse, with the NSS just encoded.
    return urn::parse(s, syn);
}

} // namespace urns
