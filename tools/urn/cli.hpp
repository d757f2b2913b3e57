// SPDX-License-Identifier: BSL-1.0
// The urn command: what every subcommand shares: exit codes, the argument
// cursor, the common options and the loop over input lines.
#ifndef URN_TOOL_CLI_HPP
#define URN_TOOL_CLI_HPP

#include "line_reader.hpp"
#include "output.hpp"

#include <urns/parse.hpp>
#include <urns/syntax.hpp>

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <deque>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace urn_tool {

/// Exit status: success (all valid, equivalent).
constexpr int exit_ok = 0;
/// Exit status: some input was invalid, or not equivalent.
constexpr int exit_invalid = 1;
/// Exit status: usage error, I/O error, or a feature not in this build.
constexpr int exit_usage = 2;

/// Thrown on a bad command line; main prints "urn <cmd>: <what>" and a hint.
struct usage_error {
    std::string what;
    std::string option = {};  ///< an unknown option, for a suggestion
};

/** One option of a command, as its --help lists it: a line that starts
    with two spaces and "-", such as "  -f, --file FILE  read ..." (short
    name, long name, and a value when an upper-case name follows). */
struct option_spec {
    std::string_view short_name;  ///< "-f", or empty
    std::string_view long_name;   ///< "--file", or empty
    std::string_view value;       ///< "FILE", or empty for a flag
};

/// The options listed in a command's --help text (the one place they are
/// written down: the argument reader, the suggestions for a mistyped
/// option, the manual pages and the shell completions all read it).
std::vector<option_spec> options_in_help(std::string_view help);

/// The word of `candidates` closest to `word` (at most two edits away, and
/// fewer than half its length), or empty.
std::string_view closest(std::string_view word, std::vector<std::string_view> const& candidates);

/** Walks the arguments of one subcommand.

    Long options are "--name value" or "--name=value"; "--" ends the
    options; "-" alone is an operand (standard input). Short options may be
    bundled as the command's --help allows: "-qo" is "-q -o", and "-fFILE"
    is "-f FILE" when -f takes a value.
*/
class arg_cursor {
public:
    arg_cursor(int argc, char** argv, int first, std::vector<option_spec> const& options = {});

    /// Whether arguments remain (consumes a first "--").
    bool more()
    {
        if (!operands_only_ && i_ < args_.size() && args_[i_] == "--") {
            operands_only_ = true;
            ++i_;
        }
        return i_ < args_.size();
    }

    /// Whether the next argument is an option (starts with "-", is not "-").
    bool at_option() const
    {
        return !operands_only_ && i_ < args_.size() && args_[i_].size() > 1 &&
               args_[i_][0] == '-';
    }

    /// Takes the flag `name` (or `alt`) if it is next.
    bool flag(std::string_view name, std::string_view alt = {})
    {
        if (!at_option() || (args_[i_] != name && (alt.empty() || args_[i_] != alt)))
            return false;
        ++i_;
        return true;
    }

    /// Takes the option `name` (or `alt`) and its value if it is next.
    bool option(std::string_view name, std::string_view& value, std::string_view alt = {})
    {
        if (!at_option())
            return false;
        std::string_view const a = args_[i_];
        for (std::string_view n : {name, alt}) {
            if (n.empty())
                continue;
            if (a == n) {
                if (i_ + 1 >= args_.size())
                    throw usage_error{std::string(n) + " needs a value"};
                value = args_[i_ + 1];
                i_ += 2;
                return true;
            }
            if (a.size() > n.size() && a.substr(0, n.size()) == n && a[n.size()] == '=') {
                value = a.substr(n.size() + 1);
                ++i_;
                return true;
            }
        }
        return false;
    }

    /// The next argument, taken as an operand.
    std::string_view operand() { return args_[i_++]; }

    /// The next argument, without taking it.
    std::string_view peek() const { return args_[i_]; }

private:
    std::vector<std::string_view> args_;
    std::deque<std::string> split_;  // the pieces of bundled short options
    std::size_t i_ = 0;
    bool operands_only_ = false;
};

/// The syntax named `v`, or a usage_error listing the three names.
urns::syntax syntax_option(std::string_view v);

/// A byte count option: a number with an optional K, M or G (powers of 1024).
std::size_t size_option(std::string_view name, std::string_view v);

/// What parse_urn is given: the syntax, and with `namespaces` the rules of
/// the namespaces shipped with urns (urns::nss::builtin()).
urns::parse_options parse_options_for(urns::syntax syn, bool namespaces);

/// Loads the namespace plugin at `path` (urns/nss/plugin.hpp) into the
/// registry of tool_registry(); a usage_error (status 2) says why not.
void load_plugin(std::string_view path);

/// The shipped namespaces and those of the plugins (--plugin, URNS_PLUGINS).
urns::nss::registry const& tool_registry();

/// The value of --color: auto, always or never, else a usage_error.
color_mode color_option(std::string_view v);

/// "unknown option X" as a usage_error.
[[noreturn]] void unknown_option(std::string_view a);

/// What to read, in order: URNs given as arguments and files of URNs.
struct inputs {
    struct item {
        bool is_file;           ///< a file of lines ("-" = stdin), else one URN
        std::string_view text;  ///< the URN or the file name
    };
    std::vector<item> items;
    std::size_t max_line = line_reader::default_max_line;
    std::string_view stdin_name = "<stdin>";  ///< how standard input is named (--label)

    /// Adds a URN argument.
    void add_urn(std::string_view s) { items.push_back({false, s}); }
    /// Adds a file ("-" = standard input).
    void add_file(std::string_view s) { items.push_back({true, s}); }
    /** Adds an operand: a URN if it starts with "urn:" (any case), else a
        file if one exists by that name (or it is "-"), else a URN (which
        will be reported invalid). */
    void add_operand(std::string_view s);
};

/** Takes one of the options every command that reads URNs shares, if it
    is next: --syntax S, -f/--file FILE, --max-line N, --plugin PATH,
    --color WHEN. */
bool input_option(arg_cursor& args, inputs& in, urns::syntax& syn);

/// Where an input came from.
struct origin {
    std::string_view file;  ///< the file name as given, "<stdin>", or empty for an argument
    std::size_t line;       ///< the line number, or the argument's index (1-based)
    std::uint64_t offset;   ///< the byte offset of the text in its file (0 for an argument)
    /// Bytes of a UTF-8 byte order mark (EF BB BF) skipped before the text:
    /// 3 on the first line of a file that starts with one, else 0.
    std::size_t bom = 0;
    bool is_argument() const noexcept { return file.empty(); }
};

/// Prints "urn: cannot read FILE: reason".
void report_read_error(std::string_view file, int error);

/// What for_each_input calls at the end of each file when not told more.
struct no_file_end {
    void operator()(std::string_view) const noexcept {}
};

/** Calls `on_line(origin, text)` for each URN argument and each
    non-empty line of each file, in the order given; with none given, for
    each non-empty line of standard input. A UTF-8 byte order mark at the
    start of a file is not part of its first line (origin::bom says it was
    there). Calls `on_long(origin)` for a line longer than in.max_line, and
    `on_end(name)` after each file read to its end. If `on_line` returns a
    bool, false stops the reading at once. Returns exit_usage if a file
    could not be opened or read (after a message naming it; the other
    inputs are still read), else exit_ok.
*/
template <class OnLine, class OnLong, class OnEnd = no_file_end>
int for_each_input(inputs const& in, OnLine&& on_line, OnLong&& on_long, OnEnd on_end = {})
{
    auto line = [&](origin const& where, std::string_view text) {
        if constexpr (std::is_same_v<decltype(on_line(where, text)), bool>)
            return on_line(where, text);
        else
            return on_line(where, text), true;
    };
    static std::vector<inputs::item> const stdin_only{{true, "-"}};
    int status = exit_ok;
    std::size_t argument = 0;
    for (inputs::item const& it : in.items.empty() ? stdin_only : in.items) {
        if (!it.is_file) {
            if (!line(origin{{}, ++argument, 0}, it.text))
                return status;
            continue;
        }
        std::string const path(it.text);
        std::string_view const name = path == "-" ? in.stdin_name : it.text;
        input_file f(path);
        if (f.fd() < 0) {
            report_read_error(name, f.error());
            status = exit_usage;
            continue;
        }
        line_reader r(f.fd(), line_reader::default_block, in.max_line);
        std::string_view text;
        for (;;) {
            auto const st = r.next(text);
            if (st == line_reader::status::line) {
                origin where{name, r.line_number(), r.line_offset()};
                if (where.line == 1 && where.offset == 0 && text.substr(0, 3) == "\xEF\xBB\xBF") {
                    text.remove_prefix(3);
                    where.offset = where.bom = 3;
                }
                if (!text.empty() && !line(where, text))
                    return status;
            } else if (st == line_reader::status::too_long) {
                on_long(origin{name, r.line_number(), 0});
            } else {
                if (st == line_reader::status::error) {
                    report_read_error(name, r.error());
                    status = exit_usage;
                } else {
                    on_end(name);
                }
                break;
            }
        }
    }
    return status;
}

} // namespace urn_tool

#endif
