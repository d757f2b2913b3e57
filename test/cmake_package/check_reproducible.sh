#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# The Debian packages are reproducible: built twice from the same commit,
# in two build directories and at two times, they are the same bytes.
# It builds a second package tree with packaging/debian/build.sh (the first
# is the one given, which step (c) of tools/test.sh has built), makes the
# packages of both with cpack, and compares them file by file (cmp); on a
# difference it says which members of the two packages differ. Both builds
# get SOURCE_DATE_EPOCH from tools/source_date_epoch.sh (the commit's date,
# or CHANGELOG.md's newest date in a tree without git).
# Usage: test/cmake_package/check_reproducible.sh <package build dir> <second build dir> <scratch dir>
# Environment: JOBS, PYTHON as for packaging/debian/build.sh.
set -euo pipefail

if [[ $# -ne 3 ]]; then
    echo "usage: $0 <package build dir> <second build dir> <scratch dir>" >&2
    exit 2
fi
fail() {
    echo "check_reproducible.sh: FAILED: $*" >&2
    exit 1
}
root=$(cd "$(dirname "$0")/../.." && pwd)
[[ -f $1/CPackConfig.cmake ]] || fail "$1/CPackConfig.cmake not found: build $1 with packaging/debian/build.sh first"
first=$(cd "$1" && pwd)
mkdir -p "$2" "$3"
second=$(cd "$2" && pwd)
scratch=$(cd "$3" && pwd)
[[ $first != "$second" ]] || fail "the two build directories are one"

# One date for both: the second build and the two cpack runs take it from
# the environment (the first tree's configure may be of an older commit of
# the same sources).
epoch=$("$root/tools/source_date_epoch.sh" "$root")
export SOURCE_DATE_EPOCH=$epoch
echo "-- SOURCE_DATE_EPOCH $epoch ($(date -u -d "@$epoch" '+%Y-%m-%d %H:%M:%S UTC'))"
echo "-- the second package build, in $second"
"$root/packaging/debian/build.sh" "$second"

rm -rf "$scratch/first" "$scratch/second"
for tree in first second; do
    dir=$first
    [[ $tree == second ]] && dir=$second
    echo "-- cpack -G DEB of $dir"
    cpack -G DEB --config "$dir/CPackConfig.cmake" -B "$scratch/$tree" >/dev/null
done

mapfile -t debs < <(cd "$scratch/first" && find . -maxdepth 1 -name '*.deb' -printf '%f\n' | sort)
mapfile -t again < <(cd "$scratch/second" && find . -maxdepth 1 -name '*.deb' -printf '%f\n' | sort)
[[ ${#debs[@]} -gt 0 ]] || fail "cpack made no package"
[[ "${debs[*]}" == "${again[*]}" ]] || fail "the two builds made different packages: ${debs[*]} and ${again[*]}"

bad=0
for deb in "${debs[@]}"; do
    a=$scratch/first/$deb b=$scratch/second/$deb
    if cmp -s "$a" "$b"; then
        echo "$(sha256sum "$a" | cut -c1-16)  $deb: identical ($(stat -c %s "$a") bytes)"
        continue
    fi
    bad=1
    echo "$deb: the two builds differ" >&2
    # Which part: the control members, or which files of the data.
    for part in control data; do
        mkdir -p "$scratch/x/$part/a" "$scratch/x/$part/b"
        if [[ $part == control ]]; then
            dpkg-deb --ctrl-tarfile "$a" > "$scratch/x/$part/a.tar"
            dpkg-deb --ctrl-tarfile "$b" > "$scratch/x/$part/b.tar"
        else
            dpkg-deb --fsys-tarfile "$a" > "$scratch/x/$part/a.tar"
            dpkg-deb --fsys-tarfile "$b" > "$scratch/x/$part/b.tar"
        fi
        diff <(tar -tvf "$scratch/x/$part/a.tar") <(tar -tvf "$scratch/x/$part/b.tar") >&2 || true
        tar -xf "$scratch/x/$part/a.tar" -C "$scratch/x/$part/a"
        tar -xf "$scratch/x/$part/b.tar" -C "$scratch/x/$part/b"
        diff -rq "$scratch/x/$part/a" "$scratch/x/$part/b" >&2 || true
    done
    rm -rf "$scratch/x"
done
[[ $bad -eq 0 ]] || fail "the packages of one commit are not the same bytes (above: what differs)"
echo "check_reproducible.sh: ok: ${#debs[@]} packages, the same bytes from $first and $second"
