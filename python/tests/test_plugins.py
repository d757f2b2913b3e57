# SPDX-License-Identifier: BSL-1.0
"""urns.load_plugin, URNS_PLUGINS and URN.fields with namespace plugins
(ctest python_plugins, a process of its own: a plugin loaded stays loaded).

URNS_TEST_PLUGIN is the example's plugin (example/user_namespace, NID
acme-ticket, with the fields project and number). The expected values come
from the example's ABNF (example/user_namespace/acme_ticket.abnf):

    ticket    = project "-" number
    project   = ALPHA 1*9( ALPHA / DIGIT )
    number    = digit-nz *DIGIT
    digit-nz  = %x31-39

and its documented fault (docs/namespaces.md, "Error rendering"):
urn:acme-ticket:CORE-0123 fails at offset 21, expected digit-nz (the rule
names are the ABNF engine's: `urn abnf match acme_ticket.abnf ticket CORE-0123`).
"""

import os
import pickle
import subprocess
import sys

import pytest

import urns

PLUGIN = os.environ.get("URNS_TEST_PLUGIN")

pytestmark = [
    pytest.mark.skipif(not PLUGIN, reason="URNS_TEST_PLUGIN not set (ctest python_plugins sets it)"),
]

# "urn:acme-ticket:" is 16 bytes: NSS offsets are URN offsets minus 16.
PREFIX = "urn:acme-ticket:"


def run_python(code, env_plugins=None):
    """Runs code in a fresh interpreter with this one's urns; URNS_PLUGINS
    as given (None: unset)."""
    env = dict(os.environ)
    env.pop("URNS_PLUGINS", None)
    if env_plugins is not None:
        env["URNS_PLUGINS"] = env_plugins
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def loaded():
    return urns.load_plugin(PLUGIN)


def test_load_plugin_returns_the_nids(loaded):
    assert loaded == ("acme-ticket",)


def test_a_valid_ticket_parses_with_the_plugin(loaded):
    u = urns.parse(PREFIX + "CORE-1234", namespaces=True)
    assert (u.nid, u.nss) == ("acme-ticket", "CORE-1234")
    assert urns.is_valid(PREFIX + "CORE-1234", namespaces=True)
    assert urns.is_valid(PREFIX + "a1-9", namespaces=True)   # project = ALPHA 1*9(...), number digit-nz


@pytest.mark.parametrize("nss, offset, expected", [
    ("CORE-0123", 5, "digit-nz"),   # number = digit-nz *DIGIT: "0" is not digit-nz (the docs' example)
    ("1CORE-5", 0, "ALPHA"),        # project = ALPHA ...: "1" is not ALPHA
    ("CORE_5", 4, "ALPHA"),         # more of the key, or ticket's "-": ALPHA, DIGIT or ticket
    ("CORE-", 5, "digit-nz"),       # number is missing
])
def test_an_invalid_ticket_names_the_offset_and_rule(loaded, nss, offset, expected):
    with pytest.raises(urns.ParseError) as e:
        urns.parse(PREFIX + nss, namespaces=True)
    assert e.value.code == "nss_rejected"
    assert e.value.offset == len(PREFIX) + offset
    assert e.value.expected == expected
    assert not urns.is_valid(PREFIX + nss, namespaces=True)
    # Without the namespaces' rules, the generic syntax accepts it.
    assert urns.is_valid(PREFIX + nss)


def test_the_plugin_fold_applies(loaded):
    # Project keys are case-insensitive: the fold writes them in upper case.
    assert urns.canonical(PREFIX + "core-7", namespaces=True) == PREFIX + "CORE-7"
    assert urns.equivalent(PREFIX + "core-7", PREFIX + "Core-7", namespaces=True)
    assert not urns.equivalent(PREFIX + "core-7", PREFIX + "Core-7")


def test_the_plugin_in_batches_and_registries(loaded):
    assert urns.canonical_many([PREFIX + "core-7", PREFIX + "CORE-0"], namespaces=True, errors="none") == \
        [PREFIX + "CORE-7", None]
    ns = [n for n in urns.namespaces() if n.nid == "acme-ticket"]
    assert len(ns) == 1
    assert ns[0].validates and ns[0].folds and ns[0].abnf is None
    assert "plugin" in repr(ns[0])
    reg = urns.Registry(ns, builtin=False)
    assert not urns.is_valid(PREFIX + "CORE-0123", namespaces=reg)
    assert ns[0].validate("CORE-0123") == urns.NamespaceFault(5, "digit-nz")
    # Pickled by path and NID: the plugin loaded again (harmlessly here).
    assert pickle.loads(pickle.dumps(ns[0])) == ns[0]
    assert pickle.loads(pickle.dumps(reg)) == reg


