#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# The `urn` tool's -j N under ThreadSanitizer (tools/test.sh step (f)):
# check, normalize and extract with 4 threads on a generated file of valid,
# invalid and over-long lines and prose, with standard output and error in
# one file; any report of ThreadSanitizer fails (exit code 66), and so does
# output that differs from -j 1.
# usage: tsan_jobs.sh URN_BINARY
set -euo pipefail
urn=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 - "$tmp/in.txt" <<'PY'
import random, sys
rnd = random.Random(2141)
lines = []
for i in range(60000):
    k = rnd.randrange(6)
    if k == 0:
        lines.append(b"urn:ex:bad line %d" % i)
    elif k == 1:
        lines.append(b"see urn:isbn:0-395-36341-%d and URN:X-Y:%d." % (rnd.randrange(10), i))
    elif k == 2:
        lines.append(b"urn:ex:" + b"L" * rnd.choice((10, 3000)))
    else:
        lines.append(b"urn:ex:%d-%s" % (i, bytes(rnd.choice(b"abcXYZ019-.%") for _ in range(rnd.randrange(1, 40)))))
open(sys.argv[1], "wb").write(b"\n".join(lines) + b"\n")
PY
export TSAN_OPTIONS="halt_on_error=1:exitcode=66:second_deadlock_stack=1"
for args in "check --max-line 2K" "check --json --lint --max-line 2K" "normalize --namespaces" \
            "extract --max-line 2K" "extract --json" "extract -c"; do
    for n in 1 4; do
        status=0
        # shellcheck disable=SC2086
        "$urn" $args -j $n "$tmp/in.txt" "$tmp/in.txt" > "$tmp/out.$n" 2>&1 || status=$?
        if [[ $status -eq 66 || $status -gt 2 ]]; then
            echo "urn $args -j $n: status $status"
            tail -40 "$tmp/out.$n"
            exit 1
        fi
        echo "$status" >> "$tmp/out.$n"
    done
    cmp "$tmp/out.1" "$tmp/out.4" || { echo "urn $args: -j 4 differs from -j 1"; exit 1; }
    echo "ok   urn $args -j 4 ($(wc -l < "$tmp/out.4") lines, the same as -j 1)"
done
