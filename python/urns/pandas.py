# SPDX-License-Identifier: BSL-1.0
"""A pandas accessor for columns of URNs: ``Series.urns``.

Importing this module registers the accessor (pandas must be installed):

    >>> import pandas as pd
    >>> import urns.pandas
    >>> s = pd.Series(["urn:isbn:0-395-36341-1", "URN:EX:a%2c", "not a urn", None])
    >>> s.urns.is_valid().tolist()
    [True, True, False, False]
    >>> s.urns.canonical().tolist()
    ['urn:isbn:0-395-36341-1', 'urn:ex:a%2C', None, None]
    >>> s.urns.nid.tolist()
    ['isbn', 'EX', None, None]

Each call goes through the extension module once for the whole column, the
C++ code running without the GIL: no Python loop over the items, and no URN
object made unless asked for (parse()). Options are given by calling the
accessor, ``s.urns(syntax="rfc8141", namespaces=True).is_valid()``; the
defaults are urns.parse()'s (syntax 'rfc2141bis', namespaces=False).

Missing values (None, NaN, pd.NA, NaT; what ``Series.isna()`` finds) are
not URNs: is_valid() is False for them, every other result is None (an
empty tuple for fields()), and parse_errors() has no error for them (its row
is missing, as for a valid URN). A str that UTF-8 cannot encode (a lone
surrogate) is not a URN (code 'unencodable'). Any other item that is
neither str nor bytes-like raises TypeError, with the item's position as
``index``. Results keep the Series' index.
"""

from typing import Any, List, Optional

import numpy as np
import pandas as pd

from . import _urns

__all__ = ["UrnsAccessor"]

#: The components nid, nss, ... read as columns (urns.URN's attributes).
COMPONENTS = ("nid", "nss", "assigned_name", "query", "r_component", "q_component", "f_component")


@pd.api.extensions.register_series_accessor("urns")
class UrnsAccessor:
    """``Series.urns``: URN operations on a column of str or bytes."""

    def __init__(self, series: "pd.Series[Any]") -> None:
        self._series = series
        self._syntax = "rfc2141bis"
        self._namespaces: Any = False

    def __call__(self, syntax: str = "rfc2141bis", namespaces: Any = False) -> "UrnsAccessor":
        """The accessor with other options: the syntax ('rfc2141bis',
        'rfc2141', 'rfc8141') and namespaces= (False, True, a Registry or
        Namespace objects, as urns.parse takes them)."""
        if syntax not in ("rfc2141bis", "rfc2141", "rfc8141"):
            raise ValueError(f"unknown syntax {syntax!r}: expected 'rfc2141bis', 'rfc2141' or 'rfc8141'")
        other = UrnsAccessor(self._series)
        other._syntax = syntax
        other._namespaces = namespaces
        return other

    def _texts(self) -> List[Any]:
        # Every missing value becomes None, which the module reads as
        # missing (to_numpy's na_value; a column without one is listed as
        # it is, which is cheaper).
        series = self._series
        if series.hasnans:
            return series.to_numpy(dtype=object, na_value=None).tolist()  # type: ignore[no-any-return]
        return series.tolist()

    def _column(self, what: str, mode: Optional[str] = None) -> Any:
        return _urns._column(self._texts(), what, self._syntax, self._namespaces, mode)

    def _series_of(self, values: Any, dtype: Any = object, name: Any = None) -> "pd.Series[Any]":
        return pd.Series(values, index=self._series.index, dtype=dtype,
                         name=self._series.name if name is None else name)

    def is_valid(self) -> "pd.Series[bool]":
        """A bool Series: whether each item is a URN of the syntax (and, with
        namespaces=, accepted by its namespace's rules); False where missing."""
        bits = self._column("valid")
        return self._series_of(np.frombuffer(bits, dtype=np.bool_), dtype=bool)

    def canonical(self, mode: Optional[str] = None) -> "pd.Series[Any]":
        """The canonical form of each URN (urns.canonical; mode None: the
        syntax's default equivalence), None where not a URN or missing."""
        return self._series_of(self._column("canonical", mode))

    def component(self, name: str) -> "pd.Series[Any]":
        """One component of each URN (one of COMPONENTS), as written; None
        where not a URN, missing, or (query, r_component, q_component,
        f_component) absent."""
        if name not in COMPONENTS:
            raise ValueError(f"unknown component {name!r}: expected one of {', '.join(COMPONENTS)}")
        return self._series_of(self._column(name))

    @property
    def nid(self) -> "pd.Series[Any]":
        """The NID of each URN as written (None where not a URN)."""
        return self.component("nid")

    @property
    def nss(self) -> "pd.Series[Any]":
        """The NSS of each URN as written, still percent-encoded (None where not a URN)."""
        return self.component("nss")

    def components(self) -> pd.DataFrame:
        """A DataFrame of every component (the columns of COMPONENTS), one
        row per item, the Series' index."""
        return pd.DataFrame({c: self._column(c) for c in COMPONENTS}, index=self._series.index, dtype=object)

    def parse_errors(self) -> pd.DataFrame:
        """Why each item is not a URN: a DataFrame with the columns offset
        (bytes into the item's UTF-8; Int64, missing for 'unencodable'),
        code (ParseError.code, or 'unencodable'), expected (the ABNF rule
        expected there), also_expected (ParseError.also_expected: a tuple of
        the other names expected at the same byte) and message
        (str(ParseError), with the caret); all missing in the rows of URNs
        and of missing values."""
        offsets, codes, expected, messages, also = self._column("error")
        return pd.DataFrame(
            {
                "offset": pd.array(offsets, dtype="Int64"),
                "code": codes,
                "expected": expected,
                "also_expected": also,
                "message": messages,
            },
            index=self._series.index,
            dtype=object,
        ).astype({"offset": "Int64"})

    def fields(self) -> "pd.Series[Any]":
        """The named fields of each NSS (URN.fields: a tuple of (name, text)
        pairs), by the namespaces given (namespaces=False: those of
        namespaces=True, the shipped ones and the plugins loaded); () where
        not a URN, missing, or its namespace names none."""
        return self._series_of(self._column("fields"))

    def parse(self) -> "pd.Series[Any]":
        """A urns.URN of each item, None where not a URN or missing (this one
        makes a Python object per URN)."""
        return self._series_of(self._column("urn"))
