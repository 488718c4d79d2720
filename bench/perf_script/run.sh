#!/bin/sh
# bench/perf_script: cachelint import perf-script on the machine it runs on.
# Records testsuite/import/Inputs/perf-script/pc.c (a page_counter charge
# loop: two threads add to 'usage' and read 'max' and 'parent', a third
# reads 'max' and 'parent') with `perf record -e cpu-clock -g --sample-cpu`
# three ways: free on every CPU, under `taskset -c 0`, and beside a busy
# loop on every CPU; imports each `perf script -F +srcline` through the
# plugin's access map, and prints per run the samples, the counts of the
# three members, the classes the profile gives them, the plugin's
# cachelint-false-sharing warnings (2: max and parent beside usage) and
# the concurrency the samples show.  The classes should not depend on how
# the program was scheduled; the concurrency does (one CPU: none).
#
#   bench/perf_script/run.sh [SECONDS] [REPEAT]
#
# CACHELINT_BUILD=DIR takes the plugin and cachelint from DIR (build/).
# Not in the test suite: its samples differ at every run.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
seconds=${1:-0.5}
repeat=${2:-1}
build=${CACHELINT_BUILD:-$top/build}
cl="$build/lint/cachelint"
plugin="$build/plugin/cachelint.so"
work=$(mktemp -d)
hogs=
cleanup() {
	for p in $hogs; do kill "$p" 2>/dev/null || true; done
	rm -rf "$work"
}
trap cleanup EXIT INT TERM

[ -x "$cl" ] && [ -f "$plugin" ] ||
	{ echo "run.sh: no cachelint or plugin in $build: build first" >&2; exit 2; }
command -v perf > /dev/null ||
	{ echo "run.sh: no perf (apt-get install linux-perf)" >&2; exit 2; }
cp "$top/testsuite/import/Inputs/perf-script/pc.c" "$work/"
cd "$work"
gcc -fplugin="$plugin" -fplugin-arg-cachelint-access-map=pc.map -O2 -g -pthread pc.c -o pc
if ! perf record -q -e cpu-clock -o probe.data -- ./pc 0.01 > /dev/null 2> probe.err; then
	echo "run.sh: perf record -e cpu-clock cannot record here:" >&2
	cat probe.err >&2
	exit 2
fi

# run NAME PREFIX...: record, import, judge; one line of the table
run() {
	name=$1
	shift
	"$@" perf record -q -e cpu-clock -g --sample-cpu -o "$name.data" -- ./pc "$seconds" > /dev/null 2>&1
	perf script -i "$name.data" -F +srcline > "$name.script" 2> /dev/null
	"$cl" import perf-script --access-map pc.map "$name.script" -o "$name.yaml" 2> "$name.err" ||
		{ printf '%-10s import failed: %s\n' "$name" "$(tail -1 "$name.err")"; return; }
	"$cl" lint --dump-layout --profile "$name.yaml" pc.c > "$name.lint" 2>&1 || true
	samples=$(sed -n 's/.*(perf script, \([0-9]*\) samples.*/\1/p' "$name.yaml")
	count() { sed -n "s/^    $1: {reads: \([0-9]*\), writes: \([0-9]*\)}.*/\1r\/\2w/p" "$name.yaml"; }
	class() { sed -n "s/^ *$1: offset .*, \(read_mostly\|write_hot\|cold\)\$/\1/p" "$name.lint" | head -1; }
	pairs=$(grep -c 'warning:.*cachelint-false-sharing' "$name.lint" || true)
	conc=$(sed -n 's/^#   concurrent: page_counter: in \([0-9]*\) windows of 1 ms, \(never\)\{0,1\}.*/\1 \2/p' "$name.yaml")
	windows=${conc%% *}
	case $conc in
	*never) at_once=0 ;;
	*) at_once=$(sed -n 's/^#   concurrent: page_counter: .* on one line: //p' "$name.yaml" |
		tr ';' '\n' | sed -n 's/.* in \([0-9]*\)$/\1/p' | awk '{ s += $1 } END { print s + 0 }') ;;
	esac
	printf '%-10s %7s  %-12s %-12s %-12s %-10s %-11s %-11s %5s  %s/%s\n' "$name" "$samples" \
		"$(count usage.counter)" "$(count max)" "$(count parent)" "$(class usage.counter)" \
		"$(class max)" "$(class parent)" "$pairs" "$at_once" "$windows"
}

printf '%-10s %7s  %-12s %-12s %-12s %-10s %-11s %-11s %5s  %s\n' run samples usage max parent \
	usage max parent pairs "pair-windows/windows"
i=0
while [ "$i" -lt "$repeat" ]; do
	run free
	run cpu0 taskset -c 0
	for c in $(seq "$(nproc)"); do
		sh -c 'while :; do :; done' &
		hogs="$hogs $!"
	done
	run loaded
	for p in $hogs; do kill "$p" 2>/dev/null || true; done
	hogs=
	i=$((i + 1))
done
