#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Tests of `urn namespaces` and of the shipped namespaces through the
tool: every formal NID of data/iana-urn-namespaces.tsv is listed, with how
it is checked (as its file in grammar/nss/ says), its registration and its
fields; --json records match docs/schema/namespaces.schema.json; a plugin
and a --namespace file are listed with their origin; and URNs of namespaces
checked from their ABNF are checked, folded and given fields by check,
normalize, equal and parse --json."""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import urntest  # noqa: E402
from urntest import expect, json_lines, test, urn, write  # noqa: E402


def formal_nids():
    out = []
    with open(os.path.join(urntest.SRC, "data", "iana-urn-namespaces.tsv")) as f:
        for line in f:
            cols = line.rstrip("\n").split("\t")
            if not line.startswith("#") and len(cols) >= 2 and cols[1] == "formal":
                out.append(cols[0])
    return out


def headers():
    """NID -> the header of its file in grammar/nss/, read here."""
    folder = os.path.join(urntest.SRC, "grammar", "nss")
    out = {}
    for name in os.listdir(folder):
        keys = {}
        with open(os.path.join(folder, name)) as f:
            for line in f:
                if line[:1].isalpha():
                    break
                m = re.match(r";; ([a-z-]+): (.*)$", line.rstrip("\n"))
                if m:
                    keys[m.group(1)] = m.group(2)
        for nid in keys.get("nid", "").split():
            out[nid] = keys
    return out


@test
def every_formal_nid_is_listed():
    r = urn("namespaces")
    expect(r.status == 0 and r.err == "", r, "urn namespaces: status 0")
    rows = {line.split("\t")[0]: line.split("\t") for line in r.out.splitlines()}
    nids = formal_nids()
    expect(len(nids) >= 71, None, "71 formal NIDs in the registry")
    h = headers()
    for nid in nids:
        expect(nid in rows, r, "%s is listed" % nid)
        check = rows[nid][1].split()[0]
        expect(check == h[nid]["check"], r, "%s: checked by %s, as its file says" % (nid, h[nid]["check"]))
        expect(rows[nid][2] == h[nid]["reference"], r, "%s: its reference" % nid)
        expect(rows[nid][3].split() == h[nid].get("fields", "").split(), r, "%s: its fields" % nid)


@test
def json_records():
    r = urn("namespaces", "--json")
    objs = json_lines(r)  # against docs/schema/namespaces.schema.json
    expect(len(objs) == len(formal_nids()), r, "one record a shipped namespace")
    by = {o["nid"]: o for o in objs}
    expect(by["service"]["check"] == "grammar" and by["service"]["fields"] == ["top-level", "sub-service"],
           r, "service: grammar, its fields")
    expect(by["uuid"]["check"] == "x3" and by["3gpp"]["check"] == "opaque", r, "uuid x3, 3gpp opaque")
    expect("unreadable" in by["mrn"] and "unreadable" not in by["3gpp"], r, "mrn: why no syntax was read")
    r = urn("namespaces", "--json", "SERVICE", "uuid")
    expect([o["nid"] for o in json_lines(r)] == ["service", "uuid"], r, "the NIDs asked for, in order, any case")
    r = urn("namespaces", "nope", "uuid")
    expect(r.status == 1 and r.out.startswith("uuid\t") and "nope" in r.err, r, "an unknown NID: status 1")


@test
def a_namespace_file_is_listed_with_its_origin():
    g = write("t.abnf", b";; fields: a\nr = a \".\" a\na = 1*DIGIT\n")
    r = urn("namespaces", "--json", "--namespace", "zz=" + g, "zz")
    o = json_lines(r)[0]
    expect(o["check"] == "abnf" and o["title"] == "--namespace " + g, r, "a --namespace file: abnf")
    r = urn("namespaces", "--namespace", "service=" + g, "service")
    expect(r.out.split("\t")[1] == "abnf", r, "--namespace replaces a shipped one")


@test
def every_shipped_file_works_with_namespace():
    # Each grammar/nss/ file, given to --namespace, checks its NID's URNs;
    # an x3 file's header names its X3 transcription's fields, which its
    # ABNF may not define (uuid's time-low): the tool takes those it does.
    for nid, name in (("uuid", "uuid.abnf"), ("ietf", "ietf.abnf")):
        g = os.path.join(urntest.SRC, "grammar", "nss", name)
        r = urn("check", "--namespace", nid + "=" + g, "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6"
                if nid == "uuid" else "urn:ietf:rfc:2648")
        expect(r.status == 0, r, "--namespace %s=grammar/nss/%s" % (nid, name))


@test
def registered_namespaces_through_the_tool():
    # RFC 5031's examples and near misses (section 4.2's ABNF).
    r = urn("check", "--namespaces", "urn:service:sos.fire", "urn:service:counseling.mental-health")
    expect(r.status == 0, r, "service URNs of RFC 5031 section 4.3")
    r = urn("check", "--namespaces", "urn:service:sos-")
    expect(r.status == 1 and "offset 16" in r.err and "nss_rejected" not in r.err, r, "sos-: at its end")
    r = urn("check", "--json", "--namespaces", "urn:service:sos.")
    o = json_lines(r)[0]
    # sub-service = let-dig [ *25let-dig-hyp let-dig ], let-dig = ALPHA / DIGIT:
    # both names are expected at the end, in the text and in the JSON.
    expect(o["error"]["code"] == "nss_rejected" and o["error"]["offset"] == 16 and
           o["error"]["expected"] == ["ALPHA", "DIGIT"], r, "the JSON error names every rule expected")
    r = urn("check", "--namespaces", "urn:service:sos.")
    expect("(expected ALPHA or DIGIT)" in r.err, r, "the text names them")
    r = urn("extract", "--json", "--namespaces", stdin=b"see urn:service:sos.- here\n")
    o = json_lines(r)[0]
    expect(o["namespace_fault"] == {"offset": 16, "expected": ["ALPHA", "DIGIT"]}, r, "extract's namespace_fault")
    # Equivalence: RFC 5031 section 4.2, case-insensitive string equality.
    r = urn("equal", "--namespaces", "urn:service:SOS.Fire", "urn:service:sos.fire")
    expect(r.status == 0, r, "service URNs equal in any case")
    r = urn("normalize", "--namespaces", "URN:Service:SOS.Fire")
    expect(r.out == "urn:service:sos.fire\n", r, "normalize folds the whole NSS")
    r = urn("equal", "urn:service:SOS.Fire", "urn:service:sos.fire")
    expect(r.status == 1, r, "without --namespaces, not equal")
    # Fields, from the header.
    r = urn("parse", "--json", "--namespaces", "urn:service:sos.fire")
    f = json_lines(r)[0]["fields"]
    expect([(x["rule"], x["text"]) for x in f] == [("top-level", "sos"), ("sub-service", "fire")], r, "fields")
    # An opaque namespace accepts any NSS of the generic syntax.
    r = urn("check", "--namespaces", "urn:3gpp:whatever:it-is")
    expect(r.status == 0, r, "3gpp is opaque")


sys.exit(urntest.main(globals()))
