#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# Installs the Debian 12 packages that building and testing urns needs, and
# only if one is missing (checked with dpkg-query): then `apt-get update` and
# `apt-get install -y` of the missing ones, through sudo when not root.
# Used by tools/test.sh, tools/demo.sh and .ci/run; see docs/building.md.
set -euo pipefail

packages=(
    cmake ninja-build g++ pkg-config
    python3                                 # test/tool/ (tests of the urn command)
    clang libclang-rt-14-dev                # clang++ sanitizers and libFuzzer
    libboost1.81-dev libboost-test1.81-dev  # Boost headers, Boost.Test
    libboost1.81-tools-dev                  # b2
    libcli11-dev                            # the urn tool's command line (CLI11)
    zlib1g-dev                              # the urn tool's gzip input
    python3-jsonschema                      # test/tool/: --json records against docs/schema/
    libbenchmark-dev                        # bench/
    ripgrep                                 # bench/vs_ripgrep.py (urn extract against rg -o)
    time                                    # test/tool/soak.py (peak RSS of urn)
    help2man man-db                         # urn's manual pages (tools/urn/gen_docs.py), man -l in tool_docs
    dpkg-dev                                # dpkg-shlibdeps: the Depends of the urn Debian package (cpack)
    python3-dev                             # python/: Python's headers for the extension module urns._urns
    pybind11-dev python3-pybind11           # python/: pybind11's headers and CMake package (the module's bindings)
    python3-pytest                          # python/tests/ (ctest python, python_dask)
    python3-mypy                            # python/urns/*.pyi: mypy --strict and stubtest (ctest python_stubs)
    python3-dask python3-distributed        # urns.dask (the Dask pipeline) and its test python_dask
    doxygen                                 # the API reference (docs/Doxyfile.in: target docs, test api_docs)
)

missing=()
for p in "${packages[@]}"; do
    status=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
    [[ $status == installed ]] || missing+=("$p")
done

if [[ ${#missing[@]} -eq 0 ]]; then
    echo "deps: all ${#packages[@]} packages are installed"
    exit 0
fi

if [[ $(id -u) -eq 0 ]]; then
    as_root=()
elif command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
else
    echo "deps: missing ${missing[*]}, and not root with no sudo: install them as root" >&2
    exit 1
fi

echo "deps: installing ${missing[*]}"
"${as_root[@]}" apt-get update
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
