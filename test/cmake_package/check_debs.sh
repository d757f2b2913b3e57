#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# Makes the Debian packages of a build with CPack and checks them as a user
# gets them: exactly four, liburns-dev (library, headers, CMake package,
# urns.pc in lib/<multiarch>; Depends on Boost >= 1.81, Recommends
# liburns-doc), liburns-doc (Architecture: all; the documentation, grammars,
# examples and API reference), urn (the tool, its compressed manual pages,
# completions where bash, zsh and fish look for them, and documentation;
# Depends from dpkg-shlibdeps; nothing of liburns-dev) and python3-urns (the
# module in /usr/lib/python3/dist-packages; Depends on python3; the
# maintainer scripts of dh_python3), read with dpkg-deb -I and -c, and
# `lintian -EviIL +pedantic` on them: no error, no warning, and no other tag
# than the ones allowed below. Then it unpacks them with dpkg-deb -x into
# one directory (no root, nothing installed on the system), runs check.sh
# there, so a consumer is built against the packaged files with find_package
# and with pkg-config and a plugin is loaded by the packaged urn, checks that
# `urn --version` says the packages' version, that every path the packaged
# manual pages and --help texts name is in the packages
# (check_doc_paths.py), that every link of the packaged pages and every
# docs/, grammar/ or example/ path that they and the headers name is
# (check_doc_links.py), that the packaged bash, zsh and fish completions
# complete commands and --color= values in those shells
# (check_completions.sh), and runs the Python test suite
# (python/tests/ with pytest) against the packaged module, first on
# PYTHONPATH.
# Usage: test/cmake_package/check_debs.sh <build dir> <scratch dir>
# The build dir is a package build (packaging/debian/build.sh; tools/test.sh
# step (c) makes it in build/deb); it needs cpack, dpkg-deb and
# dpkg-shlibdeps (Debian package dpkg-dev), lintian, zsh, fish, and python3
# with pytest, dask and distributed.
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
for tool in cpack dpkg-deb dpkg-shlibdeps lintian; do
    command -v "$tool" >/dev/null || fail "$tool not found (dpkg-shlibdeps: Debian package dpkg-dev)"
done

echo "-- cpack -G DEB into $scratch/packages"
rm -rf "$scratch/packages" "$scratch/unpacked"
cpack -G DEB --config "$build/CPackConfig.cmake" -B "$scratch/packages"

