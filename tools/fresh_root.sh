#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# Runs the README's two commands on a fresh Debian 12: makes a minbase
# bookworm root with debootstrap, copies this checkout into it (the files
# git tracks, and untracked ones it does not ignore, as they are in the work
# tree), and runs there, as root, in an environment of a few variables only:
#   tools/deps.sh            the packages (the root has nothing else)
#   tools/deps.sh --check    every program the steps call, from its package
#   tools/demo.sh            the README's first command
#   tools/test.sh            the README's second command
#   the Debian packages      liburns-dev, liburns-doc, urn and python3-urns
#                            made from the same tree, installed with
#                            apt-get (their Depends resolved by apt),
#                            python/tests/ run against the installed
#                            python3-urns and urn, then removed with
#                            apt-get purge, which must leave nothing
# A package missing from tools/deps.sh fails here even where the machine
# that runs this has it. .ci/run runs this script; it needs root (chroot,
# mount) and the package debootstrap (`tools/deps.sh fresh-root`).
#
# The mirror is the one this machine's apt uses: the first Debian source of
# the suite bookworm in /etc/apt/sources.list or /etc/apt/sources.list.d/
# (one-line or deb822 form). The root's apt gets every enabled source of a
# bookworm suite (bookworm, bookworm-updates, bookworm-security) from the
# same files, as a new Debian 12 machine has.
#
# Options: --keep        keep the root (its path is printed) and its mounts
#                        undone; default: removed at the end
#          --only CMD    run CMD (a shell command line, in the checkout) in
#                        the root after tools/deps.sh and --check, instead of
#                        demo.sh and test.sh
#          --packages    run only the Debian packages' step after
#                        tools/deps.sh and --check (not demo.sh and test.sh)
# Environment: FRESH_ROOT_DIR (default: a new directory under $TMPDIR or
#              /var/tmp) where the root is made; JOBS, STEP_LIMIT and CI are
#              passed to the commands in the root.
set -euo pipefail

cd "$(dirname "$0")/.."
repo=$(pwd)
keep=0
only=""
packages_only=0
while [[ $# -gt 0 ]]; do
    case $1 in
    --keep) keep=1 ;;
    --only) only=$2; shift ;;
    --packages) packages_only=1 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "fresh_root.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
    esac
    shift
done

fail() { echo "fresh_root.sh: $*" >&2; exit 1; }
[[ $(id -u) -eq 0 ]] || fail "needs root (debootstrap, chroot, mount)"
tools/deps.sh fresh-root

