#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""The IANA URN namespace registry of urns: data/iana-urn-namespaces.tsv is
the one copy; the library's table is generated from it at build time.

usage:
  iana_registry.py generate TSV OUT      write the C++ rows of the table
                                         (included by src/semantic/iana_namespaces.cpp)
  iana_registry.py refresh IANA TSV      rewrite TSV from IANA's published
                                         registry file: urn-namespaces.xml, or
                                         the two CSV files given as A.csv,B.csv
                                         (urn-namespaces-1.csv, formal, and
                                         urn-namespaces-2.csv, informal)

IANA publishes the registry at https://www.iana.org/assignments/urn-namespaces/
as XML (urn-namespaces.xml: <registry id="urn-namespaces-1"> holds the formal
NIDs, "urn-namespaces-2" the informal ones; each <record> has a <name> and
<xref type="rfc|draft|uri|..." data="..."/>) and as CSV (one file per
sub-registry; first column the NID, a "Reference" column like "[RFC5279]").
Nothing is downloaded here: fetch the file yourself and give its path.

`generate` refuses a TSV that is not sorted by NID (byte order), has a
duplicate, an NID that RFC 8141 section 2 does not allow or that is not in
lower case, a kind other than formal or informal, or an informal NID that is
not urn-<number> (section 5.2). Exit status 0, or 1 with the line at fault.
"""

import csv
import os
import re
import sys
import xml.etree.ElementTree as ET

# RFC 8141 section 2: NID = (alphanum) 0*30(ldh) (alphanum), lower case here.
NID = re.compile(r"[a-z0-9][a-z0-9-]{0,30}[a-z0-9]")
INFORMAL = re.compile(r"urn-[1-9][0-9]*")

HEADER = """\
# The IANA registry "Uniform Resource Names (URN) Namespaces"
# (https://www.iana.org/assignments/urn-namespaces/): the registered formal NIDs
# (sub-registry "Formal URN Namespaces", RFC 8141 section 6) and informal NIDs
# ("Informal URN Namespaces", urn-<number>, RFC 8141 section 5.2). Facts only.
#
"""

COLUMNS = """\
#
# Columns: nid (lower case, as registered) <TAB> kind (formal|informal) <TAB> reference
# (empty where the source gave none). Sorted by nid, byte order.
# The library's table is generated from this file at build time
# (tools/iana_registry.py generate); test/unit/check.cpp checks that they agree.
"""


def fail(where, why):
    sys.exit("iana_registry.py: %s: %s" % (where, why))


def read_rows(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            cols = line.split("\t")
            where = "%s:%d" % (path, n)
            if not rows and cols == ["nid", "kind", "reference"]:
                continue  # the names of the columns
            if len(cols) != 3:
                fail(where, "expected 3 columns (nid, kind, reference), got %d" % len(cols))
            nid, kind, ref = cols
            if not NID.fullmatch(nid):
                fail(where, "%r is not a lower-case NID (RFC 8141 section 2)" % nid)
            if kind not in ("formal", "informal"):
                fail(where, "kind %r is not formal or informal" % kind)
            if (kind == "informal") != bool(INFORMAL.fullmatch(nid)):
                fail(where, "%r: informal NIDs, and only they, are urn-<number> (RFC 8141 section 5.2)" % nid)
            if rows and nid.encode() <= rows[-1][0].encode():
                fail(where, "%r is not after %r: sorted by nid, byte order, no duplicates" % (nid, rows[-1][0]))
            rows.append((nid, kind, ref))
    if not rows:
        fail(path, "no rows")
    return rows


def cxx_string(s):
    out = []
    for ch in s:
        if ch in '"\\':
            out.append("\\" + ch)
        elif 0x20 <= ord(ch) < 0x7f:
            out.append(ch)
        else:
            out.extend("\\x%02x" % b for b in ch.encode("utf-8"))
    return '"' + "".join(out) + '"'


def generate(tsv, out):
    rows = read_rows(tsv)
    text = ["// Generated from data/iana-urn-namespaces.tsv by tools/iana_registry.py: do not edit.",
            "// Rows of registered_namespace, sorted by nid (byte order)."]
    for nid, kind, ref in rows:
        text.append("{%s, namespace_kind::%s, %s}," % (cxx_string(nid), kind, cxx_string(ref)))
    data = "\n".join(text) + "\n"
    # Rewrite only when the content changes, so that builds stay incremental.
    if os.path.exists(out) and open(out, encoding="utf-8").read() == data:
        return
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        f.write(data)


def xref_text(xref):
    kind, data = xref.get("type", ""), xref.get("data", "")
    if kind == "rfc" and re.fullmatch(r"(?i)rfc\d+", data):
        return "RFC " + data[3:]
    return data


def from_xml(path):
    """(nid, kind, reference, updated) from IANA's urn-namespaces.xml."""
    root = ET.parse(path).getroot()
    ns = {"i": "http://www.iana.org/assignments"}
    updated = root.findtext("i:updated", default="", namespaces=ns)
    rows = []
    for sub, kind in (("urn-namespaces-1", "formal"), ("urn-namespaces-2", "informal")):
        reg = root.find("i:registry[@id='%s']" % sub, ns)
        if reg is None:
            fail(path, "no <registry id=%r>" % sub)
        for rec in reg.findall("i:record", ns):
            name = (rec.findtext("i:name", default="", namespaces=ns) or
                    rec.findtext("i:value", default="", namespaces=ns)).strip()
            refs = [xref_text(x) for x in rec.findall("i:xref", ns) if x.get("type") != "person"]
            rows.append((name.lower(), kind, "; ".join(r for r in refs if r)))
    return rows, updated


