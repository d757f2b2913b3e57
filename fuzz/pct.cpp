// SPDX-License-Identifier: BSL-1.0
// libFuzzer target: percent-encoding (include/urns/pct.hpp) and make_urn.
// Input: one byte choosing the syntax and extra reserved characters, then
// raw octets. Properties: encode accepts exactly the non-empty inputs
// without NUL, in every syntax; its output is canonical ("%" + two
// upper-case hex digits, nothing else encoded that need not be), has
// encoded_size() octets, validates, is a valid NSS, and decodes back to
// the input (decode, decoded, decode_to agree); make_urn agrees; decode of
// any text succeeds exactly when every "%" starts "%" HEXDIG HEXDIG.
#include "fuzz_support.hpp"

#include <urns/make_urn.hpp>
#include <urns/pct.hpp>
#include <urns/urns.hpp>

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

namespace {

bool is_hex(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F') || (c >= 'a' && c <= 'f');
}

bool is_upper_hex(char c) { return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F'); }

unsigned hex_value(char c) { return c <= '9' ? unsigned(c - '0') : unsigned(c - 'A' + 10); }

/// Every "%" starts "%" HEXDIG HEXDIG.
bool well_formed(std::string_view s)
{
    for (std::size_t i = 0; i < s.size(); ++i)
        if (s[i] == '%') {
            if (i + 2 >= s.size() || !is_hex(s[i + 1]) || !is_hex(s[i + 2]))
                return false;
            i += 2;
        }
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size)
{
    if (size < 1)
        return 0;
    auto const syn = static_cast<urns::syntax>(data[0] % 3);
    static std::string_view const extras[] = {"", "/", ":;", "-.a"};
    std::string_view const extra = extras[(data[0] >> 2) % 4];
    std::string_view const raw(reinterpret_cast<char const*>(data + 1), size - 1);

    // encode
    std::string out = "prefix";
    auto const e = urns::pct::encode(raw, out, syn, extra);
    bool const has_nul = raw.find('\0') != std::string_view::npos;
    bool const want_ok = !raw.empty() && !has_nul;
    URNS_FUZZ_CHECK(e.has_value() == want_ok, raw);
    if (!e) {
        URNS_FUZZ_CHECK(out == "prefix", raw);
        if (raw.empty())
            URNS_FUZZ_CHECK(e.error().code == urns::error::bad_identifier && e.error().offset == 0, raw);
        else
            URNS_FUZZ_CHECK(e.error().code == urns::error::nul_octet && e.error().offset == raw.find('\0'), raw);
    } else {
        std::string_view const nss = std::string_view(out).substr(6);
        URNS_FUZZ_CHECK(nss.size() == urns::pct::encoded_size(raw, syn, extra), raw);
        // Canonical: upper-case triples; other octets are the input's own,
        // copied only when they need no encoding.
        std::size_t r = 0;
        for (std::size_t i = 0; i < nss.size(); ++r) {
            URNS_FUZZ_CHECK(r < raw.size(), raw);
            auto const c = static_cast<unsigned char>(raw[r]);
            bool const must = urns::pct::needs_encoding(c, syn, r == 0) ||
                              extra.find(static_cast<char>(c)) != std::string_view::npos;
            if (nss[i] == '%') {
                URNS_FUZZ_CHECK(i + 2 < nss.size() && is_upper_hex(nss[i + 1]) && is_upper_hex(nss[i + 2]), raw);
                URNS_FUZZ_CHECK(hex_value(nss[i + 1]) * 16 + hex_value(nss[i + 2]) == c, raw);
                if (!must)
                    urns_fuzz::fail("encode encoded an octet that needs no encoding", raw, nss);
                i += 3;
            } else {
                URNS_FUZZ_CHECK(nss[i] == raw[r], raw);
                if (must)
                    urns_fuzz::fail("encode copied an octet that needs encoding", raw, nss);
                ++i;
            }
        }
        URNS_FUZZ_CHECK(r == raw.size(), raw);
        URNS_FUZZ_CHECK(urns::pct::validate(nss, syn).has_value(), raw);
        std::string const u = "urn:ex:" + std::string(nss);
        auto const parsed = urns_fuzz::parse_checked(u, syn);
        if (!parsed || parsed->nss() != nss)
            urns_fuzz::fail("encode's output is not an NSS", raw, nss);
        // decode(encode(x)) == x, three ways.
        auto const back = urns::pct::decode(nss);
        URNS_FUZZ_CHECK(back && *back == raw, raw);
        auto const d = urns::pct::decoded(nss);
        URNS_FUZZ_CHECK(d && d->size() == raw.size() && std::string(d->begin(), d->end()) == raw, raw);
        std::vector<char> v;
        URNS_FUZZ_CHECK(urns::pct::decode_to(nss, std::back_inserter(v)).has_value(), raw);
        URNS_FUZZ_CHECK(std::string_view(v.data(), v.size()) == raw, raw);
        // make_urn gives the same NSS.
        auto const m = urns::make_urn("ex", raw, syn, extra);
        URNS_FUZZ_CHECK(m && m->buffer() == u, raw);
        std::string shown;
        (void)urns::pct::display(nss, syn, shown);
    }

    // decode of the input as encoded text.
    auto const dec = urns::pct::decode(raw);
    URNS_FUZZ_CHECK(dec.has_value() == well_formed(raw), raw);
    auto const dv = urns::pct::decoded(raw);
    URNS_FUZZ_CHECK(dv.has_value() == dec.has_value(), raw);
    if (dec) {
        URNS_FUZZ_CHECK(dv->size() == dec->size() && std::string(dv->begin(), dv->end()) == *dec, raw);
        URNS_FUZZ_CHECK(dv->encoded() == raw, raw);
    } else {
        URNS_FUZZ_CHECK(dec.error().offset <= raw.size(), raw);
    }
    if (urns::pct::validate(raw, syn))
        URNS_FUZZ_CHECK(dec.has_value(), raw);
    std::string shown;
    (void)urns::pct::display(raw, syn, shown);
    return 0;
}
