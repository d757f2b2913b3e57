# SPDX-License-Identifier: BSL-1.0
# The public API of the package urns used as a program would use it, with
# the types its stubs (urns/__init__.pyi, urns/pct.pyi) must give:
# ctest python_stubs runs `mypy --strict` over this file and the stubs
# (assert_type fails the check when a stub says another type), then runs
# it, so that every call here also works and gives the values asserted.
# Expected values come from the documents' examples and the README's.
from typing import Callable, Iterator, List, Optional, Tuple, Union, assert_type

import urns
from urns import pct

# Version and constants.
assert_type(urns.__version__, str)
assert urns.__version__.count(".") == 2
assert_type(urns.SYNTAXES, "tuple[str, str, str]")
assert urns.SYNTAXES == ("rfc2141bis", "rfc2141", "rfc8141")
assert_type(urns.MODES, "tuple[str, str, str, str]")
assert "rfc2141bis-5a" in urns.MODES
assert_type(urns.IANA_REGISTRY_SNAPSHOT, str)

# parse, URN and its components (RFC 8141 section 2's r-component example).
u = urns.parse("urn:example:a123?+CCResolve:cc=uk", syntax="rfc8141")
assert_type(u, urns.URN)
assert_type(u.nid, str)
assert_type(u.q_component, Optional[str])
assert (u.scheme, u.nid, u.nss) == ("urn", "example", "a123")
assert (u.r_component, u.q_component, u.f_component) == ("CCResolve:cc=uk", None, None)
assert u.assigned_name == "urn:example:a123" and u.syntax == "rfc8141"
# draft-03: the query of RFC 2141 section 5's example URN.
q = urns.URN(b"urn:foo:a123,456?x=y")
assert q.query == "x=y" and hash(q) == hash(urns.URN("urn:foo:a123,456?x=y"))

# ParseError: the space at byte 8 is not an NSS character.
try:
    urns.parse("urn:ex:a b")
    raise AssertionError("urn:ex:a b parsed")
except urns.ParseError as e:
    assert_type(e.offset, int)
    assert_type(e.also_expected, "tuple[str, ...]")
    assert_type(e.index, Optional[int])
    assert (e.offset, e.code, e.syntax) == (8, "bad_nss", "rfc2141bis")
assert_type(urns.is_valid("urn:ex:a b"), bool)
assert not urns.is_valid("urn:ex:a b") and urns.is_valid(bytearray(b"urn:ex:a"))
assert_type(urns.is_valid_many(["urn:ex:a", "urn:ex:a b", None, b"urn:ex:b"]), bytes)
assert urns.is_valid_many(("urn:ex:a", "urn:ex:a b"), "rfc8141", namespaces=True) == b"\x01\x00"

# The batches, with the three ways of reporting errors.
raised: List[urns.URN] = urns.parse_many(["urn:ex:a", b"urn:ex:b"])
assert [x.nss for x in raised] == ["a", "b"]
none: List[Optional[urns.URN]] = urns.parse_many(["urn:ex:a", "x"], errors="none")
assert none[1] is None
returned = urns.parse_many(["x"], errors="return")
assert_type(returned, List[Union[urns.URN, urns.ParseError, TypeError, UnicodeEncodeError]])
assert isinstance(returned[0], urns.ParseError) and returned[0].index == 0
canon = urns.canonical_many(["URN:Example:a%2cb", "x"], errors="none")
assert_type(canon, List[Optional[str]])
assert canon == ["urn:example:a%2Cb", None]
assert_type(urns.canonical_many(("URN:Example:a%2cb",)), List[str])
assert_type(urns.canonical_many(iter([b"x"]), None, "rfc2141", False, "return"),
            List[Union[str, urns.ParseError, TypeError, UnicodeEncodeError]])
assert_type(urns.parse_many(t for t in ["urn:ex:a"]), List[urns.URN])
mixed: List[str] = ["urn:ex:a"]
assert urns.parse_many(mixed) == urns.parse_many(["urn:ex:a", b"urn:ex:a"])[:1]
assert urns.parse(memoryview(b"urn:ex:a")) == urns.URN(bytearray(b"urn:ex:a"))

