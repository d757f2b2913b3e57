// SPDX-License-Identifier: BSL-1.0
// The library called directly on the lines of a file, for soak.py to compare
// with what the `urn` command prints for the same file:
//   urns_oracle COMMAND SYNTAX FILE [NID]
// Lines are split as the tool's line reader does: a "\r" that ends a line
// is removed (before "\n", or at the end of the file: the last line may lack
// its "\n"); check, parse, normalize and encode skip empty lines. One output line per result, fields separated by tabs:
//   check, parse  LINE 1 NID NSS          or  LINE 0 OFFSET MESSAGE
//   normalize     LINE CANONICAL          (valid lines only)
//   extract       LINE COLUMN OFFSET URN  (OFFSET in the file)
//   encode        LINE URN                or  LINE error OFFSET
#include <urns/urns.hpp>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <string_view>

namespace {

urns::equivalence_mode own_mode(urns::syntax syn)
{
    switch (syn) {
    case urns::syntax::rfc2141: return urns::equivalence_mode::rfc2141;
    case urns::syntax::rfc8141: return urns::equivalence_mode::rfc8141;
    case urns::syntax::rfc2141bis: break;
    }
    return urns::equivalence_mode::rfc2141bis_drop_query;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 4) {
        std::cerr << "usage: urns_oracle COMMAND SYNTAX FILE [NID]\n";
        return 2;
    }
    std::string const cmd = argv[1], syn_name = argv[2];
    urns::syntax const syn = syn_name == "rfc2141"   ? urns::syntax::rfc2141
                             : syn_name == "rfc8141" ? urns::syntax::rfc8141
                                                     : urns::syntax::rfc2141bis;
    std::ifstream f(argv[3], std::ios::binary);
    std::string const text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    std::string const nid = argc > 4 ? argv[4] : "ex";
    std::string out;
    std::size_t start = 0, number = 0;
    while (start < text.size()) {
        std::size_t nl = text.find('\n', start);
        std::size_t const next = nl == std::string::npos ? text.size() : nl + 1;
        std::size_t end = nl == std::string::npos ? text.size() : nl;
        if (end > start && text[end - 1] == '\r')
            --end;
        std::string_view const line(text.data() + start, end - start);
        std::string const at = std::to_string(++number) + '\t';
        if (cmd == "extract") {
            urns::extract_options o;
            o.syntax = syn;
            for (urns::urn_match const& m : urns::find_urns(line, o))
                out += at + std::to_string(m.offset + 1) + '\t' + std::to_string(start + m.offset) + '\t' +
                       std::string(line.substr(m.offset, m.length)) + '\n';
        } else if (!line.empty()) {
            if (cmd == "encode") {
                auto const r = urns::make_urn(nid, line, syn);
                out += at + (r ? std::string(r->buffer()) : "error\t" + std::to_string(r.error().offset)) + '\n';
            } else {
                auto const r = urns::parse_urn(line, syn);
                if (cmd == "normalize") {
                    if (r)
                        out += at + urns::canonical(*r, own_mode(syn)) + '\n';
                } else if (r) {
                    out += at + "1\t" + std::string(r->nid()) + '\t' + std::string(r->nss()) + '\n';
                } else {
                    out += at + "0\t" + std::to_string(r.error().offset) + '\t' + r.error().code.message() + '\n';
                }
            }
        }
        start = next;
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
