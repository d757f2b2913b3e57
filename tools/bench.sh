#!/bin/sh
# SPDX-License-Identifier: BSL-1.0
# Runs the benchmarks of bench/ from a clean Release -O2 build in
# build-bench/ and prints their tables (bench/results.py makes
# bench/README.md's Results from a run's JSON).
#
#   tools/bench.sh                 configure, build, run, print the table
#   tools/bench.sh --compile-cost  also time each grammar TU and a user TU
#   tools/bench.sh --instructions  also count instructions per URN (callgrind):
#                                  parse_urn vs the yardstick on the mixed,
#                                  short and invalid corpora, and equivalent,
#                                  canonical and hash vs parse_urn on the
#                                  mixed one, free of noise; with
#                                  --compile-cost, also the compiler's
#                                  instructions for the two user namespace TUs
#   tools/bench.sh --repeat N      also run the mixed corpus N more times and
#                                  print the medians (bench/median_table.py)
#   tools/bench.sh --scaling       only the scaling run: time per byte on
#                                  adversarial inputs of 1 to 16 MiB against a
#                                  reference pass (bench/scaling.cpp)
#   tools/bench.sh --json DIR      also write the run as JSON into DIR, with the
#                                  commit, CPU and compiler: urns_bench.json
#                                  (urns_bench's Google Benchmark JSON),
#                                  check.json (`urn check -q`, end to end), and,
#                                  running them too, abnf.json (urns_bench_abnf),
#                                  abnf_tool.json (bench/abnf_tool.py),
#                                  namespaces_tool.json (bench/namespaces_tool.py),
#                                  registry.json (urns_bench_registry) and
#                                  scaling.json (urns_bench_scaling); with
#                                  --instructions, instructions.json: what
#                                  `bench/results.py DIR` makes the tables of
#                                  bench/README.md from
#   tools/bench.sh --check-lines  only the check loops of the urn tool: MB/s of
#                                  blank and short lines against URN lines
#                                  (bench/check_lines.cpp)
#   tools/bench.sh -- ARGS         pass ARGS to urns_bench (e.g.
#                                  --benchmark_filter=mixed/ or --benchmark_repetitions=15)
#
# The table is also written to build-bench/table.md. Needs CMake, Ninja,
# Google Benchmark (libbenchmark-dev); Boost.URL is timed when installed.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/build-bench"
compile_cost=0
instructions=0
repeat=0
scaling=0
json=""
check_lines=0
while [ $# -gt 0 ]; do
    case "$1" in
        --compile-cost) compile_cost=1; shift ;;
        --instructions) instructions=1; shift ;;
        --repeat) repeat=$2; shift 2 ;;
        --scaling) scaling=1; shift ;;
        --json) json=$2; shift 2 ;;
        --check-lines) check_lines=1; shift ;;
        --) shift; break ;;
        -h|--help) sed -n '3,/^set -eu/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "usage: tools/bench.sh [--compile-cost] [--instructions] [--repeat N] [--scaling] [--json DIR] [--check-lines] [-- urns_bench args]" >&2; exit 2 ;;
    esac
done

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_CXX_FLAGS_RELEASE="-O2 -DNDEBUG" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
      -DURNS_BUILD_TESTS=OFF -DURNS_BUILD_EXAMPLES=OFF >/dev/null
ninja -C "$build" -j2 urns_bench urns_bench_scaling urns_bench_check_lines urns_bench_registry >/dev/null
if [ -f "$root/tools/CMakeLists.txt" ]; then
    ninja -C "$build" -j2 >/dev/null 2>&1 || true   # the urn tool, when it exists
fi

commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')
# The model name, and its family and model (a virtual machine's model name
# may say no more than "AMD EPYC").
cpu="$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //') (family $(grep -m1 '^cpu family' /proc/cpuinfo | sed 's/.*: //') model $(grep -m1 '^model[[:space:]]' /proc/cpuinfo | sed 's/.*: //'))"
cxx=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")
compiler="$($cxx --version | head -1) -O2"
echo "## Machine"
echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC'); commit: $commit"
echo "- cpu: $cpu, $(nproc) cores online, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "- compiler: $($cxx --version | head -1); flags: -O2 -DNDEBUG (CMake Release with -O2)"
echo
# A run's JSON names no path or host name of the machine that made it.
scrub() {
    python3 - "$1" <<'PY'
import json, sys
with open(sys.argv[1], encoding="utf-8") as f:
    run = json.load(f)
for key in ("executable", "host_name"):
    run.get("context", {}).pop(key, None)
with open(sys.argv[1], "w", encoding="utf-8") as f:
    json.dump(run, f, indent=2)
    f.write("\n")
PY
}
if [ -n "$json" ]; then
    mkdir -p "$json"
    json=$(cd "$json" && pwd)
    case "$commit$cpu$compiler" in
        *,*) echo "bench.sh: the commit, CPU or compiler has a comma, which --benchmark_context cannot hold" >&2; exit 2 ;;
    esac
    context="--benchmark_context=commit=$commit,cpu=$cpu,compiler=$compiler"
