#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# Mutation testing: applies each mutant of test/mutants/mutants.tsv to a copy
# of the committed tree, one at a time, builds, runs the fast ctest set and
# prints the table `mutation | killed by`.
#
#   tools/mutate.sh                 every mutant
#   tools/mutate.sh m01 m17         the named mutants
#   tools/mutate.sh --check         only check that every mutant applies
#
# A mutant is one line of the TSV: id, file, search, replace, what. `search`
# is a literal text that must occur exactly once in the file at HEAD (else the
# script stops: the mutant no longer applies and must be rewritten); it is
# replaced by `replace` (both on one line; "\n" and "\t" stand for a newline
# and a tab). The copy is `git archive HEAD` in build/mutate/tree (the
# working tree is never touched), built in build/mutate/build (g++, Release,
# URNS_TEST_TIMEOUT=$TIMEOUT, by default 60, so that a mutant that loops
# fails in a minute; the slowest test, tool_jobs, takes 60-120 s alone on
# a slow or busy host, and a larger TIMEOUT keeps it from failing the
# unmutated tree there). The
# fast set is ctest without tool_soak_stream and the ctest_* checks, stopped
# at the first failure. "killed by" names the failing tests, "build" a
# mutant that does not compile (not a kill: the mutant must be rewritten),
# "SURVIVED" one that passes every test. The commit is the HEAD at the
# start. Results go to build/mutate/results.tsv too. Exit status: 0 if
# every mutant was killed, 1 if one survived, 2 on a usage or apply error
# or a mutant that does not build.
# Environment: JOBS (default 2), TIMEOUT (seconds, default 60).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
jobs=${JOBS:-2}
list=test/mutants/mutants.tsv
work=build/mutate
check_only=0
wanted=()
for arg in "$@"; do
    case $arg in
    --check) check_only=1 ;;
    -h|--help) sed -n '3,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "mutate.sh: unknown option $arg" >&2; exit 2 ;;
    *) wanted+=("$arg") ;;
    esac
done

# The commit under test, fixed now: commits made while the script runs
# change nothing here.
head=$(git rev-parse HEAD)
rm -rf "$work/tree"
mkdir -p "$work/tree"
# Files dated now (-m), not with the commit's time: a build left by an
# earlier run, whose objects may come from a mutant written after that
# time, is then built again whole instead of kept.
git archive "$head" | tar -x -m -C "$work/tree"

# apply <id>: writes the mutated file into the tree (from HEAD's version),
# or fails loudly if its search text does not occur exactly once.
apply() {
    python3 - "$list" "$1" "$work/tree" <<'EOF'
import sys
path, wanted, tree = sys.argv[1], sys.argv[2], sys.argv[3]
def unescape(s):
    return s.replace("\\n", "\n").replace("\\t", "\t")
for line in open(path, encoding="utf-8"):
    f = line.rstrip("\n").split("\t")
    if f[0] != wanted:
        continue
    mid, name, search, replace = f[0], f[1], unescape(f[2]), unescape(f[3])
    text = open(tree + "/" + name, encoding="utf-8").read()
    n = text.count(search)
    if n != 1:
        sys.exit("mutant %s: %r occurs %d times in %s (must be exactly once): rewrite the mutant"
                 % (mid, search, n, name))
    open(tree + "/" + name, "w", encoding="utf-8").write(text.replace(search, replace))
    sys.exit(0)
sys.exit("mutant %s: not in %s" % (wanted, path))
EOF
}

# restore <file>: the commit's version back into the tree.
restore() { git show "$head:$1" > "$work/tree/$1"; }

mapfile -t ids < <(awk -F'\t' 'NR > 1 && $1 != "" && $1 !~ /^#/ { print $1 }' "$list")
if [[ ${#wanted[@]} -gt 0 ]]; then ids=("${wanted[@]}"); fi
file_of() { awk -F'\t' -v id="$1" '$1 == id { print $2 }' "$list"; }
what_of() { awk -F'\t' -v id="$1" '$1 == id { print $5 }' "$list"; }

# Every mutant must apply before any runs.
for id in "${ids[@]}"; do
    f=$(file_of "$id")
    apply "$id" || exit 2
    restore "$f"
done
echo "mutate: ${#ids[@]} mutants apply to HEAD (${head:0:7})"
if [[ $check_only -eq 1 ]]; then exit 0; fi

cmake -S "$work/tree" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_COMPILER=g++ -DURNS_TEST_TIMEOUT="${TIMEOUT:-60}" > "$work/configure.log"
cmake --build "$work/build" -j "$jobs" > "$work/build.log"
if ! ctest --test-dir "$work/build" -j "$jobs" -E 'tool_soak_stream|ctest_' > "$work/baseline.log" 2>&1; then
    echo "mutate: the unmutated tree fails its tests ($work/baseline.log)" >&2
    exit 2
fi

printf 'mutant\tfile\twhat\tkilled by\tseconds\n' > "$work/results.tsv"
printf '%-5s | %-58s | %s\n' "id" "mutation" "killed by"
killed=0 survived=0 unbuilt=0
for id in "${ids[@]}"; do
    f=$(file_of "$id")
    start=$(date +%s)
    apply "$id"
    if ! cmake --build "$work/build" -j "$jobs" > "$work/mutant.log" 2>&1; then
        by=build
    elif ctest --test-dir "$work/build" -j "$jobs" -E 'tool_soak_stream|ctest_' --stop-on-failure \
            > "$work/mutant.log" 2>&1; then
        by=SURVIVED
    else
        by=$(sed -n '/The following tests FAILED/,$p' "$work/mutant.log" |
             sed -n 's/^[[:space:]]*[0-9]* - \([^ ]*\) .*/\1/p' | paste -sd, -)
        by=${by:-ctest}
    fi
    restore "$f"
    case $by in
    SURVIVED) survived=$((survived + 1)) ;;
    build) unbuilt=$((unbuilt + 1)) ;;
    *) killed=$((killed + 1)) ;;
    esac
    printf '%-5s | %-58s | %s\n' "$id" "$(what_of "$id")" "$by"
    printf '%s\t%s\t%s\t%s\t%s\n' "$id" "$f" "$(what_of "$id")" "$by" "$(($(date +%s) - start))" \
        >> "$work/results.tsv"
done
echo "mutate: $killed of $((killed + survived)) mutants killed, $survived survived" \
     "$( [[ $unbuilt -eq 0 ]] || echo "($unbuilt did not build: rewrite them)")"
if [[ $unbuilt -ne 0 ]]; then exit 2; fi
[[ $survived -eq 0 ]]
