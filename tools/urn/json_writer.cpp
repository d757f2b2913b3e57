// SPDX-License-Identifier: BSL-1.0
// The urn command: its JSON writer, compiled once.
#include "json_writer.hpp"

template class urns_common::json_writer<urn_tool::out_buffer>;
