// SPDX-License-Identifier: BSL-1.0
// The urn command: what a command reads, and the message of a file that
// cannot be read.
#include "inputs.hpp"

#include "messages.hpp"
#include "shown.hpp"

#include <urns/lexical.hpp>

#include <cstring>
#include <string>

namespace urn_tool {

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
