#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# The house style (.clang-format) on the lines a change touches: the C++
# lines added or changed since a base commit are given to clang-format-14
# (through its clang-format-diff-14), which prints what it would write
# instead; any such line fails. Lines the change did not touch are not
# checked, so older code keeps its layout until someone edits it.
#
#   tools/format_check.sh                 the last commit (HEAD~1..HEAD and
#                                         the work tree's changes)
#   tools/format_check.sh --base REF      since the merge-base of REF and HEAD
#                                         (a branch: --base main)
#   tools/format_check.sh --fix [...]     rewrites those lines instead
#
# .ci/run runs it on the checkout it is given (the fresh Debian root has no
# git history). Needs git and clang-format-14 (tools/deps.sh format).
set -euo pipefail

cd "$(dirname "$0")/.."
base=""
fix=0
while [[ $# -gt 0 ]]; do
    case $1 in
    --base) [[ $# -ge 2 ]] || { echo "format_check.sh: --base needs a ref" >&2; exit 2; }; base=$2; shift ;;
    --fix) fix=1 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "format_check.sh: unknown argument $1 (try --help)" >&2; exit 2 ;;
    esac
    shift
done
for tool in git clang-format-14 clang-format-diff-14; do
    command -v "$tool" >/dev/null || { echo "format_check.sh: $tool not found (tools/deps.sh format installs it)" >&2; exit 1; }
done
if ! git rev-parse --verify -q HEAD >/dev/null; then
    echo "format_check.sh: not a git checkout with a commit: nothing to compare with" >&2
    exit 1
fi

if [[ -n $base ]]; then
    from=$(git merge-base "$base" HEAD)
elif git rev-parse --verify -q HEAD~1 >/dev/null; then
    from=HEAD~1
elif [[ $(git rev-parse --is-shallow-repository) == true ]]; then
    # A clone of depth 1 has the last commit but not its parent: what it
    # changed cannot be told, and checking every line would hold the
    # whole tree to the style.
    echo "format_check.sh: skipped: a shallow clone without the parent of HEAD" \
        "(git fetch --deepen=1 gives it)" >&2
    exit 0
else
    # A first commit: every line is new.
    from=$(git hash-object -t tree /dev/null)
fi

# The changed lines of C++ files, as a diff without context; the files
# under test/vectors and the generated ones are not C++ sources of ours.
diff=$(git diff -U0 --no-color --diff-filter=ACMR "$from" -- '*.cpp' '*.hpp' '*.ipp' '*.h')
files=$(git diff --name-only --diff-filter=ACMR "$from" -- '*.cpp' '*.hpp' '*.ipp' '*.h' | wc -l)
if [[ -z $diff ]]; then
    echo "format_check.sh: no C++ line changed since $(git rev-parse --short "$from")"
    exit 0
fi
if [[ $fix -eq 1 ]]; then
    clang-format-diff-14 -p1 -i -binary clang-format-14 <<<"$diff"
    echo "format_check.sh: the changed lines of $files files reformatted"
    exit 0
fi
out=$(clang-format-diff-14 -p1 -binary clang-format-14 <<<"$diff")
if [[ -n $out ]]; then
    echo "$out"
    echo "format_check.sh: FAILED: changed lines above are not in the house style (.clang-format);" \
        "tools/format_check.sh --fix${base:+ --base $base} rewrites them" >&2
    exit 1
fi
echo "format_check.sh: ok: the changed lines of $files C++ files since $(git rev-parse --short "$from") are in the house style"
