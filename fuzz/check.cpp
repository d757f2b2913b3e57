// SPDX-License-Identifier: BSL-1.0
// libFuzzer target: urns::check (include/urns/check.hpp), to_string of its
// diagnostics, and the accessors of the built-in namespaces
// (include/urns/nss/: oid::arcs, uuid::bytes and version, isbn::to_isbn13,
// nbn::prefix, nfc::parse, xmpp::parse, iso::parse, ietf::validate_scim).
// Input: one byte choosing the syntax (byte % 3) and
// check_options::assigned_name (bit 2), then a URN. The accessors get the
// URN's NSS when it parses, else the bytes as they are.
// Properties: every diagnostic lies inside the URN, has a known code and
// severity and a message, and they come sorted by offset, then code; the
// same URN gives the same diagnostics; to_string(diagnostic) is two lines,
// the first printable, the second ending in the message and "[code]";
// each accessor gives a value exactly when the namespace's validator
// accepts, and the value agrees with the input (arcs joined by "." are the
// NSS, a UUID's bytes are its folded hex and its version their nibble, an
// ISBN-13 is 13 digits and its own ISBN-13, an NBN prefix is followed by
// "-"; nfc's NFCresource, without ":", and ResourceSpecificString are
// not empty and joined by ":" are the NSS, and so are xmpp's names, none
// empty or holding ":", with no sub-tree without a SubName; iso's
// elements written again with their prefixes fold to what the NSS folds
// to); what validate_scim accepts, ietf::validate accepts.
#include "fuzz_support.hpp"

#include <urns/check.hpp>
#include <urns/nss/ietf.hpp>
#include <urns/nss/isbn.hpp>
#include <urns/nss/iso.hpp>
#include <urns/nss/nbn.hpp>
#include <urns/nss/nfc.hpp>
#include <urns/nss/oid.hpp>
#include <urns/nss/uuid.hpp>
#include <urns/nss/xmpp.hpp>
#include <urns/urns.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace {

void check_diagnostics(urns::urn_view v, urns::check_options opts)
{
    std::string_view const s = v.buffer();
    std::vector<urns::diagnostic> const d = urns::check(v, opts);
    for (std::size_t i = 0; i < d.size(); ++i) {
        urns::diagnostic const& x = d[i];
        URNS_FUZZ_CHECK(x.code != urns::diagnostic_code::not_a_urn, s);
        URNS_FUZZ_CHECK(static_cast<int>(x.code) <= static_cast<int>(urns::diagnostic_code::unregistered_nid), s);
        URNS_FUZZ_CHECK(static_cast<int>(x.severity) <= static_cast<int>(urns::severity::error), s);
        URNS_FUZZ_CHECK(x.length > 0 && x.offset <= s.size() && x.length <= s.size() - x.offset, s);
        URNS_FUZZ_CHECK(!x.message.empty() && !urns::to_string(x.code).empty(), s);
        if (i > 0) {
            urns::diagnostic const& p = d[i - 1];
            URNS_FUZZ_CHECK(p.offset < x.offset || (p.offset == x.offset && p.code <= x.code), s);
        }

        std::string const shown = urns::to_string(x, s);
        std::size_t const nl = shown.find('\n');
        URNS_FUZZ_CHECK(nl != std::string::npos && shown.find('\n', nl + 1) == std::string::npos, s);
        for (std::size_t k = 0; k < nl; ++k)
            URNS_FUZZ_CHECK(shown[k] >= 0x20 && shown[k] < 0x7F, s);
        std::string const tail = std::string(x.message) + " [" + std::string(urns::to_string(x.code)) + "]";
        URNS_FUZZ_CHECK(shown.size() >= tail.size() && shown.compare(shown.size() - tail.size(), tail.size(), tail) == 0,
                        s);
        URNS_FUZZ_CHECK(shown.size() <= 2048 + x.message.size(), s);
    }
    URNS_FUZZ_CHECK(urns::check(v, opts) == d, s);
}

