# SPDX-License-Identifier: BSL-1.0
"""Uniform Resource Names: parse, validate, normalize, compare, extract.

The Python face of the C++ library urns. Three syntaxes, named by strings:
'rfc2141bis' (draft-ietf-urnbis-rfc2141bis-urn-03, the default), 'rfc2141'
and 'rfc8141'.

    >>> import urns
    >>> u = urns.parse("urn:example:a123?+CCResolve:cc=uk", syntax="rfc8141")
    >>> u.nid, u.nss, u.r_component, u.q_component
    ('example', 'a123', 'CCResolve:cc=uk', None)
    >>> urns.canonical("URN:Example:a%2cb")
    'urn:example:a%2Cb'
    >>> urns.equivalent("urn:foo:a123,456", "URN:FOO:a123,456")
    True
    >>> [m.urn for m in urns.find("See urn:isbn:0-395-36341-1.")]
    ['urn:isbn:0-395-36341-1']
    >>> urns.parse("urn:ex:a b")
    Traceback (most recent call last):
      ...
    urns.ParseError: urn:ex:a b
            ^ offset 8: ...

Text is str (read as its UTF-8 bytes) or bytes-like. Every offset the package
gives (ParseError.offset, Diagnostic.offset, Match.offset) counts bytes of
that UTF-8, not characters; for ASCII text the two are the same. A str that
UTF-8 cannot encode (a lone surrogate) raises UnicodeEncodeError.

Functions: parse, is_valid, canonical, equivalent, equivalence_key, check,
find, make_urn, namespaces, registered_namespaces, load_plugin; the batch functions
is_valid_many, parse_many, canonical_many and find_many release the GIL while
the C++ code runs, so threads calling them use several cores. The lighter
batches cost the least: is_valid_many gives bytes of 1 and 0 and
canonical_many a list of str, with no object per URN; parse_many makes a full
URN object of each. The functions and objects
pickle (multiprocessing, Dask). Submodules: urns.pct (percent-encoding),
urns.dask (URNs of many files with Dask, as `urn extract --json` finds them),
urns.pandas (the accessor Series.urns, where pandas is installed).

Namespaces: namespaces=True applies the rules of the namespaces urns ships
(namespaces() lists them); a namespace known only by the ABNF of its
registration is Namespace.from_abnf(nid, abnf), given in a Registry (or a
list: the shipped namespaces and those):

    >>> mrn = urns.Namespace.from_abnf("mrn", '''
    ... MRN = OID ":" OSS
    ... OID = alphanum 0*20( alphanum / "-" ) alphanum
    ... OSS = 1*( pchar / "/" )
    ... alphanum = ALPHA / DIGIT
    ... ''', case_insensitive=["OID"])
    >>> reg = urns.Registry([mrn])
    >>> urns.is_valid("urn:mrn:iala-:x", syntax="rfc8141", namespaces=reg)
    False
    >>> urns.canonical("urn:mrn:IALA:x", syntax="rfc8141", namespaces=reg)
    'urn:mrn:iala:x'

A namespace written in C++ as a plugin of the urn tool (urns_add_plugin) is
loaded with load_plugin(path), or from URNS_PLUGINS (paths separated by
':') as the tool loads it; its namespaces join those of namespaces=True,
and URN.fields gives the fields a namespace names (uuid's, a plugin's):

    >>> urns.parse("urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6").fields[0]
    ('time-low', 'f81d4fae')
"""

from typing import List, NamedTuple

from . import _urns
from ._urns import (
    URN,
    Diagnostic,
    GrammarDiagnostic,
    GrammarError,
    Match,
    MatchIterator,
    Namespace,
    NamespaceFault,
    ParseError,
    UndecidedError,
    PluginError,
    Registry,
    canonical,
    canonical_many,
    check,
    equivalence_key,
    equivalent,
    find,
    find_many,
    is_valid,
    is_valid_many,
    load_plugin,
    make_urn,
    parse,
    parse_many,
)
from . import pct

__version__ = _urns.__version__

#: The syntaxes, as the ``syntax`` arguments name them.
SYNTAXES = ("rfc2141bis", "rfc2141", "rfc8141")

#: The equivalence modes, as the ``mode`` arguments name them.
MODES = ("rfc2141", "rfc2141bis-5a", "rfc2141bis-5b", "rfc8141")

#: The date of the IANA registry snapshot that registered_namespaces() lists.
IANA_REGISTRY_SNAPSHOT = _urns.iana_registry_snapshot


class RegisteredNamespace(NamedTuple):
    """A NID of the IANA URN namespace registry (see registered_namespaces())."""

    nid: str
    """The NID in lower case, as registered."""
    kind: str
    """'formal' (RFC 8141 section 6) or 'informal' ('urn-' number, section 5.2)."""
    reference: str
    """The registration's reference ('RFC 5279', a draft, a URL); may be empty."""


def namespaces() -> List[Namespace]:
    """What ``namespaces=True`` applies: the namespaces whose rules urns
    ships (uuid, isbn, issn, oid, ietf, nbn, example, ...), then those of
    the plugins loaded (load_plugin(), URNS_PLUGINS)."""
    return _urns._default_namespaces()


def registered_namespaces() -> List[RegisteredNamespace]:
    """Every NID of the IANA registry snapshot this library ships, sorted
    by NID (IANA_REGISTRY_SNAPSHOT says its date)."""
    return [RegisteredNamespace(*t) for t in _urns._registered_namespaces()]


__all__ = [
    "URN",
    "Diagnostic",
    "GrammarDiagnostic",
    "GrammarError",
    "IANA_REGISTRY_SNAPSHOT",
    "MODES",
    "Match",
    "MatchIterator",
    "Namespace",
    "NamespaceFault",
    "ParseError",
    "UndecidedError",
    "PluginError",
    "RegisteredNamespace",
    "Registry",
    "SYNTAXES",
    "canonical",
    "canonical_many",
    "check",
    "equivalence_key",
    "equivalent",
    "find",
    "find_many",
    "is_valid",
    "is_valid_many",
    "load_plugin",
    "make_urn",
    "namespaces",
    "parse",
    "parse_many",
    "pct",
    "registered_namespaces",
]
