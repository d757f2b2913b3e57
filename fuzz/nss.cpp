// SPDX-License-Identifier: BSL-1.0
// libFuzzer target: the shipped namespaces (nss::builtin(): X3 ones, those
// checked from their ABNF, opaque ones). Input: one byte choosing the
// syntax (and, where no NID follows, the namespace: an entry of
// nss::builtin()), then a NID and a NUL byte (optional), then an NSS,
// optionally "\n" and a second NSS. The URN is "urn:<nid>:<nss>". Properties: a registry only adds rules (what parses
// with it parses without it, with the same spans); it rejects exactly what
// nss::validate faults, as error::nss_rejected at the fault's offset
// inside the NSS; each validator's fault lies inside its input; folds fit
// their buffer; nss::canonical parses and is idempotent;
// nss::equivalent(a, b) == (nss::canonical(a) == nss::canonical(b)), and
// urns::equivalent implies nss::equivalent; typed accessors give a value
// exactly for a valid NSS, and round-trip.
#include "fuzz_support.hpp"

#include <urns/equivalence.hpp>
#include <urns/nss/builtin.hpp>
#include <urns/nss/equivalence.hpp>
#include <urns/nss/registry.hpp>
#include <urns/urns.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace {

using mode = urns::equivalence_mode;

std::string canonical_of(urns::urn_view v, mode m)
{
    std::string s;
    urns::nss::canonical(v, m, urns::nss::builtin(), s);
    return s;
}

/// The typed accessors of the namespaces that have them: a value exactly
/// for a valid NSS, and each one's own round trip.
void check_accessors(std::string_view nid, std::string_view nss, std::string_view in)
{
    if (nid == "publicid") {
        namespace publicid = urns::nss::publicid;
        bool const valid = publicid::validate(nss).has_value();
        auto const id = publicid::to_public_id(nss);
        URNS_FUZZ_CHECK(id.has_value() == valid && publicid::parse(nss).has_value() == valid, in);
        if (id) {   // a normalized public identifier: back to an NSS that reads as the same one
            auto const again = publicid::to_nss(*id);
            URNS_FUZZ_CHECK(again && publicid::validate(*again).has_value() && publicid::to_public_id(*again) == id, in);
        }
        auto const t = publicid::to_nss(nss);   // the bytes read as a public identifier
        URNS_FUZZ_CHECK(t ? publicid::validate(*t).has_value() : t.error().offset <= nss.size(), in);
    } else if (nid == "epcglobal") {
        auto const p = urns::nss::epcglobal::parse(nss);
        URNS_FUZZ_CHECK(p.has_value() == urns::nss::epcglobal::validate(nss).has_value(), in);
        if (p)
            URNS_FUZZ_CHECK(p->sub_namespace + ":" + p->rest == nss, in);
    } else if (nid == "epc") {
        auto const p = urns::nss::epc::parse(nss);
        URNS_FUZZ_CHECK(p.has_value() == urns::nss::epc::validate(nss).has_value(), in);
        if (p && p->checked)   // the fields are the NSS's, in order
            URNS_FUZZ_CHECK("id:" + p->scheme + ":" + p->company_prefix + "." + p->reference +
                                    (p->serial.empty() ? "" : "." + p->serial) ==
                                nss,
                            in);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size)
{
    urns::nss::registry const& reg = urns::nss::builtin();
    if (size < 1 || reg.size() == 0)
        return 0;
    auto const syn = static_cast<urns::syntax>(data[0] % 3);
    std::string_view in(reinterpret_cast<char const*>(data + 1), size - 1);
    urns::nss::namespace_rules const* chosen = nullptr;
    if (std::size_t const nul = in.find('\0'); nul != std::string_view::npos && nul <= 32) {
        chosen = reg.find(in.substr(0, nul));
        in.remove_prefix(nul + 1);
    }
    urns::nss::namespace_rules const& rules = chosen ? *chosen : reg.entries()[(data[0] >> 2) % reg.size()];
    std::size_t const nl = in.find('\n');
    std::string_view const nss_a = in.substr(0, nl);

    // The namespace's own functions on the raw NSS.
    if (rules.has_validator()) {
        auto const f = rules.check(nss_a);
        if (f)
            URNS_FUZZ_CHECK(f->offset <= nss_a.size() && !f->expected.empty(), in);
    }
    if (rules.has_fold()) {
        std::vector<char> out(nss_a.size() + 1, '\x7f');
        std::size_t const n = rules.fold_nss(nss_a, out.data());
        URNS_FUZZ_CHECK(n <= nss_a.size() && out[nss_a.size()] == '\x7f', in);
    }

    check_accessors(rules.nid, nss_a, in);

    std::string const a = "urn:" + std::string(rules.nid) + ":" + std::string(nss_a);
    urns::parse_options with;
    with.syntax = syn;
    with.registry = &reg;
    auto const plain = urns_fuzz::parse_checked(a, syn);
    auto const checked = urns::parse_urn(a, with);
    if (!plain) {
        URNS_FUZZ_CHECK(!checked, in);
        return 0;
    }
    auto const fault = urns::nss::validate(reg, *plain);
    URNS_FUZZ_CHECK(checked.has_value() == !fault, in);
    if (fault) {
        std::size_t const nss_begin = a.size() - nss_a.size();
        URNS_FUZZ_CHECK(fault->offset >= nss_begin && fault->offset <= a.size(), in);
        URNS_FUZZ_CHECK(checked.error().code == urns::error::nss_rejected, in);
        URNS_FUZZ_CHECK(checked.error().offset == fault->offset, in);
        URNS_FUZZ_CHECK(checked.error().expected == fault->expected, in);
    } else {
        urns_fuzz::check_view(a, syn, *checked);
        URNS_FUZZ_CHECK(checked->nss() == plain->nss() && checked->nss().data() == plain->nss().data(), in);
    }

    // Equivalence with the namespace's fold.
    std::string const b = nl == std::string_view::npos
                              ? a
                              : "urn:" + std::string(rules.nid) + ":" + std::string(in.substr(nl + 1));
    auto const pb = urns::parse_urn(b, syn);
    for (mode m : {mode::rfc2141, mode::rfc2141bis_drop_query, mode::rfc2141bis_keep_query, mode::rfc8141}) {
        std::string const ca = canonical_of(*plain, m);
        auto const pca = urns::parse_urn(ca, syn);
        if (!pca)
            urns_fuzz::fail("nss::canonical does not parse", in, ca);
        if (canonical_of(*pca, m) != ca)
            urns_fuzz::fail("nss::canonical is not idempotent", in, ca);
        URNS_FUZZ_CHECK(urns::nss::equivalent(*plain, *pca, m, reg), in);
        if (!pb)
            continue;
        bool const eq = urns::nss::equivalent(*plain, *pb, m, reg);
        if (eq != (ca == canonical_of(*pb, m)))
            urns_fuzz::fail("nss::equivalent(a, b) != (canonical(a) == canonical(b))", in,
                            ca + " | " + canonical_of(*pb, m));
        if (urns::equivalent(*plain, *pb, m))
            URNS_FUZZ_CHECK(eq, in);
    }
    return 0;
}
