#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# Builds and runs the consumer in this directory against an installed urns,
# twice: with CMake (find_package(urns CONFIG)) and with pkg-config (urns.pc).
# Usage: test/cmake_package/check.sh <install prefix> <scratch dir>
# tools/test.sh runs it after `cmake --install build/... --prefix <prefix>`,
# and so does the ctest test cmake_package; check_shared.sh runs it on a
# shared build's install. The pkg-config half is check_pkgconfig.sh, which
# tools/test.sh also runs on a b2 install.
# An install with liburns.so is checked as a shared library too: its SONAME
# is liburns.so.0.<minor> (liburns.so.<major> from 1.0 on; the version is
# the installed urns/version.hpp's); the consumers and the installed urn
# NEED it and run with the prefix's library directory on LD_LIBRARY_PATH
# (the plugin calls no function of the library, so it needs none); its
# dynamic symbols (nm -D --defined-only) are in namespace urns only, none
# in urns::grammar or Boost.Spirit.
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
fail() {
    echo "check.sh: FAILED: $*" >&2
    exit 1
}

# The variant installed: liburns.so (the link-time name) or liburns.a.
shared_lib=$(find "$prefix" -name liburns.so -print -quit)
soname=
if [[ -n $shared_lib ]]; then
    version_hpp=$prefix/include/urns/version.hpp
    major=$(sed -n 's/^#define URNS_VERSION_MAJOR \([0-9]*\)$/\1/p' "$version_hpp")
    minor=$(sed -n 's/^#define URNS_VERSION_MINOR \([0-9]*\)$/\1/p' "$version_hpp")
    [[ -n $major && -n $minor ]] || fail "no version in $version_hpp"
    if [[ $major == 0 ]]; then soname=liburns.so.0.$minor; else soname=liburns.so.$major; fi
    echo "-- shared install: $shared_lib, expected SONAME $soname"
    got=$(readelf -d "$shared_lib" | sed -n 's/.*(SONAME).*\[\(.*\)\]$/\1/p')
    [[ $got == "$soname" ]] || fail "the SONAME of $shared_lib is \"$got\", expected $soname"
    [[ -e $(dirname "$shared_lib")/$soname ]] || fail "$soname is not installed beside liburns.so"
    # The installed programs carry no RPATH into the prefix.
    export LD_LIBRARY_PATH
    LD_LIBRARY_PATH=$(dirname "$shared_lib")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}

    echo "-- the exported symbols of $soname (nm -D --defined-only, demangled)"
    symbols=$(nm -D --defined-only "$shared_lib" | c++filt | cut -d' ' -f3-)
    count=$(grep -c . <<<"$symbols" || true)
    outside=$(grep -v '^urns::' <<<"$symbols" || true)
    internal=$(grep -E '^urns::grammar::|boost::spirit' <<<"$symbols" || true)
    [[ -z $outside ]] || fail "symbols outside namespace urns exported: $outside"
    [[ -z $internal ]] || fail "internals (the grammars, X3) exported: $internal"
    grep -q '^urns::parse_urn(' <<<"$symbols" || fail "urns::parse_urn is not exported"
    echo "$count symbols, all in namespace urns: $(grep -c '^urns::nss::' <<<"$symbols") in urns::nss, $(grep -c '^urns::detail::' <<<"$symbols") in urns::detail"
fi
# needs <binary>: fails unless a shared install's binary NEEDs its SONAME.
needs() {
    [[ -z $soname ]] && return 0
    readelf -d "$1" | grep -q "(NEEDED).*\[$soname\]" || fail "$1 does not NEED $soname"
    echo "$1 NEEDs $soname"
}

echo "-- CMake consumer: find_package(urns CONFIG REQUIRED), urns::urns"
cmake -S "$here" -B "$scratch/cmake" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release
cmake --build "$scratch/cmake"
"$scratch/cmake/urns_consumer"
needs "$scratch/cmake/urns_consumer"

echo "-- plugin: urns_add_plugin from the package, loaded by the installed urn"
needs "$prefix/bin/urn"
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
needs "$scratch/urns_consumer_pc"