def test_loading_the_same_file_again_is_harmless(loaded, tmp_path, monkeypatch):
    before = [n.nid for n in urns.namespaces()]
    assert urns.load_plugin(PLUGIN) == ("acme-ticket",)
    # Another path of the same file: relative to the current directory
    # (with "/"), a plugin directory's bare name, a symbolic link.
    monkeypatch.chdir(os.path.dirname(PLUGIN))
    assert urns.load_plugin("./" + os.path.basename(PLUGIN)) == ("acme-ticket",)
    monkeypatch.setenv("URNS_PLUGIN_PATH", os.path.dirname(PLUGIN))
    monkeypatch.chdir(tmp_path)
    assert urns.load_plugin(os.path.basename(PLUGIN)) == ("acme-ticket",)
    assert urns.load_plugin(os.path.splitext(os.path.basename(PLUGIN))[0]) == ("acme-ticket",)
    link = tmp_path / "link.so"
    link.symlink_to(PLUGIN)
    assert urns.load_plugin(link) == ("acme-ticket",)
    assert [n.nid for n in urns.namespaces()] == before
    assert urns.is_valid(PREFIX + "CORE-1", namespaces=True)


def test_a_bare_name_is_not_looked_up_in_the_current_directory(loaded, monkeypatch):
    monkeypatch.delenv("URNS_PLUGIN_PATH", raising=False)
    monkeypatch.chdir(os.path.dirname(PLUGIN))
    with pytest.raises(urns.PluginError) as e:
        urns.load_plugin(os.path.basename(PLUGIN))
    assert e.value.reason.startswith("not in the plugin directories")
    assert "write ./" + os.path.basename(PLUGIN) in e.value.reason


def test_urns_plugins_paths_must_be_absolute():
    r = run_python("import urns\ntry:\n    urns.is_valid('urn:ex:a', namespaces=True)\n"
                   "except urns.PluginError as e:\n    print(e.reason)\n",
                   env_plugins="./" + os.path.basename(PLUGIN))
    assert "a path in URNS_PLUGINS must be absolute" in r.stdout, r.stderr


def test_a_pickled_plugin_namespace_holds_the_absolute_file_and_its_digest(loaded, tmp_path, monkeypatch):
    import hashlib
    ns = [n for n in urns.namespaces() if n.nid == "acme-ticket"][0]
    fn, args = ns.__reduce__()
    real = os.path.realpath(PLUGIN)
    assert args == (real, "acme-ticket", hashlib.sha256(open(real, "rb").read()).hexdigest())
    # Unpickled in another directory: the same file, found by its path.
    monkeypatch.chdir(tmp_path)
    assert pickle.loads(pickle.dumps(ns)) == ns
    # Another file under that path (here: another digest) is refused, and
    # so is a relative path.
    with pytest.raises(urns.PluginError) as e:
        fn(real, "acme-ticket", "0" * 64)
    assert "not the file that was pickled" in e.value.reason
    with pytest.raises(urns.PluginError) as e:
        fn(os.path.basename(PLUGIN), "acme-ticket", args[2])
    assert "must be absolute" in e.value.reason


def test_a_pickled_namespace_of_a_changed_file_is_refused_in_another_process(tmp_path):
    # The plugin copied, pickled from the copy in one process, the copy
    # changed, unpickled in another: refused.
    copy = tmp_path / "mine.so"
    copy.write_bytes(open(PLUGIN, "rb").read())
    blob = tmp_path / "ns.pickle"
    r = run_python("import pickle, urns\nurns.load_plugin(%r)\n"
                   "ns = [n for n in urns.namespaces() if n.nid == 'acme-ticket'][0]\n"
                   "open(%r, 'wb').write(pickle.dumps(ns))\n" % (str(copy), str(blob)))
    assert r.returncode == 0, r.stderr
    with open(copy, "ab") as f:
        f.write(b"\0")
    r = run_python("import pickle, urns\ntry:\n    pickle.loads(open(%r, 'rb').read())\n"
                   "except urns.PluginError as e:\n    print(e.reason)\n" % str(blob))
    assert "not the file that was pickled" in r.stdout, r.stderr


def test_another_file_with_a_registered_nid_is_refused(loaded, tmp_path):
    # A copy is another shared object, whose acme-ticket is not the one
    # registered.
    copy = tmp_path / "copy.so"
    copy.write_bytes(open(PLUGIN, "rb").read())
    with pytest.raises(urns.PluginError) as e:
        urns.load_plugin(copy)
    assert e.value.path == str(copy)
    assert e.value.reason == "the NID acme-ticket is already registered"
    assert str(copy) in str(e.value)
    # And again: still refused, nothing of it added.
    with pytest.raises(urns.PluginError):
        urns.load_plugin(str(copy))
    assert [n.nid for n in urns.namespaces()].count("acme-ticket") == 1


