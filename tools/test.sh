#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# Runs every test of urns: the README's test command, and what .ci/run runs.
#   (a) CMake configure, build and ctest with g++ (Release, warnings as
#       errors: CMakePresets.json's preset release), the API record
#       (ctest api_record) among the tests
#   (b) b2 -j2 and b2 -j2 test (Jamroot, test/Jamfile; build dir build/b2), then
#       b2 install to a temporary prefix: its urn --version says the version
#       of include/urns/version.hpp, test/cmake_package/check_pkgconfig.sh
#       builds the pkg-config consumer against it, and it loads b2's build
#       of the example plugin (acme_ticket.so)
#   (c) cmake --install to a temporary prefix, then test/cmake_package/check.sh:
#       the consumer built with find_package(urns) and with pkg-config; then
#       packaging/debian/build.sh builds the package tree build/deb (prefix
#       /usr, lib/<multiarch>, dpkg-buildflags' hardening; the library, urn
#       and the Python module only) and test/cmake_package/check_debs.sh
#       checks the Debian packages liburns-dev, liburns-doc, urn and python3-urns made by
#       cpack from it: their files and Depends, lintian -EviIL +pedantic
#       clean, the same consumer built against them unpacked, the paths
#       the manual pages name, and python/tests/ (pytest) run against the
#       unpacked module; then test/cmake_package/check_reproducible.sh
#       builds them again in build/deb-again and finds the same bytes
#   (d) clang++ ASan+UBSan build (warnings as errors) and ctest on it
#   (e) tools/fuzz.sh --ci (bounded fuzzing)
#   (f) clang++ ThreadSanitizer build of test/unit/threads.cpp and the urn
#       tool only, and their runs (the library called from many threads at
#       once; urn check, normalize, extract -j 4); any report fails
#   (g) web/test/run.sh: the npm package urns-wasm built with emscripten
#       (build/web), node --test of it against the C++ library (built in
#       (a)), npm pack and npm install of its tarball, tsc on its
#       declarations, the playground and the installed package in headless
#       Chromium (docs/javascript.md)
# Each step prints a banner and its wall time; the first failure stops it,
# and so does a step that runs past its time limit (a hang fails the run).
# Build directories: build/release, build/b2, build/deb, build/deb-again,
# build/asan, build/tsan, build/web (all gitignored).
# Options: --quick    step (a) only
#          --no-deps  do not run tools/deps.sh first
# Environment: JOBS (default 2) parallel jobs for builds and ctest;
#              PYTHON (default /usr/bin/python3) the Python of the tests;
#              STEP_LIMIT (default 2400) seconds each step may take.
set -euo pipefail

cd "$(dirname "$0")/.."
root=$(pwd)
jobs=${JOBS:-2}
# The Python of the system: Debian's packages (python3-jsonschema, ...) are
# installed for it, whatever else is first on PATH.
python=${PYTHON:-/usr/bin/python3}
step_limit=${STEP_LIMIT:-2400}
quick=0
deps=1
for arg in "$@"; do
    case $arg in
    --quick) quick=1 ;;
    --no-deps) deps=0 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "test.sh: unknown option $arg (try --help)" >&2; exit 2 ;;
    esac
done

