# SPDX-License-Identifier: BSL-1.0
# Completes command lines in zsh as a user does, with the completions of a
# directory: an interactive `zsh -f` in a pseudo-terminal (zsh/zpty), with
# DIR first on fpath and compinit run, gets each LINE typed and a TAB
# (complete-word, as zsh's completion system binds it), then Ctrl-U to
# clear it. compadd, wrapped, prints each
# match it adds (with the ignored prefix, as --color=), and a function of
# comppostfuncs marks the end of each completion. Prints, for the Nth LINE
# (from 1),
#   MATCH N <match>    each match offered
#   ERROR N <text>     what the completion wrote besides (an error: a spec
#                      that zsh reads wrong runs a word as a command)
# and exits 1 when a completion does not end within 30 s.
# Usage: zsh -f complete.zsh DIR LINE... (check_completions.sh runs it)
zmodload zsh/zpty || exit 2
(( $# >= 2 )) || { print -u2 "usage: zsh -f complete.zsh DIR LINE..."; exit 2 }
dir=$1
shift

zpty z zsh -f -i
zpty -w z "PS1='' RPS1=''; fpath=(${(q)dir} \$fpath); autoload -U compinit; compinit -u -D"
zpty -w z 'zstyle ":completion:*" list-grouped false; zstyle ":completion:*" insert-tab false'
# compadd with -O, -A or -D only computes (the completion functions call it
# so to filter); any other call adds matches.
zpty -w z 'compadd() {
  if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return; fi
  local -a hits; builtin compadd -A hits "$@"; (( $#hits )) || return 1
  print -rl -- "" "MATCH:"${^hits/#/$IPREFIX}; builtin compadd "$@"; }'
# comppostfuncs is emptied after each completion: the widget of TAB sets it
# before each.
zpty -w z 'completion_done() { print -rl -- "" "COMPLETION""DONE" }'
zpty -w z '_test_complete() { comppostfuncs=(completion_done); _main_complete "$@" }'
zpty -w z 'zle -C test-complete complete-word _test_complete; bindkey "^I" test-complete; bindkey "^U" kill-whole-line'

integer i=0 tries
status_=0
for line in "$@"; do
    (( ++i ))
    zpty -n -w z "$line"$'\t'
    out= tries=0
    while (( tries++ < 1500 )); do
        if zpty -r -t z chunk; then out+=$chunk; else sleep 0.02; fi
        [[ $out == *COMPLETIONDONE* ]] && break
    done
    if [[ $out != *COMPLETIONDONE* ]]; then
        print -r -- "ERROR $i no completion within 30 s"
        status_=1
        break
    fi
    out=${out%%COMPLETIONDONE*}
    out=$(print -r -- "$out" | tr -d '\r' | sed 's/\x1b\[[0-9;?]*[a-zA-Z]//g')
    print -r -- "$out" | sed -n "s/^MATCH:/MATCH $i /p"
    print -r -- "$out" | grep -E 'command not found|_[a-z_]+:[0-9]+: ' |
        sed "s/^/ERROR $i /"
    zpty -n -w z $'\C-u'
done
zpty -d z
exit $status_
