#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# Makes the Debian packages of a build with CPack and checks them as a user
# gets them: exactly two, liburns-dev (library, headers, CMake package,
# urns.pc, documentation; Depends on Boost) and urn (the tool; Depends from
# dpkg-shlibdeps; nothing of liburns-dev), read with dpkg-deb -I and -c. Then
# it unpacks both with dpkg-deb -x into one directory (no root, nothing
# installed on the system), runs check.sh there, so a consumer is built
# against the packaged files with find_package and with pkg-config and a
# plugin is loaded by the packaged urn, and checks that `urn --version` says
# the packages' version.
# Usage: test/cmake_package/check_debs.sh <build dir> <scratch dir>
# tools/test.sh runs it on build/release (step (c)); it needs cpack,
# dpkg-deb and dpkg-shlibdeps (Debian package dpkg-dev).
set -euo pipefail

if [[ $# -ne 2 ]]; then
    echo "usage: $0 <build dir> <scratch dir>" >&2
    exit 2
fi
fail() {
    echo "check_debs.sh: FAILED: $*" >&2
    exit 1
}
[[ -f $1/CPackConfig.cmake ]] || fail "$1/CPackConfig.cmake not found: configure and build $1 first"
build=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$2"
scratch=$(cd "$2" && pwd)
for tool in cpack dpkg-deb dpkg-shlibdeps; do
    command -v "$tool" >/dev/null || fail "$tool not found (dpkg-shlibdeps: Debian package dpkg-dev)"
done

echo "-- cpack -G DEB into $scratch/packages"
rm -rf "$scratch/packages" "$scratch/unpacked"
cpack -G DEB --config "$build/CPackConfig.cmake" -B "$scratch/packages"

mapfile -t debs < <(find "$scratch/packages" -maxdepth 1 -name '*.deb' | sort)
[[ ${#debs[@]} -eq 2 ]] || fail "expected 2 packages (liburns-dev, urn), cpack made ${#debs[@]}: ${debs[*]##*/}"

arch=$(dpkg --print-architecture)
dev_deb= tool_deb= version=
for deb in "${debs[@]}"; do
    echo "-- dpkg-deb -I ${deb##*/}"
    dpkg-deb -I "$deb"
    name=$(dpkg-deb -f "$deb" Package)
    v=$(dpkg-deb -f "$deb" Version)
    a=$(dpkg-deb -f "$deb" Architecture)
    [[ -z $version || $v == "$version" ]] || fail "the packages' versions differ: $version and $v"
    version=$v
    [[ $a == "$arch" ]] || fail "$name: Architecture $a, but dpkg's is $arch"
    [[ ${deb##*/} == "${name}_${version}_${arch}.deb" ]] ||
        fail "${deb##*/}: expected the Debian file name ${name}_${version}_${arch}.deb"
    case $name in
    liburns-dev) dev_deb=$deb ;;
    urn) tool_deb=$deb ;;
    *) fail "unexpected package $name (${deb##*/}): an install() without COMPONENT dev or tool?" ;;
    esac
done
[[ -n $dev_deb && -n $tool_deb ]] || fail "expected the packages liburns-dev and urn, got ${debs[*]##*/}"

# contents <deb>: the paths in the package, one a line, without the leading
# "./" (dpkg-deb -c: permissions, owner, size, date, time, path).
contents() { dpkg-deb -c "$1" | awk '{ sub(/^\.\//, "", $6); if ($6 != "") print $6 }'; }
# files <deb>: the same, but only what is not a directory.
files() { dpkg-deb -c "$1" | awk '$1 !~ /^d/ { sub(/^\.\//, "", $6); print $6 }'; }
# has <what> <regex> <listing>: fails unless a line of the listing matches.
has() { grep -Eq "$2" <<<"$3" || fail "$1: no path matching $2 in the package"; }

echo "-- liburns-dev: files and Depends"
dev_list=$(contents "$dev_deb")
has liburns-dev '^usr/lib/([^/]+/)?liburns\.a$' "$dev_list"
has liburns-dev '^usr/include/urns/urns\.hpp$' "$dev_list"
has liburns-dev '^usr/lib/([^/]+/)?cmake/urns/urnsConfig\.cmake$' "$dev_list"
has liburns-dev '^usr/lib/([^/]+/)?cmake/urns/urnsConfigVersion\.cmake$' "$dev_list"
has liburns-dev '^usr/lib/([^/]+/)?cmake/urns/urnsTargets\.cmake$' "$dev_list"
has liburns-dev '^usr/lib/([^/]+/)?cmake/urns/urnsPlugin\.cmake$' "$dev_list"
has liburns-dev '^usr/lib/([^/]+/)?pkgconfig/urns\.pc$' "$dev_list"
has liburns-dev '^usr/share/doc/liburns-dev/(LICENSE|copyright)$' "$dev_list"
outside=$(grep -Ev '^usr/' <<<"$dev_list" || true)
[[ -z $outside ]] || fail "liburns-dev: paths outside usr/: $outside"
dev_depends=$(dpkg-deb -f "$dev_deb" Depends)
echo "liburns-dev Depends: $dev_depends"
[[ $dev_depends == *libboost* ]] || fail "liburns-dev: Depends does not name libboost (the public headers include Boost)"
[[ $(dpkg-deb -f "$dev_deb" Section) == libdevel ]] || fail "liburns-dev: Section is not libdevel"

echo "-- urn: files and Depends"
tool_list=$(contents "$tool_deb")
has urn '^usr/bin/urn$' "$tool_list"
has urn '^usr/share/man/man1/urn\.1$' "$tool_list"
has urn '^usr/share/man/man1/urn-check\.1$' "$tool_list"
has urn '^usr/share/man/man1/urn-extract\.1$' "$tool_list"
has urn '^usr/share/bash-completion/completions/urn$' "$tool_list"
has urn '^usr/share/zsh/vendor-completions/_urn$' "$tool_list"
has urn '^usr/share/fish/vendor_completions\.d/urn\.fish$' "$tool_list"
has urn '^usr/share/doc/urn/copyright$' "$tool_list"
has liburns-dev '^usr/share/doc/liburns-dev/copyright$' "$dev_list"
outside=$(grep -Ev '^usr/' <<<"$tool_list" || true)
[[ -z $outside ]] || fail "urn: paths outside usr/: $outside"
shared=$(comm -12 <(files "$dev_deb" | sort) <(files "$tool_deb" | sort))
[[ -z $shared ]] || fail "urn and liburns-dev both hold: $shared"
dev_like=$(grep -E '^usr/include/|^usr/share/doc/liburns-dev|liburns\.a$|/cmake/urns|/pkgconfig/' <<<"$tool_list" || true)
[[ -z $dev_like ]] || fail "urn holds files of the development package: $dev_like"
tool_depends=$(dpkg-deb -f "$tool_deb" Depends)
echo "urn Depends: $tool_depends"
libc6_re='(^|[ ,])libc6([ ,(]|$)'
[[ $tool_depends =~ $libc6_re ]] || fail "urn: Depends does not name libc6 (dpkg-shlibdeps did not run?)"
[[ $tool_depends != *libboost* ]] || fail "urn: Depends names libboost, which only liburns-dev needs"
[[ $(dpkg-deb -f "$tool_deb" Section) == utils ]] || fail "urn: Section is not utils"

echo "-- dpkg-deb -x both into $scratch/unpacked; check.sh with prefix $scratch/unpacked/usr"
mkdir -p "$scratch/unpacked"
dpkg-deb -x "$dev_deb" "$scratch/unpacked"
dpkg-deb -x "$tool_deb" "$scratch/unpacked"
"$here/check.sh" "$scratch/unpacked/usr" "$scratch/consumer"

echo "-- the packaged urn --version"
out=$("$scratch/unpacked/usr/bin/urn" --version) || fail "urn --version exited $?"
echo "$out"
# The Debian version without epoch and revision is the upstream version.
upstream=${version#*:}
upstream=${upstream%-*}
[[ $out == "urn (urns) $upstream" ]] || fail "urn --version says \"$out\", the packages' version is $version"

echo "-- the packaged manual page and bash completion"
rendered=$(MANWIDTH=80 man --warnings -l "$scratch/unpacked/usr/share/man/man1/urn-check.1" 2>&1) ||
    fail "man -l urn-check.1 exited $?"
[[ $rendered == *"--namespaces"* && $rendered == *"SEE ALSO"* ]] || fail "urn-check.1 does not render its options"
completed=$(bash -c 'source "$1"; COMP_WORDS=(urn check --synt); COMP_CWORD=2; _urn; echo "${COMPREPLY[*]}"' \
    bash "$scratch/unpacked/usr/share/bash-completion/completions/urn")
[[ $completed == "--syntax" ]] || fail "the packaged bash completion gives \"$completed\" for urn check --synt"

echo "check_debs.sh: ok: ${dev_deb##*/} and ${tool_deb##*/} (version $version)"
