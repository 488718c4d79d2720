#!/bin/sh
# bench/instrument_overhead: what -fplugin-arg-cachelint-instrument costs at
# run time, plain vs instrumented, side by side in one run:
#   false_sharing  bench/false_sharing/bench.c (original layout, 2 threads
#                  pinned, ops/s per role): ratio plain / instrumented
#   charge         examples/page_counter/charge.c on 1 thread (single-
#                  threaded, every charge walks two levels): time ratio
#                  instrumented / plain
# Each pair runs interleaved REPEAT times; the medians' ratios are printed.
# Target: at most 3x.
#
#   bench/instrument_overhead/run.sh [SECONDS] [REPEAT]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
seconds=${1:-1}
repeat=${2:-3}
build="$top/build"
plugin="$build/plugin/cachelint.so"
rt="$build/runtime/libcachelint-rt.a"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
[ -f "$plugin" ] && [ -f "$rt" ] || { echo "run.sh: build first (scripts/bootstrap.sh)" >&2; exit 2; }

fs="$top/bench/false_sharing"
pc="$top/examples/page_counter"
gcc -O2 -pthread -I"$fs" -I"$top/annotations" "$fs/bench.c" -o "$work/fs-plain"
gcc -O2 -pthread -I"$fs" -I"$top/annotations" -fplugin="$plugin" \
	-fplugin-arg-cachelint-instrument "$fs/bench.c" -o "$work/fs-instr" "$rt" 2>/dev/null
gcc -O2 -pthread -I"$top/annotations" "$pc/page_counter.c" "$pc/charge.c" -o "$work/charge-plain"
gcc -O2 -pthread -I"$top/annotations" -fplugin="$plugin" -fplugin-arg-cachelint-instrument \
	"$pc/page_counter.c" "$pc/charge.c" -o "$work/charge-instr" "$rt" 2>/dev/null

now() { date +%s%N; }
iterations=20000000
i=0
while [ "$i" -lt "$repeat" ]; do
	"$work/fs-plain" "$seconds" | sed 's/^/plain /' >> "$work/fs"
	CACHELINT_PROFILE="$work/p.yaml" "$work/fs-instr" "$seconds" | sed 's/^/instr /' >> "$work/fs"
	t0=$(now); "$work/charge-plain" 1 $iterations > /dev/null; t1=$(now)
	CACHELINT_PROFILE="$work/p.yaml" "$work/charge-instr" 1 $iterations > /dev/null; t2=$(now)
	echo "$((t1 - t0)) $((t2 - t1))" >> "$work/charge"
	i=$((i + 1))
done

sort -k1,1 -k2,2 -k3,3 -k4,4n "$work/fs" | awk '
	{ key = $1 " " $2 " " $3; v[key, ++c[key]] = $4 }
	END {
		for (k in c) med[k] = v[k, int((c[k] + 1) / 2)]
		printf "%-28s %16s %16s %10s\n", "false_sharing (ops/s)", "plain", "instrumented", "slowdown"
		split("page_counter writer|page_counter reader|queue_pair rx-writer|queue_pair tx-writer", rows, "|")
		for (r = 1; r <= 4; r++) {
			p = med["plain " rows[r]]; q = med["instr " rows[r]]
			printf "%-28s %16.0f %16.0f %9.2fx\n", rows[r], p, q, p / q
		}
	}'
m=$(( (repeat + 1) / 2 ))
plain=$(cut -d' ' -f1 "$work/charge" | sort -n | sed -n "${m}p")
instr=$(cut -d' ' -f2 "$work/charge" | sort -n | sed -n "${m}p")
awk -v p="$plain" -v q="$instr" -v it="$iterations" 'BEGIN {
	printf "%-28s %16s %16s %10s\n", "charge, 1 thread (ns/op)", "plain", "instrumented", "slowdown"
	printf "%-28s %16.1f %16.1f %9.2fx\n", it " charges", p / it, q / it, q / p
}'
