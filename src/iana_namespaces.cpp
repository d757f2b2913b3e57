// SPDX-License-Identifier: BSL-1.0
// Semantic layer (X3-free): the IANA URN namespace registry snapshot.
// Hand-maintained copy of data/iana-urn-namespaces.tsv (its header says the
// date and the sources); test/unit/check.cpp fails if the two differ.
#include <urns/check.hpp>

#include "detail/lexical.hpp"

#include <algorithm>
#include <iterator>

namespace urns {

namespace {

// Sorted by nid, byte order (find_registered_namespace searches it).
constexpr registered_namespace registry[] = {
    {"3gpp", namespace_kind::formal, "RFC 5279"},
    {"3gpp2", namespace_kind::formal, "RFC 8464"},
    {"adid", namespace_kind::formal, "RFC 8107"},
    {"alert", namespace_kind::formal, "RFC 7462"},
    {"bbf", namespace_kind::formal, "RFC 8057"},
    {"broadband-forum-org", namespace_kind::formal, "RFC 8057"},
    {"c2pa", namespace_kind::formal, "https://c2pa.org/"},
    {"cablelabs", namespace_kind::formal, "RFC 6289"},
    {"ccsds", namespace_kind::formal, "RFC 7738"},
    {"cgi", namespace_kind::formal, "RFC 5138"},
    {"clei", namespace_kind::formal, "RFC 4152"},
    {"ddi", namespace_kind::formal, "draft-urn-ddi-00"},
    {"dev", namespace_kind::formal, "RFC 9039"},
    {"dgiwg", namespace_kind::formal, "RFC 6288"},
    {"dslforum-org", namespace_kind::formal, "RFC 8057"},
    {"dvb", namespace_kind::formal, "RFC 7354"},
    {"ebu", namespace_kind::formal, "RFC 5174"},
    {"eidr", namespace_kind::formal, "RFC 7972"},
    {"epc", namespace_kind::formal, "RFC 5134"},
    {"epcglobal", namespace_kind::formal, "RFC 5134"},
    {"etsi", namespace_kind::formal, "RFC 8515"},
    {"eurosystem", namespace_kind::formal, "RFC 7207"},
    {"example", namespace_kind::formal, "RFC 6963"},
    {"fdc", namespace_kind::formal, "RFC 4198"},
    {"fipa", namespace_kind::formal, "RFC 3616"},
    {"geant", namespace_kind::formal, "RFC 4926"},
    {"globus", namespace_kind::formal, "RFC 7853"},
    {"gsma", namespace_kind::formal, "RFC 7254"},
    {"hbbtv", namespace_kind::formal, "RFC 7528"},
    {"ieee", namespace_kind::formal, "RFC 8069"},
    {"ietf", namespace_kind::formal, "RFC 2648"},
    {"iptc", namespace_kind::formal, "RFC 3937"},
    {"isan", namespace_kind::formal, "RFC 4246"},
    {"isbn", namespace_kind::formal, "https://www.isbn-international.org"},
    {"iso", namespace_kind::formal, "RFC 5141"},
    {"issn", namespace_kind::formal, "http://www.issn.org"},
    {"itu", namespace_kind::formal, "https://www.itu.int/"},
    {"ivis", namespace_kind::formal, "RFC 4617"},
    {"liberty", namespace_kind::formal, "RFC 3622"},
    {"mace", namespace_kind::formal, "RFC 3613"},
    {"mef", namespace_kind::formal, "RFC 7818"},
    {"mpeg", namespace_kind::formal, "RFC 3614"},
    {"mrn", namespace_kind::formal, "http://www.iala-aism.org"},
    {"nato", namespace_kind::formal, "RFC 7467"},
    {"nbn", namespace_kind::formal, "RFC 8458"},
    {"nena", namespace_kind::formal, "RFC 6061"},
    {"newsml", namespace_kind::formal, "RFC 3085"},
    {"nfc", namespace_kind::formal, "RFC 4729"},
    {"nzl", namespace_kind::formal, "RFC 4350"},
    {"oasis", namespace_kind::formal, "RFC 3121"},
    {"ogc", namespace_kind::formal, "RFC 5165"},
    {"ogf", namespace_kind::formal, "RFC 6453"},
    {"oid", namespace_kind::formal, "RFC 3061"},
    {"oipf", namespace_kind::formal, "RFC 6893"},
    {"oma", namespace_kind::formal, "RFC 4358"},
    {"onf", namespace_kind::formal, "https://www.opennetworking.org/"},
    {"pin", namespace_kind::formal, "RFC 3043"},
    {"publicid", namespace_kind::formal, "RFC 3151"},
    {"reso", namespace_kind::formal, "http://www.iana.org/assignments/urn-formal/reso"},
    {"s1000d", namespace_kind::formal, "RFC 4688"},
    {"schac", namespace_kind::formal, "RFC 6338"},
    {"service", namespace_kind::formal, "RFC 5031"},
    {"smpte", namespace_kind::formal, "RFC 5119"},
    {"swift", namespace_kind::formal, "RFC 3615"},
    {"tva", namespace_kind::formal, "RFC 4195"},
    {"uci", namespace_kind::formal, "RFC 4179"},
    {"ucode", namespace_kind::formal, "http://www.rfc-editor.org/errata_search.php?eid=3189"},
    {"urn-1", namespace_kind::informal, ""},
    {"urn-2", namespace_kind::informal, ""},
    {"urn-3", namespace_kind::informal, ""},
    {"urn-4", namespace_kind::informal, ""},
    {"urn-5", namespace_kind::informal, ""},
    {"urn-6", namespace_kind::informal, ""},
    {"urn-7", namespace_kind::informal, ""},
    {"uuid", namespace_kind::formal, "RFC 4122"},
    {"web3d", namespace_kind::formal, "RFC 3541"},
    {"xmlorg", namespace_kind::formal, "RFC 3120"},
    {"xmpp", namespace_kind::formal, "RFC 4854"},
};

/// Byte order of `a` lower-cased against `b` (already lower case).
int compare_folded(std::string_view a, std::string_view b) noexcept
{
    std::size_t const n = std::min(a.size(), b.size());
    for (std::size_t i = 0; i < n; ++i) {
        unsigned char const x = static_cast<unsigned char>(detail::ascii_lower(a[i]));
        unsigned char const y = static_cast<unsigned char>(b[i]);
        if (x != y)
            return x < y ? -1 : 1;
    }
    return a.size() == b.size() ? 0 : (a.size() < b.size() ? -1 : 1);
}

} // namespace

registered_namespace_list registered_namespaces() noexcept
{
    return {std::begin(registry), std::end(registry)};
}

std::optional<registered_namespace> find_registered_namespace(std::string_view nid) noexcept
{
    auto const it = std::lower_bound(std::begin(registry), std::end(registry), nid,
                                     [](registered_namespace const& e, std::string_view key) {
                                         return compare_folded(key, e.nid) > 0;
                                     });
    if (it != std::end(registry) && compare_folded(nid, it->nid) == 0)
        return *it;
    return std::nullopt;
}

} // namespace urns