# What the stubs reject (each would fail at run time): a single str as a
# batch, a Match made from nothing, a number as text, errors= misspelt.
# --strict warns of an unused "type: ignore", so each must be an error.
wrongs: List[Callable[[], object]] = [
    lambda: urns.parse_many("urn:ex:a"),  # type: ignore[call-overload]
    lambda: urns.is_valid_many("urn:ex:a"),  # type: ignore[arg-type]
    lambda: urns.Match(),  # type: ignore[call-arg]
    lambda: urns.MatchIterator(),  # type: ignore[call-arg]
    lambda: urns.parse(3),  # type: ignore[arg-type]
    lambda: urns.parse_many([], errors="ignore"),  # type: ignore[call-overload]
]
for wrong in wrongs:
    try:
        wrong()
        raise AssertionError("accepted")
    except (TypeError, ValueError):
        pass
assert urns.Match(4, 8, "urn:ex:a", "ex").urn == "urn:ex:a"
assert_type(urns.Match(4, 8, "urn:ex:a", "ex", "rfc8141", urns.NamespaceFault(7, "X")).namespace_fault,
            Optional[urns.NamespaceFault])

# Equivalence (RFC 2141 section 5's examples).
assert_type(urns.canonical("URN:Example:a%2cb"), str)
assert urns.canonical("URN:Example:a%2cb") == "urn:example:a%2Cb"
assert urns.canonical(u, mode="rfc8141") == "urn:example:a123"
assert_type(urns.equivalent("urn:foo:a123,456", "URN:FOO:a123,456"), bool)
assert urns.equivalent("urn:foo:a123,456", "URN:FOO:a123,456")
assert not urns.equivalent("urn:foo:a123,456", "urn:foo:a123%2C456")
assert urns.equivalence_key("URN:FOO:a") == urns.equivalence_key("urn:foo:a")

# check, on the example of urns/check.hpp: an experimental NID (RFC 3406
# section 3.1), lower-case hex digits in "%2c" (RFC 3986 section 2.1) and
# an unregistered "s=" service (draft-03 section 2.3.1), by offset.
diagnostics = urns.check("urn:X-foo:a%2c?s=I2X")
assert_type(diagnostics, List[urns.Diagnostic])
assert [(x.code, x.offset) for x in diagnostics] == [
    ("experimental-nid", 4), ("lower-case-hex", 11), ("unknown-service", 17)]
d = diagnostics[1]
assert (d.severity, d.length) == ("note", 3)
assert_type(d.message, str)

# find and find_many; a uuid one hex digit short (RFC 9562's example UUID)
# is rejected by its namespace's rules at the end of the NSS.
matches = urns.find("See urn:isbn:0-395-36341-1.")
assert_type(matches, urns.MatchIterator)
m = next(matches)
assert_type(m, urns.Match)
assert (m.offset, m.length, m.urn, m.nid, m.syntax) == (4, 22, "urn:isbn:0-395-36341-1", "isbn", "rfc2141bis")
short_uuid = "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf"
fault = next(urns.find(short_uuid, namespaces=True)).namespace_fault
assert_type(fault, Optional[urns.NamespaceFault])
assert fault is not None and (fault.offset, fault.expected) == (44, "HEXDIG")
found = urns.find_many(["a urn:ex:a", "none"], strict=True, uri_context=False)
assert_type(found, List[List[urns.Match]])
assert [len(x) for x in found] == [1, 0]

# make_urn and urns.pct (the examples of make_urn.hpp and pct.hpp).
built = urns.make_urn("example", "Straße 1/2")
assert_type(built, urns.URN)
assert str(built) == "urn:example:Stra%C3%9Fe%201%2F2"
assert_type(pct.encode("Straße 1/2"), str)
assert pct.encode("Straße 1/2") == "Stra%C3%9Fe%201%2F2"
assert pct.encode("a~b", syntax="rfc2141", extra_reserved="b") == "a%7E%62"
assert_type(pct.decode("Stra%C3%9Fe"), str)
assert pct.decode("Stra%C3%9Fe") == "Straße"
assert_type(pct.decode_to_bytes(b"%FF"), bytes)
assert pct.decode_to_bytes(b"%FF") == b"\xff"
assert pct.ParseError is urns.ParseError

