#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# The README's first command: builds the `urn` tool and runs
#   urn check example/urns.txt
# which prints the components of each valid URN and a caret message for each
# invalid one. example/urns.txt mixes valid and invalid URNs on purpose, so
# `urn check` must exit 1 on it ("some were not valid"): this script exits 0
# when the tool ran and gave that expected 1, and non-zero otherwise.
# Build directory: build/release (shared with tools/test.sh step (a)).
set -euo pipefail

cd "$(dirname "$0")/.."
jobs=${JOBS:-2}

fail() { echo "demo.sh: $*" >&2; exit 1; }

tools/deps.sh

[[ -f tools/CMakeLists.txt ]] ||
    fail "tools/CMakeLists.txt does not exist yet: the \`urn\` tool is not written, nothing to demonstrate"
[[ -f example/urns.txt ]] || fail "example/urns.txt does not exist yet"

cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=g++ \
    -DURNS_WARNINGS_AS_ERRORS=ON >/dev/null
cmake --build build/release -j "$jobs" --target urn ||
    fail "building the \`urn\` target failed (see above)"

urn=$(find build/release -type f -name urn -perm -u+x -print -quit)
[[ -n $urn ]] || fail "the \`urn\` target built, but no build/release/**/urn executable was found"

echo "\$ urn check example/urns.txt"
set +e
"$urn" check example/urns.txt
rc=$?
set -e
echo
if [[ $rc -eq 1 ]]; then
    echo "demo.sh: urn check exited 1, as expected: example/urns.txt holds invalid URNs on purpose"
    exit 0
fi
fail "urn check exited $rc, expected 1 (example/urns.txt mixes valid and invalid URNs)"
