# SPDX-License-Identifier: BSL-1.0
# A seeded fuzz of the public API of urns (run by test_urns.py's
# test_fuzz_public_api): every function, constructor and method called
# with random arguments of every kind (texts near URNs, bytes-likes,
# numbers, None, containers, objects of the package, objects made by
# __new__ alone, subclasses' objects), by position and by keyword; every
# object it gets back pickled with every protocol, copied, printed and
# hashed. Any exception is fine; a crash (the process dying) is the
# failure this looks for, and a result of the wrong type.
#
# Usage: fuzz_api.py SEED SECONDS
import copy
import inspect
import pickle
import random
import sys
import time

import urns
import urns.pct

seed, seconds = int(sys.argv[1]), float(sys.argv[2])
rng = random.Random(seed)

MRN = urns.Namespace.from_abnf("mrn", 'MRN = OID ":" OSS\nOID = 1*( ALPHA / DIGIT )\nOSS = 1*pchar\n')
REG = urns.Registry([MRN])


class Sub(urns.URN):
    pass


class SubMatch(urns.Match):
    pass


PIECES = ["urn:", "URN:", "ex", "isbn", "uuid", "mrn", ":", "a", "%", "%2c", "%zz", "?", "?+", "?=", "#", "/",
          "\x00", " ", "\n", "\r", "é", "\ud800", "0-395-36341-1", "f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
          "iala", "-", "&", "=", "x" * 70, "urn:ex:" + "a" * 300]


def text():
    s = "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 8)))
    k = rng.random()
    if k < 0.5:
        return s
    b = s.encode("utf-8", "surrogatepass")
    if rng.random() < 0.2:
        b += bytes([rng.randint(0, 255)])
    return [bytes, bytearray, memoryview][rng.randrange(3)](b) if k < 0.9 else b


def half(cls):
    try:
        return cls.__new__(cls)
    except TypeError:
        return None


def value():
    k = rng.randrange(23)
    return [
        text, text, text,
        lambda: rng.choice(["rfc2141bis", "rfc2141", "rfc8141", "RFC8141", "", "nope"]),
        lambda: rng.choice([None, True, False, 0, 1, -1, 2 ** 70, 3.5, float("nan")]),
        lambda: rng.choice(["raise", "none", "return", "x"]),
        lambda: rng.choice([None, "rfc2141", "rfc2141bis-5a", "rfc2141bis-5b", "rfc8141", "m"]),
        lambda: rng.choice(["valid", "canonical", "nid", "error", "fields", "query", "nope"]),
        lambda: [text() for _ in range(rng.randint(0, 5))],
        lambda: tuple(text() for _ in range(rng.randint(0, 3))),
        lambda: iter([text(), 3, None]),
        lambda: (x for x in [text()]),
        lambda: rng.choice([REG, urns.Registry(), urns.Registry(builtin=False), [MRN], (MRN,), urns.namespaces()]),
        lambda: rng.choice([MRN, half(urns.Namespace), half(urns.Registry), half(urns.Match)]),
        lambda: urns.URN("urn:ex:a%2c?+r#f", "rfc8141"),
        lambda: Sub("urn:isbn:0-395-36341-1"),
        lambda: SubMatch(1, 2, "urn:ex:a", "ex"),
        lambda: half(rng.choice([urns.Diagnostic, urns.NamespaceFault, urns.GrammarDiagnostic,
                                 urns.MatchIterator])),
        lambda: object(),
        lambda: {"a": 1},
        lambda: ["OID"],
        lambda: rng.randint(-3, 300),
        lambda: "MRN = 1*ALPHA\n" if rng.random() < 0.5 else "X = ( \n",
    ][k]()


FUNCTIONS = [urns.parse, urns.is_valid, urns.is_valid_many, urns.parse_many, urns.canonical, urns.canonical_many,
             urns.equivalence_key, urns.equivalent, urns.check, urns.find, urns.find_many, urns.make_urn,
             urns.pct.encode, urns.pct.decode, urns.pct.decode_to_bytes, urns.namespaces,
             urns.registered_namespaces, urns.URN, Sub, urns.Match, SubMatch, urns.Diagnostic,
             urns.NamespaceFault, urns.GrammarDiagnostic, urns.Namespace.from_abnf, urns.Registry,
             urns.URN.__new__, urns.Match.__new__, urns.Namespace.__new__, urns.Registry.__new__,
             urns._urns._extract_block, urns.load_plugin, urns._urns._column]
PARAMS = {f: list(inspect.signature(f).parameters) for f in FUNCTIONS if f not in (
    urns.URN.__new__, urns.Match.__new__, urns.Namespace.__new__, urns.Registry.__new__)}


def exercise(obj):
    """What a program may do with any object it got back."""
    for f in (repr, str, hash, bool, lambda o: o == o, lambda o: o != 3, copy.copy, copy.deepcopy,
              lambda o: list(o) if isinstance(o, (list, urns.MatchIterator, urns.Registry)) else o):
        try:
            f(obj)
        except Exception:
            pass
    for proto in range(pickle.HIGHEST_PROTOCOL + 1):
        try:
            back = pickle.loads(pickle.dumps(obj, proto))
        except (TypeError, pickle.PicklingError, AttributeError):
            continue
        if isinstance(obj, (urns.URN, urns.Match, urns.NamespaceFault, urns.Diagnostic, urns.Namespace)):
            assert back == obj and type(back) is type(obj), (obj, proto)
    for name in dir(obj):
        if name.startswith("__"):
            continue
        try:
            attr = getattr(obj, name)
            if callable(attr):
                attr(*[value() for _ in range(rng.randint(0, 2))])
        except Exception:
            pass


calls = 0
deadline = time.monotonic() + seconds
while time.monotonic() < deadline:
    f = rng.choice(FUNCTIONS)
    params = PARAMS.get(f)
    args = [value() for _ in range(rng.randint(0, 5))]
    kwargs = {}
    if params and rng.random() < 0.5:
        for p in rng.sample(params, rng.randint(0, len(params))):
            kwargs[p.lstrip("*")] = value()
    if f in (urns.URN.__new__, urns.Match.__new__, urns.Namespace.__new__, urns.Registry.__new__):
        args.insert(0, rng.choice([urns.URN, Sub, urns.Match, urns.Namespace, urns.Registry, int, object]))
    try:
        got = f(*args, **kwargs)
    except Exception:
        calls += 1
        continue
    calls += 1
    if f is urns.is_valid:
        assert got is True or got is False
    if f is urns.is_valid_many:
        assert type(got) is bytes and set(got) <= {0, 1}
    if f in (urns.parse, urns.make_urn):
        assert type(got) is urns.URN
    try:
        exercise(got)
    except Exception:
        print("fuzz_api: failed on", f, args, kwargs, type(got), file=sys.stderr)
        raise
    if isinstance(got, list):
        for x in got[:3]:
            exercise(x)

print("fuzz_api: ok, %d calls (seed %d)" % (calls, seed))
