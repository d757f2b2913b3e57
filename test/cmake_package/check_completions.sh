#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# Completes urn's command lines in bash, zsh and fish with the completions
# of an installed tree (the packages unpacked by check_debs.sh), each loaded
# from the directory where that shell looks for a command's completion:
#   bash  share/bash-completion/completions/urn, sourced; _urn called with
#         the words bash gives it (COMP_WORDS, COMP_CWORD)
#   zsh   share/zsh/vendor-completions/_urn, found on fpath by compinit in
#         an interactive zsh -f run in a pseudo-terminal (complete.zsh): each
#         line is typed and completed with TAB, and compadd, wrapped, prints
#         what it is given to offer
#   fish  share/fish/vendor_completions.d/urn.fish, autoloaded from
#         fish_complete_path for the urn on PATH (`complete -C LINE`)
# In each: `urn ` offers the commands of `urn --help` (bash: among its
# options), and `urn check --color=` offers auto, always and never (the
# values --help gives); in zsh, `urn check --namespace=` offers nothing, and
# completing the value of any option of any command writes no error. Run in
# an empty directory, so that a shell that does not load the completion
# offers no file names in its place.
# Usage: test/cmake_package/check_completions.sh <usr dir> <scratch dir>
# <usr dir> holds bin/urn and share/; zsh and fish are Debian packages
# (tools/deps.sh installs them).
set -euo pipefail

if [[ $# -ne 2 ]]; then
    echo "usage: $0 <usr dir> <scratch dir>" >&2
    exit 2
fi
fail() {
    echo "check_completions.sh: FAILED: $*" >&2
    exit 1
}
usr=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
urn=$usr/bin/urn
[[ -x $urn ]] || fail "$urn not found"
for shell in zsh fish; do
    command -v "$shell" >/dev/null || fail "$shell not found (Debian package $shell; tools/deps.sh installs it)"
done
rm -rf "$2"
mkdir -p "$2/empty" "$2/home"
scratch=$(cd "$2" && pwd)
cd "$scratch/empty"

commands=$("$urn" --help | sed -n '/^commands:/,/^$/s/^  \([a-z][a-z]*\)  .*/\1/p' | sort | tr '\n' ' ')
[[ -n $commands ]] || fail "no commands in urn --help"
colors="--color=always --color=auto --color=never "
echo "commands: $commands"

# expect <shell> <line> <what is offered, sorted, one space after each> <expected>
expect() {
    if [[ $3 != "$4" ]]; then
        fail "$1 completes \"$2\" with \"$3\", expected \"$4\""
    fi
    echo "$1: \"$2\" -> $3"
}

echo "-- bash: $usr/share/bash-completion/completions/urn"
bash_complete() {
    # $1: the completion file; the rest: the words, the last one completed.
    bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _urn
             printf "%s\n" "${COMPREPLY[@]}"' bash "$@" | sort | tr '\n' ' '
}
bash_file=$usr/share/bash-completion/completions/urn
[[ -f $bash_file ]] || fail "$bash_file not found"
offered=$(bash_complete "$bash_file" urn "")
for c in $commands; do
    [[ " $offered" == *" $c "* ]] || fail "bash completes \"urn \" with \"$offered\", without $c"
done
echo "bash: \"urn \" -> $offered"
# With "=" in COMP_WORDBREAKS (bash's default), bash gives --color = and
# the empty word after it; readline then puts the value after the "=".
expect bash "urn check --color=" "$(bash_complete "$bash_file" urn check --color = "")" "always auto never "
expect bash "urn check --color=a" "$(bash_complete "$bash_file" urn check --color = a)" "always auto "

echo "-- zsh: $usr/share/zsh/vendor-completions/_urn"
[[ -f $usr/share/zsh/vendor-completions/_urn ]] || fail "$usr/share/zsh/vendor-completions/_urn not found"
# complete.zsh types the lines into one interactive zsh: the three above,
# then the value of every long option that takes one, in every command
# (NID=FILE[:ROOT], the value of --namespace, holds a ":", which a spec
# must escape): no error in any.
lines=("urn " "urn check --color=" "urn check --namespace=")
for c in $commands; do
    for o in $("$urn" "$c" --help | sed -n 's/^  \(-[A-Za-z0-9], \)\{0,1\}\(--[a-z][a-z-]*\)[ =][A-Z].*/\2/p'); do
        lines+=("urn $c $o=")
    done
done
[[ ${#lines[@]} -gt 3 ]] || fail "no option with a value in the commands' --help"
zsh_out=$(HOME=$scratch/home PATH=$usr/bin:$PATH zsh -f "$here/complete.zsh" "$usr/share/zsh/vendor-completions" "${lines[@]}") ||
    fail "zsh: $(grep '^ERROR' <<<"$zsh_out" || true)"
errors=$(grep '^ERROR ' <<<"$zsh_out" || true)
if [[ -n $errors ]]; then
    while read -r _ i text; do
        echo "zsh: \"${lines[i - 1]}\": $text" >&2
    done <<<"$errors"
    fail "zsh's completion wrote errors (above)"
fi
# zsh_offered <N>: what zsh offered for the Nth line, sorted, a space after each.
zsh_offered() { awk -v i="$1" '$1 == "MATCH" && $2 == i { print $3 }' <<<"$zsh_out" | sort -u | tr '\n' ' '; }
expect zsh "urn " "$(zsh_offered 1)" "$commands"
expect zsh "urn check --color=" "$(zsh_offered 2)" "$colors"
expect zsh "urn check --namespace=" "$(zsh_offered 3)" ""
echo "zsh: the values of $((${#lines[@]} - 3)) options of the commands completed without an error"

echo "-- fish: $usr/share/fish/vendor_completions.d/urn.fish"
[[ -f $usr/share/fish/vendor_completions.d/urn.fish ]] || fail "$usr/share/fish/vendor_completions.d/urn.fish not found"
fish_complete() {
    HOME=$scratch/home XDG_CONFIG_HOME=$scratch/home/.config XDG_DATA_HOME=$scratch/home/.local/share \
        PATH=$usr/bin:$PATH fish -c 'set -p fish_complete_path $argv[1]; complete -C $argv[2]' "$1" "$2" |
        cut -f1 | sort -u | tr '\n' ' '
}
expect fish "urn " "$(fish_complete "$usr/share/fish/vendor_completions.d" "urn ")" "$commands"
expect fish "urn check --color=" "$(fish_complete "$usr/share/fish/vendor_completions.d" "urn check --color=")" "$colors"

echo "check_completions.sh: ok (bash, zsh, fish)"
