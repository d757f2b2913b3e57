// SPDX-License-Identifier: BSL-1.0
// The urn command: a command's options and operands, read with CLI11, and
// its --help text, made from the same declarations; the values of the
// shared options, and the nearest word to a mistyped one. CLI11 is included
// here only, so the commands compile without it.
#include "command_line.hpp"

#include "inputs.hpp"
#include "messages.hpp"
#include "namespaces.hpp"
#include "streams.hpp"

#include <CLI/CLI.hpp>

#include <urns/lexical.hpp>

#include <algorithm>
#include <map>

namespace urn_tool {

namespace {

/// Column of the descriptions: after the widest option that fits.
constexpr std::size_t widest_inline_option = 22;
/// Lines of --help are at most this long.
constexpr std::size_t help_width = 78;

/// "-f,--file" as --help shows it: "-f, --file".
std::string display_names(char const* names)
{
    std::string d;
    for (char const* p = names; *p != '\0'; ++p) {
        d += *p;
        if (*p == ',')
            d += ' ';
    }
    return d;
}

/// The names ("-f", "--file") of a CLI11 name list.
std::vector<std::string> split_names(char const* names)
{
    std::vector<std::string> out(1);
    for (char const* p = names; *p != '\0'; ++p) {
        if (*p == ',')
            out.emplace_back();
        else
            out.back() += *p;
    }
    return out;
}

} // namespace

struct command_line::impl {
    struct entry {
        std::string display;  // "-f, --file FILE"
        std::string what;
    };

    CLI::App app;
    std::string head;
    std::string tail;
    std::vector<entry> entries;
    std::vector<std::string> names;  // every option name, for suggestions
    std::map<CLI::Option const*, std::function<void(std::string_view)>> takers;
    std::vector<std::string> operand_values;
    bool* namespaces = nullptr;  // --namespaces, which a plugin implies

    void declare(char const* names_list, char const* value_name, std::string_view what)
    {
        std::string d = display_names(names_list);
        if (value_name != nullptr) {
            d += ' ';
            d += value_name;
        }
        entries.push_back({std::move(d), std::string(what)});
        for (std::string& n : split_names(names_list))
            names.push_back(std::move(n));
    }

