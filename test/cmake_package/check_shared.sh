#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# Builds urns as a shared library and checks it as installed: configures
# <scratch dir>/build from the source tree with -DBUILD_SHARED_LIBS=ON (no
# tests, no Python module, no API reference), builds its default targets
# (liburns.so, linked with --no-undefined; the urn tool; the examples, the
# example plugin and the bench programs, all linked with liburns.so, so a
# public function they use that the library does not export fails the
# link), runs the two examples, installs into <scratch dir>/prefix and runs
# check.sh there, which also checks the SONAME, what the programs NEED and
# the exported symbols.
# Before that, the exports are compared with a static build of the same
# sources (<static liburns.a>): every function that the static library
# defines out of line in namespace urns (nm: global, not weak) is exported
# by the shared one, but for the internals listed below (declared under
# src/). A public declaration without URNS_DECL fails here even when no
# program calls it.
# Usage: test/cmake_package/check_shared.sh <source dir> <scratch dir> <static liburns.a> [cmake option]...
# The options go to the configure step (the compiler, the build type,
# -DURNS_WARNINGS_AS_ERRORS=ON, ...). The build directory is kept, so a
# second run rebuilds only what changed; the prefix and the consumers are
# made anew. The ctest test cmake_package_shared of a static build runs it;
# JOBS (default 2) is the build's parallelism.
set -euo pipefail

if [[ $# -lt 3 ]]; then
    echo "usage: $0 <source dir> <scratch dir> <static liburns.a> [cmake option]..." >&2
    exit 2
fi
fail() {
    echo "check_shared.sh: FAILED: $*" >&2
    exit 1
}
source_dir=$(cd "$1" && pwd)
mkdir -p "$2"
scratch=$(cd "$2" && pwd)
static_lib=$3
[[ -f $static_lib ]] || fail "no static library $static_lib"
shift 3
here=$(cd "$(dirname "$0")" && pwd)
build=$scratch/build

echo "-- configure $build with -DBUILD_SHARED_LIBS=ON"
cmake -S "$source_dir" -B "$build" -G Ninja -DBUILD_SHARED_LIBS=ON -DURNS_BUILD_TESTS=OFF \
    -DURNS_BUILD_PYTHON=OFF -DURNS_BUILD_DOCS=OFF "$@"
echo "-- build: liburns.so and the programs linked with it"
cmake --build "$build" -j "${JOBS:-2}"

echo "-- every out-of-line function of $static_lib in namespace urns is exported"
shared_lib=$build/liburns.so
# The functions of src/parse/grammar_entry.hpp, src/parse/lines.hpp,
# src/semantic/query_directives.hpp and src/nss/plugin_table.hpp, and the
# ABNF engine's parts under src/abnf/ (namespace urns::abnf::detail):
# internal, not exported.
internals='^urns::(detail::(nid_fault|nid_rule|urn_query_fault|informal_namespace_name|parse_by_grammar|learnt_fault|valid_lines_read|same_directives)\(|abnf::detail::|nss::plugin_detail::)'
strong() { nm --defined-only -g "$@" 2>/dev/null | awk '$2 ~ /^[TDBR]$/ { print $3 }' | sort -u; }
defined=$(strong "$static_lib")
exported=$(nm -D --defined-only "$shared_lib" | awk '{ print $3 }' | sort -u)
missing=$(comm -23 <(echo "$defined") <(echo "$exported") | c++filt | grep '^urns::' | grep -Ev "$internals" || true)
[[ -z $missing ]] || fail "defined in $static_lib but not exported by liburns.so (mark the declaration URNS_DECL, or list an internal function above): $missing"
echo "$(grep -c . <<<"$defined") defined in the static library, all exported but the internals"

echo "-- the examples, linked with liburns.so"
"$build/example/urns_example_user_namespace"
"$build/example/urns_example_epc_namespace"

echo "-- cmake --install into $scratch/prefix, then check.sh"
rm -rf "$scratch/prefix" "$scratch/consumer"
cmake --install "$build" --prefix "$scratch/prefix"
"$here/check.sh" "$scratch/prefix" "$scratch/consumer"
