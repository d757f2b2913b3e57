#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# The records of what urns promises its users, in api/:
#   api/version          the version they were made at (include/urns/version.hpp's)
#   api/cxx-api.txt      the public C++ API: every declaration of include/urns/
#                        (tools/api_record.py cxx, read by libclang)
#   api/liburns.abi.xml  the shared library's ABI: abidw's XML of a shared
#                        build of liburns (g++, -g -O0), types of the public
#                        headers reached from its exported symbols, without
#                        paths or line numbers
#   api/python-api.txt   the Python module's public names (python/urns/*.pyi)
#   api/schemas.txt      the JSON Schemas of urn --json (docs/schema/)
#
#   tools/api_record.sh check  [--build DIR]  compares the tree with the
#       records: fails when they differ unless include/urns/version.hpp was
#       raised enough (a minor version for a breaking change while 0.x) and
#       CHANGELOG.md has a section for it (the rule: CHANGELOG.md,
#       "Versions"; ctest api_record runs this)
#   tools/api_record.sh update [--build DIR]  makes the records anew from
#       the tree, at the version of include/urns/version.hpp: run it when you
#       mean the change, after raising the version and writing its section
#       of CHANGELOG.md, and commit api/ with them
#
# The ABI needs a shared build of the library with debug information: it is
# made in DIR (default build/api-record; kept, so a second run compiles only
# what changed) with the flags above, whatever the other build trees use, so
# that the same sources give the same record. Everything else is read from
# the source tree. Both commands are deterministic: update twice gives the
# same bytes (and check then passes).
# Needs: cmake, ninja, g++, abidw and abidiff (Debian abigail-tools),
# /usr/bin/python3 with python3-clang-14.
set -euo pipefail

cd "$(dirname "$0")/.."
root=$(pwd)
python=${PYTHON:-/usr/bin/python3}
usage() { echo "usage: $0 check|update [--build DIR]" >&2; exit 2; }
[[ $# -ge 1 ]] || usage
mode=$1
shift
build=build/api-record
while [[ $# -gt 0 ]]; do
    case $1 in
    --build) [[ $# -ge 2 ]] || usage; build=$2; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) usage ;;
    esac
    shift
done
[[ $mode == check || $mode == update ]] || usage
for tool in cmake g++ abidw abidiff; do
    command -v "$tool" >/dev/null || { echo "api_record.sh: $tool not found (tools/deps.sh installs it)" >&2; exit 1; }
done

scratch=$(mktemp -d "${TMPDIR:-/tmp}/urns-api-record.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
current=$scratch/current
mkdir -p "$current"

echo "-- the C++ API, the Python names, the schemas"
"$python" tools/api_record.py cxx "$root" > "$current/cxx-api.txt"
"$python" tools/api_record.py python "$root" > "$current/python-api.txt"
"$python" tools/api_record.py schemas "$root" > "$current/schemas.txt"

echo "-- the ABI: a shared liburns in $build (g++, Debug: -g -O0)"
# A tree of the library alone. Its flags are fixed here, not taken from the
# environment, so that the record depends on the sources only (and on the
# compiler, Debian 12's g++ 12).
env -u CXXFLAGS -u LDFLAGS cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug \
    -DCMAKE_CXX_COMPILER=g++ -DCMAKE_CXX_FLAGS= -DCMAKE_CXX_FLAGS_DEBUG="-g -O0" \
    -DBUILD_SHARED_LIBS=ON -DURNS_BUILD_TESTS=OFF -DURNS_BUILD_TOOLS=OFF -DURNS_BUILD_EXAMPLES=OFF \
    -DURNS_BUILD_DOCS=OFF -DURNS_BUILD_PYTHON=OFF -DURNS_INSTALL=OFF -DURNS_SANITIZE= \
    -DPython3_EXECUTABLE="$python" >/dev/null
cmake --build "$build" -j "${JOBS:-2}" --target urns
lib=$(cd "$build" && pwd)/liburns.so
# Only what the exported symbols reach (--exported-interfaces-only: the
# ABI, not every member of every type the debug information describes,
# which is 20 times as large), the types of the public headers, no
# undefined symbols, no paths (the build's, the compilation directories),
# no line numbers (a comment would move them), type ids from the types
# themselves: the same library gives the same bytes.
abidw --headers-dir "$root/include/urns" --drop-private-types --drop-undefined-syms --exported-interfaces-only \
    --no-corpus-path --no-comp-dir-path --no-show-locs --type-id-style hash "$lib" > "$current/liburns.abi.xml"
# The SONAME says the version: the record's stays free of it, so that a
# version raised for another reason is no ABI change.
sed -i 's/ soname=.liburns\.so\.[0-9.]*.//' "$current/liburns.abi.xml"
# Each translation unit's path, relative to the source tree (abidw writes
# it absolute whatever --no-corpus-path says): a clone elsewhere gives
# the same record.
sed -i "s|path='$root/|path='|g" "$current/liburns.abi.xml"

if [[ $mode == update ]]; then
    version=$(sed -n 's/^#define URNS_VERSION_STRING "\(.*\)"$/\1/p' include/urns/version.hpp)
    mkdir -p api
    cp "$current"/cxx-api.txt "$current"/python-api.txt "$current"/schemas.txt "$current"/liburns.abi.xml api/
    echo "$version" > api/version
    echo "api_record.sh: api/ recorded at version $version; check it:"
fi

set +e
abidiff --no-unreferenced-symbols api/liburns.abi.xml "$current/liburns.abi.xml" > "$scratch/abidiff.txt" 2>&1
status=$?
set -e
"$python" tools/api_record.py check --record api --current "$current" --source "$root" \
    --abidiff-status "$status" --abidiff-report "$scratch/abidiff.txt"