fi

if [ "$scaling" = 1 ]; then
    "$build/bench/urns_bench_scaling" "$@"
    exit 0
fi

if [ "$check_lines" = 1 ]; then
    "$build/bench/urns_bench_check_lines" "$@"
    exit 0
fi

if [ -n "$json" ]; then
    "$build/bench/urns_bench" --table="$build/table.md" --benchmark_out="$json/urns_bench.json" \
        --benchmark_out_format=json "$context" "$@"
    scrub "$json/urns_bench.json"
else
    "$build/bench/urns_bench" --table="$build/table.md" "$@"
fi

# One run moves by 10-30% on a shared machine: the medians of N more runs of
# the mixed corpus are the figures to quote.
if [ "$repeat" -gt 0 ]; then
    i=1
    while [ "$i" -le "$repeat" ]; do
        "$build/bench/urns_bench" --benchmark_filter='mixed/' --table="$build/repeat-$i.md" >/dev/null 2>&1
        i=$((i + 1))
    done
    echo
    python3 "$root/bench/median_table.py" $(i=1; while [ "$i" -le "$repeat" ]; do echo "$build/repeat-$i.md"; i=$((i + 1)); done)
fi

# End to end: `urn check -q` on a file of the mixed corpus, if the tool is
# built. Best of 5 runs by wall-clock time, and by CPU time (user + sys: on
# a shared machine the wall clock also counts waiting for a core).
if [ -x "$build/tools/urn" ]; then
    corpus="$build/corpus.txt"
    lines=2000000
    [ -f "$corpus" ] || "$build/bench/urns_bench" --write-corpus="$corpus" --corpus-size=$lines
    size=$(wc -c < "$corpus")
    echo
    echo "| urn check -q --syntax S corpus.txt ($size bytes, $lines lines) | best wall s | MB/s (wall) | best CPU s | MB/s (CPU) |"
    echo "|---|---:|---:|---:|---:|"
    records=""
    for syn in rfc2141 rfc2141bis rfc8141; do
        best_wall=""; best_cpu=""
        for i in 1 2 3 4 5; do
            /usr/bin/time -f "%e %U %S" -o "$build/time.txt" \
                "$build/tools/urn" check -q --syntax $syn "$corpus" > /dev/null 2> /dev/null || true
            read -r wall user sys <<EOF2
