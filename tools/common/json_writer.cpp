// SPDX-License-Identifier: BSL-1.0
// The base64 of the JSON records' "<key>_base64" members.
#include "json_writer.hpp"

#include <boost/archive/iterators/base64_from_binary.hpp>
#include <boost/archive/iterators/transform_width.hpp>

namespace urns_common {

std::string base64(std::string_view s)
{
    using namespace boost::archive::iterators;
    using encoder = base64_from_binary<transform_width<char const*, 6, 8>>;
    std::string out(encoder(s.data()), encoder(s.data() + s.size()));
    out.append((3 - s.size() % 3) % 3, '=');
    return out;
}

} // namespace urns_common