def csv_reference(text):
    """"[RFC5279]" -> "RFC 5279"; "[draft-x]" -> "draft-x"; URLs as they are;
    names of people left out (the XML's <xref type="person">)."""
    parts = re.findall(r"\[([^\]]+)\]", text) or ([text.strip()] if text.strip() else [])
    # Documents only: an RFC, a draft or a URL; a person's name is not one.
    docs = [p for p in parts if re.fullmatch(r"RFC\d+", p) or p.startswith("draft-") or "://" in p]
    return "; ".join("RFC " + p[3:] if re.fullmatch(r"RFC\d+", p) else p for p in docs)


def from_csv(paths):
    rows = []
    for path, kind in zip(paths, ("formal", "informal")):
        with open(path, encoding="utf-8", newline="") as f:
            reader = csv.reader(f)
            head = next(reader)
            ref_col = next((i for i, h in enumerate(head) if h.strip().lower() == "reference"), None)
            if ref_col is None:
                fail(path, "no Reference column in %r" % head)
            for rec in reader:
                if rec and rec[0].strip():
                    rows.append((rec[0].strip().lower(), kind, csv_reference(rec[ref_col])))
    return rows


def refresh(source, tsv):
    if source.endswith(".xml"):
        rows, updated = from_xml(source)
        said = "IANA's urn-namespaces.xml" + (" (updated %s)" % updated if updated else "")
    else:
        paths = source.split(",")
        if len(paths) != 2:
            fail(source, "give urn-namespaces.xml, or the two CSV files as FORMAL.csv,INFORMAL.csv")
        rows = from_csv(paths)
        said = "IANA's urn-namespaces-1.csv and urn-namespaces-2.csv"
    rows.sort(key=lambda r: r[0].encode())
    text = HEADER + "# Source: %s, as given to tools/iana_registry.py refresh.\n" % said + COLUMNS
    text += "nid\tkind\treference\n" + "".join("%s\t%s\t%s\n" % r for r in rows)
    tmp = tsv + ".new"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    try:
        read_rows(tmp)  # the same checks as generate: a bad source never replaces the file
    except SystemExit:
        os.remove(tmp)
        raise
    os.replace(tmp, tsv)
    print("iana_registry.py: %d NIDs (%d formal, %d informal) written to %s" %
          (len(rows), sum(r[1] == "formal" for r in rows), sum(r[1] == "informal" for r in rows), tsv))


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "generate":
        generate(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 4 and sys.argv[1] == "refresh":
        refresh(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