def test_the_plugin_fields(loaded):
    # ticket = project "-" number: the example names those two rules.
    u = urns.parse(PREFIX + "CORE-1234", namespaces=True)
    assert u.fields == (("project", "CORE"), ("number", "1234"))
    assert pickle.loads(pickle.dumps(u)).fields == u.fields
    # Parsed without the rules, the fields are still the namespace's (NID
    # in any case); an NSS it rejects has none.
    assert urns.parse("urn:ACME-TICKET:x9-10").fields == (("project", "x9"), ("number", "10"))
    assert urns.parse(PREFIX + "CORE-0123").fields == ()
    ns = [n for n in urns.namespaces() if n.nid == "acme-ticket"][0]
    assert ns.fields("CORE-1234") == [("project", 0, 4, "CORE"), ("number", 5, 9, "1234")]


def test_a_missing_file_raises_naming_it(tmp_path):
    missing = str(tmp_path / "no-such-plugin.so")
    with pytest.raises(urns.PluginError) as e:
        urns.load_plugin(missing)
    assert isinstance(e.value, ImportError)
    assert e.value.path == missing
    assert str(e.value).startswith("cannot load plugin " + missing + ": ")
    assert "No such file" in e.value.reason


def test_a_shared_object_that_is_no_plugin_is_refused():
    module = urns._urns.__file__
    with pytest.raises(urns.PluginError) as e:
        urns.load_plugin(module)
    assert e.value.reason == "not a urns plugin: no entry point urns_plugin_entry"


def test_bad_path_arguments():
    with pytest.raises(TypeError):
        urns.load_plugin(5)
    with pytest.raises(ValueError):
        urns.load_plugin("")


def test_shipped_fields_unchanged_by_plugins(loaded):
    u = urns.parse("urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6")
    assert dict(u.fields)["node"] == "00a0c91e6bf6"


# ---------------------------------------------------------------- URNS_PLUGINS, in a fresh process

def test_fields_of_a_plugin_from_urns_plugins():
    code = ("import urns\n"
            "print(urns.parse('urn:acme-ticket:CORE-1234').fields)\n")
    r = run_python(code, env_plugins=PLUGIN)
    assert r.returncode == 0 and r.stdout == "(('project', 'CORE'), ('number', '1234'))\n", r.stderr


def test_urns_plugins_applies_to_namespaces_true():
    code = ("import urns\n"
            "assert not urns.is_valid('urn:acme-ticket:CORE-0123', namespaces=True)\n"
            "assert urns.is_valid('urn:acme-ticket:CORE-123', namespaces=True)\n"
            "assert [n.nid for n in urns.namespaces()][-1] == 'acme-ticket'\n"
            "assert urns.load_plugin(" + repr(PLUGIN) + ") == ('acme-ticket',)\n"
            "print('ok')\n")
    # Empty items are skipped, the same file twice is loaded once.
    r = run_python(code, env_plugins="::" + PLUGIN + ":" + PLUGIN + ":")
    assert r.returncode == 0 and r.stdout == "ok\n", r.stderr


def test_urns_plugins_bare_name_only_from_the_plugin_directories():
    code = "import urns; print(urns.is_valid('urn:acme-ticket:CORE-0123', namespaces=True))"
    name = os.path.basename(PLUGIN)
    # In the current directory: not found there.
    env = dict(os.environ, URNS_PLUGINS=name)
    env.pop("URNS_PLUGIN_PATH", None)
    r = subprocess.run([sys.executable, "-c", code], env=env, cwd=os.path.dirname(PLUGIN),
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 1 and "not in the plugin directories" in r.stderr, r.stderr
    # In a directory of URNS_PLUGIN_PATH: found, from anywhere.
    env["URNS_PLUGIN_PATH"] = os.path.dirname(os.path.realpath(PLUGIN))
    r = subprocess.run([sys.executable, "-c", code], env=env, cwd="/",
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and r.stdout == "False\n", r.stderr


def test_urns_plugins_missing_file_fails_at_first_use():
    code = ("import urns\n"
            "assert urns.is_valid('urn:acme-ticket:CORE-0123')\n"   # no namespaces: nothing loaded
            "for _ in range(2):\n"
            "    try:\n"
            "        urns.is_valid('urn:acme-ticket:CORE-0123', namespaces=True)\n"
            "    except urns.PluginError as e:\n"
            "        print(e.path, '|', e)\n")
    r = run_python(code, env_plugins="/nonexistent/acme.so")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert len(lines) == 2 and lines[0] == lines[1]
    assert lines[0].startswith("/nonexistent/acme.so | URNS_PLUGINS: cannot load plugin /nonexistent/acme.so: ")


def test_no_urns_plugins_no_plugin():
    r = run_python("import urns; print(urns.is_valid('urn:acme-ticket:CORE-0123', namespaces=True))")
    assert r.returncode == 0 and r.stdout == "True\n", r.stderr
