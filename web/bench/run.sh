#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# The package's figures (docs/javascript.md, "Figures"), from the source root:
# the inputs (test/tool/gen_corpus.py: URNs one a line with one in 20 made
# invalid, and 100 MB of prose), the C++ side (web/bench/native.cpp and
# the urn tool of build/release), the npm packages urn-lib and urns
# installed from the registry into a scratch directory (the only use of
# the registry: neither the build nor the tests need it), then
# web/bench/bench.mjs, which measures both sides of each ratio in one run.
# Needs build/web (web/test/run.sh) and build/release with the urn tool.
#   web/bench/run.sh [--no-peers]
set -euo pipefail

cd "$(dirname "$0")/../.."
root=$(pwd)
python=${PYTHON:-/usr/bin/python3}
scratch=$(mktemp -d "${TMPDIR:-/tmp}/urns-web-bench.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

cmake --build build/web
cmake --build build/release --target urn
g++ -std=c++17 -O2 -Iinclude web/bench/native.cpp build/release/liburns.a -o "$scratch/native"
"$python" test/tool/gen_corpus.py "$scratch/corpus.txt" 6 --invalid-every 20
"$python" test/tool/gen_corpus.py "$scratch/prose.txt" 100 --prose
peers=""
if [[ ${1:-} != --no-peers ]]; then
    mkdir -p "$scratch/peers"
    echo '{ "private": true }' > "$scratch/peers/package.json"
    (cd "$scratch/peers" && npm install --no-audit --no-fund --silent urn-lib@2.0.0 urns@0.6.1)
    peers="$scratch/peers"
fi
node web/bench/bench.mjs "$root/build/web/package" "$scratch/native" build/release/tools/urn \
    "$scratch/corpus.txt" "$scratch/prose.txt" $peers
