#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# The Python package as a user installs it (ctest python_wheel):
#   1. `python3 -m build --wheel --no-isolation` of the source tree, offline,
#      with the build tree given (setup.py's URNS_CMAKE_BUILD_DIR: the
#      module just built and tested goes into the wheel);
#   2. a fresh venv (--system-site-packages: Debian's pytest, dask,
#      distributed and pandas are seen), the wheel installed with pip --no-index;
#   3. the metadata: importlib.metadata.version("urns") is
#      include/urns/version.hpp's, the dask extra is declared, the stubs
#      and py.typed are installed;
#   4. the Python suite (test_urns.py, test_dask.py, test_pandas.py) run by the venv's
#      interpreter from outside the source tree, against the installed copy.
# Usage: python/tests/check_wheel.sh <python> <source dir> <build dir> <scratch dir> <urn tool>
set -euo pipefail

if [[ $# -ne 5 ]]; then
    echo "usage: $0 <python> <source dir> <build dir> <scratch dir> <urn tool>" >&2
    exit 2
fi
python=$1
src=$(cd "$2" && pwd)
build=$(cd "$3" && pwd)
scratch=$4
tool=$5
rm -rf "$scratch"
mkdir -p "$scratch"
scratch=$(cd "$scratch" && pwd)

echo "-- python3 -m build --wheel --no-isolation"
(cd "$src" && URNS_CMAKE_BUILD_DIR=$build "$python" -m build --wheel --no-isolation --outdir "$scratch/dist" . \
    > "$scratch/build.log" 2>&1) || { tail -40 "$scratch/build.log"; exit 1; }
wheel=$(ls "$scratch"/dist/urns-*.whl)
echo "$wheel"

echo "-- a fresh venv, the wheel installed"
"$python" -m venv --system-site-packages "$scratch/venv"
venv_python=$scratch/venv/bin/python
"$venv_python" -m pip install --no-index --no-deps --quiet "$wheel"

cd "$scratch"
export PYTHONDONTWRITEBYTECODE=1
unset PYTHONPATH
want=$(sed -n 's/^#define URNS_VERSION_STRING "\(.*\)"$/\1/p' "$src/include/urns/version.hpp")
"$venv_python" - "$want" "$scratch/venv" <<'PY'
import importlib.metadata, os, sys
import urns, urns.dask
want, venv = sys.argv[1], os.path.realpath(sys.argv[2])
assert os.path.realpath(urns.__file__).startswith(venv), urns.__file__
assert importlib.metadata.version("urns") == want == urns.__version__, (importlib.metadata.version("urns"), want)
meta = importlib.metadata.metadata("urns")
assert "dask" in meta.get_all("Provides-Extra"), meta.get_all("Provides-Extra")
assert any(r.startswith("distributed") and "extra == 'dask'" in r.replace('"', "'") for r in meta.get_all("Requires-Dist")), meta.get_all("Requires-Dist")
files = {str(f) for f in importlib.metadata.files("urns")}
assert {"urns/__init__.pyi", "urns/dask.pyi", "urns/pandas.py", "urns/pandas.pyi", "urns/py.typed"} <= files, files
print("metadata: urns", want, "in", venv)
PY

echo "-- the Python suite against the installed package"
URNS_SOURCE_DIR=$src URNS_TOOL=$tool "$venv_python" -m pytest -q -p no:cacheprovider \
    "$src/python/tests/test_urns.py" "$src/python/tests/test_dask.py" "$src/python/tests/test_pandas.py"
