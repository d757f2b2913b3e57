// SPDX-License-Identifier: BSL-1.0
// The urn command: the shared option parsing and messages.
#include "cli.hpp"

#include <urns/lexical.hpp>
#include <urns/nss/registry.hpp>

#include <algorithm>
#include <cstring>

namespace urn_tool {

std::string_view closest(std::string_view word, std::vector<std::string_view> const& candidates)
{
    // Levenshtein distance, one row at a time.
    auto distance = [](std::string_view a, std::string_view b) {
        std::vector<std::size_t> row(b.size() + 1);
        for (std::size_t j = 0; j <= b.size(); ++j)
            row[j] = j;
        for (std::size_t i = 1; i <= a.size(); ++i) {
            std::size_t diag = row[0];
            row[0] = i;
            for (std::size_t j = 1; j <= b.size(); ++j) {
                std::size_t const up = row[j];
                row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
                diag = up;
            }
        }
        return row[b.size()];
    };
    std::string_view best;
    std::size_t best_d = 3;
    for (std::string_view c : candidates) {
        std::size_t const d = distance(word, c);
        if (d < best_d && 2 * d < word.size()) {
            best = c;
            best_d = d;
        }
    }
    return best;
}

urns::syntax syntax_option(std::string_view v)
{
    if (auto s = urns::syntax_from_string(v))
        return *s;
    throw usage_error{"unknown syntax '" + std::string(v) +
                      "' (expected rfc2141, rfc2141bis or rfc8141)"};
}

std::size_t size_option(std::string_view name, std::string_view v)
{
    std::size_t n = 0;
    std::size_t i = 0;
    for (; i < v.size() && urns::lexical::rfc5234::digit.contains(v[i]); ++i) {
        if (n > (std::size_t(1) << 40))
            break;
        n = n * 10 + static_cast<std::size_t>(v[i] - '0');
    }
    unsigned shift = 0;
    if (i + 1 == v.size()) {
        switch (v[i]) {
        case 'K': case 'k': shift = 10; ++i; break;
        case 'M': case 'm': shift = 20; ++i; break;
        case 'G': case 'g': shift = 30; ++i; break;
        default: break;
        }
    }
    if (i == 0 || i != v.size() || n == 0 || n > (std::size_t(1) << 40) >> shift)
        throw usage_error{std::string(name) + ": expected a positive byte count (like 4096, 64K or 16M), not '" +
                          std::string(v) + "'"};
    return n << shift;
}

urns::parse_options parse_options_for(urns::syntax syn, bool namespaces)
{
    urns::parse_options o;
    o.syntax = syn;
    if (namespaces)
        o.registry = &tool_registry();
    return o;
}

void inputs::add_operand(std::string_view s)
{
    if (urns::lexical::istarts_with(s, "urn:"))
        add_urn(s);
    else
        add_file(s);
}

void report_read_error(std::string_view file, int error)
{
    report_read_error(file, std::strerror(error));
}

void report_read_error(std::string_view file, std::string_view reason)
{
    std::string m = "cannot read ";
    m += shown(file);
    m += ": ";
    m += reason;
    complain(m);
}

} // namespace urn_tool
