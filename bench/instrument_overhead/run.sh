#!/bin/sh
# bench/instrument_overhead: what -fplugin-arg-cachelint-instrument costs at
# run time, plain vs instrumented, side by side in one run:
#   false_sharing  bench/false_sharing/bench.c (original layout, 2 threads
#                  pinned, ops/s per role): ratio plain / instrumented
#   charge         examples/page_counter/charge.c on 1 thread (single-
#                  threaded, every charge walks two levels): time ratio
#                  instrumented / plain
# Each pair runs interleaved REPEAT times; the medians' ratios are printed.
# Target: at most 2x on every role, with the object sampling on at its
# default rate (CACHELINT_SAMPLE=1024; the environment passes through).
#
#   bench/instrument_overhead/run.sh [SECONDS] [REPEAT]
#
# CACHELINT_BUILD=DIR takes the plugin and libcachelint-rt from DIR (default
# build/); CACHELINT_BEFORE=DIR adds a column instrumented by another build's
# plugin and runtime (an older commit's), run interleaved with the others.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
seconds=${1:-1}
repeat=${2:-3}
build=${CACHELINT_BUILD:-$top/build}
before=${CACHELINT_BEFORE:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

fs="$top/bench/false_sharing"
pc="$top/examples/page_counter"
# build_instr NAME BUILD-DIR: the two workloads, instrumented by that build.
build_instr() {
	plugin="$2/plugin/cachelint.so"
	rt="$2/runtime/libcachelint-rt.a"
	[ -f "$plugin" ] && [ -f "$rt" ] ||
		{ echo "run.sh: no plugin or runtime in $2: build first (scripts/bootstrap.sh)" >&2; exit 2; }
	gcc -O2 -pthread -I"$fs" -I"$top/annotations" -fplugin="$plugin" \
		-fplugin-arg-cachelint-instrument "$fs/bench.c" -o "$work/fs-$1" "$rt" 2>/dev/null
	gcc -O2 -pthread -I"$top/annotations" -fplugin="$plugin" -fplugin-arg-cachelint-instrument \
		"$pc/page_counter.c" "$pc/charge.c" -o "$work/charge-$1" "$rt" 2>/dev/null
}
gcc -O2 -pthread -I"$fs" -I"$top/annotations" "$fs/bench.c" -o "$work/fs-plain"
gcc -O2 -pthread -I"$top/annotations" "$pc/page_counter.c" "$pc/charge.c" -o "$work/charge-plain"
build_instr instr "$build"
kinds="plain instr"
if [ -n "$before" ]; then
	build_instr before "$before"
	kinds="plain before instr"
fi

now() { date +%s%N; }
iterations=20000000
i=0
while [ "$i" -lt "$repeat" ]; do
	line=
	for k in $kinds; do
		CACHELINT_PROFILE="$work/p.yaml" "$work/fs-$k" "$seconds" | sed "s/^/$k /" >> "$work/fs"
		t0=$(now)
		CACHELINT_PROFILE="$work/p.yaml" "$work/charge-$k" 1 $iterations > /dev/null
		t1=$(now)
		echo "$k $((t1 - t0))" >> "$work/charge"
	done
	i=$((i + 1))
done

# Medians of each kind; the slowdown of each instrumented kind against plain.
awk -v before="$before" -v it="$iterations" '
	FILENAME ~ /fs$/ { key = $1 " " $2 " " $3; v[key, ++c[key]] = $4; next }
	{ t[$1, ++n[$1]] = $2 }
	function median(arr, key, cnt,    i, j, x, tmp) {
		for (i = 1; i <= cnt; i++) tmp[i] = arr[key, i]
		for (i = 2; i <= cnt; i++) {
			x = tmp[i]
			for (j = i - 1; j >= 1 && tmp[j] > x; j--) tmp[j + 1] = tmp[j]
			tmp[j + 1] = x
		}
		return tmp[int((cnt + 1) / 2)]
	}
	function head(title) {
		if (before != "")
			printf "%-28s %14s %14s %9s %14s %9s\n", title, "plain", "before", "slowdown", "instrumented", "slowdown"
		else
			printf "%-28s %16s %16s %10s\n", title, "plain", "instrumented", "slowdown"
	}
	END {
		head("false_sharing (ops/s)")
		split("page_counter writer|page_counter reader|queue_pair rx-writer|queue_pair tx-writer", rows, "|")
		for (r = 1; r <= 4; r++) {
			p = median(v, "plain " rows[r], c["plain " rows[r]])
			q = median(v, "instr " rows[r], c["instr " rows[r]])
			if (before != "") {
				b = median(v, "before " rows[r], c["before " rows[r]])
				printf "%-28s %14.0f %14.0f %8.2fx %14.0f %8.2fx\n", rows[r], p, b, p / b, q, p / q
			} else
				printf "%-28s %16.0f %16.0f %9.2fx\n", rows[r], p, q, p / q
		}
		head("charge, 1 thread (ns/op)")
		p = median(t, "plain", n["plain"]); q = median(t, "instr", n["instr"])
		if (before != "") {
			b = median(t, "before", n["before"])
			printf "%-28s %14.1f %14.1f %8.2fx %14.1f %8.2fx\n", it " charges", p / it, b / it, b / p, q / it, q / p
		} else
			printf "%-28s %16.1f %16.1f %9.2fx\n", it " charges", p / it, q / it, q / p
	}' "$work/fs" "$work/charge"
