#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# Installs the Debian 12 packages that building and testing urns needs, and
# only if one is missing (checked with dpkg-query): then `apt-get update` and
# `apt-get install -y` of the missing ones, through sudo when not root.
# Used by tools/test.sh, tools/demo.sh and tools/fresh_root.sh; see
# docs/building.md.
#
#   tools/deps.sh              the packages of the build and every test
#   tools/deps.sh fresh-root   the packages tools/fresh_root.sh needs on the
#                              host (debootstrap), and nothing else
#   tools/deps.sh format       the packages of tools/format_check.sh (git,
#                              clang-format-14), and nothing else
#   tools/deps.sh --check      installs nothing: checks that every external
#                              program the scripts, the build and the tests
#                              call is on PATH and belongs to the package
#                              listed for it below (dpkg -S), to one that
#                              package depends on directly (pkg-config's
#                              program is pkgconf's), to a package that
#                              provides it (a nodejs that provides npm), or
#                              to a package every Debian system has
#                              (Priority: required)
# A package counts as installed when an installed package provides it.
#
# A program called by a script or a build step must be in `programs` with
# the package it comes from, and that package in `packages`: the fresh-root
# step of CI (tools/fresh_root.sh) runs the README's two commands on a
# minbase Debian 12 that has nothing but what this script installs, and
# runs --check there.
set -euo pipefail

packages=(
    cmake ninja-build g++ pkg-config
    python3                                 # the build (data/ tables, manual pages); test/tool/
    clang libclang-rt-14-dev                # clang++ sanitizers and libFuzzer
    libboost1.81-dev libboost-test1.81-dev  # Boost headers, Boost.Test
    libboost1.81-tools-dev                  # b2
    libcli11-dev                            # the urn tool's command line (CLI11)
    zlib1g-dev                              # the urn tool's gzip input
    python3-jsonschema                      # test/tool/: --json records against docs/schema/
    libbenchmark-dev                        # bench/
    ripgrep                                 # bench/vs_ripgrep.py (urn extract against rg -o)
    valgrind                                # tools/bench.sh --instructions (callgrind's instruction counts)
    time                                    # test/tool/soak.py (peak RSS of urn)
    help2man man-db                         # urn's manual pages (tools/urn/gen_docs.py), man -l in tool_docs
    dpkg-dev                                # dpkg-shlibdeps (Depends of urn, python3-urns), dpkg-buildflags and dpkg-architecture (packaging/debian/build.sh)
    binutils                                # strip: cmake/DebianFinish.cmake strips the packaged binaries as dh_strip does
    lintian                                 # test/cmake_package/check_debs.sh: lintian -EviIL +pedantic on the Debian packages
    zsh fish                                # test/cmake_package/check_completions.sh: urn's completions run in zsh and fish
    file                                    # cpack's DEB generator reads the binaries' type with file(1)
    python3-dev                             # python/: Python's headers for the extension module urns._urns
    pybind11-dev python3-pybind11           # python/: pybind11's headers and CMake package (the module's bindings)
    python3-pytest                          # python/tests/ (ctest python, python_dask)
    python3-mypy                            # python/urns/*.pyi: mypy --strict and stubtest (ctest python_stubs)
    python3-dask python3-distributed        # urns.dask (the Dask pipeline) and its test python_dask
    python3-fsspec                          # urns.dask: the files (globs, URLs) it reads
    python3-pandas                          # urns.pandas (Series.urns) and its test python_pandas
    python3-setuptools python3-wheel        # pyproject.toml/setup.py: pip install ., the wheel (ctest python_wheel)
    python3-build                           # python3 -m build --wheel --no-isolation (ctest python_wheel)
    python3-venv python3-pip                # ctest python_wheel: the wheel installed in a fresh venv
    doxygen                                 # the API reference (docs/Doxyfile.in: target docs, test api_docs)
    abigail-tools                           # abidw, abidiff: the shared library's ABI record (tools/api_record.sh, ctest api_record)
    python3-clang-14                        # libclang for Python: the public C++ API's record (tools/api_record.py cxx)
    clang-format-14                         # tools/format_check.sh: the house style (.clang-format) on changed files
    git                                     # tools/format_check.sh: the changed lines; tools/source_date_epoch.sh, tools/dist.sh: the commit's date, the tracked files
    debootstrap                             # tools/fresh_root.sh (.ci/run): the fresh Debian 12 root
    emscripten                              # web/: the package urns-wasm's WebAssembly (cmake/wasm.toolchain.cmake)
    nodejs npm                              # web/test/: node --test, npm pack and npm install of the package
    node-typescript                         # web/test/run.sh: tsc on the package's declarations
    chromium chromium-driver                # web/test/browser_test.py: headless Chromium through chromedriver
    python3-selenium                        # web/test/browser_test.py drives it
)

