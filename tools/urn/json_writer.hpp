// SPDX-License-Identifier: BSL-1.0
// The urn command: its JSON writer, urns_common's (tools/common/) over the
// command's output buffer.
#ifndef URN_TOOL_JSON_WRITER_HPP
#define URN_TOOL_JSON_WRITER_HPP

#include "out_buffer.hpp"

#include <common/json_writer.hpp>

namespace urn_tool {

using urns_common::json_format_version;
using json_writer = urns_common::json_writer<out_buffer>;

} // namespace urn_tool

// Compiled once, in json_writer.cpp.
extern template class urns_common::json_writer<urn_tool::out_buffer>;

#endif
