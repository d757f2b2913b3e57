# SPDX-License-Identifier: BSL-1.0
# Type stubs of urns.pct (urns/pct.py, over the extension module's pct).
from typing import Literal, Union

from . import ParseError as ParseError

_Text = Union[str, bytes, bytearray]
_Syntax = Literal["rfc2141bis", "rfc2141", "rfc8141"]

def decode(text: _Text, encoding: str = ..., errors: str = ...) -> str: ...
def decode_to_bytes(text: _Text) -> bytes: ...
def encode(raw: _Text, syntax: _Syntax = ..., extra_reserved: _Text = ...) -> str: ...