# The packages tools/fresh_root.sh needs on the machine that makes the root.
fresh_root_packages=(
    debootstrap                             # makes the minbase Debian 12 root
)

# The packages tools/format_check.sh needs (.ci/run runs it on the checkout).
format_packages=(
    git clang-format-14
)

# program:package for every external program that a script, the build or a
# test calls (beyond those every Debian system has, such as bash, sed, awk,
# find, timeout, gzip, tar: --check accepts a program of Priority: required).
programs=(
    cmake:cmake ctest:cmake cpack:cmake ninja:ninja-build g++:g++ pkg-config:pkg-config
    /usr/bin/python3:python3 clang++:clang b2:libboost1.81-tools-dev
    rg:ripgrep valgrind:valgrind /usr/bin/time:time help2man:help2man man:man-db
    dpkg-shlibdeps:dpkg-dev file:file doxygen:doxygen
    dpkg-buildflags:dpkg-dev dpkg-architecture:dpkg-dev strip:binutils lintian:lintian
    zsh:zsh fish:fish
    clang-format-14:clang-format-14 clang-format-diff-14:clang-format-14 git:git
    abidw:abigail-tools abidiff:abigail-tools
    debootstrap:debootstrap
    emcc:emscripten em++:emscripten em-config:emscripten node:nodejs npm:npm tsc:node-typescript
    chromium:chromium chromedriver:chromium-driver
)

# Whether an installed package provides the virtual package $1 (a
# machine's own nodejs that provides npm, say, and conflicts with Debian's).
provided() {
    dpkg-query -W -f='${db:Status-Status} ${Provides}\n' 2>/dev/null | awk -v want="$1" '
        $1 == "installed" { for (i = 2; i <= NF; i++) { sub(/[,(].*/, "", $i); if ($i == want) found = 1 } }
        END { exit !found }'
}

mode=install
case ${1:-} in
'') ;;
fresh-root) packages=("${fresh_root_packages[@]}") ;;
format) packages=("${format_packages[@]}") ;;
--check) mode=check ;;
-h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
*) echo "deps.sh: unknown argument $1 (try --help)" >&2; exit 2 ;;
esac

if [[ $mode == check ]]; then
    bad=0
    for entry in "${programs[@]}"; do
        prog=${entry%%:*} want=${entry#*:}
        if ! path=$(command -v "$prog"); then
            echo "deps: $prog: not found (it comes from $want)" >&2
            bad=1
            continue
        fi
        # The package that owns the path (a merged-/usr system may know it
        # under /bin or /usr/bin), or that of the file the link points to.
        owner=""
        for p in "$path" "/usr${path#/usr}" "${path#/usr}" "$(readlink -f "$path")"; do
            owner=$(dpkg -S "$p" 2>/dev/null | sed -n '1s/:.*//p') && [[ -n $owner ]] && break
        done
        listed=0
        for p in "${packages[@]}"; do [[ $p == "$want" ]] && listed=1; done
        if [[ $listed -eq 0 ]]; then
            echo "deps: $prog: its package $want is not in tools/deps.sh's list" >&2
            bad=1
        elif [[ ${owner%%,*} != "$want" ]] &&
            ! dpkg-query -W -f='${Provides}' "${owner%%,*}" 2>/dev/null | tr ',' '\n' | sed 's/(.*//; s/ //g' | grep -qxF -- "$want" &&
            ! grep -qxF -- "${owner%%,*}" <(dpkg-query -W -f='${Depends},${Pre-Depends}' "$want" 2>/dev/null |
                tr ',|' '\n\n' | sed 's/(.*//; s/:any//; s/ //g') &&
            [[ $(dpkg-query -W -f='${Priority}' "${owner%%,*}" 2>/dev/null) != required ]]; then
            echo "deps: $prog: $path belongs to ${owner:-no package}, not to $want" >&2
            bad=1
        fi
    done
    [[ $bad -eq 0 ]] || exit 1
    echo "deps: all ${#programs[@]} programs found, each from its listed package"
    exit 0
fi

missing=()
for p in "${packages[@]}"; do
    status=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
    [[ $status == installed ]] || provided "$p" || missing+=("$p")
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
