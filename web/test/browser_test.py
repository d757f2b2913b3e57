#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""The playground and the installed package in a real browser: Debian's
Chromium, headless, driven through chromedriver by Selenium.

usage: browser_test.py PLAYGROUND_DIR [INSTALLED_DIR]

PLAYGROUND_DIR is build/web/playground; INSTALLED_DIR, if given, a project
into which the packed tarball was installed (node_modules/urns-wasm) with
web/test/page/installed.html copied in. Each is served by
`python3 -m http.server` on 127.0.0.1. Prints 'N passed, N failed'.
"""
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

MRN = ('MRN = OID ":" OSS\n'
       'OID = alphanum 0*20( alphanum / "-" ) alphanum\n'
       'OSS = 1*( pchar / "/" )\n'
       'alphanum = ALPHA / DIGIT\n')


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(directory):
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                             "--directory", directory], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 20
    while time.time() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return proc, "http://127.0.0.1:%d/" % port
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("http.server did not start")


def browser(profile):
    opts = webdriver.ChromeOptions()
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--user-data-dir=" + profile, "--window-size=1200,2000"):
        opts.add_argument(flag)
    opts.binary_location = shutil.which("chromium") or "chromium"
    service = Service(executable_path=shutil.which("chromedriver") or "chromedriver")
    return webdriver.Chrome(service=service, options=opts)


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, name, cond, detail=""):
        if cond:
            self.passed += 1
            print("ok - %s" % name)
        else:
            self.failed += 1
            print("not ok - %s %s" % (name, detail))


def wait_ready(d):
    WebDriverWait(d, 30).until(lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))


def settle(d):
    # The page updates in a microtask after each input event; one frame is plenty.
    d.execute_script("return new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)))")


def type_into(d, element_id, text):
    e = d.find_element(By.ID, element_id)
    e.click()
    e.send_keys(Keys.CONTROL, "a")
    e.send_keys(Keys.DELETE)
    # send_keys types each character (input events), as a person would.
    e.send_keys(text)
    settle(d)


def results(d, list_id):
    return d.find_elements(By.CSS_SELECTOR, "#%s > li" % list_id)


def playground(d, base, c):
    d.get(base + "index.html")
    wait_ready(d)
    c.check("the page loads the package and says it is ready",
            "shipped namespaces" in d.find_element(By.ID, "status").text)

    # Every control has a label; the results are live regions.
    unlabelled = d.execute_script("""
        return [...document.querySelectorAll('input, textarea')].filter(e =>
            !(e.labels && e.labels.length)).map(e => e.id || e.name);""")
    c.check("every input has a label", unlabelled == [], unlabelled)
    live = d.execute_script("return [...document.querySelectorAll('[aria-live]')].map(e => e.id)")
    c.check("the results are live regions", "urn-results" in live and "example-results" in live, live)

    # RFC 8141 chosen with the keyboard: focus the first radio, arrow to the third.
    first = d.find_element(By.CSS_SELECTOR, "input[name=syntax][value=rfc2141bis]")
    first.click()
    first.send_keys(Keys.ARROW_RIGHT)
    d.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    settle(d)
    chosen = d.execute_script("return document.querySelector('input[name=syntax]:checked').value")
    c.check("the syntax is chosen with the arrow keys", chosen == "rfc8141", chosen)

    type_into(d, "urns-input", "urn:example:a b\nURN:Example:a%2cb?=x\nurn:ex:é")
    items = results(d, "urn-results")
    c.check("one verdict a line", len(items) == 3, len(items))
    caret = items[0].find_element(By.CSS_SELECTOR, "pre.caret")
    c.check("the caret stands under the space (offset 13)",
            caret.get_attribute("data-offset") == "13" and caret.text == " " * 13 + "^",
            (caret.get_attribute("data-offset"), repr(caret.text)))
    expected = [e.text for e in items[0].find_elements(By.CSS_SELECTOR, "code.expected")]
    c.check("the expected rule is named", expected == ["NSS"], expected)
    mark = items[0].find_element(By.TAG_NAME, "mark").get_attribute("textContent")
    c.check("the failing character (the space) is marked", mark == " ", repr(mark))
    text = items[1].text
    c.check("a valid URN shows its components and canonical form",
            "valid" in text and "urn:example:a%2Cb" in text and "q-component" in text, text)
    caret = items[2].find_element(By.CSS_SELECTOR, "pre.caret")
    c.check("after non-ASCII the caret's place is a string index, the byte offset beside it",
            caret.get_attribute("data-offset") == "7" and caret.get_attribute("data-byte-offset") == "7"
            and caret.text == " " * 7 + "^", (caret.get_attribute("data-offset"), caret.text))

    type_into(d, "urns-input", "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6")
    rows = results(d, "urn-results")[0].find_elements(By.CSS_SELECTOR, "table.fields tbody tr")
    c.check("a uuid's fields are listed", [r.find_elements(By.TAG_NAME, "td")[0].text for r in rows][:2]
            == ["time-low", "time-mid"], [r.text for r in rows])

    # The ABNF pane: the MRN registration's grammar and its examples.
    type_into(d, "nid-input", "mrn")
    type_into(d, "root-input", "")
    type_into(d, "abnf-input", MRN)
    diags = d.find_element(By.ID, "diagnostics").text
    c.check("a usable grammar has no diagnostics", "No diagnostics" in diags, diags)
    type_into(d, "examples-input", "iala-:x\nurn:mrn:iala:aton:1")
    ex = results(d, "example-results")
    caret = ex[0].find_element(By.CSS_SELECTOR, "pre.caret")
    names = [e.text for e in ex[0].find_elements(By.CSS_SELECTOR, "code.expected")]
    c.check("an NSS the grammar rejects: caret at 5, ALPHA, DIGIT or OID expected",
            caret.get_attribute("data-offset") == "5" and names == ["ALPHA", "DIGIT", "OID"], (caret.text, names))
    spans = [(r.get_attribute("data-rule"), r.get_attribute("data-start"), r.get_attribute("data-end"))
             for r in ex[1].find_elements(By.CSS_SELECTOR, "tr.span")]
    c.check("a valid example: which rule covers which characters",
            ("OID", "8", "12") in spans and ("OSS", "13", "19") in spans and spans[0] == ("MRN", "8", "19"), spans)

    valid = [e.text for e in d.find_elements(By.CSS_SELECTOR, "#generated-valid code")]
    invalid = [e.text for e in d.find_elements(By.CSS_SELECTOR, "#generated-invalid code")]
    verdicts = d.execute_async_script("""
        const [valid, invalid, abnf, done] = arguments;
        import('./urns/urns.js').then(u => {
            const ns = u.Namespace.fromAbnf('mrn', abnf);
            done({valid: valid.map(s => ns.validate(s) === null), invalid: invalid.map(s => ns.validate(s) === null)});
        });""", valid, invalid, MRN)
    c.check("generated valid strings are accepted", len(valid) == 8 and all(verdicts["valid"]), (valid, verdicts))
    c.check("generated near misses are rejected", len(invalid) > 0 and not any(verdicts["invalid"]),
            (invalid, verdicts))

    # The namespace joins the URN pane's checks when namespaces apply.
    d.find_element(By.ID, "namespaces").send_keys(Keys.SPACE)
    type_into(d, "urns-input", "urn:mrn:iala-:x")
    caret = results(d, "urn-results")[0].find_element(By.CSS_SELECTOR, "pre.caret")
    c.check("with namespaces the URN pane applies the author's rules (nss_rejected at 13)",
            caret.get_attribute("data-offset") == "13" and "nss_rejected" in results(d, "urn-results")[0].text,
            caret.get_attribute("data-offset"))

    # The state is in the address: a new load of it shows the same.
    # The page writes the address a moment after the last input.
    deadline = time.monotonic() + 5
    while True:
        url = d.current_url
        state = urllib.parse.parse_qs(urllib.parse.urlparse(url).fragment)
        if state.get("urns") == ["urn:mrn:iala-:x"] or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    c.check("the address holds the state", state.get("syntax") == ["rfc8141"] and state.get("ns") == ["1"]
            and state.get("abnf") == [MRN] and state.get("urns") == ["urn:mrn:iala-:x"], state)
    d.get("about:blank")
    d.get(url)
    wait_ready(d)
    settle(d)
    same = (d.find_element(By.ID, "abnf-input").get_attribute("value") == MRN
            and d.execute_script("return document.querySelector('input[name=syntax]:checked').value") == "rfc8141"
            and results(d, "urn-results")[0].find_element(By.CSS_SELECTOR, "pre.caret")
            .get_attribute("data-offset") == "13")
    c.check("a link reproduces the page", same)

    type_into(d, "abnf-input", "a = b\n")
    diags = [e.text for e in d.find_elements(By.CSS_SELECTOR, "#diagnostics li.error")]
    c.check("a broken grammar's diagnostics are shown", any('undefined rule "b"' in t for t in diags), diags)
    d.save_screenshot(os.path.join(tempfile.gettempdir(), "urns-playground.png"))


def installed(d, base, c):
    d.get(base + "installed.html")
    WebDriverWait(d, 30).until(lambda d: d.execute_script("return document.body.dataset.done === 'true'"))
    got = json.loads(d.find_element(By.ID, "out").text)
    c.check("the installed package imports in a page, without a bundler",
            got == {"valid": True, "offset": 13, "canonical": "urn:example:a%2Cb", "found": ["urn:isbn:0-395-36341-1"]},
            got)


def main():
    if len(sys.argv) not in (2, 3):
        print(__doc__, file=sys.stderr)
        return 2
    c = Checks()
    servers = []
    profile = tempfile.mkdtemp(prefix="urns-chromium-")
    d = None
    try:
        proc, base = serve(sys.argv[1])
        servers.append(proc)
        d = browser(profile)
        d.set_script_timeout(30)
        playground(d, base, c)
        if len(sys.argv) == 3:
            proc, base = serve(sys.argv[2])
            servers.append(proc)
            installed(d, base, c)
    finally:
        if d is not None:
            d.quit()
        for p in servers:
            p.terminate()
            p.wait()
        shutil.rmtree(profile, ignore_errors=True)
    print("%d passed, %d failed" % (c.passed, c.failed))
    return 0 if c.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
