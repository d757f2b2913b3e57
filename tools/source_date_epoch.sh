#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# Prints the date of the source tree, in seconds since 1970 (UTC), for
# SOURCE_DATE_EPOCH (reproducible-builds.org): the environment's
# SOURCE_DATE_EPOCH when set; else the last commit's date
# (git log -1 --format=%ct) when SOURCE_DIR is a git checkout's top; else,
# in a tree without git (a copy of the files, a source tarball), the date
# of CHANGELOG.md's newest section at 00:00 UTC. packaging/debian/build.sh and tools/dist.sh use it, so that the
# same commit gives the same bytes.
# Usage: tools/source_date_epoch.sh [SOURCE_DIR]
set -euo pipefail

src=${1:-$(dirname "$0")/..}
if [[ -n ${SOURCE_DATE_EPOCH:-} ]]; then
    echo "$SOURCE_DATE_EPOCH"
    exit 0
fi
# Only when SOURCE_DIR is the top of a git work tree: a copy of the files
# unpacked inside another checkout must not take that checkout's date.
top=$(git -C "$src" rev-parse --show-toplevel 2>/dev/null || true)
if [[ -n $top && $(cd "$top" && pwd -P) == "$(cd "$src" && pwd -P)" ]] &&
    epoch=$(git -C "$src" log -1 --format=%ct 2>/dev/null) && [[ $epoch =~ ^[0-9]+$ ]]; then
    echo "$epoch"
    exit 0
fi
day=$(sed -n 's/^## \[[0-9.]*\] - \([0-9]\{4\}-[0-9]\{2\}-[0-9]\{2\}\)$/\1/p' "$src/CHANGELOG.md" | head -1)
if [[ -z $day ]]; then
    echo "source_date_epoch.sh: no git and no dated section in $src/CHANGELOG.md" >&2
    exit 1
fi
date -u -d "$day" +%s
