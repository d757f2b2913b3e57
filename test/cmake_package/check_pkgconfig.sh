#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# Builds and runs the consumer in this directory (main.cpp) against an
# installed urns with pkg-config alone: c++ -std=c++17 main.cpp
# $(pkg-config --cflags --libs urns), with urns.pc found under the prefix.
# Usage: test/cmake_package/check_pkgconfig.sh <install prefix> <scratch dir>
# check.sh runs it on a CMake install (after its CMake consumer);
# tools/test.sh step (b) runs it on `b2 install --prefix=...`, which has no
# CMake package.
set -euo pipefail

if [[ $# -ne 2 ]]; then
    echo "usage: $0 <install prefix> <scratch dir>" >&2
    exit 2
fi
prefix=$(cd "$1" && pwd)
scratch=$2
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$scratch"
scratch=$(cd "$scratch" && pwd)

echo "-- pkg-config consumer: c++ -std=c++17 main.cpp \$(pkg-config --cflags --libs urns)"
pc=$(find "$prefix" -name urns.pc -print -quit)
if [[ -z $pc ]]; then
    echo "check_pkgconfig.sh: no urns.pc under $prefix" >&2
    exit 1
fi
export PKG_CONFIG_PATH
PKG_CONFIG_PATH=$(dirname "$pc")
echo "urns $(pkg-config --modversion urns): $(pkg-config --cflags --libs urns)"
# shellcheck disable=SC2046  # the flags are meant to split into words
"${CXX:-c++}" -std=c++17 "$here/main.cpp" -o "$scratch/urns_consumer_pc" $(pkg-config --cflags --libs urns)
"$scratch/urns_consumer_pc"
