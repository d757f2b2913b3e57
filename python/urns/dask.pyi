# SPDX-License-Identifier: BSL-1.0
# Type stubs of urns.dask (urns/dask.py). extract() gives a dask.bag.Bag of
# dicts, extract_frame() a dask.dataframe.DataFrame; they are typed Any so
# that checking a program that uses urns does not make mypy read Dask's
# sources.
import os
from typing import Any, Iterable, List, Literal, Optional, Sequence, Union

from . import Namespace, Registry

KEEP_FREED: int
CHUNK: int
MAX_LINE: int
BLOCKSIZE: int
FRAME_COLUMNS: tuple[str, ...]

class ReadError(OSError):
    path: str
    reason: str
    def __init__(self, path: str, reason: str) -> None: ...

class LineTooLong(UserWarning): ...

def extract(paths: Union[str, "os.PathLike[str]", Sequence[Union[str, "os.PathLike[str]"]]],
            syntax: Literal["rfc2141bis", "rfc2141", "rfc8141"] = ...,
            namespaces: Union[bool, None, Registry, Iterable[Namespace]] = ..., blocksize: Union[None, int, str] = ...,
            strict: bool = ..., canonical: bool = ..., uri_context: bool = ..., max_line: int = ...) -> Any: ...
def extract_frame(paths: Union[str, "os.PathLike[str]", Sequence[Union[str, "os.PathLike[str]"]]],
                  syntax: Literal["rfc2141bis", "rfc2141", "rfc8141"] = ...,
                  namespaces: Union[bool, None, Registry, Iterable[Namespace]] = ...,
                  blocksize: Union[None, int, str] = ..., strict: bool = ..., canonical: bool = ...,
                  uri_context: bool = ..., max_line: int = ...) -> Any: ...
def main(argv: Optional[List[str]] = ...) -> int: ...
