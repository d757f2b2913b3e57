#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# Completes urn's command lines in bash, zsh and fish with the completions
# of an installed tree (the packages unpacked by check_debs.sh), each loaded
# from the directory where that shell looks for a command's completion:
#   bash  share/bash-completion/completions/urn, sourced; _urn called with
#         the words bash gives it (COMP_WORDS, COMP_CWORD)
#   zsh   share/zsh/vendor-completions/_urn, found on fpath by compinit in
#         an interactive zsh -f run in a pseudo-terminal (zsh/zpty): the
#         line is typed and completed with TAB, and compadd, wrapped, prints
#         what it is given to offer
#   fish  share/fish/vendor_completions.d/urn.fish, autoloaded from
#         fish_complete_path for the urn on PATH (`complete -C LINE`)
# In each: `urn ` offers the commands of `urn --help` (bash: among its
# options), and `urn check --color=` offers auto, always and never (the
# values --help gives). Run in an empty directory, so that a shell that
# does not load the completion offers no file names in its place.
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
# An interactive zsh in a pseudo-terminal completes LINE with TAB; compadd
# prints each match it adds (with the ignored prefix, as --color=) on a line
# of its own after "MATCH:", and the end of the completion is marked.
# shellcheck disable=SC2016
zsh_driver='
zmodload zsh/zpty || exit 2
zpty z zsh -f -i
zpty -w z "PS1=\"\" RPS1=\"\"; fpath=(${(q)1} \$fpath); autoload -U compinit; compinit -u -D"
zpty -w z "zstyle \":completion:*\" list-grouped false; zstyle \":completion:*\" insert-tab false"
zpty -w z "compadd() { if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then builtin compadd \"\$@\"; return; fi
  local -a hits; builtin compadd -A hits \"\$@\"; (( \$#hits )) || return 1
  print -rl -- \"\" \"MATCH:\"\${^hits/#/\$IPREFIX}; builtin compadd \"\$@\"; }"
zpty -w z "completion_done() { print -rl -- \"\" \"COMPLETION\"\"DONE\" }; comppostfuncs=(completion_done)"
zpty -w z "bindkey \"^I\" complete-word"
zpty -n -w z "$2"$'"'"'\t'"'"'
out= n=0
while (( n++ < 300 )); do
    if zpty -r -t z chunk; then out+=$chunk; else sleep 0.1; fi
    [[ $out == *COMPLETIONDONE* ]] && break
done
zpty -d z
[[ $out == *COMPLETIONDONE* ]] || { print -u2 "zsh: no completion in 30 s"; exit 1 }
print -r -- "$out" | tr -d "\r" | sed -n "s/^MATCH://p"
'
zsh_complete() {
    HOME=$scratch/home PATH=$usr/bin:$PATH zsh -f -c "$zsh_driver" zsh "$1" "$2" | sort -u | tr '\n' ' '
}
expect zsh "urn " "$(zsh_complete "$usr/share/zsh/vendor-completions" "urn ")" "$commands"
expect zsh "urn check --color=" "$(zsh_complete "$usr/share/zsh/vendor-completions" "urn check --color=")" "$colors"

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
