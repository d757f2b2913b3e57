// SPDX-License-Identifier: BSL-1.0
// The C++ library's answers, for the node tests of the package
// (web/test/differential.test.mjs): reads requests one a line from a file,
// the texts in hex of their UTF-8, and writes one JSON line of answers for
// each, computed with the library's public calls (parse_urn, canonical,
// nss::canonical, equivalent, nss::equivalent, find_urns, the builtin
// registry's field listers), not with the package's binding.
//
//   P <hex>            a URN: for each syntax (rfc2141bis, rfc2141,
//                      rfc8141) and namespaces off then on, the verdict
//                      and, if valid, the components, the canonical form
//                      in the syntax's mode and in each of the four modes,
//                      and the fields; if not, the code, the byte offset
//                      and the expected names
//   E <hex> <hex>      two URNs: for each syntax, mode and namespaces off
//                      then on, 1 or 0 (equivalent or not), -1 or -2 (the
//                      first or the second is not a URN)
//   F <hex>            a text: for each syntax, prose then strict, URI
//                      context on then off, namespaces off then on, the
//                      matches: byte offset, length, and the namespace's
//                      fault (offset in the match, names) or null
//
// usage: reference REQUESTS > ANSWERS
#include <urns/equivalence.hpp>
#include <urns/extract.hpp>
#include <urns/nss/equivalence.hpp>
#include <urns/nss/registry.hpp>
#include <urns/parse.hpp>

#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>

namespace {

std::string unhex(std::string_view h)
{
    auto const val = [](char c) { return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10; };
    std::string out;
    out.reserve(h.size() / 2);
    for (std::size_t i = 0; i + 1 < h.size(); i += 2)
        out.push_back(static_cast<char>(val(h[i]) * 16 + val(h[i + 1])));
    return out;
}

void json(std::ostream& o, std::string_view s)
{
    o << '"';
    for (unsigned char c : s) {
        if (c == '"' || c == '\\')
            o << '\\' << c;
        else if (c < 0x20 || c >= 0x7F) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            o << buf;
        } else
            o << c;
    }
    o << '"';
}

void json_opt(std::ostream& o, bool present, std::string_view s)
{
    if (present)
        json(o, s);
    else
        o << "null";
}

urns::syntax const syntaxes[] = {urns::syntax::rfc2141bis, urns::syntax::rfc2141, urns::syntax::rfc8141};
urns::equivalence_mode const modes[] = {urns::equivalence_mode::rfc2141, urns::equivalence_mode::rfc2141bis_drop_query,
                                        urns::equivalence_mode::rfc2141bis_keep_query, urns::equivalence_mode::rfc8141};

std::string canonical_of(urns::urn_view const& v, urns::equivalence_mode m, urns::nss::registry const* reg)
{
    std::string s;
    if (reg)
        urns::nss::canonical(v, m, *reg, s);
    else
        s = urns::canonical(v, m);
    return s;
}

void names(std::ostream& o, std::string_view first, urns::expected_alternatives const& rest)
{
    o << '[';
    json(o, first);
    for (std::string_view n : rest) {
        o << ',';
        json(o, n);
    }
    o << ']';
}

void parse_answers(std::ostream& o, std::string const& in)
{
    o << '[';
    bool first = true;
    for (urns::syntax syn : syntaxes)
        for (int ns = 0; ns < 2; ++ns) {
            if (!first)
                o << ',';
            first = false;
            urns::parse_options opts;
            opts.syntax = syn;
            opts.registry = ns ? &urns::nss::builtin() : nullptr;
            auto const r = urns::parse_urn(in, opts);
            if (!r) {
                auto const& e = r.error();
                o << "{\"v\":0,\"code\":";
                json(o, urns::error_code_name(e.code));
                o << ",\"off\":" << e.offset << ",\"exp\":";
                names(o, e.expected, e.also_expected);
                o << '}';
                continue;
            }
            urns::urn_view const& v = *r;
            o << "{\"v\":1,\"nid\":";
            json(o, v.nid());
            o << ",\"nss\":";
            json(o, v.nss());
            o << ",\"an\":";
            json(o, v.assigned_name());
            o << ",\"query\":";
            json_opt(o, v.has_query(), v.query());
            o << ",\"r\":";
            json_opt(o, v.has_r_component(), v.r_component());
            o << ",\"q\":";
            json_opt(o, v.has_q_component(), v.q_component());
            o << ",\"f\":";
            json_opt(o, v.has_fragment(), v.fragment());
            o << ",\"canonical\":";
            json(o, canonical_of(v, urns::default_equivalence(syn), opts.registry));
            o << ",\"modes\":[";
            for (int m = 0; m < 4; ++m) {
                if (m)
                    o << ',';
                json(o, canonical_of(v, modes[m], opts.registry));
            }
            o << "],\"fields\":[";
            // The fields are the builtin registry's, with namespaces or not.
            auto const* rules = urns::nss::builtin().find(v.nid());
            if (rules) {
                std::size_t const base = static_cast<std::size_t>(v.nss().data() - in.data());
                bool f1 = true;
                for (auto const& f : rules->fields_of(v.nss())) {
                    if (!f1)
                        o << ',';
                    f1 = false;
                    o << '[';
                    json(o, f.name);
                    o << ',' << base + f.begin << ',' << base + f.end << ']';
                }
            }
            o << "]}";
        }
    o << "]\n";
}

