#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# Builds and runs the consumer in this directory against an installed urns,
# twice: with CMake (find_package(urns CONFIG)) and with pkg-config (urns.pc).
# Usage: test/cmake_package/check.sh <install prefix> <scratch dir>
# tools/test.sh runs it after `cmake --install build/... --prefix <prefix>`,
# and so does the ctest test cmake_package. The pkg-config half is
# check_pkgconfig.sh, which tools/test.sh also runs on a b2 install.
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

echo "-- CMake consumer: find_package(urns CONFIG REQUIRED), urns::urns"
cmake -S "$here" -B "$scratch/cmake" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release
cmake --build "$scratch/cmake"
"$scratch/cmake/urns_consumer"

echo "-- plugin: urns_add_plugin from the package, loaded by the installed urn"
printf 'urn:consumer-code:123\nurn:consumer-code:12x\n' > "$scratch/codes.txt"
set +e
out=$("$prefix/bin/urn" check -q --namespaces --plugin "$scratch/cmake/consumer_plugin.so" "$scratch/codes.txt" 2>&1)
rc=$?
set -e
echo "$out"
if [[ $rc -ne 1 || "$out" != *"codes.txt:2:"* || "$out" != *"offset 20"* || "$out" == *"codes.txt:1:"* ]]; then
    echo "plugin check: expected line 2 rejected at offset 20 and status 1, got status $rc" >&2
    exit 1
fi

"$here/check_pkgconfig.sh" "$prefix" "$scratch"