void check_accessors(std::string_view nss, std::string_view input)
{
    namespace ns = urns::nss;

    auto const arcs = ns::oid::arcs(nss);
    URNS_FUZZ_CHECK(arcs.has_value() == ns::oid::validate(nss).has_value(), input);
    if (arcs) {
        std::string joined;
        for (std::string_view a : *arcs) {
            URNS_FUZZ_CHECK(!a.empty() && urns_fuzz::inside(nss, a), input);
            if (!joined.empty())
                joined += '.';
            joined += a;
        }
        URNS_FUZZ_CHECK(joined == nss, input);
    }

    auto const bytes = ns::uuid::bytes(nss);
    URNS_FUZZ_CHECK(bytes.has_value() == ns::uuid::validate(nss).has_value(), input);
    URNS_FUZZ_CHECK(ns::uuid::version(nss).has_value() == bytes.has_value(), input);
    if (bytes) {
        URNS_FUZZ_CHECK(*ns::uuid::version(nss) == static_cast<unsigned>((*bytes)[6] >> 4), input);
        // The bytes, written as RFC 9562 section 4 does in lower case, are
        // the NSS as the namespace folds it.
        static constexpr char hex[] = "0123456789abcdef";
        std::string written;
        for (std::size_t i = 0; i < 16; ++i) {
            if (i == 4 || i == 6 || i == 8 || i == 10)
                written += '-';
            written += hex[(*bytes)[i] >> 4];
            written += hex[(*bytes)[i] & 15];
        }
        std::string folded(nss.size(), '\0');
        folded.resize(ns::uuid::fold(nss, folded.data()));
        URNS_FUZZ_CHECK(written == folded, input);
    }

    auto const isbn13 = ns::isbn::to_isbn13(nss);
    URNS_FUZZ_CHECK(isbn13.has_value() == ns::isbn::validate(nss).has_value(), input);
    if (isbn13) {
        URNS_FUZZ_CHECK(isbn13->size() == 13, input);
        for (char c : *isbn13)
            URNS_FUZZ_CHECK(c >= '0' && c <= '9', input);
        URNS_FUZZ_CHECK(ns::isbn::to_isbn13(*isbn13) == isbn13, input);
    }

    auto const prefix = ns::nbn::prefix(nss);
    URNS_FUZZ_CHECK(prefix.has_value() == ns::nbn::validate(nss).has_value(), input);
    if (prefix)
        URNS_FUZZ_CHECK(!prefix->empty() && prefix->data() == nss.data() && prefix->size() < nss.size() &&
                            nss[prefix->size()] == '-',
                        input);

    auto const nfc = ns::nfc::parse(nss);
    URNS_FUZZ_CHECK(nfc.has_value() == ns::nfc::validate(nss).has_value(), input);
    if (nfc)
        URNS_FUZZ_CHECK(!nfc->resource.empty() && nfc->resource.find(':') == std::string::npos &&
                            !nfc->specific.empty() && nfc->resource + ':' + nfc->specific == nss,
                        input);

    auto const xmpp = ns::xmpp::parse(nss);
    URNS_FUZZ_CHECK(xmpp.has_value() == ns::xmpp::validate(nss).has_value(), input);
    if (xmpp) {
        URNS_FUZZ_CHECK(xmpp->sub_name.has_value() || xmpp->sub_tree.empty(), input);
        std::vector<std::string> names{xmpp->short_name};
        if (xmpp->sub_name)
            names.push_back(*xmpp->sub_name);
        names.insert(names.end(), xmpp->sub_tree.begin(), xmpp->sub_tree.end());
        std::string joined;
        for (std::string const& n : names) {
            URNS_FUZZ_CHECK(!n.empty() && n.find(':') == std::string::npos, input);
            joined += (joined.empty() ? "" : ":") + n;
        }
        URNS_FUZZ_CHECK(joined == nss, input);
    }

    auto const iso = ns::iso::parse(nss);
    URNS_FUZZ_CHECK(iso.has_value() == ns::iso::validate(nss).has_value(), input);
    if (iso) {
        // The elements, written again with their prefixes, are the NSS.
        std::string w = "std:" + iso->originator;
        w += iso->type ? ":" + *iso->type : "";
        w += ":" + iso->docnumber;
        w += iso->partnumber ? ":-" + *iso->partnumber : "";
        w += iso->status ? ":" + *iso->status : "";
        w += iso->edition ? ":ed-" + *iso->edition : "";
        w += iso->docversion ? ":v" + *iso->docversion : "";
        w += iso->language ? ":" + *iso->language : "";
        for (auto const& s : iso->supplements) {
            w += ":" + s.type + ":" + s.number;
            w += s.version ? ":v" + *s.version : "";
            w += s.language ? ":" + *s.language : "";
        }
        for (auto const& e : iso->docelements)
            w += ":" + e.kind + ":" + e.items;
        w += iso->techdefined ? ":tech" + *iso->techdefined : "";
        std::string folded(nss.size(), '\0');
        folded.resize(ns::iso::fold(nss, folded.data()));
        std::string lower(w.size(), '\0');
        lower.resize(ns::iso::fold(w, lower.data()));
        URNS_FUZZ_CHECK(lower == folded, input);
    }

    auto const scim = ns::ietf::validate_scim(nss);
    if (!scim)
        URNS_FUZZ_CHECK(scim.error().offset <= nss.size() && !scim.error().expected.empty(), input);
    else
        URNS_FUZZ_CHECK(ns::ietf::validate(nss).has_value(), input);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size)
{
    if (size < 1)
        return 0;
    auto const syn = static_cast<urns::syntax>(data[0] % 3);
    urns::check_options opts;
    opts.assigned_name = (data[0] & 4) != 0;
    std::string_view const s(reinterpret_cast<char const*>(data + 1), size - 1);

    auto const r = urns_fuzz::parse_checked(s, syn);
    if (r)
        check_diagnostics(*r, opts);
    check_accessors(r ? r->nss() : s, s);
    return 0;
}