    std::string help_text() const
    {
        std::vector<entry> all = entries;
        all.push_back({"-h, --help", "this help"});
        std::size_t width = 0;
        for (entry const& e : all)
            if (e.display.size() <= widest_inline_option)
                width = std::max(width, e.display.size());
        std::size_t const column = 2 + width + 2;
        std::string h = head;
        h += "options:\n";
        for (entry const& e : all) {
            std::string line = "  " + e.display;
            if (line.size() + 2 > column) {
                h += line;
                h += '\n';
                line.clear();
            }
            line.resize(column, ' ');
            // The description, word by word, wrapped under itself.
            std::size_t i = 0;
            bool first_word = true;
            while (i < e.what.size()) {
                std::size_t j = e.what.find(' ', i);
                if (j == std::string::npos)
                    j = e.what.size();
                std::string_view const word(e.what.data() + i, j - i);
                if (!first_word && line.size() + 1 + word.size() > help_width) {
                    h += line;
                    h += '\n';
                    line.assign(column, ' ');
                    first_word = true;
                }
                if (!first_word)
                    line += ' ';
                line += word;
                first_word = false;
                i = j + 1;
            }
            h += line;
            h += '\n';
        }
        h += tail;
        return h;
    }
};

command_line::command_line(std::string_view head, std::string_view tail) : p_(std::make_unique<impl>())
{
    p_->head = std::string(head);
    p_->tail = std::string(tail);
    p_->app.set_help_flag("-h,--help", "this help");
    p_->names.insert(p_->names.end(), {"-h", "--help"});
}

command_line::~command_line() = default;

void command_line::flag(char const* names, bool& on, std::string_view what)
{
    p_->app.add_flag(names, on, std::string(what));
    p_->declare(names, nullptr, what);
}

void command_line::value(char const* names, char const* value_name, std::string_view what,
                         std::function<void(std::string_view)> take)
{
    CLI::Option* o = p_->app.add_option(std::string(names))
                         ->description(std::string(what))
                         ->expected(1)
                         ->type_name(value_name)
                         ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    p_->takers[o] = std::move(take);
    p_->declare(names, value_name, what);
}

void command_line::operands(std::function<void(std::string_view)> take)
{
    CLI::Option* o = p_->app.add_option("operands", p_->operand_values);
    p_->takers[o] = std::move(take);
}

void command_line::syntax_option(urns::syntax& syn, std::string_view what)
{
    std::string w = "rfc2141bis (default: draft-ietf-urnbis-rfc2141bis-urn-03), rfc2141 or rfc8141";
    if (!what.empty()) {
        w += ' ';
        w += what;
    }
    value("--syntax", "S", w, [&syn](std::string_view v) { syn = urn_tool::syntax_option(v); });
}

void command_line::file_option(inputs& in, std::string_view what)
{
    value("-f,--file", "FILE", what, [&in](std::string_view v) { in.add_file(v); });
}

void command_line::namespaces_option(bool& on, std::string_view what)
{
    flag("--namespaces", on, what);
    p_->namespaces = &on;
    value("--namespace", "NID=FILE[:ROOT]",
          "add a namespace from the ABNF of its NSS (FILE; ROOT: the rule an NSS must match, by default the "
          "file's first rule), replacing a shipped one of the same NID; implies --namespaces (docs/abnf.md)",
          [&on](std::string_view v) {
              load_abnf_namespace(v);
              on = true;
          });
}

void command_line::plugin_option()
{
    value("--plugin", "PATH",
          "add the namespaces of a plugin (a shared object built with urns_add_plugin; also "
          "URNS_PLUGINS=PATH:PATH..., absolute), and apply them (implies --namespaces); loading a plugin runs "
          "its code; a PATH without \"/\" is a name looked up only in the plugin directories (URNS_PLUGIN_PATH, "
          "then LIBDIR/urns/plugins), never in the current directory: write ./NAME",
          [](std::string_view v) { load_plugin(v); });
}

void command_line::max_line_option(inputs& in, std::string_view what)
{
    value("--max-line", "N", what, [&in](std::string_view v) { in.max_line = size_option("--max-line", v); });
}

void command_line::jobs_option(inputs& in)
{
    value("-j,--jobs", "N",
          "threads that check lines (default: the processors available; 1: no threads); the output is in input "
          "order and the same for every N",
          [&in](std::string_view v) {
              unsigned n = 0;
              std::size_t i = 0;
              for (; i < v.size() && urns::lexical::rfc5234::digit.contains(v[i]) && n <= max_jobs; ++i)
                  n = n * 10 + static_cast<unsigned>(v[i] - '0');
              if (v.empty() || i != v.size() || n == 0 || n > max_jobs)
                  throw usage_error{"--jobs: expected a number of threads from 1 to " + std::to_string(max_jobs) +
                                    ", not '" + std::string(v) + "'"};
              in.jobs = n;
          });
}

void command_line::color_option(std::string_view what)
{
    value("--color", "WHEN",
          what.empty() ? std::string_view("colour carets and severities: auto (default: when standard error is "
                                          "a terminal and NO_COLOR is not set), always, never")
                       : what,
          [](std::string_view v) {
              if (v == "auto")
                  set_color(color_mode::automatic);
              else if (v == "always")
                  set_color(color_mode::always);
              else if (v == "never")
                  set_color(color_mode::never);
              else
                  throw usage_error{"--color: expected auto, always or never, not '" + std::string(v) + "'"};
          });
}

void command_line::reading_options(inputs& in, std::string_view max_line_what)
{
    plugin_option();
    max_line_option(in, max_line_what);
    p_->app.add_flag_callback("--line-buffered", [] { set_line_buffered(); });
    p_->declare("--line-buffered", nullptr,
                "write each line's result at once, not a buffer at a time (the default when standard output is "
                "a terminal)");
    color_option();
}

bool command_line::parse(arguments const& args)
{
    CLI::App& app = p_->app;
    std::vector<std::string> reversed(args.rbegin(), args.rend());  // as CLI11 takes them
    try {
        app.parse(reversed);
    } catch (CLI::CallForHelp const&) {
        out().write(help());
        return false;
    } catch (CLI::ExtrasError const&) {
        std::vector<std::string> const rest = app.remaining();
        std::string const first = rest.empty() ? std::string() : rest.front();
        if (first.size() > 1 && first[0] == '-') {
            std::string m = "unknown option '" + first + "'";
            std::vector<std::string_view> candidates(p_->names.begin(), p_->names.end());
            std::string_view const near = closest(std::string_view(first).substr(0, first.find('=')), candidates);
            if (!near.empty())
                m += "; did you mean '" + std::string(near) + "'?";
            throw usage_error{m};
        }
        throw usage_error{"unexpected argument '" + first + "'"};
    } catch (CLI::ArgumentMismatch const& e) {
        std::string const what = e.what();
        throw usage_error{what.substr(0, what.find(':')) + " needs a value"};
    } catch (CLI::ParseError const& e) {
        throw usage_error{e.what()};
    }
    // Values and operands, in the order of the command line.
    std::map<CLI::Option const*, std::size_t> next;
    for (CLI::Option const* o : app.parse_order()) {
        auto const t = p_->takers.find(o);
        if (t == p_->takers.end())
            continue;
        std::size_t const i = next[o]++;
        if (i < o->results().size())
            t->second(o->results()[i]);
    }
    // A plugin (--plugin, or URNS_PLUGINS, loaded before the command) is
    // loaded to be applied: it implies --namespaces, as --namespace does.
    if (p_->namespaces != nullptr && plugins_loaded())
        *p_->namespaces = true;
    return true;
}

std::string command_line::help() const
{
    return p_->help_text();
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

} // namespace urn_tool
