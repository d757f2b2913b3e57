#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# The web package's tests (tools/test.sh step (g)), from the source root:
#   1. the WebAssembly build (cmake/wasm.toolchain.cmake) of build/web:
#      the package folder build/web/package and the playground; its
#      module at most 400 kB gzip-compressed (gzip -9)
#   2. the C++ reference web/test/reference.cpp built against the native
#      library of build/release (step (a) configured it)
#   3. node --test: web/test/api.test.mjs and differential.test.mjs
#      (the package against the reference)
#   4. npm pack of the folder, `npm install ./urns-wasm-<version>.tgz`
#      into a scratch project (offline: no registry), imported there from
#      node, and its declarations checked by tsc (web/test/typing.ts)
#   5. web/test/browser_test.py: the playground and the installed package
#      in headless Chromium
# Environment: JOBS (default 2), PYTHON (default /usr/bin/python3), TMPDIR.
set -euo pipefail

cd "$(dirname "$0")/../.."
root=$(pwd)
jobs=${JOBS:-2}
python=${PYTHON:-/usr/bin/python3}
scratch=$(mktemp -d "${TMPDIR:-/tmp}/urns-web.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

echo "-- 1. WebAssembly build"
cmake -S web -B build/web -G Ninja -DCMAKE_TOOLCHAIN_FILE="$root/cmake/wasm.toolchain.cmake" \
    -DPython3_EXECUTABLE="$python"
cmake --build build/web -j "$jobs"
pkg=build/web/package
raw=$(stat -c %s "$pkg/urns.wasm")
gz=$(gzip -9c "$pkg/urns.wasm" | wc -c)
echo "urns.wasm: $raw bytes, $gz bytes gzip -9"
if [[ $gz -gt 400000 ]]; then
    echo "web: urns.wasm is $gz bytes gzip-compressed, over 400 kB" >&2
    exit 1
fi

echo "-- 2. the C++ reference"
cmake --build build/release -j "$jobs" --target urns
g++ -std=c++17 -O2 -Iinclude web/test/reference.cpp build/release/liburns.a -o "$scratch/reference"

echo "-- 3. node --test"
URNS_WASM_PACKAGE="$root/$pkg" URNS_REFERENCE="$scratch/reference" \
    node --test web/test/api.test.mjs web/test/differential.test.mjs

echo "-- 4. npm pack, npm install of the tarball, tsc"
(cd "$scratch" && npm pack --silent "$root/$pkg" > packed.txt)
tarball="$scratch/$(tail -n 1 "$scratch/packed.txt")"
echo "packed: $(basename "$tarball") ($(stat -c %s "$tarball") bytes)"
project="$scratch/project"
mkdir -p "$project"
printf '{ "name": "urns-wasm-consumer", "version": "1.0.0", "private": true, "type": "module" }\n' \
    > "$project/package.json"
(cd "$project" && npm install --offline --no-audit --no-fund --silent "$tarball")
cp web/test/page/installed.html web/test/typing.ts "$project/"
(cd "$project" && node --input-type=module -e "
import { isValid, parse, find, namespaces, abnf } from 'urns-wasm';
const ok = isValid('urn:isbn:0-395-36341-1', { namespaces: true }) && !isValid('urn:ex:a b')
  && parse('URN:Example:a%2cb?=x', { syntax: 'rfc8141' }).canonical === 'urn:example:a%2Cb'
  && [...find('see urn:ex:a.')].length === 1 && namespaces().length > 60
  && abnf.compile('x = \"a\"').matches('x', 'A');
if (!ok) { console.error('the installed package gives wrong answers'); process.exit(1); }
console.log('the installed package imports in node');")
(cd "$project" && tsc --strict --noEmit --target es2022 --module node16 --moduleResolution node16 typing.ts)
echo "tsc: urns.d.ts checks"

echo "-- 5. the browser"
"$python" web/test/browser_test.py build/web/playground "$project"