# The enabled Debian sources of the bookworm suites, one line each:
# "URI SUITE COMPONENTS... [signed-by=FILE]", from both forms of apt sources.
apt_sources() {
    local f
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
        [[ -f $f ]] || continue
        awk '$1 == "deb" {
                i = 2; opts = ""
                if ($2 ~ /^\[/) { while ($i !~ /\]$/) { opts = opts " " $i; i++ } opts = opts " " $i; i++ }
                uri = $i; suite = $(i + 1)
                if (suite !~ /^bookworm/) next
                line = uri " " suite
                for (j = i + 2; j <= NF && $j !~ /^#/; j++) line = line " " $j
                if (match(opts, /signed-by=[^] ]*/)) line = line " " substr(opts, RSTART, RLENGTH)
                print line
            }' "$f"
    done
    for f in /etc/apt/sources.list.d/*.sources; do
        [[ -f $f ]] || continue
        # deb822: paragraphs separated by blank lines; a field per line.
        awk 'function flush(   n, u, s, i, k, us, ss) {
                if (types ~ /(^| )deb( |$)/ && enabled != "no" && uris != "") {
                    n = split(uris, us, " "); k = split(suites, ss, " ")
                    for (i = 1; i <= n; i++) for (j = 1; j <= k; j++)
                        if (ss[j] ~ /^bookworm/)
                            print us[i] " " ss[j] " " comps (signed != "" ? " signed-by=" signed : "")
                }
                types = uris = suites = comps = signed = enabled = ""
            }
            /^[ \t]*#/ { next }
            /^[ \t]*$/ { flush(); next }
            { key = tolower($1); sub(/:$/, "", key); $1 = ""; sub(/^ +/, "")
              if (key == "types") types = $0; else if (key == "uris") uris = $0
              else if (key == "suites") suites = $0; else if (key == "components") comps = $0
              else if (key == "signed-by") signed = $0; else if (key == "enabled") enabled = tolower($0) }
            END { flush() }' "$f"
    done
}

sources=$(apt_sources)
mirror=$(awk '$2 == "bookworm" { print $1; exit }' <<<"$sources")
[[ -n $mirror ]] || fail "no Debian source of the suite bookworm in this machine's apt sources"

base=${FRESH_ROOT_DIR:-$(mktemp -d "${TMPDIR:-/var/tmp}/urns-fresh-root.XXXXXX")}
root=$base/root
mkdir -p "$root"

mounted=()
cleanup() {
    local rc=$? m i pid
    # Processes a step left in the root (a daemon of a test) are ended first.
    for pid in $(ls /proc | grep -E '^[0-9]+$'); do
        [[ $(readlink "/proc/$pid/root" 2>/dev/null) == "$root" ]] && kill -9 "$pid" 2>/dev/null
    done
    for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
        umount "${mounted[i]}" 2>/dev/null || umount -l "${mounted[i]}" 2>/dev/null || true
    done
    if [[ $keep -eq 1 ]]; then
        echo "fresh_root.sh: the root is kept at $root"
    elif grep -q " $root/" /proc/self/mounts; then
        echo "fresh_root.sh: something is still mounted under $root: not removed" >&2
    else
        rm -rf --one-file-system "$base"
    fi
    exit "$rc"
}
trap cleanup EXIT

t0=$(date +%s)
echo "==== fresh root: debootstrap --variant=minbase bookworm from $mirror"
debootstrap --variant=minbase bookworm "$root" "$mirror" >"$base/debootstrap.log" 2>&1 ||
    { tail -20 "$base/debootstrap.log" >&2; fail "debootstrap failed (log above)"; }
t1=$(date +%s)
echo "==== fresh root: made in $((t1 - t0))s"

# apt in the root: this machine's bookworm sources, in one-line form.
{
    while read -r uri suite rest; do
        comps=() signed=""
        for w in $rest; do
            case $w in signed-by=*) signed=${w#signed-by=} ;; *) comps+=("$w") ;; esac
        done
        [[ -n $signed && -f $root$signed ]] && echo "deb [signed-by=$signed] $uri $suite ${comps[*]}" ||
            echo "deb $uri $suite ${comps[*]}"
    done <<<"$sources"
} >"$root/etc/apt/sources.list"
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true

mount -t proc proc "$root/proc" && mounted+=("$root/proc")
mount -t sysfs sysfs "$root/sys" && mounted+=("$root/sys")
mkdir -p "$root/dev/pts" "$root/dev/shm"
mount -t devpts -o newinstance,ptmxmode=0666 devpts "$root/dev/pts" && mounted+=("$root/dev/pts")
mount -t tmpfs -o mode=1777 tmpfs "$root/dev/shm" && mounted+=("$root/dev/shm")

# The checkout, as its work tree has it (build/ and other ignored files left out).
mkdir -p "$root/src/urns"
if git -C "$repo" rev-parse --git-dir >/dev/null 2>&1; then
    git -C "$repo" ls-files -z --cached --others --exclude-standard |
        while IFS= read -r -d '' f; do [[ -e $f || -L $f ]] && printf '%s\0' "$f"; done |
        tar --null -T - -cf - | tar -xf - -C "$root/src/urns"
else
    tar --exclude=./build -cf - . | tar -xf - -C "$root/src/urns"
fi

# Makes the packages (packaging/debian/build.sh, the tree step (c) of
# tools/test.sh built), installs them with apt-get, runs python/tests/
# against the installed module and tool from outside the checkout (Python
# writes its byte code beside the modules, as it does for a user), and
# purges them: apt-get must print no dpkg warning (a directory it could not
# remove because something was left in it, such as a __pycache__ that
# python3-urns's prerm did not clean) and leave nothing of the packages
# behind.
install_packages='set -eo pipefail
rm -rf /src/debs
packaging/debian/build.sh build/deb --package /src/debs >/dev/null
ls /src/debs
DEBIAN_FRONTEND=noninteractive apt-get install -y /src/debs/*.deb
cd /
where=$(python3 -c "import urns._urns; print(urns._urns.__file__)")
echo "urns._urns from $where"
case $where in /usr/lib/python3/dist-packages/urns/*) ;; *) echo "not the packaged module" >&2; exit 1 ;; esac
urn --version
URNS_SOURCE_DIR=/src/urns URNS_TOOL=/usr/bin/urn \
    python3 -m pytest -q -p no:cacheprovider /src/urns/python/tests
ls /usr/lib/python3/dist-packages/urns/__pycache__/*.pyc >/dev/null ||
    { echo "no byte code in /usr/lib/python3/dist-packages/urns/__pycache__ (postinst: py3compile)" >&2; exit 1; }
packages=$(for d in /src/debs/*.deb; do dpkg-deb -f "$d" Package; done)
DEBIAN_FRONTEND=noninteractive apt-get purge -y $packages 2>&1 | tee /tmp/purge.log
if grep -E "^dpkg: warning|not empty" /tmp/purge.log; then
    echo "apt-get purge: dpkg warned (above): the packages left files behind" >&2; exit 1
fi
for p in $packages; do
    if dpkg-query -W -f="\${db:Status-Status}" "$p" 2>/dev/null | grep -qv "^not-installed$"; then
        echo "$p is still known to dpkg after apt-get purge" >&2; exit 1
    fi
done
for d in /usr/lib/python3/dist-packages/urns /usr/include/urns $(printf "/usr/share/doc/%s " $packages); do
    if [ -e "$d" ]; then
        echo "$d is left after apt-get purge:" >&2; find "$d" >&2; exit 1
    fi
done
! python3 -c "import urns" 2>/dev/null'

run_in_root() {
    chroot "$root" /usr/bin/env -i \
        PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
        ${CI:+CI=$CI} ${JOBS:+JOBS=$JOBS} ${STEP_LIMIT:+STEP_LIMIT=$STEP_LIMIT} \
        /bin/bash -c "cd /src/urns && $1"
}

echo "==== fresh root: tools/deps.sh"
run_in_root "tools/deps.sh"
t2=$(date +%s)
echo "==== fresh root: packages installed in $((t2 - t1))s"
run_in_root "tools/deps.sh --check"

if [[ -n $only ]]; then
    echo "==== fresh root: $only"
    run_in_root "$only"
elif [[ $packages_only -eq 1 ]]; then
    echo "==== fresh root: the Debian packages, installed with apt-get"
    run_in_root "$install_packages"
else
    echo "==== fresh root: tools/demo.sh"
    run_in_root "tools/demo.sh"
    t3=$(date +%s)
    echo "==== fresh root: tools/demo.sh passed in $((t3 - t2))s"
    run_in_root "tools/test.sh"
    t4=$(date +%s)
    echo "==== fresh root: the Debian packages, installed with apt-get"
    run_in_root "$install_packages"
    echo "==== fresh root: the Debian packages passed in $(($(date +%s) - t4))s"
fi
echo "==== fresh root: passed in $(($(date +%s) - t0))s (root made $((t1 - t0))s, packages $((t2 - t1))s)"
