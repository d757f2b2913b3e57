// SPDX-License-Identifier: BSL-1.0
// The urn command: the shared option parsing and messages.
#include "cli.hpp"

#include <urns/lexical.hpp>
#include <urns/nss/registry.hpp>

#include <cstring>
#include <sys/stat.h>

namespace urn_tool {

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

void unknown_option(std::string_view a)
{
    throw usage_error{"unknown option '" + std::string(a) + "'"};
}

void inputs::add_operand(std::string_view s)
{
    bool const looks_like_urn = urns::lexical::istarts_with(s, "urn:");
    struct stat st;
    if (!looks_like_urn && (s == "-" || ::stat(std::string(s).c_str(), &st) == 0))
        add_file(s);
    else
        add_urn(s);
}

bool input_option(arg_cursor& args, inputs& in, urns::syntax& syn)
{
    std::string_view v;
    if (args.option("--syntax", v))
        syn = syntax_option(v);
    else if (args.option("--file", v, "-f"))
        in.add_file(v);
    else if (args.option("--max-line", v))
        in.max_line = size_option("--max-line", v);
    else if (args.option("--plugin", v))
        load_plugin(v);
    else
        return false;
    return true;
}

void report_read_error(std::string_view file, int error)
{
    std::string m = "cannot read ";
    m += file;
    m += ": ";
    m += std::strerror(error);
    complain(m);
}

} // namespace urn_tool
