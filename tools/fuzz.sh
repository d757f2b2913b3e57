#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# Builds the libFuzzer targets of fuzz/ with clang (ASan + UBSan) and runs
# each one, one at a time, from a seed corpus made from test/vectors/.
#
#   tools/fuzz.sh --ci                 every target 20 s (URNS_FUZZ_CI_SECONDS), warnings as errors
#   tools/fuzz.sh                      every target 600 s
#   tools/fuzz.sh --time 1800 differential parse_rfc8141
#                                      the named targets (fuzz_<name>), 1800 s each
#   tools/fuzz.sh --build-only         configure and build, run nothing
#
# Options: --build DIR (default build-fuzz), --cxx COMPILER (default
# clang++-14, else clang++), --time SECONDS, --runs N (stop each target after
# N inputs instead of a time), --jobs N (ninja -j, default 2).
# Each run keeps its corpus in DIR/corpus/<target>/ (it grows from run to run),
# writes crashes to DIR/artifacts/<target>/, and appends "date target
# cpu-seconds inputs result" to DIR/fuzz-log.tsv. Exit status: 0 when every
# target ran to its limit without a finding.
set -euo pipefail

# Everything is in main(), which bash reads whole before running it, and the
# last line calls it and exits, so the file may be edited while a long run
# is going (bash reads a script as it goes: without the exit on the same
# line, it would go on reading the edited file after main returned).
main() {

root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build-fuzz
ci=0
seconds=600
runs=
jobs=2
build_only=0
cxx=
targets=()

while [ $# -gt 0 ]; do
    case $1 in
    --ci) ci=1; seconds=${URNS_FUZZ_CI_SECONDS:-20} ;;
    --time) seconds=$2; shift ;;
    --runs) runs=$2; shift ;;
    --build) build=$2; shift ;;
    --cxx) cxx=$2; shift ;;
    --jobs) jobs=$2; shift ;;
    --build-only) build_only=1 ;;
    -h|--help) sed -n '3,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
    *) targets+=("$1") ;;
    esac
    shift
done

if [ -z "$cxx" ]; then
    if command -v clang++-14 >/dev/null; then cxx=clang++-14; else cxx=clang++; fi
fi

werror=OFF
[ $ci = 1 ] && werror=ON
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DURNS_FUZZ=ON -DURNS_WARNINGS_AS_ERRORS=$werror \
    -DURNS_BUILD_TESTS=OFF -DURNS_BUILD_TOOLS=OFF -DURNS_BUILD_EXAMPLES=OFF >/dev/null
nice -n 10 ninja -C "$build" -j "$jobs" fuzz_all