scratch=$(mktemp -d "${TMPDIR:-/tmp}/urns-test.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

total_start=$(date +%s)
# step <title> <function>: runs the function with errexit under `timeout`
# (in its own process group, killed whole after $step_limit seconds), then
# prints its wall time, or the failure and stops.
step() {
    local title=$1 fn=$2 start rc
    echo
    echo "==== $title"
    start=$(date +%s)
    set +e
    timeout --kill-after=30 "$step_limit" bash -c "set -euo pipefail; $fn"
    rc=$?
    set -e
    local took=$(($(date +%s) - start))
    if [[ $rc -eq 124 || $rc -eq 137 ]]; then
        echo "==== FAILED: $title: still running after ${step_limit}s (STEP_LIMIT), stopped" >&2
        exit 1
    fi
    if [[ $rc -ne 0 ]]; then
        echo "==== FAILED: $title (exit $rc after ${took}s)" >&2
        exit 1
    fi
    echo "==== done: $title in ${took}s"
}

deps_step() { tools/deps.sh; }

# The builds are CMakePresets.json's (release, asan, tsan: the compiler,
# build type, warnings as errors, sanitizers and build directory).
cmake_step() {
    cmake --preset release -DPython3_EXECUTABLE="$python"
    cmake --build build/release -j "$jobs"
    ctest --test-dir build/release -j "$jobs" --output-on-failure --timeout 300
}

b2_step() {
    # The default build (library, urn, examples, plugin), then the tests.
    b2 -j"$jobs"
    b2 -j"$jobs" test
    b2 -j"$jobs" install --prefix="$scratch/b2prefix"
    local version out
    version=$(sed -n 's/^#define URNS_VERSION_STRING "\(.*\)"$/\1/p' include/urns/version.hpp)
    out=$("$scratch/b2prefix/bin/urn" --version)
    echo "$out"
    if [[ -z $version || $out != "urn (urns) $version" ]]; then
        echo "b2 install: urn --version says \"$out\", include/urns/version.hpp says \"$version\"" >&2
        return 1
    fi
    test/cmake_package/check_pkgconfig.sh "$scratch/b2prefix" "$scratch/b2consumer"
    # The plugin example as b2 builds it, loaded by the installed urn: the
    # second ticket (a leading zero) is rejected, the first is not.
    local plugin rc
    plugin=$(find build/b2/example -name acme_ticket.so -print -quit)
    printf 'urn:acme-ticket:CORE-1234\nurn:acme-ticket:CORE-0123\n' > "$scratch/tickets.txt"
    set +e
    out=$("$scratch/b2prefix/bin/urn" check -q --namespaces --plugin "$plugin" "$scratch/tickets.txt" 2>&1)
    rc=$?
    set -e
    echo "$out"
    if [[ -z $plugin || $rc -ne 1 || "$out" != *"tickets.txt:2:"* || "$out" == *"tickets.txt:1:"* ]]; then
        echo "b2 plugin ${plugin:-(not found)}: expected line 2 rejected and status 1, got status $rc" >&2
        return 1
    fi
}

install_step() {
    cmake --install build/release --prefix "$scratch/prefix"
    test/cmake_package/check.sh "$scratch/prefix" "$scratch/consumer"
    packaging/debian/build.sh build/deb
    PYTHON=$python test/cmake_package/check_debs.sh build/deb "$scratch/debs"
    # The same packages again from a second tree: the same bytes.
    PYTHON=$python test/cmake_package/check_reproducible.sh build/deb build/deb-again "$scratch/repro"
}

sanitize_step() {
    cmake --preset asan -DPython3_EXECUTABLE="$python"
    cmake --build build/asan -j "$jobs"
    ASAN_OPTIONS=detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        ctest --test-dir build/asan -j "$jobs" --output-on-failure --timeout 300
}

fuzz_step() { tools/fuzz.sh --ci; }

tsan_step() {
    cmake --preset tsan
    # Only the library, the threads test and the urn tool (its -j N) are
    # built: the rest runs in (a) and (d).
    cmake --build build/tsan -j "$jobs" --target test_threads urn
    TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 \
        timeout 300 build/tsan/test/test_threads -- "$root"
    timeout 600 test/tool/tsan_jobs.sh build/tsan/tools/urn
}

web_step() { JOBS=$jobs PYTHON=$python web/test/run.sh; }

# The steps run in `bash -c` under timeout: they see these.
export -f deps_step cmake_step b2_step install_step sanitize_step fuzz_step tsan_step web_step
export jobs scratch root python

if [[ $deps -eq 1 ]]; then step "dependencies (tools/deps.sh)" deps_step; fi
step "(a) CMake: configure, build, ctest (g++, Release, -Werror)" cmake_step
if [[ $quick -eq 0 ]]; then
    step "(b) b2 -j$jobs test, b2 install + its urn and pkg-config consumer" b2_step
    step "(c) cmake --install + consumer (CMake package, pkg-config), Debian packages" install_step
    step "(d) clang++ -fsanitize=address,undefined build + ctest" sanitize_step
    step "(e) tools/fuzz.sh --ci" fuzz_step
    step "(f) clang++ -fsanitize=thread: test_threads, urn -j 4" tsan_step
    step "(g) web: the npm package urns-wasm (emscripten), node --test, npm pack + install, tsc, Chromium" web_step
fi
echo
echo "==== all tests passed in $(($(date +%s) - total_start))s ($root)"
