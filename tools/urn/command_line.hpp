// SPDX-License-Identifier: BSL-1.0
// The urn command: a subcommand's options and operands, its --help, the
// options every command shares, and the reading of option values.
#ifndef URN_TOOL_COMMAND_LINE_HPP
#define URN_TOOL_COMMAND_LINE_HPP

#include <urns/syntax.hpp>

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace urn_tool {

/// Thrown on a bad command line; main prints "urn <cmd>: <what>" and a hint.
struct usage_error {
    std::string what;
    std::string option = {};  ///< an unknown option, for a suggestion
};

/// The arguments after the command's name.
using arguments = std::vector<std::string>;

struct inputs;

/** The options and operands of one command, read with CLI11, and its
    --help, made from them: `head` (usage and what the command does),
    "options:", one entry per option in the order they were declared (and
    -h, --help), then `tail`. The options are declared once, here; the
    manual pages and the shell completions are made from the --help text
    (tools/urn/gen_docs.py), so nothing can drift.

    Options are written "--name value" or "--name=value"; short flags
    bundle ("-qo"); a short option holds its value ("-fFILE"); "--" ends
    the options; "-" alone is an operand. Values and operands reach their
    handlers in the order of the command line, so "-f A B -f C" reads A,
    B and C in that order.
*/
class command_line {
public:
    command_line(std::string_view head, std::string_view tail);
    ~command_line();
    command_line(command_line const&) = delete;
    command_line& operator=(command_line const&) = delete;

    /// A flag such as "-q,--quiet", and what it does (for --help).
    void flag(char const* names, bool& on, std::string_view what);
    /// An option with a value ("--mode", "M"): `take` gets each value.
    void value(char const* names, char const* value_name, std::string_view what,
               std::function<void(std::string_view)> take);
    /// The operands: `take` gets each.
    void operands(std::function<void(std::string_view)> take);

    /// --syntax S (what the syntax applies to, when not all inputs).
    void syntax_option(urns::syntax& syn, std::string_view what = {});
    /// -f, --file FILE: a file of lines, read in order with the operands.
    void file_option(inputs& in, std::string_view what);
    /// --namespaces, with what it does for this command, and --namespace
    /// NID=FILE[:ROOT] (which implies it).
    void namespaces_option(bool& on, std::string_view what);
    /// --plugin PATH: loads a namespace plugin into tool_registry().
    void plugin_option();
    /// --max-line N.
    void max_line_option(inputs& in, std::string_view what);
    /// -j, --jobs N.
    void jobs_option(inputs& in);
    /// --color WHEN.
    void color_option(std::string_view what = {});
    /// What every command that reads lines ends its options with:
    /// --plugin, --max-line, --line-buffered, --color.
    void reading_options(inputs& in, std::string_view max_line_what = "longest line accepted, in bytes "
                                                                       "(default 64M; K, M, G)");

    /** Reads the arguments and gives each value and operand to its
        handler. False if it printed the help (-h, --help) instead: the
        command then returns exit_ok. A bad command line is a usage_error
        (the nearest option named when one is near). */
    bool parse(arguments const& args);

    /// The --help text.
    std::string help() const;

private:
    struct impl;
    std::unique_ptr<impl> p_;
};

/// The word of `candidates` closest to `word` (at most two edits away, and
/// fewer than half its length), or empty.
std::string_view closest(std::string_view word, std::vector<std::string_view> const& candidates);

/// The syntax named `v`, or a usage_error listing the three names.
urns::syntax syntax_option(std::string_view v);

/// A byte count option: a number with an optional K, M or G (powers of 1024).
std::size_t size_option(std::string_view name, std::string_view v);

} // namespace urn_tool

#endif