$(tail -n 1 "$build/time.txt")
EOF2
            best_wall=$(echo "$wall $best_wall" | awk '{ print ($2 == "" || $1 < $2) ? $1 : $2 }')
            best_cpu=$(echo "$user $sys $best_cpu" | awk '{ c = $1 + $2; print ($3 == "" || c < $3) ? c : $3 }')
        done
        echo "$syn $size $best_wall $best_cpu" | awk '{ printf "| %s | %.2f | %.0f | %.2f | %.0f |\n", $1, $3, $2 / ($3 > 0 ? $3 : 0.01) / 1e6, $4, $2 / ($4 > 0 ? $4 : 0.01) / 1e6 }'
        records="$records${records:+,}
  {\"syntax\": \"$syn\", \"bytes\": $size, \"wall_s\": $best_wall, \"cpu_s\": $best_cpu}"
    done
    if [ -n "$json" ]; then
        printf '{"context": {"commit": "%s", "cpu": "%s", "compiler": "%s", "lines": %s, "runs": 5},\n "syntaxes": [%s]}\n' \
            "$commit" "$cpu" "$compiler" "$lines" "$records" > "$json/check.json"
    fi
fi

# The ABNF engine against the X3 namespaces: in the library
# (urns_bench_abnf) and through the tool (bench/abnf_tool.py); every
# namespace through the tool by URN length (bench/namespaces_tool.py); the
# registry's lookup from 5 to 1000 namespaces (urns_bench_registry); and
# the time per byte from 1 to 16 MiB.
if [ -n "$json" ]; then
    echo
    "$build/bench/urns_bench_abnf" --benchmark_out="$json/abnf.json" --benchmark_out_format=json "$context"
    scrub "$json/abnf.json"
    if [ -x "$build/tools/urn" ]; then
        echo
        python3 "$root/bench/abnf_tool.py" "$build/tools/urn" "$root" --json "$json/abnf_tool.json"
        echo
        python3 "$root/bench/namespaces_tool.py" "$build/tools/urn" "$root" --json "$json/namespaces_tool.json"
    fi
    echo
    "$build/bench/urns_bench_registry" --benchmark_out="$json/registry.json" --benchmark_out_format=json "$context"
    scrub "$json/registry.json"
    echo
    "$build/bench/urns_bench_scaling" --benchmark_out="$json/scaling.json" --benchmark_out_format=json "$context"
    scrub "$json/scaling.json"
fi

if [ "$instructions" = 1 ] && command -v valgrind >/dev/null; then
    echo
    echo "## Instructions per URN (callgrind; mixed: one pass, short and invalid: 1000 passes)"
    echo "| corpus | syntax | yardstick | parse_urn (view) | ratio | valid_lines (as lines) | ratio |"
    echo "|---|---|---:|---:|---:|---:|---:|"
    for corpus in mixed short invalid; do
        valgrind --tool=callgrind --callgrind-out-file="$build/callgrind.out" \
            "$build/bench/urns_bench" --instructions="$corpus" > "$build/instructions.txt" 2>/dev/null
        n=$(sed -n 's/^\([0-9]*\) URNs per pass.*/\1/p' "$build/instructions.txt")
        callgrind_annotate --inclusive=yes "$build/callgrind.out" 2>/dev/null \
            | sed -n 's/^ *\([0-9,]*\) .*pass_\([a-z_]*\)<(urns::syntax)\([0-9]\)>.*/\3 \2 \1/p' | tr -d , \
            > "$build/instructions.$corpus.txt"
        awk -v n="$n" -v corpus="$corpus" '{ v[$1 " " $2] = $3 / n }
                  END { split("1 rfc2141 0 rfc2141bis 2 rfc8141", s, " ");
                        for (i = 1; i < 6; i += 2) { y = v[s[i] " yardstick"]; p = v[s[i] " parse_urn"];
                            l = v[s[i] " valid_lines"];
                            printf "| %s | %s | %.0f | %.0f | %.2f | %.0f | %.2f |\n", corpus, s[i + 1], y, p,
                                   (y > 0 ? p / y : 0), l, (y > 0 ? l / y : 0) } }' "$build/instructions.$corpus.txt"
        if [ "$corpus" = mixed ]; then n_mixed=$n; fi
        echo "$n" > "$build/instructions.$corpus.n"
    done
    # With --json: instructions.json, the counts per URN of each corpus,
    # syntax and pass, for bench/results.py.
    if [ -n "$json" ]; then
        python3 - "$build" "$json/instructions.json" "$commit" "$cpu" "$compiler" <<'PY'
import json, sys
build, out, commit, cpu, compiler = sys.argv[1:]
syntax = {"0": "rfc2141bis", "1": "rfc2141", "2": "rfc8141"}
corpora = {}
for corpus in ("mixed", "short", "invalid"):
    with open("%s/instructions.%s.n" % (build, corpus)) as f:
        n = int(f.read())
    per = {}
    with open("%s/instructions.%s.txt" % (build, corpus)) as f:
        for line in f:
            s, name, count = line.split()
            per.setdefault(syntax[s], {})[name] = int(count) / n
    corpora[corpus] = {"urns": n, "instructions_per_urn": per}
with open(out, "w") as f:
    json.dump({"context": {"commit": commit, "cpu": cpu, "compiler": compiler, "tool": "callgrind"},
               "corpora": corpora}, f, indent=2)
    f.write("\n")
PY
    fi
    echo
    echo "## Instructions per URN of the semantic layer (callgrind; mixed corpus, one pass, the syntax's default mode)"
    echo "| syntax | parse_urn (view) | equivalent (twins) | ratio | canonical (reused string) | ratio | hash | ratio |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|"
    awk -v n="$n_mixed" '{ v[$1 " " $2] = $3 / n }
              END { split("1 rfc2141 0 rfc2141bis 2 rfc8141", s, " ");
                    for (i = 1; i < 6; i += 2) { p = v[s[i] " parse_urn"]; e = v[s[i] " equivalent"];
                        c = v[s[i] " canonical"]; h = v[s[i] " hash"];
                        printf "| %s | %.0f | %.0f | %.2f | %.0f | %.2f | %.0f | %.2f |\n", s[i + 1], p, e,
                               (p > 0 ? e / p : 0), c, (p > 0 ? c / p : 0), h, (p > 0 ? h / p : 0) } }' \
        "$build/instructions.mixed.txt"
fi

if [ "$compile_cost" = 1 ]; then
    echo
    echo "## Compile cost (one TU at a time, -O2, /usr/bin/time -v, median of 5)"
    echo "| translation unit | wall s | CPU s (user+sys) | peak RSS MB |"
    echo "|---|---:|---:|---:|"
    python3 - "$build" "$root" "$instructions" <<'PY'
import json, os, re, shlex, subprocess, sys
build, root, count_instructions = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
cmds = json.load(open(os.path.join(build, "compile_commands.json")))
want = [c for c in cmds if "/src/grammar/" in c["file"] or c["file"].endswith("_grammar.cpp") or c["file"].endswith("/src/parse/parse.cpp")
        or c["file"].endswith("/bench/user_tu.cpp")]
want.sort(key=lambda c: c["file"])
# A user namespace file: the example's grammar (example/user_namespace/,
# on the extension surface <urns/nss/x3.hpp>), compiled with user_tu.cpp's
# command (the examples are not part of this build).
user = [c for c in cmds if c["file"].endswith("/bench/user_tu.cpp")]
# The same namespace written with Boost.URL's grammar API
# (bench/compile_cost/acme_ticket_boost_url.cpp), compiled the same way:
# the reference a user namespace's compile cost is held against.
if user:
    for path in ("example/user_namespace/acme_ticket.cpp", "bench/compile_cost/acme_ticket_boost_url.cpp"):
        c = dict(user[0])
        full = os.path.join(root, path)
        c["command"] = c["command"].replace(c["file"], full)
        c["file"] = full
        want.append(c)


def once(c):
    args = shlex.split(c["command"])
    out = args.index("-o")
    args[out + 1] = "/dev/null"
    p = subprocess.run(["/usr/bin/time", "-v"] + args, cwd=c["directory"], capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit("bench.sh: %s does not compile:\n%s" % (c["file"], p.stderr[-3000:]))
    wall = re.search(r"Elapsed \(wall clock\) time.*: (?:(\d+):)?(\d+):([\d.]+)", p.stderr)
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", p.stderr)
    user = re.search(r"User time \(seconds\): ([\d.]+)", p.stderr)
    system = re.search(r"System time \(seconds\): ([\d.]+)", p.stderr)
    cpu = float(user.group(1)) + float(system.group(1)) if user and system else float("nan")
    secs = (int(wall.group(1) or 0) * 3600 + int(wall.group(2)) * 60 + float(wall.group(3))) if wall else float("nan")
    mb = int(rss.group(1)) / 1024 if rss else float("nan")
    return secs, cpu, mb


cpu_of = {}
for c in want:
    runs = sorted((once(c) for _ in range(5)), key=lambda r: r[1])
    secs, cpu, mb = runs[len(runs) // 2]
    name = os.path.relpath(c["file"], root)
    cpu_of[name] = cpu
    print("| %s | %.2f | %.2f | %.0f |" % (name, secs, cpu, mb))
# The two user namespace TUs again, each with its headers precompiled
# (what urns_add_plugin(... PRECOMPILE_SURFACE) does for ours; the same
# done by hand for Boost.URL's): the cost of each later build of the file.
pch_headers = {
    "example/user_namespace/acme_ticket.cpp": ["<urns/nss/x3.hpp>"],
    "bench/compile_cost/acme_ticket_boost_url.cpp": [
        "<urns/nss/registry.hpp>", "<urns/lexical.hpp>"] + ["<boost/url/grammar/%s.hpp>" % h for h in (
            "alnum_chars", "alpha_chars", "delim_rule", "digit_chars", "error", "lut_chars", "parse",
            "token_rule", "unsigned_rule")],
}
if user:
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        for i, (path, headers) in enumerate(pch_headers.items()):
            c = dict(user[0])
            full = os.path.join(root, path)
            args = shlex.split(c["command"])
            args[args.index(c["file"])] = full
            header = os.path.join(tmp, "pch%d.hpp" % i)
            with open(header, "w") as f:
                f.write("".join("#include %s\n" % h for h in headers))
            make = [a for a in args]
            make[make.index(full)] = header
            make[make.index("-o") + 1] = header + ".gch"
            make = [make[0], "-x", "c++-header"] + make[1:]
            p = subprocess.run(make, cwd=c["directory"], capture_output=True, text=True)
            if p.returncode != 0:
                sys.exit("bench.sh: cannot precompile %s:\n%s" % (headers, p.stderr[-3000:]))
            c["command"] = shlex.join(args[:1] + ["-include", header] + args[1:])
            c["file"] = full
            runs = sorted((once(c) for _ in range(5)), key=lambda r: r[1])
            secs, cpu, mb = runs[len(runs) // 2]
            cpu_of[path + " (precompiled headers)"] = cpu
            print("| %s, precompiled headers | %.2f | %.2f | %.0f |" % (path, secs, cpu, mb))
pairs = (("", ""), (" (precompiled headers)", ", both with precompiled headers"))
# With --instructions: the compiler's instructions (cachegrind, every
# process of the driver) for each user namespace TU: its headers alone
# (-fsyntax-only on a file of its #includes), the whole TU, the load of its
# precompiled headers (an empty TU) and the TU with them. Free of the
# machine's load, where CPU seconds are not.
if user and count_instructions:
    def instructions(args):
        p = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--trace-children=yes",
                            "--cachegrind-out-file=/dev/null"] + args, cwd=user[0]["directory"],
                           capture_output=True, text=True)
        if p.returncode != 0:
            sys.exit("bench.sh: valgrind %s failed:\n%s" % (args, p.stderr[-3000:]))
        return sum(int(n.replace(",", "")) for n in re.findall(r"I\s+refs:\s+([\d,]+)", p.stderr)) / 1e9

    print()
    print("## Compile cost in instructions (cachegrind, G = 10^9; -O2)")
    print("| translation unit | headers alone | whole TU | precompiled headers' load | TU with them |")
    print("|---|---:|---:|---:|---:|")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, (path, headers) in enumerate(pch_headers.items()):
            base = shlex.split(user[0]["command"])
            src = user[0]["file"]
            full = os.path.join(root, path)
            row = []
            only = os.path.join(tmp, "only%d.cpp" % i)
            with open(only, "w") as f:
                f.write("".join("#include %s\n" % h for h in headers))
            a = list(base)
            a[a.index(src)] = only
            a[a.index("-o") + 1] = "/dev/null"
            row.append(instructions(a + ["-fsyntax-only"]))
            a = list(base)
            a[a.index(src)] = full
            a[a.index("-o") + 1] = "/dev/null"
            row.append(instructions(a))
            header = os.path.join(tmp, "pch%d.hpp" % i)
            with open(header, "w") as f:
                f.write("".join("#include %s\n" % h for h in headers))
            make = list(base)
            make[make.index(src)] = header
            make[make.index("-o") + 1] = header + ".gch"
            subprocess.run([make[0], "-x", "c++-header"] + make[1:], cwd=user[0]["directory"], check=True)
            empty = os.path.join(tmp, "empty%d.cpp" % i)
            with open(empty, "w") as f:
                f.write("int urns_bench_empty;\n")
            a = list(base)
            a[a.index(src)] = empty
            a[a.index("-o") + 1] = "/dev/null"
            row.append(instructions(a[:1] + ["-include", header] + a[1:]))
            a = list(base)
            a[a.index(src)] = full
            a[a.index("-o") + 1] = "/dev/null"
            row.append(instructions(a[:1] + ["-include", header] + a[1:]))
            print("| %s | %s |" % (path, " | ".join("%.2f G" % x for x in row)))
            rows.append(row)
    print()
    print("Instructions, urns' X3 surface / Boost.URL's grammar API: headers %.2f, whole TU %.2f, "
          "TU with precompiled headers %.2f" % tuple(rows[0][k] / rows[1][k] for k in (0, 1, 3)))
for suffix, label in pairs:
    ours = cpu_of.get("example/user_namespace/acme_ticket.cpp" + suffix)
    theirs = cpu_of.get("bench/compile_cost/acme_ticket_boost_url.cpp" + suffix)
    if ours and theirs:
        print()
        print("User namespace TU, urns' X3 surface / Boost.URL's grammar API (CPU%s): %.2f" % (label, ours / theirs))
PY
fi
