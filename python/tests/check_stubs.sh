#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# The type stubs of the package urns against mypy and against the module
# (ctest python_stubs):
#   1. mypy --strict over urns/__init__.pyi, urns/pct.pyi, urns/pandas.pyi and
#      typing_usage.py (every public function called as a user calls it,
#      with assert_type on the types the stubs give);
#   2. python -m mypy.stubtest urns (the package and its submodules with
#      stubs: urns.pct, urns.dask, urns.pandas): every name, class, property and
#      signature of the stubs against the module as built, but what
#      stubtest_allowlist.txt lets pass (pybind11's metaclass and
#      constructors);
#   3. typing_usage.py run, its asserts checking the values.
# Usage: python/tests/check_stubs.sh <python> <dir holding the built urns/> <scratch dir>
set -euo pipefail

if [[ $# -ne 3 ]]; then
    echo "usage: $0 <python> <dir holding the built urns/> <scratch dir>" >&2
    exit 2
fi
python=$1
package_dir=$(cd "$2" && pwd)
mkdir -p "$3"
scratch=$(cd "$3" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
usage=$here/typing_usage.py
export MYPYPATH=$package_dir PYTHONPATH=$package_dir PYTHONDONTWRITEBYTECODE=1
# The settings are the command line's: an empty configuration file, so
# that no mypy.ini or setup.cfg found elsewhere applies.
cd "$scratch"
printf '[mypy]\n' > mypy.ini

echo "-- mypy --strict: the stubs and typing_usage.py"
"$python" -m mypy --strict --config-file mypy.ini --cache-dir "$scratch/mypy_cache" \
    "$package_dir/urns/__init__.pyi" "$package_dir/urns/pct.pyi" "$package_dir/urns/pandas.pyi" "$usage"
echo "-- mypy.stubtest urns"
"$python" -m mypy.stubtest --mypy-config-file mypy.ini --allowlist "$here/stubtest_allowlist.txt" urns
echo "-- typing_usage.py, run"
"$python" "$usage"
