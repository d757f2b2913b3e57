// SPDX-License-Identifier: BSL-1.0
// The urn command: the subcommands, each in its own cmd_<name>.cpp.
#ifndef URN_TOOL_COMMANDS_HPP
#define URN_TOOL_COMMANDS_HPP

#include "command_line.hpp"
#include "exit_status.hpp"

#include <string_view>

namespace urn_tool {

/// One subcommand: its name, a one-line summary and its entry point
/// (given the arguments after the subcommand's name; "--help" prints its
/// help).
struct command {
    std::string_view name;
    std::string_view summary;
    int (*run)(arguments const& args);
};

extern command const check_command;
extern command const parse_command;
extern command const explain_command;
extern command const normalize_command;
extern command const equal_command;
extern command const extract_command;
extern command const encode_command;
extern command const abnf_command;
extern command const namespaces_command;

/// Prints the subcommand's help on standard output; returns exit_ok.
int print_help(command const& c);

/// What a command's run returns when its command line asked for --help.
constexpr int printed_help = exit_ok;

} // namespace urn_tool

#endif
