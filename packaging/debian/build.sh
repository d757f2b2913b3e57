#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# Configures and builds the tree that the Debian packages (liburns-dev, urn,
# python3-urns) are made from, as Debian builds a package:
#   - prefix /usr; the library, the CMake package and urns.pc in
#     lib/<multiarch triplet> (dpkg-architecture's DEB_HOST_MULTIARCH); the
#     Python package in lib/python3/dist-packages
#   - the flags of dpkg-buildflags with every hardening feature
#     (DEB_BUILD_MAINT_OPTIONS=hardening=+all: -D_FORTIFY_SOURCE=2,
#     -fstack-protector-strong, -Wl,-z,relro, -Wl,-z,now, ...), before
#     CMake's Release flags (-O3 -DNDEBUG, as build/release); CPPFLAGS go
#     with CXXFLAGS, as debhelper's cmake build system passes them
#   - only what the packages hold: the library, urn with its manual pages
#     and completions, the Python module, the API reference (no tests,
#     examples or benchmarks)
# then, with --package DIR, makes the packages in DIR with cpack.
# SOURCE_DATE_EPOCH is the commit's date (tools/source_date_epoch.sh: the
# environment's if set, else git log -1 --format=%ct, else the newest date
# of CHANGELOG.md), exported for the build and cpack: the packages of one
# commit are the same bytes whoever builds them, in whatever directory and
# at whatever time (test/cmake_package/check_reproducible.sh).
# Benchmarks are not built here: tools/bench.sh has its own tree and flags.
# Usage: packaging/debian/build.sh <build dir> [--package <dir>]
# Environment: JOBS (default 2) parallel jobs; PYTHON (default
# /usr/bin/python3) the Python the module is built for.
set -euo pipefail

usage() { echo "usage: $0 <build dir> [--package <dir>]" >&2; exit 2; }
[[ $# -ge 1 ]] || usage
build=$1
shift
package=""
while [[ $# -gt 0 ]]; do
    case $1 in
    --package) [[ $# -ge 2 ]] || usage; package=$2; shift ;;
    *) usage ;;
    esac
    shift
done
cd "$(dirname "$0")/../.."
for tool in cmake dpkg-buildflags dpkg-architecture; do
    command -v "$tool" >/dev/null || { echo "build.sh: $tool not found (Debian package dpkg-dev)" >&2; exit 1; }
done

SOURCE_DATE_EPOCH=$(tools/source_date_epoch.sh .)
export SOURCE_DATE_EPOCH
export DEB_BUILD_MAINT_OPTIONS=hardening=+all
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
# dpkg-buildflags maps the source directory to "." in what the compiler
# writes (debug information, __FILE__); the build directory is mapped too,
# last so that it wins for the files under it, so that two build
# directories give the same binaries (their build ids are made from the
# debug information, which names the directory a file was compiled in).
mkdir -p "$build"
build_abs=$(cd "$build" && pwd)
cxxflags="$(dpkg-buildflags --get CPPFLAGS) $(dpkg-buildflags --get CXXFLAGS) -ffile-prefix-map=$build_abs=."
ldflags=$(dpkg-buildflags --get LDFLAGS)
echo "-- package build in $build: CXXFLAGS $cxxflags; LDFLAGS $ldflags; libdir lib/$multiarch; SOURCE_DATE_EPOCH $SOURCE_DATE_EPOCH"
# CMake reads CXXFLAGS and LDFLAGS from the environment on the first
# configure only: they are given as cache values instead, so a reconfigure
# keeps them.
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=g++ \
    -DCMAKE_CXX_FLAGS="$cxxflags" -DCMAKE_EXE_LINKER_FLAGS="$ldflags" \
    -DCMAKE_SHARED_LINKER_FLAGS="$ldflags" -DCMAKE_MODULE_LINKER_FLAGS="$ldflags" \
    -DCMAKE_INSTALL_PREFIX=/usr -DCMAKE_INSTALL_LIBDIR="lib/$multiarch" \
    -DURNS_PYTHON_INSTALL_DIR=lib/python3/dist-packages \
    -DURNS_BUILD_TESTS=OFF -DURNS_BUILD_EXAMPLES=OFF \
    -DCMAKE_SKIP_INSTALL_ALL_DEPENDENCY=ON \
    -DPython3_EXECUTABLE="${PYTHON:-/usr/bin/python3}" >/dev/null
# The packaged targets only (bench/'s are in `all`, and cpack does not build:
# CMAKE_SKIP_INSTALL_ALL_DEPENDENCY).
targets=(urns urn urn_docs urns_python urns_python_files docs)
cmake --build "$build" -j "${JOBS:-2}" --target "${targets[@]}"
if [[ -n $package ]]; then
    mkdir -p "$package"
    cpack -G DEB --config "$build/CPackConfig.cmake" -B "$package"
fi
