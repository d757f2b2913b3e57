# SPDX-License-Identifier: BSL-1.0
"""Percent-encoding of namespace-specific strings (RFC 3986 section 2.1).

    >>> urns.pct.encode("Straße 1/2")
    'Stra%C3%9Fe%201%2F2'
    >>> urns.pct.decode("Stra%C3%9Fe%201%2F2")
    'Straße 1/2'
    >>> urns.pct.decode_to_bytes("%FF")
    b'\\xff'

decode() and decode_to_bytes() raise urns.ParseError (code
'bad_pct_encoded') at a '%' not followed by two hex digits.
"""

from ._urns import ParseError
from ._urns import pct as _pct

decode_to_bytes = _pct.decode_to_bytes
encode = _pct.encode


def decode(text, encoding: str = "utf-8", errors: str = "strict") -> str:
    """The text that a percent-encoded string (str or bytes) stands for:
    its octets decoded with ``encoding`` and ``errors`` as bytes.decode()
    does (UnicodeDecodeError for octets that are not UTF-8, by default).
    decode_to_bytes() gives the octets themselves."""
    return decode_to_bytes(text).decode(encoding, errors)


__all__ = ["ParseError", "decode", "decode_to_bytes", "encode"]
