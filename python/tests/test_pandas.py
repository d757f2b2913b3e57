# SPDX-License-Identifier: BSL-1.0
"""urns.pandas: the accessor Series.urns (ctest python_pandas, registered
where the interpreter has pandas)."""

import pytest

pd = pytest.importorskip("pandas")
np = pytest.importorskip("numpy")

import urns  # noqa: E402
import urns.pandas  # noqa: E402,F401 (registers the accessor)

# Expected values from the documents: draft-03's NID and NSS rules, RFC
# 3187's ISBN example, the syntaxes' canonical forms (urns' docs).
ITEMS = [
    "urn:isbn:0-395-36341-1",          # valid
    "URN:EX:a%2c",                     # valid; canonical: "urn", the NID lower, %2C
    "not a urn",                       # no "urn:" at offset 0
    None,                              # missing
    float("nan"),                      # missing
    "urn:a:b",                         # a one-letter NID (offset 4, NID)
    b"urn:example:bytes",              # bytes
    "urn:ex:\ud800",                   # a lone surrogate: not encodable
]
INDEX = [10, 11, 12, 13, 14, 15, 16, 17]


@pytest.fixture
def s():
    return pd.Series(ITEMS, index=INDEX, name="id", dtype=object)


def test_is_valid(s):
    r = s.urns.is_valid()
    assert r.dtype == bool
    assert list(r.index) == INDEX and r.name == "id"
    assert r.tolist() == [True, True, False, False, False, False, True, False]


def test_canonical(s):
    assert s.urns.canonical().tolist() == [
        "urn:isbn:0-395-36341-1", "urn:ex:a%2C", None, None, None, None, "urn:example:bytes", None]
    assert s.urns.canonical().isna().tolist() == [False, False, True, True, True, True, False, True]


def test_components(s):
    assert s.urns.nid.tolist() == ["isbn", "EX", None, None, None, None, "example", None]
    assert s.urns.nss.tolist() == ["0-395-36341-1", "a%2c", None, None, None, None, "bytes", None]
    frame = s.urns.components()
    assert list(frame.columns) == list(urns.pandas.COMPONENTS)
    assert list(frame.index) == INDEX
    assert frame.loc[11, "assigned_name"] == "URN:EX:a%2c"
    assert frame.loc[10, "query"] is None and frame.loc[10, "f_component"] is None
    with pytest.raises(ValueError):
        s.urns.component("scheme2")


def test_options_by_calling_the_accessor():
    s = pd.Series(["urn:example:a?+r?=q#f", "urn:uuid:not-a-uuid", "urn:x-y:z"])
    r = s.urns(syntax="rfc8141")
    assert r.component("r_component").tolist() == ["r", None, None]
    assert r.component("q_component").tolist() == ["q", None, None]
    assert r.component("f_component").tolist() == ["f", None, None]
    # draft-03 has no r- or q-components: its query is keyword=value
    # directives (section 2.3; docs/cli.md's example).
    q = pd.Series(["urn:isbn:0451450523?s=I2L", "urn:ex:a"])
    assert q.urns.component("query").tolist() == ["s=I2L", None]
    assert s.urns.is_valid().tolist() == [False, True, True]
    assert r.is_valid().tolist() == [True, True, True]
    # namespaces=True: the uuid namespace's rules reject "not-a-uuid".
    assert s.urns(syntax="rfc8141", namespaces=True).is_valid().tolist() == [True, False, True]
    with pytest.raises(ValueError):
        s.urns(syntax="rfc9999")


def test_parse_errors(s):
    e = s.urns.parse_errors()
    assert list(e.columns) == ["offset", "code", "expected", "also_expected", "message"]
    assert list(e.index) == INDEX
    assert str(e["offset"].dtype) == "Int64"
    assert e["offset"].isna().tolist() == [True, True, False, True, True, False, True, True]
    assert e.loc[12, "offset"] == 0 and e.loc[12, "code"] == "bad_scheme" and e.loc[12, "expected"] == "scheme"
    assert e.loc[15, "offset"] == 4 and e.loc[15, "code"] == "bad_nid" and e.loc[15, "expected"] == "NID"
    assert e.loc[15, "message"].startswith("urn:a:b\n    ^ offset 4")
    assert e.loc[17, "code"] == "unencodable"
    assert e.loc[15, "also_expected"] == () and e.loc[17, "also_expected"] == ()
    # Valid and missing items: no error, each column missing.
    assert e.loc[[10, 11, 13, 14, 16], "code"].isna().all()
    assert e.loc[[10, 11, 13, 14, 16]].isna().all().all()


def test_parse_errors_name_every_rule_expected():
    # RFC 5031's service label, sub-service = let-dig [ *25let-dig-hyp let-dig ]
    # with let-dig = ALPHA / DIGIT: after "sos." either is expected.
    e = pd.Series(["urn:service:sos."]).urns(namespaces=True).parse_errors()
    assert (e.loc[0, "offset"], e.loc[0, "expected"], e.loc[0, "also_expected"]) == (16, "ALPHA", ("DIGIT",))


