#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# ctest dist: the source tarball of tools/dist.sh is the same bytes when
# made twice (a second apart, after the work tree's time stamps changed),
# is named after include/urns/version.hpp, holds CHANGELOG.md and the
# version header under urns-VERSION/ and nothing of a build directory, has
# every member dated by tools/source_date_epoch.sh, and, unpacked (no
# git), dates itself by CHANGELOG.md's newest section.
# Usage: test/ctest/dist.sh <source dir> <scratch dir>
set -euo pipefail
src=$1 scratch=$2
rm -rf "$scratch"
mkdir -p "$scratch/a" "$scratch/b"
version=$(sed -n 's/^#define URNS_VERSION_STRING "\(.*\)"$/\1/p' "$src/include/urns/version.hpp")
"$src/tools/dist.sh" "$scratch/a"
sleep 1
"$src/tools/dist.sh" "$scratch/b" >/dev/null
a=$scratch/a/urns-$version.tar.gz b=$scratch/b/urns-$version.tar.gz
[[ -f $a ]] || { echo "dist: FAILED: no $a" >&2; exit 1; }
cmp "$a" "$b" || { echo "dist: FAILED: two runs of tools/dist.sh differ" >&2; exit 1; }
listing=$(tar -tzf "$a")
for f in CHANGELOG.md include/urns/version.hpp CMakeLists.txt tools/dist.sh; do
    grep -qx "urns-$version/$f" <<<"$listing" || { echo "dist: FAILED: urns-$version/$f is not in the tarball" >&2; exit 1; }
done
outside=$(grep -v "^urns-$version/" <<<"$listing" || true)
[[ -z $outside ]] || { echo "dist: FAILED: outside urns-$version/: $outside" >&2; exit 1; }
built=$(grep -E "^urns-$version/(build|build-[^/]*)/" <<<"$listing" || true)
[[ -z $built ]] || { echo "dist: FAILED: build files in the tarball: $built" >&2; exit 1; }
# Every member is dated by the tree's date, and the unpacked tree, which
# has no git, dates itself by CHANGELOG.md's newest section.
epoch=$("$src/tools/source_date_epoch.sh" "$src")
stamp=$(date -u -d "@$epoch" '+%Y-%m-%d %H:%M')
dates=$(TZ=UTC tar -tvzf "$a" | awk '{print $4" "$5}' | sort -u)
[[ $dates == "$stamp" ]] || { echo "dist: FAILED: member dates $dates, not $stamp" >&2; exit 1; }
mkdir -p "$scratch/x"
tar -xzf "$a" -C "$scratch/x"
day=$(sed -n 's/^## \[[0-9.]*\] - \([0-9-]*\)$/\1/p' "$src/CHANGELOG.md" | head -1)
unpacked=$(env -u SOURCE_DATE_EPOCH "$scratch/x/urns-$version/tools/source_date_epoch.sh" "$scratch/x/urns-$version")
[[ $unpacked == "$(date -u -d "$day" +%s)" ]] ||
    { echo "dist: FAILED: the unpacked tree dates itself $unpacked, not CHANGELOG.md's $day" >&2; exit 1; }
echo "dist: ok: urns-$version.tar.gz, $(wc -l <<<"$listing") files, the same bytes twice ($(sha256sum "$a" | cut -c1-16))"
