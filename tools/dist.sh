#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# Makes the source tarball urns-VERSION.tar.gz (VERSION from
# include/urns/version.hpp) in OUTDIR (default build/dist): the files git
# tracks (in a tree without git, every file but the build directories and
# what .gitignore names), under urns-VERSION/, as they are in the work
# tree. Deterministic: the files sorted by name, owner and group 0, modes
# 0644 or 0755 (executable), every time stamp SOURCE_DATE_EPOCH
# (tools/source_date_epoch.sh: the commit's date), GNU tar format and
# gzip -9n (no name, no time): the same commit gives the same bytes
# (ctest dist checks it). CMake's target `dist` runs it into the build tree.
# Usage: tools/dist.sh [OUTDIR]
set -euo pipefail

cd "$(dirname "$0")/.."
root=$(pwd)
out=${1:-build/dist}
mkdir -p "$out"
out=$(cd "$out" && pwd)
version=$(sed -n 's/^#define URNS_VERSION_STRING "\(.*\)"$/\1/p' include/urns/version.hpp)
[[ -n $version ]] || { echo "dist.sh: no URNS_VERSION_STRING in include/urns/version.hpp" >&2; exit 1; }
epoch=$(tools/source_date_epoch.sh "$root")
name=urns-$version

list=$(mktemp "${TMPDIR:-/tmp}/urns-dist.XXXXXX")
trap 'rm -f "$list"' EXIT
if git -C "$root" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git -C "$root" ls-files -z --cached > "$list"
else
    # .gitignore's patterns, as find(1) tests.
    find . \( -path ./build -o -path './build-*' -o -path ./bin.v2 -o -path ./out -o -path ./.git \
        -o -path './fuzz/corpus-*' -o -path './bench/corpus-*.txt' -o -name '*.o' -o -name '*.a' \
        -o -name __pycache__ \) -prune -o \( -type f -o -type l \) -printf '%P\0' > "$list"
fi
# Only what exists (a tracked file deleted in the work tree is left out),
# sorted by name in the C locale.
tmp=$list.sorted
while IFS= read -r -d '' f; do
    [[ -e $f || -L $f ]] && printf '%s\0' "$f"
done < "$list" | LC_ALL=C sort -z > "$tmp"
mv "$tmp" "$list"

LC_ALL=C tar --create --format=gnu --transform "flags=rh;s|^|$name/|" --sort=name --owner=0 --group=0 \
    --numeric-owner --mode='u+rw,go=rX,go-w' --mtime="@$epoch" --no-recursion --null --files-from="$list" |
    gzip -9n > "$out/$name.tar.gz"
echo "$out/$name.tar.gz ($(stat -c %s "$out/$name.tar.gz") bytes, $(tr -cd '\0' < "$list" | wc -c) files, dated $(date -u -d "@$epoch" +%Y-%m-%dT%H:%M:%SZ))"
