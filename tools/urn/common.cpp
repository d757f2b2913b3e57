// SPDX-License-Identifier: BSL-1.0
// The urn command: the shared option parsing and messages.
#include "cli.hpp"

#include <urns/lexical.hpp>
#include <urns/nss/registry.hpp>

#include <algorithm>
#include <cstring>

namespace urn_tool {

namespace {

bool is_upper_word(std::string_view w)
{
    return !w.empty() && std::all_of(w.begin(), w.end(), [](char c) {
        return urns::lexical::rfc2141::upper.contains(c) || c == '-' || c == '_';
    });
}

/// The words of `line` up to the first run of two spaces (where the
/// description starts), split at spaces and commas.
std::vector<std::string_view> synopsis_words(std::string_view line)
{
    std::size_t const end = line.find("  ");
    line = line.substr(0, end);
    std::vector<std::string_view> words;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == ','))
            ++i;
        std::size_t j = i;
        while (j < line.size() && line[j] != ' ' && line[j] != ',')
            ++j;
        if (j > i)
            words.push_back(line.substr(i, j - i));
        i = j;
    }
    return words;
}

} // namespace

std::vector<option_spec> options_in_help(std::string_view help)
{
    std::vector<option_spec> specs;
    while (!help.empty()) {
        std::size_t const nl = help.find('\n');
        std::string_view line = help.substr(0, nl);
        help = nl == std::string_view::npos ? std::string_view() : help.substr(nl + 1);
        if (line.size() < 4 || line.substr(0, 3) != "  -")
            continue;
        option_spec o;
        for (std::string_view w : synopsis_words(line.substr(2))) {
            if (w.size() > 2 && w.substr(0, 2) == "--") {
                std::size_t const eq = w.find('=');
                o.long_name = w.substr(0, eq);
                if (eq != std::string_view::npos)
                    o.value = w.substr(eq + 1);
            } else if (w.size() == 2 && w[0] == '-') {
                o.short_name = w;
            } else if (is_upper_word(w)) {
                o.value = w;
            }
        }
        if (!o.short_name.empty() || !o.long_name.empty())
            specs.push_back(o);
    }
    return specs;
}

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

arg_cursor::arg_cursor(int argc, char** argv, int first, std::vector<option_spec> const& options)
{
    auto spec_of = [&](char c) -> option_spec const* {
        for (option_spec const& o : options)
            if (o.short_name.size() == 2 && o.short_name[1] == c)
                return &o;
        return nullptr;
    };
    bool operands = false;
    for (int i = first; i < argc; ++i) {
        std::string_view const a = argv[i];
        if (a == "--")
            operands = true;
        // "-abc": split when every letter is a short option of the command,
        // up to one that takes a value, which takes the rest ("-fFILE").
        bool bundle = !operands && a.size() > 2 && a[0] == '-' && a[1] != '-';
        if (bundle) {
            for (std::size_t k = 1; k < a.size(); ++k) {
                option_spec const* o = spec_of(a[k]);
                if (o == nullptr) {
                    bundle = false;
                    break;
                }
                if (!o->value.empty())
                    break;
            }
        }
        if (!bundle) {
            args_.emplace_back(a);
            continue;
        }
        for (std::size_t k = 1; k < a.size(); ++k) {
            option_spec const* o = spec_of(a[k]);
            args_.emplace_back(split_.emplace_back(std::string{'-', a[k]}));
            if (!o->value.empty()) {
                if (k + 1 < a.size())
                    args_.emplace_back(a.substr(k + 1));
                break;
            }
        }
    }
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

color_mode color_option(std::string_view v)
{
    if (v == "auto")
        return color_mode::automatic;
    if (v == "always")
        return color_mode::always;
    if (v == "never")
        return color_mode::never;
    throw usage_error{"--color: expected auto, always or never, not '" + std::string(v) + "'"};
}

void unknown_option(std::string_view a)
{
    throw usage_error{"unknown option '" + std::string(a) + "'", std::string(a)};
}

void inputs::add_operand(std::string_view s)
{
    if (urns::lexical::istarts_with(s, "urn:"))
        add_urn(s);
    else
        add_file(s);
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
    else if (args.option("--color", v) || args.option("--colour", v))
        set_color(color_option(v));
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