void equivalence_answers(std::ostream& o, std::string const& a, std::string const& b)
{
    o << '[';
    bool first = true;
    for (urns::syntax syn : syntaxes)
        for (auto m : modes)
            for (int ns = 0; ns < 2; ++ns) {
                if (!first)
                    o << ',';
                first = false;
                urns::parse_options opts;
                opts.syntax = syn;
                opts.registry = ns ? &urns::nss::builtin() : nullptr;
                auto const ra = urns::parse_urn(a, opts);
                auto const rb = urns::parse_urn(b, opts);
                if (!ra)
                    o << -1;
                else if (!rb)
                    o << -2;
                else if (ns)
                    o << (urns::nss::equivalent(*ra, *rb, m, urns::nss::builtin()) ? 1 : 0);
                else
                    o << (urns::equivalent(*ra, *rb, m) ? 1 : 0);
            }
    o << "]\n";
}

void find_answers(std::ostream& o, std::string const& text)
{
    o << '[';
    bool first = true;
    for (urns::syntax syn : syntaxes)
        for (int strict = 0; strict < 2; ++strict)
            for (int uri = 1; uri >= 0; --uri)
                for (int ns = 0; ns < 2; ++ns) {
                    if (!first)
                        o << ',';
                    first = false;
                    urns::extract_options opts;
                    opts.syntax = syn;
                    opts.mode = strict ? urns::extract_mode::strict : urns::extract_mode::prose;
                    opts.uri_context = uri != 0;
                    opts.registry = ns ? &urns::nss::builtin() : nullptr;
                    o << '[';
                    bool f1 = true;
                    for (urns::urn_match const& m : urns::find_urns(text, opts)) {
                        if (!f1)
                            o << ',';
                        f1 = false;
                        o << '[' << m.offset << ',' << m.length << ',';
                        if (m.namespace_fault) {
                            o << '[' << m.namespace_fault->offset << ',';
                            names(o, m.namespace_fault->expected, m.namespace_fault->also_expected);
                            o << ']';
                        } else {
                            o << "null";
                        }
                        o << ']';
                    }
                    o << ']';
                }
    o << "]\n";
}

} // namespace

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::cerr << "usage: reference REQUESTS > ANSWERS\n";
        return 2;
    }
    std::ifstream in(argv[1], std::ios::binary);
    if (!in) {
        std::cerr << "reference: cannot read " << argv[1] << '\n';
        return 2;
    }
    std::ios::sync_with_stdio(false);
    std::string line;
    while (std::getline(in, line)) {
        std::string_view l = line;
        if (l.size() < 2 || l[1] != ' ') {
            std::cerr << "reference: bad request line\n";
            return 2;
        }
        char const kind = l[0];
        l.remove_prefix(2);
        if (kind == 'P') {
            parse_answers(std::cout, unhex(l));
        } else if (kind == 'E') {
            std::size_t const sp = l.find(' ');
            equivalence_answers(std::cout, unhex(l.substr(0, sp)), unhex(l.substr(sp + 1)));
        } else if (kind == 'F') {
            find_answers(std::cout, unhex(l));
        } else {
            std::cerr << "reference: unknown request " << kind << '\n';
            return 2;
        }
    }
    return std::cout ? 0 : 1;
}
