// SPDX-License-Identifier: BSL-1.0
// The urn command: entry point, subcommand dispatch, --help and --version,
// and the one place where errors become exit statuses.
#include "commands.hpp"
#include "messages.hpp"
#include "namespaces.hpp"
#include "streams.hpp"

#include <urns/version.hpp>

#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>
#include <string>
#include <system_error>
#include <vector>


#include <unistd.h>

namespace urn_tool {

namespace {

/** What ends the process when std::terminate is called before main: the
    static objects of a library (CLI11's validators) that cannot allocate,
    under a low `ulimit -v`, where an exception cannot even be made. A
    message and status 2, as every other failure, rather than an abort;
    main puts back the default handler. */
[[noreturn]] void failed_to_start() noexcept
{
    static char const message[] = "urn: out of memory while starting\n";
    ssize_t const written = ::write(2, message, sizeof message - 1);
    static_cast<void>(written);
    std::_Exit(2);
}

struct start_handler {
    std::terminate_handler previous = std::set_terminate(failed_to_start);
};

/// Made before the static objects of every other translation unit (the
/// lowest priority open to programs).
start_handler const installed __attribute__((init_priority(101)));

command const* const commands[] = {
    &check_command, &parse_command, &explain_command, &normalize_command,
    &equal_command, &extract_command, &encode_command, &abnf_command, &namespaces_command,
};

constexpr std::string_view usage_head =
    R"(usage: urn [-V | --version] [-h | --help] COMMAND [OPTIONS] [ARGS...]

Parses, checks, normalizes, compares and finds URNs (RFC 2141,
draft-ietf-urnbis-rfc2141bis-urn-03, RFC 8141).

commands:
)";

constexpr std::string_view usage_tail =
    R"(
Run "urn COMMAND --help" for a command's options.
exit status: 0 ok, 1 invalid input or not equal, 2 usage or I/O error
)";

command const* find_command(std::string_view name)
{
    for (command const* c : commands)
        if (c->name == name)
            return c;
    return nullptr;
}

/// "unknown command 'X'", with the nearest command's name if one is near.
std::string unknown_command(std::string_view name)
{
    std::vector<std::string_view> names;
    for (command const* c : commands)
        names.push_back(c->name);
    std::string m = "unknown command '" + std::string(name) + "'";
    std::string_view const near = closest(name, names);
    if (!near.empty())
        m += "; did you mean '" + std::string(near) + "'?";
    return m + " (see \"urn --help\")";
}

void print_usage(out_buffer& o)
{
    o.write(usage_head);
    for (command const* c : commands) {
        o.write("  ");
        o.write(c->name);
        o.spaces(12 - c->name.size());
        o.write(c->summary);
        o.put('\n');
    }
    o.write(usage_tail);
}

/// Whether a command's arguments hold -h or --help (before any "--").
bool asks_for_help(arguments const& args)
{
    for (std::string const& a : args) {
        if (a == "--")
            break;
        if (a == "-h" || a == "--help")
            return true;
    }
    return false;
}

int dispatch(int argc, char** argv)
{
    if (argc < 2) {
        begin_message();
        print_usage(err());
        end_message();
        return exit_usage;
    }
    std::string_view const name = argv[1];
    if (name == "--help" || name == "-h" || name == "help") {
        if (name == "help" && argc > 2) {
            if (command const* c = find_command(argv[2]))
                return print_help(*c);
            complain(unknown_command(argv[2]));
            return exit_usage;
        }
        print_usage(out());
        return exit_ok;
    }
    if (name == "--version" || name == "-V") {
        out().write("urn (urns) " URNS_VERSION_STRING "\n");
        return exit_ok;
    }
    command const* c = find_command(name);
    if (c == nullptr) {
        complain(unknown_command(name));
        return exit_usage;
    }
    try {
        arguments const args(argv + 2, argv + argc);
        // The one point where URNS_PLUGINS is read, for every command (but
        // for its --help, which must work whatever the environment).
        if (!asks_for_help(args))
            load_environment_plugins();
        return c->run(args);
    } catch (plugin_error const& e) {
        complain(e.what);
        return exit_usage;
    } catch (usage_error const& e) {
        std::string m(c->name);
        m += ": ";
        m += e.what;
        m += " (see \"urn ";
        m += c->name;
        m += " --help\")";
        complain(m);
        return exit_usage;
    }
}

/// "urn: <text>" on standard error, and status 2, from a handler: never
/// throws (a message that cannot be written is lost, the status stays).
int fail_with(std::string_view text) noexcept
{
    try {
        complain(text);
        err().flush();
        return exit_usage;
    } catch (...) {
    }
    // Out of memory even for the message: straight to the descriptor.
    constexpr std::string_view head = "urn: ";
    (void)!::write(2, head.data(), head.size());
    (void)!::write(2, text.data(), text.size());
    (void)!::write(2, "\n", 1);
    return exit_usage;
}

} // namespace

int print_help(command const& c)
{
    return c.run({"--help"});
}

} // namespace urn_tool

/** Every command runs inside this one guard, the plugins' code that the
    tool calls among it (their entry points, and what their validators
    throw, see namespaces.cpp): whatever escapes becomes a message and status
    2, never std::terminate. Out of memory and a thread that cannot be
    started (std::system_error) included. */
int main(int argc, char** argv)
{
    using namespace urn_tool;
    std::set_terminate(installed.previous);
    int status;
    try {
        init_output();
        status = dispatch(argc, argv);
        if (std::string const why = plugin_failure(); !why.empty())
            status = fail_with(why);
        out().flush();
        err().flush();
    } catch (closed_pipe const&) {
        // The reader went away (`urn ... | head`): stop quietly, with
        // status 0, after the messages already made (if stderr is open).
        try {
            err().flush();
        } catch (...) {
        }
        return exit_ok;
    } catch (write_failed const& e) {
        return fail_with(std::string("write error: ") + std::strerror(e.error));
    } catch (usage_error const& e) {
        return fail_with(e.what);
    } catch (std::bad_alloc const&) {
        return fail_with("out of memory");
    } catch (std::system_error const& e) {
        return fail_with(std::string("system error: ") + e.what());
    } catch (std::exception const& e) {
        return fail_with(std::string("unexpected error: ") + e.what());
    } catch (...) {
        return fail_with("unexpected error (an exception of an unknown type)");
    }
    return status;
}