def test_errors_agree_with_parse_error(s):
    e = s.urns.parse_errors()
    for i, text in zip(INDEX, ITEMS):
        if isinstance(text, str) and not urns.is_valid(text) and "\ud800" not in text:
            with pytest.raises(urns.ParseError) as x:
                urns.parse(text)
            assert (e.loc[i, "offset"], e.loc[i, "code"], e.loc[i, "expected"], e.loc[i, "also_expected"]) == \
                (x.value.offset, x.value.code, x.value.expected, x.value.also_expected)
            assert e.loc[i, "message"] == str(x.value)


def test_fields_and_parse(s):
    u = pd.Series(["urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6", "urn:uuid:x", None])
    f = u.urns.fields()
    assert dict(f[0])["time-low"] == "f81d4fae"
    assert f[1] == () and f[2] == ()
    parsed = s.urns.parse()
    assert parsed[10] == urns.parse("urn:isbn:0-395-36341-1")
    assert parsed[[12, 13, 14, 15, 17]].isna().all()


def test_string_dtype_and_pd_na():
    s = pd.Series(["urn:ex:a", pd.NA, "x"], dtype="string")
    assert s.urns.is_valid().tolist() == [True, False, False]
    assert s.urns.canonical().tolist() == ["urn:ex:a", None, None]


def test_not_text_raises_with_the_index():
    s = pd.Series(["urn:ex:a", 5])
    with pytest.raises(TypeError) as e:
        s.urns.is_valid()
    assert e.value.index == 1


def test_empty_series():
    s = pd.Series([], dtype=object)
    assert s.urns.is_valid().tolist() == []
    assert s.urns.canonical().tolist() == []
    assert len(s.urns.parse_errors()) == 0


def test_a_large_column_goes_through_one_batch_call(monkeypatch):
    # Vectorised: one call of the module's batch function per column, not
    # one per item.
    calls = []
    real = urns._urns._column

    def counting(*args):
        calls.append(len(args[0]))
        return real(*args)

    monkeypatch.setattr(urns._urns, "_column", counting)
    n = 20000
    s = pd.Series([f"urn:ex:{i}" for i in range(n)] + ["bad"])
    valid = s.urns.is_valid()
    assert valid.sum() == n and not valid.iloc[-1]
    assert calls == [n + 1]


def test_the_module_docstring_examples():
    import doctest
    assert doctest.testmod(urns.pandas).failed == 0


# ---------------------------------------------------------------- items that are not text


def _doc_item_rules():
    """docs/python.md's table "Items that are not text": {call: [cell of
    None, cell of an unencodable str, cell of another object]}."""
    import os
    src = os.environ.get("URNS_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
    text = open(os.path.join(src, "docs", "python.md"), encoding="utf-8").read()
    section = text.split("### Items that are not text", 1)[1].split("\n#", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 4 or cells[0] in ("call", "---"):
            continue
        for call in cells[0].split(","):
            if call.strip().startswith("`"):
                rows[call.strip().strip("`")] = cells[1:]
    return rows


ITEM_KINDS = [None, "urn:ex:\ud800", 5]


def _outcome(call, item):
    """What `call` does with `item` placed after a URN, in the words of the
    table: 'not a URN', 'missing', 'raises X', 'placed X'."""
    items = ["urn:ex:a", item]
    if call == "Series.urns":
        # Every call of the accessor the same: all raise, or none does.
        s = pd.Series(items, dtype=object)
        raised, returned, row = set(), [], None
        for name in ("is_valid", "canonical", "nid", "fields", "parse_errors", "parse", "components"):
            try:
                r = getattr(s.urns, name)
                r = r() if callable(r) else r
            except Exception as e:  # noqa: BLE001
                assert getattr(e, "index", None) == 1
                raised.add("raises " + type(e).__name__)
                continue
            returned.append(name)
            if name == "parse_errors":
                row = "missing" if r["code"].iloc[1] is None else "not a URN"
            elif name == "is_valid":
                assert not r.iloc[1]
            elif name == "parse":
                assert r.iloc[1] is None
        if raised:
            assert not returned and len(raised) == 1, (item, raised, returned)
            return raised.pop()
        return row
    fn = getattr(urns, call)
    if call == "is_valid_many":
        return "not a URN" if fn(items) == b"\x01\x00" else "a URN"
    if call == "find_many":
        try:
            fn(items)
        except Exception as e:  # noqa: BLE001
            assert getattr(e, "index", None) == 1
            return "raises " + type(e).__name__
        return "no error"
    # errors=: raised, None, or the exception in the item's place.
    try:
        fn(items)
        return "no error"
    except Exception as e:  # noqa: BLE001
        raised = type(e)
        assert getattr(e, "index", None) == 1
    assert fn(items, errors="none")[1] is None
    kept = fn(items, errors="return")[1]
    assert type(kept) is raised and kept.index == 1
    return "placed " + raised.__name__


def _expected(cell):
    if cell.startswith("not a URN"):
        return "not a URN"
    if cell.startswith("a missing value"):
        return "missing"
    if cell.startswith("raises"):
        return "raises " + cell.split("`")[1]
    if "placed by `errors=`" in cell:
        return "placed " + cell.split("`")[1]
    raise AssertionError("a cell the test cannot read: " + cell)


def test_items_not_text():
    rules = _doc_item_rules()
    assert set(rules) == {"is_valid_many", "parse_many", "canonical_many", "find_many", "Series.urns"}
    for call, cells in rules.items():
        for item, cell in zip(ITEM_KINDS, cells):
            assert _outcome(call, item) == _expected(cell), (call, item, cell)
