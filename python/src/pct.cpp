// SPDX-License-Identifier: BSL-1.0
// The submodule urns.pct: percent-encoding of NSSs (decode_to_bytes,
// encode).
#include "common.hpp"

namespace urns_python {

namespace {

py::object fn_pct_decode_to_bytes(PyObject** a)
{
    text_arg t = get_text(a[0], "text");
    auto r = urns::pct::decode(t.view);
    if (!r)
        raise(r.error(), t.view);
    return py::bytes(*r);
}

py::object fn_pct_encode(PyObject** a)
{
    text_arg t = get_text(a[0], "raw");
    urns::syntax const syn = get_syntax(a[1]);
    text_arg extra = a[2] ? get_text(a[2], "extra_reserved") : text_arg{};
    auto r = urns::pct::encode(t.view, syn, extra.view);
    if (!r)
        raise(r.error(), t.view);
    return ascii_obj(*r);
}

} // namespace

void init_pct(py::module_& m)
{
    py::module_ pct = m.def_submodule("pct", "Percent-encoding of NSSs (RFC 3986 section 2.1).");
    add_function(pct, "urns.pct", "decode_to_bytes", {"text"}, fn_pct_decode_to_bytes,
                 "The octets (bytes) that a percent-encoded string stands for; raises ParseError\n"
                 "(code 'bad_pct_encoded') at a '%' not followed by two hex digits.");
    add_function(pct, "urns.pct", "encode", {"raw", "syntax='rfc2141bis'", "extra_reserved=''"}, fn_pct_encode,
                 "Percent-encodes a raw identifier (str, as UTF-8, or bytes) into an NSS of\n"
                 "the syntax (a str): every octet the syntax does not allow as it is, and every\n"
                 "character of extra_reserved, becomes %HH (upper-case hex). Raises\n"
                 "ParseError for an empty identifier or one with a NUL.");
}

} // namespace urns_python
