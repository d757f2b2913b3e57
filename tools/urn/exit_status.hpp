// SPDX-License-Identifier: BSL-1.0
// The urn command: its exit statuses, the same for every subcommand.
#ifndef URN_TOOL_EXIT_STATUS_HPP
#define URN_TOOL_EXIT_STATUS_HPP

namespace urn_tool {

/// Exit status: success (all valid, equivalent).
constexpr int exit_ok = 0;
/// Exit status: some input was invalid, or not equivalent.
constexpr int exit_invalid = 1;
/// Exit status: usage error, I/O error, a feature not in this build, or an
/// input a namespace's rule could not decide (nss_undecided).
constexpr int exit_usage = 2;

} // namespace urn_tool

#endif