# The namespaces shipped, and the IANA registry snapshot.
shipped = urns.namespaces()
assert_type(shipped, List[urns.Namespace])
assert any(n.nid == "uuid" and n.validates and n.folds for n in shipped)
registered = urns.registered_namespaces()
assert_type(registered, List[urns.RegisteredNamespace])
assert any(r.nid == "isbn" and r.kind == "formal" for r in registered)

# A namespace from its ABNF (docs/namespaces.md's Maritime Resource Name),
# in a Registry with the shipped ones.
mrn = urns.Namespace.from_abnf("mrn", 'MRN = OID ":" OSS\nOID = alphanum 0*20( alphanum / "-" ) alphanum\n'
                                      'OSS = 1*( pchar / "/" )\nalphanum = ALPHA / DIGIT\n',
                               case_insensitive=["OID"], fields=("OID",), reference="IALA")
assert_type(mrn, urns.Namespace)
assert_type(mrn.root, Optional[str])
assert_type(mrn.abnf, Optional[str])
assert_type(mrn.case_insensitive, Tuple[str, ...])
assert mrn.nid == "mrn" and mrn.root == "MRN" and mrn.reference == "IALA"
assert_type(mrn.validate("iala:x"), Optional[urns.NamespaceFault])
fault = mrn.validate(b"iala-:x")
assert fault is not None and fault.offset == 5
assert_type(mrn.fields("iala:x"), List[Tuple[str, int, int, str]])
assert mrn.fields("iala:x") == [("OID", 0, 4, "iala")]
reg = urns.Registry([mrn])
assert_type(reg, urns.Registry)
reg.add(mrn)
assert "mrn" in reg and len(reg) == len(shipped) and reg["MRN"] == mrn  # replaces the shipped, opaque mrn
assert_type(iter(reg), Iterator[str])
assert urns.is_valid("urn:mrn:iala:aton:x", syntax="rfc8141", namespaces=reg)
assert not urns.is_valid("urn:mrn:iala-:x", syntax="rfc8141", namespaces=[mrn])
assert urns.equivalent("urn:mrn:IALA:x", "urn:mrn:iala:x", syntax="rfc8141", namespaces=reg)
assert urns.canonical_many(["urn:mrn:IALA:x"], syntax="rfc8141", namespaces=(mrn,)) == ["urn:mrn:iala:x"]
assert urns.is_valid("urn:uuid:x", namespaces=None)
bare = urns.Registry(builtin=False)
assert len(bare) == 0 and not bare.builtin
try:
    urns.Namespace.from_abnf("mrn", 'MRN = OID\n')
    raise AssertionError("an undefined rule compiled")
except urns.GrammarError as e:
    assert_type(e.diagnostics, List[urns.GrammarDiagnostic])
    assert_type(e.diagnostics[0].line, int)
    assert_type(e.diagnostics[0].expected, Tuple[str, ...])
    assert e.diagnostics[0].line == 1 and e.diagnostics[0].column == 7

# URN.fields: the uuid namespace's (RFC 4122 section 3's example UUID).
fields = urns.parse("urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6").fields
assert_type(fields, Tuple[Tuple[str, str], ...])
assert fields[0] == ("time-low", "f81d4fae")

# load_plugin: a file that is not there raises PluginError, an ImportError.
try:
    urns.load_plugin("/nonexistent/plugin.so")
    raise AssertionError("a missing plugin loaded")
except urns.PluginError as e:
    assert_type(e.reason, str)
    assert_type(e.path, Optional[str])
    assert e.path == "/nonexistent/plugin.so"

print("typing_usage: ok")