mapfile -t debs < <(find "$scratch/packages" -maxdepth 1 -name '*.deb' | sort)
[[ ${#debs[@]} -eq 4 ]] ||
    fail "expected 4 packages (liburns-dev, liburns-doc, urn, python3-urns), cpack made ${#debs[@]}: ${debs[*]##*/}"

arch=$(dpkg --print-architecture)
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
dev_deb= doc_deb= tool_deb= python_deb= version=
for deb in "${debs[@]}"; do
    echo "-- dpkg-deb -I ${deb##*/}"
    dpkg-deb -I "$deb"
    name=$(dpkg-deb -f "$deb" Package)
    v=$(dpkg-deb -f "$deb" Version)
    a=$(dpkg-deb -f "$deb" Architecture)
    [[ -z $version || $v == "$version" ]] || fail "the packages' versions differ: $version and $v"
    version=$v
    # The documentation is the same on every architecture.
    want=$arch
    [[ $name == liburns-doc ]] && want=all
    [[ $a == "$want" ]] || fail "$name: Architecture $a, expected $want"
    [[ ${deb##*/} == "${name}_${version}_${want}.deb" ]] ||
        fail "${deb##*/}: expected the Debian file name ${name}_${version}_${want}.deb"
    case $name in
    liburns-dev) dev_deb=$deb ;;
    liburns-doc) doc_deb=$deb ;;
    urn) tool_deb=$deb ;;
    python3-urns) python_deb=$deb ;;
    *) fail "unexpected package $name (${deb##*/}): an install() without COMPONENT dev, doc, tool or python?" ;;
    esac
done
[[ -n $dev_deb && -n $doc_deb && -n $tool_deb && -n $python_deb ]] ||
    fail "expected the packages liburns-dev, liburns-doc, urn and python3-urns, got ${debs[*]##*/}"

# lintian's tags that may stay, as a Debian package of a C++ library with a
# doxygen reference has them too (the reasons: the top-level CMakeLists.txt,
# beside the CPack settings). Any other tag fails, E and W always.
allowed_tags='^X: liburns-doc: duplicate-files usr/share/doc/liburns-doc/html/search/'
echo "-- lintian -EviIL +pedantic"
lintian_out=$(lintian -EviIL +pedantic "${debs[@]}" 2>&1) || fail "lintian exited $?: $lintian_out"
echo "$lintian_out"
tags=$(grep -E '^[EWIPXOC]: ' <<<"$lintian_out" || true)
bad=$(grep -Ev "$allowed_tags" <<<"$tags" || true)
[[ -z $bad ]] || fail "lintian tags beyond the allowed ones:
$bad"

# contents <deb>: the paths in the package, one a line, without the leading
# "./" (dpkg-deb -c: permissions, owner, size, date, time, path).
contents() { dpkg-deb -c "$1" | awk '{ sub(/^\.\//, "", $6); if ($6 != "") print $6 }'; }
# files <deb>: the same, but only what is not a directory.
files() { dpkg-deb -c "$1" | awk '$1 !~ /^d/ { sub(/^\.\//, "", $6); print $6 }'; }
# has <what> <regex> <listing>: fails unless a line of the listing matches.
has() { grep -Eq "$2" <<<"$3" || fail "$1: no path matching $2 in the package"; }

echo "-- liburns-dev: files and Depends"
dev_list=$(contents "$dev_deb")
# The library and its package files in Debian's multiarch directory.
libdir="usr/lib/$multiarch"
has liburns-dev "^$libdir/liburns\\.a$" "$dev_list"
has liburns-dev '^usr/include/urns/urns\.hpp$' "$dev_list"
has liburns-dev "^$libdir/cmake/urns/urnsConfig\\.cmake$" "$dev_list"
has liburns-dev "^$libdir/cmake/urns/urnsConfigVersion\\.cmake$" "$dev_list"
has liburns-dev "^$libdir/cmake/urns/urnsTargets\\.cmake$" "$dev_list"
has liburns-dev "^$libdir/cmake/urns/urnsPlugin\\.cmake$" "$dev_list"
has liburns-dev "^$libdir/pkgconfig/urns\\.pc$" "$dev_list"
has liburns-dev '^usr/share/doc/liburns-dev/copyright$' "$dev_list"
has liburns-dev '^usr/share/doc/liburns-dev/changelog\.gz$' "$dev_list"
outside=$(grep -Ev '^usr/' <<<"$dev_list" || true)
[[ -z $outside ]] || fail "liburns-dev: paths outside usr/: $outside"
# The documentation is liburns-doc's: liburns-dev's doc directory holds the
# copyright and the changelog only.
docs=$(files "$dev_deb" | grep -E '^usr/share/doc' | grep -Ev '^usr/share/doc/liburns-dev/(copyright|changelog\.gz)$' || true)
[[ -z $docs ]] || fail "liburns-dev: documentation that belongs in liburns-doc: $docs"
[[ $(dpkg-deb -f "$dev_deb" Recommends) == liburns-doc ]] || fail "liburns-dev: Recommends is not liburns-doc"
dev_depends=$(dpkg-deb -f "$dev_deb" Depends)
echo "liburns-dev Depends: $dev_depends"
[[ $dev_depends == *"libboost-dev (>= 1.81)"* && $dev_depends == *libboost1.81-dev* ]] ||
    fail "liburns-dev: Depends does not name libboost-dev (>= 1.81) | libboost1.81-dev (the public headers include Boost >= 1.81)"
[[ $(dpkg-deb -f "$dev_deb" Section) == libdevel ]] || fail "liburns-dev: Section is not libdevel"

echo "-- liburns-doc: files"
doc_list=$(contents "$doc_deb")
d=usr/share/doc/liburns-doc
for f in copyright changelog.gz README.md LICENSE html/index.html html/jquery.js docs/cli.md docs/namespaces.md \
    docs/schema/check.schema.json grammar/README.md grammar/rfc8141.abnf grammar/nss/oid.abnf \
    example/CMakeLists.txt example/urns.txt example/user_namespace/acme_ticket.abnf \
    example/user_namespace/acme_ticket.cpp example/user_namespace/main.cpp example/user_namespace/plugin.cpp \
    example/epc_namespace/epc_id.cpp example/epc_namespace/main.cpp; do
    has liburns-doc "^$d/${f//./\\.}\$" "$doc_list"
done
has liburns-doc '^usr/share/doc-base/liburns-doc\.urns-api$' "$doc_list"
[[ $(dpkg-deb -c "$doc_deb" | awk '$6 == "./usr/share/doc/liburns-doc/LICENSE" { print $1, $8 }') == "lrwxrwxrwx copyright" ]] ||
    fail "liburns-doc: LICENSE is not a link to copyright"
outside=$(grep -Ev '^usr/share/doc/liburns-doc/|^usr/share/doc-base/liburns-doc\.|^usr/(share/(doc/?|doc-base/?)?)?$' <<<"$doc_list" || true)
[[ -z $outside ]] || fail "liburns-doc: paths outside its documentation directory and doc-base: $outside"
[[ $(dpkg-deb -f "$doc_deb" Section) == doc ]] || fail "liburns-doc: Section is not doc"
[[ -z $(dpkg-deb -f "$doc_deb" Depends) ]] || fail "liburns-doc: Depends $(dpkg-deb -f "$doc_deb" Depends): it needs nothing"

echo "-- urn: files and Depends"
tool_list=$(contents "$tool_deb")
has urn '^usr/bin/urn$' "$tool_list"
has urn '^usr/share/man/man1/urn\.1\.gz$' "$tool_list"
has urn '^usr/share/man/man1/urn-check\.1\.gz$' "$tool_list"
has urn '^usr/share/man/man1/urn-extract\.1\.gz$' "$tool_list"
has urn '^usr/share/doc/urn/changelog\.gz$' "$tool_list"
has urn '^usr/share/doc/urn/docs/cli\.md$' "$tool_list"
has urn '^usr/share/doc/urn/docs/schema/check\.schema\.json$' "$tool_list"
has urn '^usr/share/doc/urn/grammar/README\.md$' "$tool_list"
has urn '^usr/share/doc/urn/example/urns\.txt$' "$tool_list"
has urn '^usr/share/doc/urn/example/user_namespace/acme_ticket\.cpp$' "$tool_list"
has urn '^usr/share/bash-completion/completions/urn$' "$tool_list"
has urn '^usr/share/zsh/vendor-completions/_urn$' "$tool_list"
has urn '^usr/share/fish/vendor_completions\.d/urn\.fish$' "$tool_list"
has urn '^usr/share/doc/urn/copyright$' "$tool_list"
has liburns-dev '^usr/share/doc/liburns-dev/copyright$' "$dev_list"
outside=$(grep -Ev '^usr/' <<<"$tool_list" || true)
[[ -z $outside ]] || fail "urn: paths outside usr/: $outside"
for a in "${debs[@]}"; do
    for b in "${debs[@]}"; do
        [[ $a < $b ]] || continue
        shared=$(comm -12 <(files "$a" | sort) <(files "$b" | sort))
        [[ -z $shared ]] || fail "${a##*/} and ${b##*/} both hold: $shared"
    done
done
dev_like=$(grep -E '^usr/include/|^usr/share/doc/liburns-dev|liburns\.a$|/cmake/urns|/pkgconfig/' <<<"$tool_list" || true)
[[ -z $dev_like ]] || fail "urn holds files of the development package: $dev_like"
tool_depends=$(dpkg-deb -f "$tool_deb" Depends)
echo "urn Depends: $tool_depends"
libc6_re='(^|[ ,])libc6([ ,(]|$)'
[[ $tool_depends =~ $libc6_re ]] || fail "urn: Depends does not name libc6 (dpkg-shlibdeps did not run?)"
[[ $tool_depends != *libboost* ]] || fail "urn: Depends names libboost, which only liburns-dev needs"
[[ $(dpkg-deb -f "$tool_deb" Section) == utils ]] || fail "urn: Section is not utils"

echo "-- python3-urns: files, Depends, Recommends"
python_list=$(contents "$python_deb")
has python3-urns '^usr/lib/python3/dist-packages/urns/__init__\.py$' "$python_list"
has python3-urns '^usr/lib/python3/dist-packages/urns/_urns\.cpython-[^/]*\.so$' "$python_list"
has python3-urns '^usr/share/doc/python3-urns/copyright$' "$python_list"
has python3-urns '^usr/share/doc/python3-urns/changelog\.gz$' "$python_list"
outside=$(grep -Ev '^usr/lib/python3/|^usr/share/doc/python3-urns' <<<"$python_list" | grep -v '/$' || true)
[[ -z $outside ]] || fail "python3-urns: files outside usr/lib/python3/ and its doc directory: $outside"
python_depends=$(dpkg-deb -f "$python_deb" Depends)
echo "python3-urns Depends: $python_depends"
[[ $python_depends == *"python3 (>= "* && $python_depends =~ $libc6_re ]] ||
    fail "python3-urns: Depends does not name python3 and libc6 (dpkg-shlibdeps)"
[[ $(dpkg-deb -f "$python_deb" Recommends) == "python3-dask, python3-distributed" ]] ||
    fail "python3-urns: Recommends is not python3-dask, python3-distributed"
[[ $(dpkg-deb -f "$python_deb" Suggests) == "python3-pandas" ]] || fail "python3-urns: Suggests is not python3-pandas"
[[ $(dpkg-deb -f "$python_deb" Section) == python ]] || fail "python3-urns: Section is not python"

echo "-- dpkg-deb -x the four into $scratch/unpacked; check.sh with prefix $scratch/unpacked/usr"
mkdir -p "$scratch/unpacked"
for deb in "${debs[@]}"; do
    dpkg-deb -x "$deb" "$scratch/unpacked"
done
"$here/check.sh" "$scratch/unpacked/usr" "$scratch/consumer"

echo "-- the packaged examples, built on their own against the packaged library, run and load as a plugin"
example=$scratch/unpacked/usr/share/doc/liburns-doc/example
cmake -S "$example" -B "$scratch/example" -G Ninja -DCMAKE_PREFIX_PATH="$scratch/unpacked/usr" \
    -DCMAKE_BUILD_TYPE=Release >/dev/null || fail "the packaged examples do not configure"
cmake --build "$scratch/example" >/dev/null || fail "the packaged examples do not build"
"$scratch/example/urns_example_user_namespace" >/dev/null || fail "the packaged user_namespace example failed"
"$scratch/example/urns_example_epc_namespace" >/dev/null || fail "the packaged epc_namespace example failed"
out=$("$scratch/unpacked/usr/bin/urn" parse --json --plugin "$scratch/example/acme_ticket.so" \
    urn:acme-ticket:CORE-1234) || fail "the packaged urn with the packaged example's plugin exited $?"
[[ $out == *'"fields":[{"rule":"project"'* ]] || fail "the example's plugin gives no fields: $out"

echo "-- the packaged urn --version"
out=$("$scratch/unpacked/usr/bin/urn" --version) || fail "urn --version exited $?"
echo "$out"
# The Debian version without epoch and revision is the upstream version.
upstream=${version#*:}
upstream=${upstream%-*}
[[ $out == "urn (urns) $upstream" ]] || fail "urn --version says \"$out\", the packages' version is $version"

echo "-- the packaged manual page and bash completion"
rendered=$(MANWIDTH=80 man --warnings -l "$scratch/unpacked/usr/share/man/man1/urn-check.1.gz" 2>&1) ||
    fail "man -l urn-check.1.gz exited $?"
[[ $rendered == *"--namespaces"* && $rendered == *"SEE ALSO"* && $rendered == *"/usr/share/doc/urn/docs/cli.md"* ]] ||
    fail "urn-check.1.gz does not render its options and files"
completed=$(bash -c 'source "$1"; COMP_WORDS=(urn check --synt); COMP_CWORD=2; _urn; echo "${COMPREPLY[*]}"' \
    bash "$scratch/unpacked/usr/share/bash-completion/completions/urn")
[[ $completed == "--syntax" ]] || fail "the packaged bash completion gives \"$completed\" for urn check --synt"

echo "-- every path the packaged manual pages and --help texts name is packaged"
python3 "$here/check_doc_paths.py" "$scratch/unpacked"

echo "-- every link and docs/, grammar/, example/ path of the packaged pages and headers is packaged"
python3 "$here/check_doc_links.py" "$scratch/unpacked" --headers-doc usr/share/doc/liburns-doc

echo "-- the packaged completions in bash, zsh and fish"
"$here/check_completions.sh" "$scratch/unpacked/usr" "$scratch/completions"

echo "-- python/tests/ with pytest against the packaged module"
site="$scratch/unpacked/usr/lib/python3/dist-packages"
source_dir=$(cd "$here/../.." && pwd)
python=${PYTHON:-/usr/bin/python3}
where=$(cd "$scratch" && PYTHONPATH="$site" "$python" -c 'import urns, urns._urns; print(urns._urns.__file__)')
[[ $where == "$site/urns/"* ]] || fail "import urns finds $where, not the packaged module in $site"
echo "urns._urns from $where"
(cd "$scratch" && PYTHONPATH="$site" PYTHONDONTWRITEBYTECODE=1 URNS_SOURCE_DIR="$source_dir" \
    URNS_TOOL="$scratch/unpacked/usr/bin/urn" "$python" -m pytest -q -p no:cacheprovider "$source_dir/python/tests") ||
    fail "python/tests/ failed against the packaged module"

echo "check_debs.sh: ok: ${dev_deb##*/}, ${doc_deb##*/}, ${tool_deb##*/} and ${python_deb##*/} (version $version)"