if [ ${#targets[@]} = 0 ]; then
    for exe in "$build"/fuzz/fuzz_*; do
        [ -x "$exe" ] && [ -f "$exe" ] && targets+=("$(basename "$exe" | sed 's/^fuzz_//')")
    done
fi
[ $build_only = 1 ] && exit 0

# Seed corpus: every input of test/vectors/ (spec.tsv's second column, the
# first column of the peer files, both sides of the equivalence files), one
# file each, unescaped (\\ \t \n \r \xHH), in seeds/urns/; pairs (for the
# targets that compare two URNs) as "lhs\nrhs" in seeds/pairs/. The targets
# that read a first byte of configuration get the same seeds with such a
# byte in front: 0, 1, 2 (the syntaxes) in seeds/*-cfg/ and, for find_urns,
# also "0", "1", "2" (strict mode, uri_context) in seeds/urns-extract/; the
# NID, a NUL and the NSS of each URN (fuzz_nss looks the NID up among the
# shipped namespaces), with the syntax byte in front, in seeds/nss/; the
# same of every URN of test/vectors/nss/ (the registered namespaces).
seeds=$build/seeds
rm -rf "$seeds"
perl - "$seeds" "$root/test/vectors/spec.tsv" "$root"/test/vectors/peers/*.tsv "$root"/test/vectors/nss/*.tsv <<'PERL'
use strict; use warnings;
my ($dir, @files) = @ARGV;
mkdir $dir; mkdir "$dir/$_" for qw(urns pairs urns-cfg pairs-cfg urns-extract nss);
sub unescape { my $s = shift; $s =~ s/\\(x([0-9A-Fa-f]{2})|.)/defined $2 ? chr(hex $2) : $1 eq 't' ? "\t" : $1 eq 'n' ? "\n" : $1 eq 'r' ? "\r" : $1/ge; $s }
sub put { my ($sub, $name, $data, @prefixes) = @_;
    for my $p (@prefixes ? @prefixes : ('')) {
        open my $fh, '>:raw', "$dir/$sub/$name" . ($p eq '' ? '' : sprintf('-%02x', ord $p)) or die;
        print $fh $p . $data; close $fh; } }
my $n = 0;
for my $f (@files) {
    open my $in, '<', $f or die "$f: $!";
    my ($base) = $f =~ m{([^/]+)\.tsv$};
    my $nssfile = $f =~ m{/vectors/nss/};   # kind, URN, [URN,] ...: no header line
    my $header = $nssfile ? '' : <$in>;
    while (my $line = <$in>) {
        chomp $line; $line =~ s/\r$//;
        next if $line eq '' || $line =~ /^#/;
        my @c = split /\t/, $line, -1;
        $n++;
        my @inputs = $nssfile ? (grep { /^urn:/i } @c[1 .. $#c]) : $base eq 'spec' ? ($c[1]) :
            $header =~ /^lhs/ ? ($c[0], $c[1]) : ($c[0]);
        my $i = 0;
        for my $u (map { unescape($_) } @inputs) {
            my $name = "$base-$n-" . $i++;
            put('urns', $name, $u);
            put('urns-cfg', $name, $u, "\x00", "\x01", "\x02");
            put('urns-extract', $name, $u, "\x00", "\x01", "\x02", "0", "1", "2");
            if ($u =~ /^urn:([A-Za-z0-9-]+):(.*)$/is) {
                put('nss', $name, "$1\0$2", map { chr($_) } 0 .. 2);
            }
        }
        if (@inputs == 2) {
            my $pair = unescape($inputs[0]) . "\n" . unescape($inputs[1]);
            put('pairs', "$base-$n", $pair);
            put('pairs-cfg', "$base-$n", $pair, "\x00", "\x01", "\x02");
        }
    }
}
PERL

# fuzz_abnf_match: each namespace grammar of grammar/nss/, a NUL, then an
# NSS: those of its test vectors (test/vectors/nss/<nid>.tsv), valid and
# not, and a few strings for the others.
mkdir -p "$seeds/abnf-match"
perl - "$seeds/abnf-match" "$root" <<'PERL'
use strict; use warnings;
my ($dir, $root) = @ARGV;
for my $g (glob "$root/grammar/nss/*.abnf") {
    my ($nid) = $g =~ m{([^/]+)\.abnf$};
    open my $in, '<:raw', $g or die; local $/; my $text = <$in>; close $in;
    my @nss = ('', 'a', '0', '1.3.6.1', 'x-y:z');
    if (open my $t, '<', "$root/test/vectors/nss/$nid.tsv") {
        local $/ = "\n";
        while (my $line = <$t>) {
            next unless $line =~ /^[yn]\turn:[^:]+:([^\t#?]*)/i;
            push @nss, $1;
        }
    }
    my $i = 0;
    for my $s (@nss) {
        open my $out, '>:raw', sprintf("%s/%s-%03d", $dir, $nid, $i++) or die;
        print $out $text, "\0", $s; close $out;
    }
}
PERL

log=$build/fuzz-log.tsv
[ -f "$log" ] || printf 'date\ttarget\tcpu_seconds\tinputs\tresult\n' >"$log"
failed=()
summary=()
for t in "${targets[@]}"; do
    exe=$build/fuzz/fuzz_$t
    [ -x "$exe" ] || { echo "fuzz.sh: no target fuzz_$t" >&2; exit 2; }
    mkdir -p "$build/corpus/$t" "$build/artifacts/$t"
    seed_dirs=("$seeds/urns")
    case $t in
    equivalence) seed_dirs=("$seeds/pairs-cfg" "$seeds/urns-cfg") ;;
    extract) seed_dirs=("$seeds/urns-extract") ;;
    nss) seed_dirs=("$seeds/nss" "$seeds/urns-cfg") ;;
    error_to_string|query|pct|check) seed_dirs=("$seeds/urns-cfg") ;;
    abnf_reader) seed_dirs=("$root/grammar" "$root/grammar/nss") ;;
    abnf_match) seed_dirs=("$seeds/abnf-match") ;;
    plugin_table) seed_dirs=() ;;   # a structure read by FuzzedDataProvider: no text seeds it
    esac
    limit=(-max_total_time="$seconds")
    [ -n "$runs" ] && limit=(-runs="$runs")
    out=$build/artifacts/$t/last-run.log
    echo "== fuzz_$t: ${runs:+$runs inputs}${runs:-$seconds s}"
    TIMEFORMAT='%U %S'
    set +e
    { time nice -n 10 "$exe" "${limit[@]}" -dict="$root/fuzz/urn.dict" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$build/artifacts/$t/" \
        "$build/corpus/$t" "${seed_dirs[@]}" >"$out" 2>&1; } 2>"$out.time"
    rc=$?
    set -e
    cpu=$(awk '{printf "%.0f", $1 + $2}' "$out.time")
    inputs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out" | tail -n1)
    result=ok
    if [ $rc != 0 ]; then
        result="FAILED (exit $rc)"
        failed+=("$t")
        grep -E 'PROPERTY FAILED|ERROR: |runtime error|input:' "$out" | head -n 20 || true
        echo "   full log: $out"
    fi
    printf '%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$t" "$cpu" "${inputs:-?}" "$result" >>"$log"
    summary+=("$(printf '%-22s %6s cpu-s %12s inputs  %s' "$t" "$cpu" "${inputs:-?}" "$result")")
done

echo "== summary (also appended to $log)"
printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} != 0 ]; then
    echo "fuzz.sh: findings in: ${failed[*]}" >&2
    exit 1
fi
}

main "$@"; exit $?   # one line: bash has read it whole before main runs
